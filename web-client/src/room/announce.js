// What just happened in the room, said beyond the page: toasts for people
// coming and going, the step's sound, and "your turn" (a sound, and a
// notification while the tab is hidden).

import { t } from '../i18n/messages.js';
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
 * The words of a toast about the people in the room, and its kind; `null`
 * for a message that has none.
 * @param {RoomState} s  the room after `msg`
 * @param {ServerMessage} msg
 * @returns {{text: string, kind: 'ok' | 'info'} | null}
 */
export function announcement(s, msg) {
  const me = mySeat(s);
  if (msg.type === 'player_joined') {
    const name = msg.player?.display_name;
    return { text: name ? t('announce-joined', { name }) : t('announce-someone-joined'), kind: 'ok' };
  }
  if (msg.type === 'disconnected' && msg.seat !== me) return { text: t('announce-disconnected', { name: nameOf(s, msg.seat) }), kind: 'info' };
  if (msg.type === 'reconnected' && msg.seat !== me) return { text: t('announce-reconnected', { name: nameOf(s, msg.seat) }), kind: 'ok' };
  if (msg.type === 'rematch_declined' && msg.by !== me) return { text: t('announce-rematch-declined'), kind: 'info' };
  return null;
}

/**
 * Toasts about the people in the room (screen readers hear them too).
 * @param {RoomState} s  the room after `msg`
 * @param {ServerMessage} msg
 */
export function announce(s, msg) {
  const said = announcement(s, msg);
  if (said) toast(said.text, said.kind);
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
  notifier.turnCame(t(s.desc.name), s.seats.filter((x) => x.seat !== me).map((x) => x.player?.display_name ?? ''));
}
