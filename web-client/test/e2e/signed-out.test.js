// A log-out on another device, in real Chromium against the real server:
// the player sits in a room on one browser and logs out everywhere on
// another; the room's socket closes at once (4401), the first page stops
// reconnecting with the dead token, says why in words (English and
// Spanish), and forgets the token; reloaded, the room opens to watch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './harness.js';
import { DESKTOP } from './play.js';
import { PASSWORD, signUp } from './signup.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser([]);

/**
 * The token this browser saved for its current player.
 * @param {Page} page
 * @returns {Promise<string | null>}
 */
async function savedToken(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('senet.identities.v1') ?? '{}')?.current?.token ?? null);
}

for (const [language, said] of /** @type {const} */ ([['en-US', /signed out.*Sign in again/], ['es-ES', /Se cerró tu sesión/]])) {
  test(`logging out everywhere closes a room open in another browser (${language})`, { timeout: 120_000 }, async () => {
    const phone = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', locale: language });
    const desk = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const a = await phone.newPage();
    const b = await desk.newPage();
    const username = `Imhotep${language.slice(0, 2)}`;
    await signUp(a, env.server.base, username);
    const token = await savedToken(a);
    assert.ok(token, 'the sign-up saved a token');
    // The player's own room, open on the phone.
    const code = await a.evaluate(async (bearer) => {
      const res = await fetch('/api/rooms', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ rule_set: 'kendall', side: 'cone' }),
      });
      return (await res.json()).code;
    }, token);
    assert.ok(code, 'a room was made');
    await a.goto(`${env.server.base}/r/${code}`);
    await a.waitForSelector('#app[data-role="seat0"]');
    await a.waitForSelector('#conn[data-status="open"]');

    // The desk logs in and logs out everywhere.
    await b.goto(`${env.server.base}/account`);
    await b.fill('#login-username', username);
    await b.fill('#login-password', PASSWORD);
    await b.click('[data-testid="login"]');
    await b.waitForSelector('[data-testid="account-username"]');
    await b.click('#logout-all');
    await b.waitForSelector('#signup-form');

    // The phone is told at once, stops, and forgets the dead token.
    await a.waitForSelector('#conn[data-status="stopped"]', { timeout: 10_000 });
    assert.match((await a.textContent('#conn')) ?? '', said);
    assert.equal(await savedToken(a), null);
    // It does not keep knocking with the dead token.
    await a.waitForTimeout(1500);
    assert.equal(await a.getAttribute('#conn', 'data-status'), 'stopped');
    // Reloaded, the room opens without a seat.
    await a.reload();
    await a.waitForSelector('#watch-btn, #app[data-role="spectator"]');
    await phone.close();
    await desk.close();
  });
}
