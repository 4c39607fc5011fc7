// The room's chat panel (docs/protocol.md, "Chat"): the players' channel,
// the spectators' (a player sees it only after "Show spectator chat"),
// quick phrases, muting the other players (remembered per room in this
// browser), and the creator's switch. Every text from people is set with
// textContent, never as HTML; the panel's own words are the catalogue's.

import { language, t } from '../i18n/messages.js';

/** The most characters of a message (the server checks; this only counts). */
export const CHAT_MAX = 280;

/**
 * The quick phrases, one tap each (phones): each one's code (the button's
 * `data-phrase`) and the message of its words. The server knows no phrases:
 * a tap sends the words the button shows, in the sender's language, as if
 * typed.
 */
export const PHRASES = /** @type {const} */ ({
  'Good luck': 'chat-phrase-good-luck',
  'Well played': 'chat-phrase-well-played',
  Thanks: 'chat-phrase-thanks',
  Oops: 'chat-phrase-oops',
});

/**
 * The words a quick phrase sends (and its button shows); `null` for a code
 * that is not a phrase.
 * @param {string} code  a `data-phrase`
 */
export function phraseText(code) {
  const key = Object.hasOwn(PHRASES, code) ? PHRASES[/** @type {keyof typeof PHRASES} */ (code)] : null;
  return key ? t(key) : null;
}

/** What a refusal of the server (`error` with a `chat_…` code) says. */
const REFUSALS = {
  chat_empty: 'chat-refused-empty',
  chat_too_long: 'chat-refused-too-long',
  chat_bad_text: 'chat-refused-bad-text',
  chat_rate_limited: 'chat-refused-rate-limited',
  chat_off: 'chat-refused-off',
  chat_not_allowed: 'chat-refused-not-allowed',
};

/**
 * The words for the server's refusal `code` (the server's own message is
 * for developers, in English).
 * @param {string} code
 */
export function refusalText(code) {
  const key = Object.hasOwn(REFUSALS, code) ? REFUSALS[/** @type {keyof typeof REFUSALS} */ (code)] : null;
  return key ? t(key, { max: CHAT_MAX }) : t('chat-refused');
}

/**
 * The label of the message box: to whom it writes.
 * @param {boolean} spectator
 */
export function inputLabel(spectator) {
  return spectator ? t('chat-input-spectators') : t('chat-input-players');
}

/**
 * The count under the message box: `12 / 280`.
 * @param {number} n
 */
export function countText(n) {
  return t('chat-count', { count: n, max: CHAT_MAX });
}

/**
 * The badge after an author's name.
 * @param {ChatLine['channel']} channel
 */
export function badgeText(channel) {
  return channel === 'players' ? t('chat-badge-player') : t('chat-badge-spectator');
}

/** @param {string} text */
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A chat message as the server tells it.
 * @typedef {Object} ChatLine
 * @property {string} game_id
 * @property {number} no
 * @property {'players' | 'spectators'} channel
 * @property {string} player_id
 * @property {string} display_name
 * @property {string} text
 * @property {string} at
 */

/**
 * Characters as the server counts them (Unicode scalar values, not UTF-16 units).
 * @param {string} text
 */
export function charCount(text) {
  return [...text.trim()].length;
}

/**
 * Whether a message is shown: the spectators' only to spectators and to
 * players who follow them, nobody's whom the viewer muted.
 * @param {ChatLine} line
 * @param {{spectator: boolean, follow: boolean, muted: Set<string>}} viewer
 */
export function shown(line, viewer) {
  if (viewer.muted.has(line.player_id)) return false;
  return line.channel === 'players' || viewer.spectator || viewer.follow;
}

/**
 * Adds a message to a list kept in order without duplicates (a message
 * may come both live and in a history), at most `limit` kept.
 * @param {ChatLine[]} list
 * @param {ChatLine} line
 * @param {number} [limit]
 */
export function addLine(list, line, limit = 300) {
  const same = (/** @type {ChatLine} */ l) => l.game_id === line.game_id && l.no === line.no;
  if (list.some(same)) return list;
  const next = [...list, line];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** @param {string} code */
const muteKey = (code) => `senet.chatMuted.${code}`;

/**
 * The players muted in room `code`, as remembered in `storage`.
 * @param {Pick<Storage, 'getItem'>} storage
 * @param {string} code
 * @returns {Set<string>}
 */
export function loadMuted(storage, code) {
  try {
    const list = JSON.parse(storage.getItem(muteKey(code)) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((x) => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * @param {Pick<Storage, 'setItem'>} storage
 * @param {string} code
 * @param {Set<string>} muted
 */
export function saveMuted(storage, code, muted) {
  try {
    storage.setItem(muteKey(code), JSON.stringify([...muted]));
  } catch {
    // Private mode or full storage: muting lasts for this page only.
  }
}

/** The panel's fixed structure: no text from people in it. */
export function panelHtml() {
  return `<h2 id="chat-title">${esc(t('chat-title'))}</h2>
<div class="chat-settings">
<label class="chat-follow" hidden><input type="checkbox" data-chat="follow"> ${esc(t('chat-follow'))}</label>
<label class="chat-switch" hidden><input type="checkbox" data-chat="switch" checked> ${esc(t('chat-switch'))}</label>
</div>
<div class="chat-mutes" role="group" aria-label="${esc(t('chat-mutes.aria-label'))}" hidden></div>
<ol class="chat-log" aria-live="polite" aria-relevant="additions" aria-label="${esc(t('chat-log.aria-label'))}" tabindex="0"></ol>
<p class="chat-note" role="status"></p>
<form class="chat-form" hidden>
<div class="chat-phrases" role="group" aria-label="${esc(t('chat-phrases.aria-label'))}"></div>
<label class="chat-label" for="chat-input">${esc(t('chat-input'))}</label>
<div class="chat-row"><input id="chat-input" type="text" autocomplete="off" enterkeyhint="send"><button type="submit" class="btn">${esc(t('chat-send'))}</button></div>
<p class="chat-count" id="chat-count" aria-live="off"></p>
</form>`;
}

/**
 * One message as a list item: author, channel badge, (time,) text, all set
 * as text. Shared by the room's panel and the replay's.
 * @param {ChatLine} line
 * @param {{ time: boolean }} opts
 * @returns {HTMLLIElement}
 */
export function chatLineElement(line, opts) {
  const li = document.createElement('li');
  li.className = `chat-line chat-${line.channel}`;
  li.dataset.channel = line.channel;
  li.dataset.author = line.player_id;
  const who = document.createElement('span');
  who.className = 'chat-who';
  who.textContent = line.display_name;
  const badge = document.createElement('span');
  badge.className = 'chat-badge';
  badge.textContent = badgeText(line.channel);
  const text = document.createElement('span');
  text.className = 'chat-text';
  text.textContent = line.text;
  if (opts.time) {
    const time = document.createElement('time');
    time.dateTime = line.at;
    time.textContent = new Date(line.at).toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' });
    li.append(who, ' ', badge, ' ', time, ' ', text);
  } else {
    li.append(who, ' ', badge, ' ', text);
  }
  return li;
}

/**
 * The chat panel of a room page, beside `root` (the room page re-renders
 * `root` on every event; the panel is outside it, so what is being typed
 * survives).
 * @param {HTMLElement} root
 * @param {{code: string, named: boolean, send: (msg: {type: string, [key: string]: unknown}) => boolean}} opts
 *   `named`: the viewer has a player token (without one, chat is read only)
 */
export function roomChat(root, opts) {
  const panel = document.createElement('aside');
  panel.className = 'panel chat-panel';
  panel.setAttribute('aria-labelledby', 'chat-title');
  panel.dataset.testid = 'chat';
  panel.innerHTML = panelHtml();
  panel.hidden = true;
  root.after(panel);
  const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (panel.querySelector(sel));
  const log = q('.chat-log');
  const note = q('.chat-note');
  const form = /** @type {HTMLFormElement} */ (q('.chat-form'));
  const input = /** @type {HTMLInputElement} */ (q('#chat-input'));
  const label = q('.chat-label');
  const count = q('.chat-count');
  const followBox = /** @type {HTMLInputElement} */ (q('[data-chat="follow"]'));
  const switchBox = /** @type {HTMLInputElement} */ (q('[data-chat="switch"]'));
  const mutes = q('.chat-mutes');
  input.setAttribute('aria-describedby', 'chat-count');
  for (const phrase of Object.keys(PHRASES)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn chat-phrase';
    b.dataset.phrase = phrase;
    b.textContent = phraseText(phrase);
    q('.chat-phrases').append(b);
  }

  /** @type {ChatLine[]} */
  let lines = [];
  let on = true;
  let creator = false;
  let follow = false;
  let spectator = true;
  /** @type {string | null} */
  let me = null;
  let muted = loadMuted(localStorage, opts.code);
  /** The text of the last message sent, put back if it is refused. */
  let lastSent = '';
  /** @type {string} the mute buttons' key, to redraw them only on change */
  let mutesKey = '';

  const channel = () => (spectator ? 'spectators' : 'players');


  const viewer = () => ({ spectator, follow, muted });

  function redrawLog() {
    log.setAttribute('aria-busy', 'true');
    log.replaceChildren(...lines.filter((l) => shown(l, viewer())).map((line) => chatLineElement(line, { time: true })));
    log.removeAttribute('aria-busy');
    log.scrollTop = log.scrollHeight;
  }

  function drawControls() {
    const canWrite = on && opts.named;
    form.hidden = !canWrite;
    label.textContent = inputLabel(spectator);
    followBox.closest('label')?.toggleAttribute('hidden', spectator);
    followBox.checked = follow;
    switchBox.closest('label')?.toggleAttribute('hidden', !creator);
    switchBox.checked = on;
    panel.dataset.on = String(on);
    panel.dataset.role = spectator ? 'spectator' : 'player';
    if (!on) note.textContent = t('chat-off');
    else if (!opts.named) note.textContent = t('chat-read-only');
    else if (note.dataset.kind !== 'error') note.textContent = '';
    const n = charCount(input.value);
    count.textContent = countText(n);
    count.classList.toggle('over', n > CHAT_MAX);
  }

  /**
   * Mute toggles for every other person seated (never for the computer).
   * @param {import('../types.js').RoomState} s
   */
  function drawMutes(s) {
    const others = s.seats.flatMap((x) => (x.player && !x.player.computer && x.player.player_id !== me ? [x.player] : []));
    const key = JSON.stringify(others.map((p) => [p.player_id, p.display_name, muted.has(p.player_id)]));
    if (key === mutesKey) return;
    mutesKey = key;
    mutes.hidden = others.length === 0;
    mutes.replaceChildren(...others.map((p) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn chat-mute';
      b.dataset.mute = p.player_id;
      b.setAttribute('aria-pressed', String(muted.has(p.player_id)));
      b.textContent = t('chat-mute', { name: p.display_name });
      return b;
    }));
  }

  /**
   * @param {string} text
   * @returns {boolean} whether it went to the server
   */
  function say(text) {
    const trimmed = text.trim();
    if (!trimmed) return false;
    if (opts.send({ type: 'chat', channel: channel(), text: trimmed })) {
      lastSent = trimmed;
      note.dataset.kind = '';
      note.textContent = '';
      return true;
    }
    note.textContent = t('chat-not-sent');
    return false;
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    // What was not sent stays typed, to send again once connected.
    if (!say(text)) return;
    input.value = '';
    drawControls();
  });
  input.addEventListener('input', drawControls);
  panel.addEventListener('click', (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    const phrase = target.closest('[data-phrase]');
    const words = phrase instanceof HTMLElement ? phraseText(phrase.dataset.phrase ?? '') : null;
    if (words) say(words);
    const mute = target.closest('[data-mute]');
    if (mute instanceof HTMLElement && mute.dataset.mute) {
      const id = mute.dataset.mute;
      if (muted.has(id)) muted.delete(id);
      else muted.add(id);
      saveMuted(localStorage, opts.code, muted);
      mute.setAttribute('aria-pressed', String(muted.has(id)));
      mutesKey = '';
      redrawLog();
    }
  });
  followBox.addEventListener('change', () => {
    follow = followBox.checked;
    opts.send({ type: 'chat_follow', spectators: follow });
    redrawLog();
  });
  switchBox.addEventListener('change', () => {
    opts.send({ type: 'chat_setting', on: switchBox.checked });
  });

  return {
    /** The panel, which the room places under its board (render.js). */
    panel,
    /**
     * Takes the chat's messages; true when the message was the chat's.
     * @param {import('../types.js').ServerMessage} msg
     */
    receive(msg) {
      if (msg.type === 'chat') {
        const line = /** @type {ChatLine} */ (/** @type {unknown} */ (msg));
        const next = addLine(lines, line);
        if (next !== lines) {
          lines = next;
          if (shown(line, viewer())) {
            log.append(chatLineElement(line, { time: true }));
            while (log.children.length > 300) log.firstElementChild?.remove();
            log.scrollTop = log.scrollHeight;
          }
        }
        return true;
      }
      if (msg.type === 'chat_history') {
        on = msg.on !== false;
        creator = msg.creator === true;
        lines = [];
        for (const line of /** @type {ChatLine[]} */ (msg.messages ?? [])) lines = addLine(lines, line);
        // After a reconnect the server has forgotten "show spectator chat".
        if (!spectator && follow && !(msg.channels ?? []).includes('spectators')) opts.send({ type: 'chat_follow', spectators: true });
        panel.hidden = false;
        redrawLog();
        drawControls();
        return true;
      }
      if (msg.type === 'chat_setting') {
        on = msg.on === true;
        drawControls();
        return false; // numbered: the room's state follows its seq too
      }
      if (msg.type === 'error' && typeof msg.code === 'string' && msg.code.startsWith('chat_')) {
        note.dataset.kind = 'error';
        note.textContent = refusalText(msg.code);
        if (lastSent && !input.value) input.value = lastSent;
        lastSent = '';
        drawControls();
        return true;
      }
      return false;
    },
    /**
     * Follows the room: who the viewer is, who sits.
     * @param {import('../types.js').RoomState} s
     */
    draw(s) {
      const wasSpectator = spectator;
      spectator = s.you.role !== 'seat';
      const you = s.you;
      const mine = you.role === 'seat' ? s.seats.find((x) => x.seat === you.seat)?.player : null;
      me = mine?.player_id ?? null;
      drawMutes(s);
      if (wasSpectator !== spectator) redrawLog();
      drawControls();
    },
  };
}
