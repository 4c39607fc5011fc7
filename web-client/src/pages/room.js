// The room page: opens the room, asks an invitee their name (or lets them
// watch), then hands over to the room's controller (`room/index.js`).

import { ApiError, createPlayer, getRoom } from '../net/api.js';
import { controlText } from '../logic/clock.js';
import * as identity from '../logic/identity.js';
import { joinHtml } from '../draw/room-page.js';
import { playRoom } from '../room/index.js';
import { esc } from '../draw/board.js';
import { t } from '../i18n/messages.js';

/**
 * Shows the room `code` in `root`.
 * @param {HTMLElement} root
 * @param {string} code
 * @param {(status: string, text: string) => void} setConn  shows the connection state
 */
export async function showRoom(root, code, setConn) {
  root.innerHTML = `<p class="loading">${esc(t('room-opening'))}</p>`;
  let info;
  try {
    info = await getRoom(code);
  } catch (e) {
    const text = e instanceof ApiError ? e.message : String(e);
    root.innerHTML = `<section class="panel center"><h1>${esc(t('room-cannot-open'))}</h1><p>${esc(text)}</p><p><a class="btn primary" href="/">${esc(t('room-go-home'))}</a></p></section>`;
    return;
  }
  const saved = identity.load(localStorage);
  const holders = info.seats.flatMap((x) => (x.player ? [x.player] : []));
  const holder = identity.seatHolder(saved, holders);
  if (holder) return playRoom(root, code, holder.token, setConn);
  if (info.status === 'waiting' && info.open_seats.length > 0) {
    const auto = new URLSearchParams(location.search).get('join') === '1';
    if (auto && saved.current) return playRoom(root, code, saved.current.token, setConn);
    const creator = holders.find((p) => !p.computer)?.display_name ?? t('room-someone');
    const renderJoin = (/** @type {string} */ name, /** @type {string} */ error) => {
      root.innerHTML = joinHtml({ creator, ruleSet: info.rule_set, name, error });
      // The time control is part of what the invitee agrees to.
      const clockText = controlText(info.time_control);
      if (clockText) root.querySelector('#join-form')?.insertAdjacentHTML('beforebegin', `<p class="note" data-testid="join-clock">${esc(t('room-join-clock', { clock: clockText }))}</p>`);
      const form = /** @type {HTMLFormElement} */ (root.querySelector('#join-form'));
      const input = /** @type {HTMLInputElement} */ (root.querySelector('#join-name'));
      input.focus();
      form.addEventListener('submit', async (ev) => {
        ev.preventDefault();
        const name = input.value.trim();
        const problem = identity.nameProblem(name);
        if (problem) return renderJoin(name, problem);
        /** @type {HTMLButtonElement} */ (root.querySelector('#join-btn')).disabled = true;
        try {
          let id = identity.load(localStorage).current;
          if (!id || id.display_name !== name) {
            id = await createPlayer(name);
            identity.remember(localStorage, id);
          }
          playRoom(root, code, id.token, setConn);
        } catch (e) {
          renderJoin(name, e instanceof Error ? e.message : String(e));
        }
      });
      /** @type {HTMLElement} */ (root.querySelector('#watch-btn')).addEventListener('click', () => playRoom(root, code, null, setConn));
    };
    renderJoin(saved.current?.display_name ?? '', '');
    return;
  }
  return playRoom(root, code, saved.current?.token ?? null, setConn); // a saved name may write in the chat
}
