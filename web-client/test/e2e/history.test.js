// Match history in real Chromium against the real server and a fresh
// PostgreSQL database: two players play a few turns through the UI, the Cone
// resigns (a resigned game is finished and stored like any other; playing
// to the end takes minutes and is covered by game.test.js), then both find
// the game under "My games" and replay it turn by turn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';
import { act, untilOneMayAct } from './play.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000']);

/**
 * The squares holding each seat's pieces on the page's board.
 * @param {Page} page
 */
function boardOnPage(page) {
  return page.evaluate(() => {
    /** @param {number} c */
    const squares = (c) =>
      [...document.querySelectorAll(`.board .piece.c${c}`)].map((el) => Number(/** @type {HTMLElement} */ (el).closest('.sq')?.getAttribute('data-square'))).sort((a, b) => a - b);
    return [squares(0), squares(1)];
  });
}

/**
 * The squares of each seat in a view.
 * @param {{squares: Array<{colour: number} | null>}} view
 */
function boardOfView(view) {
  /** @type {number[][]} */
  const out = [[], []];
  view.squares.forEach((occ, i) => {
    if (occ) out[occ.colour].push(i + 1);
  });
  return out;
}

test('a finished game is listed under My games for both players and replays turn by turn', { timeout: 120_000 }, async () => {
  const ctxA = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const ctxB = await env.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  for (const [name, p] of /** @type {const} */ ([['A', a], ['B', b]])) {
    p.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  }

  // --- A creates a room as the Cone; B joins through the invite link.
  await a.goto(`${env.server.base}/`);
  await a.fill('#name', 'Hatshepsut');
  await a.check('input[name="seat"][value="0"]');
  await a.click('#create-btn');
  await a.waitForSelector('#invite-link');
  const invite = await a.inputValue('#invite-link');
  await b.goto(invite);
  await b.fill('#join-name', 'Thutmose');
  await b.click('#join-btn');
  await a.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');

  // --- A few turns by clicking, then A resigns through the dialog.
  for (let i = 0; i < 200; i += 1) {
    const turns = await a.locator('.record-list li').count();
    if (turns >= 4) break;
    const acted = (await act(a)) !== 'wait' || (await act(b)) !== 'wait';
    if (!acted) await untilOneMayAct([a, b]);
  }
  assert.ok((await a.locator('.record-list li').count()) >= 4, 'a few turns were played');
  await a.click('[data-action="resign"]');
  await a.click('dialog#confirm .dlg-yes');
  await a.waitForSelector('#app[data-phase="finished"]');
  await b.waitForSelector('#app[data-phase="finished"]');
  const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  const game = await fetch(`${env.server.base}/api/games/${gameId}`).then((r) => r.json());
  assert.equal(game.status, 'finished');
  assert.deepEqual(game.result, { winner: 'spool', how: 'resigned' });
  const last = game.steps.length;
  assert.ok(last >= 4);
  // The finished room links to the replay.
  assert.equal(await b.getAttribute('[data-testid="replay-link"]', 'href'), `/games/${gameId}`);

  // --- Both find it under "My games" (the header links there), with totals.
  await a.click('.top-nav a[href="/games"]');
  await a.waitForSelector(`#app[data-page="history"] .hg-row[data-game="${gameId}"]`);
  assert.match(await a.textContent('.tab[aria-current="page"]') ?? '', /My games/);
  assert.match(await a.textContent(`.hg-row[data-game="${gameId}"]`) ?? '', /Lost · resignation/);
  await a.waitForSelector('[data-total="games"]');
  assert.equal(await a.textContent('[data-total="games"]'), '1');
  assert.equal(await a.textContent('[data-total="losses"]'), '1');
  await b.goto(`${env.server.base}/games`);
  await b.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  assert.match(await b.textContent(`.hg-row[data-game="${gameId}"]`) ?? '', /Won · resignation/);
  await b.waitForSelector('[data-total="wins"]');
  assert.equal(await b.textContent('[data-total="wins"]'), '1');
  await b.screenshot({ path: join(OUTPUT_DIR, '5-my-games-390x844.png') });

  // --- All recent games, filtered by name and by result.
  await a.goto(`${env.server.base}/games?tab=all`);
  await a.fill('#filters input[name="name"]', 'HATSHEP');
  await a.selectOption('#filters select[name="result"]', 'resigned');
  await a.click('#filters button[type="submit"]');
  await a.waitForURL(/tab=all&name=HATSHEP&result=resigned/);
  await a.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  await a.selectOption('#filters select[name="rule_set"]', 'peril');
  await a.click('#filters button[type="submit"]');
  await a.waitForURL(/rule_set=peril/);
  await a.waitForSelector('#games .empty');
  await a.goto(`${env.server.base}/games?tab=all&rule_set=kendall`);
  await a.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  await a.goto(`${env.server.base}/games?tab=all&result=seat0`);
  await a.waitForSelector('#games .empty');

  // --- The replay: open it from the list; the last turn shows the final position.
  await a.goto(`${env.server.base}/games?tab=mine`);
  await a.click(`.hg-row[data-game="${gameId}"] a`);
  await a.waitForURL(new RegExp(`/games/${gameId}`));
  await a.waitForSelector('#app[data-page="replay"][data-turn="0"]');
  assert.deepEqual(await boardOnPage(a), boardOfView(game.start_view));
  // The browser checks every throw against the revealed seed (Web Crypto).
  await a.waitForSelector('[data-testid="fairness"][data-verified="true"]');
  const chances = game.steps.filter((/** @type {{seat: number | null}} */ s) => s.seat === null).length;
  assert.match(await a.textContent('[data-testid="fairness"]') ?? '', new RegExp(`All ${chances} chance steps verified`));
  await a.click('[data-step="last"]');
  await a.waitForSelector(`#app[data-turn="${last}"]`);
  assert.deepEqual(await boardOnPage(a), boardOfView(game.steps[last - 1].view));
  assert.equal(new URL(a.url()).searchParams.get('step'), String(last));
  assert.equal(await a.getAttribute('.move-list [aria-current]', 'data-turn'), String(last));
  assert.equal(await a.inputValue('#turn-slider'), String(last));
  assert.equal(await a.getAttribute('.race-chart', 'data-turn'), String(last));
  await a.screenshot({ path: join(OUTPUT_DIR, '6-replay-last-1280x900.png'), fullPage: true });
  // Arrow keys, the buttons and the move list step through it.
  await a.keyboard.press('ArrowLeft');
  await a.waitForSelector(`#app[data-turn="${last - 1}"]`);
  assert.equal(new URL(a.url()).searchParams.get('step'), String(last - 1));
  await a.click('[data-step="first"]');
  await a.waitForSelector('#app[data-turn="0"]');
  await a.click('[data-step="next"]');
  await a.waitForSelector('#app[data-turn="1"]');
  assert.match(await a.textContent('[data-testid="step-text"]') ?? '', /Hatshepsut threw: /);
  await a.click('.move-list [data-turn="3"]');
  await a.waitForSelector('#app[data-turn="3"]');
  assert.deepEqual(await boardOnPage(a), boardOfView(game.steps[2].view));

  // --- A shared address opens at its turn (B's browser).
  await b.goto(`${env.server.base}/games/${gameId}?turn=2`);
  await b.waitForSelector('#app[data-page="replay"][data-turn="2"]');
  assert.deepEqual(await boardOnPage(b), boardOfView(game.steps[1].view));
  assert.equal(await b.getAttribute('.move-list [aria-current]', 'data-turn'), '2');
  assert.equal(await b.inputValue('#turn-slider'), '2');
  assert.equal(await b.textContent('#turn-label'), `Step 2 of ${last}`);
  await b.screenshot({ path: join(OUTPUT_DIR, '6-replay-turn2-390x844.png'), fullPage: true });

  // --- The downloads.
  const txt = await fetch(`${env.server.base}/api/games/${gameId}/record.txt`);
  assert.equal(txt.status, 200);
  assert.equal(txt.headers.get('content-disposition'), `attachment; filename="senet-${gameId}.txt"`);
  const text = await txt.text();
  assert.match(text, /\[Cone "Hatshepsut"\]/);
  assert.match(text, /\[Result "spool resigned"\]/);
  assert.match(text, /^1\. c \d:/m);
  assert.equal(await a.getAttribute('a[href$="/record.json"]', 'download'), '');

  assert.deepEqual(pageErrors, []);
  await ctxA.close();
  await ctxB.close();
});
