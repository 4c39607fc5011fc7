// The room page as HTML (pure: state + UI flags → string), for every rule
// set and two to four seats, drawn from the server's description and view.

import { rollHtml, throwLabel } from './chance.js';
import { colourName, countedText, eventText, optionText, rollText, standingText, stepLine, throwMoveText, throwNumber } from '../logic/describe.js';
import { COMPUTER_LEVELS, clockText, nameOf, namesOf, resultText, shortDuration, statusLine } from '../logic/format.js';
import { pieceSvg } from './icons.js';
import { actingSeat, canClaimWin, canThrow, claimWait, myOptions, mySeat, playing, seatColour } from '../logic/state.js';
import { boardHtml, esc, trayHtml } from './board.js';
import { formatList, t } from '../i18n/messages.js';

/** @typedef {import('../types.js').RoomState} RoomState */

/**
 * @typedef {Object} RoomUi
 * @property {boolean} online   the socket is open
 * @property {boolean} pending  an action was sent and not yet answered
 * @property {number} now       ms timestamp, for "away for…"
 * @property {string | null} [picked]  a square whose several options are shown
 * @property {boolean} [autoForced]  play a decision with a single option by itself
 * @property {boolean} [touch]  the player taps (a touch screen): the hints say "tap"
 * @property {boolean} [muted]  the sounds are off
 * @property {Record<string, string>} [ratings]  the seated players' ratings in a rated room
 */

/** The rule sets' names, by the id the room API gives. */
const RULE_SET_NAMES = /** @type {Record<string, string>} */ ({
  kendall: 'rule-set-kendall',
  'kendall-7': 'rule-set-kendall-7',
  jequier: 'rule-set-jequier',
  simple: 'rule-set-simple',
  peril: 'rule-set-peril',
  modern: 'rule-set-modern',
});

/**
 * A message as HTML, with some of its arguments replaced by markup: the
 * message's own words are escaped, and each `html` argument stands where the
 * message puts it ("You may claim the win in <strong>1:47</strong> …").
 * @param {string} key
 * @param {import('../i18n/messages.js').MessageArgs} args  the plain arguments
 * @param {Record<string, string>} html  argument name → markup put in its place
 */
function markup(key, args, html) {
  const names = Object.keys(html);
  /** @type {import('../i18n/messages.js').MessageArgs} */
  const all = { ...args };
  names.forEach((name, i) => {
    all[name] = `\u0000${i}\u0000`;
  });
  return t(key, all)
    .split(/\u0000(\d+)\u0000/)
    .map((part, i) => (i % 2 ? html[names[Number(part)]] ?? '' : esc(part)))
    .join('');
}

/**
 * The name of a rule set the room API names by its id.
 * @param {string} id
 */
export function ruleSetName(id) {
  const key = RULE_SET_NAMES[id];
  return key ? t(key) : id;
}

/**
 * What to do with the glowing pieces and squares, said for a mouse and
 * keyboard or for a touch screen (tap to preview, tap again to play), in
 * the rule set's word for a piece.
 * @param {boolean} touch
 * @param {string} [piece]  the description's `piece_word` (`piece`, `pawn`)
 */
export function previewHint(touch, piece = 'piece') {
  return touch ? t('room-preview-hint-touch', { piece }) : t('room-preview-hint-mouse', { piece });
}

/**
 * One seat's card.
 * @param {RoomState} s
 * @param {number} seat
 * @param {RoomUi} ui
 */
function seatCard(s, seat, ui) {
  const info = s.seats[seat];
  const p = info?.player ?? null;
  const colour = seatColour(s, seat);
  const cname = colourName(s.desc, colour);
  const me = mySeat(s) === seat;
  const active = playing(s) && actingSeat(s) === seat;
  const place = s.standing ? s.standing.places.indexOf(seat) : -1;
  const badge = active
    ? `<span class="turn-badge">${esc(t('room-badge-to-play'))}</span>`
    : place === 0
      ? `<span class="turn-badge win">${esc(t('room-badge-winner'))}</span>`
      : place > 0
        ? `<span class="turn-badge place">${esc(t('room-badge-place', { place: place + 1 }))}</span>`
        : info?.out ? `<span class="turn-badge out">${esc(t('room-badge-out'))}</span>` : '';
  const cls = `player${active ? ' active' : ''}${me ? ' me' : ''}${info?.out ? ' out' : ''}${p ? '' : ' open-seat'}${p?.computer ? ' computer' : ''}`;
  let meta;
  if (!p) meta = `${esc(cname)} · ${esc(t('room-seat-waiting'))}`;
  else if (p.computer) {
    // The name says the level; the line below the colour and how it plays.
    const blurb = COMPUTER_LEVELS.find((l) => l.level === p.computer)?.blurb ?? t('room-computer-blurb');
    meta = `${esc(cname)} · ${esc(blurb)}`;
  } else {
    const away = s.awaySince[seat];
    const rating = ui.ratings?.[p.player_id];
    const conn = info.connected && (!me || ui.online)
      ? `<span class="conn on">${esc(t('room-seat-online'))}</span>`
      : `<span class="conn off">${esc(t('room-seat-offline'))}${away ? ` · ${esc(shortDuration(ui.now - away))}` : ''}</span>`;
    meta = `${esc(cname)}${rating ? ` · <span class="rating" data-testid="seat-rating">${esc(t('room-seat-rating', { rating }))}</span>` : ''} · ${conn}`;
  }
  const name = p ? nameOf(s, seat) : t('room-seat-open');
  const shown = esc(name);
  const yn = (/** @type {boolean} */ b) => (b ? 'yes' : 'no');
  const label = t('room-seat-label', { name, colour: cname, me: yn(me), active: yn(active), out: yn(Boolean(info?.out)) });
  return `<div class="${cls}" data-seat="${seat}" aria-label="${esc(label)}">${pieceSvg(colour, '', null)}<div class="player-text"><span class="player-name">${shown}${me ? ` <em>${esc(t('room-seat-you'))}</em>` : ''}</span><span class="player-meta">${meta}</span></div>${badge}</div>`;
}

/**
 * Who made the last chance step: "You threw", "Tiye threw", "Drawn by the rules".
 * @param {RoomState} s
 */
export function throwerText(s) {
  const me = mySeat(s);
  if (s.lastRollBy === null) return t('room-thrower-rules');
  // "threw" for dice too, as in the record.
  return s.lastRollBy === me ? t('room-thrower', { me: 'yes', name: '' }) : t('room-thrower', { me: 'no', name: nameOf(s, s.lastRollBy) });
}

/**
 * The chance drawing, what it did, and the throw button.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
function throwPanel(s, ui) {
  const me = mySeat(s);
  const n = namesOf(s);
  let caption;
  if (s.lastRoll) {
    const after = s.steps.find((st) => st.step_no === s.lastRollStep);
    const notes = (after?.events ?? []).filter((e) => e.kind === 'pass').map((e) => eventText(n, e));
    // Who first, then what: read aloud as one sentence, "Tiye threw: 2 light sides up".
    // A turn's throw shows its squares big, then how the rules counted it:
    // "3", "3 dark sides up — move 3 squares"; a draw of the rules shows
    // its outcome.
    const value = s.lastThrow;
    const big = value ? throwNumber(value) : rollText(s.lastRoll);
    const howText = value ? (value.kind === 'sticks' ? t('room-throw-how', { counted: countedText(value), move: throwMoveText(value) }) : throwMoveText(value)) : '';
    const how = value ? `<p class="throw-desc throw-how" data-testid="throw-how">${esc(howText)}</p>` : '';
    caption = `<p class="throw-desc throw-who" data-testid="throw-who">${esc(t('room-throw-who', { who: throwerText(s) }))}</p><p class="throw-value"><span class="big" data-testid="throw-value" data-step="${s.lastRollStep}">${esc(big)}</span></p>${how}${notes.length ? `<p class="throw-desc"><strong class="pass-note">${esc(notes.join(' '))}</strong></p>` : ''}`;
  } else {
    caption = `<p class="throw-desc">${esc(t('room-no-throw-yet'))}</p>`;
  }
  const show = me !== null && playing(s) && !s.seats[me]?.out;
  const enabled = show && canThrow(s) && ui.online && !ui.pending;
  const label = canThrow(s) && s.next.kind === 'throw' ? throwLabel(s.next.chance) : myOptions(s).length ? t('room-throw-choose') : t('room-throw-wait');
  const btn = show ? `<button type="button" id="throw" class="btn primary throw-btn" data-action="throw"${enabled ? '' : ' disabled'}>${esc(label)}</button>` : '';
  const auto = show ? `<label class="auto-forced"><input type="checkbox" data-setting="auto-forced"${ui.autoForced ? ' checked' : ''}> ${esc(t('room-auto-forced'))}</label>` : '';
  const sound = `<label class="sound-switch"><input type="checkbox" data-setting="sound"${ui.muted ? '' : ' checked'}> ${esc(t('room-sounds'))}</label>`;
  return `<section class="panel throw-panel" aria-label="${esc(t('room-chance-label'))}">${rollHtml(s.lastRoll, s.desc.chance)}<div class="throw-text">${caption}</div>${btn}${decisionPanel(s, ui)}<div class="switches">${auto}${sound}</div></section>`;
}

/**
 * The receiver's options as buttons (every decision the rules ask for).
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
function decisionPanel(s, ui) {
  const options = myOptions(s);
  if (!options.length) return '';
  const n = namesOf(s);
  const off = !ui.online || ui.pending ? ' disabled' : '';
  const picked = ui.picked ? ui.picked.split('|') : null;
  const shown = picked ? options.filter((o) => picked.includes(o.option)) : options;
  const items = shown
    .map((o) => `<li><button type="button" class="btn option-btn" data-option="${esc(o.option)}" data-kind="${o.choice.kind}"${off}>${esc(optionText(n, o))}</button></li>`)
    .join('');
  const back = picked ? `<button type="button" class="btn link" data-action="unpick">${esc(t('room-show-all-options'))}</button>` : '';
  return `<div class="decide" data-testid="options"><p class="note"><strong>${esc(t('room-your-choice'))}</strong> ${esc(t('room-choice-count', { shown: shown.length, total: options.length }))}</p><ol class="option-list">${items}</ol>${back}</div>`;
}

/**
 * Resign, claim-win and rematch controls.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
function actionsPanel(s, ui) {
  const me = mySeat(s);
  if (me === null) return '';
  const off = !ui.online || ui.pending ? ' disabled' : '';
  let html = '';
  if (playing(s) && !s.seats[me]?.out) {
    if (canClaimWin(s)) {
      const them = /** @type {number} */ (actingSeat(s));
      const away = s.awaySince[them];
      const wait = claimWait(s, ui.now);
      const many = s.seats.length > 2 ? 'yes' : 'no';
      const when = wait === null
        ? esc(t('room-claim-later', { many }))
        : wait > 0
          ? markup('room-claim-in', { many }, { time: `<strong data-testid="claim-countdown">${esc(clockText(wait))}</strong>` })
          : esc(t('room-claim-now', { many }));
      const left = away ? t('room-claim-left-ago', { name: nameOf(s, them), ago: shortDuration(ui.now - away) }) : t('room-claim-left', { name: nameOf(s, them) });
      html += `<p class="note" data-testid="claim-note">${esc(left)} ${when}</p>`;
      html += `<button type="button" class="btn" data-action="claim_win"${wait !== null && wait > 0 ? ' disabled' : off}>${esc(t('room-claim-win'))}</button>`;
    }
    html += `<button type="button" class="btn danger" data-action="resign"${off}>${esc(t('room-resign'))}</button>`;
  } else if (s.next.kind === 'end') {
    // The receiver is not among them here (their own ask is said apart).
    const asked = s.rematch.map((seat) => nameOf(s, seat));
    if (s.rematch.includes(me)) html += `<p class="note">${esc(t('room-rematch-asked'))}</p>`;
    else {
      if (asked.length) html += `<p class="note strong">${esc(t('room-rematch-wanted', { names: formatList(asked), count: asked.length }))}</p>`;
      if (s.rematchDeclined) html += `<p class="note">${esc(t('room-rematch-declined'))}</p>`;
      html += `<button type="button" class="btn primary" data-action="${asked.length ? 'accept_rematch' : 'offer_rematch'}"${off}>${esc(asked.length ? t('room-rematch-accept') : t('room-rematch-offer'))}</button>`;
      if (asked.length) html += `<button type="button" class="btn" data-action="decline_rematch"${off}>${esc(t('room-rematch-decline'))}</button>`;
    }
    html += `<a class="btn" href="/">${esc(t('room-new-game'))}</a>`;
  } else return '';
  return `<section class="panel actions" aria-label="${esc(t('room-actions-label'))}">${html}</section>`;
}

/**
 * The record: every step, newest first, each said once (a decision by
 * what it did).
 * @param {RoomState} s
 */
function recordPanel(s) {
  const n = namesOf(s);
  const items = s.steps
    .slice(-200)
    .reverse()
    .map((st) => `<li value="${st.step_no}" class="rec-${st.step?.step ?? 'left'}">${esc(stepLine(n, st, st.by ?? null))}</li>`)
    .join('');
  return `<details class="panel record" open><summary>${esc(t('room-record'))} <span class="count">${s.steps.length}</span></summary>${
    items ? `<ol reversed class="record-list" data-testid="record" tabindex="0" aria-label="${esc(t('room-record-label'))}">${items}</ol>` : `<p class="note">${esc(t('room-record-empty'))}</p>`
  }</details>`;
}

/**
 * The rule set's summary, its special squares and a link to the full rules.
 * @param {RoomState} s
 */
function helpPanel(s) {
  const d = s.desc;
  // The description's names are message keys (the engine's texts).
  const squares = d.special_squares.map((sq) => `<li><strong>${sq.square} · ${esc(t(sq.name))}</strong>: ${esc(t(sq.effect))}</li>`).join('');
  return `<details class="panel help"><summary>${esc(t('room-help-title', { ruleSet: t(d.name) }))}</summary><p>${esc(t(d.summary))}</p><ul>${squares}</ul><p><a class="standalone" href="/rules#${esc(d.id)}">${esc(t('room-help-rules'))}</a></p></details>`;
}

/**
 * The waiting room card with the invite link.
 * @param {RoomState} s
 */
function inviteCard(s) {
  const open = s.seats.filter((x) => !x.player).length;
  return `<section class="panel invite" aria-label="${esc(t('room-invite-label'))}">
<h2>${esc(t('room-invite-title', { open }))}</h2>
<p>${esc(t('room-invite-text'))}</p>
<div class="invite-row"><input id="invite-link" class="invite-link" type="text" readonly value="${esc(s.inviteUrl)}" aria-label="${esc(t('room-invite-link-label'))}"><button type="button" class="btn primary" data-action="copy">${esc(t('room-invite-copy'))}</button></div>
<p class="note">${esc(s.isPublic ? t('room-invite-public') : t('room-invite-private'))}${s.rated ? ` ${esc(t('room-invite-rated'))}` : ''}</p>
</section>`;
}

/**
 * The final standing with every seat's place and score, and the series.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
function resultPanel(s, ui) {
  const st = s.standing;
  const places = st ? standingText({ desc: s.desc, seat: (seat) => nameOf(s, seat, true) }, st).places : [];
  const series = s.series.length ? `<p class="series" data-testid="series">${esc(seriesText(s))}</p>` : '';
  return `<section class="panel result" data-testid="result"><h2>${esc(resultText(s))}</h2><ol class="standing">${places.map((p) => `<li>${esc(p.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>${series}<p class="note">${esc(t('room-result-game', { game: s.gameNo, steps: s.steps.length }))} · <a href="/games/${esc(s.gameId)}" data-testid="replay-link">${esc(t('room-replay-link'))}</a> <button type="button" class="btn small" data-action="share" data-testid="share">${esc(t('room-share'))}</button></p>${actionsPanel(s, ui)}</section>`;
}

/**
 * The series score: "Series: Tiye 5 · Amenhotep 3".
 * @param {RoomState} s
 */
function seriesText(s) {
  const scores = s.series.map((x) => `${s.seats.find((seat) => seat.player?.player_id === x.player_id)?.player?.display_name ?? t('room-series-someone')} ${x.points}`).join(' · ');
  return t('room-series', { scores });
}

/**
 * The whole room page.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
export function roomHtml(s, ui) {
  const me = mySeat(s);
  const status = statusLine(s);
  const interactive = ui.online && !ui.pending;
  const options = interactive ? myOptions(s) : [];
  const n = namesOf(s);
  const finished = s.next.kind === 'end';
  const banner = me === null ? `<p class="banner watching" role="note"><strong>${esc(t('room-watching-title'))}</strong> ${esc(t('room-watching-text'))}</p>` : '';
  const order = s.seats.map((x) => x.seat);
  const cards = order.map((seat) => seatCard(s, seat, ui)).join('');
  const trays = order.map((seat) => trayHtml(n, s.view, seat));
  const two = order.length === 2;
  const board = boardHtml(n, s.view, { options, decider: s.next.kind === 'decide' ? s.next.seat : null, me, marks: s.lastStep?.events ?? [], landing: ui.touch ?? false });
  const wrap = two ? `${trays[0]}${board}${trays[1]}` : `${board}<div class="trays">${trays.join('')}</div>`;
  const preview = options.length ? previewHint(ui.touch ?? false, s.desc.piece_word) : '';
  const seriesLine = !finished && s.series.length ? `<p class="series note" data-testid="series">${esc(seriesText(s))}</p>` : '';
  return `<div class="room rs-${esc(s.desc.id)} seats-${order.length}${me === null ? ' spectator' : ` me-${me}`}" data-piece="${esc(s.desc.piece_word ?? 'piece')}">
<h1 class="room-title">${esc(t(s.desc.name))}</h1>
${s.spectators > 0 ? `<p class="watchers note" data-testid="spectators">${esc(t('room-spectators', { count: s.spectators }))}</p>` : ''}
<div class="players">${cards}</div>
${banner}
<p class="status${status.mine ? ' mine' : ''}${finished ? ' finished' : ''}" data-testid="status">${esc(status.text)}</p>
${seriesLine}
${s.status === 'waiting' && me !== null ? inviteCard(s) : ''}
<div class="play-area">
  <div class="board-col">
    <div class="board-wrap${two ? '' : ' many'}">${wrap}</div>
    <p class="preview" id="preview">${esc(preview)}</p>
    <div class="fx" aria-hidden="true" id="fx"></div>
  </div>
  <div class="controls-col">
  ${finished ? resultPanel(s, ui) : throwPanel(s, ui)}
  <aside class="side-col">
    ${finished ? '' : actionsPanel(s, ui)}
    ${recordPanel(s)}
    ${helpPanel(s)}
  </aside>
  </div>
  <div class="chat-slot" id="chat-slot"></div>
</div>
</div>`;
}

/**
 * The card shown before joining a waiting room.
 * @param {{creator: string, ruleSet: string, name: string, error: string}} opts  `ruleSet`: the rule set's id
 */
export function joinHtml(opts) {
  const ruleSet = markup('room-join-rule-set', {}, {
    ruleSet: `<strong>${esc(ruleSetName(opts.ruleSet))}</strong>`,
    rules: `<a href="/rules">${esc(t('room-join-rules-link'))}</a>`,
  });
  return `<section class="panel join-card">
<h1>${esc(t('room-join-title', { creator: opts.creator }))}</h1>
<p>${ruleSet} ${esc(t('room-join-choose'))}</p>
<form id="join-form" class="form" novalidate>
<label for="join-name">${esc(t('room-join-name'))}</label>
<input id="join-name" name="name" type="text" maxlength="32" autocomplete="nickname" required value="${esc(opts.name)}">
<p class="form-error" role="alert">${esc(opts.error)}</p>
<div class="row"><button type="submit" class="btn primary" id="join-btn">${esc(t('room-join-submit'))}</button><button type="button" class="btn" id="watch-btn">${esc(t('room-join-watch'))}</button></div>
</form></section>`;
}
