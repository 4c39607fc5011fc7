// SVG drawings as strings: pieces, the special squares' symbols, sticks and dice.

/**
 * The four piece shapes, by colour index: a cone, a spool, a pyramid and a
 * drum, so seats differ in shape as well as colour (colour-blind readable).
 */
const SHAPES = [
  '<path d="M20 4.5c2.3 0 3.6 1.6 3.6 3.5 0 1-.4 1.8-1 2.4L31 33c.4 1.2-.6 2.2-2 2.2H11c-1.4 0-2.4-1-2-2.2l8.4-22.6c-.6-.6-1-1.4-1-2.4 0-1.9 1.3-3.5 3.6-3.5z" class="fill"/>' +
    '<path d="M13.6 26h12.8M15.6 20h8.8" class="line"/>',
  '<path d="M8 7.5h24c.9 0 1.5.7 1.3 1.5l-.6 2.4c-.2.8-1 1.3-1.8 1.4-3.3.5-5.4 3.2-5.4 7.2s2.1 6.7 5.4 7.2c.8.1 1.6.6 1.8 1.4l.6 2.4c.2.8-.4 1.5-1.3 1.5H8c-.9 0-1.5-.7-1.3-1.5l.6-2.4c.2-.8 1-1.3 1.8-1.4 3.3-.5 5.4-3.2 5.4-7.2s-2.1-6.7-5.4-7.2c-.8-.1-1.6-.6-1.8-1.4L6.7 9c-.2-.8.4-1.5 1.3-1.5z" class="fill"/>' +
    '<path d="M10 11.5h20M10 28h20" class="line"/>',
  '<path d="M20 4l15 30H5z" class="fill"/><path d="M20 4l-4 30" class="line"/>',
  '<ellipse cx="20" cy="11" rx="13" ry="5" class="fill"/><path d="M7 11v18c0 2.8 5.8 5 13 5s13-2.2 13-5V11" class="fill"/><path d="M7 11c0 2.8 5.8 5 13 5s13-2.2 13-5" class="line"/>',
];

/** Where the dots of a piece's value go (Senet-modern), 1 to 5. */
const DOTS = [[], [[20, 24]], [[15, 24], [25, 24]], [[13, 25], [20, 21], [27, 25]], [[15, 20], [25, 20], [15, 28], [25, 28]], [[14, 20], [26, 20], [20, 24], [14, 29], [26, 29]]];

/**
 * A piece of colour `colour` (the rule set's colour index; `null` draws a
 * neutral piece), with its value's dots when it has one.
 * @param {number | null} colour
 * @param {string} [cls]
 * @param {number | null} [value]
 */
export function pieceSvg(colour, cls = '', value = null) {
  const c = colour === null || colour === undefined ? 'cx' : `c${colour}`;
  const shape = SHAPES[(colour ?? 0) % SHAPES.length];
  const dots = value ? (DOTS[value] ?? []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.3" class="dot"/>`).join('') : '';
  return `<svg class="piece-svg ${c} ${cls}" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><ellipse cx="20" cy="35" rx="12" ry="3.2" class="shadow"/>${shape}${dots}</svg>`;
}

/** @type {Record<string, string>} */
const ICONS = {
  // ankh
  ankh: '<path d="M20 21c-4-3.5-6-7-6-10a6 6 0 0 1 12 0c0 3-2 6.5-6 10zM11 21.5h18M20 21.5V36" />',
  // nefer (beauty, happiness): heart-and-windpipe
  nefer: '<path d="M20 4v14M16.5 8h7M13 25a7 7 0 0 1 14 0c0 5-3.5 8.5-7 11-3.5-2.5-7-6-7-11z" />',
  // water: three ripples
  water: '<path d="M6 13c3.5-3 6.5 3 10 0s6.5 3 10 0 6.5 3 8 1M6 21c3.5-3 6.5 3 10 0s6.5 3 10 0 6.5 3 8 1M6 29c3.5-3 6.5 3 10 0s6.5 3 10 0 6.5 3 8 1" />',
  // three truths: three strokes
  three: '<path d="M12 9v22M20 9v22M28 9v22" />',
  // Re-Atoum: two strokes under a sun disc
  two: '<circle cx="20" cy="11" r="5"/><path d="M15 20v13M25 20v13" />',
  // eye of Horus
  eye: '<path d="M5 18c5-6 25-6 30 0-5 6-25 6-30 0z"/><circle cx="20" cy="18" r="3.5"/><path d="M17 24l-3 9M22 24c2 3 5 5 9 4" />',
  sun: '<circle cx="20" cy="20" r="6"/><path d="M20 5v5M20 30v5M5 20h5M30 20h5M9 9l4 4M27 27l4 4M9 31l4-4M27 13l4-4" />',
  moon: '<path d="M25 7a13 13 0 1 0 0 26 10 10 0 1 1 0-26z" />',
  bird: '<path d="M6 22c6-1 10-8 16-8 4 0 6 2 8 5l5 1-5 2c-2 5-7 8-14 8l-4 4v-6c-3-1-5-3-6-6z" />',
  shield: '<path d="M20 5l12 5v9c0 8-5 13-12 16-7-3-12-8-12-16v-9z" />',
  gate: '<path d="M8 35V12l12-7 12 7v23M14 35V18h12v17" />',
};

/**
 * Each special square's symbol, by the key of its name in the rule set's
 * description (the engine's message keys).
 * @type {Record<string, string>}
 */
const SQUARE_ICONS = {
  'square-kendall-15': 'ankh',
  'square-kendall-26': 'nefer',
  'square-kendall-27': 'water',
  'square-kendall-28': 'three',
  'square-kendall-29': 'two',
  'square-kendall-30': 'eye',
  'square-kendall-7-15': 'ankh',
  'square-kendall-7-26': 'nefer',
  'square-kendall-7-27': 'water',
  'square-kendall-7-28': 'three',
  'square-kendall-7-29': 'two',
  'square-kendall-7-30': 'eye',
  'square-jequier-26': 'shield',
  'square-jequier-27': 'water',
  'square-jequier-28': 'shield',
  'square-jequier-29': 'shield',
  'square-jequier-30': 'shield',
  'square-simple-26': 'shield',
  'square-simple-27': 'water',
  'square-simple-28': 'shield',
  'square-simple-29': 'shield',
  'square-peril-15': 'ankh',
  'square-peril-26': 'bird',
  'square-peril-27': 'water',
  'square-peril-28': 'three',
  'square-peril-29': 'eye',
  'square-peril-30': 'gate',
  'square-modern-1': 'sun',
  'square-modern-26': 'moon',
  'square-modern-27': 'bird',
  'square-modern-28': 'shield',
  'square-modern-29': 'shield',
  'square-modern-30': 'shield',
};

/**
 * The symbol for a special square (drawing only), from its name's key in
 * the description; an unknown one is guessed from the words of its English
 * name, if that is what it is.
 * @param {string} name  the square's name: a message key, `square-kendall-15`
 */
export function iconFor(name) {
  if (SQUARE_ICONS[name]) return SQUARE_ICONS[name];
  const n = name.toLowerCase();
  const table = /** @type {Array<[RegExp, string]>} */ ([
    [/rebirth|ankh/, 'ankh'],
    [/happiness/, 'nefer'],
    [/water|river/, 'water'],
    [/three|trial/, 'three'],
    [/re-atoum/, 'two'],
    [/horus|eye/, 'eye'],
    [/sun/, 'sun'],
    [/moon/, 'moon'],
    [/bird|vulture/, 'bird'],
    [/gate/, 'gate'],
    [/safe|refuge/, 'shield'],
  ]);
  return table.find(([re]) => re.test(n))?.[1] ?? 'shield';
}

/**
 * A special square's symbol.
 * @param {string} icon
 */
export function squareIconSvg(icon) {
  return `<svg class="sq-icon" viewBox="0 0 40 40" aria-hidden="true" focusable="false">${ICONS[icon] ?? ''}</svg>`;
}

/**
 * One throwing stick, light or dark side up.
 * @param {boolean} light
 * @param {number} i  index, for a slight tilt
 */
export function stickSvg(light, i) {
  const tilt = [-6, 3, -2, 5][i % 4];
  return (
    `<svg class="stick ${light ? 'light' : 'dark'}" viewBox="0 0 24 120" style="--tilt:${tilt}deg" aria-hidden="true" focusable="false">` +
    '<rect x="3" y="3" width="18" height="114" rx="9" class="stick-body"/>' +
    (light ? '<path d="M8 20h8M8 100h8" class="stick-mark"/>' : '<path d="M12 14v92" class="stick-grain"/>') +
    '</svg>'
  );
}

/** The logo: a small board with a cone and a spool. */
export function logoSvg() {
  return (
    '<svg class="logo" viewBox="0 0 48 48" aria-hidden="true" focusable="false">' +
    '<rect x="3" y="9" width="42" height="30" rx="5" class="logo-board"/>' +
    '<path d="M3 19h42M3 29h42M17 9v30M31 9v30" class="logo-lines"/>' +
    '<path d="M10 13l3.5 12h-7z" class="logo-cone"/>' +
    '<path d="M35 23h8l-2 4 2 4h-8l2-4z" class="logo-spool"/>' +
    '</svg>'
  );
}

/**
 * A die showing `pip` (1-6).
 * @param {number} pip
 * @param {number} i  index, for a slight tilt
 */
export function dieSvg(pip, i = 0) {
  /** @type {Record<number, number[][]>} */
  const at = { 1: [[20, 20]], 2: [[12, 12], [28, 28]], 3: [[12, 12], [20, 20], [28, 28]], 4: [[12, 12], [28, 12], [12, 28], [28, 28]], 5: [[12, 12], [28, 12], [20, 20], [12, 28], [28, 28]], 6: [[12, 11], [28, 11], [12, 20], [28, 20], [12, 29], [28, 29]] };
  const pips = (at[pip] ?? []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.4" class="pip"/>`).join('');
  return `<svg class="die" viewBox="0 0 40 40" style="--tilt:${[-8, 6][i % 2]}deg" aria-hidden="true" focusable="false"><rect x="3" y="3" width="34" height="34" rx="7" class="die-body"/>${pips}</svg>`;
}
