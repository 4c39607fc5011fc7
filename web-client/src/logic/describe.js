// Pure text for protocol version 2: steps, events, options, rolls and
// standings in plain words, from the rule set's description and the seats'
// names. No rule of its own: every effect is one the server's events say.
//
// Every sentence is one message of the catalogue (locales/parts/words.*.ftl):
// the code picks the message and hands it the seat's name, whether that seat
// is the reader's own (`me`: "yes" → "Your piece moves…", "no" → "Tiye's
// piece moves…"), the rule set's kind of piece (`piece`: "piece" or "pawn")
// and the numbers; the words, their order and their agreement are the
// catalogue's.

import { language, t } from '../i18n/messages.js';

/** @typedef {import('../types.js').Description} Description */
/** @typedef {import('../types.js').GameEvent} GameEvent */
/** @typedef {import('../types.js').Choice} Choice */
/** @typedef {import('../types.js').Roll} Roll */
/** @typedef {import('../types.js').StepInfo} StepInfo */
/** @typedef {import('../types.js').Standing} Standing */

/**
 * What the words need: the rule set and a name for each seat.
 * @typedef {Object} Names
 * @property {Description} desc
 * @property {(seat: number) => string} seat  "Nefertari", "Spool (computer, expert)"…
 * @property {number | null} [me]  the reader's own seat: said in the second
 *   person ("Your piece moves…", "You throw again.")
 */

/**
 * The `me` selector of a message: "yes" when `seat` is the reader's own.
 * @param {Names} n
 * @param {number} seat
 * @returns {'yes' | 'no'}
 */
function meOf(n, seat) {
  return n.me !== undefined && n.me !== null && n.me === seat ? 'yes' : 'no';
}

/**
 * The arguments every sentence about a seat gets: its name and whether it
 * is the reader's own.
 * @param {Names} n
 * @param {number} seat
 */
function who(n, seat) {
  return { me: meOf(n, seat), name: n.seat(seat) };
}

/**
 * The rule set's kind of piece, for the messages' `piece` selector:
 * "piece" or "pawn" (an identifier, not a word).
 * @param {Description | undefined} desc
 */
export function pieceWord(desc) {
  return desc?.piece_word ?? 'piece';
}

/**
 * A seat's name where it owns something: for a computer seat named
 * "Spool (computer, expert)", just "Spool" (the seat was named in full just
 * before, and a parenthesis would stack with the piece's own "(5 dots)").
 * @param {string} name
 */
export function shortName(name) {
  return name.replace(/ \([^()]*\)$/, '');
}

/**
 * "Tiye's" (Spanish "de Tiye"), of a short name (`shortName`). Word order
 * differs between languages: a whole sentence should be one message with
 * the name as its argument rather than this glued to a noun.
 * @param {string} name
 */
export function possessive(name) {
  return t('words-possessive', { name: shortName(name) });
}

/**
 * A colour's name ("Cone"), or words for "not dealt yet".
 * @param {Description} desc
 * @param {number | null | undefined} colour
 */
export function colourName(desc, colour) {
  if (colour === null || colour === undefined) return t('words-colour-undealt');
  const c = desc.colours.find((x) => x.index === colour);
  return c ? t(c.name) : t('words-colour-number', { number: colour + 1 });
}

/**
 * The special square on `square`, if the rule set has one there.
 * @param {Description} desc
 * @param {number} square
 */
export function specialOn(desc, square) {
  return desc.special_squares.find((s) => s.square === square);
}

/**
 * "square 27 (House of Water)" (Spanish "la casilla 27 (Casa del Agua)": a
 * place as the sentences around it take it, with its article where the
 * language has one).
 * @param {Description} desc
 * @param {number} square
 */
export function squareName(desc, square) {
  const sp = specialOn(desc, square);
  return sp ? t('words-square-special', { square, name: t(sp.name) }) : t('words-square', { square });
}

/**
 * A place of a piece event in words.
 * @param {Description} desc
 * @param {import('../types.js').Place} place
 */
export function placeText(desc, place) {
  switch (place.kind) {
    case 'square':
      return squareName(desc, place.square);
    case 'reserve':
      return t('words-reserve');
    case 'off':
      return t('words-off-board');
    default:
      return t('words-out-of-game');
  }
}

/** The sentence for each `why` of a piece event (from a place to a place). */
const WHY_KEYS = /** @type {Record<string, string>} */ ({
  move: 'event-move',
  backward: 'event-backward',
  swapped: 'event-swapped',
  sent_home: 'event-sent-home',
  captured: 'event-captured',
  water: 'event-water',
  effect: 'event-effect',
  borne_off: 'event-borne-off',
  bounced: 'event-bounced',
  entered: 'event-entered',
  removed: 'event-removed',
  opening: 'event-opening',
});

/** The short words a step's effect gets on the board, in the rules' terms. */
const EFFECT_KEYS = /** @type {Record<string, string>} */ ({
  borne_off: 'event-short-borne-off',
  water: 'event-short-water',
  removed: 'event-short-removed',
  captured: 'event-short-captured',
  sent_home: 'event-short-sent-home',
  swapped: 'event-short-swapped',
  backward: 'event-short-backward',
  bounced: 'event-short-bounced',
  effect: 'event-short-effect',
});

/**
 * The arguments of a sentence about a piece: whose, of what kind, its dots
 * (0 for a piece without a value).
 * @param {Names} n
 * @param {number} seat
 * @param {number | null} value
 */
function pieceArgs(n, seat, value) {
  return { me: meOf(n, seat), name: shortName(n.seat(seat)), piece: pieceWord(n.desc), dots: value ?? 0 };
}

/**
 * A step's effect on the board, short, with whose piece and where:
 * "Captured! Tiye's piece on square 13", "Borne off! Your piece from square 28".
 * @param {Names} n
 * @param {GameEvent} e  a piece event that is not a plain move
 */
export function effectText(n, e) {
  if (e.kind !== 'piece') return '';
  const key = EFFECT_KEYS[e.why] ?? (e.to.kind === 'off' ? EFFECT_KEYS.borne_off : '');
  if (!key) return '';
  return t(key, { ...pieceArgs(n, e.seat, null), square: e.from.kind === 'square' ? e.from.square : 0 });
}

/**
 * One event in a sentence: "Nefertari's piece moves from square 9 to square 13."
 * @param {Names} n
 * @param {GameEvent} e
 */
export function eventText(n, e) {
  switch (e.kind) {
    case 'piece': {
      const args = { ...pieceArgs(n, e.seat, e.value), from: placeText(n.desc, e.from), to: placeText(n.desc, e.to) };
      if (e.to.kind === 'off') return t('event-borne-off', args);
      if (e.to.kind === 'removed') return t('event-removed', args);
      const key = WHY_KEYS[e.why];
      return key ? t(key, args) : t('event-other', { ...args, why: e.why.replace(/_/g, ' ') });
    }
    case 'colour':
      return t('event-colour', { ...who(n, e.seat), colour: colourName(n.desc, e.colour) });
    case 'pass':
      return t('event-pass', who(n, e.seat));
    case 'again':
      return t('event-again', who(n, e.seat));
    case 'out':
      return t('event-out', who(n, e.seat));
    default:
      return '';
  }
}

/**
 * A chance outcome in words: "3 light sides up", "a 4", "3 and 5". With
 * what a turn's throw is worth (the step's `throw`, counted by the rules),
 * the sticks are told by the side the rules count and with their squares:
 * "3 dark sides up, a 3", "no light side up, a 5".
 * @param {Roll} roll
 * @param {import('../types.js').ThrowValue} [value]
 */
export function rollText(roll, value) {
  if (value?.kind === 'sticks') return t('roll-counted-worth', { side: value.counted, up: value.up, squares: value.squares });
  switch (roll.kind) {
    case 'sticks':
      return countedText({ counted: 'light', up: roll.sticks.filter(Boolean).length });
    case 'die':
      return t('roll-die', { pip: roll.pip });
    case 'dice':
      return t('roll-dice', { first: roll.first, second: roll.second });
    case 'lot':
      return t('roll-lot', { seat: roll.seat + 1 });
    default:
      return '';
  }
}

/**
 * The sticks of a turn's throw by the side the rules count: "3 dark sides
 * up", "no light side up".
 * @param {{counted: 'light' | 'dark', up: number}} value
 */
export function countedText(value) {
  return t('roll-counted', { side: value.counted, up: value.up });
}

/**
 * How far a turn's throw moves, in words: "move 3 squares", "move 1
 * square", for two dice "one piece 8 squares, or two pieces 3 and 5".
 * @param {import('../types.js').ThrowValue} value
 */
export function throwMoveText(value) {
  switch (value.kind) {
    case 'sticks':
    case 'die':
      return t('roll-move', { count: value.squares });
    case 'dice':
      return t('roll-move-dice', { sum: value.first + value.second, first: value.first, second: value.second });
    default:
      return '';
  }
}

/**
 * The number a turn's throw shows big: its squares, or both dice.
 * @param {import('../types.js').ThrowValue} value
 */
export function throwNumber(value) {
  return value.kind === 'dice' ? `${value.first} + ${value.second}` : String(value.squares);
}

/**
 * An option in words, before it is chosen: "Move the piece on square 9 by
 * the die showing 4".
 * @param {Description} desc
 * @param {Choice} c
 */
export function choiceText(desc, c) {
  return choiceSentence(desc, c, null);
}

/**
 * An option in words, with where the moved piece lands when that is known
 * (`to`): "Move the piece on square 9 to square 13".
 * @param {Description} desc
 * @param {Choice} c
 * @param {string | null} to  the landing place, in words
 */
function choiceSentence(desc, c, to) {
  const piece = pieceWord(desc);
  switch (c.kind) {
    case 'move': {
      const from = squareName(desc, c.from);
      return to === null ? t('option-move', { piece, from }) : t('option-move-to', { piece, from, to });
    }
    case 'move_dice': {
      const from = squareName(desc, c.from);
      if (c.by.kind === 'sum') return to === null ? t('option-move-sum', { piece, from }) : t('option-move-sum-to', { piece, from, to });
      const pips = c.by.pips;
      return to === null ? t('option-move-die', { piece, from, pips }) : t('option-move-die-to', { piece, from, pips, to });
    }
    case 'enter':
      return t('option-enter', { piece, to: squareName(desc, c.to) });
    case 'place':
      return t('option-place', { piece, to: squareName(desc, c.to) });
    case 'remove':
      return t('option-remove', { piece, square: squareName(desc, c.square) });
    case 'roll':
      return t('option-roll', { count: c.dice });
    default:
      return t('option-choose');
  }
}

/**
 * An option with its preview: "Move the piece on square 9 to square 13. Tiye's piece is captured …".
 * @param {Names} n
 * @param {import('../types.js').OptionInfo} o
 */
export function optionText(n, o) {
  const c = o.choice;
  const events = o.events ?? [];
  // The moved piece's own step is the option itself: "Move the piece on
  // square 9 to square 13", not that and "Your piece moves from 9 to 13".
  const first = events[0];
  const own = (c.kind === 'move' || c.kind === 'move_dice') && first?.kind === 'piece' && first.why === 'move'
    && first.from.kind === 'square' && first.from.square === c.from && first.to.kind === 'square' ? first : null;
  const head = choiceSentence(n.desc, c, own ? placeText(n.desc, own.to) : null);
  const effects = (own ? events.slice(1) : events).map((e) => eventText(n, e)).filter(Boolean);
  // Sentences follow one another after a full stop, in both languages.
  return effects.length ? `${head}. ${effects.join(' ')}` : `${head}.`;
}

/**
 * The kind of an option's effect, for its colour on the board.
 * @param {import('../types.js').OptionInfo} o
 * @param {number} seat  the deciding seat
 * @returns {'capture' | 'swapped' | 'sent_home' | 'water' | 'bear_off' | 'removed' | 'backward' | 'move'}
 */
export function optionKind(o, seat) {
  const evs = o.events ?? [];
  // The rules' own word for what happens to the other piece: where they
  // swap pieces (Kendall, the web version) nothing is captured.
  const other = evs.find((e) => e.kind === 'piece' && e.seat !== seat);
  if (other && other.kind === 'piece') return other.why === 'swapped' || other.why === 'sent_home' ? other.why : 'capture';
  if (evs.some((e) => e.kind === 'piece' && e.why === 'water')) return 'water';
  if (evs.some((e) => e.kind === 'piece' && e.to.kind === 'off')) return 'bear_off';
  if (evs.some((e) => e.kind === 'piece' && e.to.kind === 'removed')) return 'removed';
  if (evs.some((e) => e.kind === 'piece' && e.why === 'backward')) return 'backward';
  return 'move';
}

/**
 * A line of the record: "Nefertari threw: 3 light sides up.", "Nefertari: move the piece on square 9. …".
 * @param {Names} n
 * @param {StepInfo} st
 * @param {number | null} thrower  who threw, for a chance step (the seat on turn)
 */
export function stepText(n, st, thrower) {
  return `${stepHead(n, st, thrower)} ${eventsText(n, st)}`.trim();
}

/**
 * A step's events in sentences, one after another.
 * @param {Names} n
 * @param {StepInfo} st
 */
function eventsText(n, st) {
  return st.events.map((e) => eventText(n, e)).filter(Boolean).join(' ');
}

/** The sentence for each way of leaving a game. */
const LEFT_KEYS = /** @type {Record<string, string>} */ ({
  resigned: 'step-resigned',
  time: 'step-timed-out',
  abandoned: 'step-left',
});

/**
 * A step without its events: who threw what, who chose what, who left.
 * @param {Names} n
 * @param {StepInfo} st
 * @param {number | null} thrower  the seat whose throw a chance step is, if known
 */
export function stepHead(n, st, thrower) {
  if (st.left) return t(LEFT_KEYS[st.left] ?? 'step-left', who(n, st.seat ?? 0));
  if (!st.step) return st.text;
  if (st.step.step === 'chance') {
    const roll = rollText(st.step.roll, st.throw);
    return thrower === null ? t('step-chance', { roll }) : t('step-threw', { ...who(n, thrower), roll });
  }
  // The option's words follow a colon: "Nefertari: move the piece on square 9."
  const choice = choiceText(n.desc, st.step.choice).replace(/^./, (ch) => ch.toLocaleLowerCase(language()));
  return t('step-decided', { ...who(n, st.step.seat), choice });
}

/**
 * A step in one short line, each step said once: a throw as it fell, a
 * decision by what it did (its events, which name the piece and squares)
 * rather than the option chosen and then its effect again.
 * @param {Names} n
 * @param {StepInfo} st
 * @param {number | null} thrower
 */
export function stepLine(n, st, thrower) {
  if (st.step?.step === 'decide' && !st.left) {
    const events = eventsText(n, st);
    if (events) return events;
  }
  return stepText(n, st, thrower);
}

/** The sentence for each way a game ends. */
const HOW_KEYS = /** @type {Record<string, string>} */ ({
  borne_off: 'standing-borne-off',
  gates: 'standing-gates',
  trial: 'standing-trial',
  no_pawns: 'standing-no-pawns',
  three_borne_off: 'standing-three-borne-off',
  last_player: 'standing-last-player',
  resigned: 'standing-resigned',
  abandoned: 'standing-abandoned',
  time: 'standing-time',
});

/**
 * "Nefertari won, bearing off every piece" and the places with scores.
 * With `you`, the reader's own win is said to them: "You win, …" (the
 * winner's `seat` name is used otherwise, whoever reads).
 * @param {Names} n
 * @param {Standing} st
 * @param {{you?: boolean}} [opts]
 * @returns {{head: string, places: string[]}}
 */
export function standingText(n, st, opts = {}) {
  const winner = st.places[0];
  // Who "the others" are: between two, the opponent, and when the reader
  // is that opponent, "you".
  const readerLost = n.me !== undefined && n.me !== null && n.me !== winner && st.places.includes(n.me);
  const others = st.places.length === 2 ? (readerLost ? 'you' : 'opponent') : 'others';
  const head = winner === undefined
    ? t('standing-over')
    : t(HOW_KEYS[st.how] ?? 'standing-other', {
      me: opts.you ? meOf(n, winner) : 'no',
      name: n.seat(winner),
      others,
      how: st.how.replace(/_/g, ' '),
    });
  const places = st.places.map((seat, i) => {
    const points = st.scores[seat];
    return points === undefined
      ? t('standing-place', { place: i + 1, name: n.seat(seat) })
      : t('standing-place-score', { place: i + 1, name: n.seat(seat), points });
  });
  return { head, places };
}
