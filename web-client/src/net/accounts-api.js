// Accounts, ratings, leaderboards and quick pairing (docs/protocol.md,
// docs/ratings.md, docs/pairing.md).

import { request } from './api.js';

/**
 * @typedef {{player_id: string, username: string, display_name: string}} Account
 * @typedef {{player_id: string, display_name: string, username: string | null}} Me
 * @typedef {{pool: string, rule_set: string, seats: number, method: string, rating: number,
 *   deviation: number, volatility: number | null, games: number, provisional: boolean,
 *   rated_at: string | null}} PoolRating
 * @typedef {{player_id: string, display_name: string, username: string | null, ratings: PoolRating[]}} PlayerRatings
 * @typedef {{game_id: string, rating_before: number, deviation_before: number, rating: number,
 *   deviation: number, volatility: number | null, rated_at: string}} RatingPoint
 * @typedef {{rank: number, player_id: string, username: string, display_name: string,
 *   rating: number, deviation: number, games: number, rated_at: string}} Leader
 */

/**
 * `POST /api/accounts`: the token's player becomes an account.
 * @param {string} token
 * @param {string} username
 * @param {string} password
 * @returns {Promise<Account>}
 */
export function signUp(token, username, password) {
  return request('/api/accounts', { method: 'POST', token, body: { username, password } });
}

/**
 * `POST /api/sessions`: a new token for the account.
 * @param {string} username
 * @param {string} password
 * @returns {Promise<Account & {token: string}>}
 */
export function logIn(username, password) {
  return request('/api/sessions', { method: 'POST', body: { username, password } });
}

/**
 * `DELETE /api/sessions`: this token, or every token of the player.
 * @param {string} token
 * @param {boolean} everywhere
 */
export function logOut(token, everywhere) {
  return request(`/api/sessions${everywhere ? '?everywhere=true' : ''}`, { method: 'DELETE', token });
}

/**
 * `POST /api/accounts/password`: every other token is revoked.
 * @param {string} token
 * @param {string} current
 * @param {string} next
 */
export function changePassword(token, current, next) {
  return request('/api/accounts/password', {
    method: 'POST',
    token,
    body: { current_password: current, new_password: next },
  });
}

/**
 * `GET /api/me`
 * @param {string} token
 * @returns {Promise<Me>}
 */
export function me(token) {
  return request('/api/me', { token });
}

/**
 * `GET /api/players/{id or username}`
 * @param {string} who
 * @returns {Promise<PlayerRatings>}
 */
export function playerRatings(who) {
  return request(`/api/players/${encodeURIComponent(who)}`);
}

/**
 * `GET /api/players/{id}/ratings/{pool}`
 * @param {string} who
 * @param {string} pool
 * @returns {Promise<{player_id: string, pool: string, games: RatingPoint[]}>}
 */
export function ratingHistory(who, pool) {
  return request(`/api/players/${encodeURIComponent(who)}/ratings/${encodeURIComponent(pool)}`);
}

/**
 * `GET /api/leaderboard/{pool}`
 * @param {string} pool
 * @returns {Promise<{pool: string, leaders: Leader[]}>}
 */
export function leaderboard(pool) {
  return request(`/api/leaderboard/${encodeURIComponent(pool)}`);
}

/**
 * `GET /api/pools`: who waits in each pool.
 * @returns {Promise<{rule_set: string, seats: number, time_control: import('../types.js').TimeControl, rated: boolean, waiting: number}[]>}
 */
export function pools() {
  return request('/api/pools');
}

/** Every rating pool, in the order the pages list them. */
export const POOLS = ['kendall', 'kendall-7', 'jequier', 'simple', 'peril', 'modern-2', 'modern-3', 'modern-4'];

/**
 * A rating as people read it: rounded, "?" while provisional.
 * @param {{rating: number, provisional?: boolean, deviation?: number}} r
 */
export function ratingText(r) {
  const provisional = r.provisional ?? (r.deviation !== undefined && r.deviation > 110);
  return `${Math.round(r.rating)}${provisional ? '?' : ''}`;
}
