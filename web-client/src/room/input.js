// The room page's input (as chessground's `events` binds its board): clicks,
// taps, keys and switches turned into intents for the controller, and the
// hover or focus preview, which changes nothing but the highlighting. The
// listeners are bound once; the page below them is redrawn.

import { mySeat } from '../logic/state.js';
import { inputKind, tapOutcome } from '../logic/tap.js';
import { clearPreview, controlOf, destinationsOf, showPreview } from './board-effects.js';
import * as sound from './sound.js';
import { touching } from './state.js';

/** @typedef {import('./state.js').RoomPage} RoomPage */

/**
 * What the player asked for.
 * @typedef {{kind: 'send', msg: {type: string, [key: string]: unknown}}
 *   | {kind: 'play', key: string}
 *   | {kind: 'tap', key: string}
 *   | {kind: 'untap'}
 *   | {kind: 'blocked', square: number}
 *   | {kind: 'action', action: string}
 *   | {kind: 'auto-forced', on: boolean}
 *   | {kind: 'sound', on: boolean}} Intent
 * `send`: a message as it is (an option button's decision); `play`: a board
 * control's options (`|`-joined), one sent at once, several shown as
 * buttons; `tap`: a finger previews a control; `untap`: the preview is
 * dropped; `blocked`: one of the player's pieces, without an option now;
 * `action`: a button's `data-action`; `auto-forced`, `sound`: the switches.
 */

/**
 * Binds the room's listeners.
 * @param {HTMLElement} root
 * @param {RoomPage} page  read for what is tapped and shown; its pointer fields are kept here
 * @param {(intent: Intent) => void} act
 */
export function bindInput(root, page, act) {
  // Audio may start only from a user gesture: make or resume it on each
  // (a touch's gesture is its pointerup or click, not its pointerdown).
  window.addEventListener('pointerdown', (ev) => {
    page.lastPointer = ev.pointerType;
    sound.unlock();
  }, true);
  for (const kind of ['click', 'keydown']) window.addEventListener(kind, () => sound.unlock(), true);
  window.addEventListener('keydown', (ev) => {
    if (ev.key === 'Tab' || ev.key === 'Enter' || ev.key === ' ') page.keyboardUser = true;
  });
  window.addEventListener('pointerdown', () => {
    page.keyboardUser = false;
  });
  root.addEventListener('change', (ev) => {
    const input = ev.target;
    if (!(input instanceof HTMLInputElement)) return;
    if (input.dataset.setting === 'sound') act({ kind: 'sound', on: input.checked });
    else if (input.dataset.setting === 'auto-forced') act({ kind: 'auto-forced', on: input.checked });
  });
  root.onclick = (ev) => {
    for (const intent of clickIntents(root, page, ev)) act(intent);
  };
  root.onpointerover = (ev) => preview(root, page, ev);
  root.onpointerout = (ev) => unpreview(root, page, ev);
  root.addEventListener('focusin', (ev) => preview(root, page, ev));
  root.addEventListener('focusout', (ev) => unpreview(root, page, ev));
}

/**
 * What a click (or a tap) on the room asks for, in order.
 * @param {HTMLElement} root
 * @param {RoomPage} page
 * @param {MouseEvent} ev
 * @returns {Intent[]}
 */
function clickIntents(root, page, ev) {
  const target = /** @type {HTMLElement} */ (ev.target);
  const option = target.closest('[data-option]');
  if (option instanceof HTMLButtonElement && !option.disabled && option.dataset.option) {
    return [{ kind: 'send', msg: { type: 'decide', option: option.dataset.option } }];
  }
  // A mouse or the keyboard plays a board control at once; a finger
  // previews it first (see logic/tap.js). A click from the keyboard has no
  // pointer (detail 0); where click is no PointerEvent, the pointerdown
  // before it tells.
  const squareEl = target.closest('[data-square]');
  const pointer = typeof PointerEvent !== 'undefined' && ev instanceof PointerEvent && ev.pointerType ? ev.pointerType : ev.detail > 0 ? page.lastPointer : '';
  // A finger may tap anywhere in a square that holds a glowing piece or target.
  const control = target.closest('[data-square-options]') ?? (inputKind(pointer) === 'touch' ? squareEl?.querySelector('[data-square-options]') : null);
  const key = control instanceof HTMLElement ? control.dataset.squareOptions ?? null : null;
  const selected = page.tapped !== null ? controlOf(root, page.tapped) : null;
  const outcome = tapOutcome({
    input: inputKind(pointer),
    selected: page.tapped,
    dests: selected && page.game ? destinationsOf(selected, page.game) : [],
    control: key || null,
    square: squareEl instanceof HTMLElement ? Number(squareEl.dataset.square) : null,
    landing: squareEl instanceof HTMLElement ? squareEl.dataset.landing ?? null : null,
  });
  if (outcome.kind === 'preview') return [{ kind: 'tap', key: outcome.key }];
  if (outcome.kind === 'play') return [{ kind: 'play', key: outcome.key }];
  /** @type {Intent[]} */
  const intents = outcome.kind === 'cancel' ? [{ kind: 'untap' }] : [];
  const square = squareEl instanceof HTMLElement ? Number(squareEl.dataset.square) : null;
  if (square !== null && isMineToMove(page, square)) return [...intents, { kind: 'blocked', square }];
  return [...intents, ...buttonIntent(target)];
}

/**
 * Whether `square` holds one of the player's pieces while they decide (a
 * click on it that played nothing is a piece without an option now).
 * @param {RoomPage} page
 * @param {number} square
 */
function isMineToMove(page, square) {
  const game = page.game;
  if (!game || game.next.kind !== 'decide' || game.next.seat !== mySeat(game)) return false;
  const occupant = game.view.squares[square - 1];
  return Boolean(occupant && occupant.seat === mySeat(game));
}

/**
 * The `data-action` of the enabled button clicked, if any.
 * @param {HTMLElement} target
 * @returns {Intent[]}
 */
function buttonIntent(target) {
  const button = target.closest('[data-action]');
  if (!(button instanceof HTMLElement) || (button instanceof HTMLButtonElement && button.disabled)) return [];
  return button.dataset.action ? [{ kind: 'action', action: button.dataset.action }] : [];
}

/**
 * Hover or focus: highlights what a control would do. A finger has no
 * hover: its preview is the tap's.
 * @param {HTMLElement} root
 * @param {RoomPage} page
 * @param {Event} ev
 */
function preview(root, page, ev) {
  if (ev instanceof PointerEvent && inputKind(ev.pointerType) === 'touch') return;
  const piece = /** @type {HTMLElement} */ (ev.target).closest?.('[data-square-options], .option-btn');
  if (piece instanceof HTMLElement && page.game) showPreview(root, piece, page.game);
}

/**
 * @param {HTMLElement} root
 * @param {RoomPage} page
 * @param {Event} ev
 */
function unpreview(root, page, ev) {
  if (ev instanceof PointerEvent && inputKind(ev.pointerType) === 'touch') return;
  if (page.tapped !== null) return; // a tapped preview stays until played or cancelled
  const piece = /** @type {HTMLElement} */ (ev.target).closest?.('[data-square-options], .option-btn');
  if (piece instanceof HTMLElement) clearPreview(root, touching(page));
}
