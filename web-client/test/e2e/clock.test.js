// A timed game in real Chromium against the real server: the home page
// offers the clock, the room shows both clocks counting down from the
// server's figures, and a player who does not act loses on time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';

const env = serverAndBrowser(['--computer-delay-ms', '150']);

test('a timed game against the computer: clocks shown, lost on time', { timeout: 120_000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await page.goto(`${env.server.base}/`);
  await page.waitForSelector('#create-form');
  await page.fill('#name', 'Tiye');
  await page.check('input[name="seat"][value="0"]');
  await page.selectOption('select[name="other1"]', 'beginner');
  // The offered clocks are minutes long; the server accepts any clock of
  // 5 s or more, so the test adds a short one to the same select.
  const offered = await page.locator('#time-control option').allTextContents();
  assert.ok(offered.includes('5 min + 3 s'), offered.join());
  await page.evaluate(() => {
    const select = /** @type {HTMLSelectElement} */ (document.querySelector('#time-control'));
    select.add(new Option('20 s', 'clock:20+0'));
  });
  await page.selectOption('#time-control', 'clock:20+0');
  await page.click('#create-btn');

  await page.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await page.waitForSelector('[data-testid="clocks"] [data-clock-seat="1"]');
  assert.match(await page.getAttribute('[data-testid="clocks"] ul', 'aria-label') ?? '', /20 s \+ 0 s/);
  // Sooner or later it is my turn and my clock runs; I do not act.
  await page.waitForSelector('[data-clock-seat="0"].running', { timeout: 20_000 });
  await page.screenshot({ path: join(OUTPUT_DIR, 'clock-1-running.png'), fullPage: true });
  await page.waitForSelector('#app[data-phase="finished"]', { timeout: 60_000 });
  assert.equal(await page.textContent('[data-clock-seat="0"] .clock-time'), '0.0');
  assert.match(await page.textContent('[data-clock-seat="0"]') ?? '', /Tiye/);
  assert.match(await page.locator('#app').textContent() ?? '', /on time/);
  const info = await page.evaluate(() => /** @type {any} */ (window).senetDebug.state());
  assert.equal(info.standing?.how ?? info.next?.standing?.how, 'time');
  await page.screenshot({ path: join(OUTPUT_DIR, 'clock-2-flagged.png'), fullPage: true });
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});
