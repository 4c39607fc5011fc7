import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampTurn, distanceLeft, durationText, frames, gameIdFromPath, keyStep, raceSeries, stepTurn, turnFromSearch, turnUrl } from '../../src/logic/replay-logic.js';
import { chartGeometry, chartPoint, raceChartSvg } from '../../src/draw/race-chart.js';
import { historyParams, historySearch, rowHtml, rowResult, totalsHtml } from '../../src/pages/history.js';
import { gameNames, gameResultText, moveListHtml, replayPageHtml, stepPanelHtml } from '../../src/pages/replay.js';
import { listPath } from '../../src/net/history-api.js';
import { route } from '../../src/main.js';
import { KENDALL, MODERN, startView } from './fixtures.js';
import { useLanguage } from './messages.js';

/** @typedef {import('../../src/logic/replay-logic.js').GameRecord} GameRecord */

/**
 * A small stored game: seat 0 throws 3 light sides and moves 9 → 12.
 * @returns {GameRecord}
 */
function game() {
  const after = startView();
  after.squares[11] = after.squares[8];
  after.squares[8] = null;
  return {
    game_id: 'c5b3590f-fd72-4035-891c-efc2e8e18d8e',
    room_code: 'qJR_-8JDUAafEe-Q',
    rule_set: 'kendall',
    status: 'finished',
    seat_count: 2,
    seats: [
      { seat: 0, player_id: 'p1', display_name: 'Nefertari', computer: null, colour: 0, place: 2, score: null },
      { seat: 1, player_id: 'p2', display_name: 'Akhen<aten>', computer: null, colour: 1, place: 1, score: null },
    ],
    standing: { places: [1, 0], scores: [], how: 'resigned' },
    started_at: '2026-11-30T07:40:01Z',
    finished_at: '2026-11-30T07:45:01Z',
    duration_secs: 300,
    description: KENDALL,
    start_view: startView(),
    view: after,
    steps: [
      { step_no: 1, text: 'LLLD', seat: null, by: 0, step: { step: 'chance', roll: { kind: 'sticks', sticks: [true, true, true, false] } }, events: [], view: startView() },
      { step_no: 2, text: '0:9', seat: 0, step: { step: 'decide', seat: 0, choice: { kind: 'move', from: 9 } }, events: [{ kind: 'piece', seat: 0, value: null, from: { kind: 'square', square: 9 }, to: { kind: 'square', square: 12 }, why: 'move' }], view: after },
    ],
  };
}

test('distance left: 31 minus the square of each piece, the reserve the whole path', () => {
  const v = startView();
  assert.deepEqual(distanceLeft(v), [30 + 28 + 26 + 24 + 22, 29 + 27 + 25 + 23 + 21]);
  v.seats[0].reserve = [{ value: null }];
  assert.equal(distanceLeft(v)[0], 130 + 31);
});

test('frames and the race series follow the steps, the start first, every seat', () => {
  const g = game();
  assert.equal(frames(g).length, 3);
  assert.deepEqual(raceSeries(g).map((p) => p[0]), [130, 130, 127]);
  const four = raceSeries({ ...g, start_view: startView(4), steps: [] });
  assert.equal(four[0].length, 4);
});

test('stepping stays within the game; ?step=N is read and written', () => {
  assert.equal(stepTurn(0, 'prev', 3), 0);
  assert.equal(stepTurn(3, 'next', 3), 3);
  assert.equal(stepTurn(1, 'last', 3), 3);
  assert.equal(clampTurn(NaN, 3), 0);
  assert.equal(keyStep('ArrowRight'), 'next');
  assert.equal(keyStep('a'), null);
  assert.equal(turnFromSearch('?step=2', 3, 0), 2);
  assert.equal(turnFromSearch('?turn=2', 3, 0), 2);
  assert.equal(turnFromSearch('?step=99', 3, 0), 3);
  assert.equal(turnFromSearch('?step=abc', 3, 3), 3);
  assert.equal(turnUrl('/games/abc', '?turn=2&x=y', 3), '/games/abc?x=y&step=3');
  const id = 'c5b3590f-fd72-4035-891c-efc2e8e18d8e';
  assert.equal(gameIdFromPath(`/games/${id}`), id);
  assert.deepEqual(route(`/games/${id}`), { page: 'replay', id });
  assert.deepEqual(route('/rules'), { page: 'rules' });
  assert.equal(durationText(245), '4 min 05 s');
  assert.equal(durationText(null), '—');
});

test('the race chart draws a line per seat and marks the shown step', () => {
  const series = [[130, 125, 120, 100], [120, 125, 110, 90]];
  const g = chartGeometry(series);
  assert.equal(g.max, 140);
  assert.deepEqual(chartPoint(g, 1, 0, 0), [g.left, g.bottom]);
  const seats = ['A', 'B', 'C', 'D'].map((name, i) => ({ name, colour: i }));
  const svg = raceChartSvg(series, 1, seats);
  assert.equal((svg.match(/<polyline/g) ?? []).length, 4);
  assert.match(svg, /At step 1: A 120, B 125, C 110, D 90/);
  assert.match(svg, /race-c3/);
});

test('replay views: the step panel, the step list, the result, the header', () => {
  const g = game();
  const all = frames(g);
  assert.match(stepPanelHtml(g, all, 1), /data-testid="step-text">Nefertari threw: 3 light sides up\./);
  assert.match(stepPanelHtml(g, all, 2), /Nefertari&#39;s piece moves from square 9 to square 12\./);
  assert.match(stepPanelHtml(g, all, 0), /The start/);
  // Who threw is the server's `by`, not guessed from the view before it.
  const byOther = { ...g, steps: [{ ...g.steps[0], by: 1 }, g.steps[1]] };
  assert.match(stepPanelHtml(byOther, all, 1), /step-text">Akhen\S+aten\S+ threw/);
  const nobody = { ...g, steps: [{ ...g.steps[0], by: undefined }, g.steps[1]] };
  assert.doesNotMatch(stepPanelHtml(nobody, all, 1), /threw/);
  const list = moveListHtml(g, 2);
  assert.match(list, /data-turn="2" aria-current="step"/);
  assert.equal((list.match(/aria-current/g) ?? []).length, 1);
  // A step in words, not notation, and once: a decision by what it did
  // (which names the seat), not the option and then its effect again.
  assert.match(list, /data-turn="2" aria-current="step"><span class="turn-no">2\.<\/span><span class="turn-side" aria-hidden="true"><svg class="piece-svg c0 mini"[^]*?<span class="turn-words">Nefertari&#39;s piece moves from square 9 to square 12\.<\/span>/);
  assert.doesNotMatch(list, /<code>|0:9/);
  assert.match(list, /data-turn="1"><span class="turn-no">1\.<\/span><span class="turn-words">Nefertari threw: 3 light sides up\.<\/span>/);
  // The step panel says the step, then its events, each once.
  const panel = stepPanelHtml(g, all, 2);
  assert.equal((panel.match(/moves from square 9 to square 12/g) ?? []).length, 1, panel);
  assert.equal(gameResultText(g), 'Akhen<aten> won, by resignation. 1. Akhen<aten> 2. Nefertari');
  const head = replayPageHtml({ ...g, description: MODERN });
  assert.match(head, /Senet for 2 to 4 players/);
  assert.match(head, /Akhen&#60;aten&#62;/);
  assert.match(head, /max="2"/);
  // Both times, each labelled: the list shows when a game finished.
  assert.match(replayPageHtml(g), / · Started [^·<]+ · Finished [^·<]+<\/p>/);
  // A computer seat is named as in the room: by its level.
  const vsComputer = { ...g, seats: [g.seats[0], { ...g.seats[1], player_id: 'c', display_name: 'Computer (expert)', computer: /** @type {const} */ ('expert') }] };
  assert.equal(gameNames(vsComputer).seat(1), 'Expert computer');
  assert.match(replayPageHtml(vsComputer), /<h1>Nefertari .* vs Expert computer/);
});

test('history list: filters (rule set too) in the address and the API path, rows of any seats', () => {
  assert.deepEqual(historyParams('', true), { tab: 'mine', name: '', result: '', ruleSet: '' });
  assert.deepEqual(historyParams('?tab=all&name=nef&result=resigned&rule_set=modern', true), { tab: 'all', name: 'nef', result: 'resigned', ruleSet: 'modern' });
  assert.equal(historyParams('?rule_set=<x>', true).ruleSet, '');
  assert.equal(historySearch({ tab: 'all', name: ' nef ', result: 'seat0', ruleSet: 'peril' }), '?tab=all&rule_set=peril&name=nef&result=seat0');
  assert.equal(historySearch({ tab: 'live', name: 'x', result: 'cone', ruleSet: 'peril' }), '?tab=live');
  assert.equal(listPath({ ruleSet: 'modern', player: 'p1' }), '/api/games?player=p1&rule_set=modern');
  const row = {
    game_id: 'g1', room_code: 'r1', status: 'finished', rule_set: 'modern', seat_count: 3,
    seats: [
      { seat: 0, player_id: 'p1', display_name: 'Nefertari', place: 2, score: 4 },
      { seat: 1, player_id: 'p2', display_name: '<b>x</b>', place: 1, score: 9 },
      { seat: 2, player_id: 'c', display_name: 'Computer (expert)', computer: 'expert', place: 3, score: 1 },
    ],
    result: { winner: 1, how: 'three_borne_off' },
    turns: 88, started_at: '2026-11-30T07:40:01Z', finished_at: '2026-11-30T07:45:01Z', duration_secs: 300,
  };
  assert.equal(rowResult(row, 'p2'), 'Won · three borne off');
  assert.equal(rowResult(row, 'p1'), 'Lost · three borne off');
  assert.equal(rowResult(row, null), '<b>x</b> won · three borne off');
  const html = rowHtml(row, 'p2', false, { modern: 'Senet-modern' });
  assert.match(html, /href="\/games\/g1"/);
  assert.match(html, /Senet-modern · 88 turns/);
  assert.match(html, /<small>Finished [^<]+<\/small>/);
  assert.match(html, /Expert computer <small/);
  assert.match(rowHtml(row, null, false), /Replay: Nefertari vs .* vs Expert computer"/);
  assert.match(html, /&#60;b&#62;x&#60;\/b&#62; <small class="inline">\(you\)<\/small>/);
  assert.match(rowHtml(row, null, true), /href="\/r\/r1"/);
});

test('the games list in Spanish: results, turns, dates, totals', () => {
  const row = {
    game_id: 'g1', room_code: 'r1', status: 'finished', rule_set: 'modern', seat_count: 3,
    seats: [
      { seat: 0, player_id: 'p1', display_name: 'Nefertari', place: 2, score: 4 },
      { seat: 1, player_id: 'p2', display_name: 'Tiye', place: 1, score: 9 },
      { seat: 2, player_id: null, display_name: null, place: 3, score: 1 },
    ],
    result: { winner: 1, how: 'three_borne_off' },
    turns: 1, started_at: '2026-11-30T07:40:01Z', finished_at: '2026-11-30T07:45:01Z', duration_secs: 300,
  };
  useLanguage('es');
  try {
    assert.equal(rowResult(row, 'p2'), 'Ganada · tres fuera del tablero');
    assert.equal(rowResult(row, 'p1'), 'Perdida · tres fuera del tablero');
    assert.equal(rowResult(row, null), 'Ganó Tiye · tres fuera del tablero');
    assert.equal(rowResult({ ...row, seats: row.seats.map((x) => ({ ...x, place: null })), result: { winner: 'none', how: 'abandoned' } }, null), 'Nadie ganó · abandono');
    assert.equal(rowResult({ ...row, result: null }, null), 'en curso');
    const html = rowHtml(row, 'p2', false, { modern: 'Senet para 2 a 4 jugadores' });
    assert.match(html, /Senet para 2 a 4 jugadores · 1 turno · /);
    assert.match(rowHtml({ ...row, turns: 88 }, 'p2', false), / · 88 turnos · /);
    assert.match(html, /<small>Terminada el 30 nov 2026, [^<]+<\/small>/);
    assert.match(html, /Tiye <small class="inline">\(tú\)<\/small>/);
    assert.match(html, /<em>puesto libre<\/em>/);
    assert.match(html, /aria-label="Ver la repetición: Nefertari contra Tiye contra puesto libre">Ver repetición<\/a>/);
    assert.match(rowHtml(row, null, true), /<small>Empezada el [^<]+<\/small><\/span><a class="btn" href="\/r\/r1" aria-label="Ver la partida: [^"]+">Ver<\/a>/);
    const totals = totalsHtml({ player_id: 'p1', display_name: 'Nefertari', games: 1200, wins: 700, losses: 500 });
    assert.match(totals, /Juegas como <strong>Nefertari<\/strong>/);
    assert.match(totals, /<dt>Victorias<\/dt><dd data-total="wins">700<\/dd>/);
  } finally {
    useLanguage('en');
  }
});
