// What a page must be on a phone, measured in the page: no wider than the
// screen, every tap target at least 44×44 px, and during play the board and
// the throw button inside one screen.

/** @typedef {import('playwright-core').Page} Page */

/** The phone sizes every page is checked at. */
export const PHONES = /** @type {const} */ ([
  { width: 390, height: 844 },
  { width: 375, height: 667 },
]);

/** The least width and height of a tap target, in CSS px. */
export const TARGET_PX = 44;

/**
 * What is wrong with the page on this screen, one line each: sideways
 * scrolling, tap targets under 44 px (a checkbox or radio is measured by
 * its label, which takes the tap; links inside a sentence and the board's
 * squares are exempt: see the closing note of issue 27), and, in play, a
 * board and throw button that do not fit in one screen.
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
export function phoneProblems(page) {
  return page.evaluate((least) => {
    /** @type {string[]} */
    const problems = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) problems.push(`the page is ${scrollWidth} px wide on a ${window.innerWidth} px screen`);
    const name = (/** @type {Element} */ el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].slice(0, 2).map((c) => `.${c}`).join('')}${el.textContent?.trim() ? ` "${el.textContent.trim().slice(0, 30)}"` : ''}`;
    const controls = document.querySelectorAll('a[href], button, input, select, textarea, summary, [role="button"], [tabindex="0"]');
    for (const el of controls) {
      if (!(el instanceof HTMLElement)) continue;
      if (el.closest('.board, .sr-only, [hidden], .tooltip') || el.matches('.skip, .sr-only')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A link inside a sentence is read with it (WCAG's inline exception).
      if (el.tagName === 'A' && el.parentElement && /^(P|LI|SMALL|SPAN|DD|TD)$/.test(el.parentElement.tagName) && (el.parentElement.textContent?.trim().length ?? 0) > (el.textContent?.trim().length ?? 0) + 3 && !el.classList.contains('btn')) continue;
      const box = (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) || el;
      const r = box.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width < least - 0.5 || r.height < least - 0.5) problems.push(`${name(box)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
    }
    const board = document.querySelector('#app .board');
    const thrower = document.querySelector('#throw');
    if (board && thrower && document.getElementById('app')?.dataset.phase !== 'finished') {
      const a = board.getBoundingClientRect();
      const b = thrower.getBoundingClientRect();
      const span = Math.max(a.bottom, b.bottom) - Math.min(a.top, b.top);
      if (span > window.innerHeight) problems.push(`the board and the throw button span ${Math.round(span)} px on a ${window.innerHeight} px screen`);
    }
    return [...new Set(problems)];
  }, TARGET_PX);
}
