// Each decision's time in the replay's step list (`think_ms` of a game's
// steps, docs/protocol.md "Decision times"): how long the seat took from
// being asked to act to its action being stored. Entries that rode along
// with another (a draw after a move) and the server's own have none.

/**
 * A decision time in words: `0.4 s` under ten seconds, `12 s`, `1 min 05 s`.
 * @param {number} ms
 */
export function thinkText(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return `${(Math.floor(t / 100) / 10).toFixed(1)} s`;
  const s = Math.round(t / 1000);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/**
 * A step's decision time as a small label, `''` when it has none.
 * @param {{think_ms?: number | null}} step
 */
export function thinkHtml(step) {
  if (typeof step.think_ms !== 'number') return '';
  const text = thinkText(step.think_ms);
  return ` <small class="think" title="Time taken: ${text}"><span class="sr-only">took </span>${text}</small>`;
}
