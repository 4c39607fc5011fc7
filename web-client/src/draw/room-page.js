// The room page as HTML (pure: state + UI flags → string), for every rule
// set and two to four seats, drawn from the server's description and view.

import { rollHtml, throwLabel } from './chance.js';
import { colourName, countedText, eventText, optionText, rollText, standingText, stepLine, throwMoveText, throwNumber } from '../logic/describe.js';
import { COMPUTER_LEVELS, clockText, levelName, nameOf, namesOf, resultText, shortDuration, statusLine } from '../logic/format.js';
import { pieceSvg } from './icons.js';
import { actingSeat, canClaimWin, canThrow, claimWait, myOptions, mySeat, playing, seatColour } from '../logic/state.js';
import { boardHtml, esc, trayHtml } from './board.js';

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

/**
 * What to do with the glowing pieces and squares, said for a mouse and
 * keyboard or for a touch screen (tap to preview, tap again to play).
 * @param {boolean} touch
 */
export function previewHint(touch) {
  return touch
    ? 'Tap a marked square to move there, or tap a glowing piece to see what it does and tap it again to play.'
    : 'Hover or focus a glowing piece or square to see what it does; click it or press Enter to play.';
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
  const badge = active ? '<span class="turn-badge">to play</span>' : place === 0 ? '<span class="turn-badge win">winner</span>' : place > 0 ? `<span class="turn-badge place">${place + 1}.</span>` : info?.out ? '<span class="turn-badge out">out</span>' : '';
  const cls = `player${active ? ' active' : ''}${me ? ' me' : ''}${info?.out ? ' out' : ''}${p ? '' : ' open-seat'}${p?.computer ? ' computer' : ''}`;
  let meta;
  if (!p) meta = `${esc(cname)} · waiting for someone to join`;
  else if (p.computer) {
    // The name says the level; the line below the colour and how it plays.
    const blurb = COMPUTER_LEVELS.find((l) => l.level === p.computer)?.blurb ?? 'plays by itself';
    meta = `${esc(cname)} · ${esc(blurb)}`;
  } else {
    const away = s.awaySince[seat];
    const rating = ui.ratings?.[p.player_id];
    meta = `${esc(cname)}${rating ? ` · <span class="rating" data-testid="seat-rating">rated ${esc(rating)}</span>` : ''} · ${info.connected && (!me || ui.online) ? '<span class="conn on">online</span>' : `<span class="conn off">offline${away ? ` · ${shortDuration(ui.now - away)}` : ''}</span>`}`;
  }
  const name = p ? nameOf(s, seat) : 'Open seat';
  const shown = esc(name);
  const label = `${name}${me ? ' (you)' : ''}, ${cname}${active ? ', to play' : ''}${info?.out ? ', out' : ''}`;
  return `<div class="${cls}" data-seat="${seat}" aria-label="${esc(label)}">${pieceSvg(colour, '', null)}<div class="player-text"><span class="player-name">${shown}${me ? ' <em>(you)</em>' : ''}</span><span class="player-meta">${meta}</span></div>${badge}</div>`;
}

/**
 * Who made the last chance step: "You threw", "Tiye threw", "Drawn by the rules".
 * @param {RoomState} s
 */
export function throwerText(s) {
  const me = mySeat(s);
  if (s.lastRollBy === null) return 'Drawn by the rules';
  // "threw" for dice too, as in the record.
  return s.lastRollBy === me ? 'You threw' : `${nameOf(s, s.lastRollBy)} threw`;
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
    const how = value ? `<p class="throw-desc throw-how" data-testid="throw-how">${esc(`${value.kind === 'sticks' ? `${countedText(value)} — ` : ''}${throwMoveText(value)}`)}</p>` : '';
    caption = `<p class="throw-desc throw-who" data-testid="throw-who">${esc(throwerText(s))}:</p><p class="throw-value"><span class="big" data-testid="throw-value" data-step="${s.lastRollStep}">${esc(big)}</span></p>${how}${notes.length ? `<p class="throw-desc"><strong class="pass-note">${esc(notes.join(' '))}</strong></p>` : ''}`;
  } else {
    caption = `<p class="throw-desc">Nobody has thrown yet.</p>`;
  }
  const show = me !== null && playing(s) && !s.seats[me]?.out;
  const enabled = show && canThrow(s) && ui.online && !ui.pending;
  const label = canThrow(s) && s.next.kind === 'throw' ? throwLabel(s.next.chance) : myOptions(s).length ? 'Now choose below' : 'Wait for your turn';
  const btn = show ? `<button type="button" id="throw" class="btn primary throw-btn" data-action="throw"${enabled ? '' : ' disabled'}>${label}</button>` : '';
  const auto = show ? `<label class="auto-forced"><input type="checkbox" data-setting="auto-forced"${ui.autoForced ? ' checked' : ''}> Play forced moves for me</label>` : '';
  const sound = `<label class="sound-switch"><input type="checkbox" data-setting="sound"${ui.muted ? '' : ' checked'}> Sounds</label>`;
  return `<section class="panel throw-panel" aria-label="Chance">${rollHtml(s.lastRoll, s.desc.chance)}<div class="throw-text">${caption}</div>${btn}${decisionPanel(s, ui)}<div class="switches">${auto}${sound}</div></section>`;
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
  const back = picked ? `<button type="button" class="btn link" data-action="unpick">Show every option</button>` : '';
  return `<div class="decide" data-testid="options"><p class="note"><strong>Your choice</strong> (${shown.length} of ${options.length}):</p><ol class="option-list">${items}</ol>${back}</div>`;
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
      const what = s.seats.length > 2 ? 'put them out' : 'claim the win';
      const when = wait === null
        ? `Once they have been away past the reconnect time you may ${what}.`
        : wait > 0 ? `You may ${what} in <strong data-testid="claim-countdown">${clockText(wait)}</strong> if they do not come back.` : `You may ${what} now.`;
      html += `<p class="note" data-testid="claim-note">${esc(nameOf(s, them))} left the game${away ? ` ${shortDuration(ui.now - away)} ago` : ''}. ${when}</p>`;
      html += `<button type="button" class="btn" data-action="claim_win"${wait !== null && wait > 0 ? ' disabled' : off}>Claim the win</button>`;
    }
    html += `<button type="button" class="btn danger" data-action="resign"${off}>Resign</button>`;
  } else if (s.next.kind === 'end') {
    const asked = s.rematch.map((seat) => nameOf(s, seat, true));
    if (s.rematch.includes(me)) html += `<p class="note">You asked for a rematch. Waiting for the others…</p>`;
    else {
      if (asked.length) html += `<p class="note strong">${esc(asked.join(', '))} ask${asked.length === 1 ? 's' : ''} for a rematch (seats rotate).</p>`;
      if (s.rematchDeclined) html += `<p class="note">The rematch was declined.</p>`;
      html += `<button type="button" class="btn primary" data-action="${asked.length ? 'accept_rematch' : 'offer_rematch'}"${off}>${asked.length ? 'Accept the rematch' : 'Offer a rematch'}</button>`;
      if (asked.length) html += `<button type="button" class="btn" data-action="decline_rematch"${off}>Decline</button>`;
    }
    html += `<a class="btn" href="/">New game</a>`;
  } else return '';
  return `<section class="panel actions" aria-label="Game actions">${html}</section>`;
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
  return `<details class="panel record" open><summary>Record <span class="count">${s.steps.length}</span></summary>${
    items ? `<ol reversed class="record-list" data-testid="record" tabindex="0" aria-label="Steps, newest first">${items}</ol>` : '<p class="note">No steps yet.</p>'
  }</details>`;
}

/**
 * The rule set's summary, its special squares and a link to the full rules.
 * @param {RoomState} s
 */
function helpPanel(s) {
  const d = s.desc;
  const squares = d.special_squares.map((sq) => `<li><strong>${sq.square} · ${esc(sq.name)}</strong>: ${esc(sq.effect)}</li>`).join('');
  return `<details class="panel help"><summary>How to play: ${esc(d.name)}</summary><p>${esc(d.summary)}</p><ul>${squares}</ul><p><a class="standalone" href="/rules#${esc(d.id)}">Read the full rules</a></p></details>`;
}

/**
 * The waiting room card with the invite link.
 * @param {RoomState} s
 */
function inviteCard(s) {
  const open = s.seats.filter((x) => !x.player).length;
  return `<section class="panel invite" aria-label="Invite">
<h2>Invite ${open === 1 ? 'your opponent' : `${open} players`}</h2>
<p>Send this link to friends. The game starts as soon as every seat is taken.</p>
<div class="invite-row"><input id="invite-link" class="invite-link" type="text" readonly value="${esc(s.inviteUrl)}" aria-label="Invite link"><button type="button" class="btn primary" data-action="copy">Copy link</button></div>
<p class="note">${s.isPublic ? 'This room is public: it is also listed on the home page for anyone to join.' : 'This room is private: only people with the link can join.'}${s.rated ? ' Its games are rated: only players with an account can take a seat.' : ''}</p>
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
  const series = s.series.length
    ? `<p class="series" data-testid="series">Series: ${s.series.map((x) => `${esc(s.seats.find((seat) => seat.player?.player_id === x.player_id)?.player?.display_name ?? 'a player')} ${x.points}`).join(' · ')}</p>`
    : '';
  return `<section class="panel result" data-testid="result"><h2>${esc(resultText(s))}</h2><ol class="standing">${places.map((p) => `<li>${esc(p.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>${series}<p class="note">Game ${s.gameNo} · ${s.steps.length} steps · <a href="/games/${esc(s.gameId)}" data-testid="replay-link">Replay it step by step</a> <button type="button" class="btn small" data-action="share" data-testid="share">Copy the replay link</button></p>${actionsPanel(s, ui)}</section>`;
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
  const banner = me === null ? `<p class="banner watching" role="note"><strong>You are watching this game.</strong> The board updates live; only the players can move.</p>` : '';
  const order = s.seats.map((x) => x.seat);
  const cards = order.map((seat) => seatCard(s, seat, ui)).join('');
  const trays = order.map((seat) => trayHtml(n, s.view, seat));
  const two = order.length === 2;
  const board = boardHtml(n, s.view, { options, decider: s.next.kind === 'decide' ? s.next.seat : null, me, marks: s.lastStep?.events ?? [], landing: ui.touch ?? false });
  const wrap = two ? `${trays[0]}${board}${trays[1]}` : `${board}<div class="trays">${trays.join('')}</div>`;
  const preview = options.length ? previewHint(ui.touch ?? false) : '';
  const seriesLine = !finished && s.series.length ? `<p class="series note" data-testid="series">Series: ${s.series.map((x) => `${esc(s.seats.find((seat) => seat.player?.player_id === x.player_id)?.player?.display_name ?? 'a player')} ${x.points}`).join(' · ')}</p>` : '';
  return `<div class="room rs-${esc(s.desc.id)} seats-${order.length}${me === null ? ' spectator' : ` me-${me}`}">
<h1 class="room-title">${esc(s.desc.name)}</h1>
${s.spectators > 0 ? `<p class="watchers note" data-testid="spectators">${s.spectators} watching</p>` : ''}
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
 * @param {{creator: string, ruleSet: string, name: string, error: string}} opts
 */
export function joinHtml(opts) {
  return `<section class="panel join-card">
<h1>${esc(opts.creator)} invites you to play Senet</h1>
<p>Rule set: <strong>${esc(opts.ruleSet)}</strong> (<a href="/rules">rules</a>). Choose the name the others will see.</p>
<form id="join-form" class="form" novalidate>
<label for="join-name">Your name</label>
<input id="join-name" name="name" type="text" maxlength="32" autocomplete="nickname" required value="${esc(opts.name)}">
<p class="form-error" role="alert">${esc(opts.error)}</p>
<div class="row"><button type="submit" class="btn primary" id="join-btn">Join the game</button><button type="button" class="btn" id="watch-btn">Just watch</button></div>
</form></section>`;
}
