// The home page: your name, a new room, and the public rooms to join.

import { ApiError, createPlayer, createRoom, getLobby } from './api.js';
import { COMPUTER_LEVELS, sideName } from './format.js';
import * as identity from './identity.js';
import { pieceSvg } from './icons.js';
import { esc } from './view-board.js';

/**
 * "just now", "3 min ago"…
 * @param {string} iso
 * @param {number} now
 */
export function ago(iso, now) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/**
 * The room request for a game against the computer: a known level (else
 * the intermediate), the side chosen above, never public.
 * @param {string} level
 * @param {string} side
 * @returns {{side: 'cone' | 'spool' | 'random', public: false, opponent: {computer: import('./types.js').ComputerLevel}}}
 */
export function computerRoomOptions(level, side) {
  const known = COMPUTER_LEVELS.find((l) => l.level === level)?.level ?? 'intermediate';
  const s = side === 'cone' || side === 'spool' ? side : 'random';
  return { side: s, public: false, opponent: { computer: known } };
}

/**
 * @param {string} name
 */
function homeHtml(name) {
  return `<section class="hero">
<h1>Senet</h1>
<p class="lede">The race game of ancient Egypt, played for five thousand years. Move your five pieces along the S-shaped path and bear them all off first.</p>
</section>
<div class="home-grid">
<section class="panel new-game" aria-labelledby="new-title">
<h2 id="new-title">Start a game</h2>
<form id="create-form" class="form" novalidate>
<label for="name">Your name</label>
<input id="name" name="name" type="text" maxlength="32" autocomplete="nickname" placeholder="e.g. Nefertari" value="${esc(name)}">
<fieldset class="choice"><legend>Play as</legend>
<label><input type="radio" name="side" value="cone">${pieceSvg('cone', 'inline')}<span>Cone<small>throws first</small></span></label>
<label><input type="radio" name="side" value="spool">${pieceSvg('spool', 'inline')}<span>Spool<small>throws second</small></span></label>
<label><input type="radio" name="side" value="random" checked><span class="dice" aria-hidden="true">?</span><span>Random<small>let fate choose</small></span></label>
</fieldset>
<fieldset class="choice two"><legend>Who can join</legend>
<label><input type="radio" name="visibility" value="public" checked><span>Public<small>listed below for anyone</small></span></label>
<label><input type="radio" name="visibility" value="private"><span>Private<small>only with your link</small></span></label>
</fieldset>
<p class="form-error" role="alert" id="create-error"></p>
<button type="submit" class="btn primary big" id="create-btn">Create a room</button>
</form>
</section>
<section class="panel lobby" aria-labelledby="lobby-title">
<h2 id="lobby-title">Open games</h2>
<p class="note">Public rooms waiting for an opponent. Join one with a click.</p>
<ul id="lobby-list" class="lobby-list" aria-live="polite"><li class="note">Loading…</li></ul>
</section>
<section class="panel vs-computer" aria-labelledby="computer-title">
<h2 id="computer-title">Play the computer</h2>
<p class="note">Nobody to play with? The computer takes the other seat and the game starts at once, with your name and side from above.</p>
<form id="computer-form" class="form" novalidate>
<fieldset class="choice"><legend>Level</legend>
${COMPUTER_LEVELS.map((l) => `<label><input type="radio" name="level" value="${l.level}"${l.level === 'intermediate' ? ' checked' : ''}><span>${l.name}<small>${l.blurb}</small></span></label>`).join('\n')}
</fieldset>
<p class="form-error" role="alert" id="computer-error"></p>
<button type="submit" class="btn primary big" id="computer-btn">Play the computer</button>
</form>
</section>
<section class="panel rules-card">
<h2>How to play</h2>
<ol>
<li><strong>Throw</strong> the four sticks: count the light sides (none = 5).</li>
<li><strong>Move</strong> one piece that many squares along the path 1→30. A 1, 4 or 5 lets you throw again.</li>
<li><strong>Capture</strong> a lone opponent piece by landing on it. Pairs protect each other; three in a row block.</li>
<li><strong>Stop on 26</strong>, avoid the water on 27, and leave the board from 28, 29 or 30 with an exact 3, 2 or 1.</li>
</ol>
</section>
</div>`;
}

/**
 * Shows the home page in `root`.
 * @param {HTMLElement} root
 */
export function showHome(root) {
  const saved = identity.load(localStorage);
  root.innerHTML = homeHtml(saved.current?.display_name ?? '');
  root.dataset.page = 'home';
  const form = /** @type {HTMLFormElement} */ (root.querySelector('#create-form'));
  const nameInput = /** @type {HTMLInputElement} */ (root.querySelector('#name'));
  const errorEl = /** @type {HTMLElement} */ (root.querySelector('#create-error'));
  const list = /** @type {HTMLElement} */ (root.querySelector('#lobby-list'));

  /**
   * The identity for the typed name: the saved one, or a new one.
   * @param {HTMLElement} [errors]  where to say what is wrong with the name
   * @returns {Promise<import('./api.js').Identity | null>}
   */
  async function ensureIdentity(errors = errorEl) {
    const name = nameInput.value.trim();
    const problem = identity.nameProblem(name);
    if (problem) {
      errors.textContent = problem;
      nameInput.focus();
      nameInput.setAttribute('aria-invalid', 'true');
      return null;
    }
    nameInput.removeAttribute('aria-invalid');
    const current = identity.load(localStorage).current;
    if (current && current.display_name === name) return current;
    const id = await createPlayer(name);
    identity.remember(localStorage, id);
    return id;
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    errorEl.textContent = '';
    const button = /** @type {HTMLButtonElement} */ (root.querySelector('#create-btn'));
    button.disabled = true;
    try {
      const id = await ensureIdentity();
      if (!id) return;
      const data = new FormData(form);
      const side = /** @type {'cone' | 'spool' | 'random'} */ (String(data.get('side') ?? 'random'));
      let room;
      try {
        room = await createRoom(id.token, { side, public: data.get('visibility') !== 'private' });
      } catch (e) {
        if (e instanceof ApiError && e.code === 'invalid_token') {
          identity.forget(localStorage, id.player_id);
          const fresh = await ensureIdentity();
          if (!fresh) return;
          room = await createRoom(fresh.token, { side, public: data.get('visibility') !== 'private' });
        } else throw e;
      }
      location.assign(`/r/${encodeURIComponent(room.code)}`);
    } catch (e) {
      errorEl.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      button.disabled = false;
    }
  });

  const computerForm = /** @type {HTMLFormElement} */ (root.querySelector('#computer-form'));
  const computerError = /** @type {HTMLElement} */ (root.querySelector('#computer-error'));
  computerForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    computerError.textContent = '';
    const button = /** @type {HTMLButtonElement} */ (root.querySelector('#computer-btn'));
    button.disabled = true;
    try {
      const options = computerRoomOptions(String(new FormData(computerForm).get('level') ?? ''), String(new FormData(form).get('side') ?? ''));
      let id = await ensureIdentity(computerError);
      if (!id) return;
      let room;
      try {
        room = await createRoom(id.token, options);
      } catch (e) {
        if (!(e instanceof ApiError && e.code === 'invalid_token')) throw e;
        identity.forget(localStorage, id.player_id);
        id = await ensureIdentity(computerError);
        if (!id) return;
        room = await createRoom(id.token, options);
      }
      location.assign(`/r/${encodeURIComponent(room.code)}`);
    } catch (e) {
      computerError.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      button.disabled = false;
    }
  });

  list.addEventListener('click', async (ev) => {
    const btn = /** @type {HTMLElement} */ (ev.target).closest('[data-join]');
    if (!(btn instanceof HTMLButtonElement)) return;
    errorEl.textContent = '';
    btn.disabled = true;
    try {
      const id = await ensureIdentity();
      if (!id) {
        errorEl.textContent = `${errorEl.textContent} Enter your name above, then join.`;
        return;
      }
      location.assign(`/r/${encodeURIComponent(btn.dataset.join ?? '')}?join=1`);
    } catch (e) {
      errorEl.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      btn.disabled = false;
    }
  });

  let lastKey = '';
  async function refresh() {
    if (!root.isConnected || root.dataset.page !== 'home') return;
    try {
      const rooms = await getLobby();
      const mine = new Set(identity.load(localStorage).known.map((k) => k.display_name));
      const key = JSON.stringify(rooms.map((r) => r.code));
      const now = Date.now();
      const html = rooms.length
        ? rooms
            .map(
              (r) => `<li class="lobby-room"><span class="lobby-who">${pieceSvg(r.open_side === 'cone' ? 'spool' : 'cone', 'inline')}<strong>${esc(r.creator)}</strong><small>waiting ${ago(r.created_at, now)}</small></span><span class="lobby-side">You play ${sideName(r.open_side)} ${pieceSvg(r.open_side, 'inline')}</span><button type="button" class="btn primary" data-join="${esc(r.code)}" aria-label="Join ${esc(r.creator)}'s game as ${sideName(r.open_side)}">${mine.has(r.creator) ? 'Open' : 'Join'}</button></li>`,
            )
            .join('')
        : '<li class="note empty">No open games right now. Create one and share the link!</li>';
      if (key !== lastKey) list.innerHTML = html;
      lastKey = key;
    } catch (e) {
      list.innerHTML = `<li class="form-error">${esc(e instanceof Error ? e.message : String(e))}</li>`;
    }
    setTimeout(refresh, document.visibilityState === 'visible' ? 4000 : 15000);
  }
  refresh();
}
