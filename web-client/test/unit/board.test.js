import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SPECIAL_SQUARES, borneOffFromBoard, cellToSquare, pathDirection, specialSquare, squareToCell } from '../../src/board.js';

test('the S-shaped path: 1–10 left to right, 11–20 right to left, 21–30 left to right', () => {
  assert.deepEqual(squareToCell(1), { row: 0, col: 0 });
  assert.deepEqual(squareToCell(10), { row: 0, col: 9 });
  assert.deepEqual(squareToCell(11), { row: 1, col: 9 });
  assert.deepEqual(squareToCell(20), { row: 1, col: 0 });
  assert.deepEqual(squareToCell(21), { row: 2, col: 0 });
  assert.deepEqual(squareToCell(30), { row: 2, col: 9 });
  for (let sq = 1; sq <= 30; sq += 1) {
    const { row, col } = squareToCell(sq);
    assert.equal(cellToSquare(row, col), sq);
  }
  assert.throws(() => squareToCell(0), RangeError);
  assert.throws(() => squareToCell(31), RangeError);
});

test('neighbours along the path touch on the grid', () => {
  for (let sq = 1; sq < 30; sq += 1) {
    const a = squareToCell(sq);
    const b = squareToCell(sq + 1);
    assert.equal(Math.abs(a.row - b.row) + Math.abs(a.col - b.col), 1, `${sq}→${sq + 1}`);
  }
  assert.equal(pathDirection(1), 'right');
  assert.equal(pathDirection(10), 'down');
  assert.equal(pathDirection(12), 'left');
  assert.equal(pathDirection(20), 'down');
  assert.equal(pathDirection(30), 'end');
});

test('the special squares are 15, 26, 27, 28, 29 and 30, each explained', () => {
  assert.deepEqual(SPECIAL_SQUARES.map((s) => s.square), [15, 26, 27, 28, 29, 30]);
  for (const s of SPECIAL_SQUARES) assert.ok(s.name.startsWith('House of') && s.effect.length > 20);
  assert.equal(specialSquare(27)?.name, 'House of Water');
  assert.equal(specialSquare(14), undefined);
});

test('borne-off counts', () => {
  const board = Array(30).fill(null);
  board[0] = 'cone';
  board[29] = 'spool';
  board[28] = 'spool';
  assert.deepEqual(borneOffFromBoard(board), { cone: 4, spool: 3 });
});
