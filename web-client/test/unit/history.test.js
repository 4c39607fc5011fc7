import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clampTurn,
  distanceLeft,
  durationText,
  frames,
  gameIdFromPath,
  keyStep,
  parsePosition,
  raceSeries,
  stepTurn,
  turnFromSearch,
  turnUrl,
  turnWords,
} from '../../src/replay-logic.js';
import { chartGeometry, chartPoint, raceChartSvg } from '../../src/race-chart.js';
import { historyParams, historySearch, rowHtml, rowResult } from '../../src/history.js';
import { frameState, gameResultText, moveListHtml, sticksHtml } from '../../src/replay.js';
import { listPath } from '../../src/history-api.js';
import { route } from '../../src/main.js';
import { boardHtml } from '../../src/view-board.js';

/** @typedef {import('../../src/replay-logic.js').GameRecord} GameRecord */
/** @typedef {import('../../src/replay-logic.js').GameTurn} GameTurn */

const START = 'cscscscscs.................... c';

/**
 * A small stored game: the Cone throws 4 and moves 9→13 (throws again), then
 * 2 from 13 to 15; the Spool throws 3 and cannot move… (positions by hand).
 * @returns {GameRecord}
 */
function game() {
  /** @type {GameTurn[]} */
  const turns = [
    { turn_no: 1, side: 'cone', throw: 4, sticks: [true, true, true, true], from: 9, move: { from: 9, to: 13, direction: 'forward', effect: { kind: 'none' }, lands_on: 13 }, events: [], extra_throw: true, position: 'cscscscs.s..c................. c' },
    { turn_no: 2, side: 'cone', throw: 3, sticks: [true, true, true, false], from: 13, move: { from: 13, to: 16, direction: 'forward', effect: { kind: 'none' }, lands_on: 16 }, events: [], extra_throw: false, position: 'cscscscs.s.....c.............. s' },
    { turn_no: 3, side: 'spool', throw: 2, sticks: [true, true, false, false], from: null, move: null, events: ['forfeit'], extra_throw: false, position: 'cscscscs.s.....c.............. c' },
  ];
  return {
    game_id: 'c5b3590f-fd72-4035-891c-efc2e8e18d8e',
    room_code: 'qJR_-8JDUAafEe-Q',
    rule_set: 'kendall',
    status: 'finished',
    cone: { player_id: 'p1', display_name: 'Nefertari' },
    spool: { player_id: 'p2', display_name: 'Akhen<aten>' },
    result: { winner: 'cone', how: 'resigned' },
    started_at: '2026-11-30T07:40:01Z',
    finished_at: '2026-11-30T07:45:01Z',
    duration_secs: 300,
    start_position: START,
    record: '4:9 3:13 2:-',
    turns,
  };
}

test('positions parse into a board and the side to move', () => {
  const { board, toMove } = parsePosition(START);
  assert.equal(board.length, 30);
  assert.equal(board[0], 'cone');
  assert.equal(board[1], 'spool');
  assert.equal(board[10], null);
  assert.equal(toMove, 'cone');
  assert.throws(() => parsePosition('cscs c'), RangeError);
  assert.throws(() => parsePosition(`${START}x`), RangeError);
});

test('distance left: 31 minus the square for each piece on the board', () => {
  const start = distanceLeft(parsePosition(START).board);
  assert.deepEqual(start, { cone: 30 + 28 + 26 + 24 + 22, spool: 29 + 27 + 25 + 23 + 21 });
  // One Cone piece on 30 and nothing else: one square to go; none left at all is 0.
  const board = Array(30).fill(null);
  board[29] = 'cone';
  assert.deepEqual(distanceLeft(board), { cone: 1, spool: 0 });
  assert.deepEqual(distanceLeft(Array(30).fill(null)), { cone: 0, spool: 0 });
});

test('frames and the race series follow the turns, the start first', () => {
  const g = game();
  const f = frames(g);
  assert.equal(f.length, 4);
  assert.equal(f[0].toMove, 'cone');
  assert.equal(f[1].board[12], 'cone');
  assert.deepEqual(f[3].borneOff, { cone: 0, spool: 0 });
  const series = raceSeries(g);
  assert.deepEqual(series.map((p) => p.cone), [130, 126, 123, 123]);
  assert.deepEqual(series.map((p) => p.spool), [125, 125, 125, 125]);
});

test('stepping through turns stays within the game', () => {
  assert.equal(stepTurn(0, 'prev', 3), 0);
  assert.equal(stepTurn(0, 'next', 3), 1);
  assert.equal(stepTurn(3, 'next', 3), 3);
  assert.equal(stepTurn(2, 'first', 3), 0);
  assert.equal(stepTurn(1, 'last', 3), 3);
  assert.equal(stepTurn(2, 'prev', 3), 1);
  assert.equal(stepTurn(0, 'next', 0), 0);
  assert.equal(clampTurn(-4, 3), 0);
  assert.equal(clampTurn(99, 3), 3);
  assert.equal(clampTurn(NaN, 3), 0);
  assert.equal(clampTurn(1.7, 3), 1);
  assert.equal(keyStep('ArrowLeft'), 'prev');
  assert.equal(keyStep('ArrowRight'), 'next');
  assert.equal(keyStep('Home'), 'first');
  assert.equal(keyStep('End'), 'last');
  assert.equal(keyStep('a'), null);
});

test('?turn=N: read, clamped, written back with the other parameters', () => {
  assert.equal(turnFromSearch('?turn=2', 3, 0), 2);
  assert.equal(turnFromSearch('?turn=99', 3, 0), 3);
  assert.equal(turnFromSearch('?turn=-1', 3, 0), 0);
  assert.equal(turnFromSearch('?turn=abc', 3, 3), 3);
  assert.equal(turnFromSearch('', 3, 0), 0);
  assert.equal(turnFromSearch('?x=1&turn=1', 3, 0), 1);
  assert.equal(turnUrl('/games/abc', '', 5), '/games/abc?turn=5');
  assert.equal(turnUrl('/games/abc', '?turn=2&x=y', 3), '/games/abc?turn=3&x=y');
  const id = 'c5b3590f-fd72-4035-891c-efc2e8e18d8e';
  assert.equal(gameIdFromPath(`/games/${id}`), id);
  assert.equal(gameIdFromPath(`/games/${id.toUpperCase()}/`), id);
  assert.equal(gameIdFromPath('/games/nope'), null);
  assert.deepEqual(route(`/games/${id}`), { page: 'replay', id });
  assert.deepEqual(route('/games'), { page: 'history' });
  assert.deepEqual(route('/games/x'), { page: 'missing' });
});

test('turns and durations in words', () => {
  const [a, , c] = game().turns;
  assert.equal(turnWords(a), 'Cone threw 4: 9 → 13');
  assert.equal(turnWords(c), 'Spool threw 2: no move, turn lost');
  const capture = { ...a, events: ['capture'] };
  assert.equal(turnWords(capture), 'Cone threw 4: 9 → 13, captured');
  const off = { ...a, move: { from: 29, to: /** @type {'off'} */ ('off'), direction: /** @type {'forward'} */ ('forward'), effect: { kind: /** @type {'bear_off'} */ ('bear_off') }, lands_on: null }, from: 29, events: ['bear_off'] };
  assert.equal(turnWords(off), 'Cone threw 4: bore off from 29');
  assert.equal(durationText(52), '52 s');
  assert.equal(durationText(245), '4 min 05 s');
  assert.equal(durationText(3720), '1 h 02 min');
  assert.equal(durationText(null), '—');
});

test('the race chart marks the shown turn and scales to the data', () => {
  const series = raceSeries(game());
  const g = chartGeometry(series);
  assert.equal(g.max, 140);
  assert.deepEqual(chartPoint(g, 3, 0, 0), [g.left, g.bottom]);
  assert.deepEqual(chartPoint(g, 3, 3, g.max), [g.right, g.top]);
  const svg = raceChartSvg(series, 2);
  assert.match(svg, /^<svg class="race-chart"/);
  assert.match(svg, /data-turn="2"/);
  assert.equal((svg.match(/<polyline/g) ?? []).length, 2);
  assert.match(svg, /At turn 2: Cone 123, Spool 125/);
  const [x] = chartPoint(g, 3, 2, 0);
  assert.match(svg, new RegExp(`<line x1="${x}" x2="${x}"[^>]*class="race-now"`));
  // A game with no turns still draws.
  assert.match(raceChartSvg([{ cone: 130, spool: 125 }], 0), /turn 0/);
});

test('replay views: board at a turn, sticks, move list, result', () => {
  const g = game();
  const f = frames(g);
  const html = boardHtml(frameState(f[1]), { interactive: false });
  assert.match(html, /data-square="13"[^>]*>.*?class="piece cone" data-piece="13"/s);
  assert.doesNotMatch(html, /movable/);
  assert.match(sticksHtml(g, 1), /data-testid="throw">4</);
  assert.match(sticksHtml(g, 1), /Throws again/);
  assert.match(sticksHtml(g, 0), /The start/);
  const list = moveListHtml(g, 2);
  assert.match(list, /data-turn="2" aria-current="step"/);
  assert.equal((list.match(/aria-current/g) ?? []).length, 1);
  assert.match(list, /<code>2:-<\/code> <span class="ev ev-forfeit">forfeit<\/span>/);
  assert.equal(gameResultText(g), 'Nefertari (Cone) won: Akhen<aten> resigned');
});

test('history list: filters in the address and the API path, rows escaped', () => {
  assert.deepEqual(historyParams('', true), { tab: 'mine', name: '', result: '' });
  assert.deepEqual(historyParams('', false), { tab: 'all', name: '', result: '' });
  assert.deepEqual(historyParams('?tab=all&name=nef&result=resigned', true), { tab: 'all', name: 'nef', result: 'resigned' });
  assert.equal(historyParams('?result=bogus', true).result, '');
  assert.equal(historySearch({ tab: 'all', name: ' nef ', result: 'cone' }), '?tab=all&name=nef&result=cone');
  assert.equal(historySearch({ tab: 'live', name: 'x', result: 'cone' }), '?tab=live');
  assert.equal(listPath({}), '/api/games');
  assert.equal(listPath({ player: 'p1', name: 'A b%', result: 'won', cursor: 'xyz' }), '/api/games?player=p1&name=A+b%25&result=won&cursor=xyz');
  const row = {
    game_id: 'g1', room_code: 'r1', status: 'finished',
    cone: { player_id: 'p1', display_name: 'Nefertari' },
    spool: { player_id: 'p2', display_name: '<b>x</b>' },
    result: /** @type {{winner: 'cone', how: 'borne_off'}} */ ({ winner: 'cone', how: 'borne_off' }),
    turns: 88, started_at: '2026-11-30T07:40:01Z', finished_at: '2026-11-30T07:45:01Z', duration_secs: 300,
  };
  assert.equal(rowResult(row, 'p1'), 'Won · all borne off');
  assert.equal(rowResult(row, 'p2'), 'Lost · all borne off');
  assert.equal(rowResult(row, null), 'Cone won · all borne off');
  const html = rowHtml(row, 'p2', false);
  assert.match(html, /href="\/games\/g1"/);
  assert.match(html, /&#60;b&#62;x&#60;\/b&#62; <small class="inline">\(you\)<\/small>/);
  assert.match(rowHtml(row, null, true), /href="\/r\/r1"/);
});
