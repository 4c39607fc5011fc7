// The HTTP API (docs/protocol.md). Errors become ApiError with plain words.

import { errorText } from './format.js';

/** An HTTP API failure with the server's code and a sentence for people. */
export class ApiError extends Error {
  /**
   * @param {string} code
   * @param {string} message  plain words for the person
   * @param {number} status   HTTP status, 0 when the server was not reached
   */
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/**
 * One JSON request to the API; every API module goes through it.
 * @param {string} path
 * @param {{method?: string, token?: string, body?: unknown}} [opts]
 * @returns {Promise<any>}
 */
export async function request(path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiError('network', errorText('network'), 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const code = data?.error?.code ?? (res.status === 429 ? 'rate_limited' : `http_${res.status}`);
    throw new ApiError(code, errorText(code, data?.error?.message ?? res.statusText), res.status);
  }
  return data;
}

/**
 * @typedef {{player_id: string, token: string, display_name: string}} Identity
 */

/**
 * `POST /api/players`
 * @param {string} displayName
 * @returns {Promise<Identity>}
 */
export function createPlayer(displayName) {
  return request('/api/players', { method: 'POST', body: { display_name: displayName } });
}

/**
 * `POST /api/rooms`
 * @param {string} token
 * @param {{side: 'cone' | 'spool' | 'random', public: boolean, opponent?: {computer: import('./types.js').ComputerLevel}}} options
 *   `opponent.computer` seats the computer at that level; the game starts at once
 * @returns {Promise<{code: string, invite_url: string, side: 'cone' | 'spool', computer?: import('./types.js').ComputerLevel}>}
 */
export function createRoom(token, options) {
  return request('/api/rooms', { method: 'POST', token, body: { rule_set: 'kendall', ...options } });
}

/**
 * @typedef {Object} RoomInfo
 * @property {string} code
 * @property {'waiting' | 'playing' | 'finished'} status
 * @property {boolean} public
 * @property {string} invite_url
 * @property {import('./types.js').Player[]} players
 * @property {import('./types.js').Side | null} open_side
 * @property {number} spectators
 */

/**
 * `GET /api/rooms/{code}`
 * @param {string} code
 * @returns {Promise<RoomInfo>}
 */
export function getRoom(code) {
  return request(`/api/rooms/${encodeURIComponent(code)}`);
}

/**
 * @typedef {{code: string, creator: string, open_side: 'cone' | 'spool', invite_url: string, created_at: string}} LobbyRoom
 */

/**
 * `GET /api/lobby`
 * @returns {Promise<LobbyRoom[]>}
 */
export async function getLobby() {
  const data = await request('/api/lobby');
  return data.rooms;
}
