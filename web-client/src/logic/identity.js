// The player's identities, kept in localStorage with their tokens. A name
// change makes a new identity; older ones are kept so every seat survives a reload.

import { t } from '../i18n/messages.js';

/** @typedef {import('../net/api.js').Identity} Identity */

const KEY = 'senet.identities.v1';

/**
 * @typedef {Object} Saved
 * @property {Identity | null} current
 * @property {Identity[]} known
 */

/**
 * A minimal Storage, so tests can pass a Map-backed one.
 * @typedef {{getItem(key: string): string | null, setItem(key: string, value: string): void}} KeyValue
 */

/**
 * @param {KeyValue} store
 * @returns {Saved}
 */
export function load(store) {
  try {
    const raw = store.getItem(KEY);
    if (!raw) return { current: null, known: [] };
    const data = JSON.parse(raw);
    const known = Array.isArray(data.known) ? data.known.filter(isIdentity) : [];
    const current = isIdentity(data.current) ? data.current : null;
    return { current, known };
  } catch {
    return { current: null, known: [] };
  }
}

/**
 * Makes `id` the current identity and remembers it.
 * @param {KeyValue} store
 * @param {Identity} id
 * @returns {Saved}
 */
export function remember(store, id) {
  const saved = load(store);
  const known = [id, ...saved.known.filter((k) => k.player_id !== id.player_id)].slice(0, 20);
  const next = { current: id, known };
  store.setItem(KEY, JSON.stringify(next));
  return next;
}

/**
 * Forgets one identity (e.g. the server no longer knows its token).
 * @param {KeyValue} store
 * @param {string} playerId
 */
export function forget(store, playerId) {
  const saved = load(store);
  const known = saved.known.filter((k) => k.player_id !== playerId);
  const current = saved.current?.player_id === playerId ? null : saved.current;
  store.setItem(KEY, JSON.stringify({ current, known }));
}

/**
 * Forgets the identities saved with this token, once the server said it was
 * revoked (a log-out or a password change, here or on another device). By
 * the token, not the player: a login made since on this device is the same
 * player with a new token, and stays.
 * @param {KeyValue} store
 * @param {string} token
 */
export function forgetToken(store, token) {
  const saved = load(store);
  const known = saved.known.filter((k) => k.token !== token);
  const current = saved.current?.token === token ? null : saved.current;
  store.setItem(KEY, JSON.stringify({ current, known }));
}

/**
 * The saved identity that holds one of these seats, if any.
 * @param {Saved} saved
 * @param {ReadonlyArray<{player_id: string}>} players
 * @returns {Identity | undefined}
 */
export function seatHolder(saved, players) {
  const ids = new Set(players.map((p) => p.player_id));
  return saved.known.find((k) => ids.has(k.player_id));
}

/**
 * Checks a display name as the server does: 1–32 characters, letters,
 * digits, single spaces and `_ - . '`. Returns an error sentence or null.
 * @param {string} name
 */
export function nameProblem(name) {
  if (name.length === 0) return t('format-name-empty');
  if ([...name].length > 32) return t('format-name-too-long', { max: 32 });
  if (name !== name.trim() || name.includes('  ')) return t('format-name-spaces');
  if (!/^[\p{L}\p{N} _.'-]+$/u.test(name)) return t('format-name-characters');
  return null;
}

/**
 * @param {unknown} v
 * @returns {v is Identity}
 */
function isIdentity(v) {
  if (typeof v !== 'object' || v === null) return false;
  const o = /** @type {Record<string, unknown>} */ (v);
  return typeof o.player_id === 'string' && typeof o.token === 'string' && typeof o.display_name === 'string';
}
