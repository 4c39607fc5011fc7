// A browser on a frozen node moves on (issue 27 item 10), in real Chromium
// against two real server nodes on one PostgreSQL database and NATS, behind
// one address: a TCP proxy written here that sends each new connection to
// the first node not marked down, as a load balancer's health check would.
// A player sits in a game against the computer on node A; A is frozen
// (SIGSTOP: its kernel keeps the TCP connection up, so no close ever comes)
// and marked down. The page's own heartbeat notices the silence, reconnects
// through the proxy to node B, which has taken the room over once A's
// lease ran out, and the player throws again there.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { buildServer, launchBrowser, startServer } from './harness.js';
import { act, seqOf, untilOneMayAct } from './play.js';

/** Short leases, so B takes the room soon after A freezes. */
const LEASE_MS = 1000;

/**
 * One address for several nodes: each new connection goes to the first
 * node not marked down; connections already made stay where they are (a
 * frozen node's included, as behind a real load balancer).
 */
async function startProxy() {
  /** @type {number[]} */
  const ports = [];
  /** @type {Set<number>} */
  const down = new Set();
  /** @type {number[]} how many connections went to each node */
  const routed = [];
  /** @type {Set<import('node:net').Socket>} */
  const open = new Set();
  const server = createServer((client) => {
    const i = ports.findIndex((_, j) => !down.has(j));
    if (i < 0) {
      client.destroy();
      return;
    }
    routed[i] = (routed[i] ?? 0) + 1;
    const upstream = connect(ports[i], '127.0.0.1');
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(undefined)));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    /** @param {string} base  a node's own address */
    add(base) {
      ports.push(Number(new URL(base).port));
    },
    /** @param {number} i */
    markDown(i) {
      down.add(i);
    },
    close() {
      for (const s of open) s.destroy();
      server.close();
    },
  };
}

/** @type {Awaited<ReturnType<typeof startProxy>>} */
let proxy;
/** @type {Awaited<ReturnType<typeof startServer>>} */
let nodeA;
/** @type {Awaited<ReturnType<typeof startServer>>} */
let nodeB;
/** @type {import('playwright-core').Browser} */
let browser;
let frozen = false;

before(async () => {
  const bin = buildServer();
  proxy = await startProxy();
  // Node ids name NATS subjects, which every test on the machine shares.
  const site = `e2e${process.pid}${Date.now().toString(36)}`;
  /** @param {string} id */
  const args = (id) => ['--nats-url', 'nats://127.0.0.1:4222', '--node-id', id, '--lease-ms', String(LEASE_MS), '--computer-delay-ms', '100'];
  // One after the other: the first migrates the database.
  nodeA = await startServer(bin, args(`${site}-a`), { publicUrl: proxy.url, log: 'node-a.log' });
  nodeB = await startServer(bin, args(`${site}-b`), { publicUrl: proxy.url, database: nodeA.db, log: 'node-b.log' });
  proxy.add(nodeA.base);
  proxy.add(nodeB.base);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (frozen) process.kill(nodeA.pid, 'SIGCONT');
  // B first: A's stop drops the database they share.
  await nodeB?.stop();
  await nodeA?.stop();
  proxy?.close();
});

/**
 * The node holding a room's lease, read from the shared database.
 * @param {string} code
 */
function owner(code) {
  const sql = `SELECT node_id FROM room_leases WHERE room_code = '${code.replace(/'/g, "''")}'`;
  return execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', nodeA.db, '-tAc', sql]).toString().trim();
}

test('a page whose node freezes reconnects to the node that took its room and plays on', { timeout: 60_000 }, async () => {
  const page = await browser.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // A game against the computer, made through the proxy: node A makes the
  // room and holds its lease.
  await page.goto(`${proxy.url}/`);
  await page.waitForSelector('#create-form');
  await page.fill('#name', 'Hatshepsut');
  await page.check('input[name="seat"][value="0"]');
  await page.selectOption('select[name="other1"]', 'beginner');
  await page.click('#create-btn');
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  const code = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');
  await page.waitForSelector('body[data-conn="open"]');
  assert.match(owner(code), /-a$/, 'node A runs the room');
  assert.notEqual(await act(page), 'stale', 'the player throws on node A');

  // Every change of the connection's state, with its time, from the page.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.connLog = [];
    new MutationObserver(() => w.connLog.push([document.body.dataset.conn, Date.now()])).observe(document.body, { attributes: true, attributeFilter: ['data-conn'] });
  });
  const toB = proxy.routed[1] ?? 0;

  // Node A freezes, and the proxy sends new connections to B.
  process.kill(nodeA.pid, 'SIGSTOP');
  frozen = true;
  const frozeAt = Date.now();
  proxy.markDown(0);

  // The page notices the silence by itself (no close comes) and
  // reconnects through the proxy, to B.
  await page.waitForFunction(() => /** @type {any} */ (window).connLog.some((/** @type {[string, number]} */ [s]) => s === 'reconnecting'), null, { timeout: 20_000, polling: 100 });
  const noticedAt = await page.evaluate(() => /** @type {any} */ (window).connLog.find((/** @type {[string, number]} */ [s]) => s === 'reconnecting')[1]);
  const noticed = noticedAt - frozeAt;
  assert.ok(noticed < 12_000, `noticed after ${noticed} ms`);
  await page.waitForFunction(() => {
    const log = /** @type {any} */ (window).connLog;
    return log.length > 0 && log[log.length - 1][0] === 'open';
  }, null, { timeout: 20_000, polling: 100 });
  assert.ok((proxy.routed[1] ?? 0) > toB, 'reconnected to node B');

  // B took the room over; the player acts there, A still frozen.
  assert.ok(await untilOneMayAct([page]), 'the player may act again');
  const seq = await seqOf(page);
  const did = await act(page);
  assert.ok(did !== 'stale' && did !== 'wait' && did !== 'finished', `acted: ${did}`);
  assert.notEqual(await seqOf(page), seq, 'the room answered');
  assert.match(owner(code), /-b$/, 'node B runs the room');
  assert.ok(frozen, 'A was frozen throughout');
  console.log(`frozen node noticed after ${noticed} ms; played on node B`);
  assert.deepEqual(pageErrors, []);
  await page.close();
});
