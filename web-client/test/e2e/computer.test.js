// A person starts a game against the computer from the home page, in real
// Chromium against the real server, and sees the computer answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';
import { act, untilOneMayAct } from './play.js';

// A short delay: quick, yet the computer's turn is visible.
const env = serverAndBrowser(['--computer-delay-ms', '150']);

test('play the computer from the home page; it answers a move', { timeout: 120_000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`console: ${m.text()}`);
  });

  await page.goto(`${env.server.base}/`);
  await page.waitForSelector('#create-form');
  await page.click('#create-btn'); // no name yet
  assert.match(await page.textContent('#create-error') ?? '', /enter a name/i);
  await page.fill('#name', 'Hatshepsut');
  await page.check('input[name="seat"][value="0"]');
  await page.selectOption('select[name="other1"]', 'expert');
  await page.screenshot({ path: join(OUTPUT_DIR, 'computer-1-home.png'), fullPage: true });
  await page.click('#create-btn');

  // Straight to the room page, the game on at once.
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await page.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');
  const card = page.locator('.player.computer');
  await card.waitFor();
  // Named by its level, with its colour and how it plays below.
  assert.match(await card.textContent() ?? '', /Expert computer/);
  assert.match(await card.textContent() ?? '', /Spool · thinks throws ahead/);
  assert.match(await card.getAttribute('aria-label') ?? '', /^Expert computer, Spool/);
  // Private: not in the lobby.
  const lobby = await fetch(`${env.server.base}/api/lobby`).then((r) => r.json());
  assert.deepEqual(lobby.rooms, []);

  // Play our turns (throw, then the first highlighted piece) until the
  // computer has moved a piece; it never offers a claim-win.
  // The computer's own decisions: their line starts with its piece (a
  // line of ours may name it later, as a piece we swapped).
  const computerLines = () => page.locator('.record-list li.rec-decide').filter({ hasText: /^Expert computer's piece/ });
  const computerMoved = () => computerLines().count();
  const deadline = Date.now() + 90_000;
  while ((await computerMoved()) === 0) {
    assert.ok(Date.now() < deadline, 'the computer answered in time');
    assert.equal(await page.locator('[data-action="claim_win"]').count(), 0);
    if ((await act(page)) === 'wait') await untilOneMayAct([page]);
  }
  const line = await computerLines().first().textContent();
  // Said once, by what it did: the piece and its squares.
  assert.match(line ?? '', /^Expert computer's piece .*square \d+/);
  assert.equal(await page.locator('[data-action="claim_win"]').count(), 0);
  await page.screenshot({ path: join(OUTPUT_DIR, 'computer-2-answered.png'), fullPage: true });
  // "Play forced moves for me" is off until switched on, and remembered.
  assert.equal(await page.isChecked('[data-setting="auto-forced"]'), false);
  await page.check('[data-setting="auto-forced"]');
  assert.equal(await page.evaluate(() => localStorage.getItem('senet.autoForced')), '1');
  await page.reload();
  await page.waitForSelector('[data-setting="auto-forced"]');
  assert.equal(await page.isChecked('[data-setting="auto-forced"]'), true);
  await page.uncheck('[data-setting="auto-forced"]');

  // Private: "Playing now" lists the game for this browser (which sends its
  // player token), a stranger does not see it, and its replay and record
  // open for this browser only.
  const gameId = await page.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  const strangers = await fetch(`${env.server.base}/api/games/live`).then((r) => r.json());
  assert.ok(!strangers.games.some((/** @type {{game_id: string}} */ g) => g.game_id === gameId));
  assert.equal((await fetch(`${env.server.base}/api/games/${gameId}`)).status, 404);
  await page.goto(`${env.server.base}/games?tab=live`);
  await page.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  await page.goto(`${env.server.base}/games/${gameId}`);
  await page.waitForSelector('#app[data-page="replay"]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href$="/record.txt"]')]);
  assert.equal(download.suggestedFilename(), `senet-${gameId}.txt`);
  assert.match(await readFile(await download.path(), 'utf8'), /\[Cone "Hatshepsut"\]/);
  // The replay draws the stored game step by step.
  assert.ok(Number(await page.getAttribute('#turn-slider', 'max')) > 0);
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});
