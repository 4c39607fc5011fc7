//! Self-tests of the independent reference implementations in
//! `reference_rules/`: one test for every rule and every **Decision** of each
//! spec in `shared/spec/`, built from hand-made positions and states, and
//! invariants over many random games per rule set.
//!
//! The tests of each rule set live in `reference_rules_selftest/<module>.rs`;
//! every test name starts with the rule set it checks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

// The existing independent reference of the standard rules, used to check
// kendall-7 where the two rule sets coincide.
use crate::reference;
use crate::reference_rules;

/// Implements [`Inspect`] for a reference module's `Game` by its own
/// `census`, `describe` and `SENDS_AWAY`; `seats` is a constant or the
/// game's own `seats`.
macro_rules! inspect_game {
    (seats: by_game) => {
        inspect_game!(@impl |game| Game::seats(game));
    };
    (seats: $seats:expr) => {
        inspect_game!(@impl |_game| $seats);
    };
    (@impl |$game:ident| $seats:expr) => {
        impl Inspect for Game {
            const SENDS_AWAY: &'static [usize] = &SENDS_AWAY;
            fn census(&self) -> Census {
                Game::census(self)
            }
            fn describe(&self) -> String {
                Game::describe(self)
            }
            fn seats(&self) -> usize {
                let $game = self;
                $seats
            }
        }
    };
}

mod jequier;
mod kendall7;
mod modern;
mod peril;
mod simple;

use reference_rules::{Census, Next, Prob, RefGame, SplitMix64, Standing, sample, sums_to_one};

/// A 30-square position text with `pieces` (square, letter) on an empty board
/// and `side` in the side field.
pub fn text(pieces: &[(usize, char)], side: char) -> String {
    let mut squares = ['.'; 30];
    for &(square, letter) in pieces {
        squares[square - 1] = letter;
    }
    let mut out: String = squares.iter().collect();
    out.push(' ');
    out.push(side);
    out
}

/// The options of a decision step, or a panic naming what came instead.
pub fn options<G: RefGame>(game: &G) -> (usize, Vec<G::Option>) {
    match game.next() {
        Next::Decide { seat, options } => (seat, options),
        other => panic!("expected a decision, got {other:?}"),
    }
}

/// The outcomes of a chance step, or a panic naming what came instead.
pub fn outcomes<G: RefGame>(game: &G) -> Vec<(G::Chance, Prob)> {
    match game.next() {
        Next::Chance(outcomes) => outcomes,
        other => panic!("expected a chance step, got {other:?}"),
    }
}

/// The standing of a finished game, or a panic naming what came instead.
pub fn standing<G: RefGame>(game: &G) -> Standing {
    match game.next() {
        Next::End(standing) => standing,
        other => panic!("expected the end, got {other:?}"),
    }
}

/// Applies a chance outcome that must be allowed.
pub fn chance<G: RefGame>(game: &mut G, outcome: G::Chance) -> Vec<String> {
    game.apply_chance(&outcome)
        .unwrap_or_else(|e| panic!("chance {outcome:?} refused: {e}"))
}

/// Applies a decision that must be allowed.
pub fn decide<G: RefGame>(game: &mut G, option: G::Option) -> Vec<String> {
    game.apply_decision(&option)
        .unwrap_or_else(|e| panic!("decision {option:?} refused: {e}"))
}

/// Strings from string literals.
pub fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// What a batch of random games saw.
#[derive(Debug, Default)]
pub struct Tally {
    /// Games played.
    pub games: usize,
    /// Steps over all games.
    pub steps: usize,
    /// The longest game, in steps.
    pub longest: usize,
    /// How each game ended, as `Standing::how`.
    pub hows: Vec<String>,
    /// Every event kind (first word) seen.
    pub event_kinds: std::collections::BTreeSet<String>,
}

/// What the random-game invariants need to know about a game beyond
/// [`RefGame`]; each rule set's tests implement it with the module's
/// accessors.
pub trait Inspect: RefGame {
    /// Squares that send a piece away at once: no piece may rest there while
    /// the game is settled.
    const SENDS_AWAY: &'static [usize];
    /// Where every piece is.
    fn census(&self) -> Census;
    /// A readable description for failure messages.
    fn describe(&self) -> String;
    /// How many seats play.
    fn seats(&self) -> usize;
}

/// Plays `games` random games, each made by `make(game_index)`, checking
/// every invariant of the game model at every step:
/// - chance: outcomes non-empty, duplicate-free, probabilities sum to 1;
/// - decision: options non-empty and duplicate-free, for a seat that plays;
/// - a decision is refused at a chance step and the other way round (tried
///   with the last option and outcome seen in the game);
/// - pieces are conserved (board + reserve + borne off + removed = total);
/// - no piece rests on a square of `G::SENDS_AWAY` while the game is settled;
/// - every game ends within `max_steps` steps, with a standing that lists
///   each seat once, and scores by seat when scored.
pub fn random_games<G: Inspect>(
    games: usize,
    seed: u64,
    max_steps: usize,
    make: impl Fn(usize) -> G,
) -> Tally {
    let mut rng = SplitMix64::new(seed);
    let mut tally = Tally::default();
    for index in 0..games {
        let mut game = make(index);
        let seat_count = game.seats();
        let mut steps = 0;
        let mut last_chance: Option<G::Chance> = None;
        let mut last_option: Option<G::Option> = None;
        loop {
            let c = game.census();
            assert_eq!(
                c.on_board + c.in_reserve + c.borne_off + c.removed,
                c.total,
                "pieces not conserved: {c:?} in {}",
                game.describe()
            );
            assert_eq!(c.occupied.len(), c.on_board, "{}", game.describe());
            if c.settled {
                for square in G::SENDS_AWAY {
                    assert!(
                        !c.occupied.contains(square),
                        "a piece rests on {square}: {}",
                        game.describe()
                    );
                }
            }
            let events = match game.next() {
                Next::Chance(outcomes) => {
                    assert!(!outcomes.is_empty(), "no outcomes: {}", game.describe());
                    assert!(
                        sums_to_one(outcomes.iter().map(|(_, p)| *p)),
                        "probabilities {outcomes:?} do not sum to 1: {}",
                        game.describe()
                    );
                    for (i, (a, _)) in outcomes.iter().enumerate() {
                        assert!(
                            outcomes[..i].iter().all(|(b, _)| b != a),
                            "duplicate outcome {a:?}: {}",
                            game.describe()
                        );
                    }
                    let outcome = sample(&outcomes, &mut rng);
                    if let Some(option) = &last_option {
                        assert!(
                            game.clone().apply_decision(option).is_err(),
                            "decision {option:?} accepted at a chance step: {}",
                            game.describe()
                        );
                    }
                    last_chance = Some(outcome.clone());
                    let before = game.describe();
                    game.apply_chance(&outcome)
                        .unwrap_or_else(|e| panic!("{outcome:?} refused ({e}) in {before}"))
                }
                Next::Decide { seat, options } => {
                    assert!(seat < seat_count, "seat {seat}: {}", game.describe());
                    assert!(!options.is_empty(), "no options: {}", game.describe());
                    for (i, a) in options.iter().enumerate() {
                        assert!(
                            options[..i].iter().all(|b| b != a),
                            "duplicate option {a:?}: {}",
                            game.describe()
                        );
                    }
                    let option = options[rng.below(options.len())].clone();
                    if let Some(outcome) = &last_chance {
                        assert!(
                            game.clone().apply_chance(outcome).is_err(),
                            "chance {outcome:?} accepted at a decision: {}",
                            game.describe()
                        );
                    }
                    last_option = Some(option.clone());
                    let before = game.describe();
                    game.apply_decision(&option)
                        .unwrap_or_else(|e| panic!("{option:?} refused ({e}) in {before}"))
                }
                Next::End(standing) => {
                    let mut places = standing.places.clone();
                    places.sort_unstable();
                    assert_eq!(
                        places,
                        (0..seat_count).collect::<Vec<_>>(),
                        "{standing:?}: {}",
                        game.describe()
                    );
                    assert!(
                        standing.scores.is_empty() || standing.scores.len() == seat_count,
                        "{standing:?}"
                    );
                    assert!(!standing.how.is_empty());
                    tally.hows.push(standing.how);
                    break;
                }
            };
            for event in events {
                let kind = event.split(' ').next().unwrap_or_default().to_string();
                tally.event_kinds.insert(kind);
            }
            steps += 1;
            assert!(
                steps <= max_steps,
                "game {index} not over after {max_steps} steps: {}",
                game.describe()
            );
        }
        tally.games += 1;
        tally.steps += steps;
        tally.longest = tally.longest.max(steps);
    }
    tally
}

#[test]
fn shared_prob_sums_and_sampling_are_exact() {
    assert!(sums_to_one([Prob::new(1, 2), Prob::new(2, 4)]));
    assert!(sums_to_one([
        Prob::new(4, 16),
        Prob::new(6, 16),
        Prob::new(6, 16)
    ]));
    assert!(!sums_to_one([Prob::new(1, 6); 5]));
    assert!(Prob::new(2, 36).same_value(Prob::new(1, 18)));
    // Drawing 16 000 throws from 4/16 and 12/16 gives about a quarter.
    let mut rng = SplitMix64::new(7);
    let outcomes = [('a', Prob::new(4, 16)), ('b', Prob::new(12, 16))];
    let a = (0..16_000)
        .filter(|_| sample(&outcomes, &mut rng) == 'a')
        .count();
    assert!((3_600..4_400).contains(&a), "{a}");
}
