// Shared JSDoc types of the WebSocket protocol v1 (docs/protocol.md).
// This module exports nothing at run time; it only holds typedefs.

/** @typedef {'cone' | 'spool'} Side */
/** @typedef {Side | null} Cell */

/**
 * @typedef {{kind: 'none'} | {kind: 'capture'} | {kind: 'bear_off'} | {kind: 'water', rebirth: number}} Effect
 */

/**
 * @typedef {Object} Move
 * @property {number} from
 * @property {number | 'off'} to
 * @property {'forward' | 'backward'} direction
 * @property {Effect} effect
 * @property {number | null} lands_on
 */

/** @typedef {'beginner' | 'intermediate' | 'expert'} ComputerLevel */

/**
 * @typedef {Object} Player
 * @property {Side} side
 * @property {string} player_id
 * @property {string} display_name
 * @property {boolean} connected
 * @property {ComputerLevel} [computer]  set when the seat is the computer's
 */

/** @typedef {{role: 'seat', side: Side} | {role: 'spectator'}} You */

/** @typedef {{winner: Side, how: 'borne_off' | 'resigned' | 'abandoned'}} Result */

/**
 * @typedef {{kind: 'waiting'} | {kind: 'to_throw'} | {kind: 'to_move', throw: number, moves: Move[]} | {kind: 'finished', result: Result}} Phase
 */

/**
 * @typedef {Object} ThrowView
 * @property {Side} side
 * @property {boolean[]} sticks  four sticks, true = light side up
 * @property {number} value
 * @property {boolean} [extra_throw]
 * @property {boolean} [forfeited]
 */

/** @typedef {{throw: number, action: {move: number} | 'forfeit'}} SnapshotTurn */

/**
 * @typedef {Object} Snapshot
 * @property {'snapshot'} type
 * @property {number} seq
 * @property {{code: string, invite_url: string, public: boolean}} room
 * @property {string} rule_set
 * @property {string} game_id
 * @property {number} game_no
 * @property {Player[]} players
 * @property {You} you
 * @property {string} position
 * @property {Cell[]} board
 * @property {{cone: number, spool: number}} borne_off
 * @property {Side} to_move
 * @property {Phase} phase
 * @property {ThrowView | null} last_throw
 * @property {string} record
 * @property {SnapshotTurn[]} turns
 * @property {Array<Move | null>} [moves]  each turn's full move (null for a forfeit)
 * @property {Side | null} rematch_offered_by
 */

/**
 * Any message from the server (loosely typed; the reducer checks `type`).
 * @typedef {{type: string, seq?: number, [key: string]: any}} ServerMessage
 */

/**
 * One line of the turn record as the client shows it.
 * @typedef {Object} TurnEntry
 * @property {number} no       1-based turn number
 * @property {Side} side
 * @property {number} throw
 * @property {number | null} from  null for a forfeited turn
 * @property {Move | null} move    the full move when it was seen live
 */

/**
 * What the last event did, for the board's short animation.
 * @typedef {Object} LastAction
 * @property {number} id      increases with every new action
 * @property {Side} side
 * @property {Move} move
 */

/**
 * The client's view of a room.
 * @typedef {Object} RoomState
 * @property {number} seq
 * @property {boolean} needsSnapshot  an event was missed; ask for a snapshot
 * @property {string} code
 * @property {string} inviteUrl
 * @property {boolean} isPublic
 * @property {string} gameId
 * @property {number} gameNo
 * @property {Player[]} players
 * @property {You} you
 * @property {Cell[]} board
 * @property {{cone: number, spool: number}} borneOff
 * @property {Side} toMove
 * @property {Phase} phase
 * @property {ThrowView | null} lastThrow
 * @property {TurnEntry[]} turns
 * @property {Side | null} rematchOfferedBy
 * @property {Side | null} rematchDeclinedBy
 * @property {LastAction | null} lastAction
 * @property {{cone: number | null, spool: number | null}} awaySince  ms timestamps
 */

export {};
