//! The tables against an independent search to the end, and their file.
//!
//! The reference is a plain recursive expectimax over `Position`s with a
//! memo, written here: no index, no colour mirroring, no sweeps, moves
//! played with `Rules::play` and forfeits with `Rules::forfeit`. Games can
//! cycle (captures swap pieces back, the House of Water sends them to 15),
//! so it is searched to a depth in throws with the unknown beyond as a loss
//! (a lower bound) and as a win (an upper bound); the exact value must lie
//! between, and the bounds must be close.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Solved;

use std::collections::HashMap;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Endgame, Level, Player};
use senet_engine::kendall_v1::{Position, Rules, Side, Throw};
use senet_engine::{Kendall, Square};
use senet_tablebase::file::{read_tables, write_tables};
use senet_tablebase::{Layer, Store, Tables, layers, residual, solve_pair, solve_pair_within};

const TOLERANCE: f64 = 1e-10;

struct Reference {
    rules: Kendall,
    chances: Vec<(Throw, f64)>,
    memo: HashMap<(Position, u32), (f64, f64)>,
}

impl Reference {
    fn new() -> Reference {
        Reference {
            rules: Kendall,
            chances: Kendall.throw_chances(),
            memo: HashMap::new(),
        }
    }

    /// Lower and upper bounds of the side to throw's chance, `depth` throws deep.
    fn bounds(&mut self, position: Position, depth: u32) -> (f64, f64) {
        if depth == 0 {
            return (0.0, 1.0);
        }
        if let Some(&b) = self.memo.get(&(position, depth)) {
            return b;
        }
        let mover = position.to_move();
        let (mut lo, mut hi) = (0.0, 0.0);
        for (throw, p) in self.chances.clone() {
            let moves = self.rules.legal_moves(&position, throw);
            let afters: Vec<Position> = if moves.is_empty() {
                vec![self.rules.forfeit(&position, throw).unwrap()]
            } else {
                moves
                    .iter()
                    .map(|mv| self.rules.play(&position, throw, mv.from).unwrap())
                    .collect()
            };
            let (mut best_lo, mut best_hi) = (f64::MIN, f64::MIN);
            for after in afters {
                let (l, h) = match self.rules.winner(&after) {
                    Some(w) if w == mover => (1.0, 1.0),
                    Some(_) => (0.0, 0.0),
                    None => {
                        let (l, h) = self.bounds(after, depth - 1);
                        if after.to_move() == mover {
                            (l, h)
                        } else {
                            (1.0 - h, 1.0 - l)
                        }
                    }
                };
                best_lo = best_lo.max(l);
                best_hi = best_hi.max(h);
            }
            lo += p * best_lo;
            hi += p * best_hi;
        }
        self.memo.insert((position, depth), (lo, hi));
        (lo, hi)
    }
}

fn squares(board: u32) -> Vec<Square> {
    (1..=30u8)
        .filter(|n| board & (1 << n) != 0)
        .filter_map(Square::new)
        .collect()
}

/// The position of a layer's index, with the Spool to throw, so the
/// mirroring of colours is checked too.
fn spool_position(layer: Layer, index: u64) -> Position {
    let (own, theirs) = layer.boards(index);
    Position::try_from(senet_engine::kendall_v1::Setup::from_squares(
        &squares(theirs),
        &squares(own),
        Side::Spool,
    ))
    .unwrap()
}

fn solve(max: u8, pairs: &[Layer]) -> Store {
    let mut store = Store::new(max);
    for &layer in pairs {
        solve_pair(&mut store, layer, TOLERANCE, &mut |_, _, _| {}).unwrap();
    }
    store
}

#[test]
fn one_against_one_matches_the_search_to_the_end_everywhere() {
    let store = solve(1, &[Layer::new(1, 1)]);
    let values = store.get(Layer::new(1, 1)).unwrap();
    let mut reference = Reference::new();
    for (i, &v) in values.iter().enumerate() {
        let position = spool_position(Layer::new(1, 1), i as u64);
        let (lo, hi) = reference.bounds(position, 240);
        assert!(
            hi - lo < 1e-7,
            "{position}: bounds {lo}..{hi} too far apart"
        );
        assert!(
            lo - 1e-9 <= v && v <= hi + 1e-9,
            "{position}: table {v}, search {lo}..{hi}"
        );
    }
}

#[test]
fn two_against_one_near_the_end_matches_the_search() {
    let store = solve(2, &[Layer::new(1, 1), Layer::new(2, 1)]);
    let mut reference = Reference::new();
    let mut checked = 0;
    for layer in [Layer::new(2, 1), Layer::new(1, 2)] {
        let values = store.get(layer).unwrap();
        for (i, &v) in values.iter().enumerate() {
            let (own, theirs) = layer.boards(i as u64);
            // Few squares left: every piece on 22 or beyond.
            if (own | theirs) & ((1 << 22) - 1) != 0 {
                continue;
            }
            let position = spool_position(layer, i as u64);
            // Depth 100 leaves the bounds up to about 1e-4 apart here (a
            // piece can be sent back to 15); deeper is too slow for a test.
            let (lo, hi) = reference.bounds(position, 100);
            assert!(
                hi - lo < 1e-3,
                "{position}: bounds {lo}..{hi} too far apart"
            );
            assert!(
                lo - 1e-9 <= v && v <= hi + 1e-9,
                "{position}: table {v}, search {lo}..{hi}"
            );
            checked += 1;
        }
    }
    // 2 pieces on 8 squares, 1 on the 6 left, either side to throw.
    assert_eq!(checked, 2 * 28 * 6);
    the_expert_plays_the_best_move_by_exact_value(&store);
    // Every value of the three layers satisfies its equation.
    let get = |l: Layer, i: u64| store.get(l).and_then(|v| v.get(i as usize)).copied();
    for layer in [Layer::new(1, 1), Layer::new(2, 1), Layer::new(1, 2)] {
        let gap = residual(&get, layer);
        assert!(gap < 1e-9, "layer {layer:?}: gap {gap}");
    }
}

/// With the tables the expert picks, in every 2v1 position and throw with a
/// choice, the move whose exact value is highest.
fn the_expert_plays_the_best_move_by_exact_value(store: &Store) {
    let rules = Kendall;
    let tables = Solved(store);
    let expert = Player::new(Level::Expert).with_budget(Budget::nodes(1_000));
    let mut rng = SmallRng::seed_from_u64(1);
    let layer = Layer::new(2, 1);
    let mut choices = 0;
    for i in (0..layer.len()).step_by(7) {
        let position = spool_position(layer, i);
        for (throw, _) in rules.throw_chances() {
            let moves = rules.legal_moves(&position, throw);
            let mut valued: Vec<(f64, Square)> = moves
                .iter()
                .map(|mv| {
                    let after = rules.apply(&position, throw, mv);
                    let v = match rules.winner(&after) {
                        Some(_) => 1.0,
                        None if after.to_move() == Side::Spool => {
                            tables.win_chance(&after).unwrap()
                        }
                        None => 1.0 - tables.win_chance(&after).unwrap(),
                    };
                    (v, mv.from)
                })
                .collect();
            valued.sort_by(|a, b| b.0.total_cmp(&a.0));
            if valued.len() < 2 || valued[0].0 - valued[1].0 < 1e-9 {
                continue;
            }
            let chosen = expert
                .choose_with(&rules, &position, throw, Some(&tables), &mut rng)
                .unwrap();
            assert_eq!(
                chosen.from, valued[0].1,
                "{position} throw {throw}: {valued:?}"
            );
            choices += 1;
        }
    }
    assert!(choices > 1000, "only {choices} choices");
}

#[test]
fn generating_moves_in_every_sweep_gives_the_same_values() {
    let recorded = solve(1, &[Layer::new(1, 1)]);
    let mut direct = Store::new(1);
    let report = solve_pair_within(
        &mut direct,
        Layer::new(1, 1),
        TOLERANCE,
        0,
        &mut |_, _, _| {},
    )
    .unwrap();
    assert!(!report.recorded);
    assert_eq!(recorded.get(Layer::new(1, 1)), direct.get(Layer::new(1, 1)));
}

#[test]
fn a_pair_needs_the_layers_below_it() {
    let mut store = Store::new(2);
    let error = solve_pair(&mut store, Layer::new(2, 1), TOLERANCE, &mut |_, _, _| {}).unwrap_err();
    assert!(error.to_string().contains("needs layer 1v1"), "{error}");
}

fn one_piece_tables(bits: u8) -> Tables {
    let store = solve(1, &[Layer::new(1, 1)]);
    Tables::from_store(&store, bits, TOLERANCE, 0.0).unwrap()
}

#[test]
fn the_file_reads_back_what_was_written_and_refuses_damage() {
    let dir = std::env::temp_dir().join(format!("senet-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for bits in [16, 32] {
        let tables = one_piece_tables(bits);
        let path = dir.join(format!("k1-{bits}.tb"));
        write_tables(&tables, &path).unwrap();
        let read = read_tables(&path).unwrap();
        assert_eq!(read, tables);
        assert_eq!(
            std::fs::metadata(&path).unwrap().len(),
            48 + 16 + 812 * u64::from(bits / 8)
        );
        // Every kind of damage is an error, never a panic or a wrong table.
        let bytes = std::fs::read(&path).unwrap();
        let damaged = dir.join("damaged.tb");
        for (what, data) in [
            ("truncated", bytes[..bytes.len() - 1].to_vec()),
            ("longer", [bytes.clone(), vec![0]].concat()),
            ("magic", [b"X".to_vec(), bytes[1..].to_vec()].concat()),
            ("empty", Vec::new()),
            ("bits", {
                let mut b = bytes.clone();
                b[11] = 8;
                b
            }),
            ("pieces", {
                let mut b = bytes.clone();
                b[10] = 9;
                b
            }),
        ] {
            std::fs::write(&damaged, &data).unwrap();
            assert!(read_tables(&damaged).is_err(), "{what} was accepted");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn packed_values_stay_within_half_a_step_and_mirror_colours() {
    let store = solve(1, &[Layer::new(1, 1)]);
    let exact = store.get(Layer::new(1, 1)).unwrap();
    for (bits, step) in [(16u8, 1.0 / 65535.0), (32, 1.0 / 4_294_967_295.0)] {
        let tables = Tables::from_store(&store, bits, TOLERANCE, 0.0).unwrap();
        for (i, &v) in exact.iter().enumerate() {
            let spool = spool_position(Layer::new(1, 1), i as u64);
            let cone = {
                let (own, theirs) = Layer::new(1, 1).boards(i as u64);
                Position::try_from(senet_engine::kendall_v1::Setup::from_squares(
                    &squares(own),
                    &squares(theirs),
                    Side::Cone,
                ))
                .unwrap()
            };
            let a = tables.probe(&spool).unwrap();
            let b = tables.probe(&cone).unwrap();
            assert_eq!(a, b);
            assert!((a - v).abs() <= step / 2.0 + 1e-15, "{spool}: {a} vs {v}");
        }
    }
}

#[test]
fn probing_a_throw_ranks_moves_by_the_value_after_them() {
    let tables = one_piece_tables(32);
    let rules = Kendall;
    // The Cone on 26 must stop there and move on by itself; the Spool is on 20.
    let position = rules
        .parse_position("...................s.....c.... c")
        .unwrap();
    for value in 1..=5 {
        let throw = rules.throw(value).unwrap();
        let moves = tables.probe_throw(&position, throw).unwrap();
        let legal = rules.legal_moves(&position, throw);
        if legal.is_empty() {
            assert_eq!(moves.len(), 1);
            assert!(moves[0].mv.is_none());
            let after = rules.pass(&position);
            assert!((moves[0].win_chance - (1.0 - tables.probe(&after).unwrap())).abs() < 1e-15);
        } else {
            assert_eq!(moves.len(), legal.len());
            assert!(moves.windows(2).all(|w| w[0].win_chance >= w[1].win_chance));
        }
    }
    // The exact value is the throws' expectation of the best move.
    let expected: f64 = rules
        .throw_chances()
        .iter()
        .map(|&(t, p)| p * tables.probe_throw(&position, t).unwrap()[0].win_chance)
        .sum();
    assert!((tables.probe(&position).unwrap() - expected).abs() < 1e-9);
    // Out of reach and finished positions are refused.
    let two = rules
        .parse_position("..................cs.....c.... c")
        .unwrap();
    assert!(tables.probe(&two).is_err());
    let over = rules
        .parse_position("...................s.......... c")
        .unwrap();
    assert!(tables.probe(&over).is_err());
}

#[test]
fn the_layers_come_in_an_order_the_solver_can_take() {
    let order = layers(4);
    assert_eq!(order.len(), 16);
    for (at, layer) in order.iter().enumerate() {
        // What a layer needs (one piece fewer of its own) comes before it.
        if layer.own > 1 {
            for needed in [
                Layer::new(layer.own - 1, layer.theirs),
                Layer::new(layer.theirs, layer.own - 1),
            ] {
                let before = order.iter().position(|&l| l == needed).unwrap();
                assert!(before < at, "{layer:?} before {needed:?}");
            }
        }
    }
}
