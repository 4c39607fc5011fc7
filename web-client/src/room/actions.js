// What the room does with each intent of the input: a decision sent, a tap
// previewed, a piece that cannot move explained, a link copied, a
// resignation confirmed first, a switch remembered.

import { blockedReason } from '../logic/state.js';
import { t } from '../i18n/messages.js';
import { confirmDialog, copyText, toast } from '../pages/ui.js';
import { controlOf, selectTapped, unselectTapped } from './board-effects.js';
import * as sound from './sound.js';
import { AUTO_FORCED_KEY, touching } from './state.js';

/** @typedef {import('./input.js').Intent} Intent */

/**
 * What an intent may use of the room.
 * @typedef {Object} RoomControl
 * @property {HTMLElement} root
 * @property {import('./state.js').RoomPage} page
 * @property {(msg: {type: string, [key: string]: unknown}) => void} send  sends (and marks the page waiting)
 * @property {() => void} draw      redraws the page
 * @property {() => void} forced    plays a forced move soon, if the player wants it
 */

/**
 * @param {Intent} intent
 * @param {RoomControl} room
 */
export async function act(intent, room) {
  const { root, page } = room;
  switch (intent.kind) {
    case 'send':
      room.send(intent.msg);
      return;
    case 'tap': {
      const el = controlOf(root, intent.key);
      if (el && page.game) {
        page.tapped = intent.key;
        selectTapped(root, el, page.game);
      }
      return;
    }
    case 'untap':
      page.tapped = null;
      unselectTapped(root, touching(page));
      return;
    case 'play': {
      page.tapped = null;
      const options = intent.key.split('|');
      if (options.length === 1) room.send({ type: 'decide', option: options[0] });
      else {
        page.picked = intent.key;
        room.draw();
        /** @type {HTMLElement | null} */ (root.querySelector('.option-btn'))?.focus();
      }
      return;
    }
    case 'blocked': {
      // The rules' reason, as the server words it (the client holds no rules).
      const why = (page.game && blockedReason(page.game, intent.square)) ?? t('room-blocked-default');
      toast(t('room-blocked', { piece: page.game?.desc.piece_word ?? 'piece', why: why.replace(/[^.!?]$/, '$&.') }), 'info');
      return;
    }
    case 'sound':
      sound.setMuted(localStorage, !intent.on);
      return;
    case 'auto-forced':
      page.autoForced = intent.on;
      localStorage.setItem(AUTO_FORCED_KEY, intent.on ? '1' : '0');
      room.forced();
      return;
    case 'action':
      await button(intent.action, room);
  }
}

/**
 * A button of the room page (its `data-action`).
 * @param {string} action
 * @param {RoomControl} room
 */
async function button(action, room) {
  const game = room.page.game;
  if (action === 'copy') {
    const input = /** @type {HTMLInputElement | null} */ (room.root.querySelector('#invite-link'));
    const ok = await copyText(game?.inviteUrl ?? '', input);
    toast(ok ? t('room-copied-invite') : t('room-copy-failed'), ok ? 'ok' : 'error');
  } else if (action === 'share') {
    const link = `${location.origin}/games/${game?.gameId ?? ''}`;
    const ok = await copyText(link, null);
    toast(ok ? t('room-copied-replay') : t('room-copy-replay-failed', { link }), ok ? 'ok' : 'error');
  } else if (action === 'unpick') {
    room.page.picked = null;
    room.draw();
  } else if (action === 'resign') {
    const many = (game?.seats.length ?? 2) > 2;
    if (await confirmDialog(t('room-resign-title'), t('room-resign-text', { many: many ? 'yes' : 'no' }), t('room-resign-yes'))) room.send({ type: 'resign' });
  } else if (action === 'claim_win') {
    if (await confirmDialog(t('room-claim-title'), t('room-claim-text'), t('room-claim-yes'))) room.send({ type: 'claim_win' });
  } else {
    room.send({ type: action });
  }
}
