// The match-history HTTP API (docs/protocol.md, "Match history"). Each call
// takes the browser's player token, if any: private rooms' games (and games
// against the computer) are shown only to their players.

import { ApiError, request } from './api.js';
import { errorText } from '../logic/format.js';

/**
 * GET as the player with `token` (or as a stranger without one). A token
 * the server no longer knows (401) falls back to a stranger's view, so the
 * public lists still show.
 * @param {string} path
 * @param {string | undefined} token
 * @returns {Promise<any>}
 */
export async function getJson(path, token) {
  if (!token) return request(path);
  try {
    return await request(path, { token });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return request(path);
    throw e;
  }
}

/**
 * A game as the lists show it.
 * @typedef {Object} GameRow
 * @property {string} game_id
 * @property {string} room_code
 * @property {string} status
 * @property {string} rule_set
 * @property {number} seat_count
 * @property {Array<{seat: number, player_id: string | null, display_name: string | null, computer?: string | null, place: number | null, score: number | null, rating?: {before: number, after: number} | null}>} seats
 * @property {{winner: string | number, how: string} | null} result
 * @property {number} turns
 * @property {string | null} started_at
 * @property {string | null} finished_at
 * @property {number | null} duration_secs
 * @property {import('../logic/clock.js').TimeControl} [time_control]  the room's (`{kind: 'none'}` for none)
 */

/** @typedef {{games: GameRow[], next_cursor: string | null}} GamePage */
/** @typedef {{player_id: string, display_name: string, games: number, wins: number, losses: number}} Totals */

/**
 * The list address for filters and a cursor.
 * @param {{player?: string, name?: string, result?: string, ruleSet?: string, limit?: number, cursor?: string | null}} f
 */
export function listPath(f) {
  const p = new URLSearchParams();
  if (f.limit) p.set('limit', String(f.limit));
  if (f.player) p.set('player', f.player);
  if (f.ruleSet) p.set('rule_set', f.ruleSet);
  const name = f.name?.trim();
  if (name) p.set('name', name);
  if (f.result) p.set('result', f.result);
  if (f.cursor) p.set('cursor', f.cursor);
  const q = p.toString();
  return q ? `/api/games?${q}` : '/api/games';
}

/**
 * `GET /api/games`
 * @param {{player?: string, name?: string, result?: string, ruleSet?: string, limit?: number, cursor?: string | null}} filters
 * @param {string} [token]  the browser's player token: their private games too
 * @returns {Promise<GamePage>}
 */
export function listGames(filters, token) {
  return getJson(listPath(filters), token);
}

/**
 * `GET /api/games/live`
 * @param {string} [token]
 * @returns {Promise<GamePage>}
 */
export function liveGames(token) {
  return getJson('/api/games/live', token);
}

/**
 * `GET /api/games/{id}`
 * @param {string} id
 * @param {string} [token]
 * @returns {Promise<import('../logic/replay-logic.js').GameRecord>}
 */
export function getGame(id, token) {
  return getJson(`/api/games/${encodeURIComponent(id)}`, token);
}

/**
 * `GET /api/players/{id}/totals`
 * @param {string} id
 * @param {string} [token]  with the player's own token, their private games count
 * @returns {Promise<Totals>}
 */
export function playerTotals(id, token) {
  return getJson(`/api/players/${encodeURIComponent(id)}/totals`, token);
}

/**
 * Downloads a record (`record.txt` or `record.json`) as the player with
 * `token`: a link cannot carry the token a private game needs, so the file
 * is fetched and saved from memory.
 * @param {string} path  e.g. `/api/games/{id}/record.txt`
 * @param {string} filename
 * @param {string} token
 */
export async function downloadRecord(path, filename, token) {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new ApiError(`http_${res.status}`, errorText(`http_${res.status}`, res.statusText), res.status);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
