// Pure room state: a snapshot plus the events after it give the view state.
// No DOM here, so node's test runner can check it.

import { borneOffFromBoard } from './board.js';

/** @typedef {import('./types.js').RoomState} RoomState */
/** @typedef {import('./types.js').ServerMessage} ServerMessage */
/** @typedef {import('./types.js').Snapshot} Snapshot */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').TurnEntry} TurnEntry */
/** @typedef {import('./types.js').SnapshotTurn} SnapshotTurn */

/** Throws that let the same side throw again after a move (standard rules). */
export const EXTRA_THROW_VALUES = Object.freeze([1, 4, 5]);

/**
 * The other side.
 * @param {Side} side
 * @returns {Side}
 */
export function opponent(side) {
  return side === 'cone' ? 'spool' : 'cone';
}

/**
 * Rebuilds who played each turn of a snapshot's record: the Cone starts; a
 * move on 1, 4 or 5 keeps the turn, anything else (and every forfeit) passes it.
 * `moves` are the snapshot's full moves, turn by turn, when it sends them.
 * @param {ReadonlyArray<SnapshotTurn>} turns
 * @param {ReadonlyArray<import('./types.js').Move | null>} [moves]
 * @returns {TurnEntry[]}
 */
export function turnsFromSnapshot(turns, moves = []) {
  /** @type {Side} */
  let side = 'cone';
  return turns.map((turn, i) => {
    const from = turn.action === 'forfeit' ? null : turn.action.move;
    const full = moves[i] ?? null;
    /** @type {TurnEntry} */
    const entry = { no: i + 1, side, throw: turn.throw, from, move: full && full.from === from ? full : null };
    const keeps = from !== null && EXTRA_THROW_VALUES.includes(turn.throw);
    if (!keeps) side = opponent(side);
    return entry;
  });
}

/**
 * The view state of a fresh snapshot.
 * @param {Snapshot} snap
 * @param {number} [now]
 * @returns {RoomState}
 */
export function fromSnapshot(snap, now = Date.now()) {
  /** @type {{cone: number | null, spool: number | null}} */
  const awaySince = { cone: null, spool: null };
  for (const p of snap.players) if (!p.connected) awaySince[p.side] = now;
  return {
    seq: snap.seq,
    needsSnapshot: false,
    code: snap.room.code,
    inviteUrl: snap.room.invite_url,
    isPublic: snap.room.public,
    gameId: snap.game_id,
    gameNo: snap.game_no,
    players: snap.players.map((p) => ({ ...p })),
    you: snap.you,
    board: snap.board.slice(),
    borneOff: { ...snap.borne_off },
    toMove: snap.to_move,
    phase: snap.phase,
    lastThrow: snap.last_throw,
    turns: turnsFromSnapshot(snap.turns, snap.moves),
    rematchOfferedBy: snap.rematch_offered_by,
    rematchDeclinedBy: null,
    lastAction: null,
    awaySince,
  };
}

/**
 * @typedef {Object} Reduced
 * @property {RoomState | null} state
 * @property {boolean} resync  true when the client must ask for a snapshot
 * @property {boolean} changed true when the state changed
 */

/**
 * Applies one server message. Snapshots replace the state; events must carry
 * the next `seq`, otherwise the state is marked stale and `resync` is set.
 * Private replies (errors, pong) leave the state alone.
 * @param {RoomState | null} state
 * @param {ServerMessage} msg
 * @param {number} [now]
 * @returns {Reduced}
 */
export function reduce(state, msg, now = Date.now()) {
  if (msg.type === 'snapshot') {
    return { state: fromSnapshot(/** @type {Snapshot} */ (/** @type {unknown} */ (msg)), now), resync: false, changed: true };
  }
  if (typeof msg.seq !== 'number') return { state, resync: false, changed: false };
  if (state === null) return { state, resync: false, changed: false };
  if (msg.seq <= state.seq) return { state, resync: false, changed: false }; // already seen
  if (state.needsSnapshot) return { state, resync: false, changed: false }; // a snapshot is on its way
  if (msg.seq !== state.seq + 1) {
    return { state: { ...state, needsSnapshot: true }, resync: true, changed: true };
  }
  const next = applyEvent({ ...state, seq: msg.seq }, msg, now);
  return { state: next, resync: false, changed: true };
}

/**
 * @param {RoomState} s  a copy that may be changed
 * @param {ServerMessage} msg
 * @param {number} now
 * @returns {RoomState}
 */
function applyEvent(s, msg, now) {
  switch (msg.type) {
    case 'thrown': {
      s.lastThrow = { side: msg.side, sticks: msg.sticks, value: msg.value, extra_throw: msg.extra_throw, forfeited: msg.forfeited };
      s.phase = msg.forfeited ? { kind: 'to_throw' } : { kind: 'to_move', throw: msg.value, moves: msg.moves };
      s.rematchDeclinedBy = null;
      return s;
    }
    case 'moved': {
      s.board = msg.board.slice();
      s.borneOff = borneOffFromBoard(s.board);
      s.toMove = msg.to_move;
      s.phase = { kind: 'to_throw' };
      s.turns = [...s.turns, { no: msg.turn_no, side: msg.side, throw: msg.throw, from: msg.move.from, move: msg.move }];
      s.lastAction = { id: (s.lastAction?.id ?? 0) + 1, side: msg.side, move: msg.move };
      return s;
    }
    case 'forfeited': {
      s.toMove = msg.to_move;
      s.phase = { kind: 'to_throw' };
      s.turns = [...s.turns, { no: msg.turn_no, side: msg.side, throw: msg.throw, from: null, move: null }];
      return s;
    }
    case 'game_over':
      s.phase = { kind: 'finished', result: msg.result };
      return s;
    case 'player_joined': {
      const others = s.players.filter((p) => p.side !== msg.side);
      s.players = [...others, { side: msg.side, player_id: msg.player_id, display_name: msg.display_name, connected: true }];
      return s;
    }
    case 'game_started':
      // A snapshot follows; keep what we know until it arrives.
      s.players = msg.players.map((/** @type {import('./types.js').Player} */ p) => ({ ...p }));
      s.gameId = msg.game_id;
      s.gameNo = msg.game_no;
      s.rematchOfferedBy = null;
      return s;
    case 'disconnected':
    case 'reconnected': {
      const connected = msg.type === 'reconnected';
      s.players = s.players.map((p) => (p.side === msg.side ? { ...p, connected } : p));
      s.awaySince = { ...s.awaySince, [msg.side]: connected ? null : now };
      return s;
    }
    case 'rematch_offered':
      s.rematchOfferedBy = msg.by;
      s.rematchDeclinedBy = null;
      return s;
    case 'rematch_declined':
      s.rematchOfferedBy = null;
      s.rematchDeclinedBy = msg.by;
      return s;
    default:
      return s; // unknown events still advance seq
  }
}

/**
 * The receiver's side, or null for a spectator.
 * @param {RoomState} s
 * @returns {Side | null}
 */
export function mySide(s) {
  return s.you.role === 'seat' ? s.you.side : null;
}

/**
 * The player on a side, if seated.
 * @param {RoomState} s
 * @param {Side} side
 */
export function playerOn(s, side) {
  return s.players.find((p) => p.side === side);
}

/**
 * May the receiver throw now?
 * @param {RoomState} s
 */
export function canThrow(s) {
  return mySide(s) === s.toMove && s.phase.kind === 'to_throw';
}

/**
 * The moves the receiver may play now (empty unless it is their move).
 * @param {RoomState} s
 * @returns {import('./types.js').Move[]}
 */
export function myMoves(s) {
  if (s.phase.kind !== 'to_move' || mySide(s) !== s.toMove) return [];
  return s.phase.moves;
}

/**
 * May the receiver claim the win? Only when the opponent is to move and away.
 * The server decides whether they have been away long enough.
 * @param {RoomState} s
 */
export function canClaimWin(s) {
  const me = mySide(s);
  if (!me || s.phase.kind === 'finished' || s.phase.kind === 'waiting') return false;
  const them = opponent(me);
  if (s.toMove !== them) return false;
  const p = playerOn(s, them);
  // The computer never leaves, so there is never a win to claim from it.
  return p !== undefined && !p.connected && !p.computer;
}

/**
 * The computer's level when it holds this seat, else null.
 * @param {RoomState} s
 * @param {Side} side
 * @returns {import('./types.js').ComputerLevel | null}
 */
export function computerOn(s, side) {
  return playerOn(s, side)?.computer ?? null;
}
