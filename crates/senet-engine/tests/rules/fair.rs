//! Provably fair chance: the derivation of `docs/fairness.md` against
//! known answers computed by an independent implementation (the Python
//! reference verifier printed in that document, with Python's own `hmac`
//! and `hashlib`), and the odds of every kind of chance.
#![allow(clippy::unwrap_used)]

use senet_engine::fair::{Seeds, commitment, from_hex, hex, roll};
use senet_engine::{ChanceKind, Roll};

fn seeds_of<'a>(server: &'a [u8; 32], game: &'a [u8; 16], clients: &'a [String]) -> Seeds<'a> {
    Seeds {
        server,
        game_id: game,
        clients,
    }
}

fn fixture() -> ([u8; 32], [u8; 16], Vec<String>) {
    let server: [u8; 32] = core::array::from_fn(|i| i as u8);
    let game: [u8; 16] = core::array::from_fn(|i| 100 + i as u8);
    (server, game, vec!["alice's seed".to_owned(), String::new()])
}

fn texts(kind: ChanceKind, steps: core::ops::RangeInclusive<u32>) -> Vec<String> {
    let (server, game, clients) = fixture();
    let seeds = seeds_of(&server, &game, &clients);
    steps.map(|n| roll(kind, seeds, n).to_string()).collect()
}

#[test]
fn every_kind_matches_the_reference_verifier() {
    assert_eq!(
        texts(ChanceKind::Sticks, 1..=8),
        [
            "LDDD", "LDDD", "LDLL", "DLDD", "LDLD", "LLDD", "LDLD", "LDLD"
        ]
    );
    assert_eq!(
        texts(ChanceKind::Die, 1..=8),
        ["d4", "d4", "d4", "d3", "d4", "d6", "d6", "d4"]
    );
    assert_eq!(
        texts(ChanceKind::TwoDice, 1..=8),
        [
            "d4d5", "d4d4", "d4d2", "d3d2", "d4d1", "d6d4", "d6d6", "d4d2"
        ]
    );
    assert_eq!(
        texts(ChanceKind::Lot { seats: 2 }, 1..=8),
        [
            "lot1", "lot1", "lot1", "lot0", "lot1", "lot1", "lot1", "lot1"
        ]
    );
    assert_eq!(texts(ChanceKind::Lot { seats: 3 }, 3..=4), ["lot0", "lot2"]);
    // Rejections: step 11's first byte is 254 (no die), the next is 135;
    // step 532's first byte is 255 (no lot of 3), the next 246.
    assert_eq!(texts(ChanceKind::Die, 11..=11), ["d4"]);
    assert_eq!(texts(ChanceKind::Lot { seats: 3 }, 532..=532), ["lot0"]);
    let (server, _, _) = fixture();
    assert_eq!(
        commitment(&server),
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    );
}

#[test]
fn every_input_changes_the_outcomes() {
    let (server, game, clients) = fixture();
    let base: Vec<Roll> = (1..=64)
        .map(|n| roll(ChanceKind::TwoDice, seeds_of(&server, &game, &clients), n))
        .collect();
    let mut other_server = server;
    other_server[0] ^= 1;
    let mut other_game = game;
    other_game[15] ^= 1;
    let other_clients = vec!["alice's seed".to_owned(), "bob".to_owned()];
    for seeds in [
        seeds_of(&other_server, &game, &clients),
        seeds_of(&server, &other_game, &clients),
        seeds_of(&server, &game, &other_clients),
    ] {
        let rolls: Vec<Roll> = (1..=64)
            .map(|n| roll(ChanceKind::TwoDice, seeds, n))
            .collect();
        assert_ne!(rolls, base);
    }
    // The same inputs, the same outcomes.
    let again: Vec<Roll> = (1..=64)
        .map(|n| roll(ChanceKind::TwoDice, seeds_of(&server, &game, &clients), n))
        .collect();
    assert_eq!(again, base);
}

#[test]
fn outcomes_come_at_the_rules_odds() {
    let (server, game, clients) = fixture();
    let seeds = seeds_of(&server, &game, &clients);
    let n = 60_000u32;
    let mut faces = [0u32; 6];
    let mut lights = [0u32; 4];
    let mut lots = [0u32; 3];
    for step in 1..=n {
        if let Roll::Die { pip } = roll(ChanceKind::Die, seeds, step) {
            faces[usize::from(pip.value() - 1)] += 1;
        }
        if let Roll::Sticks { sticks } = roll(ChanceKind::Sticks, seeds, step) {
            for (count, light) in lights.iter_mut().zip(sticks.lights()) {
                *count += u32::from(light);
            }
        }
        if let Roll::Lot { seat } = roll(ChanceKind::Lot { seats: 3 }, seeds, step) {
            lots[seat.index()] += 1;
        }
    }
    // Five standard deviations either side of the expected count.
    let near = |count: u32, p: f64| {
        let expected = f64::from(n) * p;
        let sd = (f64::from(n) * p * (1.0 - p)).sqrt();
        (f64::from(count) - expected).abs() < 5.0 * sd
    };
    assert!(faces.iter().all(|&c| near(c, 1.0 / 6.0)), "{faces:?}");
    assert!(lights.iter().all(|&c| near(c, 0.5)), "{lights:?}");
    assert!(lots.iter().all(|&c| near(c, 1.0 / 3.0)), "{lots:?}");
}

#[test]
fn hex_round_trips_and_refuses_what_is_not_hex() {
    let bytes = [0u8, 1, 0xab, 0xff];
    assert_eq!(hex(&bytes), "0001abff");
    assert_eq!(from_hex("0001ABff").unwrap(), bytes);
    assert!(from_hex("abc").is_none());
    assert!(from_hex("zz").is_none());
}
