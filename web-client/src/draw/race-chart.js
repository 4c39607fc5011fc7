// The race chart: an SVG plot of each seat's distance left to bear off,
// step by step, with the shown step marked. Pure: a string from the data.

import { formatNumber, language, t } from '../i18n/messages.js';

/**
 * @typedef {Object} ChartGeometry
 * @property {number} width
 * @property {number} height
 * @property {number} left    plot area's left edge
 * @property {number} right   plot area's right edge
 * @property {number} top
 * @property {number} bottom
 * @property {number} max     the highest distance on the y axis
 */

/** Size of the chart's viewBox and its margins. */
const W = 640;
const H = 220;
const M = { left: 44, right: 12, top: 14, bottom: 30 };

/**
 * Geometry for a series.
 * @param {ReadonlyArray<ReadonlyArray<number>>} series  by step, then by seat
 * @returns {ChartGeometry}
 */
export function chartGeometry(series) {
  const highest = Math.max(1, ...series.map((p) => Math.max(0, ...p)));
  // Round the axis up to a multiple of 20.
  const max = Math.ceil(highest / 20) * 20;
  return { width: W, height: H, left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom, max };
}

/**
 * Where turn `i` with distance `d` is drawn.
 * @param {ChartGeometry} g
 * @param {number} turns  the number of turns (the last x)
 * @param {number} i
 * @param {number} d
 * @returns {[number, number]}
 */
export function chartPoint(g, turns, i, d) {
  const x = g.left + (turns === 0 ? 0 : (i / turns) * (g.right - g.left));
  const y = g.bottom - (d / g.max) * (g.bottom - g.top);
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/**
 * The chart.
 * @param {ReadonlyArray<ReadonlyArray<number>>} series  index 0 = start; each entry by seat
 * @param {number} current  the step shown
 * @param {ReadonlyArray<{name: string, colour: number | null}>} seats  by seat
 */
export function raceChartSvg(series, current, seats) {
  const g = chartGeometry(series);
  const steps = Math.max(0, series.length - 1);
  /** @param {number} seat */
  const line = (seat) =>
    series
      .map((p, i) => chartPoint(g, steps, i, p[seat] ?? 0).join(','))
      .join(' ');
  let grid = '';
  for (let v = 0; v <= g.max; v += g.max / 4) {
    const [, y] = chartPoint(g, steps, 0, v);
    grid += `<line x1="${g.left}" x2="${g.right}" y1="${y}" y2="${y}" class="race-grid"/><text x="${g.left - 6}" y="${y + 4}" class="race-label" text-anchor="end">${formatNumber(v)}</text>`;
  }
  const at = series[Math.min(Math.max(0, current), steps)] ?? [];
  const [cx] = chartPoint(g, steps, current, 0);
  const esc = (/** @type {string} */ text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const where = new Intl.ListFormat(language(), { type: 'unit', style: 'short' }).format(seats.map((s, i) => t('chart-race-seat', { name: s.name, distance: at[i] ?? 0 })));
  const label = t('chart-race-label', { steps, current, where });
  const lines = seats.map((s, i) => `<polyline points="${line(i)}" class="race-line race-c${s.colour ?? i} race-seat-${i}"/>`).join('');
  const dots = seats
    .map((s, i) => {
      const [, y] = chartPoint(g, steps, current, at[i] ?? 0);
      return `<circle cx="${cx}" cy="${y}" r="4.5" class="race-dot race-c${s.colour ?? i}"/>`;
    })
    .join('');
  return (
    `<svg class="race-chart" viewBox="0 0 ${g.width} ${g.height}" role="img" aria-label="${esc(label)}" data-turn="${current}" data-seats="${seats.length}">` +
    grid +
    `<line x1="${g.left}" x2="${g.right}" y1="${g.bottom}" y2="${g.bottom}" class="race-axis"/>` +
    `<text x="${g.left}" y="${g.height - 8}" class="race-label">${esc(t('chart-start'))}</text>` +
    `<text x="${g.right}" y="${g.height - 8}" class="race-label" text-anchor="end">${esc(t('chart-step', { step: steps }))}</text>` +
    lines +
    `<line x1="${cx}" x2="${cx}" y1="${g.top}" y2="${g.bottom}" class="race-now"/>` +
    dots +
    `</svg>`
  );
}
