// "Learn to play": the page at /learn lists the rule sets, and /learn/{id}
// starts a guided game of one against the beginner computer (a private
// room, no clock), which the room then plays with the lesson's panel.

import { getRuleSets, roomOptions } from '../net/api.js';
import { createRoomAs } from '../net/create-room.js';
import * as identity from '../logic/identity.js';
import { esc } from '../draw/board.js';

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
    return `<section class="panel center"><h1>No such rule set</h1><p><a class="btn primary standalone" href="/learn">All the lessons</a></p></section>`;
  }
  if (!d) {
    const items = ruleSets.map((x) => `<li><a class="btn" href="${lessonHref(x.id)}">Learn ${esc(x.name)}</a><small>${esc(x.summary)}</small></li>`).join('');
    return `<section class="panel learn" aria-labelledby="learn-title"><h1 id="learn-title">Learn to play</h1><p>Pick a rule set: you play one game against the beginner computer, and a tip explains each rule the first time it matters. You can leave at any time.</p><ul class="learn-list">${items}</ul></section>`;
  }
  const seats = d.seats.min;
  return `<section class="panel learn" aria-labelledby="learn-title" data-rule-set="${esc(d.id)}">
<h1 id="learn-title">Learn ${esc(d.name)}</h1>
<p>${esc(d.summary)}</p>
<p>You play one game against the beginner computer${seats > 2 ? `s (${seats - 1} of them)` : ''}, with no clock. A tip explains each rule the first time it matters; the glowing pieces are always the ones you may move. You can leave at any time.</p>
<form id="learn-form" class="form" novalidate>
<label for="learn-name">Your name</label>
<input id="learn-name" name="name" type="text" maxlength="32" autocomplete="nickname" placeholder="e.g. Nefertari" value="${esc(name)}">
<p class="form-error" role="alert" id="learn-error"></p>
<button type="submit" class="btn primary big" id="learn-start">Start the lesson</button>
</form>
<p><a class="standalone" href="/rules#${esc(d.id)}">Read the rules first instead</a></p>
</section>`;
}

/**
 * Shows /learn or /learn/{id} in `root`.
 * @param {HTMLElement} root
 * @param {string | null} id
 */
export async function showLearn(root, id) {
  root.dataset.page = 'learn';
  root.innerHTML = '<p class="loading">Loading the rule sets…</p>';
  let ruleSets;
  try {
    ruleSets = await getRuleSets();
  } catch (e) {
    root.innerHTML = `<section class="panel center"><h1>Cannot load the rule sets</h1><p>${esc(e instanceof Error ? e.message : String(e))}</p></section>`;
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
