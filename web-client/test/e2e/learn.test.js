// "Learn to play", in real Chromium against the real server: from the
// rules page, a newcomer starts the lesson of each rule set and plays it to
// the end doing only what the page offers (throw, then a glowing piece or
// an option); the lesson's tips come as the rules first matter, once each,
// and the end says what comes next. A lesson can be left at any time: the
// game is resigned and the page goes home.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './harness.js';
import { DESKTOP, autoplay, shoot, stopAutoplay } from './play.js';
import { check } from './axe.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000', '--computer-delay-ms', '0'], { sqlite: true });

/**
 * Opens the lesson of `id` the way a newcomer finds it: the rules page's
 * "Learn to play", a name, "Start the lesson".
 * @param {Page} page
 * @param {string} id
 */
async function startLesson(page, id) {
  await page.goto(`${env.server.base}/rules`);
  await page.click(`[data-testid="learn-${id}"]`);
  await page.waitForURL(new RegExp(`/learn/${id}$`));
  await page.waitForSelector('#learn-form');
  await page.fill('#learn-name', 'Newcomer');
  await page.click('#learn-start');
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]+\?lesson=1$/);
  await page.waitForSelector('#lesson [data-testid="lesson-tip"]');
  await page.waitForSelector('#app[data-role="seat0"]', { state: 'attached' });
}

for (const id of ['kendall', 'kendall-7', 'jequier', 'simple', 'peril', 'modern']) {
  test(`${id}: the lesson is played to its end, a tip for each rule as it first matters`, { timeout: 400_000 }, async () => {
    const ctx = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await startLesson(page, id);
    // The first tips: who plays whom, and how the chance works.
    await page.waitForFunction(() => Number(document.getElementById('lesson')?.dataset.tips ?? 0) >= 2);
    const first = await page.locator('#lesson').textContent() ?? '';
    assert.match(first, /against the beginner computer/);
    assert.match(first, /Each turn starts with a (throw of four sticks|roll of one die|roll of two dice)/);
    // A newcomer does only what the page offers: throw, a glowing piece.
    await autoplay(page, { board: true });
    await page.waitForSelector('#app[data-phase="finished"]', { timeout: 360_000 });
    await page.waitForSelector('#lesson .lesson-next');
    const tip = await page.textContent('[data-testid="lesson-tip"]') ?? '';
    assert.match(tip, /That is the whole game/);
    const earlier = await page.locator('[data-testid="lesson-tips"] li').allTextContents();
    const all = [tip, ...earlier];
    assert.equal(new Set(all).size, all.length, 'no tip is given twice');
    // The throw and the first decision were explained; what else the game
    // showed depends on the throws.
    assert.ok(all.some((t) => /^You threw: (move|one piece)/.test(t)), all.join('\n'));
    assert.ok(all.some((t) => /^The glowing (pieces|pawns) are the ones/.test(t)), all.join('\n'));
    assert.ok(all.length >= 6, `${all.length} tips:\n${all.join('\n')}`);
    if (id === 'peril') assert.ok(!all.some((t) => /\bpieces?\b/i.test(t)), 'Path of Peril says pawn');
    console.log(`${id}: ${all.length} tips`);
    await shoot(page, `learn-${id}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('a lesson can be left at any time: the game is resigned, the page goes home', { timeout: 120_000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await startLesson(page, 'kendall');
  const code = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.click('[data-testid="lesson-leave"]');
  await page.waitForURL(`${env.server.base}/`);
  await page.waitForSelector('#create-form');
  const room = await fetch(`${env.server.base}/api/rooms/${code}`).then((r) => r.json());
  assert.equal(room.status, 'finished');
  await ctx.close();
});

test('the lessons pass axe-core and fit a phone: the list, a start card, a lesson in play and at its end', { timeout: 300_000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', bypassCSP: true });
  const page = await ctx.newPage();
  /** @type {string[]} */
  const found = [];
  await page.goto(`${env.server.base}/learn`);
  await page.waitForSelector('.learn-list');
  assert.equal(await page.locator('.learn-list a').count(), 6, 'a lesson per rule set');
  await check(page, 'light', 'learn-list', found);
  await page.click('.learn-list a[href="/learn/peril"]');
  await page.waitForSelector('#learn-form');
  await check(page, 'light', 'learn-start', found);
  // No name: the form says so, and no room is made.
  await page.fill('#learn-name', '');
  await page.click('#learn-start');
  await page.waitForFunction(() => (document.getElementById('learn-error')?.textContent ?? '').length > 0);
  assert.match(page.url(), /\/learn\/peril$/);
  await page.fill('#learn-name', 'Newcomer');
  await page.click('#learn-start');
  await page.waitForURL(/\?lesson=1$/);
  // The first tips (who plays whom, how the chance works) are there
  // before the first throw.
  await page.waitForFunction(() => Number(document.getElementById('lesson')?.dataset.tips ?? 0) >= 2);
  await page.waitForSelector('#app[data-phase="throw"], #app[data-phase="decide"]');
  await check(page, 'light', 'lesson-playing', found);
  await autoplay(page, { board: true });
  await page.waitForSelector('#app[data-phase="finished"]', { timeout: 200_000 });
  await stopAutoplay(page);
  await page.waitForSelector('#lesson .lesson-next');
  await check(page, 'light', 'lesson-finished', found);
  assert.deepEqual(found, [], `axe-core and the phone checks found ${found.length} problem(s):\n${found.join('\n')}`);
  await ctx.close();
});
