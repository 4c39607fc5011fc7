// Playing in the browser for the end-to-end tests: throw when the page may,
// else choose an option (a board control or an option button), and wait
// for the server's answer.

import { join } from 'node:path';
import { OUTPUT_DIR } from './harness.js';

/** @typedef {import('playwright-core').Page} Page */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Screenshots at both sizes, then back to the page's own size.
 * @param {Page} page
 * @param {string} name
 */
export async function shoot(page, name) {
  const own = page.viewportSize() ?? DESKTOP;
  await page.mouse.move(1, 1); // no hover tooltip in the picture
  for (const [size, vp] of /** @type {const} */ ([['desktop', DESKTOP], ['phone', PHONE]])) {
    await page.setViewportSize(vp);
    await laidOut(page);
    await page.screenshot({ path: join(OUTPUT_DIR, `${name}-${size}-${vp.width}x${vp.height}.png`), fullPage: size === 'phone' });
  }
  await page.setViewportSize(own);
}

/**
 * Waits until the page has laid itself out again after a resize: the
 * window has the viewport's size and the layout has stayed the same for
 * six animation frames. Two frames were not enough: Chromium sometimes
 * lays the page out once more a few frames after a resize (the room then
 * measured up to 130 px taller than it settles at).
 * @param {Page} page
 */
export const laidOut = (page) =>
  page.evaluate((size) => new Promise((done) => {
    const STILL = 6;
    const started = performance.now();
    const shape = () => {
      const app = document.getElementById('app')?.getBoundingClientRect();
      const root = document.documentElement;
      return `${window.innerWidth}x${window.innerHeight} ${root.scrollWidth}x${root.scrollHeight} ${app?.top}/${app?.height}`;
    };
    let last = '';
    let still = 0;
    const frame = () => {
      const now = shape();
      const sized = !size || (window.innerWidth === size.width && window.innerHeight === size.height);
      still = sized && now === last ? still + 1 : 0;
      last = now;
      if (still >= STILL || performance.now() - started > 3000) done(true);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }), page.viewportSize());

/** @param {Page} page */
export const seqOf = (page) => page.evaluate(() => document.getElementById('app')?.dataset.seq ?? '');

/**
 * Waits until the page has seen a newer event than `seq`.
 * @param {Page} page
 * @param {string} seq
 */
export const nextSeq = (page, seq) =>
  page.waitForFunction((s) => (document.getElementById('app')?.dataset.seq ?? '') !== s, seq, { timeout: 20_000 });

/**
 * What the page may do now, in the page. With `wait`, a wait's test
 * instead: false while the page may do nothing (nor, with `wait.end`, sees
 * the end), unless the wait was called off (see `untilOneMayAct`).
 * @param {{stop: string, end: boolean} | null} wait
 * @returns {'finished' | 'throw' | 'board' | 'option' | 'wait' | false}
 */
function pageNow(wait) {
  const app = document.getElementById('app');
  const single = () => [...document.querySelectorAll('[data-square-options]')].find((el) => !(el.getAttribute('data-square-options') ?? '').includes('|'));
  /** @type {'finished' | 'throw' | 'board' | 'option' | 'wait'} */
  let now = 'wait';
  if (app?.dataset.phase === 'finished') now = 'finished';
  else if (app?.dataset.queue && app.dataset.queue !== '0') now = 'wait';
  else if (document.querySelector('#throw:not([disabled])')) now = 'throw';
  else if (single()) now = 'board';
  else if (document.querySelector('.option-btn:not([disabled])')) now = 'option';
  if (wait === null || (now !== 'wait' && (now !== 'finished' || wait.end))) return now;
  return /** @type {any} */ (window).senetStopWait === wait.stop ? now : false;
}

/**
 * What the page may do now.
 * @param {Page} page
 * @returns {Promise<'finished' | 'throw' | 'board' | 'option' | 'wait'>}
 */
export async function whatNow(page) {
  return /** @type {'finished' | 'throw' | 'board' | 'option' | 'wait'} */ (await page.evaluate(pageNow, null));
}

let waits = 0;

/**
 * Waits until one of `pages` may throw or choose, or the first sees the end
 * (the loops that play watch the first page for it), rather than sleeping
 * and asking again. The pages' other waits are called off once one has
 * answered.
 * @param {Page[]} pages
 * @param {number} [timeout]
 * @returns {Promise<boolean>} false if none could act within `timeout` ms
 */
export async function untilOneMayAct(pages, timeout = 20_000) {
  waits += 1;
  const stop = `wait-${waits}`;
  // Polled on a timer, not on animation frames: a hidden tab draws no frames.
  const tests = pages.map((page, i) => page.waitForFunction(pageNow, { stop, end: i === 0 }, { timeout, polling: 25 }));
  try {
    await Promise.any(tests);
    return true;
  } catch {
    return false;
  } finally {
    for (const page of pages) await page.evaluate((s) => { /** @type {any} */ (window).senetStopWait = s; }, stop).catch(() => {});
    await Promise.allSettled(tests);
  }
}

/**
 * One action by the page if it may act: throw, or choose (on the board when
 * a square has one option and `board` is set, else the first option button).
 * @param {Page} page
 * @param {{board?: boolean}} [opts]
 * @returns {Promise<string>}
 */
export async function act(page, opts = {}) {
  const what = await whatNow(page);
  if (what === 'finished' || what === 'wait') return what;
  const seq = await seqOf(page);
  if (what === 'throw') await page.click('#throw');
  else if (what === 'board' && opts.board !== false) {
    const handle = await page.evaluateHandle(() => [...document.querySelectorAll('[data-square-options]')].find((el) => !(el.getAttribute('data-square-options') ?? '').includes('|')));
    await /** @type {import('playwright-core').ElementHandle<Element>} */ (handle).click();
  } else await page.locator('.option-btn:not([disabled])').first().click();
  try {
    await nextSeq(page, seq);
  } catch {
    return 'stale';
  }
  return what;
}

/**
 * Lets the page play by itself, in the page, as fast as the server answers:
 * every 10 ms it throws when it may, else chooses (on the board when a
 * square has a single option and `board` is set, else the first option
 * button). The client disables its controls while an action is on its way,
 * so each action is sent once.
 * @param {Page} page
 * @param {{board?: boolean}} [opts]
 */
export async function autoplay(page, opts = {}) {
  await page.evaluate((board) => {
    const w = /** @type {any} */ (window);
    if (w.senetAuto) return;
    w.senetActions = 0;
    w.senetAuto = setInterval(() => {
      const app = document.getElementById('app');
      if (!app || app.dataset.phase === 'finished' || (app.dataset.queue ?? '0') !== '0') return;
      /** @type {HTMLElement | null | undefined} */
      let el = /** @type {HTMLElement | null} */ (document.querySelector('#throw:not([disabled])'));
      if (!el && board) el = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('[data-square-options]')]).find((e) => !(e.dataset.squareOptions ?? '').includes('|'));
      if (!el) el = /** @type {HTMLElement | null} */ (document.querySelector('.option-btn:not([disabled])'));
      if (el) {
        el.click();
        w.senetActions += 1;
      }
    }, 10);
  }, opts.board !== false);
}

/**
 * Stops a page's autoplay; the actions it took.
 * @param {Page} page
 * @returns {Promise<number>}
 */
export function stopAutoplay(page) {
  return page.evaluate(() => {
    const w = /** @type {any} */ (window);
    clearInterval(w.senetAuto);
    w.senetAuto = undefined;
    return /** @type {number} */ (w.senetActions ?? 0);
  });
}

/**
 * Plays the pages against each other until the first one sees the end;
 * `onSteps` runs once the record has `at` steps.
 * @param {Page[]} pages
 * @param {{limitMs?: number, board?: boolean, at?: number, onSteps?: () => Promise<void>}} [opts]
 * @returns {Promise<number>} the actions taken
 */
export async function playOut(pages, opts = {}) {
  for (const page of pages) await autoplay(page, { board: opts.board });
  if (opts.onSteps) {
    await pages[0].waitForFunction((n) => document.getElementById('app')?.dataset.phase === 'finished' || document.querySelectorAll('.record-list li').length >= n, opts.at ?? 40, { timeout: opts.limitMs ?? 600_000 });
    await opts.onSteps();
  }
  await pages[0].waitForSelector('#app[data-phase="finished"]', { timeout: opts.limitMs ?? 600_000 });
  let actions = 0;
  for (const page of pages) actions += await stopAutoplay(page);
  return actions;
}

/**
 * Names a new visitor on the home page.
 * @param {Page} page
 * @param {string} base
 * @param {string} name
 */
export async function home(page, base, name) {
  await page.goto(`${base}/`);
  await page.waitForSelector('#create-form');
  await page.fill('#name', name);
}

/**
 * From the home page, opens a Kendall room as `name` in the first seat,
 * copies its invite link (the copy toast shows) and returns the link.
 * @param {Page} page
 * @param {string} base
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function openKendallRoom(page, base, name) {
  await home(page, base, name);
  await page.check('input[name="rule_set"][value="kendall"]');
  await page.check('input[name="seat"][value="0"]');
  await page.click('#create-btn');
  await page.waitForSelector('#invite-link');
  const invite = await page.inputValue('#invite-link');
  await page.click('[data-action="copy"]');
  await page.waitForSelector('.toast-ok');
  return invite;
}

/**
 * Plays both seats until `a` has a decision on the board or in the list.
 * @param {Page} a
 * @param {Page} b
 * @returns {Promise<boolean>} whether it came within 400 actions
 */
export async function untilDecision(a, b) {
  for (let i = 0; i < 400; i += 1) {
    const now = await whatNow(a);
    if (now === 'board' || now === 'option') return true;
    if ((await act(a)) === 'wait' && (await act(b)) === 'wait') await untilOneMayAct([a, b]);
  }
  return false;
}

/**
 * Two players' pages in two browser contexts made with `opts`, the first
 * allowed the clipboard; every page error of either is collected.
 * @param {import('playwright-core').Browser} browser
 * @param {import('playwright-core').BrowserContextOptions} opts
 * @param {string} base
 */
export async function twoPlayers(browser, opts, base) {
  const ctxA = await browser.newContext(opts);
  const ctxB = await browser.newContext(opts);
  await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  for (const [who, p] of /** @type {const} */ ([['A', a], ['B', b]])) p.on('pageerror', (e) => pageErrors.push(`${who}: ${e.message}`));
  return { a, b, pageErrors, close: () => Promise.all([ctxA.close(), ctxB.close()]) };
}

/**
 * On the home page's form: Senet-modern for four, a beginner, an
 * intermediate and an expert computer in the other seats, the first seat
 * taken (not yet created).
 * @param {Page} page
 */
export async function chooseFourWithComputers(page) {
  await page.check('input[name="rule_set"][value="modern"]');
  await page.check('input[name="seats"][value="4"]');
  await page.selectOption('select[name="other1"]', 'beginner');
  await page.selectOption('select[name="other2"]', 'intermediate');
  await page.selectOption('select[name="other3"]', 'expert');
  await page.check('input[name="seat"][value="0"]');
}
