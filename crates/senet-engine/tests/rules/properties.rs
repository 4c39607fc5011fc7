//! Property tests over random positions and random games, and a differential
//! test against the independent reference implementation in `reference/`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::reference;

use common::{lines, throw};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::kendall_v1::{
    Action, Effect, Game, Phase, Position, Record, Rules, Side, random_turn_via_move_list,
};
use senet_engine::{Kendall, Square, Sticks};

/// Any valid position: up to five pieces a side anywhere but 27.
fn any_position() -> impl Strategy<Value = Position> {
    let squares: Vec<u8> = (1..=30).filter(|&n| n != 27).collect();
    (
        proptest::sample::subsequence(squares, 0..=10).prop_shuffle(),
        any::<u8>(),
        any::<bool>(),
    )
        .prop_map(|(squares, split, cone_to_move)| {
            let n = squares.len();
            let lowest = n.saturating_sub(5);
            let cone_count = lowest + usize::from(split) % (n.min(5) - lowest + 1);
            let to_sq = |v: &[u8]| {
                v.iter()
                    .map(|&n| Square::new(n).unwrap())
                    .collect::<Vec<_>>()
            };
            let side = if cone_to_move {
                Side::Cone
            } else {
                Side::Spool
            };
            Position::try_from(senet_engine::kendall_v1::Setup::from_squares(
                &to_sq(&squares[..cone_count]),
                &to_sq(&squares[cone_count..]),
                side,
            ))
            .unwrap()
        })
}

/// Positions met in a random game from the start, one per turn.
fn positions_of_random_game(seed: u64) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = Kendall.start();
    let mut seen = vec![position];
    while Kendall.winner(&position).is_none() && seen.len() < 5_000 {
        position = random_turn_via_move_list(&position, &mut rng);
        seen.push(position);
    }
    seen
}

/// Plays a random game through `Game`, as the server does.
fn random_game(seed: u64) -> Game<Kendall> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Kendall);
    while game.winner().is_none() {
        game.throw(Sticks::throw(&mut rng)).unwrap();
        if let Phase::ToMove { moves, .. } = game.phase() {
            let pick = (rand::Rng::next_u32(&mut rng) as usize) % moves.len();
            game.play(moves.get(pick).unwrap().from).unwrap();
        }
        assert!(game.record().len() < 100_000, "random game did not end");
    }
    game
}

fn check_position_and_moves(position: &Position) {
    let rules = Kendall;
    let text = rules.position_text(position);
    for t in 1..=5 {
        let ours = lines(position, t);
        let theirs = reference::reference_moves(&text, t).expect("reference accepts the position");
        assert_eq!(ours, theirs, "position `{text}` throw {t}");

        let th = throw(t);
        let moves = rules.legal_moves(position, th);
        let mover = position.to_move();
        for mv in moves.iter() {
            let after = rules.apply(position, th, mv);
            // Pieces are conserved: only a bear-off takes one off the board.
            let borne = u8::from(mv.effect == Effect::BearOff);
            assert_eq!(after.on_board(mover) + borne, position.on_board(mover));
            assert_eq!(
                after.on_board(mover.opponent()),
                position.on_board(mover.opponent())
            );
            // No piece rests on 27, and the result is a valid position.
            assert_eq!(after.piece_at(Square::new(27).unwrap()), None);
            assert_eq!(rules.validate(&after), Ok(()));
            // It prints and parses back to itself.
            assert_eq!(
                rules.parse_position(&rules.position_text(&after)),
                Ok(after)
            );
            // The generated move plays (unless the game is already over).
            if rules.winner(position).is_none() {
                assert_eq!(rules.play(position, th, mv.from), Ok(after));
            }
        }
        // Every other square is rejected, with a reason.
        for square in Square::all() {
            if moves.find(square).is_none() && rules.winner(position).is_none() {
                assert!(
                    rules.play(position, th, square).is_err(),
                    "{text} {t} {square}"
                );
            }
        }
        assert_eq!(
            rules.forfeit(position, th).is_ok(),
            moves.is_empty() && rules.winner(position).is_none()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_positions_agree_with_the_reference_and_keep_every_invariant(position in any_position()) {
        check_position_and_moves(&position);
    }

    #[test]
    fn position_text_parser_never_panics_and_round_trips_what_it_accepts(text in "[cs. a-z]{0,40}") {
        let ours = Kendall.parse_position(&text);
        prop_assert_eq!(ours.is_ok(), reference::reference_parse(&text).is_some(), "{}", text);
        if let Ok(position) = ours {
            prop_assert_eq!(Kendall.position_text(&position), text);
        }
    }

    #[test]
    fn position_text_parser_never_panics_on_any_unicode(text in "\\PC{0,40}") {
        let _ = Kendall.parse_position(&text);
    }

    #[test]
    fn record_parser_never_panics_and_round_trips_what_it_accepts(text in "[0-9:+\\- ]{0,60}") {
        if let Ok(record) = text.parse::<Record>() {
            let printed = record.to_string();
            prop_assert_eq!(printed.parse::<Record>(), Ok(record));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn positions_from_random_games_agree_with_the_reference(seed in any::<u64>()) {
        for position in positions_of_random_game(seed) {
            check_position_and_moves(&position);
        }
    }

    #[test]
    fn random_games_end_and_their_records_replay_to_the_same_end(seed in any::<u64>()) {
        let game = random_game(seed);
        let winner = game.winner();
        prop_assert!(winner.is_some());
        let text = game.record().to_string();
        let replayed = text.parse::<Record>().unwrap().replay(Kendall).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.winner(), winner);
        prop_assert_eq!(replayed.record(), game.record());
    }

    #[test]
    fn a_records_moves_match_its_turns_and_play_to_the_same_end(seed in any::<u64>()) {
        let game = random_game(seed);
        let moves = game.record().moves(Kendall).unwrap();
        prop_assert_eq!(moves.len(), game.record().len());
        let mut position = Kendall.start();
        for (turn, mv) in game.record().turns().iter().zip(&moves) {
            let throw = Kendall.throw(turn.throw).unwrap();
            position = match (turn.action, mv) {
                (Action::Move(from), Some(mv)) => {
                    prop_assert_eq!(mv.from, from);
                    Kendall.apply(&position, throw, *mv)
                }
                (Action::Forfeit, None) => Kendall.pass(&position),
                (action, mv) => {
                    return Err(TestCaseError::fail(format!("{action:?} came back as {mv:?}")));
                }
            };
        }
        prop_assert_eq!(position, game.position());
    }

    #[test]
    fn replay_reports_the_first_bad_turn(seed in any::<u64>(), at in any::<prop::sample::Index>()) {
        let game = random_game(seed);
        let mut turns = game.record().turns().to_vec();
        let index = at.index(turns.len());
        // Make the turn wrong: a forfeit becomes a move of an empty square and
        // a move becomes a forfeit or a move of an opponent's square.
        let position = game.record().turns()[..index]
            .iter()
            .fold(Game::new(Kendall), |mut g, &t| { g.apply_turn(t).unwrap(); g })
            .position();
        let empty = Square::all().find(|&s| position.piece_at(s).is_none()).unwrap();
        turns[index].action = match turns[index].action {
            Action::Forfeit => Action::Move(empty),
            Action::Move(_) => Action::Move(empty),
        };
        let error = Record::from(turns).replay(Kendall).unwrap_err();
        prop_assert_eq!(error.index, index);
    }

    #[test]
    fn the_fast_playout_loop_plays_the_same_games_as_the_move_list_path(seed in any::<u64>()) {
        let fast = Kendall.random_game(Kendall.start(), &mut SmallRng::seed_from_u64(seed), 100_000);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut position = Kendall.start();
        let mut turns = 0;
        while Kendall.winner(&position).is_none() {
            position = random_turn_via_move_list(&position, &mut rng);
            turns += 1;
        }
        prop_assert_eq!(fast.turns, turns);
        prop_assert_eq!(fast.winner, Kendall.winner(&position));
    }
}

#[test]
fn a_record_turn_with_a_throw_the_rules_cannot_give_is_reported() {
    let record: Record = "3:1 6:2".parse().unwrap();
    let error = record.replay(Kendall).unwrap_err();
    assert_eq!(error.index, 1);
    assert_eq!(error.error.code(), "bad_throw");
}

#[test]
fn a_forfeit_recorded_while_a_move_was_legal_is_reported() {
    let error = "3:-"
        .parse::<Record>()
        .unwrap()
        .replay(Kendall)
        .unwrap_err();
    assert_eq!((error.index, error.error.code()), (0, "must_move"));
}

#[test]
fn record_text_errors_name_the_turn_and_what_is_wrong() {
    let error = "3:9 1:14 7x".parse::<Record>().unwrap_err();
    assert_eq!(error.index, 2);
    assert_eq!(
        error.to_string(),
        "turn 3 `7x`: expected `throw:from` or `throw:-`"
    );
    assert!("3:31".parse::<Record>().is_err());
    assert!("0:4".parse::<Record>().is_err());
    assert_eq!(
        "3:9 1:14 5:-".parse::<Record>().unwrap().to_string(),
        "3:9 1:14 5:-"
    );
}
