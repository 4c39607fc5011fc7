// The account page (/account): sign up (the browser's player becomes an
// account, keeping its games), log in on this device, and, once in, log
// out here or everywhere and change the password (docs/accounts.md).

import { ApiError, createPlayer } from '../net/api.js';
import { changePassword, logIn, logOut, me, signUp } from '../net/accounts-api.js';
import * as identity from '../logic/identity.js';
import { esc, toast } from './ui.js';
import { t } from '../i18n/messages.js';

/** A username's and a password's lengths, as the server checks them. */
const USERNAME = { min: 3, max: 20 };
const PASSWORD = { min: 8, max: 128 };

/**
 * Checks a username as the server does, for a quick answer: 3–20
 * letters, digits, `-` and `_`. Returns an error sentence or null.
 * @param {string} name
 */
export function usernameProblem(name) {
  const n = [...name].length;
  if (n < USERNAME.min) return t('account-username-short', { min: USERNAME.min });
  if (n > USERNAME.max) return t('account-username-long', { max: USERNAME.max });
  if (!/^[\p{L}\p{N}_-]+$/u.test(name)) return t('account-username-chars');
  return null;
}

/**
 * Checks a new password's length as the server does.
 * @param {string} password
 */
export function passwordProblem(password) {
  const n = [...password].length;
  if (n < PASSWORD.min) return t('account-password-short', { min: PASSWORD.min });
  if (n > PASSWORD.max) return t('account-password-long', { max: PASSWORD.max });
  return null;
}

/**
 * A failed request in words for the account forms: a refusal for too many
 * attempts says how long to wait when the error carries the server's
 * `Retry-After` (as `retryAfter`, in seconds); anything else is the error's
 * own words (net/api.js has put the code in words already).
 * @param {unknown} e
 */
export function accountErrorText(e) {
  if (e instanceof ApiError && e.code === 'rate_limited') {
    const seconds = /** @type {{retryAfter?: unknown}} */ (e).retryAfter;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) {
      return t('account-rate-limited', { seconds: Math.ceil(seconds) });
    }
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * A form's field value.
 * @param {HTMLElement} root
 * @param {string} id
 */
function field(root, id) {
  return /** @type {HTMLInputElement} */ (root.querySelector(`#${id}`)).value;
}

/**
 * Shows an error under a form, read out at once.
 * @param {HTMLElement} root
 * @param {string} id  the error paragraph's id
 * @param {string} text
 */
function problem(root, id, text) {
  const el = /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  el.textContent = text;
  el.hidden = text === '';
}

/** @param {string} prefix */
function credentialsHtml(prefix) {
  return `<label for="${prefix}-username">${esc(t('account-username'))}</label>
<input id="${prefix}-username" name="username" autocomplete="username" required maxlength="${USERNAME.max}" autocapitalize="off" spellcheck="false">
<label for="${prefix}-password">${esc(t('account-password'))}</label>
<input id="${prefix}-password" name="password" type="password" required minlength="${PASSWORD.min}" maxlength="${PASSWORD.max}" autocomplete="${prefix === 'signup' ? 'new-password' : 'current-password'}">`;
}

function outHtml() {
  const a = (/** @type {string} */ key) => esc(t(key));
  return `<section class="panel account" aria-labelledby="account-title">
<h1 id="account-title">${a('account-heading')}</h1>
<p>${a('account-why')}</p>
<div class="account-forms">
<form id="signup-form" class="account-form" novalidate>
<h2>${a('account-signup-heading')}</h2>
<p class="note">${a('account-signup-note')}</p>
${credentialsHtml('signup')}
<p class="form-error" id="signup-error" role="alert" hidden></p>
<button class="btn primary" type="submit" data-testid="signup">${a('account-signup')}</button>
</form>
<form id="login-form" class="account-form" novalidate>
<h2>${a('account-login-heading')}</h2>
${credentialsHtml('login')}
<p class="form-error" id="login-error" role="alert" hidden></p>
<button class="btn" type="submit" data-testid="login">${a('account-login')}</button>
</form>
</div>
</section>`;
}

/** @param {import('../net/accounts-api.js').Me} who */
function inHtml(who) {
  const name = who.username ?? '';
  const a = (/** @type {string} */ key) => esc(t(key));
  return `<section class="panel account" aria-labelledby="account-title">
<h1 id="account-title">${a('account-heading')}</h1>
<p>${a('account-signed-in')} <strong data-testid="account-username">${esc(name)}</strong> ${esc(t('account-shown-as', { name: who.display_name }))} <a href="/players/${encodeURIComponent(name)}">${a('account-profile-link')}</a></p>
<div class="row"><button class="btn" type="button" id="logout" data-testid="logout">${a('account-logout')}</button>
<button class="btn" type="button" id="logout-all">${a('account-logout-all')}</button></div>
<form id="password-form" class="account-form" novalidate>
<h2>${a('account-password-heading')}</h2>
<p class="note">${a('account-password-note')}</p>
<label for="current-password">${a('account-current-password')}</label>
<input id="current-password" type="password" autocomplete="current-password" required>
<label for="new-password">${a('account-new-password')}</label>
<input id="new-password" type="password" autocomplete="new-password" required minlength="${PASSWORD.min}" maxlength="${PASSWORD.max}">
<p class="form-error" id="password-error" role="alert" hidden></p>
<button class="btn" type="submit">${a('account-password-change')}</button>
</form>
</section>`;
}

/**
 * The account page.
 * @param {HTMLElement} root
 */
export async function showAccount(root) {
  document.title = t('account-doc-title');
  const current = identity.load(localStorage).current;
  /** @type {import('../net/accounts-api.js').Me | null} */
  let who = null;
  if (current) {
    try {
      who = await me(current.token);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) identity.forget(localStorage, current.player_id);
    }
  }
  if (current && who?.username) {
    root.innerHTML = inHtml(who);
    wireSignedIn(root, current);
  } else {
    root.innerHTML = outHtml();
    wireSignedOut(root);
  }
}

/** @param {HTMLElement} root */
function wireSignedOut(root) {
  const signup = /** @type {HTMLFormElement} */ (root.querySelector('#signup-form'));
  signup.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const username = field(root, 'signup-username').trim();
    const password = field(root, 'signup-password');
    const bad = usernameProblem(username) ?? passwordProblem(password);
    problem(root, 'signup-error', bad ?? '');
    if (bad) return;
    try {
      let current = identity.load(localStorage).current;
      // A newcomer with no player yet: one named after the username.
      if (!current) current = identity.remember(localStorage, await createPlayer(username)).current;
      if (!current) return;
      const account = await signUp(current.token, username, password);
      identity.remember(localStorage, { ...current, username: account.username });
      toast(t('account-welcome', { username: account.username }), 'ok');
      await showAccount(root);
    } catch (e) {
      problem(root, 'signup-error', accountErrorText(e));
    }
  });
  const login = /** @type {HTMLFormElement} */ (root.querySelector('#login-form'));
  login.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const username = field(root, 'login-username').trim();
    const password = field(root, 'login-password');
    try {
      const session = await logIn(username, password);
      identity.remember(localStorage, {
        player_id: session.player_id,
        token: session.token,
        display_name: session.display_name,
        username: session.username,
      });
      toast(t('account-logged-in', { username: session.username }), 'ok');
      await showAccount(root);
    } catch (e) {
      problem(root, 'login-error', accountErrorText(e));
    }
  });
}

/**
 * @param {HTMLElement} root
 * @param {import('../net/api.js').Identity} current
 */
function wireSignedIn(root, current) {
  /** @param {boolean} everywhere */
  const out = async (everywhere) => {
    try {
      await logOut(current.token, everywhere);
    } catch (e) {
      toast(accountErrorText(e), 'error');
      return;
    }
    identity.forget(localStorage, current.player_id);
    toast(everywhere ? t('account-logged-out-all') : t('account-logged-out'), 'ok');
    await showAccount(root);
  };
  root.querySelector('#logout')?.addEventListener('click', () => out(false));
  root.querySelector('#logout-all')?.addEventListener('click', () => out(true));
  const form = /** @type {HTMLFormElement} */ (root.querySelector('#password-form'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const next = field(root, 'new-password');
    const bad = passwordProblem(next);
    problem(root, 'password-error', bad ?? '');
    if (bad) return;
    try {
      await changePassword(current.token, field(root, 'current-password'), next);
      form.reset();
      toast(t('account-password-changed'), 'ok');
    } catch (e) {
      problem(root, 'password-error', accountErrorText(e));
    }
  });
}
