// The board and the trays as HTML (pure: strings from the rule set's
// description and the server's view, testable without a DOM).

import { pathDirection, squareToCell } from './board-geometry.js';
import { colourName, optionKind, optionText, possessive, specialOn } from '../logic/describe.js';
import { iconFor, pieceSvg, squareIconSvg } from './icons.js';
import { landingMarks } from '../logic/tap.js';

/** @typedef {import('../types.js').Description} Description */
/** @typedef {import('../types.js').View} View */
/** @typedef {import('../types.js').OptionInfo} OptionInfo */
/** @typedef {import('../logic/describe.js').Names} Names */

/**
 * Escapes text for HTML.
 * @param {string} text
 */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The square an option is played from on the board: a piece's square, the
 * victim's square, or the target square of an entry or a placement; null
 * for an option with no square (rolling one die or two).
 * @param {import('../types.js').Choice} c
 * @returns {number | null}
 */
export function optionSquare(c) {
  switch (c.kind) {
    case 'move':
    case 'move_dice':
      return c.from;
    case 'remove':
      return c.square;
    case 'enter':
    case 'place':
      return c.to;
    default:
      return null;
  }
}

/**
 * A short label for a special square: its name without "House of".
 * @param {string} name
 */
export function shortName(name) {
  return name.replace(/^(House|Ankh) of (the )?/, '').replace(/^Trial of the /, '');
}

/**
 * @typedef {Object} BoardOpts
 * @property {OptionInfo[]} options  the receiver's options now (empty: not interactive)
 * @property {number | null} decider  the deciding seat
 * @property {number | null} me       the receiver's seat
 * @property {import('../types.js').GameEvent[]} [marks]  the last step's events, marked on the board
 * @property {boolean} [landing]  mark where each piece would land (a touch screen: one tap there plays)
 */

/**
 * The board: 30 squares in a 3×10 grid along the S-path. Squares with an
 * option are buttons carrying the option text(s) and a full description.
 * @param {Names} n
 * @param {View} view
 * @param {BoardOpts} opts
 */
export function boardHtml(n, view, opts) {
  const desc = n.desc;
  /** @type {Map<number, OptionInfo[]>} */
  const bySquare = new Map();
  for (const o of opts.options) {
    const sq = optionSquare(o.choice);
    if (sq !== null) bySquare.set(sq, [...(bySquare.get(sq) ?? []), o]);
  }
  /** @type {Map<number, string>} */
  const marks = new Map();
  for (const e of opts.marks ?? []) {
    if (e.kind !== 'piece') continue;
    if (e.from.kind === 'square') marks.set(e.from.square, 'mark-from');
    if (e.to.kind === 'square') marks.set(e.to.square, e.why === 'move' || e.why === 'entered' || e.why === 'backward' ? 'mark-to' : 'mark-hit');
  }
  // Touch: where each single-option control's piece lands, marked.
  const landings = opts.landing && opts.decider !== null
    ? landingMarks([...bySquare.values()].filter((os) => os.length === 1).map((os) => ({ key: os[0].option, events: os[0].events ?? [] })), opts.decider)
    : new Map();
  let html = `<div class="board" role="list" aria-label="Senet board: squares 1 to ${desc.squares} along an S-shaped path">`;
  for (let square = 1; square <= desc.squares; square += 1) {
    const { row, col } = squareToCell(square);
    const occ = view.squares[square - 1] ?? null;
    const special = specialOn(desc, square);
    const icon = special ? iconFor(special.name) : '';
    const dir = pathDirection(square);
    const mark = marks.get(square) ?? '';
    const landing = landings.get(square);
    const classes = ['sq', `row${row}`, special ? `special sq-${icon}` : '', (row + col) % 2 ? 'alt' : '', mark, landing ? 'landing' : ''].filter(Boolean).join(' ');
    const owner = occ ? (occ.seat === null ? colourName(desc, occ.colour) : n.seat(occ.seat)) : '';
    const occupant = occ ? `${possessive(owner)} ${desc.piece_word ?? 'piece'}${occ.value ? ` (${occ.value} dots)` : ''}${occ.seat !== null && occ.seat === opts.me ? ' (yours)' : ''}` : 'empty';
    const label = `Square ${square}${special ? `, ${special.name}` : ''}: ${occupant}`;
    const tipId = `tip-${square}`;
    const specialAttrs = special ? ` aria-describedby="${tipId}"` : '';
    html += `<div class="${classes}" role="listitem" data-square="${square}" data-dir="${dir}" style="--r:${row + 1};--c:${col + 1}" aria-label="${esc(label)}"${specialAttrs}${landing ? ` data-landing="${esc(landing)}"` : ''}>`;
    html += `<span class="sq-num" aria-hidden="true">${square}</span>`;
    if (special) {
      html += squareIconSvg(icon);
      html += `<span class="sq-name" aria-hidden="true">${esc(shortName(special.name))}</span>`;
      html += `<span class="tip" role="tooltip" id="${tipId}"><strong>${square} · ${esc(special.name)}</strong> ${esc(special.effect)}</span>`;
    }
    if (dir !== 'end') html += `<span class="sq-arrow" aria-hidden="true"></span>`;
    const here = bySquare.get(square);
    const svg = occ ? pieceSvg(occ.colour, '', occ.value) : '';
    const pc = occ ? ` c${occ.colour}` : '';
    if (here && opts.decider !== null) {
      const kind = optionKind(here[0], opts.decider);
      const what = here.length === 1 ? optionText(n, here[0]) : `${here.length} options for ${square}: ${here.map((o) => optionText(n, o)).join(' Or: ')}`;
      const role = occ ? 'piece movable' : 'target';
      html += `<button type="button" class="${role}${pc}" data-square-options="${esc(here.map((o) => o.option).join('|'))}" data-kind="${kind}" aria-label="${esc(what)}">${svg || '<span class="target-ring"></span>'}</button>`;
    } else if (occ) {
      html += `<span class="piece${pc}" data-piece="${square}">${svg}</span>`;
    }
    html += `</div>`;
  }
  html += `</div>`;
  return html;
}

/**
 * A row of small pieces.
 * @param {ReadonlyArray<import('../types.js').Piece>} pieces
 * @param {number | null} colour
 */
function pieceRow(pieces, colour) {
  return pieces.map((p) => `<span class="slot full">${pieceSvg(colour, 'mini', p.value)}</span>`).join('');
}

/**
 * One seat's pieces off the board: reserve, borne off, removed, score.
 * @param {Names} n
 * @param {View} view
 * @param {number} seat
 */
export function trayHtml(n, view, seat) {
  const sv = view.seats[seat];
  if (!sv) return '';
  const c = sv.colour;
  const name = n.seat(seat);
  const parts = [];
  if (n.desc.start === 'reserve' || sv.reserve.length) parts.push(`<span class="tray-part" data-part="reserve"><span class="tray-label">Reserve ${sv.reserve.length}</span>${pieceRow(sv.reserve, c)}</span>`);
  parts.push(`<span class="tray-part" data-part="off"><span class="tray-label">Off ${sv.off.length}/${n.desc.pieces_per_seat}</span>${pieceRow(sv.off, c)}</span>`);
  if (sv.removed.length) parts.push(`<span class="tray-part" data-part="removed"><span class="tray-label">Removed ${sv.removed.length}</span>${pieceRow(sv.removed, c)}</span>`);
  if (sv.score !== null) parts.push(`<span class="tray-part score" data-part="score"><span class="tray-label">Score</span> <strong data-testid="score-${seat}">${sv.score}</strong></span>`);
  const out = sv.out ? ' out' : '';
  const cname = colourName(n.desc, c);
  const label = `${name} (${cname}): ${n.desc.start === 'reserve' ? `${sv.reserve.length} in reserve, ` : ''}${sv.off.length} borne off${sv.removed.length ? `, ${sv.removed.length} removed` : ''}${sv.score !== null ? `, score ${sv.score}` : ''}${sv.out ? ', out of the game' : ''}`;
  return `<div class="tray tray-${seat}${out}" data-seat="${seat}" aria-label="${esc(label)}"><span class="tray-who">${pieceSvg(c, 'inline')}<span class="tray-name">${esc(name)}</span></span>${parts.join('')}</div>`;
}
