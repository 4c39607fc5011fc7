// The board as HTML (pure: a string from the state, testable without a DOM).

import { SQUARES, PIECES, pathDirection, specialSquare, squareToCell } from './board.js';
import { describeMove, moveKind, sideName } from './format.js';
import { pieceSvg, squareIconSvg } from './icons.js';
import { myMoves, mySide } from './state.js';

/** @typedef {import('./types.js').RoomState} RoomState */
/** @typedef {import('./types.js').Side} Side */

/**
 * Escapes text for HTML.
 * @param {string} text
 */
export function esc(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Short labels shown on the special squares. */
const SHORT = /** @type {Record<number, string>} */ ({ 15: 'Rebirth', 26: 'Happiness', 27: 'Water', 28: 'Three Truths', 29: 'Re-Atoum', 30: 'Horus' });

/**
 * The board: 30 squares in a 3×10 grid along the S-path. Movable pieces are
 * buttons carrying the move's data and a full ARIA description.
 * @param {RoomState} s
 * @param {{interactive: boolean}} opts  false while a request is pending
 */
export function boardHtml(s, opts) {
  const moves = opts.interactive ? myMoves(s) : [];
  const bySquare = new Map(moves.map((m) => [m.from, m]));
  const me = mySide(s);
  let html = `<div class="board" role="list" aria-label="Senet board: squares 1 to 30 along an S-shaped path">`;
  for (let square = 1; square <= SQUARES; square += 1) {
    const { row, col } = squareToCell(square);
    const piece = s.board[square - 1];
    const special = specialSquare(square);
    const dir = pathDirection(square);
    const classes = ['sq', `row${row}`, special ? `special sq-${special.icon}` : '', (row + col) % 2 ? 'alt' : ''].filter(Boolean).join(' ');
    const occupant = piece ? `${sideName(piece)}${piece === me ? ' (yours)' : ''}` : 'empty';
    const label = `Square ${square}${special ? `, ${special.name}` : ''}: ${occupant}`;
    const tipId = `tip-${square}`;
    const specialAttrs = special ? ` tabindex="0" aria-describedby="${tipId}"` : '';
    html += `<div class="${classes}" role="listitem" data-square="${square}" data-dir="${dir}" style="--r:${row + 1};--c:${col + 1}" aria-label="${esc(label)}"${specialAttrs}>`;
    html += `<span class="sq-num" aria-hidden="true">${square}</span>`;
    if (special) {
      html += squareIconSvg(special.icon);
      html += `<span class="sq-name" aria-hidden="true">${SHORT[square]}</span>`;
      html += `<span class="tip" role="tooltip" id="${tipId}"><strong>${square} · ${esc(special.name)}</strong> ${esc(special.effect)}</span>`;
    }
    if (dir !== 'end') html += `<span class="sq-arrow" aria-hidden="true"></span>`;
    if (piece) {
      const move = bySquare.get(square);
      if (move && me) {
        const kind = moveKind(move);
        const to = move.to === 'off' ? 'off' : String(move.to);
        const lands = move.lands_on === null ? 'off' : String(move.lands_on);
        html += `<button type="button" class="piece movable ${piece}" data-from="${square}" data-to="${to}" data-lands="${lands}" data-kind="${kind}" aria-label="${esc(describeMove(move, me))}">${pieceSvg(piece)}</button>`;
      } else {
        html += `<span class="piece ${piece}" data-piece="${square}">${pieceSvg(piece)}</span>`;
      }
    }
    html += `</div>`;
  }
  html += `</div>`;
  return html;
}

/**
 * The pieces a side has borne off, with empty places for the rest.
 * @param {RoomState} s
 * @param {Side} side
 */
export function trayHtml(s, side) {
  const n = s.borneOff[side];
  let slots = '';
  for (let i = 0; i < PIECES; i += 1) {
    slots += i < n ? `<span class="slot full">${pieceSvg(side)}</span>` : `<span class="slot"></span>`;
  }
  return `<div class="tray tray-${side}" data-side="${side}" aria-label="${sideName(side)}: ${n} of ${PIECES} pieces borne off"><span class="tray-label">${sideName(side)} off</span><span class="tray-slots">${slots}</span><span class="tray-count" aria-hidden="true">${n}/${PIECES}</span></div>`;
}
