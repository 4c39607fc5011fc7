// Protocol fixtures shaped like the server's frames (docs/protocol.md).

/** @typedef {import('../../src/types.js').Snapshot} Snapshot */

export const START = /** @type {const} */ (['cone', 'spool', 'cone', 'spool', 'cone', 'spool', 'cone', 'spool', 'cone', 'spool']);

/**
 * A snapshot with overrides.
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
    game_id: 'd9f2184e-b780-4e47-8154-8b4f81061abd',
    game_no: 1,
    players: [
      { side: 'cone', player_id: 'p-cone', display_name: 'Nefertari', connected: true },
      { side: 'spool', player_id: 'p-spool', display_name: 'Akhenaten', connected: true },
    ],
    you: { role: 'seat', side: 'cone' },
    position: 'cscscs.scsc................... c',
    board: [...START, ...Array(20).fill(null)],
    borne_off: { cone: 0, spool: 0 },
    to_move: 'cone',
    phase: { kind: 'to_throw' },
    last_throw: null,
    record: '',
    turns: [],
    rematch_offered_by: null,
  };
  return { ...base, ...over };
}

/** @param {number} from @param {number} to */
export function plainMove(from, to) {
  return { from, to, direction: /** @type {const} */ ('forward'), effect: { kind: /** @type {const} */ ('none') }, lands_on: to };
}
