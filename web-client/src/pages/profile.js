// A player's profile (/players/{username}): ratings in every pool, the
// chart of each rated pool, totals and recent games.

import { playerRatings, ratingHistory, ratingText } from '../net/accounts-api.js';
import { listGames, playerTotals } from '../net/history-api.js';
import { ratingChartSvg } from '../draw/rating-chart.js';
import { poolName, ruleSetNames } from './leaderboard.js';
import { rowHtml } from './history.js';
import * as identity from '../logic/identity.js';
import { esc } from './ui.js';
import { formatNumber, t } from '../i18n/messages.js';

/**
 * A player's totals in words: "12 games: 7 won, 5 lost."
 * @param {{games: number, wins: number, losses: number}} totals
 */
export function totalsText(totals) {
  return t('profile-totals', { games: totals.games, wins: totals.wins, losses: totals.losses });
}

/**
 * The ratings table's rows: each pool's name, rating, deviation and rated games.
 * @param {import('../net/accounts-api.js').PoolRating[]} ratings
 */
export function ratingRowsHtml(ratings) {
  return ratings
    .map((r) => `<tr data-pool="${esc(r.pool)}"><th scope="row">${esc(poolName(r.pool))}</th><td data-testid="rating-${esc(r.pool)}">${r.games > 0 ? esc(ratingText(r)) : `<span class="muted">${esc(t('profile-not-rated'))}</span>`}</td><td>${r.games > 0 ? esc(`±${formatNumber(Math.round(r.deviation))}`) : ''}</td><td>${esc(formatNumber(r.games))}</td></tr>`)
    .join('');
}

/**
 * The profile page.
 * @param {HTMLElement} root
 * @param {string} who  a username (or a player id)
 */
export async function showProfile(root, who) {
  const names = await ruleSetNames();
  let player;
  try {
    player = await playerRatings(who);
  } catch (e) {
    document.title = t('profile-not-found-title');
    root.innerHTML = `<section class="panel center"><h1>${esc(t('profile-not-found'))}</h1><p>${esc(e instanceof Error ? e.message : String(e))}</p><p><a class="btn primary" href="/leaderboard">${esc(t('profile-see-leaderboards'))}</a></p></section>`;
    return;
  }
  const shown = player.username ?? player.display_name;
  document.title = t('profile-doc-title', { name: shown });
  const played = player.ratings.filter((r) => r.games > 0);
  const a = (/** @type {string} */ key) => esc(t(key));
  const head = ['profile-rule-set', 'profile-rating', 'profile-deviation', 'profile-rated-games'].map((key) => `<th scope="col">${a(key)}</th>`).join('');
  root.innerHTML = `<section class="panel profile" aria-labelledby="profile-title">
<h1 id="profile-title">${esc(shown)}</h1>
${player.username && player.display_name !== player.username ? `<p class="note">${esc(t('profile-plays-as', { name: player.display_name }))}</p>` : ''}
<h2>${a('profile-ratings')}</h2>
<p class="note">${a('profile-provisional')}</p>
<table class="ratings-table"><thead><tr>${head}</tr></thead><tbody>${ratingRowsHtml(player.ratings)}</tbody></table>
<div id="charts"></div>
<h2>${a('profile-games')}</h2>
<div id="totals" class="totals" aria-live="polite"></div>
<ul id="recent" class="hg-list" aria-label="${a('profile-recent')}"></ul>
<p><a class="standalone" href="/games?player=${encodeURIComponent(player.player_id)}">${esc(t('profile-every-game', { name: shown }))}</a></p>
</section>`;
  const charts = /** @type {HTMLElement} */ (root.querySelector('#charts'));
  for (const r of played) {
    try {
      const history = await ratingHistory(player.player_id, r.pool);
      const label = t('profile-chart', { pool: poolName(r.pool) });
      charts.insertAdjacentHTML('beforeend', `<figure class="rating-figure"><figcaption>${esc(label)}</figcaption>${ratingChartSvg(history.games, label)}</figure>`);
    } catch {
      // A chart that cannot be read leaves the others.
    }
  }
  const me = identity.load(localStorage).current;
  const token = me?.player_id === player.player_id ? me.token : undefined;
  try {
    const totals = await playerTotals(player.player_id, token);
    /** @type {HTMLElement} */ (root.querySelector('#totals')).textContent = totalsText(totals);
    const page = await listGames({ player: player.player_id, limit: 10 }, token);
    /** @type {HTMLElement} */ (root.querySelector('#recent')).innerHTML = page.games.map((g) => rowHtml(g, player.player_id, false, names)).join('');
  } catch {
    // The history is optional on this page.
  }
}
