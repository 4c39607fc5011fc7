import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeText, describeMove, describeThrow, describeTurn, errorText, moveKind, resultText, statusLine, throwValue } from '../../src/format.js';
import { fromSnapshot } from '../../src/state.js';
import { plainMove, snapshot } from './fixtures.js';

test('moves are described with their effect', () => {
  assert.equal(describeMove(plainMove(9, 13), 'cone'), 'Move the Cone on square 9 to square 13.');
  const capture = { ...plainMove(9, 12), effect: { kind: /** @type {const} */ ('capture') } };
  assert.match(describeMove(capture, 'cone'), /capturing the Spool there; it goes back to square 9/);
  assert.equal(moveKind(capture), 'capture');
  const water = { from: 25, to: 27, direction: /** @type {const} */ ('forward'), effect: { kind: /** @type {const} */ ('water'), rebirth: 15 }, lands_on: 15 };
  assert.match(describeMove(water, 'spool'), /House of Water and is washed back to square 15/);
  assert.equal(moveKind(water), 'water');
  const off = { from: 28, to: /** @type {const} */ ('off'), direction: /** @type {const} */ ('forward'), effect: { kind: /** @type {const} */ ('bear_off') }, lands_on: null };
  assert.match(describeMove(off, 'cone'), /Bear off the Cone on square 28 \(House of Three Truths\)/);
  assert.equal(moveKind(off), 'bear_off');
  const back = { ...plainMove(12, 11), direction: /** @type {const} */ ('backward') };
  assert.match(describeMove(back, 'cone'), /backward to square 11/);
  assert.equal(moveKind(back), 'backward');
});

test('turn record lines', () => {
  assert.equal(describeTurn({ no: 1, side: 'cone', throw: 4, from: 7, move: plainMove(7, 11) }), 'Cone threw 4, 7 → 11');
  assert.equal(describeTurn({ no: 2, side: 'spool', throw: 2, from: null, move: null }), 'Spool threw 2: no move possible, turn lost');
  assert.equal(describeTurn({ no: 3, side: 'spool', throw: 3, from: 8, move: null }), 'Spool threw 3, moved from 8');
});

test('throws: light sides, value and another throw', () => {
  assert.equal(throwValue([false, false, false, false]), 5);
  assert.equal(throwValue([true, false, true, false]), 2);
  assert.equal(describeThrow({ side: 'cone', sticks: [true, true, true, true], value: 4, extra_throw: true }), '4 light sides up: move 4. Another throw after the move.');
  assert.equal(describeThrow({ side: 'cone', sticks: [true, true, false, false], value: 2 }), '2 light sides up: move 2. Then the turn passes.');
  assert.match(describeThrow({ side: 'cone', sticks: [false, false, false, false], value: 5, forfeited: true }), /No light side up: 5\. No piece can move/);
});

test('every server error code reads as plain words', () => {
  const codes = ['bad_json', 'unknown_type', 'bad_message', 'unsupported_version', 'binary_not_supported', 'frame_too_large', 'not_a_player', 'game_not_started', 'not_your_turn', 'must_throw_first', 'must_move_first', 'illegal_move', 'game_over', 'game_not_over', 'no_rematch_offer', 'not_abandoned', 'storage_error', 'missing_token', 'invalid_token', 'invalid_display_name', 'room_not_found', 'unavailable', 'internal', 'bad_origin'];
  for (const code of codes) {
    const text = errorText(code, 'server words');
    assert.ok(text.length > 10, code);
    assert.doesNotMatch(text, /[a-z]+_[a-z]/, `${code}: ${text}`);
  }
  assert.equal(errorText('illegal_move', 'x', 'blockade'), 'That move is not allowed: three opponent pieces in a row block the way.');
  assert.equal(errorText('not_abandoned', 'your opponent may still reconnect for 30 s'), 'You cannot claim the win yet: your opponent may still reconnect for 30 s.');
  assert.equal(errorText('mystery'), 'The server refused (mystery).');
  assert.equal(closeText(1008)?.includes('too many'), true);
  assert.equal(closeText(1008, 'rate limited')?.includes('too many'), true);
  assert.equal(closeText(1008, 'too slow to read events')?.includes('fell behind'), true);
  assert.equal(closeText(1006), null);
});

test('status line and result, for players and spectators', () => {
  const s = fromSnapshot(snapshot());
  assert.deepEqual(statusLine(s), { text: 'Your turn: throw the sticks.', mine: true });
  const other = fromSnapshot(snapshot({ to_move: 'spool' }));
  assert.equal(statusLine(other).text, 'Akhenaten (Spool) is about to throw.');
  const won = fromSnapshot(snapshot({ phase: { kind: 'finished', result: { winner: 'cone', how: 'borne_off' } } }));
  assert.equal(resultText(won), 'You win, bearing off all five pieces!');
  const lost = fromSnapshot(snapshot({ you: { role: 'seat', side: 'spool' }, phase: { kind: 'finished', result: { winner: 'cone', how: 'resigned' } } }));
  assert.equal(resultText(lost), 'Nefertari wins: you resigned.');
  const watched = fromSnapshot(snapshot({ you: { role: 'spectator' }, phase: { kind: 'finished', result: { winner: 'spool', how: 'abandoned' } } }));
  assert.equal(resultText(watched), 'Akhenaten (Spool) wins: Nefertari stayed away too long.');
});
