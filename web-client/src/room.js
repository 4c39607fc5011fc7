// The room page controller: joins, keeps the socket, renders, animates.

import { ApiError, createPlayer, getRoom } from './api.js';
import { closeText, errorText, sideName } from './format.js';
import * as identity from './identity.js';
import { RoomSocket } from './socket.js';
import { canThrow, myMoves, reduce } from './state.js';
import { confirmDialog, copyText, toast } from './ui.js';
import { joinHtml, roomHtml } from './view-room.js';

/** @typedef {import('./types.js').RoomState} RoomState */
/** @typedef {import('./types.js').LastAction} LastAction */

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Shows the room `code` in `root`.
 * @param {HTMLElement} root
 * @param {string} code
 * @param {(status: string, text: string) => void} setConn  shows the connection state
 */
export async function showRoom(root, code, setConn) {
  root.innerHTML = '<p class="loading">Opening the room…</p>';
  let info;
  try {
    info = await getRoom(code);
  } catch (e) {
    const text = e instanceof ApiError ? e.message : String(e);
    root.innerHTML = `<section class="panel center"><h1>Cannot open this room</h1><p>${text}</p><p><a class="btn primary" href="/">Go to the home page</a></p></section>`;
    return;
  }
  const saved = identity.load(localStorage);
  const holder = identity.seatHolder(saved, info.players);
  if (holder) return play(root, code, holder.token, setConn);
  const openSide = info.open_side;
  if (info.status === 'waiting' && openSide) {
    const auto = new URLSearchParams(location.search).get('join') === '1';
    if (auto && saved.current) return play(root, code, saved.current.token, setConn);
    const creator = info.players[0]?.display_name ?? 'Someone';
    const renderJoin = (/** @type {string} */ name, /** @type {string} */ error) => {
      root.innerHTML = joinHtml({ creator, openSide, name, error });
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
          play(root, code, id.token, setConn);
        } catch (e) {
          renderJoin(name, e instanceof Error ? e.message : String(e));
        }
      });
      /** @type {HTMLElement} */ (root.querySelector('#watch-btn')).addEventListener('click', () => play(root, code, null, setConn));
    };
    renderJoin(saved.current?.display_name ?? '', '');
    return;
  }
  return play(root, code, null, setConn);
}

/**
 * Connects and plays (or watches, without a token).
 * @param {HTMLElement} root
 * @param {string} code
 * @param {string | null} token
 * @param {(status: string, text: string) => void} setConn
 */
function play(root, code, token, setConn) {
  /** @type {RoomState | null} */
  let state = null;
  let online = false;
  let pending = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pendingTimer;
  let animatedId = 0;
  let tossNext = false;
  let firstRender = true;
  // Focus follows the play (throw → pieces → throw) only for keyboard users.
  let keyboardUser = false;
  window.addEventListener('keydown', (ev) => {
    if (ev.key === 'Tab' || ev.key === 'Enter' || ev.key === ' ') keyboardUser = true;
  });
  window.addEventListener('pointerdown', () => {
    keyboardUser = false;
  });
  root.innerHTML = '<p class="loading">Connecting…</p>';

  const wsUrl = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const q = token ? `?token=${encodeURIComponent(token)}` : '';
    return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(code)}${q}`;
  };

  const socket = new RoomSocket(wsUrl, {
    onMessage(msg) {
      if (msg.type === 'pong') return;
      if (msg.type === 'error') {
        setPending(false);
        toast(errorText(msg.code, msg.message, msg.reason), 'error');
        render();
        return;
      }
      const r = reduce(state, msg);
      if (msg.type === 'thrown' && r.changed) tossNext = true;
      if (r.resync) socket.send({ type: 'snapshot' });
      if (typeof msg.seq === 'number') setPending(false);
      if (r.changed) {
        const prev = state;
        state = r.state;
        announce(prev, msg);
        render();
      }
    },
    onStatus(status, info) {
      online = status === 'open';
      if (status === 'open') setConn('open', 'Connected');
      else if (status === 'connecting') setConn('connecting', 'Connecting…');
      else if (status === 'reconnecting') {
        const why = info.closeCode ? closeText(info.closeCode, info.closeReason) : null;
        const wait = info.delay ? ` Retrying in ${Math.ceil(info.delay / 1000)} s.` : '';
        setConn('reconnecting', `${why ? `${why} ` : ''}Connection lost, reconnecting…${wait}`);
        if (socket.failedOpens === 3) probeRoom();
      }
      if (state) render();
    },
  });

  /** When connecting keeps failing, find out why and say it. */
  async function probeRoom() {
    try {
      await getRoom(code);
      if (token) toast('The server keeps refusing the connection. If it goes on, your saved player may no longer be known: reload the page, or open the home page and choose your name again.', 'error');
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        socket.stop();
        setConn('stopped', 'Room closed');
        root.innerHTML = `<section class="panel center"><h1>This room no longer exists</h1><p><a class="btn primary" href="/">Go to the home page</a></p></section>`;
      }
    }
  }

  /** @param {boolean} on */
  function setPending(on) {
    pending = on;
    clearTimeout(pendingTimer);
    if (on) pendingTimer = setTimeout(() => { pending = false; render(); }, 6000);
  }

  /** @param {{type: string, [key: string]: unknown}} msg */
  function send(msg) {
    if (!socket.send(msg)) {
      toast('Not connected right now: wait for the connection to come back, then try again.', 'error');
      return;
    }
    if (msg.type !== 'snapshot') {
      setPending(true);
      render();
    }
  }

  /**
   * Screen-reader and visual notes about what just happened.
   * @param {RoomState | null} prev
   * @param {import('./types.js').ServerMessage} msg
   */
  function announce(prev, msg) {
    if (!state || !prev) return;
    if (msg.type === 'player_joined') toast(`${msg.display_name} joined as ${sideName(msg.side)}. The game begins!`, 'ok');
    if (msg.type === 'disconnected' && state.you.role === 'seat' && msg.side !== state.you.side) toast(`Your opponent lost their connection.`, 'info');
    if (msg.type === 'reconnected' && state.you.role === 'seat' && msg.side !== state.you.side) toast(`Your opponent is back.`, 'ok');
    if (msg.type === 'thrown' && msg.forfeited) toast(`${sideName(msg.side)} threw ${msg.value}: no piece can move, the turn passes.`, 'info');
    if (msg.type === 'rematch_declined' && state.you.role === 'seat' && msg.by !== state.you.side) toast('Your opponent declined the rematch.', 'info');
  }

  function render() {
    if (!state) return;
    const s = state;
    const active = document.activeElement;
    const hadFocus = active instanceof HTMLElement && root.contains(active) ? focusKey(active) : null;
    const scroll = root.querySelector('.record-list')?.scrollTop ?? 0;
    const recordOpen = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.record'))?.open ?? true;
    const helpOpen = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.help'))?.open ?? s.turns.length === 0;
    root.innerHTML = roomHtml(s, { online, pending, now: Date.now() });
    root.dataset.seq = String(s.seq);
    root.dataset.phase = s.phase.kind;
    root.dataset.role = s.you.role === 'seat' ? s.you.side : 'spectator';
    const rec = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.record'));
    if (rec) rec.open = recordOpen;
    const help = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.help'));
    if (help) help.open = helpOpen;
    const list = root.querySelector('.record-list');
    if (list) list.scrollTop = scroll;
    // Keep keyboard focus flowing: throw → pieces → throw.
    if (hadFocus) {
      const again = hadFocus === '#app' ? null : root.querySelector(hadFocus);
      const moves = myMoves(s);
      if (again instanceof HTMLElement && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
      else if (!keyboardUser || pending) root.focus({ preventScroll: true });
      else if (moves.length > 0) /** @type {HTMLElement | null} */ (root.querySelector('.piece.movable'))?.focus();
      else if (canThrow(s)) /** @type {HTMLElement | null} */ (root.querySelector('#throw'))?.focus();
      else root.focus({ preventScroll: true });
    }
    // Animations, once per new action.
    if (tossNext && !reducedMotion()) root.querySelector('.sticks')?.classList.add('tossed');
    tossNext = false;
    if (s.lastAction && s.lastAction.id !== animatedId) {
      animatedId = s.lastAction.id;
      if (!firstRender) animate(root, s.lastAction);
    }
    firstRender = false;
    document.title = `${s.phase.kind === 'finished' ? 'Game over' : canThrow(s) || myMoves(s).length ? 'Your turn' : 'Senet'} · Senet Online`;
  }

  // One set of listeners; the content below them is re-rendered.
  root.onclick = async (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    const piece = target.closest('.piece.movable');
    if (piece instanceof HTMLElement && piece.dataset.from) {
      send({ type: 'move', from: Number(piece.dataset.from) });
      return;
    }
    const button = target.closest('[data-action]');
    if (!(button instanceof HTMLElement) || (button instanceof HTMLButtonElement && button.disabled)) return;
    const action = button.dataset.action;
    if (action === 'copy') {
      const input = /** @type {HTMLInputElement | null} */ (root.querySelector('#invite-link'));
      const ok = await copyText(state?.inviteUrl ?? '', input);
      toast(ok ? 'Invite link copied. Send it to your opponent!' : 'Could not copy: select the link and copy it yourself.', ok ? 'ok' : 'error');
    } else if (action === 'resign') {
      if (await confirmDialog('Resign this game?', 'Your opponent wins at once. This cannot be undone.', 'Resign')) send({ type: 'resign' });
    } else if (action === 'claim_win') {
      if (await confirmDialog('Claim the win?', 'Your opponent has left. If they have been away long enough, the game is yours.', 'Claim the win')) send({ type: 'claim_win' });
    } else if (action) {
      send({ type: action });
    }
  };
  const preview = (/** @type {Event} */ ev) => {
    const piece = /** @type {HTMLElement} */ (ev.target).closest?.('.piece.movable');
    if (piece instanceof HTMLElement) showPreview(root, piece);
  };
  const unpreview = (/** @type {Event} */ ev) => {
    const piece = /** @type {HTMLElement} */ (ev.target).closest?.('.piece.movable');
    if (piece instanceof HTMLElement) clearPreview(root);
  };
  root.onpointerover = preview;
  root.onpointerout = unpreview;
  root.addEventListener('focusin', preview);
  root.addEventListener('focusout', unpreview);

  window.addEventListener('online', () => socket.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') socket.retryNow();
  });
  setInterval(() => {
    // Refresh "away for…" notes.
    if (state && state.players.some((p) => !p.connected) && !pending && !root.contains(document.activeElement)) render();
  }, 5000);
  // For tests and debugging: drop the socket as a network failure would.
  /** @type {any} */ (window).senetDebug = { drop: () => socket.drop(), state: () => state };
  socket.start();
}

/**
 * A selector that finds the same control after a re-render.
 * @param {HTMLElement} el
 */
function focusKey(el) {
  if (el.id) return `#${el.id}`;
  if (el.dataset.from) return `.piece.movable[data-from="${el.dataset.from}"]`;
  if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
  if (el.dataset.square) return `[data-square="${el.dataset.square}"]`;
  if (el.closest('.board')) return '.board';
  return null;
}

/**
 * Highlights where a movable piece would land and says what happens.
 * @param {HTMLElement} root
 * @param {HTMLElement} piece
 */
function showPreview(root, piece) {
  clearPreview(root);
  const kind = piece.dataset.kind ?? 'move';
  const to = piece.dataset.to;
  const lands = piece.dataset.lands;
  piece.closest('.sq')?.classList.add('preview-from');
  if (to === 'off') root.querySelector(`.tray-${piece.classList.contains('cone') ? 'cone' : 'spool'}`)?.classList.add('preview-dest');
  else root.querySelector(`.sq[data-square="${to}"]`)?.classList.add('preview-dest', `preview-${kind}`);
  if (kind === 'water' && lands) root.querySelector(`.sq[data-square="${lands}"]`)?.classList.add('preview-rebirth');
  const text = root.querySelector('#preview');
  if (text) text.textContent = piece.getAttribute('aria-label') ?? '';
  text?.setAttribute('data-kind', kind);
}

/** @param {HTMLElement} root */
function clearPreview(root) {
  for (const el of root.querySelectorAll('.preview-from, .preview-dest, .preview-rebirth')) {
    el.classList.remove('preview-from', 'preview-dest', 'preview-rebirth', 'preview-capture', 'preview-water', 'preview-bear_off', 'preview-backward', 'preview-move');
  }
  const text = root.querySelector('#preview');
  if (text) {
    text.textContent = root.querySelector('.piece.movable') ? 'Hover or focus a glowing piece to see where it lands; click it or press Enter to play.' : '';
    text.removeAttribute('data-kind');
  }
}

/**
 * Slides the moved piece from where it was; captures, water and bear-offs
 * get their own short effect.
 * @param {HTMLElement} root
 * @param {LastAction} action
 */
function animate(root, action) {
  const m = action.move;
  const fx = root.querySelector('#fx');
  const label = m.effect.kind === 'capture' ? 'Captured!' : m.effect.kind === 'water' ? 'Into the water!' : m.effect.kind === 'bear_off' ? 'Borne off!' : '';
  if (fx && label) {
    fx.textContent = `${sideName(action.side)}: ${label}`;
    fx.className = `fx show fx-${m.effect.kind}`;
  }
  if (reducedMotion()) return;
  const sq = (/** @type {number | string} */ n) => /** @type {HTMLElement | null} */ (root.querySelector(`.sq[data-square="${n}"]`));
  const from = sq(m.from);
  if (!from) return;
  const fromRect = from.getBoundingClientRect();
  const opts = { duration: 380, easing: 'cubic-bezier(.2,.8,.2,1)' };
  /** @param {HTMLElement | null} el @param {DOMRect} start */
  const slide = (el, start, extra = {}) => {
    if (!el) return;
    const end = el.getBoundingClientRect();
    const dx = start.left + start.width / 2 - (end.left + end.width / 2);
    const dy = start.top + start.height / 2 - (end.top + end.height / 2);
    el.animate([{ transform: `translate(${dx}px, ${dy}px)`, ...extra }, { transform: 'translate(0, 0)' }], opts);
  };
  if (m.effect.kind === 'bear_off') {
    const slots = root.querySelectorAll(`.tray-${action.side} .slot.full`);
    const slot = /** @type {HTMLElement | null} */ (slots[slots.length - 1] ?? null);
    slide(slot, fromRect, { opacity: 0.4 });
    root.querySelector(`.tray-${action.side}`)?.classList.add('pulse');
    return;
  }
  if (m.effect.kind === 'water') {
    const water = sq(27);
    water?.classList.add('splash');
    const land = m.lands_on ? sq(m.lands_on) : null;
    const piece = /** @type {HTMLElement | null} */ (land?.querySelector('.piece') ?? null);
    if (piece && water) {
      const end = piece.getBoundingClientRect();
      const w = water.getBoundingClientRect();
      const at = (/** @type {DOMRect} */ r) => `translate(${r.left + r.width / 2 - (end.left + end.width / 2)}px, ${r.top + r.height / 2 - (end.top + end.height / 2)}px)`;
      piece.animate([{ transform: at(fromRect) }, { transform: at(w), offset: 0.45 }, { transform: at(w), opacity: 0.2, offset: 0.6 }, { transform: 'translate(0,0)', opacity: 1 }], { duration: 800, easing: 'ease-in-out' });
    }
    return;
  }
  const dest = m.lands_on ? sq(m.lands_on) : null;
  if (!dest) return;
  slide(/** @type {HTMLElement | null} */ (dest.querySelector('.piece')), fromRect);
  if (m.effect.kind === 'capture') {
    const captured = /** @type {HTMLElement | null} */ (from.querySelector('.piece'));
    captured?.classList.add('captured');
    slide(captured, dest.getBoundingClientRect());
  }
}
