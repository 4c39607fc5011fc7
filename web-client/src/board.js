// Pure board geometry: where each square of the S-shaped path sits.
// Squares 1–10 run left to right, 11–20 right to left, 21–30 left to right.

/** Number of squares on the board. */
export const SQUARES = 30;
/** Pieces per side. */
export const PIECES = 5;

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

/**
 * @typedef {Object} SpecialSquare
 * @property {number} square
 * @property {string} name
 * @property {'ankh' | 'nefer' | 'water' | 'three' | 'two' | 'eye'} icon  the symbol drawn on the square
 * @property {string} effect   what the square does, in plain words
 */

/** @type {ReadonlyArray<SpecialSquare>} */
export const SPECIAL_SQUARES = Object.freeze([
  { square: 15, name: 'House of Rebirth', icon: 'ankh', effect: 'A piece that falls into the House of Water comes back here (or to the nearest empty square before it).' },
  { square: 26, name: 'House of Happiness', icon: 'nefer', effect: 'Every piece must stop here exactly before going further. A piece here is not safe.' },
  { square: 27, name: 'House of Water', icon: 'water', effect: 'A piece landing here is washed back to the House of Rebirth (15).' },
  { square: 28, name: 'House of Three Truths', icon: 'three', effect: 'A piece here is safe from capture. It leaves the board with exactly 3.' },
  { square: 29, name: 'House of Re-Atoum', icon: 'two', effect: 'A piece here is safe from capture. It leaves the board with exactly 2.' },
  { square: 30, name: 'House of Horus', icon: 'eye', effect: 'A piece here leaves the board with exactly 1. It is not safe on its own.' },
]);

/**
 * The special square on `square`, if any.
 * @param {number} square
 * @returns {SpecialSquare | undefined}
 */
export function specialSquare(square) {
  return SPECIAL_SQUARES.find((s) => s.square === square);
}

/**
 * Pieces each side has borne off, from the board (5 minus those on it).
 * @param {ReadonlyArray<'cone' | 'spool' | null>} board
 * @returns {{cone: number, spool: number}}
 */
export function borneOffFromBoard(board) {
  let cone = 0;
  let spool = 0;
  for (const cell of board) {
    if (cell === 'cone') cone += 1;
    else if (cell === 'spool') spool += 1;
  }
  return { cone: PIECES - cone, spool: PIECES - spool };
}
