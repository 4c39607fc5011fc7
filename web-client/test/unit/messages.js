// Loads a catalogue for unit tests, as the page does before it draws: the
// modules under test call t() for every word. Importing this file loads
// English; `useLanguage('es')` switches (with English under it).

import { readFileSync } from 'node:fs';
import { useMessages } from '../../src/i18n/messages.js';

const dir = new URL('../../locales/', import.meta.url);

/**
 * A language's catalogue as the server serves it.
 * @param {string} lang
 */
export function catalogue(lang) {
  return readFileSync(new URL(`${lang}.ftl`, dir), 'utf8');
}

/**
 * Makes `lang` the language of the modules under test.
 * @param {string} lang
 */
export function useLanguage(lang) {
  useMessages(lang, catalogue(lang), catalogue('en'));
}

useLanguage('en');
