// The site in Spanish, in real Chromium against the real server: a browser
// whose language is Spanish gets every page and state in Spanish (no
// English phrase of the catalogues, no common English word), with
// `<html lang="es">`; the header's picker switches to English and back at
// the same address, and the choice is remembered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './harness.js';
import { DESKTOP, autoplay, chooseFourWithComputers, laidOut, openKendallRoom, shoot, stopAutoplay, twoPlayers, untilDecision } from './play.js';
import { englishOnPage, englishOnly } from './english.js';
import { PHONES, phoneProblems } from './fit.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000', '--computer-delay-ms', '0']);
const SPANISH = { viewport: DESKTOP, locale: 'es-ES', reducedMotion: /** @type {const} */ ('reduce'), bypassCSP: true };
const PHRASES = englishOnly('es');

/**
 * Checks the page as it is now for English; collects what it finds.
 * @param {Page} page
 * @param {string} name  the page and state, for the report
 * @param {string[]} found
 */
async function spanish(page, name, found) {
  await page.mouse.move(1, 1); // no hover tooltip
  await page.waitForFunction(() => (document.getElementById('app')?.dataset.queue ?? '0') === '0');
  assert.equal(await page.getAttribute('html', 'lang'), 'es', `${name}: <html lang>`);
  for (const p of await englishOnPage(page, PHRASES)) found.push(`${name}: ${p}`);
  // Spanish runs longer than English: the smaller phone still fits it.
  const own = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONES[1]);
  await laidOut(page);
  for (const p of await phoneProblems(page)) found.push(`${name} ${PHONES[1].width}×${PHONES[1].height}: ${p}`);
  await page.setViewportSize(own);
  await laidOut(page);
  await shoot(page, `i18n-es-${name}`);
}

test('a Spanish browser gets every page and state in Spanish', { timeout: 400_000 }, async () => {
  assert.ok(PHRASES.length > 300, `only ${PHRASES.length} English phrases to look for`);
  const { a, b, pageErrors, close } = await twoPlayers(env.browser, SPANISH, env.server.base);
  /** @type {string[]} */
  const found = [];

  // --- Home, rules, lessons, the 404 page.
  await a.goto(`${env.server.base}/`);
  await a.waitForSelector('#create-form');
  await a.waitForSelector('.lobby-list .empty');
  assert.equal(await a.textContent('.top-nav a[href="/rules"]'), 'Reglas');
  await spanish(a, 'home', found);
  await a.goto(`${env.server.base}/rules`);
  await a.waitForSelector('.rule-set');
  await a.waitForSelector('.rules-doc');
  await spanish(a, 'rules', found);
  await a.goto(`${env.server.base}/learn`);
  await a.waitForSelector('.learn-list');
  await spanish(a, 'learn-list', found);
  await a.click('.learn-list a[href="/learn/peril"]');
  await a.waitForSelector('#learn-form');
  await a.fill('#learn-name', '');
  await a.click('#learn-start');
  await a.waitForFunction(() => (document.getElementById('learn-error')?.textContent ?? '').length > 0);
  await spanish(a, 'learn-start', found);
  const missing = await a.goto(`${env.server.base}/no/such/page`);
  assert.equal(missing?.status(), 404);
  await a.waitForSelector('.panel.center h1');
  await spanish(a, 'not-found', found);

  // --- A room waiting for a player, the join card, a game.
  const invite = await openKendallRoom(a, env.server.base, 'Tiye');
  await spanish(a, 'room-waiting', found);
  await b.goto(invite);
  await b.waitForSelector('#join-form');
  await spanish(b, 'join', found);
  await b.fill('#join-name', 'Amenhotep');
  await b.click('#join-btn');
  await a.waitForSelector('#app[data-role="seat0"][data-phase="throw"]');
  await spanish(a, 'room-throw', found);
  assert.ok(await untilDecision(a, b), 'A came to a decision');
  await spanish(a, 'room-decide', found);
  await spanish(b, 'room-other', found);
  // The record and the screen reader's words after the opponent's steps.
  const said = (await b.textContent('[data-testid="said"]')) ?? '';
  assert.ok(said.length > 0, 'the opponent\'s steps were said');
  await a.click('[data-action="resign"]');
  await a.click('dialog#confirm .dlg-yes');
  await a.waitForSelector('#app[data-phase="finished"]');
  await b.waitForSelector('#app[data-phase="finished"]');
  await spanish(a, 'room-finished', found);
  await spanish(b, 'room-finished-winner', found);
  const gameId = await a.evaluate(() => /** @type {any} */ (window).senetDebug.state().gameId);

  // --- The games list, the replay with its review.
  await a.goto(`${env.server.base}/games`);
  await a.waitForSelector(`.hg-row[data-game="${gameId}"]`);
  await spanish(a, 'games-mine', found);
  await a.goto(`${env.server.base}/games/${gameId}?step=1`);
  await a.waitForSelector('#app[data-page="replay"][data-turn="1"]');
  await a.waitForSelector('[data-testid="fairness"][data-verified]');
  await spanish(a, 'replay', found);

  // --- Accounts, the leaderboard, a profile.
  await b.goto(`${env.server.base}/account`);
  await b.waitForSelector('#signup-form');
  await b.fill('#login-username', 'nadie-aqui');
  await b.fill('#login-password', 'no es la clave');
  await b.click('[data-testid="login"]');
  await b.waitForSelector('#login-error:not([hidden])');
  await spanish(b, 'account-signed-out', found);
  await b.fill('#signup-username', 'Amenhotep');
  await b.fill('#signup-password', 'caballo correcto grapa');
  await b.click('[data-testid="signup"]');
  await b.waitForSelector('[data-testid="account-username"]');
  await spanish(b, 'account-signed-in', found);
  await b.goto(`${env.server.base}/leaderboard`);
  await b.waitForSelector('#app[data-page="leaderboard"], .leaderboard');
  await spanish(b, 'leaderboard', found);
  await b.goto(`${env.server.base}/players/Amenhotep`);
  await b.waitForSelector('[data-testid="rating-kendall"], .profile');
  await spanish(b, 'profile', found);

  // --- Four seats, three computers: dice, trays, computer names.
  await a.goto(`${env.server.base}/`);
  await a.waitForSelector('#create-form');
  await chooseFourWithComputers(a);
  await spanish(a, 'home-modern', found);
  await a.click('#create-btn');
  await a.waitForURL(/\/r\/[A-Za-z0-9_-]+$/);
  await a.waitForSelector('#app[data-phase="throw"], #app[data-phase="decide"]');
  await autoplay(a);
  await a.waitForFunction(() => document.getElementById('app')?.dataset.phase === 'finished' || document.querySelectorAll('.record-list li').length >= 16, null, { timeout: 120_000 });
  await stopAutoplay(a);
  await spanish(a, 'room-modern', found);

  assert.deepEqual(found, [], `English on Spanish pages (${found.length}):\n${found.join('\n')}`);
  assert.deepEqual(pageErrors, []);
  await close();
});

test('the header picks the language: English and back, at the same address, remembered', { timeout: 120_000 }, async () => {
  const ctx = await env.browser.newContext(SPANISH);
  const page = await ctx.newPage();
  await page.goto(`${env.server.base}/rules`);
  await page.waitForSelector('.rule-set');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  const options = await page.locator('#language option').evaluateAll((els) => els.map((e) => /** @type {HTMLOptionElement} */ (e).value));
  assert.deepEqual(options.sort(), ['en', 'es']);
  assert.equal(await page.inputValue('#language'), 'es');
  await Promise.all([page.waitForEvent('load'), page.selectOption('#language', 'en')]);
  await page.waitForSelector('.rule-set');
  assert.equal(new URL(page.url()).pathname, '/rules', 'the address is unchanged');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('.top-nav a[href="/rules"]'), 'Rules');
  // Remembered: a new visit to another page is in English too, though
  // the browser still asks for Spanish.
  await page.goto(`${env.server.base}/`);
  await page.waitForSelector('#create-form');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('#create-btn') !== null, true);
  await Promise.all([page.waitForEvent('load'), page.selectOption('#language', 'es')]);
  await page.waitForSelector('#create-form');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.equal(await page.textContent('.top-nav a[href="/games"]'), 'Partidas');
  await ctx.close();
});
