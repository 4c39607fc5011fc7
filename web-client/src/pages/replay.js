// The replay viewer at /games/{id}?step=N, for every rule set: the board
// after any step, the chance and the events of that step, the step list,
// the race chart of every seat, the game review (review.js); buttons, arrow keys and a slider step
// through it, and the address follows (shareable).

import { verifyGame } from '../logic/fair.js';
import { ApiError } from '../net/api.js';
import { downloadRecord, getGame } from '../net/history-api.js';
import { showReplayChat } from './replay-chat.js';
import { rollHtml } from '../draw/chance.js';
import { colourName, eventText, standingText, stepHead, stepLine } from '../logic/describe.js';
import * as identity from '../logic/identity.js';
import { pieceSvg } from '../draw/icons.js';
import { raceChartSvg } from '../draw/race-chart.js';
import { mountReview } from './review.js';
import { computerName, computerNth } from '../logic/format.js';
import { controlText } from '../logic/clock.js';
import { thinkHtml } from '../logic/decision-time.js';
import { durationText, frames, keyStep, raceSeries, stepTurn, turnFromSearch, turnUrl } from '../logic/replay-logic.js';
import { boardHtml, esc, trayHtml } from '../draw/board.js';
import { language, t } from '../i18n/messages.js';

/** @typedef {import('../types.js').View} View */

/** @typedef {import('../logic/replay-logic.js').GameRecord} GameRecord */

/**
 * The words' context for a stored game: the rule set and the seats' names.
 * @param {GameRecord} g
 * @returns {import('../logic/describe.js').Names}
 */
export function gameNames(g) {
  return {
    desc: g.description,
    seat: (seat) => {
      const s = g.seats.find((x) => x.seat === seat);
      // Named as in the room: "Expert computer".
      if (s?.computer) return computerName(s.computer, computerNth(g.seats, seat));
      if (s?.display_name) return s.display_name;
      return t('replay-seat', { number: seat + 1 });
    },
  };
}

/**
 * The result in words, for the header.
 * @param {GameRecord} g
 */
export function gameResultText(g) {
  if (!g.standing) return g.status === 'playing' ? t('replay-in-progress') : t('replay-not-finished');
  const st = standingText(gameNames(g), g.standing);
  return t('replay-result', { head: st.head, places: st.places.join(' ') });
}

/**
 * Who threw a chance step: the seat the server names as its `by` (null for
 * the lot, which is nobody's, and for a decision).
 * @param {GameRecord} g
 * @param {number} n  the step (1-based)
 */
function throwerOf(g, n) {
  const st = g.steps[n - 1];
  if (!st?.step || st.step.step !== 'chance') return null;
  return st.by ?? null;
}

/**
 * The chance drawing and words of the step shown.
 * @param {GameRecord} g
 * @param {View[]} all
 * @param {number} n
 */
export function stepPanelHtml(g, all, n) {
  const names = gameNames(g);
  if (n === 0) return `${rollHtml(null, g.description.chance)}<p class="replay-what">${esc(t('replay-start-text'))}</p>`;
  const st = g.steps[n - 1];
  /** @type {import('../types.js').Roll | null} */
  let roll = null;
  for (let k = n - 1; k >= 0; k -= 1) {
    const x = g.steps[k].step;
    if (x && x.step === 'chance') {
      roll = x.roll;
      break;
    }
  }
  const events = st.events.map((e) => `<li>${esc(eventText(names, e))}</li>`).join('');
  return `${rollHtml(roll, g.description.chance)}<div class="replay-what"><p class="replay-turn-text" data-testid="step-text">${esc(stepHead(names, st, throwerOf(g, n)))}</p>${events ? `<ul class="event-list">${events}</ul>` : ''}</div>`;
}

/**
 * The step list, the shown step marked.
 * @param {GameRecord} g
 * @param {number} n
 */
export function moveListHtml(g, n) {
  const names = gameNames(g);
  const items = g.steps
    .map((st) => {
      const cur = st.step_no === n ? ' aria-current="step"' : '';
      // Whose step: the seat's piece beside the words.
      const seat = st.seat === null ? undefined : g.seats.find((x) => x.seat === st.seat);
      const who = st.seat === null ? '' : `<span class="turn-side" aria-hidden="true">${pieceSvg(seat?.colour ?? st.seat, 'mini')}</span>`;
      return `<li><button type="button" class="turn-btn" data-turn="${st.step_no}"${cur}><span class="turn-no">${st.step_no}.</span>${who}<span class="turn-words">${esc(stepLine(names, st, st.by ?? null))}</span>${thinkHtml(st)}</button></li>`;
    })
    .join('');
  const start = `<li><button type="button" class="turn-btn" data-turn="0"${n === 0 ? ' aria-current="step"' : ''}><span class="turn-no">0.</span> ${esc(t('replay-start'))}</button></li>`;
  return `<ol class="move-list" data-testid="moves">${start}${items}</ol>`;
}

/**
 * The page around the viewer (the parts that do not change with the step).
 * @param {GameRecord} g
 */
export function replayPageHtml(g) {
  const names = gameNames(g);
  const last = g.steps.length;
  // Both times, each labelled (the games list shows when a game finished).
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' });
  const started = g.started_at ? t('replay-started', { date: date.format(new Date(g.started_at)) }) : '';
  const finished = g.finished_at ? t('replay-finished', { date: date.format(new Date(g.finished_at)) }) : '';
  const when = [started, finished].filter(Boolean).map((x) => ` · ${esc(x)}`).join('');
  const control = controlText(g.time_control);
  const vs = ` ${esc(t('replay-versus'))} `;
  const who = g.seats.map((s) => `${esc(names.seat(s.seat))} <small class="inline">${pieceSvg(s.colour ?? s.seat, 'inline')}${esc(colourName(g.description, s.colour ?? (g.description.colours.length > s.seat ? s.seat : null)))}</small>`).join(vs);
  const keys = g.seats.map((s) => `<span class="key race-c${s.colour ?? s.seat}">${esc(names.seat(s.seat))}</span>`).join(' ');
  const a = (/** @type {string} */ key) => esc(t(key));
  return `<section class="panel replay-head rs-${esc(g.description.id)}">
<p class="crumbs"><a href="/games">← ${a('replay-all-games')}</a></p>
<h1>${who}</h1>
<p class="replay-meta">${esc(t(g.description.name))} · <strong data-testid="game-result">${esc(gameResultText(g))}</strong> · ${esc(t('replay-steps', { steps: last }))} · ${esc(durationText(g.duration_secs))}${control ? ` · ${a('replay-clock')} <span data-testid="time-control">${esc(control)}</span>` : ''}${when}</p>
<p class="fairness" data-testid="fairness" aria-live="polite">${g.fairness ? a('replay-fair-checking') : a('replay-fair-before')}</p>
<p class="downloads"><a class="btn" href="/api/games/${esc(g.game_id)}/record.txt" download>${a('replay-download-text')}</a> <a class="btn" href="/api/games/${esc(g.game_id)}/record.json" download>${a('replay-download-json')}</a></p>
</section>
<div class="replay-grid rs-${esc(g.description.id)}">
<section class="panel replay-main" aria-label="${a('replay-board')}">
<div class="board-wrap${g.seats.length > 2 ? ' many' : ''}" id="replay-board"></div>
<div class="replay-controls" role="group" aria-label="${a('replay-controls')}">
<button type="button" class="btn" data-step="first" aria-label="${a('replay-first')}">|◀</button>
<button type="button" class="btn" data-step="prev" aria-label="${a('replay-previous')}">◀</button>
<input type="range" id="turn-slider" min="0" max="${last}" value="0" step="1" aria-label="${a('replay-slider')}">
<button type="button" class="btn" data-step="next" aria-label="${a('replay-next')}">▶</button>
<button type="button" class="btn" data-step="last" aria-label="${a('replay-last')}">▶|</button>
<output id="turn-label" for="turn-slider" aria-live="polite"></output>
</div>
<div class="replay-sticks throw-panel" id="replay-sticks" data-testid="sticks"></div>
<figure class="race"><figcaption>${a('replay-race-caption')} ${keys}</figcaption><div id="race"></div></figure>
</section>
<section class="panel replay-side" aria-label="${a('replay-steps-heading')}">
<h2>${a('replay-steps-heading')}</h2>
<p class="note">${a('replay-keys')}</p>
<div id="move-list"></div>
</section>
</div>`;
}

/**
 * Shows the replay of game `id` in `root`.
 * @param {HTMLElement} root
 * @param {string} id
 */
export async function showReplay(root, id) {
  root.dataset.page = 'replay';
  root.innerHTML = `<p class="loading">${esc(t('replay-loading'))}</p>`;
  /** @type {GameRecord} */
  let game;
  // A private game is shown only to its players: ask as this browser's
  // current player, then as its older identities.
  const saved = identity.load(localStorage);
  const tokens = [...new Set([saved.current?.token, ...saved.known.map((k) => k.token)].filter((t) => typeof t === 'string'))];
  /** @type {string | undefined} */
  let token = tokens[0];
  try {
    for (let i = 0; ; i += 1) {
      try {
        game = await getGame(id, token);
        break;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 404 && i + 1 < tokens.length)) throw e;
        token = tokens[i + 1];
      }
    }
  } catch (e) {
    document.title = t('replay-not-found-title');
    root.innerHTML = `<section class="panel center"><h1>${esc(t('replay-not-found'))}</h1><p>${esc(e instanceof Error ? e.message : String(e))}</p><p><a class="btn primary" href="/games">${esc(t('replay-all-games'))}</a></p></section>`;
    return;
  }
  const all = frames(game);
  const series = raceSeries(game);
  const last = game.steps.length;
  const names = gameNames(game);
  const chartSeats = game.seats.map((x) => ({ name: names.seat(x.seat), colour: x.colour ?? (game.description.colours.length > x.seat ? x.seat : null) }));
  root.innerHTML = replayPageHtml(game);
  showReplayChat(root, game.game_id, token);
  if (token) {
    const viewer = token;
    // A link cannot send the token a private game's record needs.
    for (const a of root.querySelectorAll('.downloads a')) {
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        const href = /** @type {HTMLAnchorElement} */ (a).getAttribute('href') ?? '';
        const ext = href.endsWith('.json') ? 'json' : 'txt';
        downloadRecord(href, `senet-${game.game_id}.${ext}`, viewer).catch(() => {});
      });
    }
  }
  document.title = t('replay-doc-title', { players: game.seats.map((x) => names.seat(x.seat)).join(` ${t('replay-versus')} `) });
  const board = /** @type {HTMLElement} */ (root.querySelector('#replay-board'));
  const slider = /** @type {HTMLInputElement} */ (root.querySelector('#turn-slider'));
  const label = /** @type {HTMLElement} */ (root.querySelector('#turn-label'));
  const sticks = /** @type {HTMLElement} */ (root.querySelector('#replay-sticks'));
  const race = /** @type {HTMLElement} */ (root.querySelector('#race'));
  const list = /** @type {HTMLElement} */ (root.querySelector('#move-list'));
  // The game review (review.js): badges on the move list, the win-chance graph.
  const review = mountReview(root, game, names.seat, chartSeats, token, (n) => show(n, 'replace'));
  let turn = turnFromSearch(location.search, last, 0);

  /**
   * Draws turn `n`; `push` records it in the address.
   * @param {number} n
   * @param {'push' | 'replace' | 'none'} history
   */
  function show(n, history) {
    turn = n;
    const view = all[n];
    const b = boardHtml(names, view, { options: [], decider: null, me: null, marks: n > 0 ? game.steps[n - 1].events : [] });
    const trays = game.seats.map((x) => trayHtml(names, view, x.seat));
    board.innerHTML = game.seats.length === 2 ? `${trays[0]}${b}${trays[1]}` : `${b}<div class="trays">${trays.join('')}</div>`;
    slider.value = String(n);
    label.textContent = t('replay-step-of', { step: n, steps: last });
    sticks.innerHTML = stepPanelHtml(game, all, n);
    race.innerHTML = raceChartSvg(series, n, chartSeats);
    list.innerHTML = moveListHtml(game, n);
    review.decorate(list, n);
    list.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
    root.dataset.turn = String(n);
    const url = turnUrl(location.pathname, location.search, n);
    if (history === 'push') window.history.pushState({ turn: n }, '', url);
    else if (history === 'replace') window.history.replaceState({ turn: n }, '', url);
  }

  root.addEventListener('click', (ev) => {
    const el = /** @type {HTMLElement} */ (ev.target).closest('[data-step], [data-turn]');
    if (!(el instanceof HTMLElement)) return;
    if (el.dataset.step) {
      show(stepTurn(turn, /** @type {'first' | 'prev' | 'next' | 'last'} */ (el.dataset.step), last), 'replace');
    } else if (el.dataset.turn !== undefined) {
      show(Number(el.dataset.turn), 'replace');
    }
  });
  slider.addEventListener('input', () => show(Number(slider.value), 'replace'));
  document.addEventListener('keydown', (ev) => {
    if (root.dataset.page !== 'replay') return;
    const target = /** @type {HTMLElement | null} */ (ev.target instanceof HTMLElement ? ev.target : null);
    // The slider handles its own arrow keys.
    if (target && target.matches('input, textarea, select') && target !== slider) return;
    const step = keyStep(ev.key);
    if (!step || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    show(stepTurn(turn, step, last), 'replace');
  });
  window.addEventListener('popstate', () => show(turnFromSearch(location.search, last, 0), 'none'));
  show(turn, 'replace');
  showFairness(root, game);
}

/**
 * Checks every chance step of the game against its revealed seed in the
 * browser (Web Crypto) and says so on the page.
 * @param {HTMLElement} root
 * @param {GameRecord} game
 */
async function showFairness(root, game) {
  const out = root.querySelector('[data-testid="fairness"]');
  if (!(out instanceof HTMLElement) || !game.fairness) return;
  try {
    const verdict = await verifyGame(game.fairness, game.game_id, game.seat_count, game.steps);
    out.dataset.verified = String(verdict.ok);
    out.textContent = verdict.ok
      ? `✓ ${t('replay-fair-ok', { message: verdict.message, commitment: game.fairness.commitment.slice(0, 12) })}`
      : `${game.fairness.server_seed ? '✗ ' : ''}${verdict.message}`;
  } catch (e) {
    out.textContent = t('replay-fair-unchecked', { error: e instanceof Error ? e.message : String(e) });
  }
}
