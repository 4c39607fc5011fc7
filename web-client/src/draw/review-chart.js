// The win-chance graph of a game review: an SVG plot over the steps of
// the game, the shown step marked, graded mistakes marked on the line.
// Pure: a string from the data. Two seats: one line, the first seat's
// chance after every reviewed step (the other seat's is its complement).
// Three or four: one line a seat, each through the seat's own steps.

import { formatNumber, t } from '../i18n/messages.js';

/**
 * One reviewed step (`GET /api/games/{id}/review`, `entries`).
 * @typedef {Object} ReviewEntry
 * @property {number} step_no
 * @property {'decision' | 'chance'} kind
 * @property {number} seat
 * @property {number} before
 * @property {number} after
 * @property {number} [options]
 * @property {string} [best]
 * @property {string} [played]
 * @property {number} [points_lost]
 * @property {string | null} [grade]
 * @property {number} [luck]
 */

/** Each grade's words (message keys). */
export const GRADE_KEYS = /** @type {Record<string, string>} */ ({
  best: 'review-grade-best',
  good: 'review-grade-good',
  inaccuracy: 'review-grade-inaccuracy',
  mistake: 'review-grade-mistake',
  blunder: 'review-grade-blunder',
});

/**
 * A grade in words ("mistake"); an unknown grade as sent.
 * @param {string} grade
 */
export function gradeWords(grade) {
  const key = GRADE_KEYS[grade];
  return key ? t(key) : grade;
}

/**
 * Points of win chance with one decimal, the language's way (`7.0`, `7,0`).
 * @param {number} x
 */
export function pointsText(x) {
  return formatNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * A chance as a percentage, the language's way (`48%`, `48 %`).
 * @param {number} p  0 to 1
 */
function percent(p) {
  return formatNumber(p, { style: 'percent', maximumFractionDigits: 0 });
}

const W = 640;
const H = 200;
const M = { left: 44, right: 12, top: 12, bottom: 28 };

/**
 * The points of each seat's line: `[step, chance]`, starting at step 0.
 * @param {ReadonlyArray<ReviewEntry>} entries
 * @param {number} seats
 * @returns {Array<Array<[number, number]>>}  by seat
 */
export function chanceLines(entries, seats) {
  if (seats === 2) {
    /** @type {Array<[number, number]>} */
    const line = [[0, 0.5]];
    for (const e of entries) line.push([e.step_no, e.seat === 0 ? e.after : 1 - e.after]);
    return [line];
  }
  return Array.from({ length: seats }, (_, seat) => {
    /** @type {Array<[number, number]>} */
    const line = [[0, 1 / seats]];
    for (const e of entries) if (e.seat === seat) line.push([e.step_no, e.after]);
    return line;
  });
}

/**
 * Where step `i` with chance `p` is drawn.
 * @param {number} steps
 * @param {number} i
 * @param {number} p
 * @returns {[number, number]}
 */
export function plotPoint(steps, i, p) {
  const x = M.left + (steps === 0 ? 0 : (i / steps) * (W - M.right - M.left));
  const y = H - M.bottom - p * (H - M.bottom - M.top);
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/** @param {string} text */
const esc = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The graph.
 * @param {ReadonlyArray<ReviewEntry>} entries
 * @param {number} steps  the number of steps of the game
 * @param {number} current  the step shown
 * @param {ReadonlyArray<{name: string, colour: number | null}>} seats  by seat
 */
export function winChanceSvg(entries, steps, current, seats) {
  const lines = chanceLines(entries, seats.length);
  let grid = '';
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    const [, y] = plotPoint(steps, 0, p);
    grid += `<line x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}" class="race-grid${p === 0.5 ? ' wc-even' : ''}"/><text x="${M.left - 6}" y="${y + 4}" class="race-label" text-anchor="end">${esc(percent(p))}</text>`;
  }
  const polylines = lines
    .map((line, i) => {
      const colour = seats.length === 2 ? (seats[0].colour ?? 0) : (seats[i].colour ?? i);
      return `<polyline points="${line.map(([s, p]) => plotPoint(steps, s, p).join(',')).join(' ')}" class="race-line race-c${colour} wc-line"/>`;
    })
    .join('');
  // Graded slips on the line, each a target that jumps to its step.
  const marks = entries
    .filter((e) => e.grade === 'inaccuracy' || e.grade === 'mistake' || e.grade === 'blunder')
    .map((e) => {
      const p = seats.length === 2 && e.seat !== 0 ? 1 - e.after : e.after;
      const [x, y] = plotPoint(steps, e.step_no, p);
      return `<circle cx="${x}" cy="${y}" r="5" class="wc-mark grade-${e.grade}" data-turn="${e.step_no}"><title>${esc(t('chart-win-mark', { step: e.step_no, grade: gradeWords(e.grade ?? ''), points: pointsText(e.points_lost ?? 0) }))}</title></circle>`;
    })
    .join('');
  const [cx] = plotPoint(steps, Math.min(Math.max(0, current), steps), 0);
  const at = [...entries].reverse().find((e) => e.step_no <= current);
  const now = at
    ? seats.length === 2
      ? t('chart-win-now', { name: seats[0].name, percent: percent(at.seat === 0 ? at.after : 1 - at.after) })
      : t('chart-win-now', { name: seats[at.seat]?.name ?? t('chart-seat', { number: at.seat + 1 }), percent: percent(at.after) })
    : t('chart-win-even');
  const label =
    seats.length === 2
      ? t('chart-win-label-two', { name: seats[0].name, steps, current, now })
      : t('chart-win-label-many', { steps, current, now });
  return (
    `<svg class="race-chart wc-chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" data-turn="${current}">` +
    grid +
    `<line x1="${M.left}" x2="${W - M.right}" y1="${H - M.bottom}" y2="${H - M.bottom}" class="race-axis"/>` +
    `<text x="${M.left}" y="${H - 8}" class="race-label">${esc(t('chart-start'))}</text>` +
    `<text x="${W - M.right}" y="${H - 8}" class="race-label" text-anchor="end">${esc(t('chart-step', { step: steps }))}</text>` +
    polylines +
    `<line x1="${cx}" x2="${cx}" y1="${M.top}" y2="${H - M.bottom}" class="race-now"/>` +
    marks +
    `</svg>`
  );
}

/**
 * The step a click at `x` (in the SVG's own units) is nearest to.
 * @param {number} x
 * @param {number} steps
 */
export function stepAt(x, steps) {
  const span = W - M.right - M.left;
  const i = Math.round(((x - M.left) / span) * steps);
  return Math.min(Math.max(0, i), steps);
}

export const CHART_WIDTH = W;
