// Pure logic of the history pages: positions, the race (distance left to
// bear off), turn stepping and the ?turn=N address. No DOM here.

import { SQUARES, borneOffFromBoard } from './board.js';

/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').Cell} Cell */
/** @typedef {import('./types.js').Move} Move */

/**
 * One turn of a stored game (`GET /api/games/{id}`).
 * @typedef {Object} GameTurn
 * @property {number} turn_no
 * @property {Side} side
 * @property {number} throw
 * @property {boolean[]} sticks
 * @property {number | null} from
 * @property {Move | null} move
 * @property {string[]} events  capture, water, bear_off, backward, forfeit
 * @property {boolean} extra_throw
 * @property {string} position  the position text after the turn
 */

/**
 * A stored game.
 * @typedef {Object} GameRecord
 * @property {string} game_id
 * @property {string} room_code
 * @property {string} rule_set
 * @property {string} status
 * @property {{player_id: string, display_name: string} | null} cone
 * @property {{player_id: string, display_name: string} | null} spool
 * @property {{winner: Side, how: 'borne_off' | 'resigned' | 'abandoned'} | null} result
 * @property {string | null} started_at
 * @property {string | null} finished_at
 * @property {number | null} duration_secs
 * @property {string} start_position
 * @property {string} record
 * @property {GameTurn[]} turns
 */

/**
 * Reads the engine's position text: 30 squares (`c`, `s` or `.`), a space,
 * then the letter of the side to move.
 * @param {string} text
 * @returns {{board: Cell[], toMove: Side}}
 */
export function parsePosition(text) {
  const m = /^([cs.]{30}) ([cs])$/.exec(text);
  if (!m) throw new RangeError(`not a position: ${text}`);
  /** @type {Cell[]} */
  const board = [...m[1]].map((c) => (c === 'c' ? 'cone' : c === 's' ? 'spool' : null));
  return { board, toMove: m[2] === 'c' ? 'cone' : 'spool' };
}

/**
 * How far each side still has to go: for every piece on the board, the
 * squares to move to bear it off (31 minus its square). Borne-off pieces
 * count 0, so a side that has borne off every piece is at 0.
 * @param {ReadonlyArray<Cell>} board
 * @returns {{cone: number, spool: number}}
 */
export function distanceLeft(board) {
  const left = { cone: 0, spool: 0 };
  board.forEach((cell, i) => {
    if (cell) left[cell] += SQUARES + 1 - (i + 1);
  });
  return left;
}

/**
 * The board after each turn: index 0 is the start, index n after turn n.
 * @param {GameRecord} game
 * @returns {{board: Cell[], toMove: Side, borneOff: {cone: number, spool: number}}[]}
 */
export function frames(game) {
  return [game.start_position, ...game.turns.map((t) => t.position)].map((text) => {
    const { board, toMove } = parsePosition(text);
    return { board, toMove, borneOff: borneOffFromBoard(board) };
  });
}

/**
 * Each side's distance left after every turn (index 0 = the start).
 * @param {GameRecord} game
 * @returns {{cone: number, spool: number}[]}
 */
export function raceSeries(game) {
  return frames(game).map((f) => distanceLeft(f.board));
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
 * The turn an address asks for (`?turn=N`), within the game; `fallback`
 * when absent or not a whole number.
 * @param {string} search  location.search
 * @param {number} last
 * @param {number} fallback
 */
export function turnFromSearch(search, last, fallback) {
  const raw = new URLSearchParams(search).get('turn');
  if (raw === null || !/^\d+$/.test(raw.trim())) return clampTurn(fallback, last);
  return clampTurn(Number(raw), last);
}

/**
 * The address of a turn: the same path and other parameters, `turn=N`.
 * @param {string} pathname
 * @param {string} search
 * @param {number} turn
 */
export function turnUrl(pathname, search, turn) {
  const params = new URLSearchParams(search);
  params.set('turn', String(turn));
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
 * A turn in a few words: "Cone threw 3: 9 → 12, captured".
 * @param {GameTurn} t
 */
export function turnWords(t) {
  const who = t.side === 'cone' ? 'Cone' : 'Spool';
  const m = t.move;
  if (t.from === null || !m) return `${who} threw ${t.throw}: no move, turn lost`;
  const to = m.to === 'off' ? 'off' : String(m.to);
  let text = `${who} threw ${t.throw}: ${m.from} → ${to}`;
  if (t.events.includes('capture')) text += ', captured';
  if (t.events.includes('water')) text += `, into the water, back to ${m.lands_on}`;
  if (t.events.includes('bear_off')) text = `${who} threw ${t.throw}: bore off from ${m.from}`;
  if (t.events.includes('backward')) text += ' (backward)';
  return text;
}

/**
 * "4 min 05 s", "52 s", "1 h 02 min".
 * @param {number | null} secs
 */
export function durationText(secs) {
  if (secs === null || !Number.isFinite(secs)) return '—';
  const s = Math.round(secs);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}
