// The leaderboards (/leaderboard?pool=…): each pool's best 100 accounts
// whose rating is established and who played lately (docs/ratings.md).

import { POOLS, leaderboard } from '../net/accounts-api.js';
import { getRuleSets } from '../net/api.js';
import { esc } from './ui.js';
import { formatNumber, t } from '../i18n/messages.js';

/** The rule set's name of each pool of one rule set (message keys). */
const POOL_KEYS = /** @type {Record<string, string>} */ ({
  kendall: 'rule-set-kendall',
  'kendall-7': 'rule-set-kendall-7',
  jequier: 'rule-set-jequier',
  simple: 'rule-set-simple',
  peril: 'rule-set-peril',
});

/**
 * A pool's name for people: the rule set's, and for Senet for 2 to 4
 * players (a pool per table size) the table's size. The pool's id stays
 * in addresses; an unknown pool is shown as its id.
 * @param {string} pool
 */
export function poolName(pool) {
  const m = /^modern-(\d)$/.exec(pool);
  if (m) return t('leaderboard-pool-modern', { seats: Number(m[1]) });
  const key = POOL_KEYS[pool];
  return key ? t(key) : pool;
}

/**
 * The rule sets' names by id, in the page's language.
 * @returns {Promise<Record<string, string>>}
 */
export async function ruleSetNames() {
  try {
    const sets = await getRuleSets();
    return Object.fromEntries(sets.map((d) => [d.id, t(d.name)]));
  } catch {
    return {};
  }
}

/**
 * The leaderboard page.
 * @param {HTMLElement} root
 */
export async function showLeaderboard(root) {
  document.title = t('leaderboard-doc-title');
  const asked = new URLSearchParams(location.search).get('pool') ?? 'kendall';
  const pool = POOLS.includes(asked) ? asked : 'kendall';
  const tabs = POOLS.map((p) => `<a class="pool-tab${p === pool ? ' on' : ''}" href="/leaderboard?pool=${p}"${p === pool ? ' aria-current="page"' : ''}>${esc(poolName(p))}</a>`).join('');
  root.innerHTML = `<section class="panel leaderboard" aria-labelledby="lb-title">
<h1 id="lb-title">${esc(t('leaderboard-heading'))}</h1>
<nav class="pool-tabs" aria-label="${esc(t('leaderboard-pools'))}">${tabs}</nav>
<h2 id="lb-pool">${esc(poolName(pool))}</h2>
<p class="note">${esc(t('leaderboard-note', { deviation: 110, days: 30 }))}</p>
<div id="lb-list" aria-live="polite"><p class="loading">${esc(t('leaderboard-loading'))}</p></div>
</section>`;
  const list = /** @type {HTMLElement} */ (root.querySelector('#lb-list'));
  try {
    const board = await leaderboard(pool);
    if (board.leaders.length === 0) {
      list.innerHTML = `<p class="empty" data-testid="lb-empty">${esc(t('leaderboard-empty'))}</p>`;
      return;
    }
    const rows = board.leaders
      .map((l) => `<tr data-testid="lb-row"><td>${esc(formatNumber(l.rank))}</td><td><a href="/players/${encodeURIComponent(l.username)}">${esc(l.username)}</a></td><td>${esc(String(Math.round(l.rating)))}</td><td>${esc(formatNumber(l.games))}</td></tr>`)
      .join('');
    const head = ['leaderboard-rank', 'leaderboard-player', 'leaderboard-rating', 'leaderboard-games'].map((key) => `<th scope="col">${esc(t(key))}</th>`).join('');
    list.innerHTML = `<table class="lb-table" aria-labelledby="lb-pool"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
  } catch (e) {
    list.innerHTML = `<p class="error" role="alert">${esc(e instanceof Error ? e.message : String(e))}</p>`;
  }
}
