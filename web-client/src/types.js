// Shared JSDoc types of the WebSocket protocol version 2 and the rule-set
// descriptions (docs/protocol.md). Nothing here at run time.

/** @typedef {'beginner' | 'intermediate' | 'expert'} ComputerLevel */

/** @typedef {{kind: 'sticks'} | {kind: 'die'} | {kind: 'two_dice'} | {kind: 'lot'}} Chance */

/**
 * A rule set as data (`description` in snapshots, `GET /api/rule-sets`).
 * @typedef {Object} Description
 * @property {string} id
 * @property {string} name
 * @property {string} summary
 * @property {string} [piece_word]  what the rules call a piece: `piece`, Path of Peril's `pawn`
 * @property {{min: number, max: number}} seats
 * @property {{index: number, name: string}[]} colours
 * @property {number} pieces_per_seat
 * @property {number[]} piece_values
 * @property {'board' | 'reserve'} start
 * @property {number} squares
 * @property {{square: number, name: string, effect: string}[]} special_squares
 * @property {Chance} chance
 * @property {{first: number, last: number}} [exit_row]  where a piece waits to leave
 * @property {boolean} [guarded_by_neighbour]  a piece beside a friendly one cannot be taken
 * @property {{win: number, per_piece_left_by_row: number[]} | null} [series]  a room's series scoring
 * @property {{counted: 'light' | 'dark', squares: number[]} | null} [sticks]  how the sticks count: the squares by how many show the counted side
 */

/** @typedef {{seat: number | null, colour: number, value: number | null}} Occupant */
/** @typedef {{value: number | null}} Piece */

/**
 * @typedef {Object} SeatView
 * @property {number | null} colour
 * @property {Piece[]} reserve
 * @property {Piece[]} off
 * @property {Piece[]} removed
 * @property {number | null} score
 * @property {boolean} out
 */

/**
 * @typedef {Object} View
 * @property {Array<Occupant | null>} squares  square 1 first
 * @property {SeatView[]} seats
 * @property {number | null} to_move
 */

/**
 * @typedef {{kind: 'square', square: number} | {kind: 'reserve'} | {kind: 'off'} | {kind: 'removed'}} Place
 */

/**
 * @typedef {{kind: 'piece', seat: number, value: number | null, from: Place, to: Place, why: string}
 *   | {kind: 'colour', seat: number, colour: number}
 *   | {kind: 'pass', seat: number} | {kind: 'again', seat: number} | {kind: 'out', seat: number}} GameEvent
 */

/**
 * @typedef {{kind: 'sticks', sticks: boolean[]} | {kind: 'die', pip: number} | {kind: 'dice', first: number, second: number} | {kind: 'lot', seat: number}} Roll
 */

/**
 * @typedef {{kind: 'move', from: number}
 *   | {kind: 'move_dice', from: number, by: {kind: 'sum'} | {kind: 'die', pips: number}}
 *   | {kind: 'enter', to: number} | {kind: 'place', to: number}
 *   | {kind: 'remove', square: number} | {kind: 'roll', dice: number}} Choice
 */

/**
 * What a turn's throw is worth, as the rules count it (a step's `throw`).
 * @typedef {{kind: 'sticks', counted: 'light' | 'dark', up: number, squares: number}
 *   | {kind: 'die', squares: number} | {kind: 'dice', first: number, second: number}} ThrowValue
 */

/** @typedef {{step: 'chance', roll: Roll} | {step: 'decide', seat: number, choice: Choice}} Step */

/** @typedef {{option: string, choice: Choice, events?: GameEvent[]}} OptionInfo */

/**
 * A piece of the deciding seat that no option moves, with the rules' reason
 * (`code` and `message` as the `illegal_move` error for choosing it says them).
 * @typedef {{from: number, code: string, message: string}} BlockedInfo
 */

/** @typedef {{places: number[], scores: number[], how: string}} Standing */

/**
 * @typedef {{kind: 'waiting'} | {kind: 'throw', thrower: number, chance: Chance}
 *   | {kind: 'draw', chance: Chance} | {kind: 'decide', seat: number, options: OptionInfo[], blocked?: BlockedInfo[]}
 *   | {kind: 'end', standing: Standing}} Next
 */

/**
 * One entry of the record, as a `step` event or a snapshot's `steps` told it.
 * @typedef {Object} StepInfo
 * @property {number} step_no
 * @property {string} text
 * @property {number | null} seat
 * @property {Step | null} step
 * @property {'resigned' | 'abandoned' | 'time'} [left]
 * @property {GameEvent[]} events
 * @property {View} [view]  after the step (in `step` events and the stored game)
 * @property {number | null} [by]  for a chance step, the seat whose chance it was, as the server tells it (absent or null: nobody's, the lot)
 * @property {ThrowValue} [throw]  for a turn's throw, what it is worth
 */

/** @typedef {{player_id: string, display_name: string, computer?: ComputerLevel | null}} PlayerInfo */

/**
 * A seat as the server tells it. A seat whose person has no connection
 * carries `away_ms` (for how long, as of the frame) and, while the game is
 * on, `claim_in_ms` (in how long a win may be claimed against it when it
 * must act; 0 once it may).
 * @typedef {{seat: number, player: PlayerInfo | null, connected: boolean, out: boolean, away_ms?: number, claim_in_ms?: number}} SeatInfo
 */

/** @typedef {{role: 'seat', seat: number} | {role: 'spectator'}} You */

/**
 * @typedef {Object} Snapshot
 * @property {'snapshot'} type
 * @property {number} seq
 * @property {{code: string, invite_url: string, public: boolean, rated?: boolean}} room
 * @property {string} rule_set
 * @property {Description} description
 * @property {string} game_id
 * @property {number} game_no
 * @property {'waiting' | 'playing' | 'finished'} status
 * @property {SeatInfo[]} seats
 * @property {You} you
 * @property {View} view
 * @property {string} position
 * @property {Next} next
 * @property {StepInfo[]} steps
 * @property {Standing | null} standing
 * @property {number[]} rematch
 * @property {{player_id: string, points: number}[]} [series]
 * @property {number} [spectators]  how many watch
 */

/**
 * Any message from the server (loosely typed; the reducer checks `type`).
 * @typedef {{type: string, seq?: number, [key: string]: any}} ServerMessage
 */

/**
 * The client's view of a room.
 * @typedef {Object} RoomState
 * @property {number} seq
 * @property {boolean} needsSnapshot  an event was missed; ask for a snapshot
 * @property {string} code
 * @property {string} inviteUrl
 * @property {boolean} isPublic
 * @property {boolean} rated  its games change the players' ratings
 * @property {Description} desc
 * @property {string} gameId
 * @property {number} gameNo
 * @property {'waiting' | 'playing' | 'finished'} status
 * @property {SeatInfo[]} seats
 * @property {You} you
 * @property {View} view
 * @property {Next} next
 * @property {StepInfo[]} steps
 * @property {Standing | null} standing
 * @property {number[]} rematch
 * @property {boolean} rematchDeclined
 * @property {{player_id: string, points: number}[]} series
 * @property {Roll | null} lastRoll       the latest chance outcome
 * @property {number} lastRollStep        its step number (0: none)
 * @property {number | null} lastRollBy    who threw it (null: the rules drew it, or unknown)
 * @property {ThrowValue | null} lastThrow  what it is worth, when it was a turn's throw
 * @property {StepInfo | null} lastStep   the latest step, for marks and animation
 * @property {Array<number | null>} awaySince  by seat, ms timestamps
 * @property {Array<number | null>} claimAt    by seat, the local ms timestamp from which a win may be claimed against it
 * @property {number} spectators  how many watch
 */

export {};
