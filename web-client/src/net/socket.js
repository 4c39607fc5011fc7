// A WebSocket that reconnects with exponential backoff and reports its state.

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
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), 25_000);
    };
    ws.onmessage = (ev) => {
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
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (!opened) this.failedOpens += 1;
      if (this.stopped) return;
      const delay = backoffDelay(this.attempt);
      this.attempt += 1;
      this.hooks.onStatus('reconnecting', { attempt: this.attempt, delay, closeCode: ev.code, closeReason: ev.reason });
      this.retryTimer = setTimeout(() => this.open(), delay);
    };
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
    clearInterval(this.pingTimer);
    this.ws?.close(1000);
    this.ws = null;
    this.hooks.onStatus('stopped', { attempt: 0, delay: 0, closeCode: null });
  }

  /** Drops the connection as if the network failed (for testing reconnection). */
  drop() {
    this.ws?.close(4000, 'client drop');
  }
}
