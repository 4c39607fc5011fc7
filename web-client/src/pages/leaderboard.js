// The leaderboards (/leaderboard?pool=…): each pool's best 100 accounts
// whose rating is established and who played lately (docs/ratings.md).

import { POOLS, leaderboard } from '../net/accounts-api.js';
import { getRuleSets } from '../net/api.js';
import { esc } from './ui.js';

/**
 * A pool's name for people: the rule set's, with the seat count for
 * Senet-modern.
 * @param {string} pool
 * @param {Record<string, string>} names  rule set id → name
 */
export function poolName(pool, names) {
  const m = /^modern-(\d)$/.exec(pool);
  if (m) return `${names.modern ?? 'Senet-modern'}, ${m[1]} players`;
  return names[pool] ?? pool;
}

/**
 * The rule sets' names by id.
 * @returns {Promise<Record<string, string>>}
 */
export async function ruleSetNames() {
  try {
    const sets = await getRuleSets();
    return Object.fromEntries(sets.map((d) => [d.id, d.name]));
  } catch {
    return {};
  }
}

/**
 * The leaderboard page.
 * @param {HTMLElement} root
 */
export async function showLeaderboard(root) {
  document.title = 'Leaderboards · Senet Online';
  const asked = new URLSearchParams(location.search).get('pool') ?? 'kendall';
  const pool = POOLS.includes(asked) ? asked : 'kendall';
  const names = await ruleSetNames();
  const tabs = POOLS.map((p) => `<a class="pool-tab${p === pool ? ' on' : ''}" href="/leaderboard?pool=${p}"${p === pool ? ' aria-current="page"' : ''}>${esc(poolName(p, names))}</a>`).join('');
  root.innerHTML = `<section class="panel leaderboard" aria-labelledby="lb-title">
<h1 id="lb-title">Leaderboards</h1>
<nav class="pool-tabs" aria-label="Rule sets">${tabs}</nav>
<h2 id="lb-pool">${esc(poolName(pool, names))}</h2>
<p class="note">The best ratings of players with an established rating (deviation at most 110) who played a rated game here in the last 30 days.</p>
<div id="lb-list" aria-live="polite"><p class="loading">Loading…</p></div>
</section>`;
  const list = /** @type {HTMLElement} */ (root.querySelector('#lb-list'));
  try {
    const board = await leaderboard(pool);
    if (board.leaders.length === 0) {
      list.innerHTML = '<p class="empty" data-testid="lb-empty">Nobody is on this board yet: play rated games to get on it.</p>';
      return;
    }
    const rows = board.leaders
      .map((l) => `<tr data-testid="lb-row"><td>${l.rank}</td><td><a href="/players/${encodeURIComponent(l.username)}">${esc(l.username)}</a></td><td>${Math.round(l.rating)}</td><td>${l.games}</td></tr>`)
      .join('');
    list.innerHTML = `<table class="lb-table" aria-labelledby="lb-pool"><thead><tr><th scope="col">Rank</th><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Rated games</th></tr></thead><tbody>${rows}</tbody></table>`;
  } catch (e) {
    list.innerHTML = `<p class="error" role="alert">${esc(e instanceof Error ? e.message : String(e))}</p>`;
  }
}
