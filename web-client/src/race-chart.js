// The race chart: an SVG plot of each side's distance left to bear off,
// turn by turn, with the shown turn marked. Pure: a string from the data.

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
 * @param {ReadonlyArray<{cone: number, spool: number}>} series
 * @returns {ChartGeometry}
 */
export function chartGeometry(series) {
  const highest = Math.max(1, ...series.map((p) => Math.max(p.cone, p.spool)));
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
 * @param {ReadonlyArray<{cone: number, spool: number}>} series  index 0 = start
 * @param {number} current  the turn shown
 */
export function raceChartSvg(series, current) {
  const g = chartGeometry(series);
  const turns = Math.max(0, series.length - 1);
  /** @param {'cone' | 'spool'} side */
  const line = (side) =>
    series
      .map((p, i) => chartPoint(g, turns, i, p[side]).join(','))
      .join(' ');
  let grid = '';
  for (let v = 0; v <= g.max; v += g.max / 4) {
    const [, y] = chartPoint(g, turns, 0, v);
    grid += `<line x1="${g.left}" x2="${g.right}" y1="${y}" y2="${y}" class="race-grid"/><text x="${g.left - 6}" y="${y + 4}" class="race-label" text-anchor="end">${v}</text>`;
  }
  const at = series[Math.min(Math.max(0, current), turns)] ?? { cone: 0, spool: 0 };
  const [cx] = chartPoint(g, turns, current, 0);
  const [, coneY] = chartPoint(g, turns, current, at.cone);
  const [, spoolY] = chartPoint(g, turns, current, at.spool);
  const label = `Race chart: distance left to bear off over ${turns} turns. At turn ${current}: Cone ${at.cone}, Spool ${at.spool}.`;
  return (
    `<svg class="race-chart" viewBox="0 0 ${g.width} ${g.height}" role="img" aria-label="${label}" data-turn="${current}">` +
    grid +
    `<line x1="${g.left}" x2="${g.right}" y1="${g.bottom}" y2="${g.bottom}" class="race-axis"/>` +
    `<text x="${g.left}" y="${g.height - 8}" class="race-label">start</text>` +
    `<text x="${g.right}" y="${g.height - 8}" class="race-label" text-anchor="end">turn ${turns}</text>` +
    `<polyline points="${line('cone')}" class="race-line race-cone"/>` +
    `<polyline points="${line('spool')}" class="race-line race-spool"/>` +
    `<line x1="${cx}" x2="${cx}" y1="${g.top}" y2="${g.bottom}" class="race-now"/>` +
    `<circle cx="${cx}" cy="${coneY}" r="4.5" class="race-dot race-cone"/>` +
    `<circle cx="${cx}" cy="${spoolY}" r="4.5" class="race-dot race-spool"/>` +
    `</svg>`
  );
}
