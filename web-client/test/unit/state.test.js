import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actingSeat, blockedReason, canClaimWin, canThrow, claimWait, forcedOption, fromSnapshot, myOptions, reduce } from '../../src/logic/state.js';
import { clockText } from '../../src/logic/format.js';
import { snapshot, startView, stepEvent } from './fixtures.js';

const sticks = { step: 'chance', roll: { kind: 'sticks', sticks: [true, true, true, false] } };
const options = [{ option: '9', choice: { kind: 'move', from: 9 }, events: [] }, { option: '7', choice: { kind: 'move', from: 7 }, events: [] }];

test('a snapshot becomes the view state', () => {
  const s = fromSnapshot(snapshot());
  assert.equal(s.desc.id, 'kendall');
  assert.equal(s.view.squares[0]?.seat, 0);
  assert.equal(canThrow(s), true);
  assert.equal(actingSeat(s), 0);
  assert.deepEqual(myOptions(s), []);
});

test('a throw then a decision: options, roll, who threw, the view and the record', () => {
  let s = fromSnapshot(snapshot());
  s = /** @type {any} */ (reduce(s, stepEvent(5, { step: sticks, by: 0, next: { kind: 'decide', seat: 0, options } })).state);
  assert.deepEqual(s.lastRoll, sticks.roll);
  assert.equal(s.lastRollBy, 0);
  assert.equal(myOptions(s).length, 2);
  const view = startView();
  view.squares[12] = view.squares[8];
  view.squares[8] = null;
  const events = [{ kind: 'piece', seat: 0, value: null, from: { kind: 'square', square: 9 }, to: { kind: 'square', square: 13 }, why: 'move' }];
  s = /** @type {any} */ (reduce(s, stepEvent(6, { seat: 0, text: '0:9', step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 9 } }, events, view, next: { kind: 'throw', thrower: 1, chance: { kind: 'sticks' } } })).state);
  assert.equal(s.steps.length, 2);
  assert.equal(s.view.squares[12]?.seat, 0);
  assert.equal(s.lastStep?.text, '0:9');
  assert.equal(canThrow(s), false);
});

test('a gap in event numbers asks for a snapshot and ignores events until it comes', () => {
  const s = fromSnapshot(snapshot());
  const r = reduce(s, stepEvent(7, {}));
  assert.equal(r.resync, true);
  assert.equal(r.state?.needsSnapshot, true);
  const r2 = reduce(r.state, stepEvent(8, {}));
  assert.equal(r2.changed, false);
});

test('old and private messages leave the state alone', () => {
  const s = fromSnapshot(snapshot());
  assert.equal(reduce(s, stepEvent(4, {})).changed, false);
  assert.equal(reduce(s, { type: 'error', code: 'not_your_turn' }).changed, false);
  assert.equal(reduce(s, { type: 'pong' }).changed, false);
});

test('claim-win only against an absent person who must act', () => {
  let s = fromSnapshot(snapshot({ you: { role: 'seat', seat: 1 } }));
  assert.equal(canClaimWin(s), false);
  s = /** @type {any} */ (reduce(s, { type: 'disconnected', seq: 5, seat: 0 }, 1000)).state;
  assert.equal(canClaimWin(s), true);
  assert.equal(s.awaySince[0], 1000);
  s = /** @type {any} */ (reduce(s, { type: 'reconnected', seq: 6, seat: 0 })).state;
  assert.equal(canClaimWin(s), false);
  const computer = fromSnapshot(snapshot({ you: { role: 'seat', seat: 1 }, seats: [{ seat: 0, player: { player_id: 'c', display_name: 'Computer (expert)', computer: 'expert' }, connected: false, out: false }, { seat: 1, player: { player_id: 'p1', display_name: 'A' }, connected: true, out: false }] }));
  assert.equal(canClaimWin(computer), false);
});

test('the claim countdown runs from when the frame arrived, and the spectator count follows its events', () => {
  const away = { seat: 0, player: { player_id: 'p0', display_name: 'N' }, connected: false, out: false, away_ms: 13_000, claim_in_ms: 107_000 };
  const here = { seat: 1, player: { player_id: 'p1', display_name: 'A' }, connected: true, out: false };
  let s = fromSnapshot(snapshot({ you: { role: 'seat', seat: 1 }, seats: [away, here], spectators: 2 }), 50_000);
  assert.equal(s.awaySince[0], 37_000);
  assert.equal(s.spectators, 2);
  assert.equal(claimWait(s, 50_000), 107_000);
  assert.equal(clockText(/** @type {number} */ (claimWait(s, 51_000))), '1:46');
  assert.equal(claimWait(s, 200_000), 0, 'never negative');
  s = /** @type {any} */ (reduce(s, { type: 'reconnected', seq: 5, seat: 0 }, 60_000)).state;
  assert.equal(claimWait(s, 60_000), null);
  s = /** @type {any} */ (reduce(s, { type: 'disconnected', seq: 6, seat: 0, claim_in_ms: 120_000 }, 70_000)).state;
  assert.equal(clockText(/** @type {number} */ (claimWait(s, 70_000))), '2:00');
  s = /** @type {any} */ (reduce(s, { type: 'spectators', seq: 7, count: 3 }, 71_000)).state;
  assert.equal(s.spectators, 3);
  // Only the seat that must act can be claimed against.
  const other = fromSnapshot(snapshot({ you: { role: 'seat', seat: 0 }, seats: [{ ...here, seat: 0 }, { ...away, seat: 1 }] }), 0);
  assert.equal(claimWait(other, 0), null);
});

test('spectators can neither throw nor choose', () => {
  const s = fromSnapshot(snapshot({ you: { role: 'spectator' }, next: { kind: 'decide', seat: 0, options: /** @type {any} */ (options) } }));
  assert.equal(canThrow(s), false);
  assert.deepEqual(myOptions(s), []);
});

test('game over, rematch asked and declined, a seat out, a player joining', () => {
  let s = fromSnapshot(snapshot({ status: 'waiting', next: { kind: 'waiting' }, seats: [{ seat: 0, player: { player_id: 'p0', display_name: 'N' }, connected: true, out: false }, { seat: 1, player: null, connected: false, out: false }] }));
  s = /** @type {any} */ (reduce(s, { type: 'player_joined', seq: 5, seat: 1, player: { player_id: 'p1', display_name: 'A' } })).state;
  assert.equal(s.seats[1].player?.display_name, 'A');
  s = /** @type {any} */ (reduce(s, stepEvent(6, { events: [{ kind: 'out', seat: 1 }] }))).state;
  assert.equal(s.seats[1].out, true);
  const standing = { places: [0, 1], scores: [], how: 'borne_off' };
  s = /** @type {any} */ (reduce(s, { type: 'game_over', seq: 7, standing })).state;
  assert.equal(s.status, 'finished');
  assert.deepEqual(s.standing, standing);
  s = /** @type {any} */ (reduce(s, { type: 'rematch_offered', seq: 8, by: 1 })).state;
  assert.deepEqual(s.rematch, [1]);
  s = /** @type {any} */ (reduce(s, { type: 'rematch_declined', seq: 9, by: 0 })).state;
  assert.deepEqual(s.rematch, []);
  assert.equal(s.rematchDeclined, true);
});

test('a forced move is the only option of the receiver, and nobody else\'s', () => {
  let s = fromSnapshot(snapshot());
  assert.equal(forcedOption(s), null, 'nothing to decide');
  s = /** @type {any} */ (reduce(s, stepEvent(5, { step: sticks, by: 0, next: { kind: 'decide', seat: 0, options } })).state);
  assert.equal(forcedOption(s), null, 'two options: the player chooses');
  const one = [options[0]];
  const forced = /** @type {any} */ (reduce(fromSnapshot(snapshot()), stepEvent(5, { step: sticks, next: { kind: 'decide', seat: 0, options: one } })).state);
  assert.equal(forcedOption(forced), '9');
  const theirs = /** @type {any} */ (reduce(fromSnapshot(snapshot({ you: { role: 'seat', seat: 1 } })), stepEvent(5, { step: sticks, next: { kind: 'decide', seat: 0, options: one } })).state);
  assert.equal(forcedOption(theirs), null, 'never another seat\'s');
});

test('who threw is the server\'s `by`, live and in a snapshot; the lot is nobody\'s', () => {
  let s = fromSnapshot(snapshot());
  // The server names seat 1 although seat 0 was to throw: its word counts.
  s = /** @type {any} */ (reduce(s, stepEvent(5, { step: sticks, by: 1, next: { kind: 'decide', seat: 1, options } })).state);
  assert.equal(s.lastRollBy, 1);
  assert.equal(s.steps[0].by, 1);
  const lot = { step: 'chance', roll: { kind: 'lot', seat: 1 } };
  s = /** @type {any} */ (reduce(s, stepEvent(6, { step: lot, next: { kind: 'throw', thrower: 1, chance: { kind: 'sticks' } } })).state);
  assert.equal(s.lastRollBy, null);
  const steps = [{ step_no: 1, text: 'LLLD', seat: null, by: 1, step: sticks, events: [] }];
  const snap = fromSnapshot(snapshot({ steps: /** @type {any} */ (steps), next: /** @type {any} */ ({ kind: 'decide', seat: 1, options }) }));
  assert.equal(snap.lastRollBy, 1);
});

test('why my piece cannot move: the server\'s reason for my decision only', () => {
  const blocked = [{ from: 3, code: 'blockade', message: 'an opponent blockade on square 4 is in the way' }];
  const next = /** @type {any} */ ({ kind: 'decide', seat: 0, options, blocked });
  const mine = fromSnapshot(snapshot({ next }));
  assert.match(blockedReason(mine, 3) ?? '', /in a row block the way/, 'the code in words');
  assert.equal(blockedReason(mine, 9), null, 'a piece with an option');
  const spectator = fromSnapshot(snapshot({ next, you: { role: 'spectator' } }));
  assert.equal(blockedReason(spectator, 3), null);
  const other = fromSnapshot(snapshot({ next, you: { role: 'seat', seat: 1 } }));
  assert.equal(blockedReason(other, 3), null);
  const older = fromSnapshot(snapshot({ next: /** @type {any} */ ({ kind: 'decide', seat: 0, options }) }));
  assert.equal(blockedReason(older, 3), null, 'no list, no reason');
});
