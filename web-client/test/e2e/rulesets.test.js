// Every rule set played to the end in Chromium against the real server
// (Kendall itself in game.test.js): two people for kendall-7 and peril, a
// person against the computer for the long jequier and simple games, and a
// four-seat Senet-modern game with one person and three computer seats.
// Then each replays.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';
import { DESKTOP, PHONE, home, playOut, shoot } from './play.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000', '--computer-delay-ms', '0'], { sqlite: true });

/**
 * Collects the page's errors.
 * @param {Page} page
 * @param {string[]} into
 * @param {string} name
 */
function watchErrors(page, into, name) {
  page.on('pageerror', (e) => into.push(`${name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') into.push(`${name} console: ${m.text()}`);
  });
}

/**
 * Opens the room at `url` as a spectator.
 * @param {Page} page
 * @param {string} url
 */
async function watch(page, url) {
  await page.goto(url);
  await page.waitForSelector('#join-form, #app[data-role="spectator"]');
  if (await page.locator('#watch-btn').count()) await page.click('#watch-btn');
  await page.waitForSelector('#app[data-role="spectator"]');
  await page.waitForSelector('#app[data-phase]');
}

/**
 * Checks the replay of the game the page just finished: every step can be
 * stepped to, the race chart has a line per seat.
 * @param {Page} page
 * @param {string} id  the rule set
 * @param {number} seats
 */
async function checkReplay(page, id, seats) {
  await page.click('[data-testid="replay-link"]');
  await page.waitForSelector('#replay-board .board');
  const last = Number(await page.getAttribute('#turn-slider', 'max'));
  assert.ok(last > 5, `${id}: the replay has its steps`);
  // The race chart's lines, not the review's win-chance chart (`wc-chart`),
  // which is there too once the game's review is done.
  assert.equal(await page.locator('.race-chart:not(.wc-chart) polyline').count(), seats);
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.getElementById('app')?.dataset.turn === String(n), last);
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('app')?.dataset.turn === '6');
  assert.match(await page.textContent('[data-testid="step-text"]') ?? '', /\w/);
  await shoot(page, `replay-${id}`);
}

for (const [id, people] of /** @type {const} */ ([['kendall-7', 2], ['peril', 2], ['jequier', 1], ['simple', 1]])) {
  test(`${people === 2 ? 'two people play' : 'a person plays the computer at'} ${id} to the end, then replay it`, { timeout: 900_000 }, async () => {
    const started = Date.now();
    const ctxA = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const ctxB = await env.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    /** @type {string[]} */
    const errors = [];
    watchErrors(a, errors, 'A');
    watchErrors(b, errors, 'B');
    await home(a, env.server.base, 'Nefertari');
    await a.check(`input[name="rule_set"][value="${id}"]`);
    await a.check('input[name="visibility"][value="private"]');
    if (people === 1) await a.selectOption('select[name="other1"]', 'beginner');
    await a.click('#create-btn');
    await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
    if (people === 2) {
      await a.waitForSelector('#invite-link');
      const invite = await a.inputValue('#invite-link');
      await b.goto(invite);
      await b.waitForSelector('#join-form');
      await b.fill('#join-name', 'Akhenaten');
      await b.click('#join-btn');
      await b.waitForSelector('#app[data-phase="throw"], #app[data-phase="decide"]');
    }
    await a.waitForSelector('#app[data-phase="throw"], #app[data-phase="decide"]');
    assert.equal(await a.getAttribute('#app', 'data-rule-set'), id);
    const actions = await playOut(people === 2 ? [a, b] : [a], {
      at: 40,
      onSteps: async () => {
        await a.screenshot({ path: join(OUTPUT_DIR, `play-${id}-1280x800.png`) });
        // Against the computer B watches: a spectator's board shows the
        // game in play now, and its end later (following every step live
        // is game.test.js's; here it would only halve the player's pace).
        if (people === 1) await watch(b, a.url());
        await b.screenshot({ path: join(OUTPUT_DIR, `play-${id}-390x844.png`), fullPage: true });
        if (people === 1) await b.goto('about:blank');
      },
    });
    await a.waitForSelector('[data-testid="result"]');
    if (people === 1) await watch(b, a.url());
    await b.waitForSelector('[data-testid="result"]');
    const result = await a.textContent('[data-testid="result"] h2') ?? '';
    assert.match(result, /(You win|Akhenaten won|Beginner computer won)/);
    await shoot(a, `end-${id}`);
    if (id === 'jequier') assert.match(await a.textContent('[data-testid="series"]') ?? '', /Series: /);
    await checkReplay(a, id, 2);
    assert.deepEqual(errors.filter((e) => !/WebSocket|ERR_CONNECTION|status of 404/.test(e)), []);
    console.log(`${id}: ${actions} actions, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await ctxA.close();
    await ctxB.close();
  });
}

test('one person and three computers play a four-seat Senet-modern game', { timeout: 400_000 }, async () => {
  const started = Date.now();
  const ctx = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const a = await ctx.newPage();
  /** @type {string[]} */
  const errors = [];
  watchErrors(a, errors, 'A');
  await home(a, env.server.base, 'Merneith');
  await a.check('input[name="rule_set"][value="modern"]');
  await a.check('input[name="seats"][value="4"]');
  assert.equal(await a.locator('select[data-other]').count(), 3);
  await a.selectOption('select[name="other1"]', 'beginner');
  await a.selectOption('select[name="other2"]', 'intermediate');
  await a.selectOption('select[name="other3"]', 'expert');
  await a.check('input[name="seat"][value="0"]');
  await shoot(a, 'home-modern');
  await a.click('#create-btn');
  await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await a.waitForSelector('#app[data-phase="throw"], #app[data-phase="decide"]');
  assert.equal(await a.locator('.player').count(), 4);
  assert.equal(await a.locator('.tray').count(), 4);
  const actions = await playOut([a], { at: 30, onSteps: () => shoot(a, 'play-modern-4') });
  await a.waitForSelector('[data-testid="result"]');
  assert.equal(await a.locator('.standing li').count(), 4);
  assert.match(await a.textContent('.standing') ?? '', /\d+ points?/);
  await shoot(a, 'end-modern-4');
  await checkReplay(a, 'modern', 4);
  assert.deepEqual(errors.filter((e) => !/WebSocket|ERR_CONNECTION|status of 404/.test(e)), []);
  console.log(`modern (4 seats): ${actions} actions, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await ctx.close();
});

test('the rules page shows every rule set with its special squares and the full rules', { timeout: 60_000 }, async () => {
  const ctx = await env.browser.newContext({ viewport: DESKTOP });
  const p = await ctx.newPage();
  await p.goto(`${env.server.base}/rules#peril`);
  await p.waitForSelector('.rule-set#peril');
  assert.equal(await p.locator('.rule-set').count(), 6);
  assert.match(await p.textContent('#peril') ?? '', /Vulture's Perch/);
  assert.ok((await p.locator('.rules-doc h2, .rules-doc h3').count()) > 10);
  await shoot(p, 'rules');
  await ctx.close();
});
