// The chat beside a replay: the players' messages written during the game,
// and the spectators' behind a switch (GET /api/games/{id}/chat; a private
// game's chat, like the game, only for its players). Text from people is
// set with textContent, never as HTML.

import { t } from '../i18n/messages.js';
import { getJson } from '../net/history-api.js';
import { chatLineElement, shown } from '../room/chat.js';

/** @typedef {import('../room/chat.js').ChatLine} ChatLine */

/**
 * Adds the game's chat after the replay's grid in `root`; says so when
 * there was none, and keeps quiet (logged) when it cannot be read.
 * @param {HTMLElement} root
 * @param {string} gameId
 * @param {string | undefined} token
 */
export async function showReplayChat(root, gameId, token) {
  const panel = document.createElement('section');
  panel.className = 'panel replay-chat';
  panel.setAttribute('aria-labelledby', 'replay-chat-title');
  panel.dataset.testid = 'replay-chat';
  panel.innerHTML = `<h2 id="replay-chat-title"></h2>
<label class="chat-follow" hidden><input type="checkbox" data-chat="spectators"> <span class="chat-follow-text"></span></label>
<ol class="chat-log" tabindex="0"></ol>
<p class="chat-note"></p>`;
  (root.querySelector('.replay-grid') ?? root.lastElementChild ?? root).after(panel);
  const log = /** @type {HTMLElement} */ (panel.querySelector('.chat-log'));
  const note = /** @type {HTMLElement} */ (panel.querySelector('.chat-note'));
  const box = /** @type {HTMLInputElement} */ (panel.querySelector('[data-chat="spectators"]'));
  /** @type {HTMLElement} */ (panel.querySelector('#replay-chat-title')).textContent = t('chat-title');
  log.setAttribute('aria-label', t('chat-log.aria-label'));
  /** @type {ChatLine[]} */
  let lines;
  try {
    const answer = await getJson(`/api/games/${encodeURIComponent(gameId)}/chat`, token);
    lines = Array.isArray(answer?.messages) ? answer.messages : [];
  } catch (e) {
    note.textContent = t('chat-replay-failed');
    console.warn('replay chat', e);
    return;
  }
  const spectators = lines.filter((l) => l.channel === 'spectators').length;
  const label = /** @type {HTMLElement} */ (box.closest('label'));
  label.hidden = spectators === 0;
  /** @type {HTMLElement} */ (panel.querySelector('.chat-follow-text')).textContent = t('chat-replay-follow', { count: spectators });
  const draw = () => {
    const viewer = { spectator: false, follow: box.checked, muted: new Set() };
    const visible = lines.filter((l) => shown(l, viewer));
    log.replaceChildren(...visible.map((line) => chatLineElement(line, { time: false })));
    note.textContent = visible.length ? '' : t('chat-replay-none');
    log.hidden = visible.length === 0;
  };
  box.addEventListener('change', draw);
  draw();
}
