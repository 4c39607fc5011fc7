// The game review on the replay page (docs/ai.md, "Game review"): a grade
// badge on every graded decision of the move list, the win-chance graph
// (click it to jump to a step), and each player's accuracy and luck. The
// review is computed by the server once a game is over; while it is, the
// page says so and asks again with growing pauses.

import { getJson } from '../net/history-api.js';
import { CHART_WIDTH, gradeWords, pointsText, stepAt, winChanceSvg } from '../draw/review-chart.js';
import { esc } from '../draw/board.js';
import { formatNumber, t } from '../i18n/messages.js';

/** @typedef {import('../draw/review-chart.js').ReviewEntry} ReviewEntry */

/**
 * A seat's totals.
 * @typedef {Object} SeatSummary
 * @property {number} seat
 * @property {number} graded
 * @property {number} forced
 * @property {Record<string, number>} grades
 * @property {number} points_lost
 * @property {number | null} mean_points_lost
 * @property {number | null} accuracy
 * @property {number} throws
 * @property {number} luck
 */

/**
 * A review as `GET /api/games/{id}/review` sends it.
 * @typedef {Object} Review
 * @property {'ready' | 'pending'} status
 * @property {number} [nodes]
 * @property {boolean} [tables]
 * @property {{best: number, good: number, inaccuracy: number, mistake: number}} [thresholds]
 * @property {ReviewEntry[]} [entries]
 * @property {SeatSummary[]} [seats]
 */

/** The symbol of each grade (its words: `gradeWords`, review-chart.js). */
export const GRADES = {
  best: { symbol: '★' },
  good: { symbol: '✓' },
  inaccuracy: { symbol: '?!' },
  mistake: { symbol: '?' },
  blunder: { symbol: '??' },
};

/**
 * The badge of a decision on the move list: its symbol for the eye, its
 * grade and points lost in words for screen readers.
 * @param {ReviewEntry} e
 */
export function badgeHtml(e) {
  if (!e.grade || !(e.grade in GRADES)) return '';
  const g = GRADES[/** @type {keyof typeof GRADES} */ (e.grade)];
  const words = gradeWords(e.grade);
  const lost = e.points_lost ?? 0;
  const shown = lost >= 0.05 && e.grade !== 'best' ? ` −${pointsText(lost)}` : '';
  const title = t('review-badge-title', { grade: words, points: pointsText(lost) });
  const said = t('review-badge-said', { grade: words, points: pointsText(lost) });
  return `<span class="grade grade-${esc(e.grade)}" data-grade="${esc(e.grade)}" title="${esc(title)}"><span aria-hidden="true">${g.symbol}${shown}</span><span class="sr-only">, ${esc(said)}</span></span>`;
}

/**
 * A signed number of points, the language's way: `+3.2`, `−1.0` (`+3,2`).
 * @param {number} x
 */
export function signed(x) {
  const r = Math.round(x * 10) / 10;
  return r > 0 ? `+${pointsText(r)}` : r < 0 ? `−${pointsText(Math.abs(r))}` : pointsText(0);
}

/**
 * Each player's accuracy, grades and luck.
 * @param {Review} review
 * @param {(seat: number) => string} name
 */
export function summaryHtml(review, name) {
  const rows = (review.seats ?? [])
    .map((s) => {
      const acc = s.accuracy === null ? '—' : pointsText(s.accuracy);
      const grades = Object.keys(GRADES)
        .map((g) => `<td>${s.grades[g] ?? 0}</td>`)
        .join('');
      return `<tr data-seat="${s.seat}"><th scope="row">${esc(name(s.seat))}</th><td data-testid="accuracy">${acc}</td>${grades}<td data-testid="luck">${signed(s.luck)}</td></tr>`;
    })
    .join('');
  const heads = Object.entries(GRADES)
    .map(([grade, g]) => `<th scope="col"><abbr title="${esc(gradeWords(grade))}">${g.symbol}</abbr></th>`)
    .join('');
  // In a box that scrolls sideways on a narrow screen (reachable by the
  // keyboard), so the table never widens the page.
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(t('review-summary-region'))}"><table class="review-table" data-testid="review-summary"><caption>${esc(t('review-summary-caption'))}</caption><thead><tr><th scope="col">${esc(t('review-player'))}</th><th scope="col">${esc(t('review-accuracy'))}</th>${heads}<th scope="col">${esc(t('review-luck'))}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/**
 * Shows a game's review on the replay page and keeps its parts in step
 * with the step shown. `decorate` is called after every redraw of the
 * move list.
 * @param {HTMLElement} root  the replay page
 * @param {{game_id: string, status: string, steps: Array<unknown>, seats: Array<{seat: number, colour?: number | null}>}} game
 * @param {(seat: number) => string} name
 * @param {Array<{name: string, colour: number | null}>} chartSeats
 * @param {string | undefined} token
 * @param {(step: number) => void} jump
 */
export function mountReview(root, game, name, chartSeats, token, jump) {
  const grid = root.querySelector('.replay-grid');
  grid?.insertAdjacentHTML('afterend', `<section class="panel replay-review" aria-labelledby="review-title" data-testid="review"><h2 id="review-title">${esc(t('review-title'))}</h2><div id="review-body" aria-live="polite"></div></section>`);
  const body = /** @type {HTMLElement | null} */ (root.querySelector('#review-body'));
  /** @type {Review | null} */
  let review = null;
  /** @type {Map<number, ReviewEntry>} */
  const byStep = new Map();
  let current = 0;
  const steps = game.steps.length;

  function drawChart() {
    const chart = root.querySelector('#review-chart');
    if (chart && review?.entries) chart.innerHTML = winChanceSvg(review.entries, steps, current, chartSeats);
  }

  /** @param {Review} r */
  function showReady(r) {
    review = r;
    for (const e of r.entries ?? []) byStep.set(e.step_no, e);
    if (!body) return;
    const by = t('review-computed', { nodes: r.nodes ?? 0, tables: r.tables ? 'yes' : 'no' });
    const th = r.thresholds;
    const key = th
      ? t('review-key', { best: formatNumber(th.best), good: formatNumber(th.good), inaccuracy: formatNumber(th.inaccuracy), mistake: formatNumber(th.mistake) })
      : '';
    const caption = chartSeats.length === 2 ? t('review-chart-caption-two', { name: chartSeats[0].name }) : t('review-chart-caption');
    body.innerHTML = `<figure class="race wc"><figcaption>${esc(caption)}</figcaption><div id="review-chart" data-testid="review-chart"></div></figure>${summaryHtml(r, name)}<p class="note">${esc(key ? `${by} ${key}` : by)}</p>`;
    drawChart();
    const list = root.querySelector('#move-list');
    if (list instanceof HTMLElement) decorate(list, current);
    const chart = root.querySelector('#review-chart');
    chart?.addEventListener('click', (event) => {
      const ev = /** @type {MouseEvent} */ (event);
      const target = /** @type {Element} */ (ev.target);
      const mark = target.closest('.wc-mark');
      if (mark) return jump(Number(mark.getAttribute('data-turn')));
      const svg = target.closest('svg');
      if (!svg) return;
      const box = svg.getBoundingClientRect();
      if (box.width > 0) jump(stepAt(((ev.clientX - box.left) / box.width) * CHART_WIDTH, steps));
    });
  }

  /**
   * Adds the badges to the move list and moves the graph's marker.
   * @param {HTMLElement} list
   * @param {number} n  the step shown
   */
  function decorate(list, n) {
    current = n;
    if (!review) return;
    for (const btn of list.querySelectorAll('.turn-btn[data-turn]')) {
      const e = byStep.get(Number(btn.getAttribute('data-turn')));
      if (e && e.kind === 'decision' && !btn.querySelector('.grade')) btn.insertAdjacentHTML('beforeend', badgeHtml(e));
    }
    drawChart();
  }

  async function poll() {
    if (game.status !== 'finished') {
      if (body) body.innerHTML = `<p class="note">${esc(t('review-after-game'))}</p>`;
      return;
    }
    for (let attempt = 0, pause = 500; attempt < 12; attempt += 1, pause = Math.min(pause * 2, 15_000)) {
      /** @type {Review} */
      let r;
      try {
        r = await getJson(`/api/games/${encodeURIComponent(game.game_id)}/review`, token);
      } catch (e) {
        if (body) body.innerHTML = `<p class="note">${esc(t('review-failed', { error: e instanceof Error ? e.message : String(e) }))}</p>`;
        return;
      }
      if (r.status === 'ready') return showReady(r);
      if (body) body.innerHTML = `<p class="note" data-testid="review-pending">${esc(t('review-pending'))}</p>`;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    if (body) body.innerHTML = `<p class="note">${esc(t('review-slow'))}</p>`;
  }

  poll();
  return { decorate };
}
