// Creating a room under a name: the saved player when it has that name,
// else a new one; a saved player the server no longer knows is replaced
// once. Shared by the home page and the lessons.

import { ApiError, createPlayer, createRoom } from './api.js';
import * as identity from '../logic/identity.js';

/** @typedef {import('./api.js').RoomOptions} RoomOptions */

/**
 * The saved player named `name`, or a new player by that name (then saved).
 * @param {Storage} store
 * @param {string} name  a name `identity.nameProblem` accepts
 */
export async function playerNamed(store, name) {
  const current = identity.load(store).current;
  // An account keeps its identity (and its ratings) whatever name is typed.
  if (current && (current.display_name === name || current.username)) return current;
  const id = await createPlayer(name);
  identity.remember(store, id);
  return id;
}

/**
 * Creates a room as the player named `name`.
 * @param {Storage} store
 * @param {string} name
 * @param {RoomOptions} options
 */
export async function createRoomAs(store, name, options) {
  const id = await playerNamed(store, name);
  try {
    return await createRoom(id.token, options);
  } catch (e) {
    // A saved player the server no longer knows: a new one, once.
    if (!(e instanceof ApiError && e.code === 'invalid_token')) throw e;
    identity.forget(store, id.player_id);
    const fresh = await playerNamed(store, name);
    return createRoom(fresh.token, options);
  }
}
