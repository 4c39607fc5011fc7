// Every reason code the server can send has a sentence for the player:
// the codes are read from docs/protocol.md's "Reason codes" table, which a
// Rust test (crates/senet-server/tests/protocol_docs.rs) keeps equal to
// every code the engine and the server can send, rule set by rule set.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FluentBundle, FluentResource } from '../../vendor/fluent-bundle/index.js';
import { REASON_CODES, REASON_KEYS, reasonText } from '../../src/logic/reasons.js';
import { blockedReason, fromSnapshot } from '../../src/logic/state.js';
import { errorText } from '../../src/logic/format.js';
import { KENDALL, snapshot } from './fixtures.js';
import { catalogue, useLanguage } from './messages.js';

/** A description with Jequier's exit row. */
const JEQUIER_LIKE = { ...KENDALL, id: 'jequier', exit_row: { first: 21, last: 30 } };

/** The documented codes with the rule sets that can give each. */
function documented() {
  const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('### Reason codes'));
  const rows = table.slice(0, table.indexOf('\n### ', 10)).split('\n').filter((l) => /^\| `[a-z_0-9]+` \|/.test(l));
  return rows.map((row) => {
    const [code, ruleSets] = row.split('|').slice(1, 3).map((cell) => cell.trim());
    return { code: code.replace(/`/g, ''), ruleSets: ruleSets.replace(/`/g, '').split(/,\s*/) };
  });
}

test('every documented code of every rule set has a sentence, and no sentence is for a code that is not', () => {
  const codes = documented();
  assert.ok(codes.length >= 30, `read ${codes.length} codes`);
  for (const { code, ruleSets } of codes) {
    for (const ruleSet of ruleSets) {
      const words = reasonText(code, { ...JEQUIER_LIKE, id: ruleSet });
      assert.ok(words && words.length > 15 && /[.!]$/.test(words), `${code} (${ruleSet}): ${words}`);
      assert.doesNotMatch(words, /_/, `${code}: words, not the code`);
    }
  }
  assert.deepEqual([...REASON_CODES].sort(), codes.map((c) => c.code).sort());
});

test('every code has its own message, in English and in Spanish', () => {
  assert.deepEqual(Object.keys(REASON_KEYS), REASON_CODES);
  assert.equal(new Set(Object.values(REASON_KEYS)).size, REASON_CODES.length, 'one message per code');
  for (const lang of ['en', 'es']) {
    // The language's own catalogue only, with no English under it.
    const own = new FluentBundle(lang);
    own.addResource(new FluentResource(catalogue(lang)));
    for (const [code, key] of Object.entries(REASON_KEYS)) {
      assert.ok(own.hasMessage(key) && own.getMessage(key)?.value, `${lang}: ${key} (${code})`);
    }
  }
  const english = REASON_CODES.map((code) => reasonText(code, JEQUIER_LIKE));
  useLanguage('es');
  try {
    REASON_CODES.forEach((code, i) => {
      const words = reasonText(code, JEQUIER_LIKE) ?? '';
      assert.ok(words.length > 15 && /[.!]$/.test(words), `${code}: ${words}`);
      assert.notEqual(words, english[i], `${code} is translated`);
    });
  } finally {
    useLanguage('en');
  }
});

test("a square of the rule set's description goes into its sentence", () => {
  assert.match(reasonText('not_all_in_exit_row', JEQUIER_LIKE) ?? '', /21 to 30/);
  assert.equal(reasonText('no_such_code', JEQUIER_LIKE), null);
});

test('a blocked piece says why in words; an unknown code falls back to the server message', () => {
  const s = fromSnapshot(snapshot(/** @type {any} */ ({
    you: { role: 'seat', seat: 0 },
    next: { kind: 'decide', seat: 0, options: [], blocked: [
      { from: 9, code: 'blockade', message: 'the engine says: blockade on 10-12' },
      { from: 7, code: 'from_a_newer_server', message: 'the engine says so' },
    ] },
  })));
  assert.match(blockedReason(s, 9) ?? '', /in a row block the way/);
  assert.equal(blockedReason(s, 7), 'the engine says so');
  assert.equal(blockedReason(s, 3), null);
  assert.match(errorText('illegal_move', 'raw', 'protected_piece', s.desc), /^That move is not allowed\. The opponent/);
  assert.match(errorText('illegal_move', 'raw words', 'new_code', s.desc), /raw words/);
});
