// The live home page and "your turn" elsewhere, in real Chromium against
// the real server: a watcher's home page shows a timed room's time control
// in the lobby and the game under "Playing now" once it starts and drops it
// once it ends, without a reload and without polling (the games page's
// "Playing now" tab too); the player who opted
// in is notified of their turn while their tab is hidden, and not while it
// is visible; the replay shows the time control and each decision's time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleSetName, serverAndBrowser } from './harness.js';
import { act, home, shoot, untilOneMayAct, whatNow } from './play.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000']);

/**
 * Makes the page believe its tab is hidden (or visible again), as a
 * switch to another tab would.
 * @param {Page} page
 * @param {boolean} hidden
 */
function setHidden(page, hidden) {
  return page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** @param {Page} page */
const notes = (page) => page.evaluate(() => /** @type {any} */ (window).senetNotes.slice());

test('the home page follows lobby and games live; your turn is notified only when hidden', { timeout: 180_000 }, async () => {
  const ctxA = await env.browser.newContext({ reducedMotion: 'reduce' });
  await ctxA.grantPermissions(['notifications'], { origin: env.server.base });
  // Every Notification the page makes is recorded, then made for real.
  await ctxA.addInitScript(() => {
    const w = /** @type {any} */ (window);
    const Real = w.Notification;
    w.senetNotes = [];
    if (typeof Real !== 'function') return;
    class Recorded extends Real {
      /** @param {string} title @param {NotificationOptions} [options] */
      constructor(title, options) {
        w.senetNotes.push({ title, tag: options?.tag ?? '' });
        super(title, options);
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
    Object.defineProperty(Recorded, 'requestPermission', { value: (/** @type {any[]} */ ...args) => Real.requestPermission(...args) });
    w.Notification = Recorded;
  });
  const ctxB = await env.browser.newContext({ reducedMotion: 'reduce' });
  const ctxW = await env.browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const w = await ctxW.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  for (const [name, p] of /** @type {const} */ ([['A', a], ['B', b], ['W', w]])) {
    p.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  }

  // W watches the home page; it must never ask again for either list.
  /** @type {string[]} */
  const polls = [];
  w.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/lobby' || path === '/api/games/live') polls.push(path);
  });
  await w.goto(`${env.server.base}/`);
  await w.waitForSelector('[data-testid="live-games"] .empty');
  await w.evaluate(() => { /** @type {any} */ (window).stillTheSamePage = true; });

  // A creates a public Kendall room with a 5 min + 3 s clock, as the Cone.
  await home(a, env.server.base, 'Nefertari');
  await a.check('input[name="rule_set"][value="kendall"]');
  await a.check('input[name="seat"][value="0"]');
  await a.selectOption('#time-control', 'clock:300+3');
  await a.click('#create-btn');
  await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  const invite = a.url();

  // The lobby says the room's time control in the room page's words.
  await w.waitForSelector('.lobby-room');
  assert.match(await w.textContent('.lobby-list') ?? '', /Nefertari.*5 min \+ 3 s · 1 of 2 seats open/s);

  // A opts in: the browser is asked on that click (granted here).
  await a.waitForSelector('[data-setting="notify"]');
  await a.check('[data-setting="notify"]');
  await a.waitForFunction(() => localStorage.getItem('senet.notify') === '1');
  await shoot(a, 'lobby-0-room-notify');
  assert.deepEqual(await notes(a), [], 'nothing yet');
  // A goes to another tab; B joins and the first turn is A's.
  await setHidden(a, true);
  await b.goto(invite);
  await b.waitForSelector('#join-form');
  await b.fill('#join-name', 'Akhenaten');
  await b.click('#join-btn');
  await b.waitForSelector('#app[data-role="seat1"]');
  await a.waitForFunction(() => /** @type {any} */ (window).senetNotes.length > 0);
  const told = await notes(a);
  assert.equal(told.length, 1, JSON.stringify(told));
  assert.equal(told[0].title, `Your turn — ${await ruleSetName(env.server.base, 'kendall')} vs Akhenaten`);

  // W's "Playing now" shows the game, with its clock; the lobby drops it.
  await w.waitForSelector('[data-testid="live-games"] .hg-row');
  const live = await w.textContent('[data-testid="live-games"]') ?? '';
  assert.match(live, /Nefertari.*vs.*Akhenaten/s);
  assert.match(live, /5 min \+ 3 s/);
  await w.waitForSelector('.lobby-list .empty');
  await shoot(w, 'lobby-1-playing-now');
  // The games page's "Playing now" tab shows it too, and follows the feed.
  const tab = await ctxW.newPage();
  tab.on('pageerror', (e) => pageErrors.push(`W games: ${e.message}`));
  await tab.goto(`${env.server.base}/games?tab=live`);
  await tab.waitForSelector('#games .hg-row');
  assert.match(await tab.textContent('#games') ?? '', /5 min \+ 3 s/);

  // Back on the tab: the turns that come now are not notified.
  await setHidden(a, false);
  let bActed = false;
  for (let i = 0; i < 80; i += 1) {
    const now = await whatNow(a);
    if (now === 'finished' || (bActed && now === 'throw')) break;
    if (now !== 'wait') {
      await act(a);
      continue;
    }
    const other = await whatNow(b);
    if (other !== 'wait' && other !== 'finished') {
      await act(b);
      bActed = true;
      continue;
    }
    await untilOneMayAct([a, b]);
  }
  assert.ok(bActed, 'the turn went to B and back');
  assert.equal((await notes(a)).length, 1, 'no notification while the tab is visible');

  // A resigns: the game leaves "Playing now".
  await a.click('[data-action="resign"]');
  await a.waitForSelector('dialog#confirm[open]');
  await a.click('dialog#confirm .dlg-yes');
  await a.waitForSelector('#app[data-phase="finished"]');
  await w.waitForSelector('[data-testid="live-games"] .empty');
  await tab.waitForSelector('#games .empty');
  assert.equal(await w.evaluate(() => /** @type {any} */ (window).stillTheSamePage), true, 'no reload');
  assert.deepEqual(polls, [], 'the home page follows the feed, it does not poll');

  // The replay: the time control, and each decision's time in the list.
  const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  await w.goto(`${env.server.base}/games/${gameId}`);
  await w.waitForSelector('[data-testid="moves"] .think');
  assert.equal(await w.textContent('[data-testid="time-control"]'), '5 min + 3 s');
  assert.match(await w.textContent('[data-testid="moves"] .think') ?? '', /took (\d+(\.\d)? s|\d+ min \d\d s)$/);
  await shoot(w, 'lobby-2-replay-times');
  assert.deepEqual(pageErrors, []);
  await ctxA.close();
  await ctxB.close();
  await ctxW.close();
});
