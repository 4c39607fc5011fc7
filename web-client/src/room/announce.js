// What just happened in the room, said beyond the page: toasts for people
// coming and going, the step's sound, and "your turn" (a sound, and a
// notification while the tab is hidden).

import { nameOf } from '../logic/format.js';
import { mySeat } from '../logic/state.js';
import { toast } from '../pages/ui.js';
import * as sound from './sound.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('./state.js').RoomPage} RoomPage */

/** The pause between a step's own sound and "your turn" after it. */
const TURN_AFTER_STEP_MS = 260;

/**
 * Toasts about the people in the room (screen readers hear them too).
 * @param {RoomState} s  the room after `msg`
 * @param {ServerMessage} msg
 */
export function announce(s, msg) {
  const me = mySeat(s);
  if (msg.type === 'player_joined') toast(`${msg.player?.display_name ?? 'Someone'} joined.`, 'ok');
  if (msg.type === 'disconnected' && msg.seat !== me) toast(`${nameOf(s, msg.seat)} lost their connection.`, 'info');
  if (msg.type === 'reconnected' && msg.seat !== me) toast(`${nameOf(s, msg.seat)} is back.`, 'ok');
  if (msg.type === 'rematch_declined' && msg.by !== me) toast('The rematch was declined.', 'info');
}

/**
 * The sounds of what just happened: the step's own, then "your turn"
 * when the turn has come to this player.
 * @param {RoomPage} page  its `lastNext` follows the turn
 * @param {ServerMessage} msg
 * @param {{turnCame: (ruleSet: string, opponents: string[]) => void}} notifier
 */
export function hear(page, msg, notifier) {
  const s = page.game;
  if (!s) return;
  const own = msg.type === 'step' ? sound.stepSound(msg.step, msg.events ?? []) : null;
  if (own) sound.play(own);
  // A draw by the rules inside a turn is not a change of turn.
  if (s.next.kind === 'draw') return;
  const me = mySeat(s);
  const came = sound.turnCame(page.lastNext, s.next, me);
  page.lastNext = s.next;
  if (!came) return;
  if (own) setTimeout(() => sound.play('turn'), TURN_AFTER_STEP_MS);
  else sound.play('turn');
  notifier.turnCame(s.desc.name, s.seats.filter((x) => x.seat !== me).map((x) => x.player?.display_name ?? ''));
}
