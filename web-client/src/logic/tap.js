// Pure: what a click or a tap on the board does. A mouse (and the keyboard)
// keeps the direct way — hover previews, a click plays. A touch screen has
// no hover, so the board marks where each piece would land (the landing
// marks are its preview, always shown): one tap on a marked square plays
// the move that lands there. A tap on a piece previews it (the same preview
// as hovering) and a second tap on it, or on a square its preview lights
// up, plays it; a tap anywhere else cancels.

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
 * Where the deciding seat's own piece lands with an option: the square of
 * its first piece event onto the board (a swapped or captured piece that
 * goes elsewhere is not where the player taps), or null.
 * @param {ReadonlyArray<import('../types.js').GameEvent>} events
 * @param {number} seat
 * @returns {number | null}
 */
export function landingOf(events, seat) {
  for (const e of events) {
    if (e.kind === 'piece' && e.seat === seat && e.to.kind === 'square') return e.to.square;
  }
  return null;
}

/**
 * The landing marks of a decision: each square where exactly one board
 * control's single option lands the player's piece, with that control's
 * key (a square two options land on is left unmarked: a tap there would
 * not say which).
 * @param {ReadonlyArray<{key: string, events: ReadonlyArray<import('../types.js').GameEvent>}>} controls
 * @param {number} seat
 * @returns {Map<number, string>}
 */
export function landingMarks(controls, seat) {
  /** @type {Map<number, string | null>} */
  const seen = new Map();
  for (const c of controls) {
    const sq = landingOf(c.events, seat);
    if (sq !== null) seen.set(sq, seen.has(sq) ? null : c.key);
  }
  /** @type {Map<number, string>} */
  const marks = new Map();
  for (const [sq, key] of seen) if (key !== null) marks.set(sq, key);
  return marks;
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
 * @param {string | null} [at.landing]       the control whose move the tapped square's landing mark shows, if any
 * @returns {TapOutcome}
 */
export function tapOutcome({ input, selected, dests, control, square, landing = null }) {
  if (input === 'direct') {
    if (control !== null) return { kind: 'play', key: control };
    return selected !== null ? { kind: 'cancel' } : { kind: 'none' };
  }
  // A target that is its own landing (a piece entering there): one tap.
  if (control !== null && control === landing) return { kind: 'play', key: control };
  if (selected !== null) {
    // The same piece again, or where the preview said it would go: play.
    if (control === selected || (square !== null && dests.includes(square))) return { kind: 'play', key: selected };
    if (control === null && landing !== null) return { kind: 'play', key: landing };
    if (control !== null) return { kind: 'preview', key: control };
    return { kind: 'cancel' };
  }
  // A landing mark is the move's preview, shown already: one tap plays.
  if (control === null && landing !== null) return { kind: 'play', key: landing };
  if (control !== null) return { kind: 'preview', key: control };
  return { kind: 'none' };
}
