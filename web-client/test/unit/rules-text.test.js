// The full rules live in the catalogues (message `rules-full`, Markdown):
// English must stay exactly docs/rules.md (the server still serves that
// file), and every translation must keep its structure.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FluentBundle, FluentResource } from '../../vendor/fluent-bundle/index.js';
import { catalogue } from './messages.js';
import { inline, markdownHtml, sectionFor } from '../../src/pages/rules.js';

const DOC = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');

/**
 * `rules-full` as a language's catalogue formats it (that language alone,
 * no English under it).
 * @param {string} lang
 */
function rulesText(lang) {
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const parseErrors = bundle.addResource(new FluentResource(catalogue(lang)));
  assert.deepEqual(parseErrors.map((e) => e.message), [], `${lang} catalogue parses`);
  const pattern = bundle.getMessage('rules-full')?.value;
  assert.ok(pattern, `${lang} has rules-full`);
  /** @type {Error[]} */
  const errors = [];
  const text = bundle.formatPattern(pattern, null, errors);
  assert.deepEqual(errors.map((e) => e.message), [], `${lang} rules-full formats`);
  return text;
}

/**
 * The Markdown's blocks in order: headings by level, list items by
 * indentation and marker, table rows by cell count, fenced blocks by line
 * count, indented code blocks, and paragraphs (wrapping may differ).
 * @param {string} md
 */
function shape(md) {
  const lines = md.split('\n');
  /** @type {string[]} */
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const after = i === 0 || lines[i - 1].trim() === '';
    /** @type {RegExpExecArray | null} */
    let m;
    if (line.startsWith('```')) {
      let end = i + 1;
      while (end < lines.length && !lines[end].startsWith('```')) end += 1;
      blocks.push(`fence:${end - i - 1}`);
      i = end;
    } else if ((m = /^(#{1,6})\s/.exec(line))) {
      blocks.push(`h${m[1].length}`);
    } else if (/^\s*\|/.test(line)) {
      blocks.push(`row:${line.trim().replace(/^\||\|$/g, '').split('|').length}`);
    } else if ((m = /^(\s*)([-*]|\d+\.)\s/.exec(line))) {
      blocks.push(`item:${m[1].length}:${m[2]}`);
    } else if (after && /^ {4}\S/.test(line)) {
      blocks.push('code');
    } else if (after && line.trim() !== '') {
      blocks.push('p');
    }
  }
  return blocks;
}

/**
 * How many blocks of each kind `shape` found.
 * @param {string[]} blocks
 */
function counts(blocks) {
  /** @type {Record<string, number>} */
  const n = {};
  for (const b of blocks) {
    const kind = b.startsWith('item') ? 'list item' : b.startsWith('row') ? 'table row' : b.startsWith('fence') ? 'code block' : b === 'code' ? 'code block' : b;
    n[kind] = (n[kind] ?? 0) + 1;
  }
  return n;
}

/** @param {string} md */
const headings = (md) => md.split('\n').filter((l) => /^#{1,6}\s/.test(l));

/** @param {string} md the inline code spans, sorted */
const codeSpans = (md) => (md.match(/`[^`\n]+`/g) ?? []).sort();

/** @param {string} md the indented code blocks' lines (notation and commands) */
const indentedCode = (md) => md.split('\n').filter((l, i, all) => /^ {4}\S/.test(l) && (i === 0 || all[i - 1] === ''));

/** @param {string} md the numbers inside fenced blocks */
const fencedNumbers = (md) => [...md.matchAll(/^```\n([\s\S]*?)\n```$/gm)].map((m) => (m[1].match(/\d+/g) ?? []).join(' '));

const en = rulesText('en');
const es = rulesText('es');

test('the English rules-full is docs/rules.md, with __bold__ for **bold**', () => {
  assert.doesNotMatch(DOC, /__/, 'docs/rules.md itself writes no __');
  assert.equal(`${en.replace(/__/g, '**')}\n`, DOC);
});

test('the Spanish rules-full has the structure of the English one', () => {
  const want = shape(en);
  const got = shape(es);
  assert.ok(want.length > 100, 'the English text has its blocks');
  assert.deepEqual(counts(got), counts(want), 'headings of each level, list items, table rows, code blocks, paragraphs');
  assert.deepEqual(got, want, 'the same blocks in the same order');
  assert.deepEqual(codeSpans(es), codeSpans(en), 'inline code (notation, ids, files) unchanged');
  assert.deepEqual(indentedCode(es), indentedCode(en), 'positions, records and commands unchanged');
  assert.deepEqual(fencedNumbers(es), fencedNumbers(en), 'the board diagrams keep their numbers');
  assert.doesNotMatch(es, /\*\*/, 'bold is written __bold__');
});

test('the Spanish headings are translated, and still name each rule set', () => {
  const enHeads = headings(en);
  const esHeads = headings(es);
  assert.equal(esHeads.length, enHeads.length);
  esHeads.forEach((h, k) => assert.notEqual(h, enHeads[k], `heading ${k + 1} translated`));
  assert.match(es, /^# Cómo jugar al senet/);
  for (const id of ['peril', 'kendall-7', 'simple', 'jequier']) {
    assert.equal(esHeads.filter((h) => h.includes(`\`${id}\``)).length, enHeads.filter((h) => h.includes(`\`${id}\``)).length, id);
    assert.notEqual(sectionFor(es, id), sectionFor(es, 'kendall'), `${id} has its own section`);
  }
});

test('__bold__ renders as bold, as **bold** does', () => {
  assert.equal(inline('a __b__ c'), 'a <strong>b</strong> c');
  assert.equal(inline('**a** and __b__.'), '<strong>a</strong> and <strong>b</strong>.');
  assert.equal(inline('(__Decisión:__ x)'), '(<strong>Decisión:</strong> x)');
  assert.equal(inline('snake__case__word'), 'snake__case__word');
  const html = markdownHtml(es);
  assert.doesNotMatch(html, /__/);
  assert.match(html, /<li><strong>Parada en 26\.<\/strong> Una ficha/);
  assert.match(html, /<table><tr><th>lados claros<\/th>/);
  assert.equal((html.match(/<strong>/g) ?? []).length, (markdownHtml(DOC).match(/<strong>/g) ?? []).length);
});
