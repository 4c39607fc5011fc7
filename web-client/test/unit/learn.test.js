// The lesson's coach: each rule is explained once, the first time the
// game shows it, from the description, the reason codes and the events.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chanceTip, tipsFor } from '../../src/learn/coach.js';
import { learnHtml } from '../../src/learn/page.js';
import { fromSnapshot, reduce } from '../../src/logic/state.js';
import { route } from '../../src/main.js';
import { KENDALL, MODERN, snapshot, stepEvent } from './fixtures.js';
import { useLanguage } from './messages.js';

const STICKS = { ...KENDALL, sticks: { counted: /** @type {const} */ ('light'), squares: [5, 1, 2, 3, 4] } };

/**
 * Feeds messages through the state and the coach; every tip given, in order.
 * @param {any[]} msgs
 */
function lesson(msgs) {
  let s = fromSnapshot(snapshot({ description: STICKS }));
  /** @type {Set<string>} */
  const given = new Set();
  /** @type {{key: string, text: string}[]} */
  const all = [];
  for (const msg of [{ type: 'snapshot' }, ...msgs]) {
    if (msg.type !== 'snapshot') s = /** @type {any} */ (reduce(s, msg).state);
    for (const tip of tipsFor(s, msg, given)) {
      given.add(tip.key);
      all.push(tip);
    }
  }
  return all;
}

test('the chance is explained from the description: the counted side and its squares', () => {
  assert.equal(chanceTip(STICKS), 'Each turn starts with a throw of four sticks. Count the light sides: 1 light up moves 1, 2 light up moves 2, 3 light up moves 3, 4 light up moves 4, and no light side up moves 5.');
  assert.match(chanceTip({ ...MODERN }), /two dice: move one piece by their sum/);
  assert.match(chanceTip({ ...KENDALL, chance: { kind: 'die' }, piece_word: 'pawn' }), /how many squares a pawn moves/);
});

test('each rule is told once, when the game first shows it', () => {
  const roll = { kind: 'sticks', sticks: [true, true, false, false] };
  const decide = { kind: 'decide', seat: 0, options: [{ option: '0:9', choice: { kind: 'move', from: 9 } }], blocked: [{ from: 7, code: 'own_piece_on_destination', message: 'own piece on 9' }] };
  const water = { kind: 'piece', seat: 0, value: null, from: { kind: 'square', square: 27 }, to: { kind: 'square', square: 15 }, why: 'water' };
  const tips = lesson([
    stepEvent(5, { step: { step: 'chance', roll }, by: 0, throw: { kind: 'sticks', counted: 'light', up: 2, squares: 2 }, next: decide }),
    stepEvent(6, { seat: 0, step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 9 } }, events: [water], next: { kind: 'throw', thrower: 1, chance: { kind: 'sticks' } } }),
    stepEvent(7, { step: { step: 'chance', roll }, by: 0, throw: { kind: 'sticks', counted: 'light', up: 2, squares: 2 }, next: decide }),
  ]);
  const keys = tips.map((t) => t.key);
  assert.deepEqual(keys, ['start', 'chance', 'throw', 'decide', 'reason:own_piece_on_destination', 'why:water', 'square:15']);
  assert.equal(new Set(keys).size, keys.length, 'no tip twice');
  assert.match(tips[0].text, /^You play Cone against the beginner computer\./);
  assert.equal(tips[2].text, 'You threw: move 2 squares.');
  assert.match(tips[4].text, /^The piece on square 7 cannot move now\. One of your own pieces already stands/);
  assert.equal(tips[5].text, 'The House of Water sent a piece back down the board.');
  assert.match(tips[6].text, /^Square 15 is the House of Rebirth: /);
});

test('the end of the game ends the lesson', () => {
  const standing = { places: [0, 1], scores: [], how: 'borne_off' };
  const tips = lesson([stepEvent(5, { seat: 0, step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 30 } }, next: { kind: 'end', standing } }), { type: 'game_over', seq: 6, game_id: 'g', standing }]);
  const end = tips.find((t) => t.key === 'end');
  assert.ok(end, tips.map((t) => t.key).join(' '));
  assert.match(end.text, /That is the whole game/);
});

test('/learn lists every rule set; /learn/{id} starts one; an unknown id says so', () => {
  assert.deepEqual(route('/learn'), { page: 'learn', id: null });
  assert.deepEqual(route('/learn/kendall-7'), { page: 'learn', id: 'kendall-7' });
  const list = learnHtml([KENDALL, MODERN], null, '');
  assert.match(list, /href="\/learn\/kendall"/);
  assert.match(list, /href="\/learn\/modern"/);
  const one = learnHtml([KENDALL, MODERN], 'modern', 'Tiye');
  assert.match(one, /<h1 id="learn-title">Learn Senet for 2 to 4 players<\/h1>/);
  assert.match(one, /against the beginner computer, with no clock\. .*the glowing pieces are always/);
  assert.match(one, /value="Tiye"/);
  assert.match(learnHtml([KENDALL], 'nope', ''), /No such rule set/);
  const three = learnHtml([{ ...MODERN, seats: { min: 3, max: 4 }, piece_word: 'pawn' }], 'modern', '');
  assert.match(three, /against the beginner computers \(2 of them\), with no clock\. .*the glowing pawns are always/);
});

test('en español: los consejos, con la casilla especial, el peón y el plural', () => {
  useLanguage('es');
  try {
    const roll = { kind: 'sticks', sticks: [true, true, false, false] };
    const water = { kind: 'piece', seat: 0, value: null, from: { kind: 'square', square: 27 }, to: { kind: 'square', square: 15 }, why: 'water' };
    const tips = lesson([
      stepEvent(5, { step: { step: 'chance', roll }, by: 0, throw: { kind: 'sticks', counted: 'light', up: 2, squares: 2 }, next: { kind: 'decide', seat: 0, options: [{ option: '0:9', choice: { kind: 'move', from: 9 } }] } }),
      stepEvent(6, { seat: 0, step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 9 } }, events: [water], next: { kind: 'throw', thrower: 1, chance: { kind: 'sticks' } } }),
    ]);
    const text = (/** @type {string} */ key) => tips.find((x) => x.key === key)?.text;
    assert.match(text('start') ?? '', /^Juegas con Cono contra la computadora de nivel principiante\. El juego clásico para dos/);
    assert.match(text('chance') ?? '', /^Cada turno empieza tirando cuatro palillos\. Cuenta los lados claros que quedan arriba: 1 claro vale 1, 2 claros valen 2, /);
    assert.equal(text('decide'), 'Las fichas que brillan son las que pueden moverse con esta tirada. Señala una (o tócala) para ver adónde va, y luego juégala.');
    assert.equal(text('why:water'), 'Una ficha cayó en la casilla 27 (Casa del Agua) y volvió tablero abajo.');
    assert.equal(text('square:15'), 'La casilla 15 se llama Casa del Renacimiento: Aquí llega la ficha que cae en la Casa del Agua.');
    assert.equal(chanceTip({ ...KENDALL, chance: { kind: 'die' }, piece_word: 'pawn' }), 'Cada turno empieza tirando un dado: su número es cuántas casillas avanza un peón.');
    const three = learnHtml([{ ...MODERN, seats: { min: 3, max: 4 }, piece_word: 'pawn' }], 'modern', '');
    assert.match(three, /<h1 id="learn-title">Lección: Senet para 2 a 4 jugadores<\/h1>/);
    assert.match(three, /Juegas una partida contra 2 computadoras de nivel principiante, sin reloj\. .*los peones que brillan son siempre los que puedes mover/);
    assert.match(three, /placeholder="p\. ej\., Nefertari"/);
    assert.match(learnHtml([KENDALL], 'nope', ''), /Esa variante no existe/);
  } finally {
    useLanguage('en');
  }
});

test('between two, the loser reads "you ran out of pawns", the winner "the opponent"', async () => {
  const { standingText } = await import('../../src/logic/describe.js');
  const st = { places: [1, 0], scores: [], how: 'no_pawns' };
  const seat = (/** @type {number} */ k) => ['You', 'Beginner computer'][k];
  assert.equal(standingText({ desc: KENDALL, seat, me: 0 }, st).head, 'Beginner computer won, you ran out of pawns');
  assert.equal(standingText({ desc: KENDALL, seat, me: 1 }, st).head, 'Beginner computer won, the opponent ran out of pawns');
});
