// A player's rating over their rated games in one pool: a line with the
// band of its deviation, as SVG (no rules, no network: it is given the
// points).

import { formatNumber, t } from '../i18n/messages.js';

/** @param {string} text */
const esc = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * @param {{rating: number, deviation: number}[]} points  oldest first
 * @param {string} label  what the chart shows, for screen readers
 * @returns {string} SVG markup, or '' with fewer than one point
 */
export function ratingChartSvg(points, label) {
  if (points.length === 0) return '';
  const width = 600;
  const height = 200;
  const pad = 36;
  const highs = points.map((p) => p.rating + p.deviation);
  const lows = points.map((p) => p.rating - p.deviation);
  const top = Math.ceil(Math.max(...points.map((p) => p.rating)) / 50) * 50 + 50;
  const bottom = Math.floor(Math.min(...points.map((p) => p.rating)) / 50) * 50 - 50;
  const span = Math.max(1, top - bottom);
  const x = (/** @type {number} */ i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
  const y = (/** @type {number} */ r) => pad / 2 + ((top - Math.min(top, Math.max(bottom, r))) * (height - pad)) / span;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const band = [
    ...highs.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`),
    ...lows.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).reverse(),
  ].join(' ');
  const last = points[points.length - 1];
  const ticks = [top, Math.round((top + bottom) / 2), bottom]
    .map((r) => `<text x="4" y="${(y(r) + 4).toFixed(1)}" class="rc-tick">${formatNumber(r)}</text>`)
    .join('');
  const described = t('chart-rating-label', { label, from: Math.round(points[0].rating), to: Math.round(last.rating), games: points.length });
  return `<svg class="rating-chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(described)}">
<polygon class="rc-band" points="${band}"/>
<polyline class="rc-line" points="${line}" fill="none"/>
${points.map((p, i) => `<circle class="rc-dot" cx="${x(i).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="3"/>`).join('')}
${ticks}
</svg>`;
}
