// Match history in real Chromium against the real server and a fresh
// PostgreSQL database: two players play a few turns through the UI, the Cone
// resigns (a resigned game is finished and stored like any other; playing
// to the end takes minutes and is covered by game.test.js), then both find
// the game under "My games" and replay it turn by turn.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, buildServer, launchBrowser, startServer } from './harness.js';

/** @typedef {import('playwright-core').Page} Page */

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  const bin = buildServer();
  server = await startServer(bin, ['--rate-per-sec', '1000', '--rate-burst', '1000']);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** @param {Page} page */
const seqOf = (page) => page.evaluate(() => document.getElementById('app')?.dataset.seq ?? '');

/**
 * One click by the page if it is its turn: throw, or the first highlighted piece.
 * @param {Page} page
 */
async function clickTurn(page) {
  const what = await page.evaluate(() => {
    if (document.querySelector('#throw:not([disabled])')) return 'throw';
    if (document.querySelector('.piece.movable')) return 'move';
    return 'wait';
  });
  if (what === 'wait') return false;
  const seq = await seqOf(page);
  if (what === 'throw') await page.click('#throw');
  else await page.locator('.piece.movable').first().click();
  await page.waitForFunction((s) => (document.getElementById('app')?.dataset.seq ?? '') !== s, seq, { timeout: 15_000 });
  return true;
}

/**
 * The squares holding each side's pieces on the page's board.
 * @param {Page} page
 */
function boardOnPage(page) {
  return page.evaluate(() => {
    /** @param {string} side */
    const squares = (side) =>
      [...document.querySelectorAll(`.board .piece.${side}`)].map((el) => Number(/** @type {HTMLElement} */ (el).dataset.piece)).sort((a, b) => a - b);
    return { cone: squares('cone'), spool: squares('spool') };
  });
}

/**
 * The squares of each side in a position text.
 * @param {string} position
 */
function boardOfPosition(position) {
  /** @type {{cone: number[], spool: number[]}} */
  const out = { cone: [], spool: [] };
  [...position.slice(0, 30)].forEach((c, i) => {
    if (c === 'c') out.cone.push(i + 1);
    if (c === 's') out.spool.push(i + 1);
  });
  return out;
}

test('a finished game is listed under My games for both players and replays turn by turn', { timeout: 120_000 }, async () => {
  const ctxA = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  for (const [name, p] of /** @type {const} */ ([['A', a], ['B', b]])) {
    p.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  }

  // --- A creates a room as the Cone; B joins through the invite link.
  await a.goto(`${server.base}/`);
  await a.fill('#name', 'Hatshepsut');
  await a.check('input[name="side"][value="cone"]');
  await a.click('#create-btn');
  await a.waitForSelector('#invite-link');
  const invite = await a.inputValue('#invite-link');
  await b.goto(invite);
  await b.fill('#join-name', 'Thutmose');
  await b.click('#join-btn');
  await a.waitForSelector('#app[data-role="cone"][data-phase="to_throw"]');

  // --- A few turns by clicking, then A resigns through the dialog.
  for (let i = 0; i < 200; i += 1) {
    const turns = await a.locator('.record-list li').count();
    if (turns >= 4) break;
    const acted = (await clickTurn(a)) || (await clickTurn(b));
    if (!acted) await a.waitForTimeout(30);
  }
  assert.ok((await a.locator('.record-list li').count()) >= 4, 'a few turns were played');
  await a.click('[data-action="resign"]');
  await a.click('dialog#confirm .dlg-yes');
  await a.waitForSelector('#app[data-phase="finished"]');
  await b.waitForSelector('#app[data-phase="finished"]');
  const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  const game = await fetch(`${server.base}/api/games/${gameId}`).then((r) => r.json());
  assert.equal(game.status, 'finished');
  assert.deepEqual(game.result, { winner: 'spool', how: 'resigned' });
  const last = game.turns.length;
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
  await b.goto(`${server.base}/games`);
  await b.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  assert.match(await b.textContent(`.hg-row[data-game="${gameId}"]`) ?? '', /Won · resignation/);
  await b.waitForSelector('[data-total="wins"]');
  assert.equal(await b.textContent('[data-total="wins"]'), '1');
  await b.screenshot({ path: join(OUTPUT_DIR, '5-my-games-390x844.png') });

  // --- All recent games, filtered by name and by result.
  await a.goto(`${server.base}/games?tab=all`);
  await a.fill('#filters input[name="name"]', 'HATSHEP');
  await a.selectOption('#filters select[name="result"]', 'resigned');
  await a.click('#filters button[type="submit"]');
  await a.waitForURL(/tab=all&name=HATSHEP&result=resigned/);
  await a.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  await a.goto(`${server.base}/games?tab=all&result=cone`);
  await a.waitForSelector('#games .empty');

  // --- The replay: open it from the list; the last turn shows the final position.
  await a.goto(`${server.base}/games?tab=mine`);
  await a.click(`.hg-row[data-game="${gameId}"] a`);
  await a.waitForURL(new RegExp(`/games/${gameId}`));
  await a.waitForSelector('#app[data-page="replay"][data-turn="0"]');
  assert.deepEqual(await boardOnPage(a), boardOfPosition(game.start_position));
  await a.click('[data-step="last"]');
  await a.waitForSelector(`#app[data-turn="${last}"]`);
  assert.deepEqual(await boardOnPage(a), boardOfPosition(game.turns[last - 1].position));
  assert.equal(new URL(a.url()).searchParams.get('turn'), String(last));
  assert.equal(await a.getAttribute('.move-list [aria-current]', 'data-turn'), String(last));
  assert.equal(await a.inputValue('#turn-slider'), String(last));
  assert.equal(await a.getAttribute('.race-chart', 'data-turn'), String(last));
  await a.screenshot({ path: join(OUTPUT_DIR, '6-replay-last-1280x900.png'), fullPage: true });
  // Arrow keys, the buttons and the move list step through it.
  await a.keyboard.press('ArrowLeft');
  await a.waitForSelector(`#app[data-turn="${last - 1}"]`);
  assert.equal(new URL(a.url()).searchParams.get('turn'), String(last - 1));
  await a.click('[data-step="first"]');
  await a.waitForSelector('#app[data-turn="0"]');
  await a.click('[data-step="next"]');
  await a.waitForSelector('#app[data-turn="1"]');
  assert.equal(await a.textContent('[data-testid="throw"]'), String(game.turns[0].throw));
  await a.click('.move-list [data-turn="3"]');
  await a.waitForSelector('#app[data-turn="3"]');
  assert.deepEqual(await boardOnPage(a), boardOfPosition(game.turns[2].position));

  // --- A shared address opens at its turn (B's browser).
  await b.goto(`${server.base}/games/${gameId}?turn=2`);
  await b.waitForSelector('#app[data-page="replay"][data-turn="2"]');
  assert.deepEqual(await boardOnPage(b), boardOfPosition(game.turns[1].position));
  assert.equal(await b.getAttribute('.move-list [aria-current]', 'data-turn'), '2');
  assert.equal(await b.inputValue('#turn-slider'), '2');
  assert.equal(await b.textContent('#turn-label'), `Turn 2 of ${last}`);
  await b.screenshot({ path: join(OUTPUT_DIR, '6-replay-turn2-390x844.png'), fullPage: true });

  // --- The downloads.
  const txt = await fetch(`${server.base}/api/games/${gameId}/record.txt`);
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
