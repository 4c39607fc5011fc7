import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay } from '../../src/net/socket.js';
import { forget, forgetToken, load, nameProblem, remember, seatHolder } from '../../src/logic/identity.js';
import { route } from '../../src/main.js';
import { ago, seatsHtml } from '../../src/pages/home.js';
import { playNowHtml } from '../../src/pages/play-now.js';
import { KENDALL, MODERN } from './fixtures.js';
import { useLanguage } from './messages.js';

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

test('a revoked token is forgotten, a newer login of the same player kept', () => {
  /** @type {Map<string, string>} */
  const m = new Map();
  const store = { getItem: (/** @type {string} */ k) => m.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void m.set(k, v) };
  const old = { player_id: 'a', token: 'a.old', display_name: 'Ann' };
  const other = { player_id: 'b', token: 'b.t', display_name: 'Bea' };
  remember(store, old);
  remember(store, other);
  forgetToken(store, 'a.old');
  assert.deepEqual(load(store).known.map((k) => k.token), ['b.t']);
  assert.equal(load(store).current?.token, 'b.t');
  // Logged in again since: the same player, a new token, which stays.
  const fresh = { player_id: 'a', token: 'a.new', display_name: 'Ann' };
  remember(store, fresh);
  forgetToken(store, 'a.old');
  assert.equal(load(store).current?.token, 'a.new');
  forgetToken(store, 'a.new');
  assert.equal(load(store).current, null);
  assert.deepEqual(load(store).known.map((k) => k.token), ['b.t']);
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
  assert.equal(ago('2026-11-30T05:00:00Z', now), '3 h ago');
});

test('the home page in Spanish: ages, seats, play now', () => {
  useLanguage('es');
  try {
    const now = Date.parse('2026-11-30T08:00:00Z');
    assert.equal(ago('2026-11-30T07:59:50Z', now), 'ahora mismo');
    assert.equal(ago('2026-11-30T07:55:00Z', now), 'hace 5 min');
    const two = seatsHtml(KENDALL, 2);
    assert.match(two, /<legend>Tu puesto<\/legend>/);
    assert.match(two, /Al azar<small>que decida el destino<\/small>/);
    assert.match(two, /<small>juega primero<\/small>/);
    assert.match(two, /Tu rival <select name="other1"/);
    assert.match(two, /<option value="expert">la computadora \(experta\)<\/option>/);
    assert.match(two, /<p class="note">Los puestos que le des a la computadora se ocupan al instante; los demás son para las personas que invites\.<\/p>/);
    const three = seatsHtml(MODERN, 3);
    assert.match(three, /<span>3 jugadores<\/span>/);
    assert.match(three, /<small>juega en tercer lugar<\/small>/);
    assert.match(three, /Rival 2 <select name="other2"/);
    assert.match(three, /Los demás puestos juegan después del tuyo, por orden de turno\./);
    const panel = playNowHtml([KENDALL], false);
    assert.match(panel, /<h2 id="play-now-title">Jugar ya<\/h2>/);
    assert.match(panel, /Las partidas puntuadas son para jugadores con cuenta: <a href="\/account">crea una cuenta<\/a>\./);
  } finally {
    useLanguage('en');
  }
});
