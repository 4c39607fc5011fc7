// The room page's clocks: what the server last said of them, drawn under
// the players and counted down between renders (the figures and their
// formatting are `clock.js`'s; this is only the page's wiring).

import { clockFrom, clocksHtml, controlText, lowTimeBeep, stopped, tickClocks } from './clock.js';

/**
 * The clocks of one room page.
 * @param {HTMLElement} root the room's element
 */
export function roomClock(root) {
  // Stamped on arrival (not when a queued step is shown): the server's
  // figures are as of sending.
  /** @type {import('./clock.js').Clock | null} */
  let clock = null;
  /** @type {import('./clock.js').TimeControl | null} */
  let timeControl = null;
  return {
    /**
     * Takes what a server message says of the clocks.
     * @param {any} msg
     * @param {number} now
     */
    receive(msg, now) {
      if (msg.type === 'snapshot') timeControl = msg.time_control ?? null;
      if (msg.type === 'snapshot' || msg.clocks) clock = clockFrom(msg, now);
      if (msg.type === 'game_over' && clock) clock = stopped(clock, now);
    },
    /**
     * Draws the clocks under the players (after the page was drawn).
     * @param {{ seats: { seat: number, player: { display_name: string } | null }[] }} s
     */
    draw(s) {
      if (!clock) return;
      const names = s.seats.map((x) => x.player?.display_name ?? `Seat ${x.seat + 1}`);
      root.querySelector('.players')?.insertAdjacentHTML('afterend', clocksHtml(clock, names, Date.now(), controlText(timeControl)));
    },
    /**
     * Counts the running clock down; my own clock beeps once when it turns low.
     * @param {number | null} me my seat, if I have one
     */
    tick(me) {
      if (!clock || clock.running === null) return;
      const low = tickClocks(root, clock, Date.now());
      if (me !== null && low.includes(me)) lowTimeBeep();
    },
  };
}
