// The game review on the replay page, in real Chromium against the real
// server: a person plays the computer (autoplay, then resigns if the game
// is still on), opens the game's replay and sees the review arrive — grade
// badges on the move list, the win-chance graph that jumps to a step when
// clicked, both players' accuracy and luck — with no axe violation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';
import { autoplay, home, laidOut, stopAutoplay } from './play.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// A small review budget: the debug build reviews a game in seconds.
const env = serverAndBrowser(['--computer-delay-ms', '0', '--review-nodes', '2000', '--rate-per-sec', '1000', '--rate-burst', '1000']);

test('a finished game\'s replay shows its review: grades, the graph, accuracy and luck', { timeout: 240_000 }, async () => {
  // CSP bypassed only so that axe can be injected at the end.
  const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', bypassCSP: true });
  const page = await ctx.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await home(page, env.server.base, 'Ahmose');
  await page.check('input[name="seat"][value="0"]');
  await page.selectOption('select[name="other1"]', 'beginner');
  await page.click('#create-btn');
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await page.waitForSelector('#app[data-role="seat0"]');
  const gameId = await page.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);

  // Before the end there is no review.
  const early = await page.evaluate(async (id) => {
    const saved = Object.values(localStorage).join(' ');
    const token = (saved.match(/"token":"([^"]+)"/) ?? [])[1];
    const res = await fetch(`/api/games/${id}/review`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: await res.json() };
  }, gameId);
  assert.equal(early.status, 409, JSON.stringify(early.body));
  assert.equal(early.body.error.code, 'game_in_play');

  // Play by itself for a while; resign if the game is still on.
  await autoplay(page);
  await page.waitForFunction(() => document.getElementById('app')?.dataset.phase === 'finished' || document.querySelectorAll('.record-list li').length >= 40, null, { timeout: 120_000 });
  await stopAutoplay(page);
  if ((await page.getAttribute('#app', 'data-phase')) !== 'finished') {
    await page.waitForFunction(() => (document.getElementById('app')?.dataset.queue ?? '0') === '0');
    await page.click('[data-action="resign"]');
    await page.click('dialog#confirm .dlg-yes');
    await page.waitForSelector('#app[data-phase="finished"]');
  }

  await page.goto(`${env.server.base}/games/${gameId}?step=1`);
  await page.waitForSelector('#app[data-page="replay"]');
  await page.waitForSelector('[data-testid="review"]');
  // Pending first (usually), then the review; the page asks again by itself.
  await page.waitForSelector('[data-testid="review-chart"] svg', { timeout: 120_000 });
  await page.screenshot({ path: join(OUTPUT_DIR, 'review-1-replay.png'), fullPage: true });

  // Both players' accuracy and luck.
  const rows = page.locator('[data-testid="review-summary"] tbody tr');
  assert.equal(await rows.count(), 2);
  let graded = 0;
  for (let i = 0; i < 2; i += 1) {
    const row = rows.nth(i);
    assert.match((await row.locator('th').textContent()) ?? '', i === 0 ? /Ahmose/ : /computer/);
    assert.match((await row.locator('[data-testid="accuracy"]').textContent()) ?? '', /^(\d{1,3}\.\d|—)$/);
    assert.match((await row.locator('[data-testid="luck"]').textContent()) ?? '', /^([+−]\d+\.\d|0\.0)$/);
    const counts = await row.locator('td').allTextContents();
    // Accuracy, five grades, luck.
    graded += counts.slice(1, 6).reduce((sum, t) => sum + Number(t), 0);
  }
  assert.ok(graded > 0, 'some decisions had a choice');

  // One badge per graded decision on the move list, each said in words.
  const badges = page.locator('#move-list .grade');
  assert.equal(await badges.count(), graded);
  assert.match((await badges.first().locator('.sr-only').textContent()) ?? '', /^, (best move|good move|inaccuracy|mistake|blunder), \d+\.\d points lost$/);
  // The badges survive stepping (the list is drawn again).
  await page.click('[data-step="next"]');
  await page.waitForSelector('#app[data-turn="2"]');
  assert.equal(await page.locator('#move-list .grade').count(), graded);

  // The graph: labelled, and a click jumps to the step under it.
  const chart = page.locator('[data-testid="review-chart"] svg');
  assert.match((await chart.getAttribute('aria-label')) ?? '', /^Win chance graph: .* At step 2: /);
  const box = await chart.boundingBox();
  assert.ok(box);
  await chart.click({ position: { x: box.width * 0.8, y: box.height / 2 } });
  await page.waitForFunction(() => Number(document.getElementById('app')?.dataset.turn) > 2);
  const turn = Number(await page.getAttribute('#app', 'data-turn'));
  assert.match((await chart.getAttribute('aria-label')) ?? '', new RegExp(`At step ${turn}: `));
  await page.screenshot({ path: join(OUTPUT_DIR, 'review-2-jumped.png'), fullPage: true });

  // Accessible as a whole, in the light and the dark palette.
  await page.addScriptTag({ path: AXE });
  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme });
    // The palette's transitions settle before axe measures the colours:
    // once the new scheme is drawn (its transitions have begun), each ends.
    await laidOut(page);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
    const violations = await page.evaluate(async () => {
      const axe = /** @type {any} */ (window).axe;
      const res = await axe.run(document, { resultTypes: ['violations'] });
      return res.violations.map((/** @type {any} */ v) => `${v.id}: ${v.nodes.map((/** @type {any} */ n) => n.target.join(' ')).join(', ')}`);
    });
    assert.deepEqual(violations, [], colorScheme);
  }
  await page.screenshot({ path: join(OUTPUT_DIR, 'review-3-dark.png'), fullPage: true });
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});
