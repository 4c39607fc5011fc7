//! The standard rules on the step model: the same games as the turn-based
//! `Game`, chance and decisions as listed, records that replay, events that
//! account for every piece.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_engine::kendall_v1::{Game, Phase};
use senet_engine::{
    AnyRules, ChanceKind, Choice, Event, Kendall, Next, Place, RuleSet, RuleSetId, Seat, Step,
    StepError, StepGame, Why,
};

/// Plays one random Kendall game on both paths in lockstep, with the same
/// sticks and the same picks, checking they agree after every step.
fn lockstep(seed: u64) -> StepGame<Kendall> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut old = Game::new(Kendall);
    let mut new = StepGame::new(Kendall, 2).unwrap();
    for _ in 0..10_000 {
        match new.next().clone() {
            Next::End(standing) => {
                let winner = old.winner().expect("the old path ended too");
                assert_eq!(
                    standing.winner(),
                    Some(Seat::new(winner.index() as u8).unwrap())
                );
                return new;
            }
            Next::Chance(kind) => {
                assert_eq!(kind, ChanceKind::Sticks);
                assert!(matches!(old.phase(), Phase::ToThrow));
                let roll = kind.draw(&mut rng);
                let senet_engine::Roll::Sticks { sticks } = roll else {
                    panic!("sticks drawn")
                };
                let thrown = old.throw(sticks).unwrap();
                let events = new.play(Step::Chance { roll }).unwrap();
                assert_eq!(
                    thrown.forfeited(),
                    events.iter().any(|e| matches!(e, Event::Pass { .. }))
                );
            }
            Next::Decide { seat, options } => {
                let Phase::ToMove { moves, .. } = old.phase() else {
                    panic!("the old path waits for a move too")
                };
                let listed: Vec<Choice> = moves
                    .iter()
                    .map(|mv| Choice::Move { from: mv.from })
                    .collect();
                assert_eq!(
                    options.as_slice(),
                    listed.as_slice(),
                    "the same options, in order"
                );
                assert_eq!(seat.index(), old.position().to_move().index());
                let choice = options.as_slice()[rng.random_range(0..options.len())];
                let Choice::Move { from } = choice else {
                    panic!("a move")
                };
                old.play(from).unwrap();
                new.play(Step::Decide { seat, choice }).unwrap();
            }
        }
        assert_eq!(new.state().position, old.position(), "the same position");
    }
    panic!("the game did not end");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn step_games_play_exactly_the_turn_based_games(seed in any::<u64>()) {
        lockstep(seed);
    }

    #[test]
    fn a_step_record_replays_to_the_same_state_also_through_any_rules(seed in any::<u64>()) {
        let game = lockstep(seed);
        let again = StepGame::replay(Kendall, 2, game.steps()).unwrap();
        prop_assert_eq!(again.state(), game.state());
        let any = StepGame::replay(AnyRules::of(RuleSetId::Kendall), 2, game.steps()).unwrap();
        prop_assert_eq!(any.next(), game.next());
    }

    #[test]
    fn piece_events_account_for_every_piece(seed in any::<u64>()) {
        let game = lockstep(seed);
        let mut replay = StepGame::new(Kendall, 2).unwrap();
        let mut off = [0u8; 2];
        for step in game.steps() {
            for event in replay.play(*step).unwrap() {
                if let Event::Piece { seat, to: Place::Off, why, .. } = event {
                    prop_assert_eq!(why, Why::BorneOff);
                    off[seat.index()] += 1;
                }
            }
            let position = replay.state().position;
            for side in senet_engine::kendall_v1::Side::ALL {
                prop_assert_eq!(position.on_board(side) + off[side.index()], 5);
            }
        }
    }
}

#[test]
fn a_decision_when_the_sticks_are_due_is_refused_and_changes_nothing() {
    let mut game = StepGame::new(Kendall, 2).unwrap();
    let before = *game.state();
    let from = senet_engine::Square::new(9).unwrap();
    let error = game
        .play(Step::Decide {
            seat: Seat::FIRST,
            choice: Choice::Move { from },
        })
        .unwrap_err();
    assert_eq!(error, StepError::ChanceNext(ChanceKind::Sticks));
    assert_eq!(*game.state(), before);
    assert!(game.steps().is_empty());
}

#[test]
fn an_illegal_move_is_refused_with_the_rules_reason() {
    let mut game = StepGame::new(Kendall, 2).unwrap();
    // Three light sides: a throw of 3.
    let sticks = senet_engine::Sticks::from_lights([true, true, true, false]);
    game.play(Step::Chance {
        roll: senet_engine::Roll::Sticks { sticks },
    })
    .unwrap();
    let Next::Decide { seat, options } = game.next().clone() else {
        panic!("a decision")
    };
    assert_eq!(seat, Seat::FIRST);
    assert_eq!(
        options.len(),
        5,
        "each Cone piece captures the Spool piece 3 ahead"
    );
    let from = senet_engine::Square::new(2).unwrap();
    let error = game
        .play(Step::Decide {
            seat,
            choice: Choice::Move { from },
        })
        .unwrap_err();
    assert_eq!(error.code(), "no_piece_of_yours", "{error}");
    let error = game
        .play(Step::Decide {
            seat,
            choice: Choice::Enter { to: from },
        })
        .unwrap_err();
    assert_eq!(error.code(), "not_an_option", "{error}");
    let other = game
        .play(Step::Decide {
            seat: seat.next(2),
            choice: options.as_slice()[0],
        })
        .unwrap_err();
    assert_eq!(other, StepError::NotYourDecision(seat));
}

#[test]
fn a_capture_is_two_piece_events_the_taken_piece_swapped_back() {
    let mut game = StepGame::new(Kendall, 2).unwrap();
    let sticks = senet_engine::Sticks::from_lights([true, true, true, false]);
    game.play(Step::Chance {
        roll: senet_engine::Roll::Sticks { sticks },
    })
    .unwrap();
    let from = senet_engine::Square::new(1).unwrap();
    let to = senet_engine::Square::new(4).unwrap();
    let events = game
        .play(Step::Decide {
            seat: Seat::FIRST,
            choice: Choice::Move { from },
        })
        .unwrap();
    let spool = Seat::new(1).unwrap();
    assert_eq!(
        events,
        vec![
            Event::Piece {
                seat: Seat::FIRST,
                value: None,
                from: Place::on(from),
                to: Place::on(to),
                why: Why::Move
            },
            Event::Piece {
                seat: spool,
                value: None,
                from: Place::on(to),
                to: Place::on(from),
                why: Why::Swapped
            },
        ]
    );
    assert_eq!(
        game.rules().position_text(game.state()),
        "sscccscscs.................... s"
    );
}

#[test]
fn chance_outcomes_are_exact_and_sum_to_one() {
    for kind in [
        ChanceKind::Sticks,
        ChanceKind::Die,
        ChanceKind::TwoDice,
        ChanceKind::Lot { seats: 2 },
    ] {
        let outcomes = kind.outcomes();
        let den = outcomes[0].1.den;
        assert!(outcomes.iter().all(|(_, p)| p.den == den));
        assert_eq!(
            outcomes.iter().map(|(_, p)| p.num).sum::<u32>(),
            den,
            "{kind:?}"
        );
    }
}

#[test]
fn only_two_seats_sit_at_a_kendall_table() {
    assert!(StepGame::new(Kendall, 3).is_err());
    assert!(StepGame::new(Kendall, 2).is_ok());
}

/// Distinct states reachable from the start in at most `depth` steps.
fn reachable(depth: usize) -> usize {
    senet_engine::reachable_states(Kendall, 2, depth).unwrap()
}

#[test]
fn golden_count_of_states_reachable_in_the_first_steps() {
    // A regression anchor: any change to Kendall's rules moves these.
    assert_eq!(
        [
            reachable(1),
            reachable(2),
            reachable(4),
            reachable(6),
            reachable(8)
        ],
        [6, 24, 327, 3396, 28816]
    );
}
