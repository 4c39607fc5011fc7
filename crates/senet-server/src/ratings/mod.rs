//! Ratings: one per player and pool, updated after every rated game in the
//! transaction that ends it (`store::ratings`). `docs/ratings.md` gives the
//! why of every number.
//!
//! - Two seats: **Glicko-2** (the `skillratings` crate), one game a rating
//!   period as lichess does, τ = 0.75, starting at 1500 / RD 350 /
//!   volatility 0.06; before each game the deviation grows with the time
//!   since the player's last rated game ([`idle_deviation`]).
//! - Three or four seats (Senet-modern): **Weng-Lin** (OpenSkill's
//!   Bradley-Terry model, the same crate), every seat a team of one ranked
//!   by its place, on Glicko's scale: μ 1500, σ 350, β 175.

mod handlers;
mod pool;
mod shown;

use chrono::{DateTime, Utc};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

pub use handlers::router;
pub use pool::{Method, Pool};
pub use shown::ShownRating;

/// Where every rating starts.
pub const START_RATING: f64 = 1500.0;
/// The deviation of a player with no rated game: also the most it grows to.
pub const START_DEVIATION: f64 = 350.0;
/// Glicko-2's starting volatility.
pub const START_VOLATILITY: f64 = 0.06;
/// Glicko-2's τ: how fast volatility may change (lichess's 0.75; Glickman
/// suggests 0.3 to 1.2).
pub const TAU: f64 = 0.75;
/// A rating whose deviation is above this is provisional (lichess marks it
/// with "?"), and is kept off the leaderboards.
pub const PROVISIONAL_ABOVE: f64 = 110.0;
/// Glicko-2 rating periods a day of idleness counts for (lichess's
/// figure): an established player (RD 60, volatility 0.06) away for a
/// year comes back at RD ≈ 110, provisional again.
pub const PERIODS_PER_DAY: f64 = 0.21436;
/// Weng-Lin's β on Glicko's scale: half the starting σ, as OpenSkill's
/// defaults (25/6 against 25/3).
pub const WENG_LIN_BETA: f64 = START_DEVIATION / 2.0;

/// Glicko-2's own scale factor (Glickman, step 2).
const GLICKO2_SCALE: f64 = 173.7178;

/// A player's rating in a pool.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Glicko-2 rating, or Weng-Lin μ.
    pub rating: f64,
    /// Glicko-2 RD, or Weng-Lin σ.
    pub deviation: f64,
    /// Glicko-2 volatility; `None` for Weng-Lin.
    pub volatility: Option<f64>,
    /// Rated games played in the pool.
    pub games: i32,
    /// When the last one ended; `None` before the first.
    pub rated_at: Option<DateTime<Utc>>,
}

impl Rating {
    /// A player's rating before their first rated game in a pool.
    #[must_use]
    pub fn start(method: Method) -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: match method {
                Method::Glicko2 => Some(START_VOLATILITY),
                Method::WengLin => None,
            },
            games: 0,
            rated_at: None,
        }
    }

    /// Whether the rating is still provisional.
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_ABOVE
    }
}

/// The deviation a rating has at `now`: Glickman's step 6 for the rating
/// periods passed since the last rated game, `φ* = √(φ² + σ²·t)` with
/// `t` = idle days × [`PERIODS_PER_DAY`], never above the start's 350.
#[must_use]
pub fn idle_deviation(rating: &Rating, now: DateTime<Utc>) -> f64 {
    let (Some(volatility), Some(rated_at)) = (rating.volatility, rating.rated_at) else {
        return rating.deviation;
    };
    let idle_days = (now - rated_at).num_milliseconds().max(0) as f64 / 86_400_000.0;
    let periods = idle_days * PERIODS_PER_DAY;
    let phi = rating.deviation / GLICKO2_SCALE;
    let grown = (phi * phi + volatility * volatility * periods).sqrt() * GLICKO2_SCALE;
    grown.min(START_DEVIATION)
}

/// The ratings after a rated game, given each seat's rating before it in
/// the order of their places (the winner first). Two seats: Glicko-2;
/// more: Weng-Lin. Each comes back with one more game and `rated_at` now.
#[must_use]
pub fn rate(by_place: &[Rating], now: DateTime<Utc>) -> Vec<Rating> {
    let updated: Vec<(f64, f64, Option<f64>)> = match by_place {
        [winner, loser] => {
            let player = |r: &Rating| Glicko2Rating {
                rating: r.rating,
                deviation: idle_deviation(r, now),
                volatility: r.volatility.unwrap_or(START_VOLATILITY),
            };
            let config = Glicko2Config {
                tau: TAU,
                ..Glicko2Config::new()
            };
            let (won, lost) = glicko2(&player(winner), &player(loser), &Outcomes::WIN, &config);
            vec![
                (won.rating, won.deviation, Some(won.volatility)),
                (lost.rating, lost.deviation, Some(lost.volatility)),
            ]
        }
        _ => {
            let teams: Vec<[WengLinRating; 1]> = by_place
                .iter()
                .map(|r| {
                    [WengLinRating {
                        rating: r.rating,
                        uncertainty: r.deviation,
                    }]
                })
                .collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .enumerate()
                .map(|(place, team)| (&team[..], MultiTeamOutcome::new(place + 1)))
                .collect();
            let config = WengLinConfig {
                beta: WENG_LIN_BETA,
                ..WengLinConfig::new()
            };
            weng_lin_multi_team(&ranked, &config)
                .into_iter()
                .map(|team| {
                    team.first()
                        .map_or((START_RATING, START_DEVIATION, None), |r| {
                            (r.rating, r.uncertainty, None)
                        })
                })
                .collect()
        }
    };
    by_place
        .iter()
        .zip(updated)
        .map(|(before, (rating, deviation, volatility))| Rating {
            rating,
            deviation,
            volatility,
            games: before.games.saturating_add(1),
            rated_at: Some(now),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_game_between_newcomers_matches_glickmans_scale() {
        let now = Utc::now();
        let start = Rating::start(Method::Glicko2);
        let after = rate(&[start, start], now);
        // Symmetric, and the deviation shrinks from 350.
        assert!((after[0].rating - START_RATING - (START_RATING - after[1].rating)).abs() < 1e-9);
        assert!(after[0].rating > 1600.0 && after[0].deviation < 300.0);
        assert_eq!(after[0].games, 1);
        assert!(after[0].provisional());
    }

    #[test]
    fn idleness_widens_the_deviation_up_to_the_start() {
        let now = Utc::now();
        let mut rating = Rating {
            rating: 1800.0,
            deviation: 60.0,
            volatility: Some(0.06),
            games: 40,
            rated_at: Some(now),
        };
        assert!((idle_deviation(&rating, now) - 60.0).abs() < 1e-9);
        rating.rated_at = Some(now - chrono::Duration::days(30));
        let month = idle_deviation(&rating, now);
        assert!(month > 60.0 && month < 350.0, "{month}");
        rating.rated_at = Some(now - chrono::Duration::days(365));
        let year = idle_deviation(&rating, now);
        assert!((105.0..115.0).contains(&year), "{year}");
        // A volatile player's grows faster, never past the start.
        rating.volatility = Some(0.2);
        rating.rated_at = Some(now - chrono::Duration::days(1000));
        assert!((idle_deviation(&rating, now) - START_DEVIATION).abs() < 1e-9);
    }

    #[test]
    fn many_seats_order_by_place() {
        let now = Utc::now();
        let start = Rating::start(Method::WengLin);
        let after = rate(&[start, start, start, start], now);
        assert!(
            after.windows(2).all(|w| w[0].rating > w[1].rating),
            "{after:?}"
        );
        assert!(
            after
                .iter()
                .all(|r| r.deviation < START_DEVIATION && r.volatility.is_none())
        );
    }
}
