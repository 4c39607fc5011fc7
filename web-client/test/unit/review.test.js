// The game review's pure parts: the win-chance graph's lines and labels,
// the grade badges and the summary table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chanceLines, plotPoint, stepAt, winChanceSvg } from '../../src/draw/review-chart.js';
import { badgeHtml, signed, summaryHtml } from '../../src/pages/review.js';
import { useLanguage } from './messages.js';

/** @type {import('../../src/draw/review-chart.js').ReviewEntry[]} */
const entries = [
  { step_no: 1, kind: 'chance', seat: 0, before: 0.5, after: 0.55, luck: 5 },
  { step_no: 2, kind: 'decision', seat: 0, before: 0.55, after: 0.48, options: 3, best: '10', played: '12', points_lost: 7, grade: 'mistake' },
  { step_no: 3, kind: 'chance', seat: 1, before: 0.52, after: 0.4, luck: -12 },
  { step_no: 4, kind: 'decision', seat: 1, before: 0.4, after: 0.4, options: 1, best: '9', played: '9', points_lost: 0, grade: null },
];

test('two seats: one line of the first seat\'s chance, the other seat\'s steps turned round', () => {
  const [line, none] = chanceLines(entries, 2);
  assert.equal(none, undefined);
  assert.deepEqual(line, [[0, 0.5], [1, 0.55], [2, 0.48], [3, 0.6], [4, 0.6]]);
});

test('three seats: a line a seat through its own steps', () => {
  const lines = chanceLines(entries, 3);
  assert.equal(lines.length, 3);
  assert.deepEqual(lines[1], [[0, 1 / 3], [3, 0.4], [4, 0.4]]);
  assert.deepEqual(lines[2], [[0, 1 / 3]]);
});

test('the graph marks slips, says where the shown step stands, and clicks map to steps', () => {
  const seats = [{ name: 'Ann <b>', colour: 0 }, { name: 'Bo', colour: 1 }];
  const svg = winChanceSvg(entries, 4, 2, seats);
  assert.match(svg, /role="img"/);
  assert.match(svg, /aria-label="Win chance graph: Ann &#60;b&#62;&#39;s chance of winning over 4 steps\. At step 2: Ann &#60;b&#62; 48%\."/);
  assert.equal((svg.match(/class="wc-mark/g) ?? []).length, 1, 'the mistake only');
  assert.match(svg, /data-turn="2"/);
  const [x] = plotPoint(4, 3, 0.5);
  assert.equal(stepAt(x, 4), 3);
  assert.equal(stepAt(-50, 4), 0);
  assert.equal(stepAt(10_000, 4), 4);
});

test('badges: a symbol for the eye, the grade and points in words, none for a forced move', () => {
  const badge = badgeHtml(entries[1]);
  assert.match(badge, /data-grade="mistake"/);
  assert.match(badge, /aria-hidden="true">\? −7\.0</);
  assert.match(badge, /sr-only">, mistake, 7\.0 points lost/);
  assert.equal(badgeHtml(entries[3]), '');
  assert.equal(signed(3.24), '+3.2');
  assert.equal(signed(-1), '−1.0');
  assert.equal(signed(0.01), '0.0');
});

test('the summary names each player as text and shows accuracy and luck', () => {
  const html = summaryHtml(
    {
      status: 'ready',
      seats: [
        { seat: 0, graded: 2, forced: 0, grades: { best: 1, mistake: 1 }, points_lost: 7, mean_points_lost: 3.5, accuracy: 65, throws: 1, luck: 5 },
        { seat: 1, graded: 0, forced: 1, grades: {}, points_lost: 0, mean_points_lost: null, accuracy: null, throws: 1, luck: -12 },
      ],
    },
    (seat) => (seat === 0 ? '<img src=x>' : 'Bo'),
  );
  assert.match(html, /&#60;img src=x&#62;/);
  assert.doesNotMatch(html, /<img/);
  assert.match(html, /data-testid="accuracy">65\.0</);
  assert.match(html, /data-testid="accuracy">—</);
  assert.match(html, /data-testid="luck">\+5\.0</);
  assert.match(html, /data-testid="luck">−12\.0</);
});

test('the review in Spanish: grades, points with a decimal comma, the graph and the table', () => {
  useLanguage('es');
  try {
    const badge = badgeHtml(entries[1]);
    assert.match(badge, /aria-hidden="true">\? −7,0</);
    assert.match(badge, /title="error: se pierden 7,0 puntos de probabilidad de victoria"/);
    assert.match(badge, /sr-only">, error: se pierden 7,0 puntos</);
    assert.match(badgeHtml({ ...entries[1], grade: 'blunder', points_lost: 31.25 }), /sr-only">, error grave: se pierden 31,3 puntos</);
    assert.equal(signed(3.24), '+3,2');
    const svg = winChanceSvg(entries, 1, 1, [{ name: 'Tiye', colour: 0 }, { name: 'Bo', colour: 1 }]);
    assert.match(svg, /aria-label="Gráfica de probabilidad de victoria: la probabilidad de ganar de Tiye a lo largo de 1 paso\. En el paso 1: Tiye: 55\s%\."/);
    assert.match(winChanceSvg(entries, 4, 2, [{ name: 'A', colour: 0 }, { name: 'B', colour: 1 }]), /<title>Paso 2: error, se pierden 7,0 puntos<\/title>/);
    const table = summaryHtml({ status: 'ready', seats: [{ seat: 0, graded: 1, forced: 0, grades: { mistake: 1 }, points_lost: 7, mean_points_lost: 7, accuracy: 65, throws: 1, luck: -1.5 }] }, () => 'Tiye');
    assert.match(table, /<abbr title="imprecisión">\?!<\/abbr>/);
    assert.match(table, /<th scope="col">Precisión<\/th>/);
    assert.match(table, /data-testid="accuracy">65,0</);
    assert.match(table, /data-testid="luck">−1,5</);
  } finally {
    useLanguage('en');
  }
});
