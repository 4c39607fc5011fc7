// Why the rules refuse a piece or a choice, in plain words for the player:
// one sentence for each of the engine's reason codes (the `reason` of an
// `illegal_move` and the `code` of each of a decision's `blocked` pieces;
// docs/protocol.md, "Reason codes"). A sentence names no square the rules
// decide, but the one its code names or the rule set's description gives:
// the rules live in the engine, whose message says the squares involved.

import { inRulesWords } from './describe.js';

/** @typedef {import('../types.js').Description} Description */

/**
 * The sentence for each code. A function gets the rule set's description.
 * @type {Record<string, string | ((desc: Description) => string)>}
 */
const REASON_WORDS = {
  not_an_option: 'That is not one of the choices you have now.',
  not_a_square: 'That is not a square of the board: squares are 1 to 30.',
  no_piece_of_yours: 'None of your pieces stands on that square.',
  must_stop_on_26: 'This piece would jump over the House of Happiness (26): every piece must stop there first.',
  overshoots: 'This throw would take the piece past the end of the board: a piece leaves only with the exact throw.',
  blockade: "Three or more of your opponent's pieces in a row block the way.",
  own_piece_on_destination: 'One of your own pieces already stands where this one would land.',
  protected_piece: "The opponent's piece there is protected by its neighbour: it cannot be swapped or taken.",
  no_empty_square_behind: 'No piece can move forward, and this one has no empty square behind it to move back to.',
  no_legal_move: 'Nothing can move with this throw.',
  must_move: 'A move is possible, so you must make one.',
  past_the_end: 'This throw would take the piece past square 30: a piece leaves only by landing exactly on 30.',
  needs_exact_throw: 'This piece leaves the board only with the exact throw.',
  not_all_in_exit_row: (desc) => `A piece may leave only once all your pieces are in the last row (${desc.exit_row ? `${desc.exit_row.first} to ${desc.exit_row.last}` : 'the end of the board'}).`,
  cannot_move_back: 'No piece can move forward, and this one cannot move back by the whole throw onto an empty square.',
  first_move_from: 'Your first move must be made with the piece the rules name for it.',
  no_pawn_of_yours: 'None of your pawns stands on that square.',
  past_30: 'This roll would take the pawn past square 30: a pawn must land on 30 exactly.',
  own_pawn: 'One of your own pawns already stands where this one would land.',
  no_summon: 'This roll cannot bring a pawn in from your reserve: move a pawn on the board.',
  summon_square: 'A pawn brought in with this roll comes in on another square.',
  empty_reserve: 'Your reserve is empty: there is no pawn to bring in.',
  square_taken: 'That square is taken.',
  ankh_square: 'The Ankh cannot put a pawn on that square.',
  vulture_target: 'The Vulture cannot take a pawn on that square with this roll.',
  wrong_dice: 'The dice cannot be used that way now.',
  moved_already: 'This piece already moved with the other die this turn: move a different piece.',
  own_piece: 'One of your own pieces already stands where this one would land.',
  safe: 'The piece there is safe from this one.',
  bird_full: 'The Bird has no empty square to send the piece back to.',
  must_move_28_30: 'One of your pieces on 28 to 30 can move, so you must move one of those.',
};

/** Every code there is a sentence for (for tests). */
export const REASON_CODES = Object.keys(REASON_WORDS);

/**
 * The sentence for a reason code, or null for a code this page does not
 * know (a newer server's): the caller then shows the server's message.
 * @param {string} code
 * @param {Description} desc
 * @returns {string | null}
 */
export function reasonText(code, desc) {
  const words = REASON_WORDS[code];
  if (words === undefined) return null;
  return inRulesWords(desc, typeof words === 'function' ? words(desc) : words);
}
