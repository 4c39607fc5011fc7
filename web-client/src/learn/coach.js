// Pure: the tips of a "Learn to play" game. Each tip explains a rule the
// first time the game shows it, from what the server says — the rule set's
// description (its chance, special squares, words), the reason codes of the
// pieces that cannot move, and the events of each step. The coach holds no
// rule of its own: it only puts into words what just happened.

import { colourName, countedText, specialOn, throwMoveText } from '../logic/describe.js';
import { mySeat } from '../logic/state.js';
import { reasonText } from '../logic/reasons.js';
import { resultText } from '../logic/format.js';
import { t } from '../i18n/messages.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('../types.js').Description} Description */

/**
 * One tip: `key` says which rule it explains (each is given once).
 * @typedef {{key: string, text: string}} Tip
 */

/** What each kind of piece event teaches, said the first time it happens (message keys). */
const EVENT_TIPS = /** @type {Record<string, string>} */ ({
  swapped: 'learn-tip-swapped',
  sent_home: 'learn-tip-sent-home',
  captured: 'learn-tip-captured',
  borne_off: 'learn-tip-borne-off',
  bounced: 'learn-tip-bounced',
  backward: 'learn-tip-backward',
  entered: 'learn-tip-entered',
  removed: 'learn-tip-removed',
  effect: 'learn-tip-effect',
  opening: 'learn-tip-opening',
});

/**
 * The rule set's kind of piece, for the messages' `$piece`: "piece" or "pawn".
 * @param {Description | undefined} desc
 */
const pieceWord = (desc) => desc?.piece_word ?? 'piece';

/**
 * How the chance of a turn works, in words: from the description's sticks
 * count, or the dice.
 * @param {Description} desc
 */
export function chanceTip(desc) {
  const sticks = desc.sticks;
  const piece = pieceWord(desc);
  if (desc.chance.kind === 'sticks' && sticks) {
    const side = sticks.counted;
    const none = countedText({ counted: side, up: 0 });
    const table = [1, 2, 3, 4].map((up) => t('learn-tip-chance-sticks-entry', { up, side, squares: sticks.squares[up] })).join(', ');
    return t('learn-tip-chance-sticks', { side, table, none, zero: sticks.squares[0] });
  }
  if (desc.chance.kind === 'die') return t('learn-tip-chance-die', { piece });
  return t('learn-tip-chance-dice', { piece });
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
  const piece = pieceWord(s.desc);
  const add = (/** @type {string} */ key, /** @type {() => string} */ text) => {
    if (!given.has(key) && !tips.some((x) => x.key === key)) tips.push({ key, text: text() });
  };
  /** A message with the rule set's kind of piece. */
  const say = (/** @type {string} */ id, /** @type {import('../i18n/messages.js').MessageArgs} */ args = {}) => () => t(id, { piece, ...args });
  const me = mySeat(s);
  if (me === null) return tips;
  const colour = s.view.seats[me]?.colour ?? null;
  if (s.status === 'playing') {
    add('start', () => (colour === null
      ? t('learn-tip-start-no-colour', { summary: t(s.desc.summary) })
      : t('learn-tip-start', { colour: colourName(s.desc, colour), summary: t(s.desc.summary) })));
    add('chance', () => chanceTip(s.desc));
  }
  if (msg.type === 'step' && msg.step?.step === 'chance' && msg.by === me && msg.throw) {
    const value = msg.throw;
    add('throw', () => t('learn-tip-throw', { move: throwMoveText(value) }));
  }
  if (msg.type === 'step') {
    for (const e of msg.events ?? []) {
      if (e.kind === 'pass') add('pass', say('learn-tip-pass'));
      if (e.kind === 'again') add('again', say('learn-tip-again'));
      if (e.kind === 'colour') add('colour', say('learn-tip-colour'));
      if (e.kind === 'out') add('out', say('learn-tip-out'));
      if (e.kind !== 'piece') continue;
      const tip = EVENT_TIPS[e.why];
      if (tip) add(`why:${e.why}`, say(tip));
      if (e.why === 'water') {
        const from = e.from.kind === 'square' ? specialOn(s.desc, e.from.square) : undefined;
        add('why:water', from ? say('learn-tip-water', { name: t(from.name), square: from.square }) : say('learn-tip-water-unnamed'));
      }
      if (e.to.kind === 'square') {
        const special = specialOn(s.desc, e.to.square);
        if (special) add(`square:${special.square}`, say('learn-tip-square', { square: special.square, name: t(special.name), effect: t(special.effect) }));
      }
    }
  }
  if (s.next.kind === 'decide' && s.next.seat === me) {
    add('decide', say('learn-tip-decide'));
    for (const b of s.next.blocked ?? []) {
      const words = reasonText(b.code, s.desc);
      if (words) add(`reason:${b.code}`, say('learn-tip-blocked', { square: b.from, reason: words }));
    }
  }
  if (s.status === 'finished' || msg.type === 'game_over') {
    add('end', say('learn-tip-end', { result: resultText(s), ruleSet: t(s.desc.name) }));
  }
  return tips;
}
