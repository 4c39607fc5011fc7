// Every rule set explains itself while it is played, in real Chromium
// against the real server: each throw is shown with its value in squares,
// counted as the rule set's spec counts it (a table written here, not the
// client's), and a click on a piece that cannot move says why in the
// sentence for the rules' reason code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './harness.js';
import { DESKTOP, act, home, untilOneMayAct, whatNow } from './play.js';
import '../unit/messages.js';
import { reasonText } from '../../src/logic/reasons.js';

/** @typedef {import('playwright-core').Page} Page */

const env = serverAndBrowser(['--rate-per-sec', '1000', '--rate-burst', '1000', '--computer-delay-ms', '0'], { sqlite: true });

/**
 * The spec's throw tables: the side counted and the squares by how many
 * sticks show it (`rules-kendall.md` light sides, none is 5, as Kendall-7;
 * `rules-simple.md` dark sides, none dark is 6; `rules-jequier.md` flat
 * sides, none is 6).
 */
const STICKS = /** @type {Record<string, {side: string, none: number}>} */ ({
  kendall: { side: 'light', none: 5 },
  'kendall-7': { side: 'light', none: 5 },
  simple: { side: 'dark', none: 6 },
  jequier: { side: 'light', none: 6 },
});

/**
 * What the page must show for a turn's throw of `roll`: the big number and
 * the line below it.
 * @param {string} id
 * @param {any} roll
 */
function expectedThrow(id, roll) {
  const plural = (/** @type {number} */ n) => `${n} square${n === 1 ? '' : 's'}`;
  if (roll.kind === 'sticks') {
    const { side, none } = STICKS[id];
    const light = roll.sticks.filter(Boolean).length;
    const up = side === 'light' ? light : 4 - light;
    const squares = up === 0 ? none : up;
    const shown = up === 0 ? `no ${side} side up` : `${up} ${side} side${up === 1 ? '' : 's'} up`;
    return { big: String(squares), how: `${shown} — move ${plural(squares)}` };
  }
  if (roll.kind === 'die') return { big: String(roll.pip), how: `move ${plural(roll.pip)}` };
  return { big: `${roll.first} + ${roll.second}`, how: `one piece ${plural(roll.first + roll.second)}, or two pieces ${roll.first} and ${roll.second}` };
}

/**
 * Keeps the room's frames as the page receives them.
 * @param {Page} page
 */
function framesOf(page) {
  /** @type {any[]} */
  const frames = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      try {
        frames.push(JSON.parse(String(f.payload)));
      } catch {
        // not a JSON frame
      }
    });
  });
  return frames;
}

for (const id of ['kendall', 'kendall-7', 'jequier', 'simple', 'peril', 'modern']) {
  test(`${id}: a throw says how far it moves, a blocked piece says why`, { timeout: 400_000 }, async () => {
    const ctx = await env.browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    const frames = framesOf(page);
    /** A new game against the beginner; returns our seat. */
    const newGame = async () => {
      await home(page, env.server.base, 'Nefertari');
      await page.check(`input[name="rule_set"][value="${id}"]`);
      await page.check('input[name="visibility"][value="private"]');
      await page.selectOption('select[name="other1"]', 'beginner');
      await page.click('#create-btn');
      await page.waitForSelector('#app[data-role^="seat"]', { state: 'attached' });
      return Number((await page.getAttribute('#app', 'data-role'))?.slice(4));
    };
    let me = await newGame();
    const desc = frames.find((f) => f.type === 'snapshot')?.description;
    assert.equal(desc?.id, id);
    // A short game may never block a piece of ours: up to four games.
    let games = 1;
    let throwsSeen = 0;
    let explained = false;
    for (let i = 0; i < 2000 && !(throwsSeen >= 2 && explained); i += 1) {
      const what = await whatNow(page);
      if (what === 'finished') {
        if (explained || games >= 4) break;
        games += 1;
        me = await newGame();
        continue;
      }
      if (what === 'wait') {
        await untilOneMayAct([page]);
        continue;
      }
      // What the server last said comes next: a decision of ours with
      // pieces that have no option is the moment to click one.
      const told = frames.filter((f) => f.next).at(-1);
      const blocked = told?.next?.kind === 'decide' && told.next.seat === me ? told.next.blocked ?? [] : [];
      // A blocked piece on a square that is no option's target (a click
      // there would preview that option instead).
      /** @type {{from: number, code: string} | undefined} */
      let pick;
      for (const b of explained || (what !== 'board' && what !== 'option') ? [] : blocked) {
        if ((await page.locator(`.sq[data-square="${b.from}"] [data-square-options]`).count()) === 0) {
          pick = b;
          break;
        }
      }
      if (pick) {
        const { from, code } = pick;
        await page.click(`.sq[data-square="${from}"]`);
        const words = reasonText(code, desc);
        assert.ok(words, `${id}: a sentence for ${code}`);
        const toast = page.locator('.toast', { hasText: /That (piece|pawn) cannot move now/ }).last();
        await toast.waitFor();
        const shown = (await toast.textContent()) ?? '';
        assert.ok(shown.includes(words), `${id}: ${code}: "${shown}" says "${words}"`);
        explained = true;
        continue;
      }
      const did = await act(page);
      if (did !== 'throw') continue;
      // The throw the page shows now (ours, or one the computer made since),
      // and what the server said came next before it: a turn's throw, or a
      // draw of the rules (shown without a value).
      const shown = await page.evaluate(() => ({
        step: Number(document.querySelector('[data-testid="throw-value"]')?.getAttribute('data-step')),
        big: document.querySelector('[data-testid="throw-value"]')?.textContent?.trim(),
        how: document.querySelector('[data-testid="throw-how"]')?.textContent?.trim(),
      }));
      const stepNo = shown.step;
      // No throw shown: the game ended in the moment since (a forced move
      // after our throw, then the computer's last one: the result replaces
      // the throw panel), or the next began. Nothing to read this time.
      if (!Number.isFinite(stepNo)) continue;
      const at = frames.findIndex((f) => f.type === 'step' && f.step_no === stepNo);
      assert.ok(at >= 0, `${id}: step ${stepNo} was told`);
      const asked = frames.slice(0, at).filter((f) => f.next).at(-1);
      if (asked?.next?.kind !== 'throw') continue;
      const roll = frames[at].step.roll;
      const want = expectedThrow(id, roll);
      assert.equal(shown.big, want.big, `${id}: ${JSON.stringify(roll)}`);
      assert.equal(shown.how, want.how, `${id}: ${JSON.stringify(roll)}`);
      throwsSeen += 1;
    }
    assert.ok(throwsSeen >= 2, `${id}: ${throwsSeen} throws checked`);
    assert.ok(explained, `${id}: no piece of ours was ever blocked`);
    await ctx.close();
  });
}
