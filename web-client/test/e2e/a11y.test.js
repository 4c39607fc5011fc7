// Accessibility in real Chromium against the real server: axe-core finds no
// violation on any page (home, rules, the room waiting, with a decision to
// make and finished, the join card, the games list, a replay and the 404
// page), in the light and the dark colour scheme, at desktop size and on
// both phone sizes, where each page also fits the screen's width, every tap
// target is at least 44 px and the board and throw button share a screen; the main action is the
// first control after the skip link. Screenshots of every page in both
// schemes go to test-output/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './harness.js';
import { DESKTOP, autoplay, chooseFourWithComputers, home, openKendallRoom, stopAutoplay, twoPlayers, untilDecision } from './play.js';
import { axeViolations, check } from './axe.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000', '--computer-delay-ms', '0']);

/**
 * The keys from the top of a freshly loaded page to its main control: Tab
 * (the skip link comes first), Enter (into the game), Tab. True when the
 * focus is then on an element matching `selector`; else what it is on.
 * @param {Page} page
 * @param {string} ready  a selector that shows the page is drawn
 * @param {string} selector
 * @returns {Promise<true | string>}
 */
async function mainControlIn3Keys(page, ready, selector) {
  // Without the #app the skip link left in the address: that would start the Tabs inside the game.
  await page.goto(page.url().split('#')[0]);
  await page.waitForSelector(ready);
  await page.waitForFunction(() => (document.getElementById('app')?.dataset.queue ?? '0') === '0');
  /** @type {string[]} */
  const seen = [];
  for (const key of ['Tab', 'Enter', 'Tab']) {
    await page.keyboard.press(key);
    seen.push(await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}` : '';
    }));
  }
  if (seen[0] !== 'a.skip') return `the first Tab is on ${seen[0]}, not the skip link`;
  return (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) || `Tab, Enter, Tab ends on ${seen[2]}`;
}

for (const scheme of /** @type {const} */ (['light', 'dark'])) {
  test(`every page passes axe-core in the ${scheme} scheme`, { timeout: 300_000 }, async () => {
    const opts = { viewport: DESKTOP, colorScheme: scheme, reducedMotion: /** @type {const} */ ('reduce'), bypassCSP: true };
    const { a, b, pageErrors, close } = await twoPlayers(env.browser, opts, env.server.base);
    /** @type {string[]} */
    const found = [];

    // The theme follows the browser's colour scheme.
    await a.goto(`${env.server.base}/`);
    await a.waitForSelector('#create-form');
    assert.equal(await a.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
    const bg = await a.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await a.evaluate(() => {
      const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(document.documentElement).backgroundColor);
      return m ? (Number(m[1]) + Number(m[2]) + Number(m[3])) / 3 < 128 : false;
    });
    assert.equal(dark, scheme === 'dark', `the page's background (${bg}) suits the ${scheme} scheme`);

    // --- Home, rules, the 404 page.
    await a.waitForSelector('.lobby-list .empty');
    await check(a, scheme, 'home', found);
    await a.goto(`${env.server.base}/rules`);
    await a.waitForSelector('.rule-set');
    await a.waitForSelector('.rules-doc');
    await check(a, scheme, 'rules', found);
    const missing = await a.goto(`${env.server.base}/no/such/page`);
    assert.equal(missing?.status(), 404);
    await a.waitForSelector('text=Page not found');
    await check(a, scheme, 'not-found', found);

    // --- A room waiting for a player (with the toast the copy button shows).
    const invite = await openKendallRoom(a, env.server.base, 'Tiye');
    await check(a, scheme, 'room-waiting', found);

    // --- The join card, then a game with a decision to make.
    await b.goto(invite);
    await b.waitForSelector('#join-form');
    await check(b, scheme, 'join', found);
    await b.fill('#join-name', 'Amenhotep');
    await b.click('#join-btn');
    await a.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');

    // The main action comes first: Tab reaches the skip link, Enter follows
    // it into the game, and the next Tab is on the Throw button (3 keys).
    assert.equal(await mainControlIn3Keys(a, '#throw:not([disabled])', '#throw'), true);
    await check(a, scheme, 'room-throw', found);

    // Play until A has a decision on the board to make.
    assert.ok(await untilDecision(a, b), 'A came to a decision');
    // The same 3 keys reach a choice on the board or in the option list.
    assert.equal(await mainControlIn3Keys(a, '.piece.movable, .target, .option-btn:not([disabled])', '.piece.movable, .target, .option-btn'), true);
    await check(a, scheme, 'room-decide', found);
    // A special square's tooltip, shown on hover.
    await a.hover('.sq.special[data-square="15"]');
    for (const v of await axeViolations(a)) found.push(`${scheme} room-tooltip: ${v}`);
    // The other side of the table: waiting for A, the last step marked.
    await check(b, scheme, 'room-other', found);
    // A spectator: the banner, a read-only board, the count of watchers.
    const ctxC = await env.browser.newContext(opts);
    const c = await ctxC.newPage();
    await c.goto(invite);
    await c.waitForSelector('#app[data-role="spectator"]');
    await a.waitForSelector('[data-testid="spectators"]');
    await check(c, scheme, 'room-spectator', found);
    await ctxC.close();

    // --- A resigns: the finished game.
    await a.click('[data-action="resign"]');
    await a.click('dialog#confirm .dlg-yes');
    await a.waitForSelector('#app[data-phase="finished"]');
    await b.waitForSelector('#app[data-phase="finished"]');
    await check(a, scheme, 'room-finished', found);
    await check(b, scheme, 'room-finished-winner', found);
    const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);

    // --- The games list and the replay.
    await a.goto(`${env.server.base}/games`);
    await a.waitForSelector(`.hg-row[data-game="${gameId}"]`);
    await a.waitForSelector('[data-total="games"]');
    await check(a, scheme, 'games-mine', found);
    await a.goto(`${env.server.base}/games?tab=all`);
    await a.waitForSelector(`.hg-row[data-game="${gameId}"]`);
    await check(a, scheme, 'games-all', found);
    await a.goto(`${env.server.base}/games/${gameId}?step=1`);
    await a.waitForSelector('#app[data-page="replay"][data-turn="1"]');
    await a.waitForSelector('[data-testid="fairness"][data-verified]');
    await check(a, scheme, 'replay', found);

    assert.deepEqual(found, [], `axe-core found ${found.length} violation(s):\n${found.join('\n')}`);
    assert.deepEqual(pageErrors, []);
    await close();
  });
}

for (const scheme of /** @type {const} */ (['light', 'dark'])) {
  test(`a four-seat game with three computers passes axe-core in the ${scheme} scheme`, { timeout: 300_000 }, async () => {
    // Four colours and shapes, dice, the trays below the board, a race
    // chart of four lines: what the two-seat pages above do not show.
    const ctx = await env.browser.newContext({ viewport: DESKTOP, colorScheme: scheme, reducedMotion: 'reduce', bypassCSP: true });
    const a = await ctx.newPage();
    /** @type {string[]} */
    const found = [];
    /** @type {string[]} */
    const pageErrors = [];
    a.on('pageerror', (e) => pageErrors.push(e.message));
    await home(a, env.server.base, 'Merneith');
    await chooseFourWithComputers(a);
    await check(a, scheme, 'home-modern', found);
    await a.click('#create-btn');
    await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
    await a.waitForSelector('#app[data-phase="throw"], #app[data-phase="decide"]');
    // The computers are named by level, each differently.
    const names = await a.locator('.player.computer .player-name').allTextContents();
    assert.equal(new Set(names).size, 3, names.join(' / '));
    for (const n of names) assert.match(n, /^(Beginner|Intermediate|Expert) computer$/);
    // Some steps in, pieces spread over the board, then axe.
    await autoplay(a);
    await a.waitForFunction(() => document.getElementById('app')?.dataset.phase === 'finished' || document.querySelectorAll('.record-list li').length >= 24, null, { timeout: 120_000 });
    await stopAutoplay(a);
    await a.waitForFunction(() => (document.getElementById('app')?.dataset.queue ?? '0') === '0');
    await check(a, scheme, 'room-modern', found);
    if ((await a.getAttribute('#app', 'data-phase')) !== 'finished') {
      // A seat that lost every piece is out and has no resign button; and
      // the computers play on, so the game may end before the click.
      const resign = a.locator('[data-action="resign"]');
      if ((await resign.count()) > 0 && (await resign.click({ timeout: 10_000 }).then(() => true, () => false))) {
        await a.click('dialog#confirm .dlg-yes', { timeout: 10_000 }).catch(() => {});
      }
      // With four seats the computers may play on to the end.
      await a.waitForSelector('[data-testid="result"]', { timeout: 120_000 });
    }
    await check(a, scheme, 'room-modern-finished', found);
    await a.click('[data-testid="replay-link"]');
    await a.waitForSelector('#app[data-page="replay"]');
    await a.click('[data-step="last"]');
    await a.waitForSelector('.race-chart[data-seats="4"]');
    await check(a, scheme, 'replay-modern', found);

    assert.deepEqual(found, [], `axe-core found ${found.length} violation(s):\n${found.join('\n')}`);
    assert.deepEqual(pageErrors, []);
    await ctx.close();
  });
}
