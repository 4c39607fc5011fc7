// The room page controller: joins, keeps the socket, renders, animates.

import { ApiError, createPlayer, getRoom } from '../net/api.js';
import { roomChat } from '../room/chat.js';
import { controlText } from '../logic/clock.js';
import { roomClock } from '../room/clocks.js';
import { turnNotifier } from '../room/notify.js';
import { closeText, errorText, nameOf } from '../logic/format.js';
import * as identity from '../logic/identity.js';
import { RoomSocket } from '../net/socket.js';
import * as sound from '../room/sound.js';
import { blockedReason, canThrow, forcedOption, mySeat, myOptions, reduce } from '../logic/state.js';
import { animate, clearPreview, destinationsOf, focusKey, reducedMotion, showPreview } from '../room/board-effects.js';
import { inputKind, tapOutcome } from '../logic/tap.js';
import { confirmDialog, copyText, toast } from './ui.js';
import { joinHtml, roomHtml } from '../draw/room-page.js';

/** Where the "play forced moves for me" switch is remembered. */
const AUTO_FORCED_KEY = 'senet.autoForced';
/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').StepInfo} StepInfo */

/** How long each draw the rules make inside a turn stays on screen before the next. */
const DRAW_PAUSE_MS = 650;

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
  const holders = info.seats.flatMap((x) => (x.player ? [x.player] : []));
  const holder = identity.seatHolder(saved, holders);
  if (holder) return play(root, code, holder.token, setConn);
  if (info.status === 'waiting' && info.open_seats.length > 0) {
    const auto = new URLSearchParams(location.search).get('join') === '1';
    if (auto && saved.current) return play(root, code, saved.current.token, setConn);
    const creator = holders.find((p) => !p.computer)?.display_name ?? 'Someone';
    const renderJoin = (/** @type {string} */ name, /** @type {string} */ error) => {
      root.innerHTML = joinHtml({ creator, ruleSet: info.rule_set, name, error });
      // The time control is part of what the invitee agrees to.
      const clockText = controlText(info.time_control);
      if (clockText) root.querySelector('#join-form')?.insertAdjacentHTML('beforebegin', `<p class="note" data-testid="join-clock">Clock: ${clockText}. A player whose time runs out loses.</p>`);
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
  return play(root, code, saved.current?.token ?? null, setConn); // a saved name may write in the chat
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
  let tossNext = false;
  /** @type {string | null} a square's options, shown alone */
  let picked = null;
  /** Messages waiting while a draw inside a turn is on screen. */
  /** @type {import('../types.js').ServerMessage[]} */
  const queue = [];
  let holdUntil = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let queueTimer;
  let firstRender = true;
  /** @type {string | null} the board control a tap previews (touch: a second tap plays it) */
  let tapped = null;
  /** How the player last pointed (`touch`: tap to preview, tap again to play). */
  let lastPointer = '';
  /** @type {import('../types.js').Next | null} what came next before, draws left out (for "your turn") */
  let lastNext = null;
  sound.loadMuted(localStorage);
  // Audio may start only from a user gesture: make or resume it on each
  // (a touch's gesture is its pointerup or click, not its pointerdown).
  window.addEventListener('pointerdown', (ev) => {
    lastPointer = ev.pointerType;
    sound.unlock();
  }, true);
  for (const kind of ['click', 'keydown']) window.addEventListener(kind, () => sound.unlock(), true);
  // Focus follows the play (throw → pieces → throw) only for keyboard users.
  let keyboardUser = false;
  window.addEventListener('keydown', (ev) => {
    if (ev.key === 'Tab' || ev.key === 'Enter' || ev.key === ' ') keyboardUser = true;
  });
  window.addEventListener('pointerdown', () => {
    keyboardUser = false;
  });
  root.innerHTML = '<p class="loading">Connecting…</p>';
  const clocks = roomClock(root);
  const chat = roomChat(root, { code, named: token !== null, send: (m) => socket.send(m) });
  const notifier = turnNotifier(root, localStorage);

  const wsUrl = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const q = `?v=2${token ? `&token=${encodeURIComponent(token)}` : ''}`;
    return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(code)}${q}`;
  };

  const socket = new RoomSocket(wsUrl, {
    onMessage(msg) {
      if (msg.type === 'pong' || chat.receive(msg)) return;
      if (msg.type === 'error') {
        setPending(false);
        toast(errorText(msg.code, msg.message, msg.reason), 'error');
        render();
        return;
      }
      clocks.receive(msg, Date.now());
      if (msg.type === 'out_of_time' && state) toast(`${nameOf(state, msg.seat)} ran out of time.`, 'info');
      if (msg.type === 'snapshot') queue.length = 0;
      queue.push(msg);
      drain();
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

  /**
   * Applies queued messages; a step that follows a draw the rules made
   * inside the turn (the River's placements, the Trial, the Vulture) waits
   * until the one before it has been on screen a moment.
   */
  function drain() {
    clearTimeout(queueTimer);
    while (queue.length) {
      const msg = /** @type {import('../types.js').ServerMessage} */ (queue[0]);
      const wait = holdUntil - Date.now();
      if (msg.type === 'step' && wait > 0) {
        queueTimer = setTimeout(drain, wait);
        return;
      }
      queue.shift();
      apply(msg);
    }
  }

  /** @param {import('../types.js').ServerMessage} msg */
  function apply(msg) {
    const r = reduce(state, msg);
    if (r.resync) socket.send({ type: 'snapshot' });
    if (typeof msg.seq === 'number') setPending(false);
    if (!r.changed) return;
    const prev = state;
    state = r.state;
    if (msg.type === 'step') {
      picked = null;
      tapped = null;
      if (msg.step && msg.step.step === 'chance') tossNext = true;
      holdUntil = msg.next?.kind === 'draw' ? Date.now() + (reducedMotion() ? 150 : DRAW_PAUSE_MS) : 0;
    }
    announce(prev, msg);
    // The end of a game changes what the room keeps (the series score):
    // ask for the room as it is now.
    if (msg.type === 'game_over') socket.send({ type: 'snapshot' });
    render();
    if (msg.type === 'step' && prev && !firstRender) animate(root, msg);
    if (prev && !firstRender) hear(msg);
  }

  /**
   * The sounds of what just happened: the step's own, then "your turn"
   * when the turn has come to this player.
   * @param {import('../types.js').ServerMessage} msg
   */
  function hear(msg) {
    if (!state) return;
    const own = msg.type === 'step' ? sound.stepSound(msg.step, msg.events ?? []) : null;
    if (own) sound.play(own);
    // A draw by the rules inside a turn is not a change of turn.
    if (state.next.kind === 'draw') return;
    const came = sound.turnCame(lastNext, state.next, mySeat(state));
    lastNext = state.next;
    if (came) {
      if (own) setTimeout(() => sound.play('turn'), 260);
      else sound.play('turn');
      const me = mySeat(state);
      notifier.turnCame(state.desc.name, state.seats.filter((x) => x.seat !== me).map((x) => x.player?.display_name ?? ''));
    }
  }

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

  // "Play forced moves for me": a decision with a single option is sent by
  // itself after a short pause (so the player sees it), once per step.
  let autoForced = localStorage.getItem(AUTO_FORCED_KEY) === '1';
  let forcedAt = -1;
  /** @param {import('../types.js').RoomState} s */
  function playForced(s) {
    if (!autoForced || pending || !online || forcedOption(s) === null || forcedAt === s.steps.length) return;
    forcedAt = s.steps.length;
    const at = s.steps.length;
    setTimeout(() => {
      const option = state && state.steps.length === at && !pending ? forcedOption(state) : null;
      if (option !== null) send({ type: 'decide', option });
    }, 700);
  }

  root.addEventListener('change', (ev) => {
    const input = ev.target;
    if (input instanceof HTMLInputElement && input.dataset.setting === 'sound') {
      sound.setMuted(localStorage, !input.checked);
      return;
    }
    if (!(input instanceof HTMLInputElement) || input.dataset.setting !== 'auto-forced') return;
    autoForced = input.checked;
    localStorage.setItem(AUTO_FORCED_KEY, autoForced ? '1' : '0');
    if (state) playForced(state);
  });

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
   * @param {import('../types.js').ServerMessage} msg
   */
  function announce(prev, msg) {
    if (!state || !prev) return;
    const me = mySeat(state);
    if (msg.type === 'player_joined') toast(`${msg.player?.display_name ?? 'Someone'} joined.`, 'ok');
    if (msg.type === 'disconnected' && msg.seat !== me) toast(`${nameOf(state, msg.seat)} lost their connection.`, 'info');
    if (msg.type === 'reconnected' && msg.seat !== me) toast(`${nameOf(state, msg.seat)} is back.`, 'ok');
    if (msg.type === 'rematch_declined' && msg.by !== me) toast('The rematch was declined.', 'info');
  }

  function render() {
    if (!state) return;
    const s = state;
    const active = document.activeElement;
    const hadFocus = active instanceof HTMLElement && root.contains(active) ? focusKey(active) : null;
    const scroll = root.querySelector('.record-list')?.scrollTop ?? 0;
    const recordOpen = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.record'))?.open ?? true;
    const helpOpen = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.help'))?.open ?? s.steps.length === 0;
    const touch = inputKind(lastPointer) === 'touch';
    root.innerHTML = roomHtml(s, { online, pending, now: Date.now(), picked, autoForced, touch, muted: sound.isMuted(localStorage) });
    if (firstRender) lastNext = s.next.kind === 'draw' ? null : s.next;
    clocks.draw(s);
    chat.draw(s);
    notifier.draw(mySeat(s) !== null);
    playForced(s);
    root.dataset.seq = String(s.seq);
    root.dataset.phase = s.next.kind === 'end' ? 'finished' : s.next.kind;
    root.dataset.ruleSet = s.desc.id;
    root.dataset.queue = String(queue.length);
    root.dataset.role = s.you.role === 'seat' ? `seat${s.you.seat}` : 'spectator';
    const rec = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.record'));
    if (rec) rec.open = recordOpen;
    const help = /** @type {HTMLDetailsElement | null} */ (root.querySelector('details.help'));
    if (help) help.open = helpOpen;
    const list = root.querySelector('.record-list');
    if (list) list.scrollTop = scroll;
    // Keep keyboard focus flowing: throw → pieces → throw.
    if (hadFocus) {
      const again = hadFocus === '#app' ? null : root.querySelector(hadFocus);
      const moves = myOptions(s);
      if (again instanceof HTMLElement && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
      else if (!keyboardUser || pending) root.focus({ preventScroll: true });
      else if (moves.length > 0) /** @type {HTMLElement | null} */ (root.querySelector('.piece.movable'))?.focus();
      else if (canThrow(s)) /** @type {HTMLElement | null} */ (root.querySelector('#throw'))?.focus();
      else root.focus({ preventScroll: true });
    }
    // The toss, once per new chance step.
    if (tossNext && !reducedMotion()) root.querySelector('.chance')?.classList.add('tossed');
    // A tapped piece stays previewed across re-renders while it can still play.
    if (tapped !== null) {
      const el = root.querySelector(`[data-square-options="${CSS.escape(tapped)}"]`);
      if (el instanceof HTMLElement) select(el);
      else tapped = null;
    }
    tossNext = false;
    firstRender = false;
    document.title = `${s.next.kind === 'end' ? 'Game over' : canThrow(s) || myOptions(s).length ? 'Your turn' : 'Senet'} · Senet Online`;
  }

  // One set of listeners; the content below them is re-rendered.
  root.onclick = async (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    const option = target.closest('[data-option]');
    if (option instanceof HTMLButtonElement && !option.disabled && option.dataset.option) {
      send({ type: 'decide', option: option.dataset.option });
      return;
    }
    // A mouse or the keyboard plays a board control at once; a finger
    // previews it first (see tap.js). A click from the keyboard has no
    // pointer (detail 0); where click is no PointerEvent, the pointerdown
    // before it tells.
    const squareEl = target.closest('[data-square]');
    const pointer = typeof PointerEvent !== 'undefined' && ev instanceof PointerEvent && ev.pointerType ? ev.pointerType : ev.detail > 0 ? lastPointer : '';
    // A finger may tap anywhere in a square that holds a glowing piece or target.
    const control = target.closest('[data-square-options]') ?? (inputKind(pointer) === 'touch' ? squareEl?.querySelector('[data-square-options]') : null);
    const key = control instanceof HTMLElement ? control.dataset.squareOptions ?? null : null;
    const selected = tapped !== null ? root.querySelector(`[data-square-options="${CSS.escape(tapped)}"]`) : null;
    const outcome = tapOutcome({
      input: inputKind(pointer),
      selected: tapped,
      dests: selected instanceof HTMLElement && state ? destinationsOf(selected, state) : [],
      control: key || null,
      square: squareEl instanceof HTMLElement ? Number(squareEl.dataset.square) : null,
    });
    if (outcome.kind === 'preview') {
      const el = root.querySelector(`[data-square-options="${CSS.escape(outcome.key)}"]`);
      if (el instanceof HTMLElement) {
        tapped = outcome.key;
        select(el);
      }
      return;
    }
    if (outcome.kind === 'cancel') {
      tapped = null;
      unselect();
    }
    if (outcome.kind === 'play') {
      tapped = null;
      const list = outcome.key.split('|');
      if (list.length === 1) send({ type: 'decide', option: list[0] });
      else {
        picked = outcome.key;
        render();
        /** @type {HTMLElement | null} */ (root.querySelector('.option-btn'))?.focus();
      }
      return;
    }
    // One of my pieces that has no option now: say so rather than nothing.
    const square = target.closest('[data-square]');
    if (square instanceof HTMLElement && state && state.next.kind === 'decide' && state.next.seat === mySeat(state)) {
      const occupant = state.view.squares[Number(square.dataset.square) - 1];
      if (occupant && occupant.seat === mySeat(state)) {
        // The rules' reason, as the server words it (the client holds no rules).
        const why = blockedReason(state, Number(square.dataset.square)) ?? 'the rules allow it no move with this throw';
        toast(`That piece cannot move now: ${why}. The glowing pieces and squares can be played.`, 'info');
        return;
      }
    }
    const button = target.closest('[data-action]');
    if (!(button instanceof HTMLElement) || (button instanceof HTMLButtonElement && button.disabled)) return;
    const action = button.dataset.action;
    if (action === 'copy') {
      const input = /** @type {HTMLInputElement | null} */ (root.querySelector('#invite-link'));
      const ok = await copyText(state?.inviteUrl ?? '', input);
      toast(ok ? 'Invite link copied. Send it to the other players!' : 'Could not copy: select the link and copy it yourself.', ok ? 'ok' : 'error');
    } else if (action === 'share') {
      const link = `${location.origin}/games/${state?.gameId ?? ''}`;
      const ok = await copyText(link, null);
      toast(ok ? 'Replay link copied.' : `Could not copy; the link is ${link}`, ok ? 'ok' : 'error');
    } else if (action === 'unpick') {
      picked = null;
      render();
    } else if (action === 'resign') {
      const many = (state?.seats.length ?? 2) > 2;
      if (await confirmDialog('Resign this game?', many ? 'You are out of the game at once; the others play on. This cannot be undone.' : 'Your opponent wins at once. This cannot be undone.', 'Resign')) send({ type: 'resign' });
    } else if (action === 'claim_win') {
      if (await confirmDialog('Claim the win?', 'The player to move has left. If they have been away long enough, the game is yours (or, with more players, they are out).', 'Claim the win')) send({ type: 'claim_win' });
    } else if (action) {
      send({ type: action });
    }
  };
  /**
   * Marks a tapped board control and shows its preview, with how to play it.
   * @param {HTMLElement} el
   */
  function select(el) {
    if (!state) return;
    for (const other of root.querySelectorAll('.tap-selected')) other.classList.remove('tap-selected');
    el.classList.add('tap-selected');
    showPreview(root, el, state);
    const text = root.querySelector('#preview');
    if (text) text.textContent = `${text.textContent ?? ''} Tap it again, or its destination, to play.`;
  }

  function unselect() {
    for (const other of root.querySelectorAll('.tap-selected')) other.classList.remove('tap-selected');
    clearPreview(root, inputKind(lastPointer) === 'touch');
  }

  const preview = (/** @type {Event} */ ev) => {
    // A finger has no hover: its preview is the tap's (see select).
    if (ev instanceof PointerEvent && inputKind(ev.pointerType) === 'touch') return;
    const piece = /** @type {HTMLElement} */ (ev.target).closest?.('[data-square-options], .option-btn');
    if (piece instanceof HTMLElement && state) showPreview(root, piece, state);
  };
  const unpreview = (/** @type {Event} */ ev) => {
    if (ev instanceof PointerEvent && inputKind(ev.pointerType) === 'touch') return;
    if (tapped !== null) return; // a tapped preview stays until played or cancelled
    const piece = /** @type {HTMLElement} */ (ev.target).closest?.('[data-square-options], .option-btn');
    if (piece instanceof HTMLElement) clearPreview(root, inputKind(lastPointer) === 'touch');
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
    // Refresh "away for…" and the claim countdown every second. A render
    // gives focus back to the same control; only typing is left alone.
    const typing = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) && document.activeElement.matches('input, textarea, select');
    if (state && state.seats.some((p) => p.player && !p.connected) && !pending && !typing) render();
  }, 1000);
  // The running clock counts down between renders.
  setInterval(() => {
    if (state) clocks.tick(mySeat(state));
  }, 200);
  // For tests and debugging: drop the socket as a network failure would.
  /** @type {any} */ (window).senetDebug = { drop: () => socket.drop(), state: () => state, sounds: () => sound.played.slice() };
  socket.start();
}
