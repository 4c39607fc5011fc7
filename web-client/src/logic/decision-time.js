// Each decision's time in the replay's step list (`think_ms` of a game's
// steps, docs/protocol.md "Decision times"): how long the seat took from
// being asked to act to its action being stored. Entries that rode along
// with another (a draw after a move) and the server's own have none.

import { t } from '../i18n/messages.js';

/**
 * A decision time in words: `0.4 s` under ten seconds, `12 s`, `1 min 05 s`.
 * @param {number} ms
 */
export function thinkText(ms) {
  const rest = Math.max(0, ms);
  if (rest < 10_000) return t('format-duration-tenths', { s: Math.floor(rest / 100) / 10 });
  const s = Math.round(rest / 1000);
  if (s < 60) return t('format-duration-s', { s });
  return t('format-duration-min-s', { min: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
}

/**
 * A step's decision time as a small label, `''` when it has none.
 * @param {{think_ms?: number | null}} step
 */
export function thinkHtml(step) {
  if (typeof step.think_ms !== 'number') return '';
  const text = thinkText(step.think_ms);
  return ` <small class="think" title="${esc(t('clock-think-title', { time: text }))}"><span class="sr-only">${esc(t('clock-think-took'))} </span>${esc(text)}</small>`;
}

/**
 * Text made safe for markup.
 * @param {string} text
 */
function esc(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
