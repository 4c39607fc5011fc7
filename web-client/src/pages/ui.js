// Small DOM helpers shared by the views: toasts, confirmation dialog, escaping.

import { t } from '../i18n/messages.js';

export { esc } from '../draw/board.js';

/**
 * Shows a message for a few seconds in the toast area (also read out by
 * screen readers). Errors stay longer.
 * @param {string} text
 * @param {'error' | 'info' | 'ok'} [kind]
 */
export function toast(text, kind = 'info') {
  const area = document.getElementById('toasts');
  if (!area) return;
  const el = document.createElement('div');
  el.className = `toast toast-${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', t('ui-dismiss'));
  close.textContent = '×';
  close.addEventListener('click', () => el.remove());
  el.append(close);
  area.append(el);
  while (area.children.length > 4) area.firstElementChild?.remove();
  setTimeout(() => el.remove(), kind === 'error' ? 9000 : 4000);
}

/**
 * Asks a yes/no question in a modal dialog.
 * @param {string} title
 * @param {string} text
 * @param {string} yes  label of the confirming button
 * @returns {Promise<boolean>}
 */
export function confirmDialog(title, text, yes) {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('confirm'));
  if (!dialog) return Promise.resolve(window.confirm(text));
  /** @type {HTMLElement} */ (dialog.querySelector('.dlg-title')).textContent = title;
  /** @type {HTMLElement} */ (dialog.querySelector('.dlg-text')).textContent = text;
  /** @type {HTMLElement} */ (dialog.querySelector('.dlg-yes')).textContent = yes;
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
    dialog.returnValue = '';
    dialog.showModal();
    /** @type {HTMLElement} */ (dialog.querySelector('.dlg-no')).focus();
  });
}

/**
 * Copies text to the clipboard, falling back to a selected input.
 * @param {string} text
 * @param {HTMLInputElement | null} input
 */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}
