// Finds English left on a page that should be in another language: any
// phrase of the English catalogue that the other catalogue does not also
// use (so a message the page forgot to look up, or looked up in English),
// and any common English word in the page's own text (so a string the code
// still has hard-coded, which no catalogue knows).

import { readFileSync } from 'node:fs';
import { FluentResource } from '../../vendor/fluent-bundle/index.js';

/** @typedef {import('playwright-core').Page} Page */

/**
 * Words that are English and not Spanish, as whole words. A hard-coded
 * English text nearly always has one.
 */
const ENGLISH_WORDS = [
  'the', 'your', 'you', 'with', 'and', 'piece', 'pieces', 'pawn', 'throw', 'threw', 'square', 'squares',
  'move', 'moves', 'game', 'games', 'room', 'play', 'turn', 'wins', 'won', 'waiting', 'join', 'player',
  'players', 'rules', 'seat', 'computer', 'off', 'board', 'watch', 'back', 'rematch', 'resign', 'loading',
  'sign', 'log', 'password', 'rating', 'account', 'lesson', 'learn', 'not', 'found', 'home', 'open', 'new',
];

/**
 * The phrases of catalogue `lang`: each message's and attribute's text
 * between its placeables, a line at a time.
 * @param {string} lang
 * @returns {string[]}
 */
function phrases(lang) {
  const text = readFileSync(new URL(`../../locales/${lang}.ftl`, import.meta.url), 'utf8');
  const resource = new FluentResource(text);
  /** @type {string[]} */
  const found = [];
  /** @param {any} pattern */
  const add = (pattern) => {
    const parts = typeof pattern === 'string' ? [pattern] : (pattern ?? []).filter((/** @type {any} */ p) => typeof p === 'string');
    for (const part of parts) for (const line of part.split('\n')) found.push(line.trim());
  };
  for (const message of resource.body) {
    add(message.value);
    for (const attribute of Object.values(message.attributes ?? {})) add(attribute);
  }
  return found;
}

/**
 * The English phrases a page in `lang` must not show: two words or more,
 * and not also in `lang`'s own catalogue (a name such as "Senet Online",
 * notation and numbers are shared).
 * @param {string} lang
 */
export function englishOnly(lang) {
  const own = readFileSync(new URL(`../../locales/${lang}.ftl`, import.meta.url), 'utf8');
  return [...new Set(phrases('en'))].filter((p) => p.length >= 12 && /[a-z]{3,}\s+[a-z]{2,}/i.test(p) && !own.includes(p));
}

/**
 * What on the page is still English: lines naming the phrase or word and
 * where it was seen. Notation, code and what players typed are skipped.
 * @param {Page} page
 * @param {string[]} phrasesToFind  from {@link englishOnly}
 * @returns {Promise<string[]>}
 */
export function englishOnPage(page, phrasesToFind) {
  return page.evaluate(({ phrasesToFind, words }) => {
    /** @type {string[]} */
    const problems = [];
    const skip = 'code, pre, kbd, script, style, .chat-text, .notation, [data-testid="notation"], [translate="no"]';
    /** @type {{text: string, where: string}[]} */
    const texts = [{ text: document.title, where: 'title' }];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest(skip)) continue;
      const text = node.textContent?.trim() ?? '';
      if (text) texts.push({ text, where: `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}` });
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (el.closest(skip)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) texts.push({ text: value, where: `${el.tagName.toLowerCase()}[${name}]` });
      }
    }
    const all = texts.map((t) => t.text).join('\n');
    for (const phrase of phrasesToFind) {
      if (all.includes(phrase)) problems.push(`English phrase "${phrase}"`);
    }
    const pattern = new RegExp(`(^|[^\\p{L}])(${words.join('|')})(?=$|[^\\p{L}])`, 'iu');
    for (const { text, where } of texts) {
      const m = pattern.exec(text);
      if (m) problems.push(`English word "${m[2]}" in ${where}: "${text.slice(0, 80)}"`);
    }
    return [...new Set(problems)];
  }, { phrasesToFind, words: ENGLISH_WORDS });
}
