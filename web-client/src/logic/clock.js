// Time controls in the browser: the clocks count down from the server's
// figures (the server is the only clock and flags by itself; this display
// cannot change an outcome), a low-time warning, and the time control the
// home page offers. Pure functions: the room page's ticking and beep are
// `room/clocks.js`'s.

import { t } from '../i18n/messages.js';

/**
 * @typedef {{kind: 'none'} | {kind: 'clock', seconds: number, increment: number} | {kind: 'move', seconds: number, bank: number}} TimeControl
 * @typedef {{running: number | null, ms: number[], bank_ms?: number[]}} ClockInfo  as the server sends it
 * @typedef {{running: number | null, ms: number[], at: number}} Clock  the server's figures and when they arrived
 */

/** Below this many milliseconds a clock is shown as low. */
export const LOW_MS = 10_000;

/**
 * The time controls the home page offers: form value → label (the label is
 * read when used, in the page's language).
 * @type {ReadonlyArray<readonly [string, string]>}
 */
export const TIME_CONTROL_CHOICES = Object.freeze(
  ['none', 'clock:180+2', 'clock:300+3', 'clock:600+5', 'move:15', 'move:30', 'move:60'].map((value) => {
    const pair = [value];
    Object.defineProperty(pair, 1, { enumerable: true, get: () => choiceLabel(value) });
    return /** @type {readonly [string, string]} */ (Object.freeze(pair));
  }),
);

/**
 * A time control choice's label: "No clock", "5 min + 3 s", "30 s a move".
 * @param {string} value  a form value
 */
function choiceLabel(value) {
  const tc = timeControlRequest(value);
  if (!tc) return t('clock-none');
  return controlText(tc.kind === 'move' ? { ...tc, bank: 0 } : tc);
}

/**
 * The `time_control` of a room request for a form value (`clock:300+3`,
 * `move:30`); `null` for none or anything unknown.
 * @param {string} value
 * @returns {{kind: 'clock', seconds: number, increment: number} | {kind: 'move', seconds: number} | null}
 */
export function timeControlRequest(value) {
  const clock = /^clock:(\d+)\+(\d+)$/.exec(value);
  if (clock) return { kind: 'clock', seconds: Number(clock[1]), increment: Number(clock[2]) };
  const move = /^move:(\d+)$/.exec(value);
  if (move) return { kind: 'move', seconds: Number(move[1]) };
  return null;
}

/**
 * A time control in words: `5 min + 3 s`, `30 s a move`; `''` for none.
 * @param {TimeControl | null | undefined} tc
 */
export function controlText(tc) {
  if (!tc || tc.kind === 'none') return '';
  if (tc.kind === 'move') return t('clock-control-move', { seconds: tc.seconds });
  return tc.seconds % 60 === 0
    ? t('clock-control-minutes', { minutes: tc.seconds / 60, increment: tc.increment })
    : t('clock-control-seconds', { seconds: tc.seconds, increment: tc.increment });
}

/**
 * The clocks a frame carries, stamped with when it arrived; `null` when it
 * has none.
 * @param {{clocks?: ClockInfo | null, [key: string]: unknown}} msg
 * @param {number} receivedAt  `Date.now()` on arrival
 * @returns {Clock | null}
 */
export function clockFrom(msg, receivedAt) {
  const c = msg.clocks;
  if (!c || !Array.isArray(c.ms)) return null;
  return { running: typeof c.running === 'number' ? c.running : null, ms: c.ms.slice(), at: receivedAt };
}

/**
 * The clocks stopped where they stand at `now` (the game is over).
 * @param {Clock} clock
 * @param {number} now
 * @returns {Clock}
 */
export function stopped(clock, now) {
  return { running: null, ms: clock.ms.map((_, seat) => leftMs(clock, seat, now)), at: now };
}

/**
 * A seat's time left at `now`: the server's figure, less the time since it
 * arrived while that seat's clock runs. (The figure is as of sending; the
 * half round trip it spent on the way is not subtracted, so the display
 * errs by a few milliseconds on the player's side.)
 * @param {Clock} clock
 * @param {number} seat
 * @param {number} now
 */
export function leftMs(clock, seat, now) {
  const ms = clock.ms[seat] ?? 0;
  if (clock.running !== seat) return ms;
  return Math.max(0, ms - Math.max(0, now - clock.at));
}

/**
 * A clock's text: `4:07`, `1:02:03` past an hour, and tenths under ten
 * seconds (`9.4`), never below `0.0`: clock digits, the same in every
 * language.
 * @param {number} ms
 */
export function formatClock(ms) {
  const rest = Math.max(0, ms);
  if (rest < LOW_MS) return (Math.floor(rest / 100) / 10).toFixed(1);
  const total = Math.ceil(rest / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The clocks' markup: one clock a seat, the running one marked, low ones
 * warned. `names[seat]` is the seat's name.
 * @param {Clock} clock
 * @param {string[]} names
 * @param {number} now
 * @param {string} [label]  the time control in words
 */
export function clocksHtml(clock, names, now, label = '') {
  const items = clock.ms.map((_, seat) => {
    const left = leftMs(clock, seat, now);
    const cls = `clock${clock.running === seat ? ' running' : ''}${left < LOW_MS ? ' low' : ''}`;
    return `<li class="${cls}" data-clock-seat="${seat}"><span class="clock-name">${esc(names[seat] ?? t('format-seat', { number: seat + 1 }))}</span> <span class="clock-time" role="timer">${formatClock(left)}</span></li>`;
  });
  return `<div class="clocks" data-testid="clocks"><ul aria-label="${esc(label ? t('clock-list-control', { control: label }) : t('clock-list'))}">${items.join('')}</ul></div>`;
}

/** The home page's choice of time control (a `time_control` select). */
export function timeControlHtml() {
  const options = TIME_CONTROL_CHOICES.map(([value, label]) => `<option value="${value}">${esc(label)}</option>`).join('');
  return `<label for="time-control">${esc(t('clock-label'))}</label>
<select id="time-control" name="time_control" data-testid="time-control">${options}</select>
<p class="note">${esc(t('clock-note'))}</p>`;
}

/**
 * Text made safe for markup.
 * @param {string} text
 */
function esc(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
