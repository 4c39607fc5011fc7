import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMPUTER_LEVELS, levelName } from '../../src/format.js';
import { computerRoomOptions } from '../../src/home.js';
import { canClaimWin, computerOn, fromSnapshot, reduce } from '../../src/state.js';
import { roomHtml } from '../../src/view-room.js';
import { snapshot } from './fixtures.js';

const ui = { online: true, pending: false, now: 0 };

/**
 * A snapshot where the Spool is the computer at `level`, to move.
 * @param {import('../../src/types.js').ComputerLevel} [level]
 * @param {boolean} [connected]
 */
function vsComputer(level = 'expert', connected = true) {
  return snapshot({
    to_move: 'spool',
    players: [
      { side: 'cone', player_id: 'p-cone', display_name: 'Nefertari', connected: true },
      { side: 'spool', player_id: '5e4e7c00-0000-4000-8000-000000000003', display_name: `Computer (${level})`, connected, computer: level },
    ],
  });
}

test('the three levels, in order, with names', () => {
  assert.deepEqual(COMPUTER_LEVELS.map((l) => l.level), ['beginner', 'intermediate', 'expert']);
  assert.equal(levelName('expert'), 'Expert');
  assert.equal(levelName('beginner'), 'Beginner');
  assert.equal(levelName('grandmaster'), 'grandmaster');
});

test('the room request against the computer is private and names a known level', () => {
  assert.deepEqual(computerRoomOptions('expert', 'cone'), { side: 'cone', public: false, opponent: { computer: 'expert' } });
  assert.deepEqual(computerRoomOptions('beginner', ''), { side: 'random', public: false, opponent: { computer: 'beginner' } });
  assert.deepEqual(computerRoomOptions('nonsense', 'spool'), { side: 'spool', public: false, opponent: { computer: 'intermediate' } });
});

test('never a claim-win against the computer, even if it were shown offline', () => {
  const s = fromSnapshot(vsComputer('expert', false));
  assert.equal(computerOn(s, 'spool'), 'expert');
  assert.equal(computerOn(s, 'cone'), null);
  assert.equal(canClaimWin(s), false);
  // The same seat held by a person who left: the claim is offered.
  const person = fromSnapshot(snapshot({ to_move: 'spool', players: [vsComputer().players[0], { side: 'spool', player_id: 'p', display_name: 'Akhenaten', connected: false }] }));
  assert.equal(canClaimWin(person), true);
  assert.doesNotMatch(roomHtml(s, ui), /claim_win/);
});

test('the computer seat shows its name and level, always as the computer', () => {
  const html = roomHtml(fromSnapshot(vsComputer('intermediate')), ui);
  assert.match(html, /data-computer="intermediate"/);
  assert.match(html, /Computer \(intermediate\)/);
  assert.match(html, /<span class="level">Intermediate<\/span>/);
  assert.match(html, /the computer at Intermediate level, to play/);
});

test('the computer level survives game_started (a rematch swaps sides)', () => {
  const s = fromSnapshot(vsComputer('beginner'));
  const { state: next } = reduce(s, {
    type: 'game_started',
    seq: 5,
    game_id: 'g2',
    game_no: 2,
    players: [
      { side: 'cone', player_id: '5e4e7c00-0000-4000-8000-000000000001', display_name: 'Computer (beginner)', connected: true, computer: 'beginner' },
      { side: 'spool', player_id: 'p-cone', display_name: 'Nefertari', connected: true },
    ],
  });
  assert.ok(next);
  assert.equal(computerOn(next, 'cone'), 'beginner');
  assert.equal(computerOn(next, 'spool'), null);
});
