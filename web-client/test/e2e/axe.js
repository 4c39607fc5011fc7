// axe-core and the phone checks on a page as it is now, shared by the
// browser tests that walk pages and states.

import { createRequire } from 'node:module';
import { DESKTOP, laidOut, shoot } from './play.js';
import { PHONES, phoneProblems } from './fit.js';

/** @typedef {import('playwright-core').Page} Page */

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Runs axe-core on the page as it is now; every violation as one line
 * (rule, impact, the offending elements and axe's summary of the fix).
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // Animations finished: axe measures the colours as they settle.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  return page.evaluate(async () => {
    const axe = /** @type {any} */ (window).axe;
    const res = await axe.run(document, { resultTypes: ['violations'] });
    return res.violations.flatMap((/** @type {any} */ v) =>
      v.nodes.map((/** @type {any} */ n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`),
    );
  });
}

/**
 * Checks a page with axe and takes its screenshots; collects violations.
 * @param {Page} page
 * @param {string} scheme
 * @param {string} name
 * @param {string[]} found
 */
export async function check(page, scheme, name, found) {
  await page.mouse.move(1, 1); // no hover tooltip
  const own = page.viewportSize() ?? DESKTOP;
  for (const v of await axeViolations(page)) found.push(`${scheme} ${name}: ${v}`);
  // The same state on both phone sizes: axe again, and what a phone needs.
  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    await laidOut(page);
    const at = `${scheme} ${name} ${phone.width}×${phone.height}`;
    for (const v of await axeViolations(page)) found.push(`${at}: ${v}`);
    for (const p of await phoneProblems(page)) found.push(`${at}: ${p}`);
  }
  await page.setViewportSize(own);
  await laidOut(page);
  await shoot(page, `a11y-${scheme}-${name}`);
}

