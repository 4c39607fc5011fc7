// Pure text: names, the headline, errors and durations in plain words.

import { colourName, rollText, standingText } from './describe.js';
import { reasonText } from './reasons.js';
import { actingSeat, mySeat, seatColour } from './state.js';

/** @typedef {import('../types.js').RoomState} RoomState */

/**
 * The computer's levels, weakest first, with words for people.
 * @type {ReadonlyArray<{level: import('../types.js').ComputerLevel, name: string, blurb: string}>}
 */
export const COMPUTER_LEVELS = Object.freeze([
  { level: 'beginner', name: 'Beginner', blurb: 'plays by feel' },
  { level: 'intermediate', name: 'Intermediate', blurb: 'takes the best-looking move' },
  { level: 'expert', name: 'Expert', blurb: 'thinks throws ahead' },
]);

/**
 * "Expert" for `expert`; unknown levels are shown as sent.
 * @param {string} level
 */
export function levelName(level) {
  return COMPUTER_LEVELS.find((l) => l.level === level)?.name ?? level;
}

/**
 * How a computer seat is named everywhere, the same in the room, the games
 * list, the replay and every rematch (a seat's colour may change between
 * games, so it is not in the name): "Expert computer"; where two computers
 * of one level sit at a table, numbered by seat, "Expert computer 2".
 * @param {string} level
 * @param {number} [nth]  its number among the table's computers of its level (0: the only one)
 */
export function computerName(level, nth = 0) {
  return `${levelName(level)} computer${nth ? ` ${nth}` : ''}`;
}

/**
 * The number `computerName` gives the computer in `seat` among a table's
 * seats: 0 when it is the only computer of its level, else 1, 2, … by seat.
 * @param {ReadonlyArray<{seat: number, computer?: string | null}>} seats
 * @param {number} seat
 */
export function computerNth(seats, seat) {
  const level = seats.find((x) => x.seat === seat)?.computer;
  if (!level) return 0;
  const same = seats.filter((x) => x.computer === level).map((x) => x.seat).sort((a, b) => a - b);
  return same.length > 1 ? same.indexOf(seat) + 1 : 0;
}

/**
 * The name of the player in a seat ("Nefertari", "Expert computer"), or the seat's colour when nobody sits there; "You" for the
 * receiver when `you`.
 * @param {RoomState} s
 * @param {number} seat
 * @param {boolean} [you]
 */
export function nameOf(s, seat, you = false) {
  if (you && mySeat(s) === seat) return 'You';
  const p = s.seats[seat]?.player;
  const c = seatColour(s, seat);
  if (p?.computer) return computerName(p.computer, computerNth(s.seats.map((x) => ({ seat: x.seat, computer: x.player?.computer })), seat));
  if (p) return p.display_name;
  return c === null ? `Seat ${seat + 1}` : colourName(s.desc, c);
}

/**
 * The words' context for a room (describe.js): the rule set and seat names.
 * @param {RoomState} s
 * @returns {import('./describe.js').Names}
 */
export function namesOf(s) {
  return { desc: s.desc, seat: (seat) => nameOf(s, seat), me: mySeat(s) };
}

/**
 * The headline: whose turn it is and what to do.
 * @param {RoomState} s
 * @returns {{text: string, mine: boolean}}
 */
export function statusLine(s) {
  const me = mySeat(s);
  if (s.next.kind === 'waiting' || s.status === 'waiting') {
    const open = s.seats.filter((x) => !x.player).length;
    return { text: `Waiting for ${open} more player${open === 1 ? '' : 's'} to join…`, mine: false };
  }
  if (s.next.kind === 'end') return { text: resultText(s), mine: false };
  const seat = actingSeat(s);
  if (seat === null) return { text: 'The rules are drawing…', mine: false };
  const mine = seat === me;
  const who = nameOf(s, seat);
  if (s.next.kind === 'throw') {
    const what = s.next.chance.kind === 'sticks' ? 'throw the sticks' : s.next.chance.kind === 'die' ? 'roll the die' : 'roll the dice';
    return mine ? { text: `Your turn: ${what}.`, mine } : { text: `${who} is about to ${what.replace(/^(throw|roll)/, (w) => w)}.`, mine };
  }
  const roll = s.lastRoll ? ` (${rollText(s.lastRoll, s.lastThrow ?? undefined)})` : '';
  return mine
    ? { text: `Your choice${roll}: pick a glowing piece or square, or an option below.`, mine }
    : { text: `${who} is choosing${roll}.`, mine };
}

/**
 * The result in words.
 * @param {RoomState} s
 */
export function resultText(s) {
  // The step that ended the game says how before `game_over` comes.
  const standing = s.standing ?? (s.next.kind === 'end' ? s.next.standing : null);
  if (!standing) return 'The game is over.';
  return `${standingText({ desc: s.desc, seat: (seat) => nameOf(s, seat, true), me: mySeat(s) }, standing).head.replace(/^You won/, 'You win')}.`;
}

/** Plain words for each server error code. */
const ERROR_WORDS = /** @type {Record<string, string>} */ ({
  bad_json: 'The server could not read a message from this page. Please reload.',
  unknown_type: 'The server did not understand a message from this page. Please reload.',
  bad_message: 'The server did not understand a message from this page. Please reload.',
  unsupported_version: 'This page is out of date for the server. Please reload.',
  binary_not_supported: 'The server did not understand a message from this page. Please reload.',
  frame_too_large: 'A message from this page was too large for the server.',
  not_a_player: 'You are watching this game, so you cannot play in it.',
  game_not_started: 'The game has not started yet: it is waiting for a second player.',
  not_your_turn: 'It is not your turn yet.',
  must_throw_first: 'Throw the sticks before moving a piece.',
  must_move_first: 'You have already thrown: move a piece first.',
  illegal_move: 'That move is not allowed.',
  game_over: 'The game is already over.',
  game_not_over: 'A rematch can only be arranged once the game is over.',
  no_rematch_offer: 'There is no rematch offer to answer any more.',
  not_abandoned: 'You cannot claim the win yet.',
  storage_error: 'The server could not save that action. Nothing changed; please try again.',
  room_moved: 'The game moved to another server. Nothing changed; reconnecting…',
  missing_token: 'You need a player name first.',
  invalid_token: 'The server no longer knows your saved player. Choose your name again.',
  invalid_display_name: 'Names may have 1–32 letters, digits, single spaces and _ - . \'',
  room_not_found: 'There is no room at this address. The link may be mistyped.',
  game_not_found: 'That game could not be found.',
  unknown_rule_set: 'The server does not know that rule set.',
  unknown_computer_level: 'The server does not know that computer level.',
  unavailable: 'The server is temporarily unavailable. Please try again in a moment.',
  internal: 'Something went wrong on the server. Please try again.',
  rate_limited: 'Too many attempts. Please wait a little and try again.',
  wrong_credentials: 'The username or the password is wrong.',
  username_taken: 'That username, or one that looks like it, is taken. Please choose another.',
  already_registered: 'This player already has an account: log in instead.',
  no_account: 'This player has no account yet: sign up first.',
  rated_needs_account: 'Rated games are for players with an account: sign up first.',
  rated_needs_clock: 'A rated game needs a clock: choose a time control.',
  rated_needs_people: 'Games against the computer are never rated.',
  player_not_found: 'There is no such player.',
  unknown_pool: 'There is no such rating list.',
  bad_origin: 'The server refused this page because it was opened from a different address. Open the game from the server\'s own address.',
  network: 'The server cannot be reached. Check your connection and try again.',
});

/**
 * An error from the server (WebSocket error frame or HTTP error body) in plain
 * words. Unknown codes fall back to the server's own message.
 * @param {string} code
 * @param {string} [message]
 * @param {string} [reason]
 * @param {import('../types.js').Description} [desc]  the room's rule set
 */
export function errorText(code, message, reason, desc) {
  if (code === 'illegal_move') {
    // The rules' reason in plain words where this page has them; else
    // the engine's own message.
    const words = reason && desc ? reasonText(reason, desc) : null;
    if (words) return `That move is not allowed. ${words}`;
    return message ? `That move is not allowed: ${message}.` : ERROR_WORDS.illegal_move;
  }
  if (code === 'not_abandoned' && message) {
    return `You cannot claim the win yet: ${message}.`;
  }
  const words = ERROR_WORDS[code];
  if (words) return words;
  return message ? `The server refused: ${message}` : `The server refused (${code}).`;
}

/**
 * Why the socket closed, in plain words (null when it is an ordinary drop).
 * The server sends 1008 both for too many messages and for a page that fell
 * behind reading the game's events; its reason says which.
 * @param {number} code
 * @param {string} [reason] the close frame's reason
 */
export function closeText(code, reason = '') {
  switch (code) {
    case 1001:
      return 'The server is restarting.';
    case 1008:
      return reason.includes('slow')
        ? 'This page fell behind the game; it will catch up when it reconnects.'
        : 'The server closed the connection because this page sent too many messages.';
    case 1009:
      return 'The server closed the connection because a message was too large.';
    case 1011:
      return 'The room stopped unexpectedly on the server.';
    case 1012:
      return 'The game moved to another server; reconnecting.';
    default:
      return null;
  }
}

/**
 * "3 s", "2 min", for connection notes.
 * @param {number} ms
 */
/**
 * A countdown as minutes and seconds, `1:47` (rounded up, never negative).
 * @param {number} ms
 */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A short duration, `13 s` or `4 min`.
 * @param {number} ms
 */
export function shortDuration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.round(s / 60)} min`;
}
