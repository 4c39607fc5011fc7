// A player's profile (/players/{username}): ratings in every pool, the
// chart of each rated pool, totals and recent games.

import { playerRatings, ratingHistory, ratingText } from '../net/accounts-api.js';
import { listGames, playerTotals } from '../net/history-api.js';
import { ratingChartSvg } from '../draw/rating-chart.js';
import { poolName, ruleSetNames } from './leaderboard.js';
import { rowHtml } from './history.js';
import * as identity from '../logic/identity.js';
import { esc } from './ui.js';

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
    document.title = 'Player not found · Senet Online';
    root.innerHTML = `<section class="panel center"><h1>Player not found</h1><p>${esc(e instanceof Error ? e.message : String(e))}</p><p><a class="btn primary" href="/leaderboard">See the leaderboards</a></p></section>`;
    return;
  }
  const shown = player.username ?? player.display_name;
  document.title = `${shown} · Senet Online`;
  const played = player.ratings.filter((r) => r.games > 0);
  const rows = player.ratings
    .map((r) => `<tr data-pool="${esc(r.pool)}"><th scope="row">${esc(poolName(r.pool, names))}</th><td data-testid="rating-${esc(r.pool)}">${r.games > 0 ? esc(ratingText(r)) : '<span class="muted">not rated yet</span>'}</td><td>${r.games > 0 ? `±${Math.round(r.deviation)}` : ''}</td><td>${r.games}</td></tr>`)
    .join('');
  root.innerHTML = `<section class="panel profile" aria-labelledby="profile-title">
<h1 id="profile-title">${esc(shown)}</h1>
${player.username && player.display_name !== player.username ? `<p class="note">Plays as ${esc(player.display_name)}</p>` : ''}
<h2>Ratings</h2>
<p class="note">A "?" marks a rating that is still provisional: it moves a lot with each game until the player has played enough.</p>
<table class="ratings-table"><thead><tr><th scope="col">Rule set</th><th scope="col">Rating</th><th scope="col">Deviation</th><th scope="col">Rated games</th></tr></thead><tbody>${rows}</tbody></table>
<div id="charts"></div>
<h2>Games</h2>
<div id="totals" class="totals" aria-live="polite"></div>
<ul id="recent" class="hg-list" aria-label="Recent games"></ul>
<p><a class="standalone" href="/games?player=${encodeURIComponent(player.player_id)}">Every game of ${esc(shown)}</a></p>
</section>`;
  const charts = /** @type {HTMLElement} */ (root.querySelector('#charts'));
  for (const r of played) {
    try {
      const history = await ratingHistory(player.player_id, r.pool);
      const label = `${poolName(r.pool, names)} rating`;
      charts.insertAdjacentHTML('beforeend', `<figure class="rating-figure"><figcaption>${esc(label)}</figcaption>${ratingChartSvg(history.games, label)}</figure>`);
    } catch {
      // A chart that cannot be read leaves the others.
    }
  }
  const me = identity.load(localStorage).current;
  const token = me?.player_id === player.player_id ? me.token : undefined;
  try {
    const totals = await playerTotals(player.player_id, token);
    /** @type {HTMLElement} */ (root.querySelector('#totals')).textContent = `${totals.games} games, ${totals.wins} won, ${totals.losses} lost.`;
    const page = await listGames({ player: player.player_id, limit: 10 }, token);
    /** @type {HTMLElement} */ (root.querySelector('#recent')).innerHTML = page.games.map((g) => rowHtml(g, player.player_id, false, names)).join('');
  } catch {
    // The history is optional on this page.
  }
}
