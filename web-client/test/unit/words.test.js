// The sentences that describe the game, in Spanish as in English: whole
// sentences from the catalogue, the reader's own seat in the second person,
// agreement with the rule set's kind of piece, plurals.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './messages.js';
import { countedText, effectText, eventText, optionText, possessive, rollText, standingText, stepText, throwMoveText } from '../../src/logic/describe.js';
import { reasonText } from '../../src/logic/reasons.js';
import { KENDALL, MODERN } from './fixtures.js';

/** @type {import('../../src/logic/describe.js').Names} */
const names = { desc: KENDALL, seat: (s) => ['Nefertari', 'Akhen<aten>', 'Tiye'][s] };
const mine = { ...names, me: 0 };
const PERIL = { ...KENDALL, id: 'peril', piece_word: 'pawn' };
/**
 * @param {number} from
 * @param {number | null} to  null: to the reserve
 */
const move = (from, to, why = 'move', seat = 0) => ({
  kind: /** @type {const} */ ('piece'), seat, value: null, why,
  from: { kind: /** @type {const} */ ('square'), square: from },
  to: to === null ? { kind: /** @type {const} */ ('reserve') } : { kind: /** @type {const} */ ('square'), square: to },
});
const dark3 = { kind: /** @type {const} */ ('sticks'), counted: /** @type {const} */ ('dark'), up: 3, squares: 3 };
const oneLight = { kind: /** @type {const} */ ('sticks'), sticks: [true, false, false, false] };

/**
 * Runs `f` with the page in Spanish, then back in English.
 * @param {() => void} f
 */
function inSpanish(f) {
  useLanguage('es');
  try {
    f();
  } finally {
    useLanguage('en');
  }
}

test('a move in Spanish: the second person for the reader, "la ficha de" for another seat', () => inSpanish(() => {
  assert.equal(eventText(mine, move(9, 13)), 'Tu ficha va de la casilla 9 a la casilla 13.');
  assert.equal(eventText(names, move(9, 13)), 'La ficha de Nefertari va de la casilla 9 a la casilla 13.');
  assert.equal(eventText({ ...names, desc: PERIL }, move(4, 7, 'move', 2)), 'El peón de Tiye va de la casilla 4 a la casilla 7.');
  assert.equal(eventText(mine, { kind: 'again', seat: 0 }), 'Vuelves a tirar.');
  assert.equal(eventText(mine, { kind: 'again', seat: 1 }), 'Akhen<aten> vuelve a tirar.');
  assert.equal(eventText(mine, { kind: 'pass', seat: 0 }), 'No puedes mover: pierdes el turno.');
  assert.match(eventText(mine, { kind: 'colour', seat: 0, colour: 0 }), /^Juegas con \S/);
  // A computer's full name is shortened where it owns a piece.
  const modern = { desc: MODERN, seat: (/** @type {number} */ s) => ['Tiye', 'P2 (computadora, principiante)'][s] };
  assert.equal(eventText(modern, { ...move(4, 9, 'move', 1), value: 5 }), 'La ficha de P2 (5 puntos) va de la casilla 4 a la casilla 9.');
  assert.equal(eventText(modern, { ...move(4, 9, 'move', 1), value: 1 }), 'La ficha de P2 (1 punto) va de la casilla 4 a la casilla 9.');
  assert.equal(possessive('Tiye'), 'de Tiye');
}));

test('captures and swaps in Spanish agree with ficha (f.) and peón (m.)', () => inSpanish(() => {
  assert.equal(eventText(names, move(13, 9, 'swapped', 1)), 'La ficha de Akhen<aten> se intercambia y vuelve de la casilla 13 a la casilla 9.');
  assert.equal(eventText(names, move(13, 1, 'captured', 1)), 'La ficha de Akhen<aten> es capturada en la casilla 13 y va a la casilla 1.');
  assert.equal(eventText({ ...mine, desc: PERIL }, move(13, null, 'captured', 0)), 'Tu peón es capturado en la casilla 13 y va a la reserva.');
  assert.equal(eventText(mine, move(14, 1, 'sent_home', 0)), 'Tu ficha es mandada de vuelta de la casilla 14 a la casilla 1.');
  assert.equal(effectText(names, move(13, 1, 'captured', 2)), '¡Capturada! La ficha de Tiye en la casilla 13');
  assert.equal(effectText({ ...mine, desc: PERIL }, move(13, null, 'captured', 0)), '¡Capturado! Tu peón en la casilla 13');
  const take = { option: '9', choice: { kind: /** @type {const} */ ('move'), from: 9 }, events: [move(9, 12), move(12, 9, 'swapped', 1)] };
  assert.equal(optionText(mine, take), 'Mover la ficha de la casilla 9 a la casilla 12. La ficha de Akhen<aten> se intercambia y vuelve de la casilla 12 a la casilla 9.');
}));

test('throws, steps and standings in Spanish, with plurals', () => inSpanish(() => {
  assert.equal(rollText(oneLight, dark3), '3 lados oscuros arriba, vale 3');
  assert.equal(rollText({ kind: 'sticks', sticks: [true, false, false, false] }), '1 lado claro arriba');
  assert.equal(countedText({ counted: 'light', up: 0 }), 'ningún lado claro arriba');
  assert.equal(throwMoveText({ kind: 'die', squares: 1 }), 'mover 1 casilla');
  assert.equal(throwMoveText(dark3), 'mover 3 casillas');
  assert.equal(stepText(names, { step_no: 1, text: 'LDDD', seat: null, by: 0, throw: dark3, step: { step: 'chance', roll: oneLight }, events: [] }, 0), 'Nefertari tiró: 3 lados oscuros arriba, vale 3.');
  assert.equal(stepText(mine, { step_no: 1, text: 'd4', seat: null, step: { step: 'chance', roll: { kind: 'die', pip: 4 } }, events: [] }, 0), 'Tiraste: un 4.');
  assert.equal(stepText(mine, { step_no: 2, text: '0:9', seat: 0, step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 9 } }, events: [] }, null), 'Tú: mover la ficha de la casilla 9.');
  assert.equal(stepText(names, { step_no: 2, text: '2:resign', seat: 2, step: null, left: 'resigned', events: [{ kind: 'out', seat: 2 }] }, null), 'Tiye se rindió. Tiye queda fuera de la partida.');
  const st = standingText(names, { places: [2, 0, 1], scores: [4, 1, 9], how: 'three_borne_off' });
  assert.equal(st.head, 'Tiye ganó sacando tres fichas del tablero');
  assert.deepEqual(st.places, ['1. Tiye · 9 puntos', '2. Nefertari · 4 puntos', '3. Akhen<aten> · 1 punto']);
  assert.equal(standingText(names, { places: [1, 0], scores: [], how: 'no_pawns' }).head, 'Akhen<aten> ganó: el rival se quedó sin peones');
  assert.equal(standingText(mine, { places: [1, 0], scores: [], how: 'no_pawns' }).head, 'Akhen<aten> ganó: te quedaste sin peones');
  assert.equal(standingText(mine, { places: [0, 1], scores: [], how: 'borne_off' }, { you: true }).head, 'Ganaste sacando todas tus fichas del tablero');
}));

test('the reader told of their own win: "You win"', () => {
  assert.equal(standingText(mine, { places: [0, 1], scores: [], how: 'borne_off' }, { you: true }).head, 'You win, bearing off every piece');
  assert.equal(standingText(mine, { places: [0, 1], scores: [], how: 'borne_off' }).head, 'Nefertari won, bearing off every piece');
  assert.equal(standingText(mine, { places: [1, 0], scores: [], how: 'borne_off' }, { you: true }).head, 'Akhen<aten> won, bearing off every piece');
});

test('a reason in Spanish, with the rule set\'s last row', () => inSpanish(() => {
  const jequier = { ...KENDALL, id: 'jequier', exit_row: { first: 21, last: 30 } };
  assert.equal(reasonText('not_all_in_exit_row', jequier), 'Una ficha solo puede salir cuando todas tus fichas están en la última fila (de la 21 a la 30).');
  assert.equal(reasonText('blockade', jequier), 'Tres o más fichas seguidas de tu rival cierran el paso.');
}));
