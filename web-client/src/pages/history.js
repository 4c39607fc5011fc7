// The history page at /games: "My games" (the identity saved in this
// browser) with its totals, all recent games, and games being played now;
// filters by name and result, and "More" pages through the cursor.

import { listGames, liveGames, playerTotals } from '../net/history-api.js';
import { controlText } from '../logic/clock.js';
import { getRuleSets } from '../net/api.js';
import * as identity from '../logic/identity.js';
import { pieceSvg } from '../draw/icons.js';
import { durationText } from '../logic/replay-logic.js';
import { computerName, computerNth } from '../logic/format.js';
import { esc } from '../draw/board.js';

/** @typedef {import('../net/history-api.js').GameRow} GameRow */
/** @typedef {'mine' | 'all' | 'live'} Tab */
/** @typedef {{tab: Tab, name: string, result: string, ruleSet: string}} Filters */

/**
 * The page's state from its address: `?tab=mine|all|live&name=&result=&rule_set=`.
 * @param {string} search
 * @param {boolean} haveIdentity
 * @returns {Filters}
 */
export function historyParams(search, haveIdentity) {
  const p = new URLSearchParams(search);
  const raw = p.get('tab');
  /** @type {Tab} */
  const tab = raw === 'mine' || raw === 'all' || raw === 'live' ? raw : haveIdentity ? 'mine' : 'all';
  const rs = p.get('rule_set') ?? '';
  return { tab, name: (p.get('name') ?? '').slice(0, 64), result: RESULTS.some((r) => r.value === p.get('result')) ? String(p.get('result')) : '', ruleSet: /^[a-z0-9-]{1,32}$/.test(rs) ? rs : '' };
}

/**
 * The address for a page state.
 * @param {Filters} s
 */
export function historySearch(s) {
  const p = new URLSearchParams({ tab: s.tab });
  if (s.ruleSet && s.tab !== 'live') p.set('rule_set', s.ruleSet);
  if (s.name.trim() && s.tab !== 'live') p.set('name', s.name.trim());
  if (s.result && s.tab !== 'live') p.set('result', s.result);
  return `?${p.toString()}`;
}

/** The result filter's choices (the API's `result` values). */
export const RESULTS = Object.freeze([
  { value: '', label: 'Any result', mine: false },
  { value: 'won', label: 'I won', mine: true },
  { value: 'lost', label: 'I lost', mine: true },
  { value: 'seat0', label: 'Seat 1 won', mine: false },
  { value: 'seat1', label: 'Seat 2 won', mine: false },
  { value: 'seat2', label: 'Seat 3 won', mine: false },
  { value: 'seat3', label: 'Seat 4 won', mine: false },
  { value: 'borne_off', label: 'All borne off', mine: false },
  { value: 'resigned', label: 'Resigned', mine: false },
  { value: 'abandoned', label: 'Abandoned', mine: false },
  { value: 'time', label: 'On time', mine: false },
]);

/** How games end, in a few words. */
const HOW = /** @type {Record<string, string>} */ ({ borne_off: 'all borne off', resigned: 'resignation', abandoned: 'abandoned', gates: 'Gates of Aaru', trial: 'Trial', no_pawns: 'no pawns left', three_borne_off: 'three borne off', last_player: 'last one in', time: 'on time' });

/**
 * The seat in first place of a row, or null.
 * @param {GameRow} g
 */
function winnerSeat(g) {
  return g.seats.find((x) => x.place === 1)?.seat ?? null;
}

/**
 * A seat's name in a list row: the player's name, a computer named as
 * everywhere ("Expert computer"), null if open.
 * @param {GameRow} g
 * @param {{seat: number, display_name: string | null, computer?: string | null}} x  one of its seats
 */
export function rowName(g, x) {
  if (x.computer) return computerName(x.computer, computerNth(g.seats, x.seat));
  return x.display_name;
}

/**
 * How a game ended, in a few words; from `me`'s side when given.
 * @param {GameRow} g
 * @param {string | null} me  a player id
 */
export function rowResult(g, me) {
  if (!g.result) return 'in progress';
  const w = winnerSeat(g);
  const mine = me ? g.seats.filter((x) => x.player_id === me).map((x) => x.seat) : [];
  const winner = w === null ? undefined : g.seats.find((x) => x.seat === w);
  const winnerName = w === null ? 'Nobody' : winner ? rowName(g, winner) ?? `Seat ${w + 1}` : `Seat ${w + 1}`;
  const head = mine.length ? (w !== null && mine.includes(w) ? 'Won' : 'Lost') : `${winnerName} won`;
  return `${head} · ${HOW[g.result.how] ?? g.result.how}`;
}

/**
 * A seat's rating after a rated game and how it moved: " 1662 (+162)".
 * @param {{before: number, after: number} | null | undefined} rating
 */
export function ratingChange(rating) {
  if (!rating) return '';
  const delta = rating.after - rating.before;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return ` <small class="inline hg-rating" data-testid="rating-change">${rating.after} (${sign}${Math.abs(delta)})</small>`;
}

/**
 * One row of a list.
 * @param {GameRow} g
 * @param {string | null} me
 * @param {boolean} live
 * @param {Record<string, string>} [ruleSetNames]  id → name
 * @param {boolean} [showTurns]  false where the row is not read again as the game goes on (the lobby feed's)
 */
export function rowHtml(g, me, live, ruleSetNames = {}, showTurns = true) {
  const w = winnerSeat(g);
  const who = g.seats
    .map((x) => {
      const n = rowName(g, x);
      const name = n ? esc(n) : '<em>open seat</em>';
      const you = x.player_id && x.player_id === me ? ' <small class="inline">(you)</small>' : '';
      const score = x.score !== null && x.score !== undefined ? ` <small class="inline">${x.score}</small>` : '';
      return `<span class="hg-player${w === x.seat ? ' win' : ''}">${pieceSvg(x.seat, 'mini')}${name}${you}${score}${ratingChange(x.rating)}</span>`;
    })
    .join(' <span class="hg-vs">vs</span> ');
  const finished = g.finished_at ? `Finished ${new Date(g.finished_at).toLocaleString()}` : '';
  const started = g.started_at ? `Started ${new Date(g.started_at).toLocaleString()}` : '';
  const date = live ? started : finished || started;
  const link = live ? `/r/${encodeURIComponent(g.room_code)}` : `/games/${encodeURIComponent(g.game_id)}`;
  const action = live ? 'Watch' : 'Replay';
  const names = g.seats.map((x) => rowName(g, x) ?? 'open seat').join(' vs ');
  const rs = ruleSetNames[g.rule_set] ?? g.rule_set;
  const control = controlText(g.time_control);
  return `<li class="hg-row" data-game="${esc(g.game_id)}" data-rule-set="${esc(g.rule_set)}"><span class="hg-players">${who}</span><span class="hg-result">${esc(rowResult(g, me))}</span><span class="hg-meta">${esc(rs)}${control ? ` · <span class="hg-clock">${esc(control)}</span>` : ''}${showTurns ? ` · ${g.turns} turns` : ''}${live ? '' : ` · ${esc(durationText(g.duration_secs))}`}<small>${esc(date)}</small></span><a class="btn" href="${link}" aria-label="${action}: ${esc(names)}">${action}</a></li>`;
}

/**
 * The page shell.
 * @param {Filters} s
 * @param {boolean} haveIdentity
 * @param {import('../types.js').Description[]} ruleSets
 */
function pageHtml(s, haveIdentity, ruleSets) {
  const tab = (/** @type {Tab} */ t, /** @type {string} */ text) =>
    `<a class="tab${s.tab === t ? ' on' : ''}" href="/games${historySearch({ ...s, tab: t })}"${s.tab === t ? ' aria-current="page"' : ''} data-tab="${t}">${text}</a>`;
  const options = RESULTS.filter((r) => s.tab === 'mine' || !r.mine)
    .map((r) => `<option value="${r.value}"${r.value === s.result ? ' selected' : ''}>${r.label}</option>`)
    .join('');
  return `<section class="panel history">
<h1>Games</h1>
<nav class="tabs" aria-label="Which games">${tab('mine', 'My games')}${tab('all', 'All recent games')}${tab('live', 'Playing now')}</nav>
${s.tab === 'mine' ? `<div id="totals" class="totals" aria-live="polite">${haveIdentity ? '' : '<p class="note">This browser has no player yet: <a href="/">start a game</a> and your games will be listed here.</p>'}</div>` : ''}
${s.tab === 'live' ? '' : `<form id="filters" class="filters" role="search">
<label>Name <input type="search" name="name" maxlength="64" value="${esc(s.name)}" placeholder="any player"></label>
<label>Result <select name="result">${options}</select></label>
<label>Rule set <select name="rule_set"><option value="">Any rule set</option>${ruleSets.map((d) => `<option value="${esc(d.id)}"${d.id === s.ruleSet ? ' selected' : ''}>${esc(d.name)}</option>`).join('')}</select></label>
<button type="submit" class="btn">Filter</button>
</form>`}
<ul id="games" class="hg-list" aria-live="polite"><li class="note">Loading…</li></ul>
<p><button type="button" id="more" class="btn" hidden>More games</button></p>
</section>`;
}

/**
 * Shows the history page in `root`.
 * @param {HTMLElement} root
 */
export async function showHistory(root) {
  root.dataset.page = 'history';
  document.title = 'Games · Senet Online';
  const saved = identity.load(localStorage);
  const me = saved.current ?? saved.known[0] ?? null;
  const s = historyParams(location.search, me !== null);
  /** @type {import('../types.js').Description[]} */
  let ruleSets = [];
  try {
    ruleSets = await getRuleSets();
  } catch {
    ruleSets = [];
  }
  const rsNames = Object.fromEntries(ruleSets.map((d) => [d.id, d.name]));
  root.innerHTML = pageHtml(s, me !== null, ruleSets);
  const list = /** @type {HTMLElement} */ (root.querySelector('#games'));
  const more = /** @type {HTMLButtonElement} */ (root.querySelector('#more'));
  const meId = me?.player_id ?? null;
  /** @type {string | null} */
  let cursor = null;

  if (s.tab === 'mine' && me) {
    playerTotals(me.player_id, me.token)
      .then((t) => {
        const el = root.querySelector('#totals');
        if (el) el.innerHTML = `<p class="totals-who">Playing as <strong>${esc(t.display_name)}</strong></p><dl class="totals-grid" data-testid="totals"><div><dt>Games</dt><dd data-total="games">${t.games}</dd></div><div><dt>Wins</dt><dd data-total="wins">${t.wins}</dd></div><div><dt>Losses</dt><dd data-total="losses">${t.losses}</dd></div></dl>`;
      })
      .catch(() => {});
  }

  /** @param {boolean} append */
  async function load(append) {
    more.disabled = true;
    try {
      if (s.tab === 'mine' && !me) {
        list.innerHTML = '<li class="note empty">No games yet.</li>';
        return;
      }
      const page =
        s.tab === 'live'
          ? await liveGames(me?.token)
          : await listGames({ player: s.tab === 'mine' ? me?.player_id : undefined, name: s.name, result: s.result, ruleSet: s.ruleSet, cursor: append ? cursor : null }, me?.token);
      const html = page.games.map((g) => rowHtml(g, meId, s.tab === 'live', rsNames)).join('');
      if (append) list.insertAdjacentHTML('beforeend', html);
      else list.innerHTML = html || `<li class="note empty">${s.tab === 'live' ? 'Nobody is playing right now.' : 'No games match.'}</li>`;
      cursor = page.next_cursor;
      more.hidden = cursor === null;
    } catch (e) {
      list.innerHTML = `<li class="form-error">${esc(e instanceof Error ? e.message : String(e))}</li>`;
    } finally {
      more.disabled = false;
    }
  }

  root.querySelector('#filters')?.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (ev.target));
    const next = { ...s, name: String(data.get('name') ?? ''), result: String(data.get('result') ?? ''), ruleSet: String(data.get('rule_set') ?? '') };
    location.assign(`/games${historySearch(next)}`);
  });
  more.addEventListener('click', () => load(true));
  load(false);
  if (s.tab === 'live') followLive(root, () => load(false));
}

/**
 * Reloads "Playing now" whenever the lobby feed says the public games being
 * played changed (a game started or ended): no polling. The list itself is
 * read again with the player's token, so their private games stay in it.
 * @param {HTMLElement} root
 * @param {() => void} reload
 */
function followLive(root, reload) {
  if (typeof EventSource !== 'function') return;
  const feed = new EventSource('/api/lobby/feed');
  /** @type {string | null} */
  let seen = null;
  feed.addEventListener('lobby', (ev) => {
    if (!root.isConnected || root.dataset.page !== 'history') {
      feed.close();
      return;
    }
    let key = '';
    try {
      key = JSON.stringify(JSON.parse(/** @type {MessageEvent} */ (ev).data).games ?? null);
    } catch {
      return;
    }
    // The first event is what the page has just loaded.
    if (seen !== null && key !== seen) reload();
    seen = key;
  });
}
