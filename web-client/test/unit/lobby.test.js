import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOTIFY_KEY, notifyWanted, setNotifyWanted, shouldNotify, turnText } from '../../src/room/notify.js';
import { thinkHtml, thinkText } from '../../src/logic/decision-time.js';
import { liveListHtml } from '../../src/pages/home-live.js';
import { rowHtml } from '../../src/pages/history.js';
import { useLanguage } from './messages.js';

/** A storage in memory (`refuse`: one that throws, as in private mode). */
function memoryStorage(refuse = false) {
  /** @type {Map<string, string>} */
  const items = new Map();
  return {
    /** @param {string} k */
    getItem: (k) => {
      if (refuse) throw new Error('denied');
      return items.get(k) ?? null;
    },
    /** @param {string} k @param {string} v */
    setItem: (k, v) => {
      if (refuse) throw new Error('denied');
      items.set(k, v);
    },
  };
}

test('a notification only when asked for, allowed and the tab is hidden', () => {
  const on = { wanted: true, permission: 'granted', hidden: true };
  assert.equal(shouldNotify(on), true);
  assert.equal(shouldNotify({ ...on, hidden: false }), false, 'a visible tab shows the turn already');
  assert.equal(shouldNotify({ ...on, wanted: false }), false, 'opt-in only');
  assert.equal(shouldNotify({ ...on, permission: 'default' }), false);
  assert.equal(shouldNotify({ ...on, permission: 'denied' }), false);
});

test('the choice is remembered, off by default, and a refusing storage is off', () => {
  const storage = memoryStorage();
  assert.equal(notifyWanted(storage), false);
  setNotifyWanted(storage, true);
  assert.equal(storage.getItem(NOTIFY_KEY), '1');
  assert.equal(notifyWanted(storage), true);
  setNotifyWanted(storage, false);
  assert.equal(notifyWanted(storage), false);
  const refusing = memoryStorage(true);
  setNotifyWanted(refusing, true);
  assert.equal(notifyWanted(refusing), false);
});

test('the notification names the rule set and the opponents', () => {
  assert.equal(turnText('Kendall', ['Bob']), 'Your turn — Kendall vs Bob');
  assert.equal(turnText('Senet-modern', ['Bob', '', 'Computer (expert)']), 'Your turn — Senet-modern vs Bob and Computer (expert)');
  assert.equal(turnText('Senet-modern', ['Bob', 'Ann', 'Cleo']), 'Your turn — Senet-modern vs Bob, Ann, and Cleo');
  assert.equal(turnText('Kendall', []), 'Your turn — Kendall');
});

test('the notification in Spanish', () => {
  useLanguage('es');
  try {
    assert.equal(turnText('Senet clásico (Kendall)', ['Bob', '', 'Ana']), 'Tu turno — Senet clásico (Kendall) contra Bob y Ana');
    assert.equal(turnText('Senet rápido', []), 'Tu turno — Senet rápido');
  } finally {
    useLanguage('en');
  }
});

test('decision times in words, and none where a step has none', () => {
  assert.equal(thinkText(0), '0.0 s');
  assert.equal(thinkText(2_470), '2.4 s');
  assert.equal(thinkText(12_400), '12 s');
  assert.equal(thinkText(65_000), '1 min 05 s');
  assert.equal(thinkText(-3), '0.0 s');
  assert.match(thinkHtml({ think_ms: 2_470 }), /class="think"[^>]*>.*2\.4 s<\/small>/);
  assert.equal(thinkHtml({ think_ms: null }), '');
  assert.equal(thinkHtml({}), '');
});

test('games being played show their time control, none when they have none', () => {
  const row = {
    game_id: 'g1', room_code: 'r<1>', status: 'playing', rule_set: 'kendall', seat_count: 2,
    seats: [
      { seat: 0, player_id: 'p1', display_name: 'Alice', place: null, score: null },
      { seat: 1, player_id: 'p2', display_name: '<i>Bob</i>', place: null, score: null },
    ],
    result: null, turns: 3, started_at: '2026-12-01T07:40:01Z', finished_at: null, duration_secs: null,
    time_control: /** @type {const} */ ({ kind: 'clock', seconds: 300, increment: 3 }),
  };
  const html = liveListHtml([row], 'p1', { kendall: 'Kendall' });
  assert.match(html, /Kendall · <span class="hg-clock">5 min \+ 3 s<\/span><small>/);
  assert.doesNotMatch(html, /turns/, 'a count the feed does not keep up to date');
  assert.match(rowHtml(row, null, true), /5 min \+ 3 s<\/span> · 3 turns/);
  assert.match(html, /href="\/r\/r%3C1%3E"/);
  assert.match(html, /&#60;i&#62;Bob&#60;\/i&#62;/, 'names are text');
  assert.match(html, /Alice <small class="inline">\(you\)/);
  const untimed = rowHtml({ ...row, time_control: { kind: 'none' } }, null, true);
  assert.doesNotMatch(untimed, /hg-clock/);
  assert.match(liveListHtml([], null, {}), /Nobody is playing/);
});
