// Pure: what a click or a tap on the board does. A mouse (and the keyboard)
// keeps the direct way — hover previews, a click plays. A touch screen has
// no hover, so a first tap previews (the same preview as hovering) and a
// second tap on the same piece, or on a square the preview lights up,
// plays it; a tap anywhere else cancels.

/**
 * How the player pointed: `touch` (a finger or a pen: no hover to preview
 * with) or `direct` (a mouse, the keyboard, a script's `click()`).
 * Decided from the pointer event's `pointerType`, never from the screen's
 * size: a laptop with a touch screen gets both, a phone with a mouse the
 * mouse's behaviour.
 * @param {string | undefined | null} pointerType  `mouse`, `pen`, `touch`, or empty
 * @returns {'touch' | 'direct'}
 */
export function inputKind(pointerType) {
  return pointerType === 'touch' || pointerType === 'pen' ? 'touch' : 'direct';
}

/**
 * The squares a preview lights up as destinations: where the option's
 * pieces land (the moved piece, and a piece it swaps or sends back).
 * @param {ReadonlyArray<import('../types.js').GameEvent>} events
 * @returns {number[]}
 */
export function destinations(events) {
  /** @type {number[]} */
  const out = [];
  for (const e of events) {
    if (e.kind === 'piece' && e.to.kind === 'square' && !out.includes(e.to.square)) out.push(e.to.square);
  }
  return out;
}

/**
 * @typedef {{kind: 'play', key: string}
 *   | {kind: 'preview', key: string}
 *   | {kind: 'cancel'}
 *   | {kind: 'none'}} TapOutcome
 * `play`: play the board control `key` (its `data-square-options`);
 * `preview`: select `key` and show its preview; `cancel`: drop the
 * selection; `none`: nothing for the board to do (another control's
 * click, or nothing selected).
 */

/**
 * What a click or a tap does on the board.
 * @param {Object} at
 * @param {'touch' | 'direct'} at.input      how the player pointed
 * @param {string | null} at.selected        the control previewed by an earlier tap
 * @param {number[]} at.dests                the squares that preview lights up
 * @param {string | null} at.control         the board control tapped (its `data-square-options`), if any
 * @param {number | null} at.square          the square tapped, if any
 * @returns {TapOutcome}
 */
export function tapOutcome({ input, selected, dests, control, square }) {
  if (input === 'direct') {
    if (control !== null) return { kind: 'play', key: control };
    return selected !== null ? { kind: 'cancel' } : { kind: 'none' };
  }
  if (selected !== null) {
    // The same piece again, or where the preview said it would go: play.
    if (control === selected || (square !== null && dests.includes(square))) return { kind: 'play', key: selected };
    if (control !== null) return { kind: 'preview', key: control };
    return { kind: 'cancel' };
  }
  if (control !== null) return { kind: 'preview', key: control };
  return { kind: 'none' };
}
