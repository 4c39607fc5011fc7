// End-to-end harness: builds and starts the real server against a fresh
// PostgreSQL database, and launches Debian's Chromium through playwright-core.

import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { after, before } from 'node:test';
import '../unit/messages.js';
import { t } from '../../src/i18n/messages.js';

const here = dirname(fileURLToPath(import.meta.url));
export const CLIENT_DIR = resolve(here, '../..');
export const REPO_DIR = resolve(CLIENT_DIR, '..');
export const OUTPUT_DIR = join(CLIENT_DIR, 'test-output');

/** PostgreSQL server (trust auth) used for the throwaway databases. */
const PG = {
  host: process.env.SENET_E2E_PGHOST ?? '127.0.0.1',
  port: process.env.SENET_E2E_PGPORT ?? '5432',
  user: process.env.SENET_E2E_PGUSER ?? 'postgres',
};

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Builds the server (debug profile) and returns the binary's path.
 *
 * Built the way `scripts/test` last built it (`cargo nextest run
 * --workspace`, which builds with `cargo test --workspace --no-run`; the
 * server's integration tests need the binary), so that after the Rust
 * suites this is a no-op instead of a rebuild of the dependencies with
 * another feature set.
 */
export function buildServer() {
  execFileSync('cargo', ['test', '--workspace', '--no-run'], { cwd: REPO_DIR, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR;
  const dir = target ? (isAbsolute(target) ? target : resolve(REPO_DIR, target)) : join(REPO_DIR, 'target');
  const bin = join(dir, 'debug', 'senet-server');
  if (!existsSync(bin)) throw new Error(`server binary not found at ${bin}`);
  return bin;
}

/**
 * Starts the server on a fresh database and waits until it is healthy:
 * PostgreSQL, or with `sqlite` a fresh SQLite file that syncs less (for
 * the long games, where the database's commits set the pace).
 * @param {string} bin
 * @param {string[]} [extraArgs]
 * @param {{sqlite?: boolean, publicUrl?: string, database?: string, log?: string}} [opts]
 *   `publicUrl`: the server's `--public-url` (by default the address it
 *   listens on); `database`: the PostgreSQL database of another server
 *   started here (its `db`), used as it is and left for that one to drop
 *   (several nodes on one database); `log`: the log's file name in
 *   test-output (`server.log`)
 */
export async function startServer(bin, extraArgs = [], opts = {}) {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const db = opts.database ?? `senet_e2e_${process.pid}_${Date.now().toString(36)}`;
  const ownDb = opts.database === undefined;
  const sqliteFile = join(OUTPUT_DIR, `${db}.db`);
  if (!opts.sqlite && ownDb) execFileSync('createdb', ['-h', PG.host, '-p', PG.port, '-U', PG.user, db]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(OUTPUT_DIR, opts.log ?? 'server.log'));
  const dbArgs = opts.sqlite ? ['--db-path', sqliteFile, '--sqlite-synchronous', 'normal'] : [];
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${db}`, RUST_LOG: 'info' };
  if (opts.sqlite) delete env.DATABASE_URL;
  const child = spawn(bin, ['--bind', `127.0.0.1:${port}`, '--public-url', opts.publicUrl ?? base, ...dbArgs, ...extraArgs], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('the server exited at start; see test-output/server.log');
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    /** The PostgreSQL database's name. */
    db,
    /** The server's process id (to freeze it with SIGSTOP, say). */
    pid: /** @type {number} */ (child.pid),
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 8000))]);
        if (!exited) child.kill('SIGKILL');
      }
      if (!ownDb) return;
      try {
        if (opts.sqlite) for (const ext of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${ext}`, { force: true });
        else execFileSync('dropdb', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '--if-exists', db]);
      } catch {
        // leave it; names are unique
      }
    },
  };
}

/** Launches headless Chromium from Debian's package (never downloaded). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The name the server gives rule set `id` (`GET /api/rule-sets`: a
 * message key) in English words, so a test reads it as the page does
 * instead of copying it.
 * @param {string} base
 * @param {string} id
 * @returns {Promise<string>}
 */
export async function ruleSetName(base, id) {
  const body = /** @type {{rule_sets: {id: string, name: string}[]}} */ (await fetch(`${base}/api/rule-sets`).then((r) => r.json()));
  const found = body.rule_sets.find((d) => d.id === id);
  if (!found) throw new Error(`the server has no rule set ${id}`);
  return t(found.name);
}

/**
 * `text` as a regular expression that matches it literally.
 * @param {string} text
 */
export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The usual fixture of a test file: before its tests, the server (with
 * `extraArgs`) and Chromium; after them, both stopped. The returned
 * object's `server` and `browser` are set once the `before` hook has run.
 * @param {string[]} extraArgs
 * @param {{sqlite?: boolean}} [opts]
 */
export function serverAndBrowser(extraArgs, opts = {}) {
  const env = /** @type {{server: Awaited<ReturnType<typeof startServer>>, browser: import('playwright-core').Browser}} */ (/** @type {unknown} */ ({}));
  before(async () => {
    env.server = await startServer(buildServer(), extraArgs, opts);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
