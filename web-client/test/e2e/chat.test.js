// Room chat in real Chromium against the real server: two players chat
// both ways (typed and a quick phrase), hostile text shows as text and runs
// nothing, spectators talk among themselves unseen by the players until a
// player shows their chat, muting hides a player's messages (and is
// remembered on reload), the creator turns chat off, and the chat is shown
// beside the game's replay.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { OUTPUT_DIR, serverAndBrowser } from './harness.js';
import { DESKTOP, PHONE, home } from './play.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser([]);

/**
 * The texts of the chat messages a page shows, in order.
 * @param {Page} page
 */
const shownTexts = (page) => page.locator('[data-testid="chat"] .chat-log .chat-text').allTextContents();

/**
 * Waits until the page shows a chat message with exactly this text.
 * @param {Page} page
 * @param {string} text
 */
async function sees(page, text) {
  try {
    await page.waitForFunction(
      (t) => [...document.querySelectorAll('[data-testid="chat"] .chat-log .chat-text')].some((el) => el.textContent === t),
      text,
      { timeout: 10_000 },
    );
  } catch (error) {
    // Say what the page showed, so a failure can be told from a slow one.
    const note = await page.textContent('[data-testid="chat"] .chat-note').catch(() => null);
    const conn = await page.getAttribute('#conn', 'data-status').catch(() => null);
    throw new Error(`"${text}" not shown; chat note: ${JSON.stringify(note)}; connection: ${conn}; shown: ${(await shownTexts(page)).join(' | ')}`, { cause: error });
  }
}

/**
 * Types a message and sends it with Enter.
 * @param {Page} page
 * @param {string} text
 */
async function type(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
}

/**
 * A visitor with a saved name (as if they had created a room before), who
 * then opens `url`: a spectator who may write to the spectators' chat.
 * @param {Page} page
 * @param {string} name
 * @param {string} url
 */
async function namedVisitor(page, name, url) {
  const res = await fetch(`${env.server.base}/api/players`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ display_name: name }),
  });
  assert.equal(res.status, 201);
  const id = await res.json();
  await page.goto(`${env.server.base}/rules`);
  await page.evaluate((saved) => localStorage.setItem('senet.identities.v1', JSON.stringify({ current: saved, known: [saved] })), {
    player_id: id.player_id,
    token: id.token,
    display_name: name,
  });
  await page.goto(url);
  await page.waitForSelector('#app[data-role="spectator"]');
  await page.waitForSelector('[data-testid="chat"][data-role="spectator"]:not([hidden])');
}

test('two players chat; spectators among themselves; hostile text is text; muting; chat off; the replay', { timeout: 180_000 }, async () => {
  const contexts = await Promise.all([DESKTOP, PHONE, DESKTOP, DESKTOP].map((viewport) => env.browser.newContext({ viewport, reducedMotion: 'reduce' })));
  const [a, b, c, d] = await Promise.all(contexts.map((ctx) => ctx.newPage()));
  /** @type {string[]} */
  const pageErrors = [];
  for (const [name, p] of /** @type {const} */ ([['A', a], ['B', b], ['C', c], ['D', d]])) {
    p.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
    p.on('dialog', (dialog) => {
      pageErrors.push(`${name}: a dialog opened: ${dialog.message()}`);
      dialog.dismiss().catch(() => {});
    });
  }

  // --- A creates a room; B joins by the invite link.
  await home(a, env.server.base, 'Ann');
  await a.check('input[name="rule_set"][value="kendall"]');
  await a.check('input[name="seat"][value="0"]');
  await a.click('#create-btn');
  await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  const invite = await a.inputValue('#invite-link');
  await b.goto(invite);
  await b.fill('#join-name', 'Bob');
  await b.click('#join-btn');
  await b.waitForSelector('#app[data-role="seat1"]');
  await a.waitForSelector('#app[data-role="seat0"]');
  for (const p of [a, b]) await p.waitForSelector('[data-testid="chat"][data-role="player"]:not([hidden]) #chat-input');
  assert.equal(await a.textContent('.chat-label'), 'Message to the players');

  // --- Both ways: typed, and a quick phrase.
  await type(a, 'Hello Bob');
  await sees(b, 'Hello Bob');
  assert.equal(await a.inputValue('#chat-input'), '', 'the input is emptied once sent');
  await b.click('[data-phrase="Good luck"]');
  await sees(a, 'Good luck');
  assert.match(await a.locator('.chat-line').last().textContent() ?? '', /Bob\s+player/);

  // --- Hostile text is shown as it was written and runs nothing.
  const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><b>bold?</b>';
  await type(a, hostile);
  await sees(b, hostile);
  for (const p of [a, b]) {
    assert.equal(await p.locator('[data-testid="chat"] img, [data-testid="chat"] script, [data-testid="chat"] .chat-log b').count(), 0);
    assert.equal(await p.evaluate(() => /** @type {any} */ (window).pwned), undefined);
  }

  // --- Two spectators talk among themselves; the players do not see it.
  await namedVisitor(c, 'Cleo', invite);
  await namedVisitor(d, 'Dana', invite);
  assert.equal(await c.textContent('.chat-label'), 'Message to the spectators');
  // The spectators read the players' chat too.
  await sees(c, 'Hello Bob');
  await type(c, 'Go Ann!');
  await sees(d, 'Go Ann!');
  await d.click('[data-phrase="Oops"]');
  await sees(c, 'Oops');
  // Had the spectators' messages reached the players, they would come before this.
  await type(b, 'marker one');
  await sees(a, 'marker one');
  for (const p of [a, b]) {
    const texts = await shownTexts(p);
    assert.ok(!texts.includes('Go Ann!') && !texts.includes('Oops'), texts.join(' | '));
  }
  // A chooses to see the spectators' chat: its history comes, then what follows.
  await a.check('[data-chat="follow"]');
  await sees(a, 'Go Ann!');
  await type(d, 'Hi Ann');
  await sees(a, 'Hi Ann');
  assert.match(await a.locator('.chat-line.chat-spectators').first().textContent() ?? '', /Cleo\s+spectator/);
  await type(a, 'marker two');
  await sees(b, 'marker two');
  assert.ok(!(await shownTexts(b)).includes('Hi Ann'), 'B did not ask for the spectators');
  await a.screenshot({ path: join(OUTPUT_DIR, 'chat-1-player.png'), fullPage: true });
  await c.screenshot({ path: join(OUTPUT_DIR, 'chat-2-spectator.png'), fullPage: true });

  // --- B mutes Ann: her messages go, old and new; remembered on reload.
  await b.click('[data-mute]');
  assert.equal(await b.getAttribute('[data-mute]', 'aria-pressed'), 'true');
  assert.ok(!(await shownTexts(b)).includes('Hello Bob'));
  // A's fifth chat message (with the follow): a sixth within 10 seconds
  // would be refused (`chat_rate_limited`), as it was on a fast run.
  await type(a, 'are you there?');
  await sees(c, 'are you there?');
  await b.click('[data-phrase="Thanks"]');
  await sees(b, 'Thanks');
  assert.deepEqual((await shownTexts(b)).filter((t) => t.includes('there') || t.includes('Hello')), []);
  await b.reload();
  await b.waitForSelector('[data-testid="chat"] .chat-log .chat-text');
  await sees(b, 'Thanks');
  assert.equal(await b.getAttribute('[data-mute]', 'aria-pressed'), 'true');
  assert.ok(!(await shownTexts(b)).includes('are you there?'), 'still muted after a reload');
  await b.click('[data-mute]');
  await sees(b, 'are you there?');

  // --- The creator turns chat off: nobody can write, the inputs go.
  assert.equal(await b.locator('[data-chat="switch"]').isVisible(), false, 'only the creator has the switch');
  await a.uncheck('[data-chat="switch"]');
  for (const p of [a, b, c]) {
    await p.waitForSelector('[data-testid="chat"][data-on="false"]');
    assert.equal(await p.locator('#chat-input').isVisible(), false);
    assert.match(await p.textContent('.chat-note') ?? '', /Chat is off/);
  }
  await a.check('[data-chat="switch"]');
  await b.waitForSelector('[data-testid="chat"][data-on="true"] #chat-input');

  // --- The game ends; its replay shows the players' chat, the spectators' on request.
  await b.click('[data-action="resign"]');
  await b.click('#confirm .dlg-yes');
  await a.waitForSelector('#app[data-phase="finished"]');
  const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);
  await a.goto(`${env.server.base}/games/${gameId}`);
  await a.waitForSelector('[data-testid="replay-chat"] .chat-log .chat-text');
  const replayTexts = () => a.locator('[data-testid="replay-chat"] .chat-text').allTextContents();
  let texts = await replayTexts();
  assert.ok(texts.includes('Hello Bob') && texts.includes(hostile) && !texts.includes('Go Ann!'), texts.join(' | '));
  assert.equal(await a.locator('[data-testid="replay-chat"] img').count(), 0);
  await a.check('[data-chat="spectators"]');
  texts = await replayTexts();
  assert.ok(texts.includes('Go Ann!') && texts.includes('Hi Ann'), texts.join(' | '));
  await a.screenshot({ path: join(OUTPUT_DIR, 'chat-3-replay.png'), fullPage: true });

  assert.deepEqual(pageErrors, []);
  await Promise.all(contexts.map((ctx) => ctx.close()));
});
