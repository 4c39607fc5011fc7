// Pure board geometry: where each square of the S-shaped path sits.
// Squares 1–10 run left to right, 11–20 right to left, 21–30 left to right.

/** Squares the 3×10 layout draws (every rule set's `squares` is 30). */
export const SQUARES = 30;

/**
 * Grid cell of a square: row 0–2 (top to bottom), column 0–9 (left to right).
 * @param {number} square 1..30
 * @returns {{row: number, col: number}}
 */
export function squareToCell(square) {
  if (!Number.isInteger(square) || square < 1 || square > SQUARES) {
    throw new RangeError(`not a square: ${square}`);
  }
  const row = Math.floor((square - 1) / 10);
  const offset = (square - 1) % 10;
  const col = row === 1 ? 9 - offset : offset;
  return { row, col };
}

/**
 * The square in a grid cell.
 * @param {number} row 0..2
 * @param {number} col 0..9
 * @returns {number}
 */
export function cellToSquare(row, col) {
  if (row < 0 || row > 2 || col < 0 || col > 9) throw new RangeError(`not a cell: ${row},${col}`);
  return row * 10 + (row === 1 ? 10 - col : col + 1);
}

/**
 * Which way the path leaves a square on the 10-wide grid: toward the next
 * square, or `end` for square 30.
 * @param {number} square
 * @returns {'right' | 'left' | 'down' | 'end'}
 */
export function pathDirection(square) {
  if (square === SQUARES) return 'end';
  const here = squareToCell(square);
  const next = squareToCell(square + 1);
  if (next.row > here.row) return 'down';
  return next.col > here.col ? 'right' : 'left';
}

/**
 * The squares in path order, 1..30.
 * @returns {number[]}
 */
export function pathSquares() {
  return Array.from({ length: SQUARES }, (_, i) => i + 1);
}
