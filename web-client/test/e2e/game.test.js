// Two players and a spectator play a complete game in real Chromium against
// the real server and a fresh PostgreSQL database.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, escapeRegExp, ruleSetName, serverAndBrowser } from './harness.js';
import { DESKTOP, PHONE, act, nextSeq, playOut, seqOf, shoot, untilOneMayAct, whatNow } from './play.js';

/** @typedef {import('playwright-core').Page} Page */

// A high message rate: the test clicks as fast as the pages allow.
const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000', '--reconnect-timeout-secs', '2']);

/**
 * Presses Tab until the focused element matches `selector`.
 * @param {Page} page
 * @param {string} selector
 */
async function tabTo(page, selector) {
  for (let i = 0; i < 80; i += 1) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('two players create, share, play to the end, rematch; a spectator watches', { timeout: 900_000 }, async () => {
  const started = Date.now();
  const ctxA = await env.browser.newContext({ viewport: DESKTOP });
  await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.base });
  // B and C ask for reduced motion (pieces then jump without sliding), which
  // keeps the long game quick; A sees every animation.
  const ctxB = await env.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const ctxC = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const c = await ctxC.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  for (const [name, p] of /** @type {const} */ ([['A', a], ['B', b], ['C', c]])) {
    p.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`${name} console: ${m.text()}`);
    });
  }

  // --- Home: A names herself and creates a public room as the Cone.
  await a.goto(`${env.server.base}/`);
  await a.waitForSelector('#create-form');
  await a.waitForSelector('.lobby-list .empty');
  // B is on the home page already: the live lobby (GET /api/lobby/feed)
  // must bring A's room there without a reload and without polling.
  /** @type {string[]} */
  const lobbyPolls = [];
  b.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/lobby') lobbyPolls.push(r.url());
  });
  await b.goto(`${env.server.base}/`);
  await b.waitForSelector('.lobby-list .empty');
  await b.evaluate(() => { /** @type {any} */ (window).stillTheSamePage = true; });
  await shoot(a, '1-home');
  await a.click('#create-btn'); // no name yet: told in plain words
  assert.match(await a.textContent('#create-error') ?? '', /enter a name/i);
  await a.fill('#name', 'Nefertari');
  assert.equal(await a.locator('input[name="rule_set"]').count(), 6);
  await a.check('input[name="rule_set"][value="kendall"]');
  await a.check('input[name="seat"][value="0"]');
  await a.click('#create-btn');
  await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await a.waitForSelector('#invite-link');
  const invite = await a.inputValue('#invite-link');
  assert.match(invite, new RegExp(`^${env.server.base}/r/[A-Za-z0-9_-]{16}$`));
  assert.equal(new URL(invite).pathname, new URL(a.url()).pathname);
  await a.click('[data-action="copy"]');
  await a.waitForSelector('.toast-ok');
  await shoot(a, '2-waiting');

  // The invite link serves the page to browsers and JSON to API clients.
  const json = await fetch(invite, { headers: { Accept: 'application/json' } }).then((r) => r.json());
  assert.equal(json.status, 'waiting');
  assert.deepEqual(json.open_seats, [1]);

  // --- B sees the room appear in the lobby, then opens the invite link and joins.
  await b.waitForSelector(`.lobby-room [data-join]`);
  // The rule set's name as the server's description gives it.
  const kendall = escapeRegExp(await ruleSetName(env.server.base, 'kendall'));
  assert.match(await b.textContent('.lobby-list') ?? '', new RegExp(`Nefertari.*${kendall} · 1 of 2 seats open`, 's'));
  assert.equal(await b.evaluate(() => /** @type {any} */ (window).stillTheSamePage), true, 'no reload');
  assert.deepEqual(lobbyPolls, [], 'the home page follows the feed, it does not poll');
  await b.goto(invite);
  await b.waitForSelector('#join-form');
  assert.match(await b.textContent('.join-card h1') ?? '', /Nefertari invites you/);
  await b.fill('#join-name', 'Akhenaten');
  await b.click('#join-btn');
  await b.waitForSelector('#app[data-role="seat1"][data-phase="throw"]');
  await a.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');
  assert.match(await a.textContent('.players') ?? '', /Akhenaten/);

  // --- C watches: read-only board, told so.
  await c.goto(invite);
  await c.waitForSelector('#app[data-role="spectator"]');
  assert.match(await c.textContent('.banner.watching') ?? '', /You are watching/);
  assert.equal(await c.locator('#throw').count(), 0);

  // --- A plays keyboard-only turns until one of them moves a piece.
  let keyboardMoved = false;
  for (let attempt = 0; attempt < 6 && !keyboardMoved; attempt += 1) {
    if ((await whatNow(a)) !== 'throw') break;
    await tabTo(a, '#throw');
    let seq = await seqOf(a);
    await a.keyboard.press('Enter');
    await nextSeq(a, seq);
    if ((await whatNow(a)) === 'board') {
      await tabTo(a, '.piece.movable');
      const label = await a.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      assert.match(label, /^Move the piece on square \d+/);
      const turnsBefore = await a.locator('.record-list li').count();
      seq = await seqOf(a);
      await a.keyboard.press('Enter');
      await nextSeq(a, seq);
      await a.waitForFunction((n) => document.querySelectorAll('.record-list li').length > n, turnsBefore);
      keyboardMoved = true;
    }
  }
  assert.ok(keyboardMoved, 'a keyboard-only move was played');

  // --- Both play by clicking: throw, then the first highlighted piece.
  let actions = 0;
  let reloaded = false;
  let dropped = false;
  let midShot = false;
  let idle = 0;
  while (Date.now() - started < 840_000) { // generous: a loaded CI machine is slow
    const done = await a.evaluate(() => document.getElementById('app')?.dataset.phase === 'finished');
    if (done || (midShot && reloaded && dropped)) break;
    let acted = false;
    for (const page of [a, b]) {
      const what = await act(page);
      if (what === 'throw' || what === 'board' || what === 'option') {
        acted = true;
        actions += 1;
      }
    }
    idle = acted ? 0 : idle + 1;
    if (!acted) assert.ok(await untilOneMayAct([a, b]), 'the game stalled');
    assert.ok(idle < 400, 'the game stalled');

    if (!dropped && actions >= 10) {
      // A's socket drops: the page says so, reconnects and resyncs.
      dropped = true;
      await a.evaluate(() => /** @type {any} */ (window).senetDebug.drop());
      await a.waitForSelector('#conn[data-status="reconnecting"]');
      await a.waitForSelector('#conn[data-status="open"]', { timeout: 15_000 });
    }
    if (!reloaded && actions >= 30) {
      // B reloads mid-game and keeps the Spool seat.
      reloaded = true;
      const recordOf = (/** @type {import('playwright-core').Page} */ page) => page.textContent('[data-testid="record"]');
      const live = (await recordOf(b)) ?? '';
      await b.reload();
      await b.waitForSelector('#app[data-role="seat1"]');
      assert.match(await b.textContent('.player.me') ?? '', /Akhenaten/);
      assert.equal(await c.getAttribute('#app', 'data-role'), 'spectator');
      // Its record, rebuilt from the snapshot, reads as it did live before
      // the reload (in its own words: "You" for its seat), and goes on
      // from there if an event came after the record was read.
      const rebuilt = await b
        .waitForFunction((t) => (document.querySelector('[data-testid="record"]')?.textContent ?? '').startsWith(t), live, { timeout: 5_000 })
        .then(() => true, () => false);
      assert.ok(rebuilt && live.length > 0, `after a reload the record reads as it did live:\n${live}\n---\n${await recordOf(b)}`);
      assert.match((await recordOf(b)) ?? '', /piece moves from square/);
    }
    if (!midShot && actions >= 60 && (await whatNow(a)) === 'board') {
      // A has thrown: her movable pieces glow; hovering one previews the move.
      midShot = true;
      await shoot(a, '3-midgame');
      await a.locator('.piece.movable').first().hover();
      await a.waitForSelector('.sq.preview-dest, .tray.preview-dest');
      assert.match(await a.textContent('#preview') ?? '', /^Move the piece on square \d+/);
      await a.screenshot({ path: join(OUTPUT_DIR, '3-midgame-preview-1280x800.png') });
      await b.screenshot({ path: join(OUTPUT_DIR, '3-midgame-spool-390x844.png') });
      await c.screenshot({ path: join(OUTPUT_DIR, '3-midgame-spectator-1280x800.png') });
    }
  }
  // The rest of the game plays itself in both pages, as fast as the server answers.
  actions += await playOut([a, b]);
  await a.waitForSelector('#app[data-phase="finished"]');
  await b.waitForSelector('#app[data-phase="finished"]');
  await c.waitForSelector('#app[data-phase="finished"]');
  assert.ok(reloaded && dropped && midShot, `the game ran long enough (${actions} clicks)`);
  const resultA = await a.textContent('[data-testid="result"] h2');
  const resultB = await b.textContent('[data-testid="result"] h2');
  assert.match(resultA ?? '', /(You win|Akhenaten won), bearing off every piece/);
  assert.notEqual(resultA, resultB);
  assert.match(await c.textContent('[data-testid="result"] h2') ?? '', /(Nefertari|Akhenaten) won, bearing off every piece/);
  // Screen readers heard every step through the live region outside the
  // re-drawn page: the watcher heard throws, moves and the result.
  const heard = await c.textContent('[data-testid="said"]') ?? '';
  assert.match(heard, /threw: /);
  assert.match(heard, /(Nefertari|Akhenaten) won, bearing off every piece/);
  assert.match(await a.textContent('[data-testid="said"]') ?? '', /(You win|Akhenaten won)/);
  await shoot(a, '4-finished');
  await b.screenshot({ path: join(OUTPUT_DIR, '4-finished-spool-390x844.png') });

  // The stored game agrees: every turn was kept.
  const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  const game = await fetch(`${env.server.base}/api/games/${gameId}`).then((r) => r.json());
  assert.equal(game.status, 'finished');
  assert.equal(String(game.steps.length), await a.textContent('.record .count'));
  assert.equal(game.steps.length, game.step_count);

  // --- Rematch: A offers, B accepts, sides swap.
  await a.click('[data-action="offer_rematch"]');
  await b.waitForSelector('[data-action="accept_rematch"]');
  await b.click('[data-action="accept_rematch"]');
  await a.waitForSelector('#app[data-role="seat1"][data-phase="throw"]');
  await b.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');

  // --- Resign with confirmation ends game 2.
  await a.click('[data-action="resign"]');
  await a.waitForSelector('dialog#confirm[open]');
  await a.click('dialog#confirm .dlg-yes');
  await b.waitForSelector('#app[data-phase="finished"]');
  assert.match(await b.textContent('[data-testid="result"] h2') ?? '', /You win, by resignation/);

  // --- Game 3: A (Cone, to throw) leaves; B sees a countdown to when the
  // win may be claimed (the reconnect time, 2 s here), the button waits for
  // it, then the claim wins.
  await a.click('[data-action="offer_rematch"]');
  await b.waitForSelector('[data-action="accept_rematch"]');
  await b.click('[data-action="accept_rematch"]');
  await b.waitForSelector('#app[data-role="seat1"][data-phase="throw"]');
  await a.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');
  await a.close();
  await b.waitForSelector('[data-action="claim_win"]');
  const countdown = await b.waitForSelector('[data-testid="claim-countdown"]');
  assert.match(await countdown.textContent() ?? '', /^0:0[12]$/);
  assert.equal(await b.isDisabled('[data-action="claim_win"]'), true, 'not before the countdown ends');
  await b.waitForSelector('[data-action="claim_win"]:not([disabled])', { timeout: 5000 });
  assert.match(await b.textContent('[data-testid="claim-note"]') ?? '', /You may claim the win now/);
  await b.click('[data-action="claim_win"]');
  await b.click('dialog#confirm .dlg-yes');
  await b.waitForSelector('#app[data-phase="finished"]');
  assert.match(await b.textContent('[data-testid="result"] h2') ?? '', /You win, the opponent left the game/);

  assert.deepEqual(pageErrors.filter((e) => !/WebSocket|ERR_CONNECTION|status of 404/.test(e)), []);
  console.log(`full game: ${actions} clicks, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
});
