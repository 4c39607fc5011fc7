// Pure room state (protocol version 2): a snapshot plus the events after it
// give the view state. No DOM here, so node's test runner can check it.
// Every rule comes from the server: the view, what comes next, the options.

import { reasonText } from './reasons.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */
/** @typedef {import('../types.js').Snapshot} Snapshot */
/** @typedef {import('../types.js').StepInfo} StepInfo */
/** @typedef {import('../types.js').OptionInfo} OptionInfo */

/**
 * The latest chance outcome in a list of steps, with its step number and
 * whose chance it was (the server's `by`).
 * @param {ReadonlyArray<StepInfo>} steps
 * @returns {{roll: import('../types.js').Roll | null, step: number, by: number | null, value: import('../types.js').ThrowValue | null}}
 */
export function lastRollOf(steps) {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const st = steps[i].step;
    if (st && st.step === 'chance') return { roll: st.roll, step: steps[i].step_no, by: steps[i].by ?? null, value: steps[i].throw ?? null };
  }
  return { roll: null, step: 0, by: null, value: null };
}

/**
 * The view state of a fresh snapshot.
 * @param {Snapshot} snap
 * @param {number} [now]
 * @returns {RoomState}
 */
export function fromSnapshot(snap, now = Date.now()) {
  const last = lastRollOf(snap.steps);
  return {
    seq: snap.seq,
    needsSnapshot: false,
    code: snap.room.code,
    inviteUrl: snap.room.invite_url,
    isPublic: snap.room.public,
    rated: snap.room.rated === true,
    desc: snap.description,
    gameId: snap.game_id,
    gameNo: snap.game_no,
    status: snap.status,
    seats: snap.seats.map((s) => ({ ...s })),
    you: snap.you,
    view: snap.view,
    next: snap.next,
    steps: snap.steps.slice(),
    standing: snap.standing,
    rematch: snap.rematch.slice(),
    rematchDeclined: false,
    series: snap.series ?? [],
    lastRoll: last.roll,
    lastRollStep: last.step,
    lastRollBy: last.by,
    lastThrow: last.value,
    lastStep: null,
    awaySince: snap.seats.map((s) => (s.player && !s.connected && !s.player.computer ? now - (s.away_ms ?? 0) : null)),
    claimAt: snap.seats.map((s) => (typeof s.claim_in_ms === 'number' ? now + s.claim_in_ms : null)),
    spectators: snap.spectators ?? 0,
  };
}

/**
 * @typedef {Object} Reduced
 * @property {RoomState | null} state
 * @property {boolean} resync  true when the client must ask for a snapshot
 * @property {boolean} changed true when the state changed
 */

/**
 * Applies one server message. Snapshots replace the state; events must carry
 * the next `seq`, otherwise the state is marked stale and `resync` is set.
 * Private replies (errors, pong) leave the state alone.
 * @param {RoomState | null} state
 * @param {ServerMessage} msg
 * @param {number} [now]
 * @returns {Reduced}
 */
export function reduce(state, msg, now = Date.now()) {
  if (msg.type === 'snapshot') {
    return { state: fromSnapshot(/** @type {Snapshot} */ (/** @type {unknown} */ (msg)), now), resync: false, changed: true };
  }
  if (typeof msg.seq !== 'number' || state === null) return { state, resync: false, changed: false };
  if (msg.seq <= state.seq || state.needsSnapshot) return { state, resync: false, changed: false };
  if (msg.seq !== state.seq + 1) {
    return { state: { ...state, needsSnapshot: true }, resync: true, changed: true };
  }
  return { state: applyEvent({ ...state, seq: msg.seq }, msg, now), resync: false, changed: true };
}

/**
 * @param {RoomState} s  a copy that may be changed
 * @param {ServerMessage} msg
 * @param {number} now
 * @returns {RoomState}
 */
function applyEvent(s, msg, now) {
  switch (msg.type) {
    case 'step': {
      /** @type {StepInfo} */
      const info = { step_no: msg.step_no, text: msg.text, seat: msg.seat, step: msg.step, events: msg.events };
      if (msg.left) info.left = msg.left;
      if (msg.step && msg.step.step === 'chance') info.by = msg.by ?? null;
      if (msg.throw) info.throw = msg.throw;
      s.steps = [...s.steps, info];
      s.view = msg.view;
      s.next = msg.next;
      s.lastStep = info;
      if (msg.step && msg.step.step === 'chance') {
        s.lastRoll = msg.step.roll;
        s.lastRollStep = msg.step_no;
        s.lastRollBy = info.by ?? null;
        s.lastThrow = info.throw ?? null;
      }
      const out = new Set(msg.events.filter((/** @type {any} */ e) => e.kind === 'out').map((/** @type {any} */ e) => e.seat));
      if (out.size) s.seats = s.seats.map((seat) => (out.has(seat.seat) ? { ...seat, out: true } : seat));
      s.rematchDeclined = false;
      return s;
    }
    case 'game_over':
      s.status = 'finished';
      s.standing = msg.standing;
      s.next = { kind: 'end', standing: msg.standing };
      return s;
    case 'player_joined':
      s.seats = s.seats.map((seat) => (seat.seat === msg.seat ? { ...seat, player: msg.player, connected: true } : seat));
      return s;
    case 'game_started':
      // A snapshot follows; keep what we know until it arrives.
      s.seats = msg.seats.map((/** @type {import('../types.js').SeatInfo} */ seat) => ({ ...seat }));
      s.gameId = msg.game_id;
      s.gameNo = msg.game_no;
      s.rematch = [];
      return s;
    case 'disconnected':
    case 'reconnected': {
      const connected = msg.type === 'reconnected';
      s.seats = s.seats.map((seat) => (seat.seat === msg.seat ? { ...seat, connected } : seat));
      s.awaySince = s.awaySince.slice();
      s.awaySince[msg.seat] = connected ? null : now;
      s.claimAt = s.claimAt.slice();
      s.claimAt[msg.seat] = !connected && typeof msg.claim_in_ms === 'number' ? now + msg.claim_in_ms : null;
      return s;
    }
    case 'spectators':
      s.spectators = typeof msg.count === 'number' ? msg.count : s.spectators;
      return s;
    case 'rematch_offered':
      s.rematch = [...new Set([...s.rematch, msg.by])];
      s.rematchDeclined = false;
      return s;
    case 'rematch_declined':
      s.rematch = [];
      s.rematchDeclined = true;
      return s;
    default:
      return s; // unknown events still advance seq
  }
}

/**
 * The receiver's seat, or null for a spectator.
 * @param {RoomState} s
 * @returns {number | null}
 */
export function mySeat(s) {
  return s.you.role === 'seat' ? s.you.seat : null;
}

/**
 * The seat that must act now (thrower or decider), or null.
 * @param {RoomState} s
 * @returns {number | null}
 */
export function actingSeat(s) {
  if (s.next.kind === 'throw') return s.next.thrower;
  if (s.next.kind === 'decide') return s.next.seat;
  return null;
}

/**
 * May the receiver throw now?
 * @param {RoomState} s
 */
export function canThrow(s) {
  return s.next.kind === 'throw' && s.next.thrower === mySeat(s);
}

/**
 * The options the receiver may choose now (empty unless it is their decision).
 * @param {RoomState} s
 * @returns {OptionInfo[]}
 */
export function myOptions(s) {
  if (s.next.kind !== 'decide' || s.next.seat !== mySeat(s)) return [];
  return s.next.options;
}

/**
 * Is the game on (neither waiting nor over)?
 * @param {RoomState} s
 */
export function playing(s) {
  return s.status === 'playing' && s.next.kind !== 'end';
}

/**
 * May the receiver claim the win (or put the absent seat out)? Only when the
 * seat that must act is a person who is away. The server decides whether they
 * have been away long enough.
 * @param {RoomState} s
 */
export function canClaimWin(s) {
  const me = mySeat(s);
  const them = actingSeat(s);
  if (me === null || them === null || them === me || !playing(s)) return false;
  if (s.seats[me]?.out) return false;
  const seat = s.seats[them];
  return seat !== undefined && seat.player !== null && !seat.connected && !seat.player.computer;
}

/**
 * The seat's colour index (its own colour once dealt; else the seat number
 * when the rule set has a colour per seat).
 * @param {RoomState | {view: import('../types.js').View}} s
 * @param {number} seat
 * @returns {number | null}
 */
export function seatColour(s, seat) {
  const c = s.view.seats[seat]?.colour;
  return c === undefined ? null : c;
}

/**
 * How long until the receiver may claim the win against the seat that must
 * act and is away (ms, 0 once it may); `null` when there is no such claim to
 * wait for.
 * @param {RoomState} s
 * @param {number} now
 */
export function claimWait(s, now) {
  if (!canClaimWin(s)) return null;
  const them = actingSeat(s);
  const at = them === null ? null : s.claimAt[them];
  return at === null || at === undefined ? null : Math.max(0, at - now);
}

/**
 * The option to play by itself under "play forced moves for me": the
 * receiver's only option, when it has exactly one; else `null`.
 * @param {RoomState} s
 */
export function forcedOption(s) {
  const options = myOptions(s);
  return options.length === 1 ? options[0].option : null;
}

/**
 * Why my piece on `square` cannot move now, in the rules' words (the
 * server's `blocked` list of the decision I am to make); null when it is
 * not my decision or the server gave no reason for that square.
 * @param {RoomState} s
 * @param {number} square
 * @returns {string | null}
 */
export function blockedReason(s, square) {
  if (s.next.kind !== 'decide' || s.next.seat !== mySeat(s)) return null;
  const entry = (s.next.blocked ?? []).find((b) => b.from === square);
  if (!entry) return null;
  return reasonText(entry.code, s.desc) ?? entry.message;
}
