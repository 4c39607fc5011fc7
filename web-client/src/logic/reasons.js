// Why the rules refuse a piece or a choice, in plain words for the player:
// one sentence for each of the engine's reason codes (the `reason` of an
// `illegal_move` and the `code` of each of a decision's `blocked` pieces;
// docs/protocol.md, "Reason codes"). A sentence names no square the rules
// decide, but the one its code names or the rule set's description gives:
// the rules live in the engine, whose message says the squares involved.
// The sentences are the catalogue's `reason-…` messages; the codes stay as
// the server sends them.

import { t } from '../i18n/messages.js';

/** @typedef {import('../types.js').Description} Description */

/**
 * The message for each code.
 * @type {Readonly<Record<string, string>>}
 */
export const REASON_KEYS = Object.freeze({
  not_an_option: 'reason-not-an-option',
  not_a_square: 'reason-not-a-square',
  no_piece_of_yours: 'reason-no-piece-of-yours',
  must_stop_on_26: 'reason-must-stop-on-26',
  overshoots: 'reason-overshoots',
  blockade: 'reason-blockade',
  own_piece_on_destination: 'reason-own-piece-on-destination',
  protected_piece: 'reason-protected-piece',
  no_empty_square_behind: 'reason-no-empty-square-behind',
  no_legal_move: 'reason-no-legal-move',
  must_move: 'reason-must-move',
  past_the_end: 'reason-past-the-end',
  needs_exact_throw: 'reason-needs-exact-throw',
  not_all_in_exit_row: 'reason-not-all-in-exit-row',
  cannot_move_back: 'reason-cannot-move-back',
  first_move_from: 'reason-first-move-from',
  no_pawn_of_yours: 'reason-no-pawn-of-yours',
  past_30: 'reason-past-30',
  own_pawn: 'reason-own-pawn',
  no_summon: 'reason-no-summon',
  summon_square: 'reason-summon-square',
  empty_reserve: 'reason-empty-reserve',
  square_taken: 'reason-square-taken',
  ankh_square: 'reason-ankh-square',
  vulture_target: 'reason-vulture-target',
  wrong_dice: 'reason-wrong-dice',
  moved_already: 'reason-moved-already',
  own_piece: 'reason-own-piece',
  safe: 'reason-safe',
  bird_full: 'reason-bird-full',
  must_move_28_30: 'reason-must-move-28-30',
});

/** Every code there is a sentence for (for tests). */
export const REASON_CODES = Object.keys(REASON_KEYS);

/**
 * The sentence for a reason code, or null for a code this page does not
 * know (a newer server's): the caller then shows the server's message.
 * @param {string} code
 * @param {Description} desc
 * @returns {string | null}
 */
export function reasonText(code, desc) {
  if (!Object.hasOwn(REASON_KEYS, code)) return null;
  // The rule set's last row, for not_all_in_exit_row (0: it names none).
  return t(REASON_KEYS[code], { first: desc.exit_row?.first ?? 0, last: desc.exit_row?.last ?? 0 });
}
