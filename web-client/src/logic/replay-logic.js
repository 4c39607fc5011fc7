// Pure logic of the history pages: the views step by step, the race
// (distance left to bear off, every seat), stepping and the ?step=N
// address. No DOM here.

import { t } from '../i18n/messages.js';

/** @typedef {import('../types.js').View} View */
/** @typedef {import('../types.js').StepInfo} StepInfo */

/**
 * A seat of a stored game.
 * @typedef {Object} GameSeat
 * @property {number} seat
 * @property {string | null} player_id
 * @property {string | null} display_name
 * @property {import('../types.js').ComputerLevel | null} computer
 * @property {number | null} colour
 * @property {number | null} place
 * @property {number | null} score
 */

/**
 * A stored game (`GET /api/games/{id}`).
 * @typedef {Object} GameRecord
 * @property {string} game_id
 * @property {string} room_code
 * @property {string} rule_set
 * @property {string} status
 * @property {number} seat_count
 * @property {GameSeat[]} seats
 * @property {import('../types.js').Standing | null} standing
 * @property {string | null} started_at
 * @property {string | null} finished_at
 * @property {number | null} duration_secs
 * @property {import('../types.js').Description} description
 * @property {View} start_view
 * @property {View} view
 * @property {Array<StepInfo & {think_ms?: number | null, clock_ms?: number[] | null}>} steps  each with its decision time, where it has one, and the clocks stored with it
 * @property {import('./clock.js').TimeControl} [time_control]  the room's (`{kind: 'none'}` for none)
 * @property {import('./fair.js').Fairness | null} [fairness]  null for games from before provably fair chance
 */

/**
 * How far each seat still has to go: for every piece on the board, the
 * squares to move to bear it off (31 minus its square); a piece in the
 * reserve has the whole path (31) to go; borne-off and removed pieces 0.
 * @param {View} view
 * @returns {number[]}  by seat
 */
export function distanceLeft(view) {
  const left = view.seats.map((sv) => sv.reserve.length * (view.squares.length + 1));
  view.squares.forEach((occ, i) => {
    if (occ && occ.seat !== null && occ.seat < left.length) left[occ.seat] += view.squares.length - i;
  });
  return left;
}

/**
 * The view after each step: index 0 is the start, index n after step n.
 * @param {GameRecord} game
 * @returns {View[]}
 */
export function frames(game) {
  /** @type {View[]} */
  const out = [game.start_view];
  for (const st of game.steps) out.push(st.view ?? out[out.length - 1]);
  return out;
}

/**
 * Each seat's distance left after every step (index 0 = the start).
 * @param {GameRecord} game
 * @returns {number[][]}
 */
export function raceSeries(game) {
  return frames(game).map((v) => distanceLeft(v));
}

/**
 * Keeps a turn number within 0..last.
 * @param {number} turn
 * @param {number} last
 */
export function clampTurn(turn, last) {
  if (!Number.isFinite(turn)) return 0;
  return Math.min(Math.max(0, Math.trunc(turn)), Math.max(0, last));
}

/**
 * The turn a step leads to.
 * @param {number} turn   the turn shown (0 = the start)
 * @param {'first' | 'prev' | 'next' | 'last'} step
 * @param {number} last   the number of turns
 */
export function stepTurn(turn, step, last) {
  switch (step) {
    case 'first':
      return 0;
    case 'prev':
      return clampTurn(turn - 1, last);
    case 'next':
      return clampTurn(turn + 1, last);
    case 'last':
      return last;
    default:
      return turn;
  }
}

/**
 * The step a key asks for: arrows step, Home and End jump.
 * @param {string} key  KeyboardEvent.key
 * @returns {'first' | 'prev' | 'next' | 'last' | null}
 */
export function keyStep(key) {
  switch (key) {
    case 'ArrowLeft':
      return 'prev';
    case 'ArrowRight':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/**
 * The step an address asks for (`?step=N`, or the older `?turn=N`), within the game; `fallback`
 * when absent or not a whole number.
 * @param {string} search  location.search
 * @param {number} last
 * @param {number} fallback
 */
export function turnFromSearch(search, last, fallback) {
  const params = new URLSearchParams(search);
  const raw = params.get('step') ?? params.get('turn');
  if (raw === null || !/^\d+$/.test(raw.trim())) return clampTurn(fallback, last);
  return clampTurn(Number(raw), last);
}

/**
 * The address of a step: the same path and other parameters, `step=N`.
 * @param {string} pathname
 * @param {string} search
 * @param {number} turn
 */
export function turnUrl(pathname, search, turn) {
  const params = new URLSearchParams(search);
  params.delete('turn');
  params.set('step', String(turn));
  return `${pathname}?${params.toString()}`;
}

/**
 * The game id in a replay address `/games/{id}`, or null.
 * @param {string} pathname
 */
export function gameIdFromPath(pathname) {
  const m = /^\/games\/([0-9a-fA-F-]{32,36})\/?$/.exec(pathname);
  return m ? m[1].toLowerCase() : null;
}

/**
 * "4 min 05 s", "52 s", "1 h 02 min".
 * @param {number | null} secs
 */
export function durationText(secs) {
  if (secs === null || !Number.isFinite(secs)) return '—';
  const s = Math.round(secs);
  if (s < 60) return t('format-duration-s', { s });
  if (s < 3600) return t('format-duration-min-s', { min: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
  return t('format-duration-h-min', { h: Math.floor(s / 3600), min: String(Math.floor((s % 3600) / 60)).padStart(2, '0') });
}
