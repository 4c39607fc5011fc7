// The room page's board effects: what an option would do (the preview,
// from the server's preview events), a finger's tapped control, and the
// slides and words of a step.

import { effectText } from '../logic/describe.js';
import { myOptions } from '../logic/state.js';
import { destinations } from '../logic/tap.js';
import { previewHint } from '../draw/room-page.js';
import { t } from '../i18n/messages.js';

/** @typedef {import('../types.js').RoomState} RoomState */

export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Highlights what an option (a board control or an option button) would do,
 * from the events the server previewed for it, and says it in words.
 * @param {HTMLElement} root
 * @param {HTMLElement} el
 * @param {RoomState} state
 */
export function showPreview(root, el, state) {
  clearPreview(root, false);
  const texts = (el.dataset.squareOptions ?? el.dataset.option ?? '').split('|');
  const options = myOptions(state).filter((o) => texts.includes(o.option));
  if (!options.length) return;
  const kind = el.dataset.kind ?? 'move';
  const sq = (/** @type {number} */ n) => root.querySelector(`.sq[data-square="${n}"]`);
  for (const o of options) {
    for (const e of o.events ?? []) {
      if (e.kind !== 'piece') continue;
      if (e.from.kind === 'square') sq(e.from.square)?.classList.add('preview-from');
      if (e.to.kind === 'square') sq(e.to.square)?.classList.add('preview-dest', `preview-${e.why === 'move' || e.why === 'entered' ? kind : e.why}`);
      else root.querySelector(`.tray-${e.seat}`)?.classList.add('preview-dest');
    }
  }
  const text = root.querySelector('#preview');
  if (text) text.textContent = el.getAttribute('aria-label') ?? el.textContent ?? '';
  text?.setAttribute('data-kind', kind);
}

/**
 * The squares an option control's preview lights up.
 * @param {HTMLElement} el
 * @param {RoomState} state
 */
export function destinationsOf(el, state) {
  const texts = (el.dataset.squareOptions ?? '').split('|');
  return destinations(myOptions(state).filter((o) => texts.includes(o.option)).flatMap((o) => o.events ?? []));
}

/**
 * @param {HTMLElement} root
 * @param {boolean} touch  the player uses a touch screen (the hint says "tap")
 */
export function clearPreview(root, touch) {
  for (const el of root.querySelectorAll('.preview-from, .preview-dest')) {
    el.className = el.className.replace(/\bpreview-[a-z_]+\b/g, '').replace(/\s+/g, ' ').trim();
  }
  const text = root.querySelector('#preview');
  if (text) {
    const piece = root.querySelector('.room')?.getAttribute('data-piece') ?? 'piece';
    text.textContent = root.querySelector('[data-square-options]') ? previewHint(touch, piece) : '';
    text.removeAttribute('data-kind');
  }
}

/**
 * Slides the pieces a step moved from where they were; captures, water,
 * bear-offs and removals get a short word.
 * @param {HTMLElement} root
 * @param {import('../types.js').ServerMessage} msg  a `step` event
 * @param {import('../logic/describe.js').Names} names
 */
export function animate(root, msg, names) {
  /** @type {import('../types.js').GameEvent[]} */
  const events = msg.events ?? [];
  const fx = root.querySelector('#fx');
  const hit = events.find((e) => e.kind === 'piece' && e.why !== 'move' && e.why !== 'entered' && e.why !== 'opening');
  if (fx && hit && hit.kind === 'piece') {
    fx.textContent = effectText(names, hit);
    fx.className = `fx show fx-${hit.why}`;
  }
  if (reducedMotion()) return;
  const sq = (/** @type {number} */ n) => /** @type {HTMLElement | null} */ (root.querySelector(`.sq[data-square="${n}"]`));
  for (const e of events) {
    if (e.kind !== 'piece' || e.from.kind !== 'square' || e.to.kind !== 'square') continue;
    const from = sq(e.from.square);
    const dest = sq(e.to.square);
    const piece = /** @type {HTMLElement | null} */ (dest?.querySelector('.piece') ?? null);
    if (!from || !dest || !piece) continue;
    const a = from.getBoundingClientRect();
    const b = dest.getBoundingClientRect();
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    piece.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], { duration: 380, easing: 'cubic-bezier(.2,.8,.2,1)' });
  }
}

/**
 * A selector that finds the same control after a re-render.
 * @param {HTMLElement} el
 */
export function focusKey(el) {
  if (el.id) return `#${el.id}`;
  if (el.dataset.squareOptions) return `[data-square-options="${CSS.escape(el.dataset.squareOptions)}"]`;
  if (el.dataset.option) return `[data-option="${CSS.escape(el.dataset.option)}"]`;
  if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
  if (el.dataset.square) return `[data-square="${el.dataset.square}"]`;
  if (el.closest('.board')) return '.board';
  return null;
}

/**
 * Marks a tapped board control and shows its preview, with how to play it.
 * @param {HTMLElement} root
 * @param {HTMLElement} el
 * @param {RoomState} state
 */
export function selectTapped(root, el, state) {
  for (const other of root.querySelectorAll('.tap-selected')) other.classList.remove('tap-selected');
  el.classList.add('tap-selected');
  showPreview(root, el, state);
  const text = root.querySelector('#preview');
  if (text) text.textContent = `${text.textContent ?? ''} ${t('room-tap-again')}`;
}

/**
 * Drops the tapped mark and its preview.
 * @param {HTMLElement} root
 * @param {boolean} touch  the player uses a touch screen
 */
export function unselectTapped(root, touch) {
  for (const other of root.querySelectorAll('.tap-selected')) other.classList.remove('tap-selected');
  clearPreview(root, touch);
}

/**
 * The board control with these options, if it is on the page.
 * @param {ParentNode} root
 * @param {string} key  its `data-square-options`
 * @returns {HTMLElement | null}
 */
export function controlOf(root, key) {
  const el = root.querySelector(`[data-square-options="${CSS.escape(key)}"]`);
  return el instanceof HTMLElement ? el : null;
}
