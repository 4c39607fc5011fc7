//! Step records with seats leaving (`<seat>:resign`, `<seat>:abandon`):
//! written, read back and replayed to the same standing; tag values with
//! quotes and backslashes survive the trip.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    AnyRules, EndHow, Leaving, Next, RuleSetId, Seat, Standing, StepGame, StepRecord, random_step,
};

/// A random Senet-modern game of `seats` where `quitter` resigns after
/// `before` steps; returns the record's text and the standing reached.
fn modern_with_a_resignation(
    seats: u8,
    quitter: u8,
    before: usize,
    seed: u64,
) -> (String, Standing) {
    let rules = AnyRules::of(RuleSetId::Modern);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = StepGame::new(rules, seats).unwrap();
    let seat = Seat::new(quitter).unwrap();
    let mut left = Vec::new();
    loop {
        if game.steps().len() == before && left.is_empty() {
            game.eliminate(seat).unwrap();
            left.push(Leaving {
                line: 0,
                after: before,
                seat,
                how: EndHow::Resigned,
            });
        }
        let Some(step) = random_step(rules, game.state(), &mut rng) else {
            break;
        };
        game.play(step).unwrap();
    }
    let Next::End(standing) = game.next() else {
        panic!("the game ended");
    };
    let text = StepRecord::write_with_leavings(
        RuleSetId::Modern,
        seats,
        &[("Seat0", "Ne\"fer\\tari")],
        game.steps(),
        &left,
    );
    (text, standing.clone())
}

#[test]
fn a_resignation_at_a_table_of_three_replays_to_the_same_standing() {
    for seed in 0..20 {
        let (text, standing) = modern_with_a_resignation(3, 1, 10, seed);
        assert!(text.contains("\n1:resign\n"), "{text}");
        let record = StepRecord::parse(&text).unwrap();
        assert_eq!(record.left.len(), 1);
        assert_eq!(record.left[0].after, 10);
        assert_eq!(
            record.tags[2],
            ("Seat0".to_owned(), "Ne\"fer\\tari".to_owned())
        );
        let game = record.replay().unwrap();
        assert_eq!(record.standing(&game), Some(standing.clone()));
        assert_ne!(standing.winner(), Seat::new(1));
    }
}

#[test]
fn a_seat_of_two_leaving_ends_the_game_and_must_be_last() {
    let text = "[RuleSet \"peril\"]\n[Seats \"2\"]\nd5\n0:enter 2\n1:abandon\n";
    let record = StepRecord::parse(text).unwrap();
    let game = record.replay().unwrap();
    assert_eq!(
        record.standing(&game),
        Some(Standing::two_seats(
            Seat::new(0).unwrap(),
            EndHow::Abandoned
        ))
    );
    let error = StepRecord::parse("[RuleSet \"peril\"]\nd5\n1:resign\n0:enter 2\n")
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(error.line, 3, "{error}");
    // Without the leaving line the same steps are simply unfinished.
    let record = StepRecord::parse("[RuleSet \"peril\"]\nd5\n0:enter 2\n").unwrap();
    assert_eq!(record.standing(&record.replay().unwrap()), None);
}

#[test]
fn a_refused_leaving_names_its_line() {
    // Seat 3 is not at a table of three.
    let error = StepRecord::parse("[RuleSet \"modern\"]\n[Seats \"3\"]\n3:resign\n")
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(error.line, 3, "{error}");
    assert!(error.reason.contains("3:resign"), "{error}");
    // The same seat cannot leave twice.
    let error = StepRecord::parse("[RuleSet \"modern\"]\n[Seats \"4\"]\n2:resign\n2:abandon\n")
        .unwrap()
        .replay()
        .unwrap_err();
    assert_eq!(error.line, 4, "{error}");
    // A tag after a leaving line is out of place, and a bad escape is no tag.
    assert_eq!(
        StepRecord::parse("1:resign\n[Seats \"3\"]\n")
            .unwrap_err()
            .line,
        2
    );
    assert_eq!(StepRecord::parse("[Seat0 \"a\\b\"]\n").unwrap_err().line, 1);
}
