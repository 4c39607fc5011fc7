// The room page's one state object (as chessground keeps its board in one
// `State`): everything that changes while the page is open, in one place
// that the input, the pacing and the render read, instead of locals spread
// over the controller. `game` is the room as the server last said it
// (reduced by `logic/state.js`); the rest is this page's own.

import { inputKind } from '../logic/tap.js';

/** Where the "play forced moves for me" switch is remembered. */
export const AUTO_FORCED_KEY = 'senet.autoForced';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').Next} Next */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */

/**
 * @typedef {Object} RoomPage
 * @property {string} code              the room's code
 * @property {string | null} token      the player's token (none: a spectator without a name)
 * @property {RoomState | null} game    the room as the server last said it; null until the first snapshot
 * @property {boolean} online           the socket is open
 * @property {boolean} pending          a decision was sent and the server has not answered yet
 * @property {string | null} picked     a square's options (`|`-joined), shown alone as buttons
 * @property {string | null} tapped     the board control a finger previews (a second tap plays it)
 * @property {string} lastPointer       how the player last pointed (`pointerType`; `touch`: tap to preview)
 * @property {boolean} keyboardUser     focus follows the play (throw → pieces → throw) only for keyboard users
 * @property {boolean} tossNext         the next draw tosses the chance: a new chance step came
 * @property {boolean} drawn            the page was drawn once: later steps slide and sound
 * @property {Next | null} lastNext     what came next before, draws left out (for "your turn")
 * @property {boolean} autoForced       "play forced moves for me"
 * @property {number} forcedAt          how many steps the game had when a forced move was last sent (once a step)
 */

/**
 * The state of a room page just opened.
 * @param {string} code
 * @param {string | null} token
 * @param {Storage} storage  where the switches are remembered
 * @returns {RoomPage}
 */
export function createRoomPage(code, token, storage) {
  return {
    code,
    token,
    game: null,
    online: false,
    pending: false,
    picked: null,
    tapped: null,
    lastPointer: '',
    keyboardUser: false,
    tossNext: false,
    drawn: false,
    lastNext: null,
    autoForced: storage.getItem(AUTO_FORCED_KEY) === '1',
    forcedAt: -1,
  };
}

/**
 * Whether the player uses a touch screen now (the hints say "tap").
 * @param {RoomPage} page
 */
export function touching(page) {
  return inputKind(page.lastPointer) === 'touch';
}

/**
 * A step came: a choice the player had begun is over, and a chance step
 * is tossed on the next draw.
 * @param {RoomPage} page
 * @param {ServerMessage} msg  a `step` message
 */
export function stepCame(page, msg) {
  page.picked = null;
  page.tapped = null;
  if (msg.step && msg.step.step === 'chance') page.tossNext = true;
}

/**
 * The page was drawn: the toss is done, and the first draw sets what came
 * next before (so a reload is no "your turn").
 * @param {RoomPage} page
 * @param {boolean} tappedShown  the tapped control is still on the board
 */
export function drew(page, tappedShown) {
  if (!page.drawn && page.game) page.lastNext = page.game.next.kind === 'draw' ? null : page.game.next;
  if (!tappedShown) page.tapped = null;
  page.tossNext = false;
  page.drawn = true;
}
