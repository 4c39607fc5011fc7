// Entry point: picks the page from the address (home, a room at /r/{code},
// the games at /games, a replay at /games/{id}, the lessons at /learn, the
// account at /account, the leaderboards, a player's profile).

import { showAccount } from './pages/account.js';
import { showHistory } from './pages/history.js';
import { showLeaderboard } from './pages/leaderboard.js';
import { showProfile } from './pages/profile.js';
import { showLearn } from './learn/page.js';
import { showHome } from './pages/home.js';
import { logoSvg } from './draw/icons.js';
import { esc } from './draw/board.js';
import { showReplay } from './pages/replay.js';
import { showRoom } from './pages/room.js';
import { showRules } from './pages/rules.js';
import { loadMessages, t } from './i18n/messages.js';
import { setUpLanguagePicker } from './i18n/picker.js';

/**
 * The page for a path: the home page, or a room.
 * @param {string} path
 * @returns {{page: 'home'} | {page: 'rules'} | {page: 'learn', id: string | null} | {page: 'room', code: string} | {page: 'history'} | {page: 'replay', id: string} | {page: 'account'} | {page: 'leaderboard'} | {page: 'profile', name: string} | {page: 'missing'}}
 */
export function route(path) {
  if (path === '/' || path === '/index.html') return { page: 'home' };
  if (path === '/rules' || path === '/rules/') return { page: 'rules' };
  if (path === '/learn' || path === '/learn/') return { page: 'learn', id: null };
  const l = /^\/learn\/([a-z0-9-]{1,32})\/?$/.exec(path);
  if (l) return { page: 'learn', id: l[1] };
  const m = /^\/r\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (m) return { page: 'room', code: m[1] };
  if (path === '/games' || path === '/games/') return { page: 'history' };
  const g = /^\/games\/([0-9a-fA-F-]{32,36})\/?$/.exec(path);
  if (g) return { page: 'replay', id: g[1].toLowerCase() };
  if (path === '/account' || path === '/account/') return { page: 'account' };
  if (path === '/leaderboard' || path === '/leaderboard/') return { page: 'leaderboard' };
  const p = /^\/players\/([^/]{1,64})\/?$/.exec(path);
  if (p) return { page: 'profile', name: decoded(p[1]) };
  return { page: 'missing' };
}

/**
 * A path segment decoded, or as it is when it is not valid percent-encoding.
 * @param {string} segment
 */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function start() {
  const root = /** @type {HTMLElement} */ (document.getElementById('app'));
  const logo = document.getElementById('logo-mark');
  if (logo) logo.innerHTML = logoSvg();
  const conn = /** @type {HTMLElement} */ (document.getElementById('conn'));
  /** @param {string} status @param {string} text */
  const setConn = (status, text) => {
    conn.dataset.status = status;
    conn.textContent = text;
    conn.hidden = false;
    document.body.dataset.conn = status;
  };
  const r = route(location.pathname);
  if (r.page === 'home') showHome(root);
  else if (r.page === 'room') showRoom(root, r.code, setConn);
  else if (r.page === 'rules') showRules(root);
  else if (r.page === 'learn') showLearn(root, r.id);
  else if (r.page === 'history') showHistory(root);
  else if (r.page === 'replay') showReplay(root, r.id);
  else if (r.page === 'account') showAccount(root);
  else if (r.page === 'leaderboard') showLeaderboard(root);
  else if (r.page === 'profile') showProfile(root, r.name);
  else root.innerHTML = `<section class="panel center"><h1>${esc(t('page-not-found'))}</h1><p><a class="btn primary" href="/">${esc(t('page-not-found-home'))}</a></p></section>`;
}

// The catalogue loads before the first page is drawn, so nothing is ever
// shown in a language and then redrawn in another.
if (typeof document !== 'undefined') {
  loadMessages().then(() => {
    setUpLanguagePicker();
    start();
  });
}
