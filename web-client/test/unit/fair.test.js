import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './messages.js';
import { commitmentOf, kindOf, outcome, seedsOf, toHex, verifyGame } from '../../src/logic/fair.js';

// The known answers of docs/fairness.md (from its Python reference).
const server = Uint8Array.from({ length: 32 }, (_, i) => i);
const gameIdBytes = Uint8Array.from({ length: 16 }, (_, i) => 100 + i);
const hex = toHex(gameIdBytes);
const gameId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
const clients = ["alice's seed", ''];
const commitment = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

test('the commitment and outcomes match the reference verifier', async () => {
  assert.equal(await commitmentOf(server), commitment);
  const seeds = await seedsOf(server, gameIdBytes, clients);
  const sticks = [];
  const dice = [];
  for (let n = 1; n <= 4; n += 1) {
    sticks.push(await outcome(seeds, n, 'sticks', 2));
    dice.push(await outcome(seeds, n, 'dice', 2));
  }
  assert.deepEqual(sticks, ['LDDD', 'LDDD', 'LDLL', 'DLDD']);
  assert.deepEqual(dice, ['d4d5', 'd4d4', 'd4d2', 'd3d2']);
});

test('the kind of a chance step is read from its text', () => {
  assert.equal(kindOf('LDLL'), 'sticks');
  assert.equal(kindOf('d6'), 'die');
  assert.equal(kindOf('d3d5'), 'dice');
  assert.equal(kindOf('lot1'), 'lot');
  assert.equal(kindOf('0:9'), null);
  assert.equal(kindOf('1:resign'), null);
  assert.equal(kindOf('d7'), null);
});

test('a game verifies, and a changed step or seed does not', async () => {
  const fairness = { commitment, client_seeds: clients, server_seed: toHex(server) };
  const steps = [
    { step_no: 1, text: 'LDDD' },
    { step_no: 2, text: '0:9' },
    { step_no: 3, text: 'd4d2' },
    { step_no: 4, text: 'DLDD' },
  ];
  const verdict = await verifyGame(fairness, gameId, 2, steps);
  assert.equal(verdict.ok, true, verdict.message);
  assert.equal(verdict.checked, 3);
  assert.equal(verdict.message, 'All 3 chance steps verified against the revealed seed.');

  const tampered = steps.map((s) => (s.step_no === 4 ? { ...s, text: 'LLDD' } : s));
  const refused = await verifyGame(fairness, gameId, 2, tampered);
  assert.equal(refused.ok, false);
  assert.deepEqual(refused.failures, [{ step_no: 4, shown: 'LLDD', expected: 'DLDD' }]);

  const otherSeed = server.slice();
  otherSeed[0] ^= 1;
  const forged = await verifyGame({ ...fairness, server_seed: toHex(otherSeed) }, gameId, 2, steps);
  assert.equal(forged.ok, false);
  assert.match(forged.message, /does not match the commitment/);

  const live = await verifyGame({ ...fairness, server_seed: null }, gameId, 2, steps);
  assert.equal(live.ok, false);
  assert.match(live.message, /revealed when the game is over/);
  assert.equal((await verifyGame(null, gameId, 2, steps)).ok, false);
});

test('the verdict in Spanish: sentences translated, outcome codes as they are', async () => {
  const fairness = { commitment, client_seeds: clients, server_seed: toHex(server) };
  const steps = [{ step_no: 1, text: 'LDDD' }, { step_no: 4, text: 'LLDD' }];
  useLanguage('es');
  try {
    assert.equal((await verifyGame(fairness, gameId, 2, [steps[0]])).message, 'El único resultado del azar coincide con la semilla revelada.');
    assert.equal((await verifyGame(fairness, gameId, 2, steps)).message, 'El paso 4 muestra LLDD, pero las semillas dan DLDD.');
    assert.equal((await verifyGame(null, gameId, 2, steps)).message, 'Esta partida es anterior al azar verificable.');
  } finally {
    useLanguage('en');
  }
});
