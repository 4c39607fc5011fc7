import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roomOptions } from '../../src/net/api.js';
import { COMPUTER_LEVELS, levelName } from '../../src/logic/format.js';
import { seatsHtml } from '../../src/pages/home.js';
import { markdownHtml, ruleSetCard, sectionFor, slug } from '../../src/pages/rules.js';
import { KENDALL, MODERN } from './fixtures.js';
import { useLanguage } from './messages.js';

test('the rules document renders headings with anchors, lists, tables, code and safe links', () => {
  const md = '# How to play\n\nA **bold** `code` [link](#x) [bad](javascript:alert(1))\n\n- one\n- two\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```\n<raw>\n```\n\n## Senet-modern (`modern`)\n';
  const html = markdownHtml(md);
  assert.match(html, /<h2 id="how-to-play">How to play<\/h2>/);
  assert.match(html, /<strong>bold<\/strong> <code>code<\/code> <a href="#x">link<\/a> bad/);
  assert.match(html, /<ul><li>one<\/li><li>two<\/li><\/ul>/);
  assert.match(html, /<table><tr><th>a<\/th><th>b<\/th><\/tr><tr><td>1<\/td><td>2<\/td><\/tr><\/table>/);
  assert.match(html, /<pre tabindex="0"><code>&#60;raw&#62;<\/code><\/pre>/);
  assert.equal(sectionFor(md, 'modern'), 'senet-modern-modern');
  assert.equal(sectionFor(md, 'kendall'), 'how-to-play');
  assert.equal(slug('How to play Senet-modern (2, 3 or 4 players)'), 'how-to-play-senet-modern-2-3-or-4-players');
});

test('each rule set is described from the server data', () => {
  const card = ruleSetCard(MODERN, '');
  assert.match(card, /id="modern"/);
  assert.match(card, /2 to 4 players · 5 pieces each valued 1, 2, 3, 4, 5/);
  assert.match(card, /two dice/);
  assert.match(card, /<h2>Senet for 2 to 4 players<\/h2>/);
  assert.match(card, /P4<\/span>/);
  const kendall = ruleSetCard(KENDALL, '');
  assert.match(kendall, /2 players · 5 pieces each, starting on the board · four throwing sticks/);
  assert.match(kendall, /House of Water<\/strong> A piece that lands here goes at once to 15/);
  assert.match(ruleSetCard({ ...KENDALL, piece_word: 'pawn', start: 'reserve', chance: { kind: 'die' } }, ''), /5 pawns each, starting in a reserve off the board · one die/);
});

test('una variante en español: jugadores, fichas o peones, azar, colores y casillas', () => {
  useLanguage('es');
  try {
    const card = ruleSetCard(MODERN, '');
    assert.match(card, /<h2>Senet para 2 a 4 jugadores<\/h2>/);
    assert.match(card, /De 2 a 4 jugadores · 5 fichas por jugador, con valores 1, 2, 3, 4, 5 \(indicados con puntos\), que empiezan en el tablero · dos dados · /);
    assert.match(card, /J4<\/span>/);
    assert.match(card, /26 · Luna<\/strong> La ficha que se detiene aquí vuelve al Sol\./);
    assert.match(card, />Aprende a jugar<\/a>/);
    const kendall = ruleSetCard(KENDALL, '');
    assert.match(kendall, /2 jugadores · 5 fichas por jugador, que empiezan en el tablero · cuatro palillos · /);
    assert.match(kendall, /Casa del Agua<\/strong> La ficha que cae aquí va enseguida a la 15/);
    assert.match(ruleSetCard({ ...KENDALL, piece_word: 'pawn', start: 'reserve', chance: { kind: 'die' } }, ''), /5 peones por jugador, que empiezan en una reserva fuera del tablero · un dado/);
    assert.equal(slug('Cómo jugar al Senet clásico (`kendall`)'), 'como-jugar-al-senet-clasico-kendall');
  } finally {
    useLanguage('en');
  }
});

test('the home form: players for modern, every other seat a person or the computer', () => {
  const two = seatsHtml(KENDALL, 2);
  assert.doesNotMatch(two, /name="seats"/);
  assert.match(two, /Your opponent <select name="other1"/);
  const four = seatsHtml(MODERN, 4);
  assert.equal((four.match(/name="seats"/g) ?? []).length, 3);
  assert.equal((four.match(/<select name="other/g) ?? []).length, 3);
  assert.match(four, /Seat 4 · P4/);
});

test('room requests: computers per other seat, open seats left null, full tables private', () => {
  assert.deepEqual(roomOptions({ ruleSet: 'modern', seats: 4, seat: 0, public: true, computers: ['expert', null, 'beginner'] }), { rule_set: 'modern', seats: 4, seat: 0, public: true, computers: ['expert', null, 'beginner'] });
  assert.deepEqual(roomOptions({ ruleSet: 'kendall', seats: 2, seat: 'random', public: true, computers: ['expert'] }), { rule_set: 'kendall', seats: 2, seat: 'random', public: false, computers: ['expert'] });
  assert.deepEqual(roomOptions({ ruleSet: 'peril', seats: 2, seat: 1, public: false, computers: [] }), { rule_set: 'peril', seats: 2, seat: 1, public: false });
  assert.deepEqual(COMPUTER_LEVELS.map((l) => l.level), ['beginner', 'intermediate', 'expert']);
  assert.equal(levelName('expert'), 'Expert');
});

test('an indented block is code: a position, a record, a command', () => {
  const html = markdownHtml('Before:\n\n    3:9 1:14 5:-\n\n    senet moves x\n\nAfter.');
  assert.equal(html, '<p>Before:</p><pre tabindex="0"><code>3:9 1:14 5:-\n\nsenet moves x</code></pre><p>After.</p>');
});
