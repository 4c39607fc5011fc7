//! The throw a game ended on before its move was played (`3:?`): written,
//! read back, replayed, and refused where it cannot be.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::Kendall;
use crate::kendall_v1::{GameText, Record, Rules, write_game_text};

const TAGS: [(&str, &str); 2] = [("RuleSet", "kendall"), ("Result", "spool resigned")];

fn text_with(record: &str, unplayed: u8) -> String {
    let record: Record = record.parse().unwrap();
    let throw = Kendall.throw(unplayed).unwrap();
    write_game_text(&TAGS, &record, Some(throw)).unwrap()
}

#[test]
fn an_unplayed_throw_is_written_last_and_read_back() {
    // The Cone throws 3 and moves 9; a 3 gives no throw again, so the Spool
    // throws 2 and resigns before moving.
    let text = text_with("3:9", 2);
    assert!(text.ends_with("1. c 3:9 2. s 2:?\n"), "{text}");
    let parsed = GameText::parse(&text).unwrap();
    assert_eq!(parsed.record.to_string(), "3:9");
    let unplayed = parsed.unplayed.unwrap();
    assert_eq!(
        (unplayed.throw, unplayed.side),
        (2, crate::kendall_v1::Side::Spool)
    );
    let game = parsed.replay().unwrap();
    assert_eq!(game.record().len(), 1);
}

#[test]
fn a_game_that_ended_before_any_move_keeps_its_throw() {
    let text = text_with("", 4);
    assert!(text.ends_with("1. c 4:?\n"), "{text}");
    GameText::parse(&text).unwrap().replay().unwrap();
}

fn refusal(turns: &str) -> String {
    let text = format!("[Result \"spool resigned\"]\n\n{turns}\n");
    match GameText::parse(&text) {
        Err(error) => error.to_string(),
        Ok(parsed) => parsed.replay().unwrap_err().to_string(),
    }
}

#[test]
fn an_unplayed_throw_must_be_last_and_possible() {
    assert!(refusal("1. c 3:? 2. s 2:5").contains("must be the last"));
    assert!(refusal("1. s 3:?").contains("wrong side"));
    assert!(refusal("1. c 7:?").contains("is refused"));
    assert!(refusal("1. c x:?").contains("not a number"));
}

#[test]
fn a_throw_with_no_move_is_a_forfeit_not_unplayed() {
    // Random games until a throw forfeits; written `?` instead of `-`, the
    // replay refuses it.
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut game = crate::kendall_v1::Game::new(Kendall);
    loop {
        let before = game.clone();
        let sticks = crate::Sticks::throw(&mut rng);
        let thrown = game.throw(sticks).unwrap();
        if thrown.forfeited() {
            let text = text_with(&before.record().to_string(), thrown.throw.value());
            let refused = GameText::parse(&text).unwrap().replay().unwrap_err();
            assert!(refused.to_string().contains("forfeit"), "{refused}");
            return;
        }
        let from = thrown.moves.iter().next().unwrap().from;
        game.play(from).unwrap();
        assert!(game.winner().is_none(), "a whole game without a forfeit");
    }
}
