//! The computer for every rule set, on the engine's step model
//! ([`senet_engine::RuleSet`]): no rule is copied here. The options come
//! from `next`, what they do from `apply` on a copy of the state, chance
//! from `ChanceKind::outcomes` with its exact probabilities, and the
//! evaluation reads the engine's `view`.
//!
//! The standard rules (`kendall`) keep their fast path: a Kendall state
//! with a throw to move by goes to [`Player`], the search over
//! [`senet_engine::kendall_v1::Position`].

mod beginner;
mod eval;
mod learned;
mod maxn;
mod play;
mod playouts;
#[cfg(test)]
mod playouts_tests;
mod search;
#[cfg(test)]
mod tests;
mod tree;
mod value;

use core::fmt;
use core::str::FromStr;

use rand::Rng;
use senet_engine::{
    AnyRules, AnyState, Choice, Jequier, Kendall, Kendall7, Modern, Next, Options, Peril, RuleSet,
    RuleSetId, Seat, Simple,
};

pub use eval::{Strengths, Weights};
pub use learned::{LEARNED_FEATURES, Learned, learned_features};
pub use play::{Decision, StepGameResult, play_step_game, play_step_game_clocked};

use crate::Player;
use crate::eval::{LOSS, WIN};
use crate::level::{Budget, Level};
use crate::search::SearchStats;
use tree::Tree;

/// Deepest iteration tried, in turns.
const MAX_DEPTH: u32 = 64;

/// How the expert searches a game of three or four seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MultiSearch {
    /// Max-n: every seat plays for its own chance of winning (a softmax of
    /// the seats' strengths), which is how the other seats really play; no
    /// pruning.
    #[default]
    MaxN,
    /// Paranoid: every other seat plays against the seat at the root, which
    /// makes the game two-sided, so Star1 and alpha-beta prune and the
    /// search goes deeper, at the price of a pessimistic model.
    Paranoid,
}

impl MultiSearch {
    /// The stable text name: `maxn` or `paranoid`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MultiSearch::MaxN => "maxn",
            MultiSearch::Paranoid => "paranoid",
        }
    }
}

impl fmt::Display for MultiSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for MultiSearch {
    type Err = String;

    fn from_str(text: &str) -> Result<MultiSearch, String> {
        match text {
            "maxn" => Ok(MultiSearch::MaxN),
            "paranoid" => Ok(MultiSearch::Paranoid),
            _ => Err(format!("unknown search `{text}`; known: maxn, paranoid")),
        }
    }
}

/// How the expert ranks its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExpertMethod {
    /// Expectiminimax (two seats) or max-n / paranoid (three or four) over
    /// the draws, on the evaluation, by iterative deepening. Every rule
    /// set's expert.
    #[default]
    Search,
    /// Each option played to the end by the greedy intermediate at every
    /// seat, on common draws, within the node budget; the option that wins
    /// most often. An experiment (`senet selfplay --method playouts`): at
    /// the default budget no stronger than the search in Simple, where
    /// playouts promised most (`docs/ai.md`).
    Playouts,
}

impl ExpertMethod {
    /// The stable text name: `search` or `playouts`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ExpertMethod::Search => "search",
            ExpertMethod::Playouts => "playouts",
        }
    }
}

impl fmt::Display for ExpertMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ExpertMethod {
    type Err = String;

    fn from_str(text: &str) -> Result<ExpertMethod, String> {
        match text {
            "search" => Ok(ExpertMethod::Search),
            "playouts" => Ok(ExpertMethod::Playouts),
            _ => Err(format!("unknown method `{text}`; known: search, playouts")),
        }
    }
}

/// The options of a decision, best first, and how the search went.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionRanking {
    /// Every option once, best first, with its score; empty when no seat
    /// decides now (a chance comes next, or the game is over).
    ///
    /// For the intermediate and expert levels the scores are values in
    /// `[-1, 1]` for the seat deciding, roughly `2·P(win) − 1`, ±1 a certain
    /// win or loss. For the beginner they are the random sampling keys in
    /// `(0, 1)` that ordered the options.
    pub options: Vec<(Choice, f64)>,
    /// How far the search went: depth in turns (1 for the intermediate,
    /// 0 for the beginner) and nodes.
    pub stats: SearchStats,
}

/// A computer player for any rule set: a level, a budget, how it searches
/// games of three or four seats, and, if set, its own evaluation weights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepPlayer {
    /// How strongly it plays.
    pub level: Level,
    /// The work allowed per decision (expert only).
    pub budget: Budget,
    /// The search for three or four seats (expert; the intermediate's
    /// evaluation follows it too).
    pub multi: MultiSearch,
    /// Evaluation weights; `None` for the game's own at this level
    /// ([`Weights::for_level`]).
    pub weights: Option<Weights>,
    /// How the expert ranks its options.
    pub method: ExpertMethod,
}

impl StepPlayer {
    /// A player of this level with the default budget, max-n for three or
    /// four seats and each rule set's weights.
    #[must_use]
    pub fn new(level: Level) -> StepPlayer {
        StepPlayer {
            level,
            budget: Budget::default(),
            multi: MultiSearch::default(),
            weights: None,
            method: ExpertMethod::Search,
        }
    }

    /// The same player with another expert method.
    #[must_use]
    pub fn with_method(mut self, method: ExpertMethod) -> StepPlayer {
        self.method = method;
        self
    }

    /// The same player with another budget.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> StepPlayer {
        self.budget = budget;
        self
    }

    /// The same player with another search for three or four seats.
    #[must_use]
    pub fn with_multi(mut self, multi: MultiSearch) -> StepPlayer {
        self.multi = multi;
        self
    }

    /// The same player with its own evaluation weights.
    #[must_use]
    pub fn with_weights(mut self, weights: Weights) -> StepPlayer {
        self.weights = Some(weights);
        self
    }

    /// Ranks the options of the decision `state` waits for, best first
    /// (empty when it waits for none). `rng` is only drawn from by the
    /// beginner.
    pub fn rank<G: Rng + ?Sized>(&self, state: &AnyState, rng: &mut G) -> OptionRanking {
        match state {
            AnyState::Kendall(stick) => match stick.pending {
                // The standard rules keep their own search.
                Some(throw) if self.weights.is_none() => {
                    let ranking = Player::new(self.level).with_budget(self.budget).rank(
                        &Kendall,
                        &stick.position,
                        throw,
                        rng,
                    );
                    OptionRanking {
                        options: ranking
                            .moves
                            .into_iter()
                            .map(|(mv, score)| (Choice::Move { from: mv.from }, score))
                            .collect(),
                        stats: ranking.stats,
                    }
                }
                _ => self.rank_in(Kendall, stick, rng),
            },
            AnyState::Kendall7(s) => self.rank_in(Kendall7, s, rng),
            AnyState::Jequier(s) => self.rank_in(Jequier, s, rng),
            AnyState::Simple(s) => self.rank_in(Simple, s, rng),
            AnyState::Peril(s) => self.rank_in(Peril, s, rng),
            AnyState::Modern(s) => self.rank_in(Modern, s, rng),
        }
    }

    /// The option this player picks at the decision `state` waits for, or
    /// `None` when no seat decides now.
    pub fn choose<G: Rng + ?Sized>(&self, state: &AnyState, rng: &mut G) -> Option<Choice> {
        let options = match rules_of(state).next(state) {
            Next::Decide { options, .. } => options,
            _ => return None,
        };
        if let [only] = options.as_slice() {
            // Nothing to think about.
            return Some(*only);
        }
        let ranked = self.rank(state, rng).options;
        ranked
            .first()
            .map(|&(choice, _)| choice)
            .filter(|choice| options.contains(choice))
            .or_else(|| options.as_slice().first().copied())
    }

    /// Ranks the options under one rule set.
    fn rank_in<R: RuleSet, G: Rng + ?Sized>(
        &self,
        rules: R,
        state: &R::State,
        rng: &mut G,
    ) -> OptionRanking {
        let Next::Decide { seat, options } = rules.next(state) else {
            return OptionRanking {
                options: Vec::new(),
                stats: SearchStats::default(),
            };
        };
        match self.level {
            Level::Beginner => OptionRanking {
                options: beginner::rank(rules, state, seat, &options, rng),
                stats: SearchStats::default(),
            },
            // Greedy: the rest of its own turn, evaluated where the next
            // turn begins.
            Level::Intermediate => self.search(rules, state, seat, &options, 0),
            Level::Expert => match self.method {
                ExpertMethod::Search => self.search(rules, state, seat, &options, MAX_DEPTH),
                ExpertMethod::Playouts => playouts::rank(self, rules, state, seat, &options),
            },
        }
    }

    /// Searches a decision by iterative deepening up to `max_depth` turns
    /// after this one; the first iteration (depth 0: the rest of this turn)
    /// always completes. The depth reported counts the turns searched,
    /// this one included (1 for the greedy intermediate).
    fn search<R: RuleSet>(
        &self,
        rules: R,
        state: &R::State,
        seat: Seat,
        options: &Options,
        max_depth: u32,
    ) -> OptionRanking {
        let weights = self
            .weights
            .unwrap_or_else(|| Weights::for_level(rules.id(), rules.seats(state), self.level));
        let maxn = rules.seats(state) > 2 && self.multi == MultiSearch::MaxN;
        let mut tree = Tree::new(rules, weights, seat, &self.budget);
        let children = tree.option_children(state, seat, options);
        let mut ranked: Vec<(Choice, f64)> = Vec::new();
        let mut stats = SearchStats::default();
        for depth in 0..=max_depth {
            tree.horizon = false;
            tree.bounded = depth > 0;
            // The previous best first (only the speed depends on the order).
            let order: Vec<&(Choice, R::State)> = if ranked.is_empty() {
                children.iter().collect()
            } else {
                ranked
                    .iter()
                    .filter_map(|(c, _)| children.iter().find(|(d, _)| d == c))
                    .collect()
            };
            let mut this: Vec<(Choice, f64)> = Vec::with_capacity(order.len());
            for (choice, child) in order {
                let value = if maxn {
                    let p = tree.chances(child, depth, seat);
                    2.0 * p.get(seat.index()).copied().unwrap_or(0.0) - 1.0
                } else {
                    tree.value(child, depth, seat, LOSS, WIN)
                };
                if tree.aborted {
                    break;
                }
                this.push((*choice, value.clamp(LOSS, WIN)));
            }
            if tree.aborted {
                break;
            }
            this.sort_by(|a, b| b.1.total_cmp(&a.1));
            ranked = this;
            stats.depth = depth + 1;
            stats.solved = !tree.horizon;
            if stats.solved || children.len() <= 1 {
                break;
            }
        }
        stats.nodes = tree.nodes;
        OptionRanking {
            options: ranked,
            stats,
        }
    }
}

/// The rules a state is played under (a state knows its rule set).
#[must_use]
pub fn rules_of(state: &AnyState) -> AnyRules {
    AnyRules::of(rule_set(state))
}

/// The rule set of a state.
fn rule_set(state: &AnyState) -> RuleSetId {
    match state {
        AnyState::Kendall(_) => RuleSetId::Kendall,
        AnyState::Kendall7(_) => RuleSetId::Kendall7,
        AnyState::Jequier(_) => RuleSetId::Jequier,
        AnyState::Simple(_) => RuleSetId::Simple,
        AnyState::Peril(_) => RuleSetId::Peril,
        AnyState::Modern(_) => RuleSetId::Modern,
    }
}

/// The option `level` picks at the decision `state` waits for, under any
/// rule set, or `None` when no seat decides now (a chance comes next, or
/// the game is over). What a computer seat calls at each of its decisions.
///
/// The state knows its rule set, and it is the state's rules that are
/// played: `rules` names them for the caller's clarity (a state of another
/// rule set is played under its own). `rng` is only drawn from by the
/// beginner. Three or four seats are searched with max-n.
pub fn choose_option<G: Rng + ?Sized>(
    rules: AnyRules,
    state: &AnyState,
    level: Level,
    budget: &Budget,
    rng: &mut G,
) -> Option<Choice> {
    let _ = rules;
    StepPlayer::new(level)
        .with_budget(*budget)
        .choose(state, rng)
}

/// Every option of the decision `state` waits for, best first, with its
/// score (see [`OptionRanking::options`]); empty when no seat decides now.
pub fn rank_options<G: Rng + ?Sized>(
    rules: AnyRules,
    state: &AnyState,
    level: Level,
    budget: &Budget,
    rng: &mut G,
) -> Vec<(Choice, f64)> {
    let _ = rules;
    StepPlayer::new(level)
        .with_budget(*budget)
        .rank(state, rng)
        .options
}
