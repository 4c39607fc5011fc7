// The match-history HTTP API (docs/protocol.md, "Match history").

import { request as getJson } from './api.js';

/**
 * A game as the lists show it.
 * @typedef {Object} GameRow
 * @property {string} game_id
 * @property {string} room_code
 * @property {string} status
 * @property {{player_id: string, display_name: string} | null} cone
 * @property {{player_id: string, display_name: string} | null} spool
 * @property {{winner: 'cone' | 'spool', how: 'borne_off' | 'resigned' | 'abandoned'} | null} result
 * @property {number} turns
 * @property {string | null} started_at
 * @property {string | null} finished_at
 * @property {number | null} duration_secs
 */

/** @typedef {{games: GameRow[], next_cursor: string | null}} GamePage */
/** @typedef {{player_id: string, display_name: string, games: number, wins: number, losses: number}} Totals */

/**
 * The list address for filters and a cursor.
 * @param {{player?: string, name?: string, result?: string, limit?: number, cursor?: string | null}} f
 */
export function listPath(f) {
  const p = new URLSearchParams();
  if (f.limit) p.set('limit', String(f.limit));
  if (f.player) p.set('player', f.player);
  const name = f.name?.trim();
  if (name) p.set('name', name);
  if (f.result) p.set('result', f.result);
  if (f.cursor) p.set('cursor', f.cursor);
  const q = p.toString();
  return q ? `/api/games?${q}` : '/api/games';
}

/**
 * `GET /api/games`
 * @param {{player?: string, name?: string, result?: string, limit?: number, cursor?: string | null}} filters
 * @returns {Promise<GamePage>}
 */
export function listGames(filters) {
  return getJson(listPath(filters));
}

/**
 * `GET /api/games/live`
 * @returns {Promise<GamePage>}
 */
export function liveGames() {
  return getJson('/api/games/live');
}

/**
 * `GET /api/games/{id}`
 * @param {string} id
 * @returns {Promise<import('./replay-logic.js').GameRecord>}
 */
export function getGame(id) {
  return getJson(`/api/games/${encodeURIComponent(id)}`);
}

/**
 * `GET /api/players/{id}/totals`
 * @param {string} id
 * @returns {Promise<Totals>}
 */
export function playerTotals(id) {
  return getJson(`/api/players/${encodeURIComponent(id)}/totals`);
}
