// The room page's clocks: what the server last said of them, drawn under
// the players and counted down between renders (the figures and their
// formatting are `logic/clock.js`'s; this is the page's wiring, the tick
// between renders and the low-time beep).

import { t } from '../i18n/messages.js';
import { LOW_MS, clockFrom, clocksHtml, controlText, formatClock, leftMs, stopped } from '../logic/clock.js';

/**
 * The name over each seat's clock: its player's, else `Seat 2`.
 * @param {{ seat: number, player: { display_name: string } | null }[]} seats
 */
export function clockNames(seats) {
  return seats.map((x) => x.player?.display_name ?? t('clocks-seat', { number: x.seat + 1 }));
}

/**
 * The clocks of one room page.
 * @param {HTMLElement} root the room's element
 */
export function roomClock(root) {
  // Stamped on arrival (not when a queued step is shown): the server's
  // figures are as of sending.
  /** @type {import('../logic/clock.js').Clock | null} */
  let clock = null;
  /** @type {import('../logic/clock.js').TimeControl | null} */
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
      root.querySelector('.players')?.insertAdjacentHTML('afterend', clocksHtml(clock, clockNames(s.seats), Date.now(), controlText(timeControl)));
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

/**
 * Refreshes the clocks already drawn in `root` to `now` (a cheap tick between
 * renders); returns the seats whose clock crossed into low time.
 * @param {ParentNode} root
 * @param {import('../logic/clock.js').Clock} clock
 * @param {number} now
 */
function tickClocks(root, clock, now) {
  /** @type {number[]} */
  const turnedLow = [];
  for (const el of root.querySelectorAll('[data-clock-seat]')) {
    const seat = Number(/** @type {HTMLElement} */ (el).dataset.clockSeat);
    const left = leftMs(clock, seat, now);
    const time = el.querySelector('.clock-time');
    if (time) time.textContent = formatClock(left);
    const low = left < LOW_MS;
    if (low && !el.classList.contains('low')) turnedLow.push(seat);
    el.classList.toggle('low', low);
    el.classList.toggle('running', clock.running === seat);
  }
  return turnedLow;
}

/** @type {AudioContext | null} */
let audio = null;

/** A short low beep: your time is running low. Silent where audio is unavailable. */
function lowTimeBeep() {
  try {
    const Ctx = globalThis.AudioContext;
    if (!Ctx) return;
    audio = audio ?? new Ctx();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 440;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.15);
  } catch {
    // No sound is fine: the clock turns red too.
  }
}
