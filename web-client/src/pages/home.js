// The home page: your name, a new room, the public rooms to join and the
// public games being played, both kept up to date by the lobby feed.

import { getLobby, getRuleSets, roomOptions } from '../net/api.js';
import { ratingText } from '../net/accounts-api.js';
import { createRoomAs, playerNamed } from '../net/create-room.js';
import { controlText, timeControlHtml, timeControlRequest } from '../logic/clock.js';
import { liveGames } from '../net/history-api.js';
import { liveListHtml } from './home-live.js';
import { COMPUTER_LEVELS } from '../logic/format.js';
import * as identity from '../logic/identity.js';
import { pieceSvg } from '../draw/icons.js';
import { esc } from '../draw/board.js';
import { playNowHtml, wirePlayNow } from './play-now.js';
import { t } from '../i18n/messages.js';

/**
 * How long ago `iso` was, as the messages take it: `unit` (`now`, `min`
 * or `h`) and `n` of them.
 * @param {string} iso
 * @param {number} now
 * @returns {{unit: string, n: number}}
 */
function since(iso, now) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 45) return { unit: 'now', n: 0 };
  if (s < 3600) return { unit: 'min', n: Math.round(s / 60) };
  return { unit: 'h', n: Math.round(s / 3600) };
}

/**
 * "just now", "3 min ago"…
 * @param {string} iso
 * @param {number} now
 */
export function ago(iso, now) {
  return t('home-ago', since(iso, now));
}

/**
 * One rule set's choice: its name, summary, and links to its rules and
 * its lesson.
 * @param {import('../types.js').Description} d
 * @param {boolean} checked
 */
function ruleSetChoice(d, checked) {
  return `<label class="rs-choice"><input type="radio" name="rule_set" value="${esc(d.id)}"${checked ? ' checked' : ''}><span><strong>${esc(t(d.name))}</strong><small>${esc(t(d.summary))}</small><span class="rs-links"><a href="/rules#${esc(d.id)}" class="rules-link">${esc(t('home-rule-set-rules'))}</a> <a href="/learn/${esc(d.id)}" class="rules-link learn-link">${esc(t('home-rule-set-learn'))}</a></span></span></label>`;
}

/**
 * The seat choices for a rule set: how many seats (where it may vary), the
 * creator's seat, and who takes each other seat.
 * @param {import('../types.js').Description} d
 * @param {number} seats
 */
export function seatsHtml(d, seats) {
  let html = '';
  if (d.seats.max > d.seats.min) {
    const counts = [];
    for (let k = d.seats.min; k <= d.seats.max; k += 1) counts.push(`<label><input type="radio" name="seats" value="${k}"${k === seats ? ' checked' : ''}><span>${esc(t('home-players-count', { count: k }))}</span></label>`);
    html += `<fieldset class="choice"><legend>${esc(t('home-players'))}</legend>${counts.join('')}</fieldset>`;
  }
  const colours = d.colours.length >= seats ? d.colours.slice(0, seats) : [];
  const mine = [`<label><input type="radio" name="seat" value="random" checked><span class="dice" aria-hidden="true">?</span><span>${esc(t('home-seat-random'))}<small>${esc(t('home-seat-random.hint'))}</small></span></label>`];
  for (let k = 0; k < seats; k += 1) {
    const c = colours[k];
    const seat = c ? t('home-seat-coloured', { seat: k + 1, colour: t(c.name) }) : t('home-seat', { seat: k + 1 });
    mine.push(`<label><input type="radio" name="seat" value="${k}">${pieceSvg(k, 'inline')}<span>${esc(seat)}<small>${esc(t('home-seat-order', { position: k + 1 }))}</small></span></label>`);
  }
  html += `<fieldset class="choice"><legend>${esc(t('home-your-seat'))}</legend>${mine.join('')}</fieldset>`;
  const others = [];
  for (let k = 1; k < seats; k += 1) {
    const opts = [`<option value="">${esc(t('home-other-person'))}</option>`, ...COMPUTER_LEVELS.map((l) => `<option value="${l.level}">${esc(t('home-other-computer', { level: l.level }))}</option>`)];
    others.push(`<label class="other-seat">${esc(seats === 2 ? t('home-opponent') : t('home-other-seat', { seat: k }))} <select name="other${k}" data-other="${k}">${opts.join('')}</select></label>`);
  }
  html += `<fieldset class="choice others"><legend>${esc(t('home-other-seats'))}</legend>${others.join('')}<p class="note">${esc(t('home-other-seats-note', { seats }))}</p></fieldset>`;
  return `<div class="rs-${esc(d.id)}">${html}</div>`;
}

/**
 * @param {string} name
 * @param {import('../types.js').Description[]} ruleSets
 * @param {boolean} account
 */
function homeHtml(name, ruleSets, account) {
  const first = ruleSets[0];
  const m = (/** @type {string} */ key) => esc(t(key));
  return `<section class="hero">
<h1>${m('home-title')}</h1>
<p class="lede">${m('home-lede')}</p>
</section>
<div class="home-grid">
${playNowHtml(ruleSets, account)}
<section class="panel new-game" aria-labelledby="new-title">
<h2 id="new-title">${m('home-new-title')}</h2>
<form id="create-form" class="form" novalidate>
<label for="name">${m('home-name')}</label>
<input id="name" name="name" type="text" maxlength="32" autocomplete="nickname" placeholder="${m('home-name.placeholder')}" value="${esc(name)}">
<fieldset class="choice rule-sets"><legend>${m('home-rule-set')}</legend>
${ruleSets.map((d, i) => ruleSetChoice(d, i === 0)).join('\n')}
</fieldset>
<div id="seat-choices">${first ? seatsHtml(first, first.seats.min) : ''}</div>
${timeControlHtml()}
<fieldset class="choice two"><legend>${m('home-visibility')}</legend>
<label><input type="radio" name="visibility" value="public" checked><span>${m('home-public')}<small>${m('home-public.hint')}</small></span></label>
<label><input type="radio" name="visibility" value="private"><span>${m('home-private')}<small>${m('home-private.hint')}</small></span></label>
</fieldset>
<p class="form-error" role="alert" id="create-error"></p>
<button type="submit" class="btn primary big" id="create-btn">${m('home-create')}</button>
</form>
</section>
<section class="panel lobby" aria-labelledby="lobby-title">
<h2 id="lobby-title">${m('home-lobby-title')}</h2>
<p class="note">${m('home-lobby-note')}</p>
<ul id="lobby-list" class="lobby-list" aria-live="polite"><li class="note">${m('page-loading')}</li></ul>
</section>
<section class="panel playing-now" aria-labelledby="live-title">
<h2 id="live-title">${m('home-live-title')}</h2>
<p class="note">${m('home-live-note')}</p>
<ul id="live-list" class="hg-list" aria-live="polite" data-testid="live-games"><li class="note">${m('page-loading')}</li></ul>
</section>
<section class="panel rules-card">
<h2>${m('home-rules-title')}</h2>
<p>${m('home-rules-text')} <a href="/rules">${m('home-rules-link')}</a>${m('home-rules-link.after')}</p>
</section>
</div>`;
}

/**
 * Shows the home page in `root`.
 * @param {HTMLElement} root
 */
export async function showHome(root) {
  const saved = identity.load(localStorage);
  root.dataset.page = 'home';
  /** @type {import('../types.js').Description[]} */
  let ruleSets = [];
  try {
    ruleSets = await getRuleSets();
  } catch {
    ruleSets = [];
  }
  root.innerHTML = homeHtml(saved.current?.display_name ?? '', ruleSets, Boolean(saved.current?.username));
  const form = /** @type {HTMLFormElement} */ (root.querySelector('#create-form'));
  const nameInput = /** @type {HTMLInputElement} */ (root.querySelector('#name'));
  const errorEl = /** @type {HTMLElement} */ (root.querySelector('#create-error'));
  const list = /** @type {HTMLElement} */ (root.querySelector('#lobby-list'));
  const liveList = /** @type {HTMLElement} */ (root.querySelector('#live-list'));
  const rsNames = Object.fromEntries(ruleSets.map((d) => [d.id, t(d.name)]));

  /**
   * The identity for the typed name: the saved one, or a new one.
   * @param {HTMLElement} [errors]  where to say what is wrong with the name
   * @returns {Promise<import('../net/api.js').Identity | null>}
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
    return playerNamed(localStorage, name);
  }

  wirePlayNow(root, ruleSets, ensureIdentity);

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    errorEl.textContent = '';
    const button = /** @type {HTMLButtonElement} */ (root.querySelector('#create-btn'));
    button.disabled = true;
    try {
      const id = await ensureIdentity();
      if (!id) return;
      const room = await createRoomAs(localStorage, id.display_name, formOptions());
      location.assign(`/r/${encodeURIComponent(room.code)}`);
    } catch (e) {
      errorEl.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      button.disabled = false;
    }
  });

  /** The room request the form says. */
  function formOptions() {
    const data = new FormData(form);
    const ruleSet = String(data.get('rule_set') ?? 'kendall');
    const d = ruleSets.find((x) => x.id === ruleSet);
    const seats = Number(data.get('seats') ?? d?.seats.min ?? 2);
    const seatRaw = String(data.get('seat') ?? 'random');
    /** @type {Array<import('../types.js').ComputerLevel | null>} */
    const computers = [];
    for (let k = 1; k < seats; k += 1) {
      const v = String(data.get(`other${k}`) ?? '');
      const known = COMPUTER_LEVELS.find((l) => l.level === v);
      computers.push(known ? known.level : null);
    }
    const options = roomOptions({ ruleSet, seats, seat: seatRaw === 'random' ? 'random' : Number(seatRaw), public: data.get('visibility') !== 'private', computers });
    const timeControl = timeControlRequest(String(data.get('time_control') ?? 'none'));
    if (timeControl) options.time_control = timeControl;
    return options;
  }

  // The seat choices follow the rule set and the number of players.
  form.addEventListener('change', (ev) => {
    const input = /** @type {HTMLInputElement} */ (ev.target);
    if (input.name !== 'rule_set' && input.name !== 'seats') return;
    const data = new FormData(form);
    const d = ruleSets.find((x) => x.id === String(data.get('rule_set')));
    if (!d) return;
    const seats = input.name === 'seats' ? Number(input.value) : d.seats.min;
    /** @type {HTMLElement} */ (root.querySelector('#seat-choices')).innerHTML = seatsHtml(d, seats);
  });

  list.addEventListener('click', async (ev) => {
    const btn = /** @type {HTMLElement} */ (ev.target).closest('[data-join]');
    if (!(btn instanceof HTMLButtonElement)) return;
    errorEl.textContent = '';
    btn.disabled = true;
    try {
      const id = await ensureIdentity();
      if (!id) {
        errorEl.textContent = `${errorEl.textContent} ${t('home-join-needs-name')}`;
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
  /** @param {import('../net/api.js').LobbyRoom[]} rooms */
  function render(rooms) {
    const mine = new Set(identity.load(localStorage).known.map((k) => k.display_name));
    // The whole list, not only the codes: a room's open seats change too.
    const key = JSON.stringify(rooms);
    if (key === lastKey) return;
    lastKey = key;
    const now = Date.now();
    list.innerHTML = rooms.length
      ? rooms
          .map((r) => {
            const rs = rsNames[r.rule_set] ?? r.rule_set;
            const tc = controlText(r.time_control);
            const join = mine.has(r.creator) ? 'home-lobby-open' : 'home-lobby-join';
            return `<li class="lobby-room" data-rule-set="${esc(r.rule_set)}"><span class="lobby-who">${pieceSvg(r.open_seat, 'inline')}<strong>${esc(r.creator)}</strong>${r.creator_rating ? ` <span class="lobby-rating" data-testid="lobby-rating">${esc(t('home-lobby-rating', { rating: ratingText(r.creator_rating) }))}</span>` : ''}<small>${esc(t('home-lobby-waiting', since(r.created_at, now)))}</small></span><span class="lobby-side">${esc(rs)}${tc ? ` · <span class="lobby-clock">${esc(tc)}</span>` : ''}${r.rated ? ` · ${esc(t('home-lobby-rated'))}` : ''} · ${esc(t('home-lobby-seats-open', { open: r.open_seats, seats: r.seats }))}</span><button type="button" class="btn primary" data-join="${esc(r.code)}" aria-label="${esc(t('home-lobby-join.aria-label', { name: r.creator, ruleSet: rs }))}">${esc(t(join))}</button></li>`;
          })
          .join('')
      : `<li class="note empty">${esc(t('home-lobby-empty'))}</li>`;
  }

  let lastLive = '';
  /** @param {import('../net/history-api.js').GameRow[]} games */
  function renderLive(games) {
    const key = JSON.stringify(games);
    if (key === lastLive) return;
    lastLive = key;
    const me = identity.load(localStorage).current?.player_id ?? null;
    liveList.innerHTML = liveListHtml(games, me, rsNames);
  }

  const onHome = () => root.isConnected && root.dataset.page === 'home';

  // The old way, only for a browser without EventSource.
  async function poll() {
    if (!onHome()) return;
    try {
      const [rooms, live] = await Promise.all([getLobby(), liveGames()]);
      render(rooms);
      renderLive(live.games);
    } catch (e) {
      lastKey = '';
      list.innerHTML = `<li class="form-error">${esc(e instanceof Error ? e.message : String(e))}</li>`;
    }
    setTimeout(poll, document.visibilityState === 'visible' ? 4000 : 15000);
  }

  if (typeof EventSource !== 'function') {
    poll();
    return;
  }
  // The server pushes the whole lobby on connect and on every change. On a
  // dropped connection EventSource reconnects by itself and the first event
  // brings the list up to date, so a brief drop shows nothing: the last
  // list stays.
  const feed = new EventSource('/api/lobby/feed');
  feed.addEventListener('lobby', (ev) => {
    if (!onHome()) {
      feed.close();
      return;
    }
    try {
      const lobby = JSON.parse(/** @type {MessageEvent} */ (ev).data);
      render(lobby.rooms);
      // The games being played come with every event (a start or an end
      // anywhere sends one).
      if (Array.isArray(lobby.games)) renderLive(lobby.games);
    } catch {
      // A garbled event: the next one replaces it.
    }
  });
  // A browser gives up for good only on a refusal (say the server's feed
  // limit, 503): then poll as before.
  feed.addEventListener('error', () => {
    if (feed.readyState === EventSource.CLOSED && onHome()) poll();
  });
}
