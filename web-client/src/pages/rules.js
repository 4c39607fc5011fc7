// The rules page at /rules: every rule set as the server describes it
// (`GET /api/rule-sets`), then the full rules the server serves
// (`/rules.md`, the project's docs/rules.md), rendered from Markdown.

import { getRuleSets } from '../net/api.js';
import { pieceSvg, squareIconSvg, iconFor } from '../draw/icons.js';
import { esc } from '../draw/board.js';
import { formatList, formatNumber, has, t } from '../i18n/messages.js';

/**
 * A heading's anchor: "How to play Senet-modern (2, 3 or 4 players)" → "how-to-play-senet-modern-2-3-or-4-players".
 * @param {string} text
 */
export function slug(text) {
  // Accents are dropped ("Cómo jugar" → "como-jugar"), not cut out.
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[`*]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * Inline Markdown: code, bold (`**bold**`, or `__bold__` as the message
 * catalogues write it), italics and links, on escaped text.
 * @param {string} text
 */
export function inline(text) {
  return esc(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w])__([^_]+)__(?!\w)/g, '$1<strong>$2</strong>')
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, t, href) => (/^(https?:|#|\/)/.test(href.replace(/&#\d+;/g, '')) ? `<a href="${href}">${t}</a>` : t));
}

/**
 * A small Markdown renderer for the rules: headings (with anchors),
 * paragraphs, lists, tables and code blocks.
 * @param {string} md
 */
export function markdownHtml(md) {
  const lines = md.replace(/\r/g, '').split('\n');
  let html = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (line.startsWith('```')) {
      const body = [];
      for (i += 1; i < lines.length && !lines[i].startsWith('```'); i += 1) body.push(lines[i]);
      i += 1;
      // Focusable: a wide example scrolls sideways by keyboard too.
      html += `<pre tabindex="0"><code>${esc(body.join('\n'))}</code></pre>`;
    } else if (h) {
      const level = Math.min(6, h[1].length + 1);
      html += `<h${level} id="${slug(h[2])}">${inline(h[2])}</h${level}>`;
      i += 1;
    } else if (/^\s*\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i += 1) rows.push(lines[i]);
      const cells = (/** @type {string} */ r) => r.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      const body = rows.filter((r) => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      html += `<table>${body.map((r, k) => `<tr>${cells(r).map((c) => (k === 0 ? `<th>${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join('')}</tr>`).join('')}</table>`;
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && /^\s*([-*]|\d+\.)\s+|^\s{2,}\S/.test(lines[i]); i += 1) {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      const tag = ordered ? 'ol' : 'ul';
      html += `<${tag}>${items.map((t) => `<li>${inline(t)}</li>`).join('')}</${tag}>`;
    } else if (line.trim() === '') {
      i += 1;
    } else if (/^ {4}\S/.test(line)) {
      // An indented code block (a position, a record, a command): the
      // indented lines, and blank lines between them.
      const body = [];
      for (; i < lines.length && (/^ {4}/.test(lines[i]) || (lines[i].trim() === '' && /^ {4}\S/.test(lines[i + 1] ?? ''))); i += 1) body.push(lines[i].slice(4));
      html += `<pre tabindex="0"><code>${esc(body.join('\n'))}</code></pre>`;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() !== '' && !/^(#|```|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i]); i += 1) para.push(lines[i].trim());
      html += `<p>${inline(para.join(' '))}</p>`;
    }
  }
  return html;
}

/**
 * The anchor of a rule set's section in the rules document: the heading that
 * names its id in backticks, else the first heading.
 * @param {string} md
 * @param {string} id
 */
export function sectionFor(md, id) {
  const heads = md.split('\n').filter((l) => /^#{1,6}\s/.test(l)).map((l) => l.replace(/^#+\s+/, ''));
  const named = heads.find((h) => h.includes(`\`${id}\``));
  return slug(named ?? heads[0] ?? '');
}

/** The words for each kind of chance on a rule set's card. */
const CHANCE_KEYS = /** @type {Record<string, string>} */ ({
  sticks: 'rules-page-chance-sticks',
  die: 'rules-page-chance-die',
  two_dice: 'rules-page-chance-dice',
});

/**
 * One rule set as the server describes it.
 * @param {import('../types.js').Description} d
 * @param {string} md
 */
export function ruleSetCard(d, md) {
  const seats = d.seats.min === d.seats.max ? t('rules-page-seats', { count: d.seats.min }) : t('rules-page-seats-range', { min: d.seats.min, max: d.seats.max });
  const chance = t(CHANCE_KEYS[d.chance.kind] ?? 'rules-page-chance-dice');
  const colours = d.colours.map((c) => `<span class="colour-chip">${pieceSvg(c.index, 'inline')}${esc(t(c.name))}</span>`).join(' ');
  const pieceArgs = { count: d.pieces_per_seat, piece: d.piece_word ?? 'piece', start: d.start === 'reserve' ? 'reserve' : 'board' };
  const pieces = d.piece_values.length
    ? t('rules-page-pieces-valued', { ...pieceArgs, values: d.piece_values.map((v) => formatNumber(v)).join(', ') })
    : t('rules-page-pieces', pieceArgs);
  const squares = d.special_squares.map((s) => `<li>${squareIconSvg(iconFor(s.name))}<strong>${s.square} · ${esc(t(s.name))}</strong> ${esc(t(s.effect))}</li>`).join('');
  return `<section class="panel rule-set" id="${esc(d.id)}"><h2>${esc(t(d.name))}</h2><p class="summary">${esc(t(d.summary))}</p>
<p>${esc(seats)} · ${esc(pieces)} · ${esc(chance)} · ${colours}</p>
<ul class="special-list">${squares}</ul><p class="rule-set-links"><a class="standalone" href="#${sectionFor(md, d.id)}">${esc(t('rules-page-full-rules'))}</a> <a class="btn" href="/learn/${esc(d.id)}" data-testid="learn-${esc(d.id)}">${esc(t('rules-page-learn'))}</a></p></section>`;
}

/**
 * Shows the rules page in `root`.
 * @param {HTMLElement} root
 */
export async function showRules(root) {
  root.dataset.page = 'rules';
  document.title = t('rules-page-doc-title');
  root.innerHTML = `<p class="loading">${esc(t('rules-page-loading'))}</p>`;
  let md = '';
  /** @type {import('../types.js').Description[]} */
  let sets = [];
  try {
    // The full rules in the page's language, from the catalogue (message
    // `rules-full`, Markdown); else the server's English document.
    if (has('rules-full')) {
      md = t('rules-full');
    } else {
      const res = await fetch('/rules.md');
      md = res.ok ? await res.text() : '';
    }
    sets = await getRuleSets();
  } catch {
    // Show what arrived.
  }
  const links = sets.map((d) => `<a href="#${esc(d.id)}">${esc(t(d.name))}</a>`);
  const intro = sets.length ? `${esc(t('rules-page-intro', { count: sets.length }))} ${formatList(links)}.` : esc(t('rules-page-none'));
  root.innerHTML = `<section class="panel"><h1>${esc(t('rules-page-title'))}</h1><p>${intro}</p></section>
${sets.map((d) => ruleSetCard(d, md)).join('\n')}
<article class="panel rules-doc">${markdownHtml(md)}</article>`;
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  target?.scrollIntoView();
}
