// Tap to preview, tap again to play; and which sound a step calls for.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { destinations, inputKind, landingMarks, tapOutcome } from '../../src/logic/tap.js';
import { MUTED_KEY, isMuted, stepSound, turnCame } from '../../src/room/sound.js';
import { fromSnapshot } from '../../src/logic/state.js';
import { previewHint, roomHtml } from '../../src/draw/room-page.js';
import { snapshot } from './fixtures.js';

/** @typedef {import('../../src/types.js').GameEvent} GameEvent */
/** @typedef {import('../../src/types.js').Place} Place */
/** @returns {Place} */
const sq = (/** @type {number} */ n) => ({ kind: 'square', square: n });
/** @returns {GameEvent} */
const piece = (/** @type {string} */ why, /** @type {Place} */ from, /** @type {Place} */ to, seat = 0) => ({ kind: 'piece', seat, value: null, from, to, why });
/** @type {GameEvent} */
const pass = { kind: 'pass', seat: 0 };
/** @type {GameEvent} */
const out = { kind: 'out', seat: 2 };

test('touch and pen preview first; a mouse, the keyboard and scripts play at once', () => {
  assert.equal(inputKind('touch'), 'touch');
  assert.equal(inputKind('pen'), 'touch');
  assert.equal(inputKind('mouse'), 'direct');
  assert.equal(inputKind(''), 'direct'); // Enter on a button, el.click()
  assert.equal(inputKind(undefined), 'direct');
});

test('a mouse click on a board control plays it; elsewhere it drops a selection', () => {
  const base = { input: /** @type {const} */ ('direct'), dests: [], square: null };
  assert.deepEqual(tapOutcome({ ...base, selected: null, control: '9' }), { kind: 'play', key: '9' });
  assert.deepEqual(tapOutcome({ ...base, selected: '7', control: '9' }), { kind: 'play', key: '9' });
  assert.deepEqual(tapOutcome({ ...base, selected: '7', control: null }), { kind: 'cancel' });
  assert.deepEqual(tapOutcome({ ...base, selected: null, control: null }), { kind: 'none' });
});

test('a tap on a landing mark plays its move at once; a square two moves land on is not marked', () => {
  const t = /** @type {const} */ ('touch');
  assert.deepEqual(tapOutcome({ input: t, selected: null, dests: [], control: null, square: 12, landing: '9' }), { kind: 'play', key: '9' });
  // With another piece previewed, a landing mark elsewhere still plays its own move.
  assert.deepEqual(tapOutcome({ input: t, selected: '7', dests: [10], control: null, square: 12, landing: '9' }), { kind: 'play', key: '9' });
  // A target that is its own landing (entering a pawn there): one tap.
  assert.deepEqual(tapOutcome({ input: t, selected: null, dests: [], control: 'enter 3', square: 3, landing: 'enter 3' }), { kind: 'play', key: 'enter 3' });
  const piece = (/** @type {number} */ seat, /** @type {number} */ from, /** @type {number} */ to) => ({ kind: /** @type {const} */ ('piece'), seat, value: null, from: { kind: /** @type {const} */ ('square'), square: from }, to: { kind: /** @type {const} */ ('square'), square: to }, why: 'move' });
  const marks = landingMarks([
    { key: '9', events: [piece(0, 9, 12), piece(1, 12, 9)] },
    { key: '5', events: [piece(0, 5, 8)] },
    { key: '4', events: [piece(0, 4, 8)] },
  ], 0);
  // The swapped piece's square (9) is not where the player taps; 8 is two moves'.
  assert.deepEqual([...marks], [[12, '9']]);
});

test('a tap previews; the same piece again or its destination plays; elsewhere cancels', () => {
  const t = /** @type {const} */ ('touch');
  assert.deepEqual(tapOutcome({ input: t, selected: null, dests: [], control: '9', square: 9 }), { kind: 'preview', key: '9' });
  assert.deepEqual(tapOutcome({ input: t, selected: '9', dests: [12], control: '9', square: 9 }), { kind: 'play', key: '9' });
  assert.deepEqual(tapOutcome({ input: t, selected: '9', dests: [12], control: null, square: 12 }), { kind: 'play', key: '9' });
  // Another glowing piece: preview that one instead.
  assert.deepEqual(tapOutcome({ input: t, selected: '9', dests: [12], control: '7', square: 7 }), { kind: 'preview', key: '7' });
  // A square the preview does not light up, or off the board: cancel.
  assert.deepEqual(tapOutcome({ input: t, selected: '9', dests: [12], control: null, square: 20 }), { kind: 'cancel' });
  assert.deepEqual(tapOutcome({ input: t, selected: '9', dests: [12], control: null, square: null }), { kind: 'cancel' });
  assert.deepEqual(tapOutcome({ input: t, selected: null, dests: [], control: null, square: 4 }), { kind: 'none' });
  // A square holding several options keeps its whole key.
  assert.deepEqual(tapOutcome({ input: t, selected: '5a|5b', dests: [8, 9], control: '5a|5b', square: 5 }), { kind: 'play', key: '5a|5b' });
});

test('a preview lights up where pieces land, each square once', () => {
  const swap = [piece('move', sq(1), sq(2)), piece('swapped', sq(2), sq(1), 1)];
  assert.deepEqual(destinations(swap), [2, 1]);
  assert.deepEqual(destinations([piece('borne_off', sq(30), { kind: 'off' })]), []);
  assert.deepEqual(destinations([piece('entered', { kind: 'reserve' }, sq(3)), piece('move', sq(1), sq(3))]), [3]);
  assert.deepEqual(destinations([pass]), []);
});

test('which sound a step calls for comes from its events', () => {
  const chance = { step: /** @type {const} */ ('chance'), roll: { kind: /** @type {const} */ ('die'), pip: 3 } };
  const decide = { step: /** @type {const} */ ('decide'), seat: 0, choice: { kind: /** @type {const} */ ('move'), from: 9 } };
  assert.equal(stepSound(chance, []), 'throw');
  assert.equal(stepSound(chance, [pass]), 'throw');
  assert.equal(stepSound(decide, [piece('move', sq(9), sq(12))]), 'move');
  assert.equal(stepSound(decide, [piece('entered', { kind: 'reserve' }, sq(2))]), 'move');
  assert.equal(stepSound(decide, [piece('borne_off', sq(30), { kind: 'off' })]), 'move');
  for (const why of ['swapped', 'sent_home', 'captured', 'water', 'removed']) {
    assert.equal(stepSound(decide, [piece('move', sq(9), sq(12)), piece(why, sq(12), sq(9), 1)]), 'capture', why);
  }
  // A draw by the rules that sends a piece back is heard as the capture.
  assert.equal(stepSound(chance, [piece('water', sq(27), sq(15))]), 'capture');
  assert.equal(stepSound(null, [piece('removed', sq(4), { kind: 'removed' }), out]), null);
  assert.equal(stepSound(decide, []), null);
});

test('"your turn" sounds when the turn comes to me, not within my own turn', () => {
  const sticks = { kind: /** @type {const} */ ('sticks') };
  const throwBy = (/** @type {number} */ seat) => ({ kind: /** @type {const} */ ('throw'), thrower: seat, chance: sticks });
  const decideBy = (/** @type {number} */ seat) => ({ kind: /** @type {const} */ ('decide'), seat, options: [] });
  assert.equal(turnCame(throwBy(1), throwBy(0), 0), true);
  assert.equal(turnCame(decideBy(1), decideBy(0), 0), true);
  assert.equal(turnCame(null, throwBy(0), 0), true);
  assert.equal(turnCame(decideBy(0), throwBy(0), 0), false); // a throw again
  assert.equal(turnCame(throwBy(0), decideBy(0), 0), false);
  assert.equal(turnCame(throwBy(0), throwBy(1), 0), false);
  assert.equal(turnCame(throwBy(1), throwBy(0), null), false); // spectators
  assert.equal(turnCame(throwBy(1), { kind: 'end', standing: { places: [0, 1], scores: [], how: 'borne_off' } }, 0), false);
});

test('the mute switch is read from storage', () => {
  /** @type {Map<string, string>} */
  const m = new Map();
  const storage = { getItem: (/** @type {string} */ k) => m.get(k) ?? null };
  assert.equal(isMuted(storage), false);
  m.set(MUTED_KEY, '1');
  assert.equal(isMuted(storage), true);
  m.set(MUTED_KEY, '0');
  assert.equal(isMuted(storage), false);
});

test('the room page shows the Sounds switch as remembered, and says "tap" to a finger', () => {
  const s = fromSnapshot(snapshot());
  const ui = { online: true, pending: false, now: 0 };
  assert.match(roomHtml(s, ui), /<input type="checkbox" data-setting="sound" checked> Sounds/);
  assert.match(roomHtml(s, { ...ui, muted: true }), /<input type="checkbox" data-setting="sound"> Sounds/);
  assert.match(previewHint(true), /^Tap a marked square to move there, or tap a glowing piece.*tap it again to play/);
  assert.match(previewHint(false), /^Hover or focus/);
});
