// The account page's checks and errors, the leaderboards' pool names, a
// profile's texts and the rating chart, in English and Spanish.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './messages.js';
import { ApiError } from '../../src/net/api.js';
import { accountErrorText, passwordProblem, usernameProblem } from '../../src/pages/account.js';
import { poolName } from '../../src/pages/leaderboard.js';
import { ratingRowsHtml, totalsText } from '../../src/pages/profile.js';
import { ratingChartSvg } from '../../src/draw/rating-chart.js';

/**
 * A refusal for too many attempts that says how long to wait.
 * @param {number} seconds
 */
function limited(seconds) {
  return Object.assign(new ApiError('rate_limited', 'Too many attempts.', 429), { retryAfter: seconds });
}

/** @type {import('../../src/net/accounts-api.js').PoolRating[]} */
const ratings = [
  { pool: 'kendall', rule_set: 'kendall', seats: 2, method: 'glicko2', rating: 1534.4, deviation: 62.2, volatility: 0.06, games: 31, provisional: false, rated_at: null },
  { pool: 'modern-3', rule_set: 'modern', seats: 3, method: 'glicko2', rating: 1500, deviation: 350, volatility: 0.06, games: 0, provisional: true, rated_at: null },
];

test('account checks, errors and texts in English', () => {
  assert.equal(usernameProblem('ab'), 'Usernames have at least 3 characters.');
  assert.equal(usernameProblem('a'.repeat(21)), 'Usernames have at most 20 characters.');
  assert.equal(usernameProblem('a b'), 'Use letters, digits, - and _ only.');
  assert.equal(usernameProblem('Nefertari_2'), null);
  assert.equal(passwordProblem('short'), 'Passwords have at least 8 characters.');
  assert.equal(passwordProblem('long enough'), null);
  assert.equal(accountErrorText(limited(30)), 'Too many attempts. Please try again in 30 seconds.');
  assert.equal(accountErrorText(limited(0.4)), 'Too many attempts. Please try again in 1 second.');
  assert.equal(accountErrorText(new ApiError('wrong_credentials', 'The username or the password is wrong.', 401)), 'The username or the password is wrong.');
  assert.equal(poolName('kendall'), 'Classic Senet (Kendall)');
  assert.equal(poolName('modern-3'), 'Senet for 3 players');
  assert.equal(poolName('nope'), 'nope');
  assert.equal(totalsText({ games: 1, wins: 1, losses: 0 }), '1 game, 1 won, 0 lost.');
  const rows = ratingRowsHtml(ratings);
  assert.match(rows, /<th scope="row">Classic Senet \(Kendall\)<\/th><td data-testid="rating-kendall">1534<\/td><td>±62<\/td><td>31<\/td>/);
  assert.match(rows, /<span class="muted">not rated yet<\/span>/);
  const svg = ratingChartSvg([{ rating: 1500, deviation: 200 }, { rating: 1534.4, deviation: 62 }], 'Classic <Senet> rating');
  assert.match(svg, /aria-label="Classic &#60;Senet&#62; rating: from 1,500 to 1,534 over 2 rated games"/);
});

test('account checks, errors and a profile in Spanish', () => {
  useLanguage('es');
  try {
    assert.equal(usernameProblem('ab'), 'El nombre de usuario debe tener al menos 3 caracteres.');
    assert.equal(passwordProblem('x'.repeat(129)), 'La contraseña puede tener como máximo 128 caracteres.');
    assert.equal(usernameProblem('a<b>'), 'Usa solo letras, cifras, - y _.');
    assert.equal(accountErrorText(limited(1)), 'Demasiados intentos. Vuelve a intentarlo dentro de 1 segundo.');
    assert.equal(accountErrorText(limited(45)), 'Demasiados intentos. Vuelve a intentarlo dentro de 45 segundos.');
    assert.equal(poolName('modern-4'), 'Senet para 4 jugadores');
    assert.equal(totalsText({ games: 1200, wins: 1, losses: 1199 }), '1200 partidas: 1 ganada y 1199 perdidas.');
    assert.equal(totalsText({ games: 21000, wins: 20000, losses: 1000 }), '21.000 partidas: 20.000 ganadas y 1000 perdidas.');
    assert.match(ratingRowsHtml(ratings), /<span class="muted">todavía sin puntuación<\/span>/);
    const svg = ratingChartSvg([{ rating: 1500, deviation: 200 }], 'Puntuación en Senet clásico');
    assert.match(svg, /aria-label="Puntuación en Senet clásico: de 1500 a 1500 en 1 partida puntuada"/);
  } finally {
    useLanguage('en');
  }
});
