// The room's state object and the pacing of draws inside a turn.

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { AUTO_FORCED_KEY, createRoomPage, drew, stepCame, touching } from '../../src/room/state.js';
import { DRAW_PAUSE_MS, DrawPacing } from '../../src/room/pacing.js';
import { clockNames } from '../../src/room/clocks.js';
import { announcement } from '../../src/room/announce.js';
import { fromSnapshot } from '../../src/logic/state.js';
import { snapshot } from './fixtures.js';
import { useLanguage } from './messages.js';

/** @typedef {import('../../src/types.js').ServerMessage} ServerMessage */

/** A storage holding `items`. */
const storage = (/** @type {Record<string, string>} */ items) => /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: (/** @type {string} */ k) => items[k] ?? null }));

/**
 * A server message of `type`; a step says what comes next.
 * @param {string} type
 * @param {string} [next]  the kind of what comes next
 * @returns {ServerMessage}
 */
const msg = (type, next) => /** @type {ServerMessage} */ (/** @type {unknown} */ ({ type, ...(next ? { next: { kind: next } } : {}) }));

test('a room page opens with nothing shown, the forced-move switch remembered', () => {
  const page = createRoomPage('abc', null, storage({ [AUTO_FORCED_KEY]: '1' }));
  assert.equal(page.game, null);
  assert.equal(page.autoForced, true);
  assert.equal(page.drawn, false);
  assert.equal(createRoomPage('abc', 't', storage({})).autoForced, false);
  page.lastPointer = 'touch';
  assert.equal(touching(page), true);
  page.lastPointer = 'mouse';
  assert.equal(touching(page), false);
});

test('a step ends a pick and a tap; a chance step is tossed once, on the next draw', () => {
  const page = createRoomPage('abc', 't', storage({}));
  page.picked = '1|2';
  page.tapped = '3';
  stepCame(page, /** @type {ServerMessage} */ (/** @type {unknown} */ ({ type: 'step', step: { step: 'chance' } })));
  assert.equal(page.picked, null);
  assert.equal(page.tapped, null);
  assert.equal(page.tossNext, true);
  page.tapped = '4';
  drew(page, false);
  assert.equal(page.tossNext, false);
  assert.equal(page.tapped, null, 'a tapped control gone from the board is dropped');
  assert.equal(page.drawn, true);
});

test('a step after a draw waits until the draw has been on screen; a snapshot replaces what waits', () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000 });
  try {
    /** @type {string[]} */
    const shown = [];
    const pacing = new DrawPacing((m) => {
      shown.push(m.type);
      if (m.type === 'step') pacing.shown(m, false);
    });
    pacing.push(msg('step', 'draw'));
    pacing.push(msg('player_joined'));
    pacing.push(msg('step', 'decide'));
    pacing.push(msg('step', 'decide'));
    assert.deepEqual(shown, ['step', 'player_joined'], 'other messages pass; the step waits');
    assert.equal(pacing.waiting, 2);
    mock.timers.tick(DRAW_PAUSE_MS - 1);
    assert.equal(pacing.waiting, 2);
    mock.timers.tick(1);
    assert.deepEqual(shown, ['step', 'player_joined', 'step', 'step'], 'then the steps follow, no draw between them');
    assert.equal(pacing.waiting, 0);

    pacing.push(msg('step', 'draw'));
    pacing.push(msg('step', 'decide'));
    pacing.push(msg('snapshot'));
    assert.deepEqual(shown.slice(4), ['step', 'snapshot'], 'a snapshot says it all');
    assert.equal(pacing.waiting, 0);
  } finally {
    mock.timers.reset();
  }
});

test('with reduced motion a draw holds the next step a shorter moment', () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000 });
  try {
    /** @type {string[]} */
    const shown = [];
    const pacing = new DrawPacing((m) => {
      shown.push(m.type);
      if (m.type === 'step') pacing.shown(m, true);
    });
    pacing.push(msg('step', 'draw'));
    pacing.push(msg('step', 'decide'));
    mock.timers.tick(150);
    assert.deepEqual(shown, ['step', 'step']);
  } finally {
    mock.timers.reset();
  }
});

test('a clock without a player is named by its seat, in the page\'s language', () => {
  const seats = [{ seat: 0, player: { display_name: 'Ann' } }, { seat: 1, player: null }];
  assert.deepEqual(clockNames(seats), ['Ann', 'Seat 2']);
  useLanguage('es');
  try {
    assert.deepEqual(clockNames(seats), ['Ann', 'Puesto 2']);
  } finally {
    useLanguage('en');
  }
});

test('people coming and going are told, not the viewer\'s own seat', () => {
  const s = /** @type {import('../../src/types.js').RoomState} */ (fromSnapshot(snapshot()));
  const m = (/** @type {Record<string, unknown>} */ over) => /** @type {ServerMessage} */ (/** @type {unknown} */ (over));
  assert.deepEqual(announcement(s, m({ type: 'player_joined', player: { display_name: 'Cleo' } })), { text: 'Cleo joined.', kind: 'ok' });
  assert.equal(announcement(s, m({ type: 'player_joined' }))?.text, 'Someone joined.');
  assert.equal(announcement(s, m({ type: 'disconnected', seat: 1 }))?.text, 'Akhenaten lost their connection.');
  assert.equal(announcement(s, m({ type: 'disconnected', seat: 0 })), null, 'the viewer knows they left');
  assert.equal(announcement(s, m({ type: 'rematch_declined', by: 1 }))?.text, 'The rematch was declined.');
  useLanguage('es');
  try {
    assert.equal(announcement(s, m({ type: 'player_joined', player: { display_name: 'Cleo' } }))?.text, 'Cleo se ha unido.');
    assert.equal(announcement(s, m({ type: 'reconnected', seat: 1 }))?.text, 'Akhenaten ha vuelto.');
  } finally {
    useLanguage('en');
  }
});
