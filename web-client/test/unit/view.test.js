import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareToCell, cellToSquare, pathDirection } from '../../src/draw/board-geometry.js';
import { choiceText, countedText, eventText, optionKind, optionText, rollText, standingText, stepText, throwMoveText, throwNumber } from '../../src/logic/describe.js';
import { errorText, statusLine } from '../../src/logic/format.js';
import { pieceSvg } from '../../src/draw/icons.js';
import { fromSnapshot, reduce } from '../../src/logic/state.js';
import { boardHtml, trayHtml } from '../../src/draw/board.js';
import { joinHtml, roomHtml } from '../../src/draw/room-page.js';
import { KENDALL, MODERN, snapshot, startView, stepEvent } from './fixtures.js';
import { useLanguage } from './messages.js';

/** @type {import('../../src/logic/describe.js').Names} */
const names = { desc: KENDALL, seat: (s) => ['Nefertari', 'Akhen<aten>', 'Tiye', 'Merneith'][s] };
const ui = { online: true, pending: false, now: 0 };
const move = (/** @type {number} */ from, /** @type {number} */ to, why = 'move', seat = 0) => ({ kind: /** @type {const} */ ('piece'), seat, value: null, from: { kind: /** @type {const} */ ('square'), square: from }, to: { kind: /** @type {const} */ ('square'), square: to }, why });

test('the S-shaped path: 1–10 left to right, 11–20 right to left, 21–30 left to right', () => {
  assert.deepEqual(squareToCell(1), { row: 0, col: 0 });
  assert.deepEqual(squareToCell(11), { row: 1, col: 9 });
  assert.deepEqual(squareToCell(30), { row: 2, col: 9 });
  for (let sq = 1; sq <= 30; sq += 1) {
    const { row, col } = squareToCell(sq);
    assert.equal(cellToSquare(row, col), sq);
  }
  assert.equal(pathDirection(10), 'down');
  assert.equal(pathDirection(30), 'end');
});

test('the board draws the special squares of the description, with their effects', () => {
  const html = boardHtml(names, startView(), { options: [], decider: null, me: 0 });
  assert.equal((html.match(/data-square="/g) ?? []).length, 30);
  assert.match(html, /data-square="27"[^>]*aria-label="Square 27, House of Water: empty"/);
  assert.match(html, /15 · House of Rebirth<\/strong> Where a piece from the House of Water goes\./);
  assert.doesNotMatch(html, /data-square="28"[^>]*special/);
  const modern = boardHtml({ ...names, desc: MODERN }, startView(4), { options: [], decider: null, me: 0 });
  assert.match(modern, /Square 26, Moon/);
  assert.doesNotMatch(modern, /House of Water/);
});

test('options become board buttons with their preview in words; several on one square are grouped', () => {
  const options = [
    { option: '9/3', choice: { kind: /** @type {const} */ ('move_dice'), from: 9, by: { kind: /** @type {const} */ ('die'), pips: 3 } }, events: [move(9, 12)] },
    { option: '9+', choice: { kind: /** @type {const} */ ('move_dice'), from: 9, by: { kind: /** @type {const} */ ('sum') } }, events: [move(9, 14), move(14, 1, 'sent_home', 1)] },
    { option: 'enter 2', choice: { kind: /** @type {const} */ ('enter'), to: 22 }, events: [] },
  ];
  const html = boardHtml(names, startView(), { options, decider: 0, me: 0 });
  assert.match(html, /class="piece movable c0" data-square-options="9\/3\|9\+"/);
  assert.match(html, /class="target" data-square-options="enter 2"/);
  assert.match(html, /Akhen&#60;aten&#62;&#39;s piece is sent home/);
  // The rules' word for what the other piece suffers: never "capture"
  // where pieces are swapped or sent home.
  assert.equal(optionKind(options[1], 0), 'sent_home');
  assert.equal(optionKind(options[0], 0), 'move');
  const swap = { ...options[0], events: [move(9, 12), move(12, 9, 'swapped', 1)] };
  assert.equal(optionKind(swap, 0), 'swapped');
  const take = { ...options[0], events: [move(9, 12), move(12, 1, 'captured', 1)] };
  assert.equal(optionKind(take, 0), 'capture');
  // The moved piece's own step is in the option's words once.
  assert.equal(optionText(names, options[0]), 'Move the piece on square 9 by the die showing 3 to square 12.');
  assert.equal(optionText(names, options[2]), 'Enter a piece from the reserve on square 22.');
});

test('the last step is marked on the board', () => {
  const html = boardHtml(names, startView(), { options: [], decider: null, me: 0, marks: [move(9, 13), move(13, 9, 'swapped', 1)] });
  assert.match(html, /class="sq row1 [^"]*mark-hit" [^>]*data-square="13"|data-square="13"/);
  assert.match(html, /mark-from|mark-hit/);
});

test('four shapes and colours; values show their dots', () => {
  const shapes = [0, 1, 2, 3].map((c) => pieceSvg(c).replace(/c\d/, ''));
  assert.equal(new Set(shapes).size, 4);
  assert.equal((pieceSvg(2, '', 4).match(/class="dot"/g) ?? []).length, 4);
  assert.match(pieceSvg(null), /cx/);
});

test('trays: reserve (where pieces start there), borne off, removed, score, out', () => {
  const view = startView(2);
  view.seats[1] = { colour: 1, reserve: [{ value: null }], off: [{ value: 3 }], removed: [{ value: 1 }], score: 3, out: true };
  const html = trayHtml({ ...names, desc: { ...MODERN, start: 'reserve' } }, view, 1);
  assert.match(html, /Reserve 1/);
  assert.match(html, /Off 1\/5/);
  assert.match(html, /Removed 1/);
  assert.match(html, /data-testid="score-1">3</);
  assert.match(html, /tray tray-1 out/);
  assert.doesNotMatch(trayHtml(names, startView(), 0), /Reserve/);
});

test('a turn\'s throw says the side its rules count and how far it moves', () => {
  // The web version counts dark sides: one light side up is three dark, a 3.
  const oneLight = { kind: /** @type {const} */ ('sticks'), sticks: [true, false, false, false] };
  const dark3 = { kind: /** @type {const} */ ('sticks'), counted: /** @type {const} */ ('dark'), up: 3, squares: 3 };
  assert.equal(rollText(oneLight, dark3), '3 dark sides up, a 3');
  assert.equal(throwMoveText(dark3), 'move 3 squares');
  assert.equal(throwNumber(dark3), '3');
  const none = { kind: /** @type {const} */ ('sticks'), counted: /** @type {const} */ ('light'), up: 0, squares: 5 };
  assert.equal(rollText({ kind: 'sticks', sticks: [false, false, false, false] }, none), 'no light side up, a 5');
  assert.equal(throwMoveText({ kind: 'die', squares: 1 }), 'move 1 square');
  assert.equal(throwMoveText({ kind: 'dice', first: 3, second: 5 }), 'one piece 8 squares, or two pieces 3 and 5');
  assert.equal(throwNumber({ kind: 'dice', first: 3, second: 5 }), '3 + 5');
  assert.equal(
    stepText(names, { step_no: 1, text: 'LDDD', seat: null, by: 0, throw: dark3, step: { step: 'chance', roll: oneLight }, events: [] }, 0),
    'Nefertari threw: 3 dark sides up, a 3.',
  );
});

test('events, rolls, choices, steps and standings in words', () => {
  assert.equal(eventText(names, move(9, 13)), "Nefertari's piece moves from square 9 to square 13.");
  assert.equal(eventText(names, { kind: 'piece', seat: 1, value: 4, from: { kind: 'square', square: 29 }, to: { kind: 'off' }, why: 'borne_off' }), "Akhen<aten>'s piece (4 dots) is borne off from square 29.");
  assert.equal(eventText(names, { kind: 'pass', seat: 1 }), 'Akhen<aten> cannot move: the turn passes.');
  assert.equal(eventText(names, { kind: 'colour', seat: 1, colour: 0 }), 'Akhen<aten> plays Cone.');
  assert.equal(rollText({ kind: 'sticks', sticks: [false, false, false, false] }), 'no light side up');
  assert.equal(rollText({ kind: 'dice', first: 3, second: 5 }), '3 and 5');
  assert.equal(rollText({ kind: 'die', pip: 6 }), 'a 6');
  assert.equal(choiceText(KENDALL, { kind: 'place', to: 2 }), 'Place a piece from the reserve on square 2');
  assert.equal(choiceText(KENDALL, { kind: 'remove', square: 27 }), 'Remove the piece on square 27 (House of Water)');
  assert.equal(choiceText(KENDALL, { kind: 'roll', dice: 1 }), 'Roll one die');
  assert.equal(stepText(names, { step_no: 1, text: 'd4', seat: null, step: { step: 'chance', roll: { kind: 'die', pip: 4 } }, events: [] }, 0), 'Nefertari threw: a 4.');
  assert.equal(stepText(names, { step_no: 2, text: '2:resign', seat: 2, step: null, left: 'resigned', events: [{ kind: 'out', seat: 2 }] }, null), 'Tiye resigned. Tiye is out of the game.');
  const st = standingText(names, { places: [2, 0, 1], scores: [4, 1, 9], how: 'three_borne_off' });
  assert.equal(st.head, 'Tiye won, bearing off three pieces');
  assert.deepEqual(st.places, ['1. Tiye · 9 points', '2. Nefertari · 4 points', '3. Akhen<aten> · 1 point']);
  // Between two, the others are the opponent.
  assert.equal(standingText(names, { places: [1, 0], scores: [], how: 'no_pawns' }).head, 'Akhen<aten> won, the opponent ran out of pawns');
  assert.equal(standingText(names, { places: [2, 0, 1], scores: [], how: 'no_pawns' }).head, 'Tiye won, the others ran out of pawns');
});

test("the reader's own seat is said in the second person", () => {
  const mine = { ...names, me: 0 };
  assert.equal(eventText(mine, move(9, 13)), 'Your piece moves from square 9 to square 13.');
  assert.equal(eventText(mine, { kind: 'again', seat: 0 }), 'You throw again.');
  assert.equal(eventText(mine, { kind: 'out', seat: 0 }), 'You are out of the game.');
  assert.equal(eventText(mine, { kind: 'colour', seat: 0, colour: 0 }), 'You play Cone.');
  assert.equal(eventText(mine, { kind: 'again', seat: 1 }), 'Akhen<aten> throws again.');
  assert.equal(stepText(mine, { step_no: 1, text: 'd4', seat: null, step: { step: 'chance', roll: { kind: 'die', pip: 4 } }, events: [] }, 0), 'You threw: a 4.');
});

test('the room page: whose turn, the throw button, options, invite, spectators, four seats, the end', () => {
  const s = fromSnapshot(snapshot());
  assert.equal(statusLine(s).text, 'Your turn: throw the sticks.');
  const html = roomHtml(s, ui);
  assert.match(html, /id="throw" class="btn primary throw-btn" data-action="throw">Throw the sticks/);
  assert.match(html, /<h1 class="room-title">Classic Senet \(Kendall\)/);
  const deciding = fromSnapshot(snapshot({ next: { kind: 'decide', seat: 0, options: [{ option: 'roll 1', choice: { kind: 'roll', dice: 1 }, events: [] }] } }));
  assert.match(roomHtml(deciding, ui), /data-option="roll 1" data-kind="roll">Roll one die\./);
  const spectator = fromSnapshot(snapshot({ you: { role: 'spectator' } }));
  assert.match(roomHtml(spectator, ui), /You are watching/);
  assert.doesNotMatch(roomHtml(spectator, ui), /id="throw"/);
  const four = fromSnapshot(snapshot({ description: MODERN, view: startView(4), status: 'waiting', next: { kind: 'waiting' }, seats: [0, 1, 2, 3].map((seat) => ({ seat, player: seat === 0 ? { player_id: 'p0', display_name: 'N' } : seat === 1 ? { player_id: 'c', display_name: 'Computer (expert)', computer: /** @type {const} */ ('expert') } : null, connected: seat < 2, out: false })) }));
  const fh = roomHtml(four, ui);
  assert.equal((fh.match(/class="player[ "]/g) ?? []).length, 4);
  assert.match(fh, /Invite 2 players/);
  assert.match(statusLine(four).text, /Waiting for 2 more players/);
  const over = fromSnapshot(snapshot({ status: 'finished', next: { kind: 'end', standing: { places: [1, 0], scores: [], how: 'resigned' } }, standing: { places: [1, 0], scores: [], how: 'resigned' }, series: [{ player_id: 'p1', points: 5 }] }));
  const oh = roomHtml(over, ui);
  assert.match(oh, /Akhenaten won, by resignation\./);
  assert.match(oh, /data-testid="series">Series: Akhenaten 5/);
  assert.match(oh, /data-action="offer_rematch"/);
});

test('server errors read as plain words; the server message is kept for refusals', () => {
  assert.equal(errorText('not_your_turn'), 'It is not your turn yet.');
  assert.match(errorText('illegal_move', 'an opponent blockade on square 12 is in the way', 'blockade'), /blockade on square 12/);
  assert.equal(errorText('weird', 'boom'), 'The server refused: boom');
});

test('the room page in Spanish: the throw, a seat card, the board, the trays and how to play', () => {
  useLanguage('es');
  try {
    const ui = { online: true, pending: false, now: 0 };
    const text = (/** @type {string} */ html) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
    const start = fromSnapshot(snapshot());
    const html = roomHtml(start, ui);
    assert.match(html, /data-action="throw">Tirar los palillos</);
    assert.match(html, /Aún no ha tirado nadie\./);
    // Your own card: name, "(tú)", colour, whose turn.
    assert.match(html, /aria-label="Nefertari \(tú\), Cono, le toca"/);
    assert.match(html, /<span class="player-name">Nefertari <em>\(tú\)<\/em><\/span><span class="player-meta">Cono · <span class="conn on">en línea<\/span>/);
    assert.match(html, /aria-label="Akhenaten, Carrete"/);
    // The board and the trays.
    assert.match(html, /aria-label="Casilla 27, Casa del Agua: vacía"/);
    assert.match(html, /aria-label="Casilla 1: ficha de Nefertari \(tuya\)"/);
    assert.match(html, /aria-label="Casilla 2: ficha de Akhenaten"/);
    assert.match(html, /aria-label="Nefertari \(Cono\): 0 fichas sacadas del tablero"/);
    assert.match(html, /<span class="sq-name" aria-hidden="true">Renacimiento<\/span>/);
    // How to play: the rule set's name, summary and special squares, from the engine's keys.
    assert.match(html, /<summary>Cómo se juega: Senet clásico \(Kendall\)<\/summary><p>El juego clásico para dos/);
    assert.match(html, /<strong>15 · Casa del Renacimiento<\/strong>: /);
    assert.match(html, />Leer las reglas completas</);
    // The throw: who, the number, how the rules counted it.
    const value = { kind: /** @type {const} */ ('sticks'), counted: /** @type {const} */ ('dark'), up: 3, squares: 3 };
    const roll = { kind: /** @type {const} */ ('sticks'), sticks: [true, false, false, false] };
    const mine = /** @type {any} */ (reduce(start, stepEvent(5, { step: { step: 'chance', roll }, by: 0, throw: value, next: { kind: 'decide', seat: 0, options: [] } })).state);
    const caption = text(/<div class="throw-text"[^>]*>(.*?)<\/div>/.exec(roomHtml(mine, ui))?.[1] ?? '').trim();
    assert.ok(caption.startsWith('Tiraste: 3 '), caption);
    assert.ok(caption.endsWith(`${countedText(value)} — ${throwMoveText(value)}`), caption);
    const theirs = fromSnapshot(snapshot({ you: { role: 'seat', seat: 1 } }));
    const other = /** @type {any} */ (reduce(theirs, stepEvent(5, { step: { step: 'chance', roll }, by: 0, throw: value, next: { kind: 'decide', seat: 0, options: [] } })).state);
    assert.match(text(roomHtml(other, ui)), /Nefertari tiró: 3 /);
    assert.match(roomHtml(other, ui), /data-action="throw" disabled>Espera tu turno</);
    // Plurals: seats to fill, spectators, rematch.
    const four = fromSnapshot(snapshot({ description: MODERN, view: startView(4), status: 'waiting', next: { kind: 'waiting' }, spectators: 3, seats: [0, 1, 2, 3].map((seat) => ({ seat, player: seat === 0 ? { player_id: 'p0', display_name: 'Tiye' } : null, connected: seat === 0, out: false })) }));
    const fh = roomHtml(four, ui);
    assert.match(fh, /<h2>Invita a 3 jugadores<\/h2>/);
    assert.match(fh, /data-testid="spectators">3 espectadores</);
    assert.match(fh, /aria-label="Puesto libre, [^"]*"/);
    const two = fromSnapshot(snapshot({ status: 'waiting', next: { kind: 'waiting' }, seats: [{ seat: 0, player: { player_id: 'p0', display_name: 'Tiye' }, connected: true, out: false }, { seat: 1, player: null, connected: false, out: false }] }));
    assert.match(roomHtml(two, ui), /<h2>Invita a tu rival<\/h2>/);
    const over = fromSnapshot(snapshot({ status: 'finished', next: { kind: 'end', standing: { places: [1, 0], scores: [], how: 'resigned' } }, standing: { places: [1, 0], scores: [], how: 'resigned' }, rematch: [1] }));
    assert.match(roomHtml(over, ui), /Akhenaten pide la revancha \(se rotan los puestos\)\./);
    assert.match(roomHtml(over, ui), /Partida 1 · 0 pasos/);
    // Joining: the rule set named in words, the markup around the escaped words.
    assert.match(joinHtml({ creator: 'Tiye', ruleSet: 'kendall', name: '', error: '' }), /<h1>Tiye te invita a jugar al senet<\/h1>\n<p>Variante: <strong>Senet clásico \(Kendall\)<\/strong> \(<a href="\/rules">reglas<\/a>\)\. Elige el nombre/);
  } finally {
    useLanguage('en');
  }
});

test('the preview hint says the rule set\'s word for a piece', async () => {
  const { previewHint } = await import('../../src/draw/room-page.js');
  assert.match(previewHint(false), /glowing piece or square/);
  assert.match(previewHint(true, 'pawn'), /tap a glowing pawn/);
  const { useLanguage } = await import('./messages.js');
  useLanguage('es');
  assert.match(previewHint(true, 'pawn'), /un peón que brille .* jugarlo/);
  assert.match(previewHint(false), /una ficha o casilla que brille/);
  useLanguage('en');
});
