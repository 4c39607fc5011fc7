// The HTTP API (docs/protocol.md). Errors become ApiError with plain words.

import { errorText } from '../logic/format.js';

/** An HTTP API failure with the server's code and a sentence for people. */
export class ApiError extends Error {
  /**
   * @param {string} code
   * @param {string} message  plain words for the person
   * @param {number} status   HTTP status, 0 when the server was not reached
   * @param {number} [retryAfter]  seconds to wait, from a 429's `Retry-After`
   */
  constructor(code, message, status, retryAfter) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
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
    const wait = Number(res.headers.get('Retry-After'));
    const retryAfter = res.status === 429 && Number.isFinite(wait) && wait > 0 ? wait : undefined;
    throw new ApiError(code, errorText(code, data?.error?.message ?? res.statusText), res.status, retryAfter);
  }
  return data;
}

/**
 * @typedef {{player_id: string, token: string, display_name: string, username?: string}} Identity
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
 * What `POST /api/rooms` takes (docs/protocol.md).
 * @typedef {Object} RoomOptions
 * @property {string} rule_set
 * @property {number} [seats]
 * @property {number | 'random'} [seat]
 * @property {boolean} public
 * @property {Array<import('../types.js').ComputerLevel | null>} [computers]  a level per other seat, in turn order after the creator's; null leaves it open
 * @property {{kind: string, seconds: number, increment?: number}} [time_control]  a game clock or a move timer (`logic/clock.js`)
 */

/**
 * `POST /api/rooms`
 * @param {string} token
 * @param {RoomOptions} options
 * @returns {Promise<{code: string, invite_url: string, seat: number, status: string}>}
 */
export function createRoom(token, options) {
  return request('/api/rooms', { method: 'POST', token, body: options });
}

/**
 * The request for a room: the computers fill the other seats they are given
 * (a trailing run of open seats is left open); a room with no open seat is
 * never public.
 * @param {{ruleSet: string, seats: number, seat: number | 'random', public: boolean, computers: Array<import('../types.js').ComputerLevel | null>}} f
 * @returns {RoomOptions}
 */
export function roomOptions(f) {
  const others = Math.max(0, f.seats - 1);
  const computers = f.computers.slice(0, others);
  while (computers.length < others) computers.push(null);
  const full = computers.every((c) => c !== null);
  /** @type {RoomOptions} */
  const out = { rule_set: f.ruleSet, seats: f.seats, seat: f.seat, public: f.public && !full };
  if (computers.some((c) => c !== null)) out.computers = computers;
  return out;
}

/**
 * @typedef {Object} RoomInfo
 * @property {string} code
 * @property {string} rule_set
 * @property {'waiting' | 'playing' | 'finished'} status
 * @property {boolean} public
 * @property {string} invite_url
 * @property {import('../types.js').SeatInfo[]} seats
 * @property {number[]} open_seats
 * @property {number} spectators
 * @property {import('../logic/clock.js').TimeControl} [time_control]
 */

/**
 * `GET /api/origin`: whether the server accepts WebSockets from a page at
 * `origin`, and the origin it expects.
 * @param {string} origin
 * @returns {Promise<{allowed: boolean, expected: string}>}
 */
export function checkOrigin(origin) {
  return request(`/api/origin?origin=${encodeURIComponent(origin)}`);
}

/**
 * `GET /api/rooms/{code}`
 * @param {string} code
 * @returns {Promise<RoomInfo>}
 */
export function getRoom(code) {
  return request(`/api/rooms/${encodeURIComponent(code)}`);
}

/**
 * @typedef {{code: string, rule_set: string, creator: string, seats: number, open_seats: number, open_seat: number, invite_url: string, created_at: string, time_control?: import('../logic/clock.js').TimeControl, rated?: boolean, creator_rating?: {rating: number, provisional: boolean}}} LobbyRoom
 */

/**
 * `GET /api/lobby`
 * @returns {Promise<LobbyRoom[]>}
 */
export async function getLobby() {
  const data = await request('/api/lobby');
  return data.rooms;
}

/** @type {Promise<import('../types.js').Description[]> | null} */
let ruleSets = null;

/**
 * `GET /api/rule-sets`, asked once a page.
 * @returns {Promise<import('../types.js').Description[]>}
 */
export function getRuleSets() {
  ruleSets ??= request('/api/rule-sets').then((d) => d.rule_sets);
  return ruleSets;
}
