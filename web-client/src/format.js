// Pure text: moves, effects, throws, results and errors in plain words.

import { specialSquare } from './board.js';
import { EXTRA_THROW_VALUES, mySide, opponent, playerOn } from './state.js';

/** @typedef {import('./types.js').Move} Move */
/** @typedef {import('./types.js').Side} Side */
/** @typedef {import('./types.js').RoomState} RoomState */

/**
 * "Cone" / "Spool".
 * @param {Side} side
 */
export function sideName(side) {
  return side === 'cone' ? 'Cone' : 'Spool';
}

/**
 * A square with its name when it is special: "square 27 (House of Water)".
 * @param {number} square
 */
export function squareName(square) {
  const special = specialSquare(square);
  return special ? `square ${square} (${special.name})` : `square ${square}`;
}

/**
 * The effect of a move in a few words, for badges: "capture", "water"…
 * @param {Move} move
 * @returns {'capture' | 'water' | 'bear_off' | 'backward' | 'move'}
 */
export function moveKind(move) {
  if (move.effect.kind === 'capture') return 'capture';
  if (move.effect.kind === 'water') return 'water';
  if (move.effect.kind === 'bear_off' || move.to === 'off') return 'bear_off';
  if (move.direction === 'backward') return 'backward';
  return 'move';
}

/**
 * A full sentence describing a move before it is played (preview, ARIA).
 * @param {Move} move
 * @param {Side} side  the side moving
 */
export function describeMove(move, side) {
  const piece = `${sideName(side)} on ${squareName(move.from)}`;
  const other = sideName(opponent(side));
  const back = move.direction === 'backward' ? 'backward ' : '';
  switch (move.effect.kind) {
    case 'bear_off':
      return `Bear off the ${piece}: it leaves the board.`;
    case 'capture':
      return `Move the ${piece} ${back}to ${squareName(Number(move.to))}, capturing the ${other} there; it goes back to square ${move.from}.`;
    case 'water':
      return `Move the ${piece} ${back}to square 27: it falls into the House of Water and is washed back to square ${move.effect.rebirth}.`;
    default:
      if (move.direction === 'backward') {
        return `No forward move is possible: move the ${piece} backward to ${squareName(Number(move.to))}.`;
      }
      return `Move the ${piece} to ${squareName(Number(move.to))}.`;
  }
}

/**
 * A short past-tense line for the turn record.
 * @param {import('./types.js').TurnEntry} t
 */
export function describeTurn(t) {
  const who = sideName(t.side);
  if (t.from === null) return `${who} threw ${t.throw}: no move possible, turn lost`;
  const m = t.move;
  if (!m) return `${who} threw ${t.throw}, moved from ${t.from}`;
  switch (m.effect.kind) {
    case 'bear_off':
      return `${who} threw ${t.throw}, bore off from ${m.from}`;
    case 'capture':
      return `${who} threw ${t.throw}, ${m.from} → ${m.to}, captured`;
    case 'water':
      return `${who} threw ${t.throw}, ${m.from} → 27, into the water, back to ${m.effect.rebirth}`;
    default:
      return `${who} threw ${t.throw}, ${m.from} → ${m.to}${m.direction === 'backward' ? ' (backward)' : ''}`;
  }
}

/**
 * Light sides up → value, following the standard rules (none light = 5).
 * @param {ReadonlyArray<boolean>} sticks
 */
export function throwValue(sticks) {
  const light = sticks.filter(Boolean).length;
  return light === 0 ? 5 : light;
}

/**
 * A sentence about a throw: "3 light sides: move 3. The turn then passes."
 * @param {import('./types.js').ThrowView} t
 */
export function describeThrow(t) {
  const light = t.sticks.filter(Boolean).length;
  const sides = light === 0 ? 'No light side up' : `${light} light side${light === 1 ? '' : 's'} up`;
  const again = t.extra_throw ?? EXTRA_THROW_VALUES.includes(t.value);
  if (t.forfeited) return `${sides}: ${t.value}. No piece can move, so the turn is lost.`;
  return `${sides}: move ${t.value}. ${again ? 'Another throw after the move.' : 'Then the turn passes.'}`;
}

/**
 * The computer's levels, weakest first, with words for people.
 * @type {ReadonlyArray<{level: import('./types.js').ComputerLevel, name: string, blurb: string}>}
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
 * Display name of the player on a side, or the side's name.
 * @param {RoomState} s
 * @param {Side} side
 */
export function nameOf(s, side) {
  return playerOn(s, side)?.display_name ?? sideName(side);
}

/**
 * The headline: whose turn it is and what to do.
 * @param {RoomState} s
 * @returns {{text: string, mine: boolean}}
 */
export function statusLine(s) {
  const me = mySide(s);
  const phase = s.phase;
  if (phase.kind === 'waiting') {
    return { text: me ? 'Waiting for an opponent to join…' : 'Waiting for a second player…', mine: false };
  }
  if (phase.kind === 'finished') return { text: resultText(s), mine: false };
  const who = nameOf(s, s.toMove);
  const mine = me === s.toMove;
  if (phase.kind === 'to_throw') {
    return mine
      ? { text: 'Your turn: throw the sticks.', mine }
      : { text: `${who} (${sideName(s.toMove)}) is about to throw.`, mine };
  }
  return mine
    ? { text: `You threw ${phase.throw}. Pick a glowing piece to move it.`, mine }
    : { text: `${who} (${sideName(s.toMove)}) threw ${phase.throw} and is choosing a move.`, mine };
}

/**
 * The result in words, from the receiver's point of view.
 * @param {RoomState} s
 */
export function resultText(s) {
  if (s.phase.kind !== 'finished') return '';
  const { winner, how } = s.phase.result;
  const me = mySide(s);
  const loser = opponent(winner);
  const winnerName = nameOf(s, winner);
  const loserName = nameOf(s, loser);
  const headline = me === null ? `${winnerName} (${sideName(winner)}) wins` : me === winner ? 'You win' : `${winnerName} wins`;
  switch (how) {
    case 'resigned':
      return `${headline}: ${me === loser ? 'you resigned' : `${loserName} resigned`}.`;
    case 'abandoned':
      return `${headline}: ${me === loser ? 'you' : loserName} stayed away too long.`;
    default:
      return `${headline}, bearing off all five pieces!`;
  }
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
  missing_token: 'You need a player name first.',
  invalid_token: 'The server no longer knows your saved player. Choose your name again.',
  invalid_display_name: 'Names may have 1–32 letters, digits, single spaces and _ - . \'',
  room_not_found: 'There is no room at this address. The link may be mistyped.',
  game_not_found: 'That game could not be found.',
  unknown_rule_set: 'The server does not know that rule set.',
  unknown_computer_level: 'The server does not know that computer level.',
  unavailable: 'The server is temporarily unavailable. Please try again in a moment.',
  internal: 'Something went wrong on the server. Please try again.',
  rate_limited: 'Too many requests. Please slow down.',
  bad_origin: 'The server refused this page because it was opened from a different address. Open the game from the server\'s own address.',
  network: 'The server cannot be reached. Check your connection and try again.',
});

/** Plain words for the engine's `illegal_move` reasons. */
const REASON_WORDS = /** @type {Record<string, string>} */ ({
  no_piece_of_yours: 'there is none of your pieces on that square',
  must_stop_on_26: 'every piece must stop on square 26 (House of Happiness) first',
  overshoots: 'the throw would carry the piece past the end of the board',
  blockade: 'three opponent pieces in a row block the way',
  own_piece_on_destination: 'one of your own pieces is already on that square',
  protected_piece: 'the opponent piece there is protected',
  no_empty_square_behind: 'there is no empty square behind that piece',
  not_a_square: 'that is not a square of the board',
});

/**
 * An error from the server (WebSocket error frame or HTTP error body) in plain
 * words. Unknown codes fall back to the server's own message.
 * @param {string} code
 * @param {string} [message]
 * @param {string} [reason]
 */
export function errorText(code, message, reason) {
  if (code === 'illegal_move') {
    const why = (reason && REASON_WORDS[reason]) || message;
    return why ? `That move is not allowed: ${why}.` : ERROR_WORDS.illegal_move;
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
    default:
      return null;
  }
}

/**
 * "3 s", "2 min", for connection notes.
 * @param {number} ms
 */
export function shortDuration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.round(s / 60)} min`;
}
