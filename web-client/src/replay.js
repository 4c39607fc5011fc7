// The replay viewer at /games/{id}?turn=N: the board at any turn, the
// sticks of that turn, the move list, the race chart; buttons, arrow keys
// and a slider step through it, and the address follows (shareable).

import { ApiError } from './api.js';
import { downloadRecord, getGame } from './history-api.js';
import { sideName } from './format.js';
import * as identity from './identity.js';
import { stickSvg } from './icons.js';
import { raceChartSvg } from './race-chart.js';
import { durationText, frames, keyStep, raceSeries, stepTurn, turnFromSearch, turnUrl, turnWords } from './replay-logic.js';
import { boardHtml, esc, trayHtml } from './view-board.js';

/** @typedef {import('./replay-logic.js').GameRecord} GameRecord */
/** @typedef {import('./types.js').RoomState} RoomState */
/** @typedef {import('./types.js').Cell} Cell */
/** @typedef {import('./types.js').Side} Side */

/**
 * A read-only room state for the board drawing, from one frame.
 * @param {{board: Cell[], toMove: Side, borneOff: {cone: number, spool: number}}} frame
 * @returns {RoomState}
 */
export function frameState(frame) {
  return {
    seq: 0,
    needsSnapshot: false,
    code: '',
    inviteUrl: '',
    isPublic: false,
    gameId: '',
    gameNo: 0,
    players: [],
    you: { role: 'spectator' },
    board: frame.board,
    borneOff: frame.borneOff,
    toMove: frame.toMove,
    phase: { kind: 'to_throw' },
    lastThrow: null,
    turns: [],
    rematchOfferedBy: null,
    rematchDeclinedBy: null,
    lastAction: null,
    awaySince: { cone: null, spool: null },
  };
}

/**
 * The result in words, for the header.
 * @param {GameRecord} g
 */
export function gameResultText(g) {
  if (!g.result) return g.status === 'playing' ? 'In progress' : 'Not finished';
  const name = (/** @type {Side} */ side) => g[side]?.display_name ?? sideName(side);
  const { winner, how } = g.result;
  const loser = winner === 'cone' ? 'spool' : 'cone';
  const w = `${name(winner)} (${sideName(winner)}) won`;
  if (how === 'resigned') return `${w}: ${name(loser)} resigned`;
  if (how === 'abandoned') return `${w}: ${name(loser)} stayed away too long`;
  return `${w}, bearing off all five pieces`;
}

/**
 * The sticks and words of the turn shown.
 * @param {GameRecord} g
 * @param {number} turn
 */
export function sticksHtml(g, turn) {
  if (turn === 0) {
    return `<div class="sticks idle" aria-hidden="true">${[false, false, false, false].map((l, i) => stickSvg(l, i)).join('')}</div><p class="replay-what">The start: the Cone throws first.</p>`;
  }
  const t = g.turns[turn - 1];
  const light = t.sticks.filter(Boolean).length;
  return `<div class="sticks" aria-hidden="true">${t.sticks.map((l, i) => stickSvg(l, i)).join('')}</div><div class="replay-what"><p class="throw-value"><span class="big" data-testid="throw">${t.throw}</span> ${light} light side${light === 1 ? '' : 's'} up</p><p class="replay-turn-text">${esc(turnWords(t))}${t.extra_throw ? '. Throws again.' : ''}</p></div>`;
}

/**
 * The move list, the shown turn marked.
 * @param {GameRecord} g
 * @param {number} turn
 */
export function moveListHtml(g, turn) {
  const items = g.turns
    .map((t) => {
      const cur = t.turn_no === turn ? ' aria-current="step"' : '';
      const tags = t.events.map((e) => `<span class="ev ev-${esc(e)}">${esc(e.replace('_', ' '))}</span>`).join('');
      return `<li><button type="button" class="turn-btn ${t.side}" data-turn="${t.turn_no}"${cur}><span class="turn-no">${t.turn_no}.</span> <span class="turn-side">${t.side === 'cone' ? 'c' : 's'}</span> <code>${t.throw}:${t.from ?? '-'}</code> ${tags}</button></li>`;
    })
    .join('');
  const start = `<li><button type="button" class="turn-btn" data-turn="0"${turn === 0 ? ' aria-current="step"' : ''}><span class="turn-no">0.</span> start</button></li>`;
  return `<ol class="move-list" data-testid="moves">${start}${items}</ol>`;
}

/**
 * The page around the viewer (the parts that do not change with the turn).
 * @param {GameRecord} g
 */
export function replayPageHtml(g) {
  const name = (/** @type {Side} */ side) => esc(g[side]?.display_name ?? sideName(side));
  const last = g.turns.length;
  const when = g.started_at ? new Date(g.started_at).toLocaleString() : '';
  return `<section class="panel replay-head">
<p class="crumbs"><a href="/games">← All games</a></p>
<h1>${name('cone')} <small class="inline">Cone</small> vs ${name('spool')} <small class="inline">Spool</small></h1>
<p class="replay-meta"><strong data-testid="game-result">${esc(gameResultText(g))}</strong> · ${last} turns · ${esc(durationText(g.duration_secs))}${when ? ` · ${esc(when)}` : ''}</p>
<p class="downloads"><a class="btn" href="/api/games/${esc(g.game_id)}/record.txt" download>Download record (.txt)</a> <a class="btn" href="/api/games/${esc(g.game_id)}/record.json" download>Download JSON</a></p>
</section>
<div class="replay-grid">
<section class="panel replay-main" aria-label="Board">
<div class="board-wrap" id="replay-board"></div>
<div class="replay-controls" role="group" aria-label="Step through the game">
<button type="button" class="btn" data-step="first" aria-label="First turn">|◀</button>
<button type="button" class="btn" data-step="prev" aria-label="Previous turn">◀</button>
<input type="range" id="turn-slider" min="0" max="${last}" value="0" step="1" aria-label="Turn">
<button type="button" class="btn" data-step="next" aria-label="Next turn">▶</button>
<button type="button" class="btn" data-step="last" aria-label="Last turn">▶|</button>
<output id="turn-label" for="turn-slider" aria-live="polite"></output>
</div>
<div class="replay-sticks throw-panel" id="replay-sticks" data-testid="sticks"></div>
<figure class="race"><figcaption>Race: distance left to bear off <span class="key key-cone">Cone</span> <span class="key key-spool">Spool</span></figcaption><div id="race"></div></figure>
</section>
<section class="panel replay-side" aria-label="Moves">
<h2>Moves</h2>
<p class="note">Arrow keys step; Home and End jump.</p>
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
  root.innerHTML = '<p class="loading">Loading the game…</p>';
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
    root.innerHTML = `<section class="panel center"><h1>Game not found</h1><p>${esc(e instanceof Error ? e.message : String(e))}</p><p><a class="btn primary" href="/games">All games</a></p></section>`;
    return;
  }
  const all = frames(game);
  const series = raceSeries(game);
  const last = game.turns.length;
  root.innerHTML = replayPageHtml(game);
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
  document.title = `${game.cone?.display_name ?? 'Cone'} vs ${game.spool?.display_name ?? 'Spool'} · Senet Online`;
  const board = /** @type {HTMLElement} */ (root.querySelector('#replay-board'));
  const slider = /** @type {HTMLInputElement} */ (root.querySelector('#turn-slider'));
  const label = /** @type {HTMLElement} */ (root.querySelector('#turn-label'));
  const sticks = /** @type {HTMLElement} */ (root.querySelector('#replay-sticks'));
  const race = /** @type {HTMLElement} */ (root.querySelector('#race'));
  const list = /** @type {HTMLElement} */ (root.querySelector('#move-list'));
  let turn = turnFromSearch(location.search, last, 0);

  /**
   * Draws turn `n`; `push` records it in the address.
   * @param {number} n
   * @param {'push' | 'replace' | 'none'} history
   */
  function show(n, history) {
    turn = n;
    const s = frameState(all[n]);
    board.innerHTML = `${trayHtml(s, 'cone')}${boardHtml(s, { interactive: false })}${trayHtml(s, 'spool')}`;
    slider.value = String(n);
    label.textContent = `Turn ${n} of ${last}`;
    sticks.innerHTML = sticksHtml(game, n);
    race.innerHTML = raceChartSvg(series, n);
    list.innerHTML = moveListHtml(game, n);
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
}
