// The address a page is opened at, in real Chromium against the real
// server: a server whose public URL is a loopback one is the same server
// at `localhost` (the room connects); a page opened at another address
// than the public URL is told where to open the site, instead of hanging
// on "Connecting…" or blaming the player's saved identity.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildServer, launchBrowser, startServer } from './harness.js';
import { seqOf } from './play.js';

/** @type {string} */
let bin;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  bin = buildServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/**
 * A room made through the API by a fresh player.
 * @param {string} base
 */
async function newRoom(base) {
  const post = (/** @type {string} */ path, /** @type {object} */ body, token = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((res) => res.json());
  const player = await post('/api/players', { display_name: 'Host' });
  const room = await post('/api/rooms', { rule_set: 'kendall' }, player.token);
  assert.ok(room.code, JSON.stringify(room));
  return /** @type {string} */ (room.code);
}

test('a loopback server is the same server at localhost', { timeout: 60_000 }, async () => {
  const server = await startServer(bin);
  try {
    const code = await newRoom(server.base);
    const page = await browser.newPage();
    const localhost = server.base.replace('127.0.0.1', 'localhost');
    await page.goto(`${localhost}/r/${code}`);
    await page.getByRole('button', { name: 'Just watch' }).click();
    // The snapshot came over the socket: the page knows the room's events.
    await page.waitForFunction(() => (document.getElementById('app')?.dataset.seq ?? '') !== '', null, { timeout: 20_000 });
    assert.notEqual(await seqOf(page), '');
    await page.close();
  } finally {
    await server.stop();
  }
});

test('a page at another address than the public URL says where to open the site', { timeout: 90_000 }, async () => {
  const server = await startServer(bin, [], { publicUrl: 'http://senet.example' });
  try {
    const code = await newRoom(server.base);
    const page = await browser.newPage();
    await page.goto(`${server.base}/r/${code}`);
    await page.getByRole('button', { name: 'Just watch' }).click();
    const said = page.getByText('This server expects to be opened at http://senet.example').first();
    await said.waitFor({ timeout: 60_000 });
    const text = (await said.textContent()) ?? '';
    assert.match(text, new RegExp(`open http://senet\\.example/r/${code} instead`));
    assert.equal(await page.getByText('your saved player may no longer be known').count(), 0);
    await page.close();
  } finally {
    await server.stop();
  }
});
