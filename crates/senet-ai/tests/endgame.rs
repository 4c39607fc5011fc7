//! The expert with exact endgame values lent to it: a made-up table (the
//! real ones are tested in `senet-tablebase`), to check how the expert uses
//! whatever exact values it is given.
#![allow(clippy::unwrap_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Endgame, Evaluation, Level, Player};
use senet_engine::Kendall;
use senet_engine::kendall_v1::{Position, Rules, Side};

/// "Exact" values for the positions with `side` to throw: a fixed function
/// of the boards, so every position gets its own value.
struct Covers(Side);

impl Endgame for Covers {
    fn win_chance(&self, position: &Position) -> Option<f64> {
        (position.to_move() == self.0).then(|| {
            let mix = position.bitboard(Side::Cone).wrapping_mul(2_654_435_761)
                ^ position.bitboard(Side::Spool).wrapping_mul(40_503);
            f64::from(mix % 1000) / 1000.0
        })
    }
}

/// No values at all.
struct Nothing;

impl Endgame for Nothing {
    fn win_chance(&self, _: &Position) -> Option<f64> {
        None
    }
}

fn rng() -> SmallRng {
    SmallRng::seed_from_u64(3)
}

#[test]
fn without_a_covered_position_nothing_changes() {
    let rules = Kendall;
    let expert = Player::new(Level::Expert).with_budget(Budget::nodes(20_000));
    let position = rules
        .parse_position("..c.s.cs..scc.s...s......c.... s")
        .unwrap();
    let throw = rules.throw(2).unwrap();
    let plain = expert.rank(&rules, &position, throw, &mut rng());
    let lent = expert.rank_with(&rules, &position, throw, Some(&Nothing), &mut rng());
    assert_eq!(plain, lent);
}

#[test]
fn when_every_move_is_covered_the_moves_are_ranked_by_exact_value() {
    let rules = Kendall;
    let expert = Player::new(Level::Expert).with_budget(Budget::nodes(20_000));
    // A 2 passes the turn, so every position after a move has the Cone to throw.
    let position = rules
        .parse_position("..c.s.cs..scc.s...s......c.... s")
        .unwrap();
    let throw = rules.throw(2).unwrap();
    let table = Covers(Side::Cone);
    let ranking = expert.rank_with(&rules, &position, throw, Some(&table), &mut rng());
    assert!(ranking.stats.solved);
    assert_eq!(
        ranking.moves.len(),
        rules.legal_moves(&position, throw).len()
    );
    for (mv, score) in &ranking.moves {
        let after = rules.apply(&position, throw, *mv);
        let p = 1.0 - table.win_chance(&after).unwrap();
        assert!((score - (2.0 * p - 1.0)).abs() < 1e-12);
    }
    assert!(ranking.moves.windows(2).all(|w| w[0].1 >= w[1].1));
    let chosen = expert.choose_with(&rules, &position, throw, Some(&table), &mut rng());
    assert_eq!(chosen, Some(ranking.moves[0].0));
}

/// Expectiminimax without pruning, exact values where the table covers a
/// position, the evaluation at the horizon: what the search must return.
fn reference(
    rules: &Kendall,
    table: &dyn Endgame,
    position: &Position,
    root: Side,
    depth: u32,
) -> f64 {
    if position.on_board(root) == 0 {
        return 1.0;
    }
    if position.on_board(root.opponent()) == 0 {
        return -1.0;
    }
    if let Some(p) = table.win_chance(position) {
        let p = if position.to_move() == root {
            p
        } else {
            1.0 - p
        };
        return 2.0 * p - 1.0;
    }
    if depth == 0 {
        return Evaluation::TUNED.value(position, root);
    }
    let mut sum = 0.0;
    for (throw, chance) in rules.throw_chances() {
        let moves = rules.legal_moves(position, throw);
        let value = if moves.is_empty() {
            reference(rules, table, &rules.pass(position), root, depth - 1)
        } else {
            let values = moves.iter().map(|mv| {
                reference(
                    rules,
                    table,
                    &rules.apply(position, throw, mv),
                    root,
                    depth - 1,
                )
            });
            if position.to_move() == root {
                values.fold(f64::MIN, f64::max)
            } else {
                values.fold(f64::MAX, f64::min)
            }
        };
        sum += chance * value;
    }
    sum
}

#[test]
fn the_search_takes_exact_values_at_the_positions_covered() {
    let rules = Kendall;
    let expert = Player::new(Level::Expert).with_budget(Budget::nodes(5_000));
    // A 1 gives another throw: the positions after the moves are the Cone's
    // again (not covered), those a throw later often the Spool's (covered).
    let position = rules
        .parse_position(".........s.s.............c..c. c")
        .unwrap();
    let throw = rules.throw(1).unwrap();
    let table = Covers(Side::Spool);
    let ranking = expert.rank_with(&rules, &position, throw, Some(&table), &mut rng());
    let depth = ranking.stats.depth;
    assert!(depth >= 2, "{:?}", ranking.stats);
    assert_eq!(ranking.moves.len(), 2);
    for (mv, score) in &ranking.moves {
        let after = rules.apply(&position, throw, *mv);
        let expected = reference(&rules, &table, &after, Side::Cone, depth - 1);
        assert!(
            (score - expected).abs() < 1e-9,
            "{mv:?}: {score} vs {expected}"
        );
    }
    // And the values differ from the search without the table.
    let plain = expert.rank(&rules, &position, throw, &mut rng());
    assert_ne!(plain.moves, ranking.moves);
}
