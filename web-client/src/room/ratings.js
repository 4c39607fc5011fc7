// The seated players' ratings in a rated room, fetched from their profiles
// (`GET /api/players/{id}`) once per player and game, and again once the
// game is over (the end changed them). Holds no rule: the pool is the one
// the server names for the rule set and seat count.

import { playerRatings, ratingText } from '../net/accounts-api.js';

/** @type {Map<string, string>} player id and game → rating text */
const known = new Map();
/** @type {Set<string>} asked and not yet answered */
const asking = new Set();

/**
 * The rating pool of a room's games.
 * @param {import('../types.js').RoomState} s
 */
export function poolOf(s) {
  return s.desc.seats.max > 2 ? `${s.desc.id}-${s.seats.length}` : s.desc.id;
}

/**
 * The seated people's ratings known so far (player id → "1523" or
 * "1500?"); asks for the missing ones and calls `loaded` when one comes.
 * @param {import('../types.js').RoomState} s
 * @param {() => void} loaded
 * @returns {Record<string, string>}
 */
export function seatRatings(s, loaded) {
  /** @type {Record<string, string>} */
  const out = {};
  if (!s.rated) return out;
  const pool = poolOf(s);
  for (const seat of s.seats) {
    const id = seat.player?.computer ? null : seat.player?.player_id;
    if (!id) continue;
    const key = `${id}:${s.gameId}:${s.status === 'finished'}`;
    const text = known.get(key);
    if (text !== undefined) {
      out[id] = text;
      continue;
    }
    if (asking.has(key)) continue;
    asking.add(key);
    playerRatings(id)
      .then((player) => {
        const r = player.ratings.find((x) => x.pool === pool);
        if (r) known.set(key, ratingText(r));
        loaded();
      })
      .catch(() => {})
      .finally(() => asking.delete(key));
  }
  return out;
}
