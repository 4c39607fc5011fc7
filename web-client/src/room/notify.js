// "Your turn" while the player is elsewhere: an opt-in browser notification
// when the turn comes and the tab is hidden (the tab title, the favicon and
// the sound say it already; they stay). The browser is asked for permission
// only when the player ticks the box, and the choice is remembered in
// localStorage. Pure decisions first, then the room page's small wiring.

import { formatList, t } from '../i18n/messages.js';

/** Where the choice is remembered: `'1'` on, anything else off. */
export const NOTIFY_KEY = 'senet.notify';

/**
 * Whether the player asked for notifications.
 * @param {Pick<Storage, 'getItem'>} storage
 */
export function notifyWanted(storage) {
  try {
    return storage.getItem(NOTIFY_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Remembers the player's choice (a storage that refuses forgets it).
 * @param {Pick<Storage, 'setItem'>} storage
 * @param {boolean} on
 */
export function setNotifyWanted(storage, on) {
  try {
    storage.setItem(NOTIFY_KEY, on ? '1' : '0');
  } catch {
    // Private mode: the box works for this page only.
  }
}

/**
 * Whether the turn that just came is to be notified: asked for, allowed by
 * the browser, and the tab hidden (a visible tab shows it already).
 * @param {{wanted: boolean, permission: string, hidden: boolean}} s
 */
export function shouldNotify(s) {
  return s.wanted && s.permission === 'granted' && s.hidden;
}

/**
 * The notification's text: `Your turn — Classic Senet (Kendall) vs Bob`.
 * @param {string} ruleSet  the rule set's name (words, not its key)
 * @param {string[]} opponents  the other seats' names
 */
export function turnText(ruleSet, opponents) {
  const who = opponents.filter(Boolean);
  return who.length ? t('notify-turn-against', { ruleSet, opponents: formatList(who) }) : t('notify-turn', { ruleSet });
}

/** @param {string} text */
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether this browser can show notifications at all. */
function supported() {
  return typeof window !== 'undefined' && typeof window.Notification === 'function';
}

/**
 * The room page's notifications.
 * @param {HTMLElement} root  the room's element
 * @param {Storage} storage
 */
export function turnNotifier(root, storage) {
  /** @type {Notification | null} */
  let shown = null;
  let note = '';
  const close = () => {
    shown?.close();
    shown = null;
  };
  // Back on the tab: the notification has said what it had to.
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) close();
  });
  root.addEventListener('change', async (ev) => {
    const input = ev.target;
    if (!(input instanceof HTMLInputElement) || input.dataset.setting !== 'notify') return;
    note = '';
    if (!input.checked) {
      setNotifyWanted(storage, false);
      return;
    }
    // Only on this click, never unasked.
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setNotifyWanted(storage, permission === 'granted');
    if (permission !== 'granted') {
      input.checked = false;
      note = t('notify-blocked');
      const el = root.querySelector('.notify-note');
      if (el) el.textContent = note;
    }
  });
  return {
    /**
     * Draws the box next to the sound switch (after the page was drawn),
     * for a player who holds a seat.
     * @param {boolean} seated
     */
    draw(seated) {
      if (!seated || !supported()) return;
      const on = notifyWanted(storage) && Notification.permission === 'granted';
      const html = `<label class="notify-switch"><input type="checkbox" data-setting="notify"${on ? ' checked' : ''}> ${esc(t('notify-switch'))}</label><span class="notify-note note" role="status"></span>`;
      const anchor = root.querySelector('.sound-switch');
      if (anchor) anchor.insertAdjacentHTML('afterend', html);
      const el = root.querySelector('.notify-note');
      if (el) el.textContent = note;
    },
    /**
     * The turn has come to this player: notify if the tab is hidden.
     * @param {string} ruleSet  the rule set's name (words, not its key)
     * @param {string[]} opponents  the other seats' names
     */
    turnCame(ruleSet, opponents) {
      if (!supported()) return;
      if (!shouldNotify({ wanted: notifyWanted(storage), permission: Notification.permission, hidden: document.hidden })) return;
      close();
      try {
        shown = new Notification(turnText(ruleSet, opponents), { tag: 'senet-turn', icon: '/favicon.svg' });
      } catch {
        // Some browsers allow notifications only from a service worker.
        return;
      }
      shown.onclick = () => {
        window.focus();
        close();
      };
    },
  };
}
