// @ts-check
/**
 * Provably fair chance, checked in the browser (docs/fairness.md): every
 * chance step of a finished game is recomputed from the revealed server
 * seed, the game id, the players' client seeds and the step number with
 * Web Crypto (HMAC-SHA256), and the seed is checked against the commitment
 * shown before the game began. The kind of each chance step (sticks, a die,
 * two dice, a lot) is read from the form of its text; the rules themselves
 * are the server's business, so this module holds none of them.
 */

import { t } from '../i18n/messages.js';

/** The scheme this module checks. */
export const SCHEME = 'senet-fair-v1';

const encoder = new TextEncoder();

/**
 * Bytes from lowercase or uppercase hex; `null` when it is not hex.
 * @param {string} hex
 * @returns {Uint8Array<ArrayBuffer> | null}
 */
export function fromHex(hex) {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) {
    bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  }
  return bytes;
}

/**
 * Lowercase hex of bytes.
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The 16 bytes of a UUID written with hyphens; `null` when it is not one.
 * @param {string} id
 */
export function uuidBytes(id) {
  const bytes = fromHex(id.replaceAll('-', ''));
  return bytes && bytes.length === 16 ? bytes : null;
}

/**
 * SHA-256 of a seed, as hex: its commitment.
 * @param {Uint8Array<ArrayBuffer>} seed
 */
export async function commitmentOf(seed) {
  const digest = await crypto.subtle.digest('SHA-256', seed);
  return toHex(new Uint8Array(digest));
}

/**
 * @typedef {'sticks' | 'die' | 'dice' | 'lot'} ChanceKind
 */

/**
 * The kind of chance a step's text shows (`LDLL`, `d4`, `d3d5`, `lot1`);
 * `null` for any other step.
 * @param {string} text
 * @returns {ChanceKind | null}
 */
export function kindOf(text) {
  if (/^[LD]{4}$/.test(text)) return 'sticks';
  if (/^d[1-6]$/.test(text)) return 'die';
  if (/^d[1-6]d[1-6]$/.test(text)) return 'dice';
  if (/^lot[0-9]$/.test(text)) return 'lot';
  return null;
}

/**
 * A big-endian u32.
 * @param {number} n
 */
function u32(n) {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n >>> 0, false);
  return bytes;
}

/**
 * @param {Uint8Array[]} parts
 */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * What chance is derived from.
 * @typedef {{ key: CryptoKey, gameId: Uint8Array, clientSeeds: string[] }} Seeds
 */

/**
 * The seeds of a game, with the server seed as an HMAC key.
 * @param {Uint8Array<ArrayBuffer>} serverSeed
 * @param {Uint8Array<ArrayBuffer>} gameId
 * @param {string[]} clientSeeds
 * @returns {Promise<Seeds>}
 */
export async function seedsOf(serverSeed, gameId, clientSeeds) {
  const key = await crypto.subtle.importKey(
    'raw',
    serverSeed,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return { key, gameId, clientSeeds };
}

/**
 * Block `k` of step `n`'s byte stream.
 * @param {Seeds} seeds
 * @param {number} n
 * @param {number} k
 */
async function block(seeds, n, k) {
  const parts = [encoder.encode(SCHEME), seeds.gameId, u32(n), u32(k)];
  for (const seed of seeds.clientSeeds) {
    const raw = encoder.encode(seed);
    parts.push(u32(raw.length), raw);
  }
  const mac = await crypto.subtle.sign('HMAC', seeds.key, concat(parts));
  return new Uint8Array(mac);
}

/**
 * The outcome text the seeds give for step `n` of kind `kind` (`seats`
 * for a lot).
 * @param {Seeds} seeds
 * @param {number} n
 * @param {ChanceKind} kind
 * @param {number} seats
 */
export async function outcome(seeds, n, kind, seats) {
  let k = 0;
  let used = 0;
  let data = await block(seeds, n, 0);
  const byte = async () => {
    if (used === data.length) {
      k += 1;
      used = 0;
      data = await block(seeds, n, k);
    }
    used += 1;
    return data[used - 1];
  };
  /** @param {number} limit */
  const below = async (limit) => {
    for (;;) {
      const b = await byte();
      if (b < limit) return b;
    }
  };
  switch (kind) {
    case 'sticks': {
      const b = await byte();
      return [0, 1, 2, 3].map((i) => ((b >> i) & 1 ? 'L' : 'D')).join('');
    }
    case 'die':
      return `d${((await below(252)) % 6) + 1}`;
    case 'dice': {
      const first = ((await below(252)) % 6) + 1;
      return `d${first}d${((await below(252)) % 6) + 1}`;
    }
    case 'lot':
      return `lot${(await below(256 - (256 % seats))) % seats}`;
    default:
      throw new Error(`no chance kind ${kind}`);
  }
}

/**
 * A game's fairness as the server sends it.
 * @typedef {{ commitment: string, client_seeds: string[], server_seed: string | null }} Fairness
 */

/**
 * The verdict on a game's chance.
 * @typedef {{ ok: boolean, checked: number, message: string,
 *   failures: { step_no: number, shown: string, expected: string }[] }} Verdict
 */

/**
 * Checks every chance step of a finished game.
 * @param {Fairness | null | undefined} fairness
 * @param {string} gameId
 * @param {number} seats
 * @param {{ step_no: number, text: string }[]} steps
 * @returns {Promise<Verdict>}
 */
export async function verifyGame(fairness, gameId, seats, steps) {
  /** @param {string} message */
  const cannot = (message) => ({ ok: false, checked: 0, message, failures: [] });
  if (!fairness) return cannot(t('fair-before'));
  if (!fairness.server_seed) return cannot(t('fair-not-revealed'));
  const seed = fromHex(fairness.server_seed);
  const id = uuidBytes(gameId);
  if (!seed || seed.length !== 32 || !id) return cannot(t('fair-malformed'));
  if ((await commitmentOf(seed)) !== fairness.commitment.toLowerCase()) {
    return cannot(t('fair-mismatch'));
  }
  const seeds = await seedsOf(seed, id, fairness.client_seeds);
  const failures = [];
  let checked = 0;
  for (const step of steps) {
    const kind = kindOf(step.text);
    if (!kind) continue;
    const expected = await outcome(seeds, step.step_no, kind, seats);
    checked += 1;
    if (expected !== step.text) failures.push({ step_no: step.step_no, shown: step.text, expected });
  }
  if (failures.length > 0) {
    const first = failures[0];
    return {
      ok: false,
      checked,
      failures,
      message: t('fair-step-differs', { step: first.step_no, shown: first.shown, expected: first.expected }),
    };
  }
  return {
    ok: true,
    checked,
    failures,
    message: t('fair-verified', { count: checked }),
  };
}
