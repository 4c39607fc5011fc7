// The words a first-time player stumbled on: computer seats named once and
// plainly, who threw before what was thrown, your own card while your
// connection is down.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText, possessive, standingText } from '../../src/logic/describe.js';
import { closeText, computerName, errorText, nameOf, resultText, statusLine } from '../../src/logic/format.js';
import { fromSnapshot, reduce } from '../../src/logic/state.js';
import { roomHtml, throwerText } from '../../src/draw/room-page.js';
import { MODERN, snapshot, startView, stepEvent } from './fixtures.js';
import { useLanguage } from './messages.js';
import { nameProblem } from '../../src/logic/identity.js';

const ui = { online: true, pending: false, now: 0 };
/** @param {string} html */
const text = (html) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

/**
 * The seat cards of a room page, each from its class list to the next card.
 * @param {string} html
 */
const cards = (html) => html.split(/<div class="player(?=[ "])/).slice(1).map((c) => `<div class="player${c.split('<p class="status')[0]}`);

/** A Kendall room where the Spool seat is an intermediate computer. */
function vsComputer() {
  return fromSnapshot(snapshot({
    seats: [
      { seat: 0, player: { player_id: 'p0', display_name: 'Tiye' }, connected: true, out: false },
      { seat: 1, player: { player_id: 'c', display_name: 'Computer (intermediate)', computer: 'intermediate' }, connected: true, out: false },
    ],
    next: { kind: 'throw', thrower: 1, chance: { kind: 'sticks' } },
  }));
}

test('a computer seat is named by its level, the same whatever colour it plays', () => {
  assert.equal(computerName('intermediate'), 'Intermediate computer');
  assert.equal(computerName('expert', 2), 'Expert computer 2');
  const s = vsComputer();
  assert.equal(nameOf(s, 1), 'Intermediate computer');
  const status = statusLine(s).text;
  assert.equal(status, 'Intermediate computer is about to throw the sticks.');
  assert.doesNotMatch(status, /\)\s*\(/, 'no stacked parentheses');
  assert.equal((status.match(/intermediate/gi) ?? []).length, 1, 'the level once');
});

test('the computer seat card names it the same way, with no repeated level', () => {
  const card = cards(roomHtml(vsComputer(), ui)).find((c) => /^<div class="player[^>]* computer[ "]/.test(c));
  assert.ok(card, 'a computer card');
  const words = text(card);
  assert.match(words, /Intermediate computer/);
  assert.equal((words.match(/intermediate/gi) ?? []).length, 1);
  assert.match(card, /aria-label="Intermediate computer, Spool, to play"/);
});

test('three computers at one table have three different names', () => {
  const s = fromSnapshot(snapshot({
    description: MODERN,
    view: startView(4),
    seats: [0, 1, 2, 3].map((seat) => ({ seat, player: seat === 0 ? { player_id: 'p0', display_name: 'Tiye' } : { player_id: `c${seat}`, display_name: 'Computer (expert)', computer: /** @type {const} */ ('expert') }, connected: true, out: false })),
  }));
  const names = [1, 2, 3].map((seat) => nameOf(s, seat));
  assert.equal(new Set(names).size, 3, names.join(' / '));
  assert.deepEqual(names, ['Expert computer 1', 'Expert computer 2', 'Expert computer 3']);
});

test('the throw caption says who threw before what: never a number before a name', () => {
  let s = vsComputer();
  const roll = { kind: /** @type {const} */ ('sticks'), sticks: [true, true, false, false] };
  s = /** @type {any} */ (reduce(s, stepEvent(5, { step: { step: 'chance', roll }, by: 1, next: { kind: 'decide', seat: 1, options: [] } })).state);
  assert.equal(throwerText(s), 'Intermediate computer threw');
  const caption = text(/<div class="throw-text"[^>]*>(.*?)<\/div>/.exec(roomHtml(s, ui))?.[1] ?? '');
  assert.equal(caption.trim(), 'Intermediate computer threw: 2 light sides up');
  assert.doesNotMatch(caption, /\d+\s+[A-Z]\w* threw/);
  // Tiye's own throw.
  let t = fromSnapshot(snapshot({ seats: [
    { seat: 0, player: { player_id: 'p0', display_name: 'Tiye' }, connected: true, out: false },
    { seat: 1, player: { player_id: 'p1', display_name: 'Amenhotep' }, connected: true, out: false },
  ], you: { role: 'seat', seat: 1 } }));
  t = /** @type {any} */ (reduce(t, stepEvent(5, { step: { step: 'chance', roll }, by: 0, next: { kind: 'decide', seat: 0, options: [] } })).state);
  assert.match(text(roomHtml(t, ui)), /Tiye threw: 2 light sides up/);
});

test('your own card says offline while your connection is down, online once it is back', () => {
  const s = fromSnapshot(snapshot());
  const mine = (/** @type {boolean} */ online) => cards(roomHtml(s, { ...ui, online })).find((c) => /^<div class="player[^>]* me[ "]/.test(c)) ?? '';
  assert.match(mine(true), /class="conn on">online</);
  assert.match(mine(false), /class="conn off">offline/);
  assert.doesNotMatch(mine(false), /online/);
});

test('the board and the trays name a computer seat without stacked parentheses', () => {
  const html = roomHtml(vsComputer(), ui);
  assert.match(html, /aria-label="Intermediate computer \(Spool\): 0 borne off"/);
  assert.match(html, /aria-label="Tiye \(Cone\): 0 borne off"/);
  assert.match(html, /aria-label="Square 2: Intermediate computer&#39;s piece"/);
  assert.match(html, /aria-label="Square 1: Tiye&#39;s piece \(yours\)"/);
  assert.doesNotMatch(html, /\)\s*\(/);
});

test('a piece is "Spool\'s piece" in the record, never "Spool (computer, expert)\'s piece (5 dots)"', () => {
  assert.equal(possessive('Tiye'), "Tiye's");
  assert.equal(possessive('P4 (computer, expert)'), "P4's");
  const n = { desc: MODERN, seat: (/** @type {number} */ seat) => ['Tiye', 'P2 (computer, beginner)'][seat] };
  const ev = { kind: /** @type {const} */ ('piece'), seat: 1, value: 5, from: { kind: /** @type {const} */ ('square'), square: 4 }, to: { kind: /** @type {const} */ ('square'), square: 9 }, why: 'move' };
  assert.equal(eventText(n, ev), "P2's piece (5 dots) moves from square 4 to square 9.");
});

test('a room that moved to another server is said so, in words, not as a failure', () => {
  assert.match(closeText(1012, 'room moved, reconnect') ?? '', /moved to another server/);
  assert.match(errorText('room_moved', 'the game moved to another server; reconnecting'), /Nothing changed/);
  // A revoked token: signed out, in words that say what to do.
  assert.match(closeText(4401, 'signed out') ?? '', /signed out.*Sign in again/);
  // An ordinary drop still says nothing.
  assert.equal(closeText(1006), null);
});

/**
 * A finished game of two in which the reader (Nefertari, seat 0) sits.
 * @param {number} winner
 * @param {string} how
 */
function finished(winner, how) {
  const standing = { places: [winner, 1 - winner], scores: [], how };
  return fromSnapshot(snapshot({ status: 'finished', next: { kind: 'end', standing }, standing }));
}

/** Names for a standing: Tiye, Nefertari, Akhenaten. */
const three = { desc: MODERN, seat: (/** @type {number} */ seat) => ['Tiye', 'Nefertari', 'Akhenaten'][seat] };

test('results are whole sentences, the reader in the second person', () => {
  assert.equal(resultText(finished(0, 'resigned')), 'You win, by resignation.');
  assert.equal(resultText(finished(0, 'abandoned')), 'You win, the opponent left the game.');
  assert.equal(resultText(finished(1, 'no_pawns')), 'Akhenaten won, you ran out of pawns.');
  assert.equal(resultText(finished(1, 'borne_off')), 'Akhenaten won, bearing off every piece.');
  assert.equal(resultText(fromSnapshot(snapshot({ status: 'finished', next: { kind: 'end', standing: { places: [], scores: [], how: 'borne_off' } } }))), 'The game is over.');
});

test('in Spanish: errors, computer names, the headline, results and scores', () => {
  useLanguage('es');
  try {
    assert.equal(errorText('not_your_turn'), 'Todavía no es tu turno.');
    // The server's English explanation stays out of a page the page has words for…
    assert.equal(errorText('not_abandoned', 'the seat to act is connected'), 'Todavía no puedes reclamar la victoria.');
    // …and out of it for a code the page does not know: the code is shown.
    assert.equal(errorText('weird', 'boom'), 'El servidor lo rechazó (weird).');
    assert.equal(errorText('http_502', 'Bad Gateway'), 'El servidor respondió con un error (502).');
    assert.equal(computerName('expert'), 'Computadora experta');
    assert.equal(computerName('expert', 2), 'Computadora experta 2');
    const s = vsComputer();
    assert.equal(nameOf(s, 1), 'Computadora intermedia');
    assert.equal(statusLine(s).text, 'Computadora intermedia va a tirar los palillos.');
    assert.equal(statusLine(fromSnapshot(snapshot())).text, 'Tu turno: tira los palillos.');
    assert.match(resultText(finished(0, 'resigned')), /^Ganaste .*\.$/);
    assert.match(resultText(finished(1, 'abandoned')), /^Akhenaten ganó: dejaste la partida\.$/);
    const places = standingText(three, { places: [0, 1, 2], scores: [9, 1, 0], how: 'three_borne_off' }).places;
    assert.deepEqual(places, ['1. Tiye · 9 puntos', '2. Nefertari · 1 punto', '3. Akhenaten · 0 puntos']);
    assert.equal(closeText(1001), 'El servidor se está reiniciando.');
    assert.match(closeText(4401) ?? '', /^Se cerró tu sesión .*iniciar sesión/);
    assert.equal(nameProblem('a'.repeat(33)), 'Los nombres pueden tener como máximo 32 caracteres.');
  } finally {
    useLanguage('en');
  }
});
