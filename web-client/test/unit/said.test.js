// What a screen reader hears of each step: the throw, the move with its
// effects, and who is to act next; the end of the game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromSnapshot, reduce } from '../../src/logic/state.js';
import { sayingOf } from '../../src/room/said.js';
import { snapshot, startView, stepEvent } from './fixtures.js';

const sticks = { step: 'chance', roll: { kind: 'sticks', sticks: [true, true, true, false] } };
const options = [{ option: '9', choice: { kind: 'move', from: 9 }, events: [] }];

test('a throw and a move are said with who threw, what moved and who acts next', () => {
  let s = fromSnapshot(snapshot());
  const thrown = stepEvent(5, { step: sticks, by: 0, next: { kind: 'decide', seat: 0, options } });
  s = /** @type {any} */ (reduce(s, thrown).state);
  const afterThrow = sayingOf(s, thrown) ?? '';
  assert.match(afterThrow, /threw: 3 light sides up\./);
  assert.match(afterThrow, /Your choice/, 'who acts next: this player');
  const view = startView();
  view.squares[12] = view.squares[8];
  view.squares[8] = null;
  const events = [{ kind: 'piece', seat: 0, value: null, from: { kind: 'square', square: 9 }, to: { kind: 'square', square: 13 }, why: 'move' }];
  const moved = stepEvent(6, { seat: 0, text: '0:9', step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 9 } }, events, view, next: { kind: 'throw', thrower: 1, chance: { kind: 'sticks' } } });
  s = /** @type {any} */ (reduce(s, moved).state);
  const afterMove = sayingOf(s, moved) ?? '';
  assert.match(afterMove, /move the piece on square 9/);
  assert.match(afterMove, /13/, 'where it went');
  assert.match(afterMove, /about to throw the sticks/, 'who acts next');
});

test('only steps and the end are said', () => {
  const s = fromSnapshot(snapshot());
  assert.equal(sayingOf(s, /** @type {any} */ ({ type: 'spectators', count: 2 })), null);
});
