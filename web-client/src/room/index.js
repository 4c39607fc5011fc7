// The room being played or watched: wires the socket's messages through the
// pacing into the state object and the render, and the input's intents into
// messages to the server. Each part has its own module (state, input,
// pacing, render, actions, announce); this one only connects them.

import { ApiError, checkOrigin, getRoom } from '../net/api.js';
import { RoomSocket, SIGNED_OUT } from '../net/socket.js';
import * as identity from '../logic/identity.js';
import { closeText, errorText, nameOf, namesOf } from '../logic/format.js';
import { mySeat, playing, reduce } from '../logic/state.js';
import { toast } from '../pages/ui.js';
import { act } from './actions.js';
import { announce, hear } from './announce.js';
import { say } from './said.js';
import { lessonPanel } from '../learn/panel.js';
import { animate, reducedMotion } from './board-effects.js';
import { roomChat } from './chat.js';
import { roomClock } from './clocks.js';
import { bindInput } from './input.js';
import { turnNotifier } from './notify.js';
import { DrawPacing, playForcedSoon } from './pacing.js';
import { render } from './render.js';
import * as sound from './sound.js';
import { createRoomPage, drew, stepCame } from './state.js';
import { esc } from '../draw/board.js';
import { t } from '../i18n/messages.js';

/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {{type: string, [key: string]: unknown}} ClientMessage */

/** How long a sent decision may go unanswered before the page lets the player try again. */
const PENDING_MAX_MS = 6000;

/**
 * Connects and plays (or watches, without a token).
 * @param {HTMLElement} root
 * @param {string} code
 * @param {string | null} token
 * @param {(status: string, text: string) => void} setConn  shows the connection state
 */
export function playRoom(root, code, token, setConn) {
  const page = createRoomPage(code, token, localStorage);
  sound.loadMuted(localStorage);
  root.innerHTML = `<p class="loading">${esc(t('room-connecting'))}</p>`;
  // What was said in another room is not this one's.
  document.getElementById('said')?.replaceChildren();
  const widgets = {
    clocks: roomClock(root),
    chat: roomChat(root, { code, named: token !== null, send: (m) => socket.send(m) }),
    notifier: turnNotifier(root, localStorage),
  };
  // A "Learn to play" game (/r/{code}?lesson=1): the lesson's tips beside it.
  const lesson = token !== null && new URLSearchParams(location.search).get('lesson') === '1'
    ? lessonPanel(root, code, { leave: leaveLesson })
    : null;
  let leaving = false;
  const pacing = new DrawPacing(apply);
  /** The step messages shown since the last draw: their slides come after it. @type {ServerMessage[]} */
  const slides = [];
  /** The animation frame a draw waits for (0: none). */
  let frame = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pendingTimer;

  const socket = new RoomSocket(() => socketUrl(code, token), {
    onMessage(msg) {
      if (msg.type === 'pong' || widgets.chat.receive(msg)) return;
      if (msg.type === 'error') {
        setPending(false);
        toast(errorText(msg.code, msg.message, msg.reason, page.game?.desc), 'error');
        draw();
        return;
      }
      // The clocks take the server's figures as of arrival, not when a held step is shown.
      widgets.clocks.receive(msg, Date.now());
      if (msg.type === 'out_of_time' && page.game) toast(t('room-out-of-time', { name: nameOf(page.game, msg.seat) }), 'info');
      pacing.push(msg);
    },
    onStatus(status, info) {
      page.online = status === 'open';
      if (status === 'open') setConn('open', t('room-connected'));
      else if (status === 'connecting') setConn('connecting', t('room-connecting'));
      else if (status === 'stopped' && info.closeCode === SIGNED_OUT) {
        // The token is dead (the socket stops of itself): this browser
        // forgets it.
        if (token) identity.forgetToken(localStorage, token);
        const why = closeText(SIGNED_OUT) ?? '';
        setConn('stopped', why);
        toast(why, 'error');
      } else if (status === 'reconnecting') {
        const why = info.closeCode ? closeText(info.closeCode, info.closeReason) : null;
        const wait = info.delay ? t('room-retrying', { seconds: Math.ceil(info.delay / 1000) }) : null;
        setConn('reconnecting', [why, t('room-connection-lost'), wait].filter(Boolean).join(' '));
        if (socket.failedOpens === 3) probeRoom();
      }
      if (page.game) draw();
    },
  });

  /**
   * Shows one server message: the state, the page, then its slide and sounds.
   * @param {ServerMessage} msg
   */
  function apply(msg) {
    const r = reduce(page.game, msg);
    if (r.resync) socket.send({ type: 'snapshot' });
    if (typeof msg.seq === 'number') setPending(false);
    if (!r.changed) return;
    const prev = page.game;
    page.game = r.state;
    if (msg.type === 'step') {
      stepCame(page, msg);
      pacing.shown(msg, reducedMotion());
    }
    if (prev && r.state) {
      announce(r.state, msg);
      say(r.state, msg);
    }
    if (r.state) lesson?.heard(r.state, msg);
    if (leaving && msg.type === 'game_over') location.assign('/');
    // The end of a game changes what the room keeps (the series score):
    // ask for the room as it is now.
    if (msg.type === 'game_over') socket.send({ type: 'snapshot' });
    // The room as first received neither slides nor sounds: nothing moved.
    if (msg.type === 'step' && prev) slides.push(msg);
    if (page.drawn) drawSoon();
    else draw();
    if (prev) hear(page, msg, widgets.notifier);
  }

  /**
   * Draws the page now (what the player's own input needs: their click
   * disables the controls at once, so it is sent once), then slides the
   * pieces of the steps shown since the last draw.
   */
  function draw() {
    cancelAnimationFrame(frame);
    frame = 0;
    if (!page.game) return;
    const { tappedShown } = render(root, page, widgets, pacing.waiting, draw);
    drew(page, tappedShown);
    forced();
    const names = namesOf(page.game);
    for (const msg of slides.splice(0)) animate(root, msg, names);
  }

  /**
   * Draws the page at the next frame: the server's messages can come faster
   * than the screen shows them (a computer's throw and move, a quick
   * opponent), and a page drawn several times a frame costs a phone its
   * frames for nothing. A hidden page has no frames, but its title still
   * says whose turn it is: drawn at once.
   */
  function drawSoon() {
    if (document.hidden) draw();
    else if (!frame) frame = requestAnimationFrame(draw);
  }

  function forced() {
    playForcedSoon(page, (option) => send({ type: 'decide', option }));
  }

  /** @param {boolean} on */
  function setPending(on) {
    page.pending = on;
    clearTimeout(pendingTimer);
    if (on) {
      pendingTimer = setTimeout(() => {
        page.pending = false;
        draw();
      }, PENDING_MAX_MS);
    }
  }

  /** @param {ClientMessage} msg */
  function send(msg) {
    if (!socket.send(msg)) {
      toast(t('room-not-connected'), 'error');
      return;
    }
    if (msg.type !== 'snapshot') {
      setPending(true);
      draw();
    }
  }

  /**
   * Leaves a lesson at any time: a game still on is resigned (the room is
   * the player's alone with the computer), then the home page.
   */
  function leaveLesson() {
    const s = page.game;
    const me = s === null ? null : mySeat(s);
    const on = s !== null && me !== null && playing(s) && !s.seats.find((x) => x.seat === me)?.out;
    if (on && socket.send({ type: 'resign' })) {
      leaving = true;
      // The resignation's answer (game_over) or a second, whichever first.
      setTimeout(() => location.assign('/'), 1000);
    } else location.assign('/');
  }

  /** When connecting keeps failing, find out why and say it. */
  async function probeRoom() {
    try {
      await getRoom(code);
      // A page opened at another address than the server's public URL
      // never connects: say where to open it instead.
      const origin = await checkOrigin(location.origin);
      if (!origin.allowed) {
        const where = t('room-wrong-origin', { expected: origin.expected, url: `${origin.expected}${location.pathname}` });
        socket.stop();
        setConn('stopped', where);
        toast(where, 'error');
      } else if (token) {
        toast(t('room-refused'), 'error');
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        socket.stop();
        setConn('stopped', t('room-closed'));
        root.innerHTML = `<section class="panel center"><h1>${esc(t('room-gone'))}</h1><p><a class="btn primary" href="/">${esc(t('room-go-home'))}</a></p></section>`;
      }
    }
  }

  bindInput(root, page, (intent) => act(intent, { root, page, send, draw, forced }));
  window.addEventListener('online', () => socket.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') socket.retryNow();
  });
  setInterval(() => {
    // Refresh "away for…" and the claim countdown every second. A draw
    // gives focus back to the same control; only typing is left alone.
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && root.contains(active) && active.matches('input, textarea, select');
    if (page.game && page.game.seats.some((p) => p.player && !p.connected) && !page.pending && !typing) draw();
  }, 1000);
  // The running clock counts down between draws.
  setInterval(() => {
    if (page.game) widgets.clocks.tick(mySeat(page.game));
  }, 200);
  // For tests and debugging: drop the socket as a network failure would.
  /** @type {any} */ (window).senetDebug = { drop: () => socket.drop(), state: () => page.game, sounds: () => sound.played.slice() };
  socket.start();
}

/**
 * The room socket's address, asked before every attempt.
 * @param {string} code
 * @param {string | null} token
 */
function socketUrl(code, token) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const q = `?v=2${token ? `&token=${encodeURIComponent(token)}` : ''}`;
  return `${scheme}://${location.host}/ws/rooms/${encodeURIComponent(code)}${q}`;
}
