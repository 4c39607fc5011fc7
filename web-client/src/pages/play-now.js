// "Play now" on the home page: join a pool (rule set, players, clock,
// rated or casual) over `/ws/seek` and go to the room as soon as the
// server seats a pair (docs/pairing.md). The page holds no rule: the
// rule sets and their seat counts come from the server's descriptions.

import { TIME_CONTROL_CHOICES, controlText, timeControlRequest } from '../logic/clock.js';
import { closeText, errorText } from '../logic/format.js';
import { SIGNED_OUT } from '../net/socket.js';
import { pools } from '../net/accounts-api.js';
import * as identity from '../logic/identity.js';
import { esc } from './ui.js';
import { t } from '../i18n/messages.js';

/**
 * The panel's markup.
 * @param {import('../types.js').Description[]} ruleSets
 * @param {boolean} account  whether the browser's player has an account
 */
export function playNowHtml(ruleSets, account) {
  const options = [];
  for (const d of ruleSets) {
    for (let k = d.seats.min; k <= d.seats.max; k += 1) {
      const label = d.seats.max > d.seats.min ? t('play-now-pool', { ruleSet: t(d.name), count: k }) : t(d.name);
      options.push(`<option value="${esc(d.id)}:${k}">${esc(label)}</option>`);
    }
  }
  const clocks = TIME_CONTROL_CHOICES.map(([value, label]) => `<option value="${value}"${value === 'clock:300+3' ? ' selected' : ''}>${esc(label)}</option>`).join('');
  const m = (/** @type {string} */ key) => esc(t(key));
  const ratedNote = account
    ? m('play-now-rated-note')
    : `${m('play-now-rated-account')} <a href="/account">${m('play-now-rated-account.link')}</a>${m('play-now-rated-account.after')}`;
  return `<section class="panel play-now" aria-labelledby="play-now-title">
<h2 id="play-now-title">${m('play-now-title')}</h2>
<p class="note">${m('play-now-note')}</p>
<form id="play-now-form" class="form" novalidate>
<label for="pn-pool">${m('play-now-game')}</label>
<select id="pn-pool" name="pool">${options.join('')}</select>
<label for="pn-clock">${m('play-now-clock')}</label>
<select id="pn-clock" name="clock">${clocks}</select>
<label class="check"><input type="checkbox" id="pn-rated" name="rated"${account ? '' : ' disabled'}> ${m('play-now-rated')}</label>
<p class="note" id="pn-rated-note">${ratedNote}</p>
<p class="form-error" role="alert" id="pn-error"></p>
<p id="pn-status" role="status" aria-live="polite" data-testid="play-now-status"></p>
<div class="row"><button type="submit" class="btn primary big" id="pn-go" data-testid="play-now">${m('play-now-go')}</button>
<button type="button" class="btn" id="pn-cancel" hidden>${m('play-now-cancel')}</button></div>
</form>
<p class="note" id="pn-pools" aria-live="polite"></p>
</section>`;
}

/**
 * Wires the panel: the seek socket, its status, and the room on pairing.
 * @param {HTMLElement} root
 * @param {import('../types.js').Description[]} ruleSets
 * @param {(errors: HTMLElement) => Promise<import('../net/api.js').Identity | null>} ensureIdentity
 */
export function wirePlayNow(root, ruleSets, ensureIdentity) {
  const form = /** @type {HTMLFormElement | null} */ (root.querySelector('#play-now-form'));
  if (!form) return;
  const status = /** @type {HTMLElement} */ (root.querySelector('#pn-status'));
  const errors = /** @type {HTMLElement} */ (root.querySelector('#pn-error'));
  const go = /** @type {HTMLButtonElement} */ (root.querySelector('#pn-go'));
  const cancel = /** @type {HTMLButtonElement} */ (root.querySelector('#pn-cancel'));
  /** @type {WebSocket | null} */
  let socket = null;

  const idle = () => {
    socket = null;
    go.disabled = false;
    cancel.hidden = true;
  };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    errors.textContent = '';
    const id = await ensureIdentity(errors);
    if (!id) return;
    const data = new FormData(form);
    const [ruleSet, seats] = String(data.get('pool') ?? 'kendall:2').split(':');
    const rated = data.get('rated') === 'on';
    const timeControl = timeControlRequest(String(data.get('clock') ?? 'none'));
    if (rated && !timeControl) {
      errors.textContent = errorText('rated_needs_clock');
      return;
    }
    const seek = { type: 'seek', rule_set: ruleSet, seats: Number(seats), rated, ...(timeControl ? { time_control: timeControl } : {}) };
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws/seek?token=${encodeURIComponent(id.token)}`);
    socket = ws;
    go.disabled = true;
    status.textContent = t('play-now-connecting');
    ws.addEventListener('open', () => ws.send(JSON.stringify(seek)));
    ws.addEventListener('message', (msg) => {
      let m;
      try {
        m = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      const d = ruleSets.find((x) => x.id === ruleSet);
      const name = d ? t(d.name) : ruleSet;
      if (m.type === 'seeking') {
        cancel.hidden = false;
        status.textContent = t('play-now-seeking', { seats: Number(seats), ruleSet: name, timed: timeControl ? 'yes' : 'no', clock: timeControl ? controlText(m.time_control) : '', rated: rated ? 'yes' : 'no' });
      } else if (m.type === 'paired') {
        status.textContent = t('play-now-found');
        location.assign(`/r/${encodeURIComponent(m.code)}`);
      } else if (m.type === 'cancelled') {
        status.textContent = m.reason === 'replaced' ? t('play-now-replaced') : t('play-now-stopped');
      } else if (m.type === 'error') {
        errors.textContent = errorText(m.code, m.message);
        status.textContent = '';
        ws.close();
      }
    });
    ws.addEventListener('close', (ev) => {
      if (ev.code === SIGNED_OUT) {
        // Logged out here or elsewhere: the seek is gone and so is the token.
        identity.forgetToken(localStorage, id.token);
        errors.textContent = closeText(SIGNED_OUT) ?? '';
        status.textContent = '';
      }
      if (socket === ws) idle();
    });
  });

  cancel.addEventListener('click', () => {
    socket?.send(JSON.stringify({ type: 'cancel' }));
  });

  // Rated needs an account; the note says so when the box cannot be ticked.
  const account = Boolean(identity.load(localStorage).current?.username);
  /** @type {HTMLInputElement} */ (root.querySelector('#pn-rated')).disabled = !account;

  const poolsNote = /** @type {HTMLElement} */ (root.querySelector('#pn-pools'));
  const showPools = async () => {
    if (!root.isConnected) return;
    try {
      const waiting = await pools();
      const pool = (/** @type {typeof waiting[number]} */ p) => {
        const d = ruleSets.find((x) => x.id === p.rule_set);
        const timed = p.time_control.kind !== 'none';
        return t('play-now-pool-waiting', { waiting: p.waiting, ruleSet: d ? t(d.name) : p.rule_set, seats: p.seats, timed: timed ? 'yes' : 'no', clock: timed ? controlText(p.time_control) : '', rated: p.rated ? 'yes' : 'no' });
      };
      poolsNote.textContent = waiting.length ? t('play-now-pools', { pools: waiting.map(pool).join('; ') }) : '';
    } catch {
      poolsNote.textContent = '';
    }
    setTimeout(showPools, 5000);
  };
  showPools();
}
