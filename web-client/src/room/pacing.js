// The pacing of what the room shows one after another. The server sends a
// draw the rules make inside a turn (the River's placements, the Trial, the
// Vulture) and the step after it at once, so the draw would flash by:
// messages wait in a queue, and a step that follows a draw is applied only
// once the draw has been on screen a moment. A forced move the player asked
// to have played for them also waits, so they see it before it goes.

import { forcedOption } from '../logic/state.js';

/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('./state.js').RoomPage} RoomPage */

/** How long each draw the rules make inside a turn stays on screen before the next. */
export const DRAW_PAUSE_MS = 650;
/** The same with reduced motion: nothing slides, so the draw is read sooner. */
const DRAW_PAUSE_REDUCED_MS = 150;
/** How long a forced move is shown before it plays itself. */
const FORCED_PAUSE_MS = 700;

/** Server messages held back while a draw is on screen. */
export class DrawPacing {
  /** @param {(msg: ServerMessage) => void} apply  shows one message */
  constructor(apply) {
    this.apply = apply;
    /** @type {ServerMessage[]} */
    this.queue = [];
    /** Until when (ms since the epoch) the draw on screen holds the next step. */
    this.holdUntil = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /** How many messages wait. */
  get waiting() {
    return this.queue.length;
  }

  /**
   * Takes a message from the server; a snapshot replaces whatever waits
   * (it says all of it).
   * @param {ServerMessage} msg
   */
  push(msg) {
    if (msg.type === 'snapshot') this.queue.length = 0;
    this.queue.push(msg);
    this.drain();
  }

  /**
   * A step was shown: if a draw comes next, the step after it waits.
   * @param {ServerMessage} step  a `step` message
   * @param {boolean} reducedMotion
   */
  shown(step, reducedMotion) {
    const pause = reducedMotion ? DRAW_PAUSE_REDUCED_MS : DRAW_PAUSE_MS;
    this.holdUntil = step.next?.kind === 'draw' ? Date.now() + pause : 0;
  }

  /** Applies what may be shown now; comes back when the hold is over. */
  drain() {
    clearTimeout(this.timer);
    while (this.queue.length) {
      const msg = /** @type {ServerMessage} */ (this.queue[0]);
      const wait = this.holdUntil - Date.now();
      if (msg.type === 'step' && wait > 0) {
        this.timer = setTimeout(() => this.drain(), wait);
        return;
      }
      this.queue.shift();
      this.apply(msg);
    }
  }
}

/**
 * "Play forced moves for me": a decision with a single option is sent by
 * itself after a short pause, once a step, unless the game moved on or a
 * decision went out meanwhile.
 * @param {RoomPage} page
 * @param {(option: string) => void} decide
 */
export function playForcedSoon(page, decide) {
  const game = page.game;
  if (!game || !page.autoForced || page.pending || !page.online) return;
  if (forcedOption(game) === null || page.forcedAt === game.steps.length) return;
  const at = game.steps.length;
  page.forcedAt = at;
  setTimeout(() => {
    const now = page.game;
    const option = now && now.steps.length === at && !page.pending ? forcedOption(now) : null;
    if (option !== null) decide(option);
  }, FORCED_PAUSE_MS);
}
