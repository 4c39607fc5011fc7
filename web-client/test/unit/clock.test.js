import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './messages.js';
import { thinkText } from '../../src/logic/decision-time.js';
import { durationText } from '../../src/logic/replay-logic.js';
import { clockFrom, clocksHtml, controlText, formatClock, leftMs, stopped, timeControlRequest, TIME_CONTROL_CHOICES } from '../../src/logic/clock.js';

test('clocks count down from the server figure only for the running seat', () => {
  const clock = clockFrom({ clocks: { running: 1, ms: [60_000, 30_000] } }, 1_000);
  assert.ok(clock);
  assert.equal(leftMs(clock, 1, 1_000), 30_000);
  assert.equal(leftMs(clock, 1, 3_500), 27_500);
  assert.equal(leftMs(clock, 0, 3_500), 60_000, 'an idle clock stands still');
  assert.equal(leftMs(clock, 1, 99_000), 0, 'never below zero');
  assert.equal(leftMs(clock, 1, 0), 30_000, 'a local clock that went back adds nothing');
  const over = stopped(clock, 11_000);
  assert.deepEqual(over.ms, [60_000, 20_000]);
  assert.equal(leftMs(over, 1, 50_000), 20_000);
  assert.equal(clockFrom({}, 0), null);
  assert.equal(clockFrom({ clocks: null }, 0), null);
});

test('clock texts: minutes, hours, tenths when low', () => {
  assert.equal(formatClock(300_000), '5:00');
  assert.equal(formatClock(247_001), '4:08');
  assert.equal(formatClock(3_723_000), '1:02:03');
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_470), '9.4');
  assert.equal(formatClock(-5), '0.0');
});

test('the clocks markup marks the running clock and a low one, names escaped', () => {
  const clock = { running: 0, ms: [5_000, 120_000], at: 0 };
  const html = clocksHtml(clock, ['<b>Ann</b>', 'Bo'], 0, '5 min + 3 s');
  assert.match(html, /class="clock running low" data-clock-seat="0"/);
  assert.match(html, /class="clock" data-clock-seat="1"/);
  assert.match(html, /&#60;b&#62;Ann/);
  assert.doesNotMatch(html, /<b>Ann/);
  assert.match(html, /2:00/);
});

test('time controls: form values to requests, and in words', () => {
  assert.deepEqual(timeControlRequest('clock:300+3'), { kind: 'clock', seconds: 300, increment: 3 });
  assert.deepEqual(timeControlRequest('move:30'), { kind: 'move', seconds: 30 });
  assert.equal(timeControlRequest('none'), null);
  assert.equal(timeControlRequest('clock:300'), null);
  for (const [value] of TIME_CONTROL_CHOICES) if (value !== 'none') assert.ok(timeControlRequest(value), value);
  assert.equal(controlText({ kind: 'clock', seconds: 300, increment: 3 }), '5 min + 3 s');
  assert.equal(controlText({ kind: 'clock', seconds: 45, increment: 0 }), '45 s + 0 s');
  assert.equal(controlText({ kind: 'move', seconds: 30, bank: 30 }), '30 s a move');
  assert.equal(controlText({ kind: 'none' }), '');
  assert.equal(controlText(null), '');
});

test('clock and duration texts in Spanish: the same units, a decimal comma in words, clock digits as they are', () => {
  useLanguage('es');
  try {
    assert.equal(controlText({ kind: 'clock', seconds: 300, increment: 3 }), '5 min + 3 s');
    assert.equal(controlText({ kind: 'move', seconds: 30, bank: 30 }), '30 s por jugada');
    assert.deepEqual(TIME_CONTROL_CHOICES.map(([, label]) => label).slice(0, 2), ['Sin reloj', '3 min + 2 s']);
    assert.equal(thinkText(2_470), '2,4 s');
    assert.equal(thinkText(65_000), '1 min 05 s');
    assert.equal(durationText(3_725), '1 h 02 min');
    assert.equal(formatClock(9_470), '9.4');
    const html = clocksHtml({ running: 0, ms: [5_000, 120_000], at: 0 }, ['Ana'], 0, '5 min + 3 s');
    assert.match(html, /aria-label="Relojes: 5 min \+ 3 s"/);
    assert.match(html, /Puesto 2/);
  } finally {
    useLanguage('en');
  }
  assert.equal(TIME_CONTROL_CHOICES[0][1], 'No clock', 'the labels follow the language');
});
