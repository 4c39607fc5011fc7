// "Learn to play": the page at /learn lists the rule sets, and /learn/{id}
// starts a guided game of one against the beginner computer (a private
// room, no clock), which the room then plays with the lesson's panel.

import { getRuleSets, roomOptions } from '../net/api.js';
import { createRoomAs } from '../net/create-room.js';
import * as identity from '../logic/identity.js';
import { esc } from '../draw/board.js';
import { t } from '../i18n/messages.js';

/** @typedef {import('../types.js').Description} Description */

/**
 * The address of the lesson of rule set `id`.
 * @param {string} id
 */
export const lessonHref = (id) => `/learn/${encodeURIComponent(id)}`;

/**
 * The page: every rule set with its lesson, or one rule set's start card.
 * @param {Description[]} ruleSets
 * @param {string | null} id  the rule set asked for, if any
 * @param {string} name  the saved player's name, if any
 */
export function learnHtml(ruleSets, id, name) {
  const d = id === null ? undefined : ruleSets.find((x) => x.id === id);
  if (id !== null && !d) {
    return `<section class="panel center"><h1>${esc(t('learn-page-no-such'))}</h1><p><a class="btn primary standalone" href="/learn">${esc(t('learn-page-all-lessons'))}</a></p></section>`;
  }
  if (!d) {
    const items = ruleSets.map((x) => `<li><a class="btn" href="${lessonHref(x.id)}">${esc(t('learn-page-learn', { ruleSet: t(x.name) }))}</a><small>${esc(t(x.summary))}</small></li>`).join('');
    return `<section class="panel learn" aria-labelledby="learn-title"><h1 id="learn-title">${esc(t('learn-page-title'))}</h1><p>${esc(t('learn-page-intro'))}</p><ul class="learn-list">${items}</ul></section>`;
  }
  const opponents = d.seats.min - 1;
  return `<section class="panel learn" aria-labelledby="learn-title" data-rule-set="${esc(d.id)}">
<h1 id="learn-title">${esc(t('learn-page-learn', { ruleSet: t(d.name) }))}</h1>
<p>${esc(t(d.summary))}</p>
<p>${esc(t('learn-page-lesson-intro', { opponents, piece: d.piece_word ?? 'piece' }))}</p>
<form id="learn-form" class="form" novalidate>
<label for="learn-name">${esc(t('learn-page-name'))}</label>
<input id="learn-name" name="name" type="text" maxlength="32" autocomplete="nickname" placeholder="${esc(t('learn-page-name-placeholder.placeholder'))}" value="${esc(name)}">
<p class="form-error" role="alert" id="learn-error"></p>
<button type="submit" class="btn primary big" id="learn-start">${esc(t('learn-page-start'))}</button>
</form>
<p><a class="standalone" href="/rules#${esc(d.id)}">${esc(t('learn-page-rules-first'))}</a></p>
</section>`;
}

/**
 * Shows /learn or /learn/{id} in `root`.
 * @param {HTMLElement} root
 * @param {string | null} id
 */
export async function showLearn(root, id) {
  root.dataset.page = 'learn';
  document.title = t('learn-page-doc-title');
  root.innerHTML = `<p class="loading">${esc(t('learn-page-loading'))}</p>`;
  let ruleSets;
  try {
    ruleSets = await getRuleSets();
  } catch (e) {
    root.innerHTML = `<section class="panel center"><h1>${esc(t('learn-page-load-failed'))}</h1><p>${esc(e instanceof Error ? e.message : String(e))}</p></section>`;
    return;
  }
  const saved = identity.load(localStorage).current;
  root.innerHTML = learnHtml(ruleSets, id, saved?.display_name ?? '');
  const d = ruleSets.find((x) => x.id === id);
  const form = /** @type {HTMLFormElement | null} */ (root.querySelector('#learn-form'));
  if (!d || !form) return;
  const input = /** @type {HTMLInputElement} */ (root.querySelector('#learn-name'));
  const errorEl = /** @type {HTMLElement} */ (root.querySelector('#learn-error'));
  const button = /** @type {HTMLButtonElement} */ (root.querySelector('#learn-start'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    const problem = identity.nameProblem(name);
    if (problem) {
      errorEl.textContent = problem;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    button.disabled = true;
    errorEl.textContent = '';
    try {
      const options = roomOptions({ ruleSet: d.id, seats: d.seats.min, seat: 0, public: false, computers: Array(d.seats.min - 1).fill('beginner') });
      const room = await createRoomAs(localStorage, name, options);
      location.assign(`/r/${encodeURIComponent(room.code)}?lesson=1`);
    } catch (e) {
      errorEl.textContent = e instanceof Error ? e.message : String(e);
      button.disabled = false;
    }
  });
  input.focus();
}
