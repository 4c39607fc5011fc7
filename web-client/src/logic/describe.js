// Pure text for protocol version 2: steps, events, options, rolls and
// standings in plain words, from the rule set's description and the seats'
// names. No rule of its own: every effect is one the server's events say.

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
 * Who did it, as the subject of a sentence: "You" for the reader's seat.
 * @param {Names} n
 * @param {number} seat
 */
function subject(n, seat) {
  return n.me === seat ? 'You' : n.seat(seat);
}

/**
 * Whose it is: "Your" for the reader's seat, else "Tiye's".
 * @param {Names} n
 * @param {number} seat
 */
function whose(n, seat) {
  return n.me === seat ? 'Your' : possessive(n.seat(seat));
}

/**
 * A verb for a subject: the reader's own seat takes the second person
 * ("You throw again", "Tiye throws again").
 * @param {Names} n
 * @param {number} seat
 * @param {string} third  "throws", "plays", "is"
 * @param {string} second  "throw", "play", "are"
 */
function verb(n, seat, third, second) {
  return n.me === seat ? second : third;
}

/**
 * "Tiye's"; for a computer seat, "Spool (computer, expert)", its colour's:
 * "Spool's" (the seat was named in full just before, and a parenthesis
 * would stack with the piece's own "(5 dots)").
 * @param {string} name
 */
export function possessive(name) {
  return `${name.replace(/ \([^()]*\)$/, '')}'s`;
}

/**
 * A colour's name ("Cone"), or "?" before the colours are dealt.
 * @param {Description} desc
 * @param {number | null | undefined} colour
 */
export function colourName(desc, colour) {
  if (colour === null || colour === undefined) return 'not dealt yet';
  return desc.colours.find((c) => c.index === colour)?.name ?? `colour ${colour + 1}`;
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
 * "square 27 (House of Water)".
 * @param {Description} desc
 * @param {number} square
 */
export function squareName(desc, square) {
  const sp = specialOn(desc, square);
  return sp ? `square ${square} (${sp.name})` : `square ${square}`;
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
      return 'the reserve';
    case 'off':
      return 'off the board';
    default:
      return 'out of the game';
  }
}

/** Words for each `why` of a piece event. */
const WHY = /** @type {Record<string, string>} */ ({
  move: 'moves',
  backward: 'moves backward',
  swapped: 'is swapped back',
  sent_home: 'is sent home',
  captured: 'is captured',
  water: 'is washed away',
  effect: 'is moved by the square',
  borne_off: 'is borne off',
  bounced: 'bounces back',
  entered: 'enters',
  removed: 'is removed',
  opening: 'opens',
});

/** The short word a step's effect gets on the board, in the rules' terms. */
const EFFECT_WORDS = /** @type {Record<string, string>} */ ({
  borne_off: 'Borne off!',
  water: 'Into the water!',
  removed: 'Removed!',
  captured: 'Captured!',
  sent_home: 'Sent home!',
  swapped: 'Swapped!',
  backward: 'Backward!',
  bounced: 'Bounced back!',
  effect: 'Moved by the square!',
});

/**
 * A step's effect on the board, short, with whose piece and where:
 * "Captured! Tiye's piece on square 13", "Borne off! Your piece from square 28".
 * @param {Names} n
 * @param {GameEvent} e  a piece event that is not a plain move
 */
export function effectText(n, e) {
  if (e.kind !== 'piece') return '';
  const word = EFFECT_WORDS[e.why] ?? (e.to.kind === 'off' ? EFFECT_WORDS.borne_off : '');
  if (!word) return '';
  const where = e.from.kind === 'square' ? ` ${e.to.kind === 'off' ? 'from' : 'on'} square ${e.from.square}` : '';
  return inRulesWords(n.desc, `${word} ${whose(n, e.seat)} piece${where}`);
}

/**
 * A sentence in the rule set's own words: Path of Peril says pawn where the
 * others say piece (the description's `piece_word`).
 * @param {Description | undefined} desc
 * @param {string} text
 */
export function inRulesWords(desc, text) {
  const word = desc?.piece_word;
  if (!word || word === 'piece') return text;
  const cap = word[0].toUpperCase() + word.slice(1);
  return text.replace(/\b([Pp])iece(s?)\b/g, (_, p, plural) => `${p === 'P' ? cap : word}${plural}`);
}

/**
 * One event in a sentence: "Nefertari's piece moves from square 9 to square 13."
 * @param {Names} n
 * @param {GameEvent} e
 */
export function eventText(n, e) {
  return inRulesWords(n.desc, eventSentence(n, e));
}

/**
 * @param {Names} n
 * @param {GameEvent} e
 */
function eventSentence(n, e) {
  switch (e.kind) {
    case 'piece': {
      const piece = `${whose(n, e.seat)} piece${e.value ? ` (${e.value} dots)` : ''}`;
      const why = WHY[e.why] ?? e.why.replace(/_/g, ' ');
      if (e.to.kind === 'off') return `${piece} is borne off from ${placeText(n.desc, e.from)}.`;
      if (e.to.kind === 'removed') return `${piece} on ${placeText(n.desc, e.from)} is removed from the game.`;
      if (e.from.kind === 'reserve') return `${piece} ${e.why === 'entered' ? 'enters on' : `${why} to`} ${placeText(n.desc, e.to)}.`;
      return `${piece} ${why} from ${placeText(n.desc, e.from)} to ${placeText(n.desc, e.to)}.`;
    }
    case 'colour':
      return `${subject(n, e.seat)} ${verb(n, e.seat, 'plays', 'play')} ${colourName(n.desc, e.colour)}.`;
    case 'pass':
      return `${subject(n, e.seat)} cannot move: the turn passes.`;
    case 'again':
      return `${subject(n, e.seat)} ${verb(n, e.seat, 'throws', 'throw')} again.`;
    case 'out':
      return `${subject(n, e.seat)} ${verb(n, e.seat, 'is', 'are')} out of the game.`;
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
  if (value?.kind === 'sticks') return `${countedText(value)}, a ${value.squares}`;
  switch (roll.kind) {
    case 'sticks': {
      const light = roll.sticks.filter(Boolean).length;
      return light === 0 ? 'no light side up' : `${light} light side${light === 1 ? '' : 's'} up`;
    }
    case 'die':
      return `a ${roll.pip}`;
    case 'dice':
      return `${roll.first} and ${roll.second}`;
    case 'lot':
      return `the lot for seat ${roll.seat + 1}`;
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
  const side = value.counted;
  return value.up === 0 ? `no ${side} side up` : `${value.up} ${side} side${value.up === 1 ? '' : 's'} up`;
}

/**
 * How far a turn's throw moves, in words: "move 3 squares", "move 1
 * square", for two dice "one piece 8 squares, or two pieces 3 and 5".
 * @param {import('../types.js').ThrowValue} value
 */
export function throwMoveText(value) {
  const squares = (/** @type {number} */ n) => `${n} square${n === 1 ? '' : 's'}`;
  switch (value.kind) {
    case 'sticks':
    case 'die':
      return `move ${squares(value.squares)}`;
    case 'dice':
      return `one piece ${squares(value.first + value.second)}, or two pieces ${value.first} and ${value.second}`;
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
 * An option in words, before it is chosen: "Move the piece on 9 by the die's 4".
 * @param {Description} desc
 * @param {Choice} c
 */
export function choiceText(desc, c) {
  return inRulesWords(desc, choiceSentence(desc, c));
}

/**
 * @param {Description} desc
 * @param {Choice} c
 */
function choiceSentence(desc, c) {
  switch (c.kind) {
    case 'move':
      return `Move the piece on ${squareName(desc, c.from)}`;
    case 'move_dice':
      return `Move the piece on ${squareName(desc, c.from)} ${c.by.kind === 'sum' ? 'by the sum of both dice' : `by the die showing ${c.by.pips}`}`;
    case 'enter':
      return `Enter a piece from the reserve on ${squareName(desc, c.to)}`;
    case 'place':
      return `Place a piece from the reserve on ${squareName(desc, c.to)}`;
    case 'remove':
      return `Remove the piece on ${squareName(desc, c.square)}`;
    case 'roll':
      return c.dice === 1 ? 'Roll one die' : `Roll ${c.dice} dice`;
    default:
      return 'Choose';
  }
}

/**
 * An option with its preview: "Move the piece on square 9: moves to square 13; captures …".
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
    && first.from.kind === 'square' && first.from.square === c.from ? first : null;
  const head = own ? `${choiceText(n.desc, c)} to ${placeText(n.desc, own.to)}` : choiceText(n.desc, c);
  const effects = (own ? events.slice(1) : events).map((e) => eventText(n, e)).filter(Boolean);
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
 * A line of the record: "Nefertari threw 3 light sides up", "Nefertari: 9 → 13, captured".
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

/**
 * A step without its events: who threw what, who chose what, who left.
 * @param {Names} n
 * @param {StepInfo} st
 * @param {number | null} thrower  the seat whose throw a chance step is, if known
 */
export function stepHead(n, st, thrower) {
  if (st.left) return `${subject(n, st.seat ?? 0)} ${st.left === 'resigned' ? 'resigned' : st.left === 'time' ? 'ran out of time' : 'left the game'}.`;
  if (!st.step) return st.text;
  if (st.step.step === 'chance') {
    const who = thrower === null ? 'Chance' : `${subject(n, thrower)} threw`;
    return `${who}: ${rollText(st.step.roll, st.throw)}.`;
  }
  return `${subject(n, st.step.seat)}: ${choiceText(n.desc, st.step.choice).replace(/^./, (c) => c.toLowerCase())}.`;
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

/** How games end, in words. */
const HOW = /** @type {Record<string, string>} */ ({
  borne_off: 'bearing off every piece',
  gates: 'through the Gates of Aaru',
  trial: 'by the Trial of the Three Gods',
  no_pawns: 'the others ran out of pawns',
  three_borne_off: 'bearing off three pieces',
  last_player: 'the last one in the game',
  resigned: 'by resignation',
  abandoned: 'the others left the game',
  time: 'on time (a clock ran out)',
});

/** How a game of two ends where the words differ from a game of more. */
const TWO_SEAT_HOW = /** @type {Record<string, string>} */ ({
  no_pawns: 'the opponent ran out of pawns',
  abandoned: 'the opponent left the game',
});

/**
 * "Nefertari won, bearing off every piece" and the places with scores.
 * @param {Names} n
 * @param {Standing} st
 * @returns {{head: string, places: string[]}}
 */
export function standingText(n, st) {
  const winner = st.places[0];
  // Between two, "the others" is one: the opponent.
  const two = st.places.length === 2 ? TWO_SEAT_HOW[st.how] : undefined;
  // …and when the reader is that opponent, "you".
  const readerLost = n.me !== undefined && n.me !== null && n.me !== winner && st.places.includes(n.me);
  const how = (two && readerLost ? two.replace(/^the opponent/, 'you') : two) ?? HOW[st.how] ?? st.how.replace(/_/g, ' ');
  const head = winner === undefined ? 'The game is over' : `${n.seat(winner)} won, ${how}`;
  const places = st.places.map((seat, i) => {
    const points = st.scores[seat];
    const score = points === undefined ? '' : ` · ${points} point${points === 1 ? '' : 's'}`;
    return `${i + 1}. ${n.seat(seat)}${score}`;
  });
  return { head, places };
}
