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
import { formatNumber, language, t } from '../i18n/messages.js';

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

/**
 * The result filter's choices (the API's `result` values); `label` is the
 * message key of the words, `args` its arguments.
 * @type {ReadonlyArray<{value: string, label: string, args?: Record<string, number>, mine: boolean}>}
 */
export const RESULTS = Object.freeze([
  { value: '', label: 'games-result-any', mine: false },
  { value: 'won', label: 'games-result-won', mine: true },
  { value: 'lost', label: 'games-result-lost', mine: true },
  { value: 'seat0', label: 'games-result-seat', args: { seat: 1 }, mine: false },
  { value: 'seat1', label: 'games-result-seat', args: { seat: 2 }, mine: false },
  { value: 'seat2', label: 'games-result-seat', args: { seat: 3 }, mine: false },
  { value: 'seat3', label: 'games-result-seat', args: { seat: 4 }, mine: false },
  { value: 'borne_off', label: 'games-result-borne-off', mine: false },
  { value: 'resigned', label: 'games-result-resigned', mine: false },
  { value: 'abandoned', label: 'games-result-abandoned', mine: false },
  { value: 'time', label: 'games-result-time', mine: false },
]);

/** How games end, in a few words: the message key for each `how`. */
const HOW = /** @type {Record<string, string>} */ ({
  borne_off: 'games-how-borne-off',
  resigned: 'games-how-resigned',
  abandoned: 'games-how-abandoned',
  gates: 'games-how-gates',
  trial: 'games-how-trial',
  no_pawns: 'games-how-no-pawns',
  three_borne_off: 'games-how-three-borne-off',
  last_player: 'games-how-last-player',
  time: 'games-how-time',
});

/**
 * A date and time as the page's language writes them.
 * @param {string} iso
 */
function dateText(iso) {
  return new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

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
  if (!g.result) return t('games-in-progress');
  const w = winnerSeat(g);
  const mine = me ? g.seats.filter((x) => x.player_id === me).map((x) => x.seat) : [];
  const winner = w === null ? undefined : g.seats.find((x) => x.seat === w);
  const winnerName = w === null ? '' : (winner ? rowName(g, winner) : null) ?? t('games-seat', { seat: w + 1 });
  const outcome = mine.length ? (w !== null && mine.includes(w) ? 'won' : 'lost') : w === null ? 'nobody' : 'other';
  const howKey = HOW[g.result.how];
  return t('games-row-result', { outcome, winner: winnerName, how: howKey ? t(howKey) : g.result.how });
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
      const name = n ? esc(n) : `<em>${esc(t('games-open-seat'))}</em>`;
      const you = x.player_id && x.player_id === me ? ` <small class="inline">${esc(t('games-you'))}</small>` : '';
      const score = x.score !== null && x.score !== undefined ? ` <small class="inline">${esc(formatNumber(x.score))}</small>` : '';
      return `<span class="hg-player${w === x.seat ? ' win' : ''}">${pieceSvg(x.seat, 'mini')}${name}${you}${score}${ratingChange(x.rating)}</span>`;
    })
    .join(` <span class="hg-vs">${esc(t('games-vs'))}</span> `);
  const finished = g.finished_at ? t('games-finished', { date: dateText(g.finished_at) }) : '';
  const started = g.started_at ? t('games-started', { date: dateText(g.started_at) }) : '';
  const date = live ? started : finished || started;
  const link = live ? `/r/${encodeURIComponent(g.room_code)}` : `/games/${encodeURIComponent(g.game_id)}`;
  const action = live ? 'games-watch' : 'games-replay';
  const names = g.seats.map((x) => rowName(g, x) ?? t('games-open-seat')).join(` ${t('games-vs')} `);
  const label = live ? t('games-watch.aria-label', { players: names }) : t('games-replay.aria-label', { players: names });
  const rs = ruleSetNames[g.rule_set] ?? g.rule_set;
  const control = controlText(g.time_control);
  return `<li class="hg-row" data-game="${esc(g.game_id)}" data-rule-set="${esc(g.rule_set)}"><span class="hg-players">${who}</span><span class="hg-result">${esc(rowResult(g, me))}</span><span class="hg-meta">${esc(rs)}${control ? ` · <span class="hg-clock">${esc(control)}</span>` : ''}${showTurns ? ` · ${esc(t('games-turns', { count: g.turns }))}` : ''}${live ? '' : ` · ${esc(durationText(g.duration_secs))}`}<small>${esc(date)}</small></span><a class="btn" href="${link}" aria-label="${esc(label)}">${esc(t(action))}</a></li>`;
}

/**
 * The page shell.
 * @param {Filters} s
 * @param {boolean} haveIdentity
 * @param {import('../types.js').Description[]} ruleSets
 */
function pageHtml(s, haveIdentity, ruleSets) {
  const m = (/** @type {string} */ key) => esc(t(key));
  const tab = (/** @type {Tab} */ which, /** @type {string} */ key) =>
    `<a class="tab${s.tab === which ? ' on' : ''}" href="/games${historySearch({ ...s, tab: which })}"${s.tab === which ? ' aria-current="page"' : ''} data-tab="${which}">${m(key)}</a>`;
  const options = RESULTS.filter((r) => s.tab === 'mine' || !r.mine)
    .map((r) => `<option value="${r.value}"${r.value === s.result ? ' selected' : ''}>${esc(t(r.label, r.args))}</option>`)
    .join('');
  const noPlayer = `<p class="note">${m('games-no-player')} <a href="/">${m('games-no-player.link')}</a> ${m('games-no-player.after')}</p>`;
  return `<section class="panel history">
<h1>${m('games-heading')}</h1>
<nav class="tabs" aria-label="${m('games-tabs.aria-label')}">${tab('mine', 'games-tab-mine')}${tab('all', 'games-tab-all')}${tab('live', 'games-tab-live')}</nav>
${s.tab === 'mine' ? `<div id="totals" class="totals" aria-live="polite">${haveIdentity ? '' : noPlayer}</div>` : ''}
${s.tab === 'live' ? '' : `<form id="filters" class="filters" role="search">
<label>${m('games-filter-name')} <input type="search" name="name" maxlength="64" value="${esc(s.name)}" placeholder="${m('games-filter-name.placeholder')}"></label>
<label>${m('games-filter-result')} <select name="result">${options}</select></label>
<label>${m('games-filter-rule-set')} <select name="rule_set"><option value="">${m('games-filter-rule-set-any')}</option>${ruleSets.map((d) => `<option value="${esc(d.id)}"${d.id === s.ruleSet ? ' selected' : ''}>${esc(t(d.name))}</option>`).join('')}</select></label>
<button type="submit" class="btn">${m('games-filter')}</button>
</form>`}
<ul id="games" class="hg-list" aria-live="polite"><li class="note">${m('page-loading')}</li></ul>
<p><button type="button" id="more" class="btn" hidden>${m('games-more')}</button></p>
</section>`;
}

/**
 * A player's totals: whose, and their games, wins and losses.
 * @param {import('../net/history-api.js').Totals} totals
 */
export function totalsHtml(totals) {
  const item = (/** @type {string} */ key, /** @type {string} */ which, /** @type {number} */ n) => `<div><dt>${esc(t(key))}</dt><dd data-total="${which}">${esc(formatNumber(n))}</dd></div>`;
  return `<p class="totals-who">${esc(t('games-playing-as'))} <strong>${esc(totals.display_name)}</strong></p><dl class="totals-grid" data-testid="totals">${item('games-total-games', 'games', totals.games)}${item('games-total-wins', 'wins', totals.wins)}${item('games-total-losses', 'losses', totals.losses)}</dl>`;
}

/**
 * Shows the history page in `root`.
 * @param {HTMLElement} root
 */
export async function showHistory(root) {
  root.dataset.page = 'history';
  document.title = t('games-title');
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
  const rsNames = Object.fromEntries(ruleSets.map((d) => [d.id, t(d.name)]));
  root.innerHTML = pageHtml(s, me !== null, ruleSets);
  const list = /** @type {HTMLElement} */ (root.querySelector('#games'));
  const more = /** @type {HTMLButtonElement} */ (root.querySelector('#more'));
  const meId = me?.player_id ?? null;
  /** @type {string | null} */
  let cursor = null;

  if (s.tab === 'mine' && me) {
    playerTotals(me.player_id, me.token)
      .then((totals) => {
        const el = root.querySelector('#totals');
        if (el) el.innerHTML = totalsHtml(totals);
      })
      .catch(() => {});
  }

  /** @param {boolean} append */
  async function load(append) {
    more.disabled = true;
    try {
      if (s.tab === 'mine' && !me) {
        list.innerHTML = `<li class="note empty">${esc(t('games-none-yet'))}</li>`;
        return;
      }
      const page =
        s.tab === 'live'
          ? await liveGames(me?.token)
          : await listGames({ player: s.tab === 'mine' ? me?.player_id : undefined, name: s.name, result: s.result, ruleSet: s.ruleSet, cursor: append ? cursor : null }, me?.token);
      const html = page.games.map((g) => rowHtml(g, meId, s.tab === 'live', rsNames)).join('');
      if (append) list.insertAdjacentHTML('beforeend', html);
      else list.innerHTML = html || `<li class="note empty">${esc(s.tab === 'live' ? t('games-live-empty') : t('games-none-match'))}</li>`;
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
