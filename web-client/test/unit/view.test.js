import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardHtml, esc, trayHtml } from '../../src/view-board.js';
import { roomHtml, joinHtml } from '../../src/view-room.js';
import { fromSnapshot } from '../../src/state.js';
import { plainMove, snapshot } from './fixtures.js';

const ui = { online: true, pending: false, now: 0 };

test('the board has 30 numbered squares and marks the special ones', () => {
  const html = boardHtml(fromSnapshot(snapshot()), { interactive: true });
  assert.equal((html.match(/role="listitem"/g) ?? []).length, 30);
  for (const n of [1, 15, 30]) assert.match(html, new RegExp(`<span class="sq-num" aria-hidden="true">${n}</span>`));
  for (const name of ['House of Rebirth', 'House of Happiness', 'House of Water', 'House of Three Truths', 'House of Re-Atoum', 'House of Horus']) {
    assert.ok(html.includes(name), name);
  }
  assert.match(html, /data-square="11" data-dir="left" style="--r:2;--c:10"/);
  assert.match(html, /aria-label="Square 1: Cone \(yours\)"/);
});

test('only the moves of the player to move are buttons, with an ARIA description', () => {
  const moves = [plainMove(9, 13), plainMove(7, 11)];
  const mine = fromSnapshot(snapshot({ phase: { kind: 'to_move', throw: 4, moves } }));
  const html = boardHtml(mine, { interactive: true });
  assert.equal((html.match(/class="piece movable/g) ?? []).length, 2);
  assert.match(html, /data-from="9" data-to="13" data-lands="13" data-kind="move" aria-label="Move the Cone on square 9 to square 13\."/);
  assert.equal((boardHtml(mine, { interactive: false }).match(/movable/g) ?? []).length, 0, 'not while a request is pending');
  const theirs = fromSnapshot(snapshot({ you: { role: 'seat', side: 'spool' }, phase: { kind: 'to_move', throw: 4, moves } }));
  assert.equal((boardHtml(theirs, { interactive: true }).match(/movable/g) ?? []).length, 0);
});

test('cones and spools are different drawings', () => {
  const html = boardHtml(fromSnapshot(snapshot()), { interactive: false });
  const cone = /<svg class="piece-svg cone [^"]*"[^>]*>(.*?)<\/svg>/.exec(html)?.[1];
  const spool = /<svg class="piece-svg spool [^"]*"[^>]*>(.*?)<\/svg>/.exec(html)?.[1];
  assert.ok(cone && spool && cone !== spool);
});

test('trays show borne-off pieces', () => {
  const s = fromSnapshot(snapshot({ borne_off: { cone: 2, spool: 0 } }));
  const html = trayHtml(s, 'cone');
  assert.equal((html.match(/slot full/g) ?? []).length, 2);
  assert.match(html, /Cone: 2 of 5 pieces borne off/);
});

test('room page: throw button, waiting invite, spectator banner, rematch', () => {
  const s = fromSnapshot(snapshot());
  assert.match(roomHtml(s, ui), /<button type="button" id="throw"[^>]*data-action="throw">Throw the sticks<\/button>/);
  assert.match(roomHtml(s, { ...ui, online: false }), /id="throw"[^>]*disabled/);
  const waiting = fromSnapshot(snapshot({ phase: { kind: 'waiting' }, players: [{ side: 'cone', player_id: 'a', display_name: 'A', connected: true }] }));
  const w = roomHtml(waiting, ui);
  assert.match(w, /id="invite-link"[^>]*value="http:\/\/127\.0\.0\.1:8080\/r\/fKyYn7R0Xivml-Vp"/);
  assert.match(w, /Open seat/);
  const watching = roomHtml(fromSnapshot(snapshot({ you: { role: 'spectator' } })), ui);
  assert.match(watching, /You are watching this game/);
  assert.doesNotMatch(watching, /id="throw"/);
  assert.doesNotMatch(watching, /data-action="resign"/);
  const over = fromSnapshot(snapshot({ phase: { kind: 'finished', result: { winner: 'cone', how: 'borne_off' } }, rematch_offered_by: 'spool' }));
  const o = roomHtml(over, ui);
  assert.match(o, /data-action="accept_rematch"/);
  assert.match(o, /data-action="decline_rematch"/);
  assert.match(o, /You win/);
});

test('names are escaped', () => {
  assert.equal(esc(`<b>"x" & 'y'</b>`), '&#60;b&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/b&#62;');
  const html = joinHtml({ creator: '<i>', openSide: 'spool', name: '"', error: '' });
  assert.ok(!html.includes('<i>'));
});
