// A WebSocket that reconnects with exponential backoff and reports its state,
// and notices a server that went silent (docs/protocol.md, "Heartbeat").

/**
 * How often the open socket pings the server (`{"type":"ping"}`, answered
 * with `pong`): well inside the server's allowance of a ping a second
 * outside the message rate, so a heartbeat is never rate-limited.
 */
export const PING_EVERY_MS = 2_000;

/**
 * How long after a ping the socket waits for any frame at all from the
 * server before it counts the server as gone (three pings unanswered) and
 * reconnects. The close handshake is not waited for: a frozen server
 * (SIGSTOP, a long stall) never answers it while its kernel keeps the TCP
 * connection up, and the browser would wait a minute.
 */
export const SILENCE_LIMIT_MS = 6_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling up to
 * 10 s, with up to 25 % random jitter so many clients do not retry together.
 * @param {number} attempt
 * @param {number} [random] a number in [0, 1)
 */
export function backoffDelay(attempt, random = Math.random()) {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.25 * random));
}

/**
 * The close code of a socket whose token was revoked (a log-out or a
 * password change, here or on another device): reconnecting with the same
 * token is refused, so the page stops and says so (docs/protocol.md, "Close
 * codes").
 */
export const SIGNED_OUT = 4401;

/** @typedef {'connecting' | 'open' | 'reconnecting' | 'stopped'} SocketStatus */

/**
 * @typedef {Object} SocketHooks
 * @property {(msg: import('../types.js').ServerMessage) => void} onMessage
 * @property {(status: SocketStatus, info: {attempt: number, delay: number, closeCode: number | null, closeReason?: string}) => void} onStatus
 */

/** Keeps one room socket alive until `stop()`. */
export class RoomSocket {
  /**
   * @param {() => string} url  called before every attempt
   * @param {SocketHooks} hooks
   */
  constructor(url, hooks) {
    this.url = url;
    this.hooks = hooks;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pingTimer = undefined;
    /**
     * Runs from the first ping sent since the server was last heard; any
     * frame stops it, its end drops the socket.
     * @type {ReturnType<typeof setTimeout> | undefined}
     */
    this.silenceTimer = undefined;
    /** Consecutive attempts that never opened. */
    this.failedOpens = 0;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  /** Opens now, cancelling a pending retry (e.g. the tab came back online). */
  retryNow() {
    if (this.stopped || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  open() {
    this.hooks.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting', { attempt: this.attempt, delay: 0, closeCode: null });
    let opened = false;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.failedOpens = 0;
      this.hooks.onStatus('open', { attempt: 0, delay: 0, closeCode: null });
      this.quiet();
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
    };
    ws.onmessage = (ev) => {
      // Any frame is a sign of life, whatever it says.
      this.heard();
      if (typeof ev.data !== 'string') return;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && typeof msg.type === 'string') this.hooks.onMessage(msg);
    };
    ws.onclose = (ev) => {
      // A socket given up on for its silence closes later: the timers are
      // its successor's by then.
      if (this.ws !== ws) return;
      this.ws = null;
      this.quiet();
      this.lost(opened, ev.code, ev.reason);
    };
  }

  /**
   * The connection is gone: reconnect after the backoff.
   * @param {boolean} opened  whether it had opened
   * @param {number | null} closeCode
   * @param {string} [closeReason]
   */
  lost(opened, closeCode, closeReason) {
    if (!opened) this.failedOpens += 1;
    if (this.stopped) return;
    if (closeCode === SIGNED_OUT) {
      // The token is dead: a retry would only be refused.
      this.stopped = true;
      this.hooks.onStatus('stopped', { attempt: this.attempt, delay: 0, closeCode, closeReason });
      return;
    }
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.hooks.onStatus('reconnecting', { attempt: this.attempt, delay, closeCode, closeReason });
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** A heartbeat ping; the first since the server was last heard starts the wait for an answer. */
  ping() {
    if (!this.send({ type: 'ping' })) return;
    if (this.silenceTimer === undefined) this.silenceTimer = setTimeout(() => this.silent(), SILENCE_LIMIT_MS);
  }

  /** Something came from the server: it is there. */
  heard() {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = undefined;
  }

  /** Stops the heartbeat (the socket closed, or a new one opened). */
  quiet() {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.heard();
  }

  /**
   * Nothing came for {@link SILENCE_LIMIT_MS} after a ping: let the socket
   * go without waiting for its close, and reconnect (the snapshot on
   * connecting brings the page up to date).
   */
  silent() {
    const ws = this.ws;
    this.silenceTimer = undefined;
    if (!ws) return;
    this.ws = null;
    this.quiet();
    ws.close(4001, 'server silent');
    this.lost(true, null);
  }

  /**
   * Sends a client message; false when the socket is not open.
   * @param {{type: string, [key: string]: unknown}} msg
   */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify({ v: 2, ...msg }));
    return true;
  }

  /** Closes for good. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.quiet();
    this.ws?.close(1000);
    this.ws = null;
    this.hooks.onStatus('stopped', { attempt: 0, delay: 0, closeCode: null });
  }

  /** Drops the connection as if the network failed (for testing reconnection). */
  drop() {
    this.ws?.close(4000, 'client drop');
  }
}
