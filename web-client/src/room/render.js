// Draws the room page from its state object (as chessground's `render`
// draws its board from `State`): one function of the state and the widgets
// drawn beside the page, holding nothing itself. What only the DOM knows
// between two draws (focus, the record's scroll, which sections are open) is
// read before the page is replaced and given back after.

import { canThrow, mySeat, myOptions } from '../logic/state.js';
import { roomHtml } from '../draw/room-page.js';
import { controlOf, focusKey, reducedMotion, selectTapped } from './board-effects.js';
import { isMuted } from './sound.js';
import { touching } from './state.js';
import { seatRatings } from './ratings.js';
import { t } from '../i18n/messages.js';

/** @typedef {import('./state.js').RoomPage} RoomPage */
/** @typedef {import('../types.js').RoomState} RoomState */

/**
 * The parts of the room drawn after the page, from the same state.
 * @typedef {Object} RoomWidgets
 * @property {{draw: (s: RoomState) => void}} clocks
 * @property {{draw: (s: RoomState) => void, panel: HTMLElement}} chat
 * @property {{draw: (seated: boolean) => void}} notifier
 */

/**
 * What only the DOM holds between two draws.
 * @typedef {Object} Kept
 * @property {string | null} focus  a selector for the focused control, if the room had focus
 * @property {number} scroll        the record's scroll
 * @property {boolean} recordOpen
 * @property {boolean} helpOpen
 */

/**
 * Draws the room page. Nothing is drawn before the first snapshot.
 * @param {HTMLElement} root
 * @param {RoomPage} page
 * @param {RoomWidgets} widgets
 * @param {number} waiting  how many server messages the pacing holds back
 * @param {() => void} [redraw]  draws again (when a rating arrives)
 * @returns {{tappedShown: boolean}}  whether the tapped control is still there to preview
 */
export function render(root, page, widgets, waiting, redraw = () => {}) {
  const s = page.game;
  if (!s) return { tappedShown: page.tapped === null };
  // The chat lives in the page (under the board on a wide screen) but is
  // not drawn with it: out before the page is replaced, back after.
  const chat = widgets.chat.panel;
  if (root.contains(chat) && root.parentElement) move(chat, root.parentElement, root.nextSibling);
  const kept = keep(root, s);
  root.innerHTML = roomHtml(s, {
    online: page.online,
    pending: page.pending,
    now: Date.now(),
    picked: page.picked,
    autoForced: page.autoForced,
    touch: touching(page),
    muted: isMuted(localStorage),
    ratings: seatRatings(s, redraw),
  });
  widgets.clocks.draw(s);
  const slot = root.querySelector('#chat-slot');
  if (slot) move(chat, slot, null);
  widgets.chat.draw(s);
  widgets.notifier.draw(mySeat(s) !== null);
  root.dataset.seq = String(s.seq);
  root.dataset.phase = s.next.kind === 'end' ? 'finished' : s.next.kind;
  root.dataset.ruleSet = s.desc.id;
  root.dataset.queue = String(waiting);
  root.dataset.role = s.you.role === 'seat' ? `seat${s.you.seat}` : 'spectator';
  restore(root, kept);
  if (kept.focus) refocus(root, page, s, kept.focus);
  // The toss, once per new chance step.
  if (page.tossNext && !reducedMotion()) root.querySelector('.chance')?.classList.add('tossed');
  // A tapped piece stays previewed across draws while it can still play.
  const tapped = page.tapped === null ? null : controlOf(root, page.tapped);
  if (tapped) selectTapped(root, tapped, s);
  document.title = s.next.kind === 'end' ? t('room-doc-title-over') : canThrow(s) || myOptions(s).length ? t('room-doc-title-turn') : t('room-doc-title');
  return { tappedShown: page.tapped === null || tapped !== null };
}

/**
 * Moves `node` into `parent` before `before`, keeping what is typed in it
 * and its focus: `moveBefore` where the browser has it (the node is not
 * taken out of the document), else a plain move that gives the focus and
 * the text selection back.
 * @param {Element} node
 * @param {Element} parent
 * @param {Node | null} before
 */
export function move(node, parent, before) {
  const p = /** @type {Element & {moveBefore?: (n: Node, b: Node | null) => void}} */ (parent);
  if (typeof p.moveBefore === 'function') {
    try {
      p.moveBefore(node, before);
      return;
    } catch {
      // Not movable this way (another document): move it plainly.
    }
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && node.contains(active) ? active : null;
  const selection = focused ? [focused.selectionStart, focused.selectionEnd] : null;
  parent.insertBefore(node, before);
  if (focused) {
    focused.focus({ preventScroll: true });
    if (selection) focused.setSelectionRange(selection[0], selection[1]);
  }
}

/**
 * @param {HTMLElement} root
 * @param {RoomState} s
 * @returns {Kept}
 */
function keep(root, s) {
  const active = document.activeElement;
  return {
    focus: active instanceof HTMLElement && root.contains(active) ? focusKey(active) : null,
    scroll: root.querySelector('.record-list')?.scrollTop ?? 0,
    recordOpen: /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.record'))?.open ?? true,
    // The help is open until the first step, then as the player left it.
    helpOpen: /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.help'))?.open ?? s.steps.length === 0,
  };
}

/**
 * @param {HTMLElement} root
 * @param {Kept} kept
 */
function restore(root, kept) {
  const record = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.record'));
  if (record) record.open = kept.recordOpen;
  const help = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.help'));
  if (help) help.open = kept.helpOpen;
  const list = root.querySelector('.record-list');
  // A new list starts at the top: setting 0 would only force a layout.
  if (list && kept.scroll > 0) list.scrollTop = kept.scroll;
}

/**
 * Gives focus back to the same control, or keeps keyboard focus flowing
 * (throw → pieces → throw) when that control is gone.
 * @param {HTMLElement} root
 * @param {RoomPage} page
 * @param {RoomState} s
 * @param {string} focus  the selector `keep` found
 */
function refocus(root, page, s, focus) {
  const again = focus === '#app' ? null : root.querySelector(focus);
  if (again instanceof HTMLElement && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
  else if (!page.keyboardUser || page.pending) root.focus({ preventScroll: true });
  else if (myOptions(s).length > 0) /** @type {HTMLElement | null} */ (root.querySelector('.piece.movable'))?.focus();
  else if (canThrow(s)) /** @type {HTMLElement | null} */ (root.querySelector('#throw'))?.focus();
  else root.focus({ preventScroll: true });
}
