// The board and the trays as HTML (pure: strings from the rule set's
// description and the server's view, testable without a DOM).

import { pathDirection, squareToCell } from './board-geometry.js';
import { colourName, optionKind, optionText, specialOn } from '../logic/describe.js';
import { iconFor, pieceSvg, squareIconSvg } from './icons.js';
import { landingMarks } from '../logic/tap.js';
import { t } from '../i18n/messages.js';

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

/** The short label of each special square (the engine's key → ours): its name without "House of". */
const SHORT_NAMES = /** @type {Record<string, string>} */ ({
  'square-kendall-15': 'board-short-rebirth',
  'square-kendall-26': 'board-short-happiness',
  'square-kendall-27': 'board-short-water',
  'square-kendall-28': 'board-short-three-truths',
  'square-kendall-29': 'board-short-re-atoum',
  'square-kendall-30': 'board-short-horus',
  'square-kendall-7-15': 'board-short-rebirth',
  'square-kendall-7-26': 'board-short-happiness',
  'square-kendall-7-27': 'board-short-water',
  'square-kendall-7-28': 'board-short-three-truths',
  'square-kendall-7-29': 'board-short-re-atoum',
  'square-kendall-7-30': 'board-short-horus',
  'square-jequier-26': 'board-short-refuge',
  'square-jequier-27': 'board-short-water',
  'square-jequier-28': 'board-short-refuge',
  'square-jequier-29': 'board-short-refuge',
  'square-jequier-30': 'board-short-refuge',
  'square-simple-26': 'board-short-safe',
  'square-simple-27': 'board-short-water',
  'square-simple-28': 'board-short-safe',
  'square-simple-29': 'board-short-safe',
  'square-peril-15': 'board-short-rebirth',
  'square-peril-26': 'board-short-vulture',
  'square-peril-27': 'board-short-river',
  'square-peril-28': 'board-short-three-gods',
  'square-peril-29': 'board-short-eye',
  'square-peril-30': 'board-short-gates',
  'square-modern-1': 'board-short-sun',
  'square-modern-26': 'board-short-moon',
  'square-modern-27': 'board-short-bird',
  'square-modern-28': 'board-short-safe',
  'square-modern-29': 'board-short-safe',
  'square-modern-30': 'board-short-safe',
});

/**
 * A short label for a special square (its name without "House of"), from
 * the name's key; a square we have no short label for shows its name.
 * @param {string} name  the special square's name, a message key
 */
export function shortName(name) {
  return t(SHORT_NAMES[name] ?? name);
}

/**
 * "Tiye's piece (3 dots) (yours)", said of what stands on a square.
 * @param {string} owner  the seat's name, or the colour of a piece of no seat
 * @param {string} piece  the rule set's `piece_word`
 * @param {number | null} value  the piece's value (dots), if it has one
 * @param {boolean} mine
 */
function occupantText(owner, piece, value, mine) {
  // A name's trailing parenthesis would stack with the piece's own "(3 dots)".
  return t('board-occupant', { owner: owner.replace(/ \([^()]*\)$/, ''), piece, dots: value ?? 0, mine: mine ? 'yes' : 'no' });
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
  let html = `<div class="board" role="list" aria-label="${esc(t('board-label', { squares: desc.squares }))}">`;
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
    const occupant = occ ? occupantText(owner, desc.piece_word ?? 'piece', occ.value, occ.seat !== null && occ.seat === opts.me) : t('board-empty');
    // The description's names are message keys (the engine's texts).
    const label = special ? t('board-square-special', { square, special: t(special.name), occupant }) : t('board-square', { square, occupant });
    const tipId = `tip-${square}`;
    const specialAttrs = special ? ` aria-describedby="${tipId}"` : '';
    html += `<div class="${classes}" role="listitem" data-square="${square}" data-dir="${dir}" style="--r:${row + 1};--c:${col + 1}" aria-label="${esc(label)}"${specialAttrs}${landing ? ` data-landing="${esc(landing)}"` : ''}>`;
    html += `<span class="sq-num" aria-hidden="true">${square}</span>`;
    if (special) {
      html += squareIconSvg(icon);
      html += `<span class="sq-name" aria-hidden="true">${esc(shortName(special.name))}</span>`;
      html += `<span class="tip" role="tooltip" id="${tipId}"><strong>${square} · ${esc(t(special.name))}</strong> ${esc(t(special.effect))}</span>`;
    }
    if (dir !== 'end') html += `<span class="sq-arrow" aria-hidden="true"></span>`;
    const here = bySquare.get(square);
    const svg = occ ? pieceSvg(occ.colour, '', occ.value) : '';
    const pc = occ ? ` c${occ.colour}` : '';
    if (here && opts.decider !== null) {
      const kind = optionKind(here[0], opts.decider);
      const what = here.length === 1 ? optionText(n, here[0]) : t('board-options', { count: here.length, square, options: here.map((o) => optionText(n, o)).join(` ${t('board-or')} `) });
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
  const piece = n.desc.piece_word ?? 'piece';
  const parts = [];
  if (n.desc.start === 'reserve' || sv.reserve.length) parts.push(`<span class="tray-part" data-part="reserve"><span class="tray-label">${esc(t('board-tray-reserve', { count: sv.reserve.length, piece }))}</span>${pieceRow(sv.reserve, c)}</span>`);
  parts.push(`<span class="tray-part" data-part="off"><span class="tray-label">${esc(t('board-tray-off', { count: sv.off.length, total: n.desc.pieces_per_seat, piece }))}</span>${pieceRow(sv.off, c)}</span>`);
  if (sv.removed.length) parts.push(`<span class="tray-part" data-part="removed"><span class="tray-label">${esc(t('board-tray-removed', { count: sv.removed.length, piece }))}</span>${pieceRow(sv.removed, c)}</span>`);
  if (sv.score !== null) parts.push(`<span class="tray-part score" data-part="score"><span class="tray-label">${esc(t('board-tray-score'))}</span> <strong data-testid="score-${seat}">${sv.score}</strong></span>`);
  const out = sv.out ? ' out' : '';
  const cname = colourName(n.desc, c);
  const says = [
    n.desc.start === 'reserve' ? t('board-tray-says-reserve', { count: sv.reserve.length, piece }) : null,
    t('board-tray-says-off', { count: sv.off.length, piece }),
    sv.removed.length ? t('board-tray-says-removed', { count: sv.removed.length, piece }) : null,
    sv.score !== null ? t('board-tray-says-score', { score: sv.score }) : null,
    sv.out ? t('board-tray-says-out') : null,
  ].filter((x) => x !== null);
  const label = t('board-tray-label', { name, colour: cname, parts: says.join(', ') });
  return `<div class="tray tray-${seat}${out}" data-seat="${seat}" aria-label="${esc(label)}"><span class="tray-who">${pieceSvg(c, 'inline')}<span class="tray-name">${esc(name)}</span></span>${parts.join('')}</div>`;
}
