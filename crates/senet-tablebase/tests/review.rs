//! The game review (`senet_ai::review`) against exact endgame tables built
//! here (one and two pieces a side, two against one): a move the tables
//! value lower loses exactly the points between the two values, the best
//! move loses none, and a throw's "before" is the exact value of the
//! position, the average over the five throws.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::Solved;

use senet_ai::Endgame;
use senet_ai::review::{Grade, Played, Reviewed, Reviewer, review_from};
use senet_engine::kendall_v1::{Position, Rules, Side};
use senet_engine::{
    AnyRules, AnyState, Choice, Kendall, Next, RuleSet, RuleSetId, Seat, Step, StickState,
};
use senet_tablebase::{Layer, Store, solve_pair};

const TOLERANCE: f64 = 1e-10;

/// The Cone's chance after a move, exactly.
fn after_move(
    tables: &Solved<'_>,
    position: &Position,
    throw: senet_engine::kendall_v1::Throw,
    mv: senet_engine::kendall_v1::Move,
) -> f64 {
    let after = Rules::apply(&Kendall, position, throw, mv);
    match Rules::winner(&Kendall, &after) {
        Some(side) => f64::from(u8::from(side == Side::Cone)),
        None if after.to_move() == Side::Cone => tables.win_chance(&after).unwrap(),
        None => 1.0 - tables.win_chance(&after).unwrap(),
    }
}

#[test]
fn a_move_the_tables_value_lower_loses_exactly_the_difference() {
    let mut store = Store::new(2);
    solve_pair(&mut store, Layer::new(1, 1), TOLERANCE, &mut |_, _, _| {}).unwrap();
    solve_pair(&mut store, Layer::new(2, 1), TOLERANCE, &mut |_, _, _| {}).unwrap();
    let tables = Solved(&store);
    let rules = AnyRules::of(RuleSetId::Kendall);
    let mut checked = 0;
    // Two Cone pieces against one Spool piece, the Cone to throw.
    'positions: for (a, b, s) in [(12, 17, 20), (8, 14, 19), (20, 23, 10), (16, 21, 26)] {
        let mut text = vec!['.'; 30];
        text[a - 1] = 'c';
        text[b - 1] = 'c';
        text[s - 1] = 's';
        let text: String = text.into_iter().collect::<String>() + " c";
        let position = Rules::parse_position(&Kendall, &text).unwrap();
        let start = AnyState::Kendall(StickState::before_throw(position));
        let Next::Chance(kind) = rules.next(&start) else {
            panic!("a throw comes first");
        };
        for (roll, _) in kind.outcomes() {
            let mut thrown = start.clone();
            rules
                .apply(&mut thrown, Step::Chance { roll }, &mut Vec::new())
                .unwrap();
            let AnyState::Kendall(stick) = &thrown else {
                panic!("a Kendall state");
            };
            let Some(throw) = stick.pending else { continue };
            let mut valued: Vec<(f64, senet_engine::kendall_v1::Move)> =
                Rules::legal_moves(&Kendall, &position, throw)
                    .iter()
                    .map(|mv| (after_move(&tables, &position, throw, mv), mv))
                    .collect();
            valued.sort_by(|x, y| y.0.total_cmp(&x.0));
            let (Some(&(best_v, best)), Some(&(worst_v, worst))) = (valued.first(), valued.last())
            else {
                continue;
            };
            if best_v - worst_v < 1e-6 {
                continue;
            }
            let review = |mv: senet_engine::kendall_v1::Move| {
                let record = [
                    Played::Step(Step::Chance { roll }),
                    Played::Step(Step::Decide {
                        seat: Seat::FIRST,
                        choice: Choice::Move { from: mv.from },
                    }),
                ];
                let reviewer = Reviewer {
                    nodes: 2_000,
                    endgame: Some(&tables),
                    stop: None,
                };
                review_from(rules, start.clone(), &record, &reviewer).unwrap()
            };
            let bad = review(worst);
            let exact = tables.win_chance(&position).unwrap();
            assert!(
                (bad.entries[0].before - exact).abs() < 1e-9,
                "{text}: the throws' average {} against the table's {exact}",
                bad.entries[0].before
            );
            let Reviewed::Decision {
                points_lost,
                grade,
                best: ranked_best,
                ..
            } = bad.entries[1].what
            else {
                panic!("a decision");
            };
            let expected = 100.0 * (best_v - worst_v);
            assert!(
                (points_lost - expected).abs() < 1e-6,
                "{text} throw {throw}: {points_lost} against {expected}"
            );
            assert_eq!(grade, Some(Grade::of(expected, false)));
            assert_eq!(ranked_best, Choice::Move { from: best.from });
            let good = review(best);
            let Reviewed::Decision {
                points_lost, grade, ..
            } = good.entries[1].what
            else {
                panic!("a decision");
            };
            assert!(points_lost.abs() < 1e-9);
            assert_eq!(grade, Some(Grade::Best));
            checked += 1;
            if checked >= 6 {
                break 'positions;
            }
        }
    }
    assert!(checked >= 2, "only {checked} decisions with a choice");
}
