//! How much a rule set's evaluation matters to the intermediate (greedy)
//! level: plays it with a few variants of the rule set's weights against
//! the beginner, over the same seeded games, A taking each seat in turn.
//!
//! `cargo run --release -p senet-ai --example weights_probe -- RULES GAMES [SEATS]`
//!
//! Variants: the rule set's weights (`base`), the race alone
//! (`race-only`), the race reversed (`neg-race`: a player that wants to go
//! backwards, as a floor), no pair bonus, a large pair bonus, a large bonus
//! for the last row, no tempo; and the beginner against itself.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Level, StepPlayer, Weights, play_games, play_step_game};
use senet_engine::{AnyRules, RuleSetId};

/// A's win rate, and its wins by seat.
fn score(rules: AnyRules, a: StepPlayer, b: StepPlayer, games: u64, seats: u8) -> (f64, Vec<u64>) {
    let results = play_games(games, 1, |i| {
        let mut dice = SmallRng::seed_from_u64(1_000_003 * i + 17);
        let mut choices = SmallRng::seed_from_u64(7_777 * i + 5);
        let a_seat = (i % u64::from(seats)) as usize;
        let players: Vec<StepPlayer> = (0..usize::from(seats))
            .map(|s| if s == a_seat { a } else { b })
            .collect();
        let result = play_step_game(rules, seats, &players, &mut dice, &mut choices, 1_000_000);
        let winner = result
            .and_then(|r| r.standing)
            .and_then(|s| s.winner())
            .map(|w| w.index());
        (a_seat, winner == Some(a_seat))
    });
    let mut by_seat = vec![0; usize::from(seats)];
    let mut wins = 0;
    for (seat, won) in results {
        if won {
            wins += 1;
            by_seat[seat] += 1;
        }
    }
    (wins as f64 / games as f64, by_seat)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id: RuleSetId = args.first().expect("RULES").parse().expect("a rule set");
    let games: u64 = args.get(1).map_or(2000, |g| g.parse().expect("GAMES"));
    let seats: u8 = args.get(2).map_or(2, |s| s.parse().expect("SEATS"));
    let rules = AnyRules::of(id);
    let base = Weights::of(id);
    let mut race = base;
    race.squares = [0.0; 30];
    race.paired = 0.0;
    race.tempo = 0.0;
    let mut reversed = race;
    reversed.race = -race.race;
    reversed.off = -race.off;
    let mut no_pair = base;
    no_pair.paired = 0.0;
    let mut pair = base;
    pair.paired = 4.0;
    let mut last_row = base;
    for square in &mut last_row.squares[20..] {
        *square = 8.0;
    }
    let mut no_tempo = base;
    no_tempo.tempo = 0.0;
    let beginner = StepPlayer::new(Level::Beginner);
    for (name, weights) in [
        ("base", base),
        ("race-only", race),
        ("neg-race", reversed),
        ("no-pair", no_pair),
        ("pair4", pair),
        ("last-row8", last_row),
        ("tempo0", no_tempo),
    ] {
        let a = StepPlayer::new(Level::Intermediate).with_weights(weights);
        let (rate, by_seat) = score(rules, a, beginner, games, seats);
        println!("{name}: {rate:.4} (wins by seat {by_seat:?})");
    }
    let (rate, by_seat) = score(rules, beginner, beginner, games, seats);
    println!("beginner vs beginner: {rate:.4} (wins by seat {by_seat:?})");
}
