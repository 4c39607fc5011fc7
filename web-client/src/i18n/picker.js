// The language picker in the page header. The server draws the page in
// one language (the remembered choice, else the browser's Accept-Language)
// and lists the languages it has in `<meta name="languages">`; choosing
// another remembers it in a cookie the server reads and reloads the same
// address, which the server then draws in the new language.

import { language } from './messages.js';

/** The cookie that remembers the choice (read by the server). */
export const LANGUAGE_COOKIE = 'senet_lang';

/**
 * The languages the server has, from `<meta name="languages">`.
 * @returns {string[]}
 */
export function languages() {
  const meta = document.querySelector('meta[name="languages"]');
  return (meta?.getAttribute('content') ?? '').split(/\s+/).filter(Boolean);
}

/**
 * A language's name in that language ("English", "Español"), so a reader
 * finds their own whatever the page is in.
 * @param {string} lang
 */
export function nativeName(lang) {
  let name = lang;
  try {
    name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  } catch {
    // An engine without DisplayNames shows the code.
  }
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

/**
 * Remembers `lang` for this browser (a year) and reloads the page in it.
 * @param {string} lang
 */
export function chooseLanguage(lang) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  location.reload();
}

/** Fills the header's `<select id="language">` and follows its changes. */
export function setUpLanguagePicker() {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('language'));
  const all = languages();
  if (!select || all.length < 2) return;
  select.innerHTML = '';
  for (const lang of all) {
    const option = document.createElement('option');
    option.value = lang;
    option.lang = lang;
    option.textContent = nativeName(lang);
    option.selected = lang === language();
    select.append(option);
  }
  select.closest('.lang-pick')?.removeAttribute('hidden');
  select.addEventListener('change', () => chooseLanguage(select.value));
}
