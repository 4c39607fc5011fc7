// Pure text: names, the headline, errors and durations in plain words.

import { SOURCE_LANGUAGE, language, t } from '../i18n/messages.js';
import { colourName, rollText, standingText } from './describe.js';
import { reasonText } from './reasons.js';
import { actingSeat, mySeat, seatColour } from './state.js';

/** @typedef {import('../types.js').RoomState} RoomState */

/**
 * The computer's levels, weakest first, with words for people (read when
 * used: the words are the page's language's).
 * @type {ReadonlyArray<{level: import('../types.js').ComputerLevel, name: string, blurb: string}>}
 */
export const COMPUTER_LEVELS = Object.freeze([
  {
    level: /** @type {const} */ ('beginner'),
    get name() { return t('computer-level-beginner'); },
    get blurb() { return t('computer-level-beginner.blurb'); },
  },
  {
    level: /** @type {const} */ ('intermediate'),
    get name() { return t('computer-level-intermediate'); },
    get blurb() { return t('computer-level-intermediate.blurb'); },
  },
  {
    level: /** @type {const} */ ('expert'),
    get name() { return t('computer-level-expert'); },
    get blurb() { return t('computer-level-expert.blurb'); },
  },
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
  const name = t('computer-name', { level });
  return nth ? t('computer-name-numbered', { name, nth }) : name;
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
  if (you && mySeat(s) === seat) return t('format-you');
  const p = s.seats[seat]?.player;
  const c = seatColour(s, seat);
  if (p?.computer) return computerName(p.computer, computerNth(s.seats.map((x) => ({ seat: x.seat, computer: x.player?.computer })), seat));
  if (p) return p.display_name;
  return c === null ? t('format-seat', { number: seat + 1 }) : colourName(s.desc, c);
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
    return { text: t('status-waiting', { count: open }), mine: false };
  }
  if (s.next.kind === 'end') return { text: resultText(s), mine: false };
  const seat = actingSeat(s);
  if (seat === null) return { text: t('status-drawing'), mine: false };
  const mine = seat === me;
  const name = nameOf(s, seat);
  if (s.next.kind === 'throw') {
    return { text: t('status-throw', { me: yesNo(mine), name, chance: s.next.chance.kind }), mine };
  }
  const roll = s.lastRoll ? rollText(s.lastRoll, s.lastThrow ?? undefined) : '';
  const piece = s.desc.piece_word ?? 'piece';
  return { text: t('status-choose', { me: yesNo(mine), name, rolled: yesNo(Boolean(roll)), roll, piece }), mine };
}

/** @param {boolean} b */
function yesNo(b) {
  return b ? 'yes' : 'no';
}

/**
 * The result in words, a whole sentence ("You win, by resignation.",
 * "Nefertari won, bearing off every piece."): the standing's head
 * (describe.js), the reader's own win said to them.
 * @param {RoomState} s
 */
export function resultText(s) {
  // The step that ended the game says how before `game_over` comes.
  const standing = s.standing ?? (s.next.kind === 'end' ? s.next.standing : null);
  if (!standing) return t('result-over');
  const { head } = standingText({ desc: s.desc, seat: (seat) => nameOf(s, seat), me: mySeat(s) }, standing, { you: true });
  return t('result-sentence', { head });
}

/** The sentence for each server error code people may see. */
const ERROR_KEYS = /** @type {Record<string, string>} */ ({
  bad_json: 'error-bad-json',
  unknown_type: 'error-not-understood',
  bad_message: 'error-not-understood',
  unsupported_version: 'error-unsupported-version',
  binary_not_supported: 'error-not-understood',
  frame_too_large: 'error-frame-too-large',
  not_a_player: 'error-not-a-player',
  game_not_started: 'error-game-not-started',
  not_your_turn: 'error-not-your-turn',
  must_throw_first: 'error-must-throw-first',
  must_move_first: 'error-must-move-first',
  illegal_move: 'error-illegal-move',
  game_over: 'error-game-over',
  game_not_over: 'error-game-not-over',
  no_rematch_offer: 'error-no-rematch-offer',
  not_abandoned: 'error-not-abandoned',
  storage_error: 'error-storage',
  room_moved: 'error-room-moved',
  missing_token: 'error-missing-token',
  invalid_token: 'error-invalid-token',
  invalid_display_name: 'error-invalid-display-name',
  room_not_found: 'error-room-not-found',
  game_not_found: 'error-game-not-found',
  unknown_rule_set: 'error-unknown-rule-set',
  unknown_computer_level: 'error-unknown-computer-level',
  unavailable: 'error-unavailable',
  internal: 'error-internal',
  rate_limited: 'error-rate-limited',
  wrong_credentials: 'error-wrong-credentials',
  username_taken: 'error-username-taken',
  already_registered: 'error-already-registered',
  no_account: 'error-no-account',
  rated_needs_account: 'error-rated-needs-account',
  rated_needs_clock: 'error-rated-needs-clock',
  rated_needs_people: 'error-rated-needs-people',
  player_not_found: 'error-player-not-found',
  unknown_pool: 'error-unknown-pool',
  bad_origin: 'error-bad-origin',
  network: 'error-network',
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
    // the engine's own message (English: a catalogue may leave it out).
    const words = reason && desc ? reasonText(reason, desc) : null;
    if (words) return t('error-illegal-move-reason', { reason: words });
    return message ? t('error-illegal-move-detail', { detail: message }) : t('error-illegal-move');
  }
  if (code === 'not_abandoned' && message) {
    return t('error-not-abandoned-detail', { detail: message });
  }
  if (Object.hasOwn(ERROR_KEYS, code)) return t(ERROR_KEYS[code]);
  const status = /^http_(\d{3})$/.exec(code);
  if (status) return t('error-http', { status: Number(status[1]) });
  // The server's own message is English, for developers: a page in
  // another language shows the code rather than a sentence in English.
  return message && language() === SOURCE_LANGUAGE ? t('error-refused-detail', { detail: message }) : t('error-refused', { code });
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
      return t('format-close-restarting');
    case 1008:
      return reason.includes('slow') ? t('format-close-slow') : t('format-close-too-many');
    case 1009:
      return t('format-close-too-large');
    case 1011:
      return t('format-close-room-stopped');
    case 1012:
      return t('format-close-moved');
    case 4401:
      return t('format-close-signed-out');
    default:
      return null;
  }
}

/**
 * A countdown as minutes and seconds, `1:47` (rounded up, never negative):
 * clock digits, the same in every language.
 * @param {number} ms
 */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A short duration, `13 s` or `4 min`, for connection notes.
 * @param {number} ms
 */
export function shortDuration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? t('format-duration-s', { s }) : t('format-duration-min', { min: Math.round(s / 60) });
}
