// Every step said to a screen reader: what each seat threw and did (with
// its effects, captures and bearings off) and who is to act now, through
// one live region outside the part of the page that is drawn again on
// every change (a region made anew is not reliably read out).

import { resultText, namesOf, statusLine } from '../logic/format.js';
import { stepText } from '../logic/describe.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */

/** How many lines the region keeps: the latest are what is read. */
const KEEP = 8;

/**
 * The words for a message, if it is one that is said: a step and who is to
 * act after it, or the end of the game.
 * @param {RoomState} s  the room after `msg`
 * @param {ServerMessage} msg
 * @returns {string | null}
 */
export function sayingOf(s, msg) {
  if (msg.type === 'step') {
    // The record's entry the step became (with who threw, for a chance).
    const entry = s.steps[s.steps.length - 1];
    if (!entry) return null;
    const done = stepText(namesOf(s), entry, entry.by ?? null);
    const next = s.next.kind === 'end' ? '' : ` ${statusLine(s).text}`;
    return `${done}${next}`;
  }
  if (msg.type === 'game_over') return resultText(s);
  return null;
}

/**
 * Says what a message did, in the live region (`#said`).
 * @param {RoomState} s  the room after `msg`
 * @param {ServerMessage} msg
 */
export function say(s, msg) {
  const region = document.getElementById('said');
  const text = sayingOf(s, msg);
  if (!region || !text) return;
  const line = document.createElement('p');
  line.textContent = text;
  region.append(line);
  while (region.children.length > KEEP) region.firstElementChild?.remove();
}
