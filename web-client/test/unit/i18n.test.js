// The message layer itself: the vendored Fluent runtime is the npm
// package's, unchanged; t() formats plurals and numbers the language's way,
// falls back to English for a key a translation lacks, and shows a key
// nobody has as itself.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { catalogue, useLanguage } from './messages.js';
import { formatList, formatNumber, has, language, t, useMessages } from '../../src/i18n/messages.js';

test('vendor/fluent-bundle is @fluent/bundle as installed, file for file', () => {
  const vendored = new URL('../../vendor/fluent-bundle/', import.meta.url);
  const installed = new URL('../../node_modules/@fluent/bundle/esm/', import.meta.url);
  const code = (/** @type {URL} */ dir) => readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')).sort();
  assert.deepEqual(code(vendored), code(installed));
  for (const file of code(installed)) {
    assert.equal(readFileSync(new URL(file, vendored), 'utf8'), readFileSync(new URL(file, installed), 'utf8'), file);
  }
});

test('plurals, numbers and lists follow the language; a missing key falls back', () => {
  useLanguage('es');
  assert.equal(language(), 'es');
  assert.equal(t('nav-rules'), 'Reglas');
  assert.equal(t('page-brand.aria-label'), 'Senet Online, inicio');
  assert.equal(formatNumber(21000), '21.000');
  assert.equal(formatList(['Ana', 'Bo', 'Cleo']), 'Ana, Bo y Cleo');
  // A Spanish catalogue without a key: English under it answers.
  useMessages('es', 'nav-rules = Reglas\n', catalogue('en'));
  assert.equal(t('nav-games'), 'Games');
  assert.equal(t('no-such-key'), 'no-such-key');
  assert.equal(has('nav-games'), true);
  assert.equal(has('no-such-key'), false);
  useLanguage('en');
  assert.equal(t('nav-rules'), 'Rules');
  assert.equal(formatNumber(21000), '21,000');
});
