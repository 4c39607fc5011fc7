// The account page (/account): sign up (the browser's player becomes an
// account, keeping its games), log in on this device, and, once in, log
// out here or everywhere and change the password (docs/accounts.md).

import { ApiError, createPlayer } from '../net/api.js';
import { changePassword, logIn, logOut, me, signUp } from '../net/accounts-api.js';
import * as identity from '../logic/identity.js';
import { esc, toast } from './ui.js';

/**
 * Checks a username as the server does, for a quick answer: 3–20
 * letters, digits, `-` and `_`. Returns an error sentence or null.
 * @param {string} name
 */
export function usernameProblem(name) {
  const n = [...name].length;
  if (n < 3) return 'Usernames have at least 3 characters.';
  if (n > 20) return 'Usernames have at most 20 characters.';
  if (!/^[\p{L}\p{N}_-]+$/u.test(name)) return 'Use letters, digits, - and _ only.';
  return null;
}

/**
 * Checks a new password's length as the server does.
 * @param {string} password
 */
export function passwordProblem(password) {
  const n = [...password].length;
  if (n < 8) return 'Passwords have at least 8 characters.';
  if (n > 128) return 'Passwords have at most 128 characters.';
  return null;
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
  return `<label for="${prefix}-username">Username</label>
<input id="${prefix}-username" name="username" autocomplete="username" required maxlength="20" autocapitalize="off" spellcheck="false">
<label for="${prefix}-password">Password</label>
<input id="${prefix}-password" name="password" type="password" required minlength="8" maxlength="128" autocomplete="${prefix === 'signup' ? 'new-password' : 'current-password'}">`;
}

function outHtml() {
  return `<section class="panel account" aria-labelledby="account-title">
<h1 id="account-title">Your account</h1>
<p>With an account you keep your games and your ratings on every device, and you can play rated games.</p>
<div class="account-forms">
<form id="signup-form" class="account-form" novalidate>
<h2>Sign up</h2>
<p class="note">The games you played in this browser stay yours.</p>
${credentialsHtml('signup')}
<p class="form-error" id="signup-error" role="alert" hidden></p>
<button class="btn primary" type="submit" data-testid="signup">Sign up</button>
</form>
<form id="login-form" class="account-form" novalidate>
<h2>Log in</h2>
${credentialsHtml('login')}
<p class="form-error" id="login-error" role="alert" hidden></p>
<button class="btn" type="submit" data-testid="login">Log in</button>
</form>
</div>
</section>`;
}

/** @param {import('../net/accounts-api.js').Me} who */
function inHtml(who) {
  const name = who.username ?? '';
  return `<section class="panel account" aria-labelledby="account-title">
<h1 id="account-title">Your account</h1>
<p>Signed in as <strong data-testid="account-username">${esc(name)}</strong> (shown to others as ${esc(who.display_name)}). <a href="/players/${encodeURIComponent(name)}">Your profile and ratings</a></p>
<div class="row"><button class="btn" type="button" id="logout" data-testid="logout">Log out</button>
<button class="btn" type="button" id="logout-all">Log out everywhere</button></div>
<form id="password-form" class="account-form" novalidate>
<h2>Change your password</h2>
<p class="note">Every other device is logged out.</p>
<label for="current-password">Current password</label>
<input id="current-password" type="password" autocomplete="current-password" required>
<label for="new-password">New password</label>
<input id="new-password" type="password" autocomplete="new-password" required minlength="8" maxlength="128">
<p class="form-error" id="password-error" role="alert" hidden></p>
<button class="btn" type="submit">Change the password</button>
</form>
</section>`;
}

/**
 * The account page.
 * @param {HTMLElement} root
 */
export async function showAccount(root) {
  document.title = 'Your account · Senet Online';
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
      toast(`Welcome, ${account.username}: your account is ready.`, 'ok');
      await showAccount(root);
    } catch (e) {
      problem(root, 'signup-error', e instanceof Error ? e.message : String(e));
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
      toast(`Logged in as ${session.username}.`, 'ok');
      await showAccount(root);
    } catch (e) {
      problem(root, 'login-error', e instanceof Error ? e.message : String(e));
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
      toast(e instanceof Error ? e.message : String(e), 'error');
      return;
    }
    identity.forget(localStorage, current.player_id);
    toast(everywhere ? 'Logged out on every device.' : 'Logged out.', 'ok');
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
      toast('Password changed; your other devices are logged out.', 'ok');
    } catch (e) {
      problem(root, 'password-error', e instanceof Error ? e.message : String(e));
    }
  });
}
