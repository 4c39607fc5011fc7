// Signing up through the account page, as the e2e tests' players do.

import assert from 'node:assert/strict';

/** The password every e2e account has. */
export const PASSWORD = 'correct horse battery';

/**
 * Signs up on the account page of the server at `base`.
 * @param {import('playwright-core').Page} page
 * @param {string} base
 * @param {string} username
 */
export async function signUp(page, base, username) {
  await page.goto(`${base}/account`);
  await page.fill('#signup-username', username);
  await page.fill('#signup-password', PASSWORD);
  await page.click('[data-testid="signup"]');
  await page.waitForSelector('[data-testid="account-username"]');
  assert.equal(await page.textContent('[data-testid="account-username"]'), username);
}
