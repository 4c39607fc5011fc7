// The home page's "Playing now": the public games in progress, as the
// lobby feed sends them (or `GET /api/games/live` where there is no feed),
// one row each as the history's "Playing now" tab draws it.

import { rowHtml } from './history.js';
import { esc } from './ui.js';
import { t } from '../i18n/messages.js';

/**
 * The list's items: a row a game (with a Watch link), or a note when
 * nobody plays.
 * @param {import('../net/history-api.js').GameRow[]} games
 * @param {string | null} me  this browser's player id, to mark "(you)"
 * @param {Record<string, string>} ruleSetNames  id → name
 */
export function liveListHtml(games, me, ruleSetNames) {
  if (!games.length) return `<li class="note empty">${esc(t('home-live-empty'))}</li>`;
  // The feed sends a game again only when some game starts or ends: its
  // number of turns would stand still, so it is left out.
  return games.map((g) => rowHtml(g, me, true, ruleSetNames, false)).join('');
}
