// The chat panel's pure parts: counting as the server does, who sees what,
// no duplicates, muting remembered per room.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addLine, charCount, loadMuted, saveMuted, shown } from '../../src/room/chat.js';

/**
 * @param {number} no
 * @param {'players' | 'spectators'} channel
 * @returns {import('../../src/room/chat.js').ChatLine}
 */
const line = (no, channel, author = 'a') => ({ game_id: 'g', no, channel, player_id: author, display_name: author, text: `m${no}`, at: '2026-12-01T00:00:00Z' });

test('characters are counted as the server counts them, trimmed', () => {
  assert.equal(charCount('  hi  '), 2);
  assert.equal(charCount('𓂀𓂀'), 2); // two scalar values, four UTF-16 units
});

test('players see the spectators only when they follow; nobody sees the muted', () => {
  const none = new Set();
  assert.equal(shown(line(1, 'players'), { spectator: false, follow: false, muted: none }), true);
  assert.equal(shown(line(1, 'spectators'), { spectator: false, follow: false, muted: none }), false);
  assert.equal(shown(line(1, 'spectators'), { spectator: false, follow: true, muted: none }), true);
  assert.equal(shown(line(1, 'spectators'), { spectator: true, follow: false, muted: none }), true);
  assert.equal(shown(line(1, 'players', 'bob'), { spectator: true, follow: false, muted: new Set(['bob']) }), false);
});

test('a message told twice is kept once; the oldest go past the limit', () => {
  let list = addLine([], line(1, 'players'));
  const same = addLine(list, line(1, 'players'));
  assert.equal(same, list);
  for (let no = 2; no <= 5; no += 1) list = addLine(list, line(no, 'players'), 3);
  assert.deepEqual(list.map((l) => l.no), [3, 4, 5]);
});

test('muting is remembered per room, and bad storage is ignored', () => {
  /** @type {Map<string, string>} */
  const map = new Map();
  const storage = { getItem: (/** @type {string} */ k) => map.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void map.set(k, v) };
  saveMuted(storage, 'ROOM1', new Set(['bob']));
  assert.deepEqual([...loadMuted(storage, 'ROOM1')], ['bob']);
  assert.deepEqual([...loadMuted(storage, 'ROOM2')], []);
  map.set('senet.chatMuted.ROOM3', '{not json');
  assert.deepEqual([...loadMuted(storage, 'ROOM3')], []);
});
