// Every text a person reads comes from here: Project Fluent catalogues, one
// file per language (`web-client/locales/<lang>.ftl`), the same files the
// server renders the page's static words from. The page's language is the
// one the server chose (`<html lang>`: the remembered choice, else the
// browser's Accept-Language); this module loads that catalogue, with
// English under it so a key a translation lacks still reads as words.
//
// Keys: `t('room-throw')` formats a message; `t('rule-set-kendall.summary')`
// an attribute. Codes (error codes, reason codes, notation) stay as they
// are on the wire; only what people read is looked up here.

import { FluentBundle, FluentResource } from '../../vendor/fluent-bundle/index.js';

/** The language every catalogue is checked against, and the fallback. */
export const SOURCE_LANGUAGE = 'en';

/** @typedef {Record<string, string | number | Date>} MessageArgs */

/** @type {FluentBundle[]} the page's language first, then English */
let bundles = [];

/** The page's language, as `<html lang>` names it. */
let current = SOURCE_LANGUAGE;

/**
 * Makes `text` (a catalogue's contents) the messages of `lang`, with
 * `fallback` (English's) under it. Errors in a catalogue are logged, and
 * the messages that parsed are kept.
 * @param {string} lang
 * @param {string} text
 * @param {string} [fallback]
 */
export function useMessages(lang, text, fallback) {
  const made = [bundle(lang, text)];
  if (fallback !== undefined && lang !== SOURCE_LANGUAGE) made.push(bundle(SOURCE_LANGUAGE, fallback));
  bundles = made;
  current = lang;
}

/**
 * @param {string} lang
 * @param {string} text
 */
function bundle(lang, text) {
  // Isolation marks around arguments help right-to-left text, but they end
  // up inside names, numbers and test selectors; no language here needs them.
  const made = new FluentBundle(lang, { useIsolating: false });
  const errors = made.addResource(new FluentResource(text));
  for (const e of errors) console.warn(`messages ${lang}: ${e.message}`);
  return made;
}

/** The page's language (`en`, `es`, …). */
export function language() {
  return current;
}

/**
 * The text of message `key` (or `key.attribute`) with `args`. A key no
 * catalogue has comes back as the key itself, and is logged, so a missing
 * text is visible rather than blank.
 * @param {string} key
 * @param {MessageArgs} [args]
 * @returns {string}
 */
export function t(key, args) {
  for (const b of bundles) {
    const pattern = patternOf(b, key);
    if (!pattern) continue;
    /** @type {Error[]} */
    const errors = [];
    const text = b.formatPattern(pattern, args, errors);
    for (const e of errors) console.warn(`message ${key}: ${e.message}`);
    return text;
  }
  console.warn(`no message ${key}`);
  return key;
}

/**
 * Whether some catalogue has `key` (for texts that exist only for some
 * values, such as a rule set's own word for a thing).
 * @param {string} key
 */
export function has(key) {
  return bundles.some((b) => Boolean(patternOf(b, key)));
}

/**
 * The pattern of `key` in bundle `b`: a message's value (`id`) or one of
 * its attributes (`id.attribute`).
 * @param {FluentBundle} b
 * @param {string} key
 */
function patternOf(b, key) {
  const dot = key.indexOf('.');
  const message = b.getMessage(dot < 0 ? key : key.slice(0, dot));
  return dot < 0 ? message?.value : message?.attributes[key.slice(dot + 1)];
}

/**
 * A number written the language's way (`1,500` / `1.500`).
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function formatNumber(n, options) {
  return new Intl.NumberFormat(current, options).format(n);
}

/**
 * A list written the language's way ("A, B and C" / "A, B y C").
 * @param {string[]} items
 */
export function formatList(items) {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * Loads the catalogue of the page's language, which the server names in
 * `<link id="messages">` (a versioned, cached address), and English's
 * from `<link id="messages-en">` when the page is in another language.
 * @returns {Promise<void>}
 */
export async function loadMessages() {
  const lang = document.documentElement.lang || SOURCE_LANGUAGE;
  const href = (/** @type {string} */ id) => document.getElementById(id)?.getAttribute('href');
  const own = href('messages') ?? `/locales/${lang}.ftl`;
  const english = lang === SOURCE_LANGUAGE ? null : (href('messages-en') ?? `/locales/${SOURCE_LANGUAGE}.ftl`);
  const [text, fallback] = await Promise.all([fetchText(own), english ? fetchText(english) : Promise.resolve(undefined)]);
  useMessages(lang, text, fallback);
}

/** @param {string} url */
async function fetchText(url) {
  try {
    const res = await fetch(url);
    return res.ok ? await res.text() : '';
  } catch {
    return '';
  }
}
