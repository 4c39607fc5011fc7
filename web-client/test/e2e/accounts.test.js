// Accounts, "Play now" and ratings in real Chromium against the real
// server: two people sign up in two browsers, press Play now for a rated
// game with a clock, are seated together, one resigns, and the winner sees
// the new rating on the profile and on the leaderboard. Every new page is
// checked with axe, at desktop size and on both phones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serverAndBrowser } from './harness.js';
import { DESKTOP } from './play.js';
import { PASSWORD, signUp } from './signup.js';
import { check } from './axe.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000']);

/**
 * Presses Play now for a rated Kendall game with a 5 + 3 clock (the page
 * goes to the room once seated).
 * @param {Page} page
 */
async function playNow(page) {
  await page.goto(`${env.server.base}/`);
  await page.selectOption('#pn-pool', 'kendall:2');
  await page.selectOption('#pn-clock', 'clock:300+3');
  await page.check('#pn-rated');
  await page.click('[data-testid="play-now"]');
}

/**
 * Runs SQL on the server's database.
 * @param {string} sql
 */
function psql(sql) {
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', env.server.db, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
}

test('sign up, Play now in two browsers, a rated game, the new rating on the profile, the leaderboard and the lobby', { timeout: 300_000 }, async () => {
  /** @type {string[]} */
  const found = [];
  const ctxA = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', bypassCSP: true });
  const ctxB = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', bypassCSP: true });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();

  await a.goto(`${env.server.base}/account`);
  await a.waitForSelector('#signup-form');
  await check(a, 'light', 'account-signed-out', found);
  // A wrong login says so, the same for any username.
  await a.fill('#login-username', 'nobody-here');
  await a.fill('#login-password', 'not the password');
  await a.click('[data-testid="login"]');
  await a.waitForSelector('#login-error:not([hidden])');
  assert.match(await a.textContent('#login-error') ?? '', /username or the password is wrong/);

  await signUp(a, env.server.base, 'Amunet');
  await check(a, 'light', 'account-signed-in', found);
  await signUp(b, env.server.base, 'Bastet');
  // Bastet has an established Kendall rating from earlier rated games.
  psql("INSERT INTO ratings (player_id, pool, rating, deviation, volatility, games, rated_at) SELECT player_id, 'kendall', 1600, 80, 0.06, 30, now() FROM accounts WHERE username = 'Bastet'");

  await b.goto(`${env.server.base}/`);
  await b.waitForSelector('#play-now-form');
  await check(b, 'light', 'home-play-now', found);
  await playNow(a);
  await a.waitForFunction(() => /Looking for an opponent/.test(document.querySelector('[data-testid="play-now-status"]')?.textContent ?? ''));
  await playNow(b);
  await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await b.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname, 'seated in one room');
  await a.waitForSelector('#app[data-phase]');
  await b.waitForSelector('#app[data-phase]');
  // The room shows each player's rating: Bastet's established one, and
  // Amunet's first, provisional one ("?").
  await a.waitForFunction(() => document.querySelectorAll('[data-testid="seat-rating"]').length === 2);
  const seatRatings = await a.locator('[data-testid="seat-rating"]').allTextContents();
  assert.deepEqual(seatRatings.sort(), ['rated 1500?', 'rated 1600'], `${seatRatings}`);

  // Amunet resigns: Bastet wins.
  await a.click('[data-action="resign"]');
  await a.click('dialog#confirm .dlg-yes');
  await a.waitForSelector('#app[data-phase="finished"]');
  await b.waitForSelector('#app[data-phase="finished"]');

  await b.goto(`${env.server.base}/players/Bastet`);
  await b.waitForSelector('[data-testid="rating-kendall"]');
  const shown = (await b.textContent('[data-testid="rating-kendall"]')) ?? '';
  assert.match(shown, /^\d+$/, `an established rating has no "?": ${shown}`);
  const rating = Number(shown);
  assert.ok(rating > 1600, `the win raised it: ${rating}`);
  await b.waitForSelector('figure.rating-figure svg.rating-chart');
  await check(b, 'light', 'profile', found);

  // The games list shows how the game moved each rating.
  await b.goto(`${env.server.base}/games`);
  await b.waitForSelector('[data-testid="rating-change"]');
  const changes = await b.locator('[data-testid="rating-change"]').allTextContents();
  assert.ok(changes.some((c) => c.startsWith(`${rating} (+`)), `${changes}`);

  await b.goto(`${env.server.base}/leaderboard?pool=kendall`);
  await b.waitForSelector('[data-testid="lb-row"]');
  const row = (await b.textContent('[data-testid="lb-row"]')) ?? '';
  assert.match(row, /Bastet/);
  assert.ok(row.includes(String(rating)), `the leaderboard shows ${rating}: ${row}`);
  await check(b, 'light', 'leaderboard', found);
  // Amunet's one game leaves her provisional: on the profile with "?", not
  // on the board.
  await a.goto(`${env.server.base}/players/amunet`);
  await a.waitForSelector('[data-testid="rating-kendall"]');
  assert.match((await a.textContent('[data-testid="rating-kendall"]')) ?? '', /^\d+\?$/);
  assert.doesNotMatch(row, /Amunet/);

  // A public room Bastet opens shows her new rating in the lobby.
  await b.goto(`${env.server.base}/`);
  await b.waitForSelector('#create-form');
  await b.fill('#name', 'Bastet');
  await b.check('input[name="rule_set"][value="kendall"]');
  await b.click('#create-btn');
  await b.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await b.waitForSelector('#app[data-phase]');
  await a.goto(`${env.server.base}/`);
  await a.waitForSelector('.lobby-room [data-testid="lobby-rating"]');
  assert.equal(await a.textContent('.lobby-room:has([data-testid="lobby-rating"]) strong'), 'Bastet');
  assert.equal(await a.textContent('[data-testid="lobby-rating"]'), `rating ${rating}`);
  await check(a, 'light', 'home-lobby-rating', found);

  // Logging out forgets the account in this browser.
  await a.goto(`${env.server.base}/account`);
  await a.click('[data-testid="logout"]');
  await a.waitForSelector('#signup-form');
  await a.fill('#login-username', 'AMUNET');
  await a.fill('#login-password', PASSWORD);
  await a.click('[data-testid="login"]');
  await a.waitForSelector('[data-testid="account-username"]');

  await ctxA.close();
  await ctxB.close();
  assert.deepEqual(found, []);
});
