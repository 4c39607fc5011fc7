// Loads a catalogue for unit tests, as the page does before it draws: the
// modules under test call t() for every word. Importing this file loads
// English; `useLanguage('es')` switches (with English under it).

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { useMessages } from '../../src/i18n/messages.js';

const dir = new URL('../../locales/', import.meta.url);

/**
 * A language's catalogue as the server serves it. (While a catalogue is
 * being written in parts, `locales/parts/*.<lang>.ftl` are read after it.)
 * @param {string} lang
 */
export function catalogue(lang) {
  let text = readFileSync(new URL(`${lang}.ftl`, dir), 'utf8');
  const parts = new URL('parts/', dir);
  if (existsSync(parts)) {
    for (const name of readdirSync(parts).sort()) {
      if (name.endsWith(`.${lang}.ftl`)) text += `\n${readFileSync(new URL(name, parts), 'utf8')}`;
    }
  }
  return text;
}

/**
 * Makes `lang` the language of the modules under test.
 * @param {string} lang
 */
export function useLanguage(lang) {
  useMessages(lang, catalogue(lang), catalogue('en'));
}

useLanguage('en');
