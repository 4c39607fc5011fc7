// Protocol version 2 fixtures shaped like the server's frames (docs/protocol.md).
// A description's names are message keys, as the engine gives them.

import './messages.js';

/** @typedef {import('../../src/types.js').Snapshot} Snapshot */
/** @typedef {import('../../src/types.js').Description} Description */
/** @typedef {import('../../src/types.js').View} View */

/** @type {Description} */
export const KENDALL = {
  id: 'kendall',
  name: 'rule-set-kendall',
  summary: 'rule-set-kendall.summary',
  seats: { min: 2, max: 2 },
  colours: [{ index: 0, name: 'colour-cone' }, { index: 1, name: 'colour-spool' }],
  pieces_per_seat: 5,
  piece_values: [],
  start: 'board',
  squares: 30,
  special_squares: [
    { square: 15, name: 'square-kendall-15', effect: 'square-kendall-15.effect' },
    { square: 26, name: 'square-kendall-26', effect: 'square-kendall-26.effect' },
    { square: 27, name: 'square-kendall-27', effect: 'square-kendall-27.effect' },
  ],
  chance: { kind: 'sticks' },
};

/** @type {Description} */
export const MODERN = {
  ...KENDALL,
  id: 'modern',
  name: 'rule-set-modern',
  summary: 'rule-set-modern.summary',
  seats: { min: 2, max: 4 },
  colours: [{ index: 0, name: 'colour-p1' }, { index: 1, name: 'colour-p2' }, { index: 2, name: 'colour-p3' }, { index: 3, name: 'colour-p4' }],
  piece_values: [1, 2, 3, 4, 5],
  special_squares: [{ square: 26, name: 'square-modern-26', effect: 'square-modern-26.effect' }],
  chance: { kind: 'two_dice' },
};

/**
 * A view: pieces alternating on 1–10 for two seats (or `seats` seats).
 * @param {number} [seats]
 * @returns {View}
 */
export function startView(seats = 2) {
  /** @type {View['squares']} */
  const squares = Array(30).fill(null);
  for (let i = 0; i < 10; i += 1) squares[i] = { seat: i % seats, colour: i % seats, value: null };
  return {
    squares,
    seats: Array.from({ length: seats }, (_, i) => ({ colour: i, reserve: [], off: [], removed: [], score: null, out: false })),
    to_move: 0,
  };
}

/**
 * A kendall snapshot with overrides.
 * @param {Partial<Snapshot>} [over]
 * @returns {Snapshot}
 */
export function snapshot(over = {}) {
  /** @type {Snapshot} */
  const base = {
    type: 'snapshot',
    seq: 4,
    room: { code: 'fKyYn7R0Xivml-Vp', invite_url: 'http://127.0.0.1:8080/r/fKyYn7R0Xivml-Vp', public: true },
    rule_set: 'kendall',
    description: KENDALL,
    game_id: 'd9f2184e-b780-4e47-8154-8b4f81061abd',
    game_no: 1,
    status: 'playing',
    seats: [
      { seat: 0, player: { player_id: 'p0', display_name: 'Nefertari' }, connected: true, out: false },
      { seat: 1, player: { player_id: 'p1', display_name: 'Akhenaten' }, connected: true, out: false },
    ],
    you: { role: 'seat', seat: 0 },
    view: startView(),
    position: 'cscscscscs.................... c',
    next: { kind: 'throw', thrower: 0, chance: { kind: 'sticks' } },
    steps: [],
    standing: null,
    rematch: [],
  };
  return { ...base, ...over };
}

/**
 * A `step` event.
 * @param {number} seq
 * @param {Record<string, any>} over
 */
export function stepEvent(seq, over) {
  return { v: 2, type: 'step', seq, step_no: seq - 4, text: '', seat: null, step: null, events: [], view: startView(), position: '', next: { kind: 'throw', thrower: 0, chance: { kind: 'sticks' } }, ...over };
}
