// The chat panel's pure parts: counting as the server does, who sees what,
// no duplicates, muting remembered per room.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addLine, badgeText, charCount, countText, inputLabel, loadMuted, panelHtml, phraseText, PHRASES, refusalText, saveMuted, shown } from '../../src/room/chat.js';
import { useLanguage } from './messages.js';

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

test('the panel\'s words, the quick phrases and the refusals come from the catalogue', () => {
  useLanguage('en');
  assert.match(panelHtml(), /<h2 id="chat-title">Chat<\/h2>/);
  assert.match(panelHtml(), /aria-label="Quick phrases"/);
  assert.equal(inputLabel(false), 'Message to the players');
  assert.equal(inputLabel(true), 'Message to the spectators');
  assert.equal(badgeText('players'), 'player');
  assert.equal(countText(12), '12 / 280');
  // A phrase's code (its button's data-phrase) stays; its words are what is sent.
  assert.deepEqual(Object.keys(PHRASES), ['Good luck', 'Well played', 'Thanks', 'Oops']);
  assert.equal(phraseText('Good luck'), 'Good luck');
  assert.equal(phraseText('toString'), null, 'only the phrases are phrases');
  assert.equal(refusalText('chat_too_long'), 'Messages are limited to 280 characters.');
  assert.equal(refusalText('chat_off'), 'Chat is off in this room.');
  assert.equal(refusalText('chat_something_new'), 'The message was refused.');
});

test('the chat in Spanish', () => {
  useLanguage('es');
  try {
    assert.match(panelHtml(), /> Mostrar el chat de los espectadores<\/label>/);
    assert.match(panelHtml(), /<button type="submit" class="btn">Enviar<\/button>/);
    assert.equal(inputLabel(true), 'Mensaje para los espectadores');
    assert.equal(badgeText('spectators'), 'espectador');
    assert.equal(phraseText('Well played'), 'Bien jugado');
    assert.equal(phraseText('Good luck'), 'Buena suerte');
    assert.equal(refusalText('chat_rate_limited'), 'Demasiados mensajes seguidos: espera unos segundos.');
    assert.equal(refusalText('chat_too_long'), 'Los mensajes pueden tener como máximo 280 caracteres.');
  } finally {
    useLanguage('en');
  }
});
