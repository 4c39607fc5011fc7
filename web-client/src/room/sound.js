// Sounds: which one a step calls for (pure, from the server's events: the
// client holds no rule), and short, quiet sounds synthesized with the Web
// Audio API (no audio file to download). Browsers keep audio silent until a
// user gesture, so the AudioContext is made or resumed on the first one.

/** Where the mute switch is remembered ('1' muted, '0' on). */
export const MUTED_KEY = 'senet.muted';

/** @typedef {'throw' | 'move' | 'capture' | 'turn'} SoundName */

/** Piece movements that send a piece back or take it away: the capture sound. */
const SENT_BACK = new Set(['captured', 'sent_home', 'swapped', 'water', 'removed']);

/**
 * The sound a step calls for: `capture` when a piece is sent back, swapped
 * or taken away, else `throw` for a chance step (sticks or dice), else
 * `move` when a piece moved; `null` for a step with nothing to hear (a
 * seat leaving the game, a pass alone).
 * @param {import('../types.js').Step | null} step  the step (`null`: a seat left)
 * @param {ReadonlyArray<import('../types.js').GameEvent>} events  its events
 * @returns {SoundName | null}
 */
export function stepSound(step, events) {
  if (!step) return null;
  const pieces = events.filter((e) => e.kind === 'piece');
  if (pieces.some((e) => e.kind === 'piece' && SENT_BACK.has(e.why))) return 'capture';
  if (step.step === 'chance') return 'throw';
  return pieces.length ? 'move' : null;
}

/**
 * The seat that must act after `next`, or null.
 * @param {import('../types.js').Next} next
 */
function actor(next) {
  return next.kind === 'throw' ? next.thrower : next.kind === 'decide' ? next.seat : null;
}

/**
 * Whether the turn has just come to `me`: I must act now and did not
 * before (a throw again or a decision after my own throw is not a new turn).
 * @param {import('../types.js').Next | null} before  what came next before (null: nothing known)
 * @param {import('../types.js').Next} after
 * @param {number | null} me  my seat (null: a spectator)
 */
export function turnCame(before, after, me) {
  if (me === null || actor(after) !== me) return false;
  return before === null || actor(before) !== me;
}

/**
 * Whether the switch says muted.
 * @param {Pick<Storage, 'getItem'>} storage
 */
export function isMuted(storage) {
  return storage.getItem(MUTED_KEY) === '1';
}

/** @type {AudioContext | null} */
let ctx = null;
/** @type {AudioBuffer | null} */
let noise = null;
let muted = false;
/** The sounds asked for while not muted, in order (for tests and debugging). */
export const played = /** @type {SoundName[]} */ ([]);

/**
 * Remembers and applies the mute switch.
 * @param {Pick<Storage, 'setItem'>} storage
 * @param {boolean} on  true: muted
 */
export function setMuted(storage, on) {
  muted = on;
  storage.setItem(MUTED_KEY, on ? '1' : '0');
}

/**
 * Reads the switch at start.
 * @param {Pick<Storage, 'getItem'>} storage
 */
export function loadMuted(storage) {
  muted = isMuted(storage);
  return muted;
}

/**
 * Makes or resumes the AudioContext; call it from a user gesture (a
 * pointer or a key), the only time browsers let audio start.
 */
export function unlock() {
  try {
    if (!ctx) {
      const Ctx = window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext;
      if (!Ctx) return;
      ctx = /** @type {AudioContext} */ (new Ctx());
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch {
    ctx = null; // no audio here: the game plays silently
  }
}

/**
 * One tone with a quick attack and an exponential fade.
 * @param {AudioContext} ac
 * @param {{at: number, freq: number, to?: number, dur: number, type?: OscillatorType, gain?: number}} t
 */
function tone(ac, t) {
  const osc = ac.createOscillator();
  const g = ac.createGain();
  osc.type = t.type ?? 'sine';
  osc.frequency.setValueAtTime(t.freq, t.at);
  if (t.to) osc.frequency.exponentialRampToValueAtTime(t.to, t.at + t.dur);
  g.gain.setValueAtTime(0.0001, t.at);
  g.gain.exponentialRampToValueAtTime(t.gain ?? 0.06, t.at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t.at + t.dur);
  osc.connect(g).connect(ac.destination);
  osc.start(t.at);
  osc.stop(t.at + t.dur + 0.02);
}

/**
 * A short burst of band-passed noise: a stick or a die on the table.
 * @param {AudioContext} ac
 * @param {number} at
 * @param {number} freq
 */
function clack(ac, at, freq) {
  if (!noise) {
    // Made once, in memory: 80 ms of white noise.
    noise = ac.createBuffer(1, Math.ceil(ac.sampleRate * 0.08), ac.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
  }
  const src = ac.createBufferSource();
  src.buffer = noise;
  const band = ac.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = freq;
  band.Q.value = 6;
  const g = ac.createGain();
  g.gain.setValueAtTime(0.18, at);
  g.gain.exponentialRampToValueAtTime(0.0001, at + 0.06);
  src.connect(band).connect(g).connect(ac.destination);
  src.start(at);
  src.stop(at + 0.08);
}

/**
 * Plays a sound unless muted (silently nothing before the first gesture or
 * where there is no Web Audio).
 * @param {SoundName} name
 */
export function play(name) {
  if (muted) return;
  played.push(name);
  if (!ctx || ctx.state !== 'running') return;
  const t = ctx.currentTime + 0.01;
  if (name === 'throw') {
    [0, 0.05, 0.11, 0.16].forEach((dt, i) => clack(/** @type {AudioContext} */ (ctx), t + dt, 1800 + i * 350));
  } else if (name === 'move') {
    tone(ctx, { at: t, freq: 520, to: 380, dur: 0.09, type: 'triangle', gain: 0.07 });
  } else if (name === 'capture') {
    tone(ctx, { at: t, freq: 440, to: 300, dur: 0.12, type: 'triangle', gain: 0.07 });
    tone(ctx, { at: t + 0.11, freq: 300, to: 180, dur: 0.16, type: 'triangle', gain: 0.07 });
  } else {
    tone(ctx, { at: t, freq: 660, dur: 0.12, gain: 0.05 });
    tone(ctx, { at: t + 0.1, freq: 880, dur: 0.16, gain: 0.05 });
  }
}
