import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay } from '../../src/net/socket.js';
import { forget, load, nameProblem, remember, seatHolder } from '../../src/logic/identity.js';
import { route } from '../../src/main.js';
import { ago } from '../../src/pages/home.js';

test('reconnect backoff doubles up to 10 s, with jitter', () => {
  assert.equal(backoffDelay(0, 0), 500);
  assert.equal(backoffDelay(1, 0), 1000);
  assert.equal(backoffDelay(3, 0), 4000);
  assert.equal(backoffDelay(10, 0), 10000);
  assert.equal(backoffDelay(0, 0.999), 625);
});

test('identities are kept per player; the seat holder is found after a rename', () => {
  /** @type {Map<string, string>} */
  const m = new Map();
  const store = { getItem: (/** @type {string} */ k) => m.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void m.set(k, v) };
  assert.deepEqual(load(store), { current: null, known: [] });
  const a = { player_id: 'a', token: 'ta', display_name: 'Ann' };
  const b = { player_id: 'b', token: 'tb', display_name: 'Bea' };
  remember(store, a);
  remember(store, b);
  assert.equal(load(store).current?.player_id, 'b');
  assert.equal(seatHolder(load(store), [{ player_id: 'x' }, { player_id: 'a' }])?.token, 'ta');
  forget(store, 'b');
  assert.equal(load(store).current, null);
  m.set('senet.identities.v1', '{not json');
  assert.deepEqual(load(store), { current: null, known: [] });
});

test('display names follow the server rules', () => {
  assert.equal(nameProblem('Nefertari'), null);
  assert.equal(nameProblem("Ptah-hotep 2 o'Neil"), null);
  assert.ok(nameProblem(''));
  assert.ok(nameProblem(' x'));
  assert.ok(nameProblem('a  b'));
  assert.ok(nameProblem('<script>'));
  assert.ok(nameProblem('a'.repeat(33)));
});

test('routes', () => {
  assert.deepEqual(route('/'), { page: 'home' });
  assert.deepEqual(route('/r/qJR_-8JDUAafEe-Q'), { page: 'room', code: 'qJR_-8JDUAafEe-Q' });
  assert.deepEqual(route('/r/'), { page: 'missing' });
  assert.deepEqual(route('/nope'), { page: 'missing' });
  assert.deepEqual(route('/rules'), { page: 'rules' });
});

test('lobby ages', () => {
  const now = Date.parse('2026-11-30T08:00:00Z');
  assert.equal(ago('2026-11-30T07:59:50Z', now), 'just now');
  assert.equal(ago('2026-11-30T07:55:00Z', now), '5 min ago');
});
