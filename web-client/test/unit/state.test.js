import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canClaimWin, canThrow, fromSnapshot, myMoves, reduce, turnsFromSnapshot } from '../../src/state.js';
import { plainMove, snapshot } from './fixtures.js';

test('a snapshot becomes the view state', () => {
  const s = fromSnapshot(snapshot(), 1000);
  assert.equal(s.seq, 4);
  assert.equal(s.code, 'fKyYn7R0Xivml-Vp');
  assert.equal(s.board.length, 30);
  assert.deepEqual(s.borneOff, { cone: 0, spool: 0 });
  assert.equal(canThrow(s), true);
  assert.deepEqual(s.awaySince, { cone: null, spool: null });
});

test('turn sides are rebuilt from the record: 1, 4, 5 keep the turn, forfeits pass it', () => {
  const turns = turnsFromSnapshot([
    { throw: 4, action: { move: 7 } }, // cone again
    { throw: 2, action: { move: 9 } }, // then spool
    { throw: 5, action: 'forfeit' }, // spool forfeits: cone
    { throw: 1, action: { move: 3 } }, // cone again
    { throw: 3, action: { move: 5 } }, // cone, then spool
    { throw: 2, action: { move: 8 } },
  ]);
  assert.deepEqual(turns.map((t) => t.side), ['cone', 'cone', 'spool', 'cone', 'cone', 'spool']);
  assert.equal(turns[2].from, null);
  assert.deepEqual(turns.map((t) => t.no), [1, 2, 3, 4, 5, 6]);
});

test('the full moves of a snapshot fill the turn record; a mismatched one is ignored', () => {
  /** @type {import('../../src/types.js').Move} */
  const capture = { from: 7, to: 9, direction: 'forward', effect: { kind: 'capture' }, lands_on: 9 };
  const turns = turnsFromSnapshot(
    [
      { throw: 2, action: { move: 7 } },
      { throw: 5, action: 'forfeit' },
      { throw: 2, action: { move: 4 } },
    ],
    [capture, null, plainMove(6, 8)],
  );
  assert.deepEqual(turns[0].move, capture);
  assert.equal(turns[1].move, null);
  // The third move names another square than the record: not trusted.
  assert.equal(turns[2].move, null);
  assert.equal(turns[2].from, 4);
  // Older servers send no moves at all.
  assert.equal(turnsFromSnapshot([{ throw: 2, action: { move: 7 } }])[0].move, null);
});

test('thrown then moved updates phase, board, record and animation', () => {
  let s = fromSnapshot(snapshot());
  const moves = [plainMove(9, 13), plainMove(7, 11)];
  let r = reduce(s, { type: 'thrown', seq: 5, side: 'cone', sticks: [true, true, true, true], value: 4, extra_throw: true, forfeited: false, moves });
  assert.equal(r.resync, false);
  s = /** @type {any} */ (r.state);
  assert.equal(s.phase.kind, 'to_move');
  assert.equal(myMoves(s).length, 2);
  assert.equal(canThrow(s), false);
  const board = s.board.slice();
  board[8] = null;
  board[12] = 'cone';
  r = reduce(s, { type: 'moved', seq: 6, side: 'cone', throw: 4, turn_no: 1, move: moves[0], position: '', board, to_move: 'cone' });
  s = /** @type {any} */ (r.state);
  assert.equal(s.seq, 6);
  assert.equal(s.board[12], 'cone');
  assert.equal(s.phase.kind, 'to_throw');
  assert.equal(s.turns.length, 1);
  assert.equal(s.turns[0].move?.from, 9);
  assert.equal(s.lastAction?.id, 1);
});

test('a bear-off is counted from the board', () => {
  const s = fromSnapshot(snapshot());
  const board = s.board.slice();
  board[0] = null;
  const move = { from: 1, to: /** @type {const} */ ('off'), direction: /** @type {const} */ ('forward'), effect: { kind: /** @type {const} */ ('bear_off') }, lands_on: null };
  const r = reduce(s, { type: 'moved', seq: 5, side: 'cone', throw: 3, turn_no: 9, move, position: '', board, to_move: 'spool' });
  assert.deepEqual(r.state?.borneOff, { cone: 1, spool: 0 });
});

test('a gap in event numbers asks for a snapshot and ignores events until it comes', () => {
  const s = fromSnapshot(snapshot());
  const r = reduce(s, { type: 'disconnected', seq: 7, side: 'spool' });
  assert.equal(r.resync, true);
  assert.equal(r.state?.needsSnapshot, true);
  const again = reduce(r.state, { type: 'reconnected', seq: 8, side: 'spool' });
  assert.equal(again.resync, false, 'only one snapshot request');
  assert.equal(again.changed, false);
  const fresh = reduce(again.state, snapshot({ seq: 8 }));
  assert.equal(fresh.state?.needsSnapshot, false);
  assert.equal(fresh.state?.seq, 8);
});

test('old and private messages leave the state alone', () => {
  const s = fromSnapshot(snapshot());
  assert.equal(reduce(s, { type: 'disconnected', seq: 4, side: 'spool' }).changed, false);
  assert.equal(reduce(s, { type: 'error', code: 'not_your_turn', message: 'x' }).changed, false);
  assert.equal(reduce(s, { type: 'pong' }).changed, false);
  assert.equal(reduce(null, { type: 'thrown', seq: 1 }).state, null);
});

test('disconnects enable claim-win only when the absent opponent is to move', () => {
  let s = fromSnapshot(snapshot({ to_move: 'spool' }));
  assert.equal(canClaimWin(s), false);
  s = /** @type {any} */ (reduce(s, { type: 'disconnected', seq: 5, side: 'spool' }, 5000).state);
  assert.equal(s.players.find((p) => p.side === "spool")?.connected, false);
  assert.equal(s.awaySince.spool, 5000);
  assert.equal(canClaimWin(s), true);
  s = /** @type {any} */ (reduce(s, { type: 'reconnected', seq: 6, side: 'spool' }).state);
  assert.equal(canClaimWin(s), false);
  assert.equal(s.awaySince.spool, null);
});

test('spectators can neither throw nor move', () => {
  const s = fromSnapshot(snapshot({ you: { role: 'spectator' }, phase: { kind: 'to_move', throw: 4, moves: [plainMove(9, 13)] } }));
  assert.equal(canThrow(s), false);
  assert.deepEqual(myMoves(s), []);
});

test('game over, rematch offer and decline', () => {
  let s = fromSnapshot(snapshot());
  s = /** @type {any} */ (reduce(s, { type: 'game_over', seq: 5, game_id: 'g', result: { winner: 'spool', how: 'resigned' } }).state);
  assert.equal(s.phase.kind, 'finished');
  s = /** @type {any} */ (reduce(s, { type: 'rematch_offered', seq: 6, by: 'spool' }).state);
  assert.equal(s.rematchOfferedBy, 'spool');
  s = /** @type {any} */ (reduce(s, { type: 'rematch_declined', seq: 7, by: 'cone' }).state);
  assert.equal(s.rematchOfferedBy, null);
  assert.equal(s.rematchDeclinedBy, 'cone');
});

test('player_joined fills the open seat', () => {
  const s = fromSnapshot(snapshot({ players: [{ side: 'cone', player_id: 'a', display_name: 'A', connected: true }], phase: { kind: 'waiting' } }));
  const r = reduce(s, { type: 'player_joined', seq: 5, side: 'spool', player_id: 'b', display_name: 'B' });
  assert.equal(r.state?.players.length, 2);
});
