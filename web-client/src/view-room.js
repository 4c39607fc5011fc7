// The room page as HTML (pure: state + UI flags → string).

import { boardHtml, esc, trayHtml } from './view-board.js';
import { describeThrow, describeTurn, levelName, nameOf, resultText, shortDuration, sideName, statusLine } from './format.js';
import { pieceSvg, stickSvg } from './icons.js';
import { canClaimWin, canThrow, myMoves, mySide, opponent, playerOn } from './state.js';

/** @typedef {import('./types.js').RoomState} RoomState */
/** @typedef {import('./types.js').Side} Side */

/**
 * @typedef {Object} RoomUi
 * @property {boolean} online   the socket is open
 * @property {boolean} pending  an action was sent and not yet answered
 * @property {number} now       ms timestamp, for "away for…"
 */

/**
 * @param {RoomState} s
 * @param {Side} side
 * @param {number} now
 */
function playerCard(s, side, now) {
  const p = playerOn(s, side);
  const me = mySide(s) === side;
  const active = s.phase.kind === 'to_throw' || s.phase.kind === 'to_move' ? s.toMove === side : false;
  const winner = s.phase.kind === 'finished' && s.phase.result.winner === side;
  const turn = active ? '<span class="turn-badge">to play</span>' : winner ? '<span class="turn-badge win">winner</span>' : '';
  if (!p) {
    return `<div class="player open-seat" data-side="${side}">${pieceSvg(side)}<div class="player-text"><span class="player-name">Open seat</span><span class="player-meta">${sideName(side)} · waiting for someone to join</span></div></div>`;
  }
  if (p.computer) {
    const level = levelName(p.computer);
    return `<div class="player computer${active ? ' active' : ''}" data-side="${side}" data-computer="${esc(p.computer)}" aria-label="${esc(`${sideName(side)}: ${p.display_name}, the computer at ${level} level${active ? ', to play' : ''}`)}">${pieceSvg(side)}<div class="player-text"><span class="player-name">${esc(p.display_name)}</span><span class="player-meta">${sideName(side)} · <span class="conn on">computer</span> · <span class="level">${esc(level)}</span></span></div>${turn}</div>`;
  }
  const away = s.awaySince[side];
  const conn = p.connected
    ? '<span class="conn on">online</span>'
    : `<span class="conn off">offline${away ? ` · ${shortDuration(now - away)}` : ''}</span>`;
  return `<div class="player${active ? ' active' : ''}${me ? ' me' : ''}" data-side="${side}" aria-label="${esc(`${sideName(side)}: ${p.display_name}${me ? ' (you)' : ''}, ${p.connected ? 'online' : 'offline'}${active ? ', to play' : ''}`)}">${pieceSvg(side)}<div class="player-text"><span class="player-name">${esc(p.display_name)}${me ? ' <em>(you)</em>' : ''}</span><span class="player-meta">${sideName(side)} · ${conn}</span></div>${turn}</div>`;
}

/**
 * The sticks and the throw button.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
function throwPanel(s, ui) {
  const t = s.lastThrow;
  const me = mySide(s);
  let sticks = '';
  let caption = '';
  if (t) {
    sticks = t.sticks.map((light, i) => stickSvg(light, i)).join('');
    const who = me === t.side ? 'You' : nameOf(s, t.side);
    caption = `<p class="throw-value"><span class="big" data-testid="throw-value">${t.value}</span> <span>${esc(who)} threw</span></p><p class="throw-desc">${esc(describeThrow(t))}</p>`;
  } else {
    sticks = [false, false, false, false].map((l, i) => stickSvg(l, i)).join('');
    caption = '<p class="throw-desc">Nobody has thrown yet. Count the light sides: 1–4 moves that many squares; no light side moves 5. A 1, 4 or 5 gives another throw.</p>';
  }
  const show = me !== null && s.phase.kind !== 'finished' && s.phase.kind !== 'waiting';
  const enabled = show && canThrow(s) && ui.online && !ui.pending;
  const btn = show
    ? `<button type="button" id="throw" class="btn primary throw-btn" data-action="throw"${enabled ? '' : ' disabled'}>${canThrow(s) ? 'Throw the sticks' : s.phase.kind === 'to_move' && s.toMove === me ? 'Now move a piece' : 'Wait for your turn'}</button>`
    : '';
  return `<section class="panel throw-panel" aria-label="Sticks"><div class="sticks${t ? '' : ' idle'}" aria-hidden="true">${sticks}</div><div class="throw-text" aria-live="polite">${caption}</div>${btn}</section>`;
}

/**
 * Resign, claim-win and rematch controls.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
function actionsPanel(s, ui) {
  const me = mySide(s);
  if (!me) return '';
  const off = !ui.online || ui.pending ? ' disabled' : '';
  const them = opponent(me);
  const theirName = esc(nameOf(s, them));
  let html = '';
  if (s.phase.kind === 'to_throw' || s.phase.kind === 'to_move') {
    if (canClaimWin(s)) {
      const away = s.awaySince[them];
      html += `<p class="note">${theirName} left the game${away ? ` ${shortDuration(ui.now - away)} ago` : ''}. If they stay away past the reconnect time, you may claim the win.</p>`;
      html += `<button type="button" class="btn" data-action="claim_win"${off}>Claim the win</button>`;
    }
    html += `<button type="button" class="btn danger" data-action="resign"${off}>Resign</button>`;
  } else if (s.phase.kind === 'finished') {
    if (s.rematchOfferedBy === me) {
      html += `<p class="note">You offered a rematch. Waiting for ${theirName}…</p>`;
    } else if (s.rematchOfferedBy === them) {
      html += `<p class="note strong">${theirName} offers a rematch, with sides swapped.</p>`;
      html += `<button type="button" class="btn primary" data-action="accept_rematch"${off}>Accept rematch</button>`;
      html += `<button type="button" class="btn" data-action="decline_rematch"${off}>Decline</button>`;
    } else {
      if (s.rematchDeclinedBy === them) html += `<p class="note">${theirName} declined the rematch.</p>`;
      if (s.rematchDeclinedBy === me) html += `<p class="note">You declined the rematch.</p>`;
      html += `<button type="button" class="btn primary" data-action="offer_rematch"${off}>Offer a rematch</button>`;
    }
    html += `<a class="btn" href="/">New game</a>`;
  } else {
    return '';
  }
  return `<section class="panel actions" aria-label="Game actions">${html}</section>`;
}

/**
 * @param {RoomState} s
 */
function recordPanel(s) {
  const items = s.turns
    .slice()
    .reverse()
    .map((t) => `<li value="${t.no}" class="rec-${t.side}">${pieceSvg(t.side, 'mini')}<span>${esc(describeTurn(t))}</span></li>`)
    .join('');
  return `<details class="panel record" open><summary>Turn record <span class="count">${s.turns.length}</span></summary>${
    items ? `<ol reversed class="record-list" data-testid="record">${items}</ol>` : '<p class="note">No turns yet.</p>'
  }</details>`;
}

function helpPanel() {
  return `<details class="panel help"><summary>How to play</summary><ul>
<li>Race your five pieces along the S-shaped path (1→10, 11←20, 21→30) and off the board. The first to bear off all five wins.</li>
<li>Throw the four sticks and count the light sides: 1, 2, 3 or 4 squares; no light side means 5. After moving on a 1, 4 or 5 you throw again.</li>
<li>Land on a lone opponent piece to capture it: the two swap places. Two pieces of a side side by side protect each other; three in a row also block the way.</li>
<li>Every piece must stop on 26, the House of Happiness. Landing on 27, the House of Water, washes the piece back to 15.</li>
<li>From 28, 29 and 30 a piece leaves with exactly 3, 2 or 1.</li>
<li>If no piece can move forward you may have to move one backward; if nothing can move, the turn is lost.</li>
</ul></details>`;
}

/**
 * The waiting room card with the invite link.
 * @param {RoomState} s
 */
function inviteCard(s) {
  return `<section class="panel invite" aria-label="Invite">
<h2>Invite your opponent</h2>
<p>Send this link to a friend. The game starts as soon as they open it and join.</p>
<div class="invite-row"><input id="invite-link" class="invite-link" type="text" readonly value="${esc(s.inviteUrl)}" aria-label="Invite link"><button type="button" class="btn primary" data-action="copy">Copy link</button></div>
<p class="note">${s.isPublic ? 'This room is public: it is also listed on the home page for anyone to join.' : 'This room is private: only people with the link can join.'}</p>
</section>`;
}

/**
 * The whole room page.
 * @param {RoomState} s
 * @param {RoomUi} ui
 */
export function roomHtml(s, ui) {
  const me = mySide(s);
  const status = statusLine(s);
  const interactive = ui.online && !ui.pending;
  const moves = myMoves(s);
  let banner = '';
  if (!me) {
    banner = `<p class="banner watching" role="note"><strong>You are watching this game.</strong> The board updates live; only the two players can move.</p>`;
  }
  const finished = s.phase.kind === 'finished';
  const preview = me && moves.length > 0
    ? `Hover or focus a glowing piece to see where it lands; click it or press Enter to play.`
    : '';
  const first = me ?? 'cone';
  const second = opponent(first);
  return `<div class="room phase-${s.phase.kind}${me ? ` me-${me}` : ' spectator'}">
<div class="players">${playerCard(s, first, ui.now)}<span class="vs" aria-hidden="true">vs</span>${playerCard(s, second, ui.now)}</div>
${banner}
<p class="status${status.mine ? ' mine' : ''}${finished ? ' finished' : ''}" data-testid="status" aria-live="polite">${esc(status.text)}</p>
${s.phase.kind === 'waiting' && me ? inviteCard(s) : ''}
<div class="play-area">
  <div class="board-col">
    <div class="board-wrap">${trayHtml(s, 'cone')}${boardHtml(s, { interactive })}${trayHtml(s, 'spool')}</div>
    <p class="preview" id="preview" aria-live="polite">${esc(preview)}</p>
    <div class="fx" aria-live="assertive" id="fx"></div>
  </div>
  ${finished ? `<section class="panel result" data-testid="result"><h2>${esc(resultText(s))}</h2><p class="note">Game ${s.gameNo} · ${s.turns.length} turns · <a href="/games/${esc(s.gameId)}" data-testid="replay-link">Replay it turn by turn</a></p>${actionsPanel(s, ui)}</section>` : throwPanel(s, ui)}
  <aside class="side-col">
    ${finished ? '' : actionsPanel(s, ui)}
    ${recordPanel(s)}
    ${helpPanel()}
  </aside>
</div>
</div>`;
}

/**
 * The card shown before joining a waiting room.
 * @param {{creator: string, openSide: Side, name: string, error: string}} opts
 */
export function joinHtml(opts) {
  return `<section class="panel join-card">
<h1>${esc(opts.creator)} invites you to play Senet</h1>
<p>You will play <strong>${sideName(opts.openSide)}</strong> ${pieceSvg(opts.openSide, 'inline')}. Choose the name your opponent will see.</p>
<form id="join-form" class="form" novalidate>
<label for="join-name">Your name</label>
<input id="join-name" name="name" type="text" maxlength="32" autocomplete="nickname" required value="${esc(opts.name)}">
<p class="form-error" role="alert">${esc(opts.error)}</p>
<div class="row"><button type="submit" class="btn primary" id="join-btn">Join the game</button><button type="button" class="btn" id="watch-btn">Just watch</button></div>
</form></section>`;
}
