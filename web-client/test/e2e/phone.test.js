// A phone (390×844, touch) plays a whole game by taps against a desktop
// player, in real Chromium against the real server: a tap previews, a
// second tap plays; nothing is ever wider than the screen; the endgame
// squares 28–30 are never under anything; the Sounds switch is remembered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';
import { DESKTOP, PHONE, act, nextSeq, seqOf, untilOneMayAct } from './play.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000']);

/**
 * The page is no wider than the screen (no sideways scrolling), also while
 * a tooltip shows (a tap on a special square focuses it).
 * @param {Page} page
 * @param {string} where
 */
async function fitsWidth(page, where) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide on a ${inner} px screen`);
}

/**
 * Squares 28–30 are not covered: scrolled into view as little as needed
 * (to the screen's bottom edge when below it, where a sticky bar would
 * sit), the point at each centre belongs to the square.
 * @param {Page} page
 * @param {string} where
 */
async function endgameVisible(page, where) {
  for (const n of [28, 29, 30]) {
    const hit = await page.evaluate(async (sq) => {
      const el = document.querySelector(`.sq[data-square="${sq}"]`);
      if (!el) return 'no square';
      // A piece sliding to its square (a step's 380 ms animation, started
      // with element.animate) passes over other squares for a moment; wait
      // for those, not for the CSS animations that loop (the glow).
      const slides = document.getAnimations().filter((a) => a.constructor === Animation);
      await Promise.all(slides.map((a) => a.finished.catch(() => undefined)));
      // Toasts come and go by themselves (a few seconds); this is about
      // what stays on the screen.
      for (const t of document.querySelectorAll('.toast')) t.remove();
      window.scrollTo(0, 0);
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (at && el.contains(at)) return 'ok';
      return at ? `${at.tagName.toLowerCase()}.${at.getAttribute('class') ?? ''}` : 'nothing';
    }, n);
    assert.equal(hit, 'ok', `${where}: square ${n} is covered by ${hit}`);
  }
  await fitsWidth(page, where);
}

/**
 * A phone screenshot (the whole page) into test-output/.
 * @param {Page} page
 * @param {string} name
 */
const shot = (page, name) => page.screenshot({ path: join(OUTPUT_DIR, `phone-${name}-390x844.png`), fullPage: true });

/** How many moves were played by one tap on a landing mark. */
let oneTaps = 0;

/**
 * One turn's action by taps: throw, tap a landing mark (one tap plays its
 * move), or tap a glowing piece (its preview shows and nothing is sent),
 * then tap it again or its destination.
 * @param {Page} page
 * @param {number} n  how many actions so far (varies how a move is confirmed)
 * @returns {Promise<string>}
 */
async function tapAct(page, n) {
  const app = page.locator('#app');
  if ((await app.getAttribute('data-phase')) === 'finished') return 'finished';
  if ((await app.getAttribute('data-queue')) !== '0') return 'wait';
  const seq = await seqOf(page);
  if (await page.locator('#throw:not([disabled])').count()) {
    await page.tap('#throw');
  } else {
    const controls = page.locator('[data-square-options]:not([data-square-options*="|"])');
    const landings = page.locator('.sq.landing');
    if (n % 3 === 1 && (await landings.count())) {
      // The landing marks are the preview, shown already: one tap plays.
      await landings.first().tap();
      oneTaps += 1;
    } else if (await controls.count()) {
      const control = controls.first();
      const key = await control.getAttribute('data-square-options');
      await control.tap();
      // Previewed, not played.
      await page.waitForSelector('.tap-selected');
      assert.equal(await seqOf(page), seq, 'a first tap does not play');
      assert.match(await page.textContent('#preview') ?? '', /Tap it again/);
      const dest = await page.evaluate(() => {
        const el = document.querySelector('.sq.preview-dest:not(:has(.tap-selected))');
        return el instanceof HTMLElement ? el.dataset.square ?? null : null;
      });
      if (n % 7 === 3) {
        // A tap beside the board cancels the preview.
        await page.tap('[data-testid="status"]');
        assert.equal(await page.locator('.tap-selected, .sq.preview-dest').count(), 0, 'a tap elsewhere cancels');
        await page.locator(`[data-square-options="${key}"]`).tap();
        await page.waitForSelector('.tap-selected');
      }
      if (dest && n % 2 === 0) await page.tap(`.sq[data-square="${dest}"]`);
      else await page.locator(`[data-square-options="${key}"]`).tap();
    } else if (await page.locator('.option-btn:not([disabled])').count()) {
      await page.locator('.option-btn:not([disabled])').first().tap();
    } else return 'wait';
  }
  try {
    await nextSeq(page, seq);
  } catch {
    return 'stale';
  }
  return 'acted';
}

test('a phone plays a whole game by taps; nothing overflows; 28–30 stay visible; Sounds is remembered', { timeout: 900_000 }, async () => {
  const started = Date.now();
  const phoneCtx = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const deskCtx = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const p = await phoneCtx.newPage();
  const d = await deskCtx.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  for (const [name, page] of /** @type {const} */ ([['phone', p], ['desktop', d]])) {
    page.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`${name} console: ${m.text()}`);
    });
  }

  // --- Every page before the game: home, rules, games, not found.
  await p.goto(`${env.server.base}/`);
  await p.waitForSelector('#create-form');
  await fitsWidth(p, 'home');
  const header = await p.evaluate(() => {
    const b = document.querySelector('.brand-name')?.getBoundingClientRect();
    return b ? b.height : 0;
  });
  assert.ok(header > 0 && header < 40, `"Senet Online" stays on one line (${header} px high)`);
  await shot(p, '1-home');
  await p.goto(`${env.server.base}/rules`);
  await p.waitForSelector('.rule-set');
  await fitsWidth(p, 'rules');
  await shot(p, '1-rules');
  await p.goto(`${env.server.base}/games`);
  await p.waitForSelector('#app[data-page]');
  await fitsWidth(p, 'games');
  await p.goto(`${env.server.base}/no/such/page`);
  await p.waitForSelector('text=Page not found');
  await fitsWidth(p, 'not found');

  // --- The phone creates a Kendall room; the desktop joins by the link.
  await p.goto(`${env.server.base}/`);
  await p.waitForSelector('#create-form');
  await p.fill('#name', 'Tiye');
  await p.check('input[name="rule_set"][value="kendall"]');
  await p.check('input[name="seat"][value="0"]');
  await p.tap('#create-btn');
  await p.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await p.waitForSelector('#invite-link');
  await fitsWidth(p, 'waiting room');
  await shot(p, '2-waiting');
  // Sounds are on until switched off.
  assert.equal(await p.isChecked('[data-setting="sound"]'), true);
  const invite = await p.inputValue('#invite-link');
  await d.goto(invite);
  await d.waitForSelector('#join-form');
  await d.fill('#join-name', 'Ahmose');
  await d.click('#join-btn');
  await p.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');
  await d.waitForSelector('#app[data-role="seat1"]');
  await endgameVisible(p, 'game start');
  await shot(p, '3-start');

  // Special squares' tooltips show on a tap (focus) and stay on the screen.
  for (const n of [15, 26, 27, 28, 29, 30]) {
    const special = p.locator(`.sq.special[data-square="${n}"]`);
    if (!(await special.count())) continue;
    await special.hover();
    // Shown only once the pointer has rested on the square a while.
    await p.waitForFunction((sq) => {
      const tip = document.querySelector(`#tip-${sq}`);
      return tip instanceof HTMLElement && getComputedStyle(tip).visibility === 'visible' && getComputedStyle(tip).opacity === '1';
    }, n);
    const box = await p.evaluate((sq) => {
      const tip = document.querySelector(`#tip-${sq}`);
      if (!(tip instanceof HTMLElement) || getComputedStyle(tip).display === 'none') return null;
      const r = tip.getBoundingClientRect();
      return { left: r.left, right: r.right, inner: window.innerWidth };
    }, n);
    assert.ok(box, `the tooltip of ${n} shows`);
    assert.ok(box.left >= 0 && box.right <= box.inner, `the tooltip of ${n} stays on the screen: ${JSON.stringify(box)}`);
    await fitsWidth(p, `tooltip of ${n}`);
  }
  await p.mouse.move(1, 1);

  // --- Play: the phone by taps, the desktop by clicks.
  let actions = 0;
  let idle = 0;
  let muted = false;
  let soundsBefore = /** @type {string[]} */ ([]);
  let midShot = false;
  while (Date.now() - started < 840_000) {
    if ((await p.getAttribute('#app', 'data-phase')) === 'finished') break;
    let acted = false;
    const phoneDid = await tapAct(p, actions);
    if (phoneDid === 'acted') {
      acted = true;
      actions += 1;
      if (actions % 6 === 0) await endgameVisible(p, `after ${actions} taps`);
    }
    const deskDid = await act(d);
    if (deskDid === 'throw' || deskDid === 'board' || deskDid === 'option') acted = true;
    idle = acted ? 0 : idle + 1;
    if (!acted) assert.ok(await untilOneMayAct([p, d]), 'the game stalled');
    assert.ok(idle < 400, 'the game stalled');

    if (!midShot && actions >= 40 && (await p.locator('.tap-selected').count()) === 0 && (await p.locator('[data-square-options]').count())) {
      midShot = true;
      await shot(p, '4-midgame');
      const first = p.locator('[data-square-options]').first();
      await first.tap();
      await p.waitForSelector('.tap-selected');
      await p.screenshot({ path: join(OUTPUT_DIR, 'phone-4-midgame-preview-390x844.png') });
      // A tap elsewhere cancels; the board is as it was.
      await p.tap('[data-testid="status"]');
      assert.equal(await p.locator('.tap-selected, .sq.preview-dest').count(), 0);
    }
    if (!muted && actions >= 20) {
      // The game so far was heard: throws, moves, "your turn".
      const heard = /** @type {string[]} */ (await p.evaluate(() => /** @type {any} */ (window).senetDebug.sounds()));
      assert.ok(heard.includes('throw') && heard.includes('move') && heard.includes('turn'), `sounds so far: ${heard.join(' ')}`);
      // Switched off, remembered across a reload; nothing heard after.
      muted = true;
      await p.locator('[data-setting="sound"]').tap();
      assert.equal(await p.evaluate(() => localStorage.getItem('senet.muted')), '1');
      await p.reload();
      await p.waitForSelector('#app[data-role="seat0"]');
      assert.equal(await p.isChecked('[data-setting="sound"]'), false);
      soundsBefore = await p.evaluate(() => /** @type {any} */ (window).senetDebug.sounds());
    }
  }
  await p.waitForSelector('#app[data-phase="finished"]');
  assert.ok(muted && midShot, `the game ran long enough (${actions} taps)`);
  assert.ok(oneTaps > 0, 'some moves were played by one tap on a landing mark');
  assert.deepEqual(await p.evaluate(() => /** @type {any} */ (window).senetDebug.sounds()), soundsBefore, 'muted: silent');
  assert.match(await p.textContent('[data-testid="result"] h2') ?? '', /(You win|Ahmose won)/);
  await endgameVisible(p, 'finished');
  await shot(p, '5-finished');

  // --- History and the replay of this game, on the phone.
  const gameId = await p.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  await p.goto(`${env.server.base}/games`);
  await p.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  await fitsWidth(p, 'games');
  await shot(p, '6-games');
  await p.goto(`${env.server.base}/games/${gameId}?step=40`);
  await p.waitForSelector('#app[data-page="replay"] .sq[data-square="30"]');
  await endgameVisible(p, 'replay');
  await shot(p, '7-replay');

  assert.deepEqual(pageErrors.filter((e) => !/WebSocket|ERR_CONNECTION|status of 404/.test(e)), []);
  console.log(`phone game: ${actions} taps (${oneTaps} one-tap moves), ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await phoneCtx.close();
  await deskCtx.close();
});
