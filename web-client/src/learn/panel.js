// The lesson's panel in a "Learn to play" room: the newest tip, the earlier
// ones, and a way out at any time. It sits outside the part of the page
// that is drawn again on every change, so its live region is read out and
// the tips stay where they are.

import { tipsFor } from './coach.js';
import { t } from '../i18n/messages.js';
import { esc } from '../draw/board.js';

/** @typedef {import('../types.js').RoomState} RoomState */
/** @typedef {import('../types.js').ServerMessage} ServerMessage */

/**
 * Mounts the lesson's panel before `root` and returns what the room calls
 * with every message. The tips given are remembered for the tab, so a
 * reload does not give them again.
 * @param {HTMLElement} root  the room page
 * @param {string} code
 * @param {{leave: () => void}} on  leaving the lesson (the room resigns and goes home)
 */
export function lessonPanel(root, code, on) {
  const key = `senet.lesson.${code}`;
  /** @type {Set<string>} */
  const given = new Set(JSON.parse(sessionStorage.getItem(key) ?? '[]'));
  /** @type {string[]} */
  const shown = [];
  document.getElementById('lesson')?.remove();
  const panel = document.createElement('section');
  panel.id = 'lesson';
  panel.className = 'panel lesson';
  panel.setAttribute('aria-labelledby', 'lesson-title');
  panel.innerHTML = `<h2 id="lesson-title">${esc(t('learn-panel-title'))}</h2>
<p class="lesson-tip" data-testid="lesson-tip" aria-live="polite">${esc(t('learn-panel-waiting'))}</p>
<details class="lesson-earlier" hidden><summary>${esc(t('learn-panel-earlier'))}</summary><ol class="lesson-tips" data-testid="lesson-tips" tabindex="0" aria-label="${esc(t('learn-panel-earlier-list.aria-label'))}"></ol></details>
<p class="lesson-actions"><button type="button" class="btn" data-testid="lesson-leave">${esc(t('learn-panel-leave'))}</button></p>`;
  root.before(panel);
  const tipEl = /** @type {HTMLElement} */ (panel.querySelector('.lesson-tip'));
  const earlier = /** @type {HTMLDetailsElement} */ (panel.querySelector('.lesson-earlier'));
  const list = /** @type {HTMLElement} */ (panel.querySelector('.lesson-tips'));
  /** @type {HTMLButtonElement} */ (panel.querySelector('[data-testid="lesson-leave"]')).addEventListener('click', () => on.leave());

  /** @param {string} text */
  function show(text) {
    if (tipEl.textContent && shown.length) {
      const li = document.createElement('li');
      li.textContent = tipEl.textContent;
      list.prepend(li);
      earlier.hidden = false;
    }
    shown.push(text);
    tipEl.textContent = text;
  }

  return {
    /**
     * What a message teaches, shown once per rule.
     * @param {RoomState} s  the room after `msg`
     * @param {ServerMessage} msg
     */
    heard(s, msg) {
      for (const tip of tipsFor(s, msg, given)) {
        given.add(tip.key);
        show(tip.text);
      }
      sessionStorage.setItem(key, JSON.stringify([...given]));
      if (s.status === 'finished' && !panel.querySelector('.lesson-next')) {
        panel.querySelector('.lesson-actions')?.insertAdjacentHTML(
          'beforeend',
          `<a class="btn primary lesson-next" href="/">${esc(t('learn-panel-play'))}</a> <a class="btn lesson-next" href="/learn">${esc(t('learn-panel-another'))}</a>`,
        );
        const leave = panel.querySelector('[data-testid="lesson-leave"]');
        if (leave) leave.textContent = t('learn-panel-close');
      }
      panel.dataset.tips = String(given.size);
      panel.dataset.ruleSet = s.desc.id;
    },
  };
}
