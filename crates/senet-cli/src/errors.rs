//! `senet errors --level L …`: how much winning chance a level gives away
//! per decision, measured the way backgammon programs are measured.
//!
//! Games of the level against itself (Kendall's rules). Every decision with
//! two or more legal moves is judged:
//! - **within the endgame tables** (both sides have at most N pieces on the
//!   board): against the exact values, `best − chosen` in percentage points
//!   of win chance;
//! - **in the middle game** (beyond the tables, from the 20th throw on),
//!   every `--oracle-every`-th decision: against an oracle, the expert with
//!   `--oracle-factor` times the default budget and the tables at its
//!   leaves, `(score(best) − score(chosen)) / 2` with scores `≈ 2·P − 1`.
//!
//! The expert plays with the default budget and, with `--with-tables`, the
//! tables lent as in the product (within them it then plays exactly by
//! construction); without, its search alone is measured.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Endgame, Level, Player, play_games};
use senet_engine::kendall_v1::{Move, Position, Rules, Throw};
use senet_engine::{Kendall, Sticks};
use senet_tablebase::Tables;

/// A random game never needs this many throws; the cap only guards the tool.
const MAX_TURNS: u32 = 100_000;
/// Throws after which a position beyond the tables counts as middle game.
const MIDDLE_GAME_FROM: u32 = 20;
/// A loss below this many points is a tie in the values, not an error
/// (32-bit table values are within 1.2e-10 of the solved ones).
const ERROR_POINTS: f64 = 1e-6;

/// What `senet errors` was asked for.
pub struct Request {
    /// The level measured (both sides).
    pub level: Level,
    /// Games to play.
    pub games: u64,
    /// The seed of game `i`'s generator is `seed + i`.
    pub seed: u64,
    /// Threads to play on.
    pub threads: u64,
    /// Lend the tables to the measured expert, as the product does.
    pub with_tables: bool,
    /// Judge every k-th middle-game decision against the oracle; 0 for none.
    pub oracle_every: u64,
    /// The oracle's budget, in multiples of the measured expert's.
    pub oracle_factor: u64,
    /// The measured expert's node budget (the default in the product).
    pub nodes: u64,
}

/// The losses, in points, of one kind of judged decision.
#[derive(Debug, Default, Clone)]
pub(crate) struct Losses {
    pub(crate) points: Vec<f64>,
}

impl Losses {
    pub(crate) fn summary(&self, label: &str) -> String {
        let n = self.points.len() as f64;
        if self.points.is_empty() {
            return format!("{label}: decisions=0");
        }
        let mean = self.points.iter().sum::<f64>() / n;
        let variance =
            self.points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        // Normal approximation of the mean's 95% interval; with thousands of
        // decisions the skew of single losses averages out.
        let half = 1.959_964 * (variance / n).sqrt();
        let errors = self.points.iter().filter(|&&p| p > ERROR_POINTS).count();
        let max = self.points.iter().copied().fold(0.0, f64::max);
        format!(
            "{label}: decisions={} mean_points={mean:.4} ci95=[{:.4}, {:.4}] sd={:.4} errors={errors} ({:.1}%) max_points={max:.2}",
            self.points.len(),
            (mean - half).max(0.0),
            mean + half,
            variance.sqrt(),
            100.0 * errors as f64 / n,
        )
    }
}

/// One game's judged decisions.
#[derive(Default)]
struct GameLosses {
    tables: Losses,
    oracle: Losses,
}

/// Plays the games and returns the figures, one line each.
pub fn run(request: &Request, tables: &Tables) -> String {
    // Node budgets only, so that a seed gives the same games on any machine.
    let measured = Player::new(request.level).with_budget(Budget::nodes(request.nodes));
    let oracle = Player::new(Level::Expert).with_budget(Budget::nodes(
        request.nodes.saturating_mul(request.oracle_factor.max(1)),
    ));
    let per_game = play_games(request.games, request.threads, |i| {
        let mut rng = SmallRng::seed_from_u64(request.seed.wrapping_add(i));
        play_and_judge(request, &measured, &oracle, tables, &mut rng)
    });
    let mut all = GameLosses::default();
    for game in per_game {
        all.tables.points.extend(game.tables.points);
        all.oracle.points.extend(game.oracle.points);
    }
    let lent = if request.with_tables && request.level == Level::Expert {
        " (tables lent)"
    } else {
        ""
    };
    format!(
        "level={}{lent} nodes={} games={} seed={}\n{}\n{}\n",
        request.level,
        request.nodes,
        request.games,
        request.seed,
        all.tables
            .summary(&format!("within tables (N={})", tables.max_pieces())),
        if request.oracle_every == 0 {
            "middle game: not judged (no --oracle-every)".to_owned()
        } else {
            all.oracle.summary(&format!(
                "middle game vs expert x{} (1 decision in {})",
                request.oracle_factor, request.oracle_every
            ))
        },
    )
}

fn play_and_judge(
    request: &Request,
    measured: &Player,
    oracle: &Player,
    tables: &Tables,
    rng: &mut SmallRng,
) -> GameLosses {
    let rules = Kendall;
    let lent: Option<&dyn Endgame> = request.with_tables.then_some(tables as &dyn Endgame);
    let mut losses = GameLosses::default();
    let mut middle_decisions = 0u64;
    let mut position = rules.start();
    for turn in 0..MAX_TURNS {
        if rules.winner(&position).is_some() {
            break;
        }
        let throw = rules.score(Sticks::throw(rng));
        let Some(chosen) = measured.choose_with(&rules, &position, throw, lent, rng) else {
            position = rules.pass(&position);
            continue;
        };
        if rules.legal_moves(&position, throw).len() >= 2 {
            if tables.covers(&position) {
                if let Some(points) = table_loss(tables, &position, throw, &chosen) {
                    losses.tables.points.push(points);
                }
            } else if request.oracle_every > 0 && turn >= MIDDLE_GAME_FROM {
                middle_decisions += 1;
                if middle_decisions % request.oracle_every == 0 {
                    let ranked = oracle.rank_with(&rules, &position, throw, Some(tables), rng);
                    if let Some(points) = oracle_loss(&ranked.moves, &chosen) {
                        losses.oracle.points.push(points);
                    }
                }
            }
        }
        position = rules.apply(&position, throw, chosen);
    }
    losses
}

/// Points of exact win chance the chosen move gives away, or `None` when a
/// move leads beyond the tables (cannot happen within them, but the tables
/// decide, not this tool).
fn table_loss(tables: &Tables, position: &Position, throw: Throw, chosen: &Move) -> Option<f64> {
    let values = tables.probe_throw(position, throw).ok()?;
    let best = values.first()?.win_chance;
    let played = values
        .iter()
        .find(|v| v.mv.as_ref() == Some(chosen))?
        .win_chance;
    Some(100.0 * (best - played).max(0.0))
}

/// Points the chosen move gives away by the oracle's scores (`≈ 2·P − 1`,
/// so half a score point is a point of win chance).
pub(crate) fn oracle_loss<M: PartialEq>(ranked: &[(M, f64)], chosen: &M) -> Option<f64> {
    let best = ranked.first()?.1;
    let played = ranked.iter().find(|(mv, _)| mv == chosen)?.1;
    Some(50.0 * (best - played).max(0.0))
}
