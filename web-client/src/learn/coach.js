// Pure: the tips of a "Learn to play" game. Each tip explains a rule the
// first time the game shows it, from what the server says — the rule set's
// description (its chance, special squares, words), the reason codes of the
// pieces that cannot move, and the events of each step. The coach holds no
// rule of its own: it only puts into words what just happened.

import { colourName, countedText, inRulesWords, specialOn, throwMoveText } from '../logic/describe.js';
import { mySeat } from '../logic/state.js';
import { reasonText } from '../logic/reasons.js';
import { resultText } from '../logic/format.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('../types.js').Description} Description */

/**
 * One tip: `key` says which rule it explains (each is given once).
 * @typedef {{key: string, text: string}} Tip
 */

/** What each kind of piece event teaches, said the first time it happens. */
const EVENT_TIPS = /** @type {Record<string, string>} */ ({
  swapped: 'Landing on an opponent\'s piece swapped the two pieces: the one that was hit goes back to where the mover came from.',
  sent_home: 'Landing on an opponent\'s piece sent it back to the start.',
  captured: 'Landing on an opponent\'s piece captured it.',
  borne_off: 'A piece left the board: it is borne off and has finished its race.',
  bounced: 'A throw that went past the goal bounced the piece back by the squares left over.',
  backward: 'No piece could go forward, so a piece had to move backward.',
  entered: 'A piece came onto the board from the reserve.',
  removed: 'A piece was taken out of the game for good.',
  effect: 'The square a piece stopped on moved it on.',
  opening: 'The opening throw moved a piece by itself, as the rules say.',
});

/**
 * How the chance of a turn works, in words: from the description's sticks
 * count, or the dice.
 * @param {Description} desc
 */
export function chanceTip(desc) {
  const sticks = desc.sticks;
  if (desc.chance.kind === 'sticks' && sticks) {
    const side = sticks.counted;
    const none = countedText({ counted: side, up: 0 });
    const table = [1, 2, 3, 4].map((up) => `${up} ${side} up moves ${sticks.squares[up]}`).join(', ');
    return `Each turn starts with a throw of four sticks. Count the ${side} sides: ${table}, and ${none} moves ${sticks.squares[0]}.`;
  }
  if (desc.chance.kind === 'die') return inRulesWords(desc, 'Each turn starts with a roll of one die: its number is how many squares a piece moves.');
  return inRulesWords(desc, 'Each turn starts with a roll of two dice: move one piece by their sum, or two different pieces by one die each.');
}

/**
 * The tips `msg` brings that were not given before (their keys are not in
 * `given`), in the order to show them. `s` is the room after `msg`.
 * @param {RoomState} s
 * @param {ServerMessage} msg
 * @param {ReadonlySet<string>} given
 * @returns {Tip[]}
 */
export function tipsFor(s, msg, given) {
  /** @type {Tip[]} */
  const tips = [];
  const add = (/** @type {string} */ key, /** @type {string} */ text) => {
    if (!given.has(key) && !tips.some((t) => t.key === key)) tips.push({ key, text: inRulesWords(s.desc, text) });
  };
  const me = mySeat(s);
  if (me === null) return tips;
  const colour = s.view.seats[me]?.colour ?? null;
  if (s.status === 'playing') {
    add('start', `You play${colour === null ? '' : ` ${colourName(s.desc, colour)}`} against the beginner computer. ${s.desc.summary}`);
    add('chance', chanceTip(s.desc));
  }
  if (msg.type === 'step' && msg.step?.step === 'chance' && msg.by === me && msg.throw) {
    add('throw', `You threw: ${throwMoveText(msg.throw)}.`);
  }
  if (msg.type === 'step') {
    for (const e of msg.events ?? []) {
      if (e.kind === 'pass') add('pass', 'No piece could use that throw, so the turn passed to the other side.');
      if (e.kind === 'again') add('again', 'That throw gives another throw: the same side throws again.');
      if (e.kind === 'colour') add('colour', 'The opening decided who plays which colour.');
      if (e.kind === 'out') add('out', 'A player who cannot use a throw is out of this game.');
      if (e.kind !== 'piece') continue;
      const tip = EVENT_TIPS[e.why];
      if (tip) add(`why:${e.why}`, tip);
      if (e.why === 'water') {
        const from = e.from.kind === 'square' ? specialOn(s.desc, e.from.square) : undefined;
        add('why:water', `${from ? `The ${from.name}` : 'The water'} sent a piece back down the board.`);
      }
      if (e.to.kind === 'square') {
        const special = specialOn(s.desc, e.to.square);
        if (special) add(`square:${special.square}`, `Square ${special.square} is the ${special.name}: ${special.effect}`);
      }
    }
  }
  if (s.next.kind === 'decide' && s.next.seat === me) {
    add('decide', 'The glowing pieces are the ones that can move with this throw. Point at one (or tap it) to see where it goes, then play it.');
    for (const b of s.next.blocked ?? []) {
      const words = reasonText(b.code, s.desc);
      if (words) add(`reason:${b.code}`, `The piece on square ${b.from} cannot move now. ${words}`);
    }
  }
  if (s.status === 'finished' || msg.type === 'game_over') {
    add('end', `${resultText(s)} That is the whole game: you know how ${s.desc.name} is played.`);
  }
  return tips;
}
