#![allow(clippy::unwrap_used, clippy::expect_used)]

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::kendall_v1::{Position, Rules};
use senet_engine::{
    AnyRules, AnyState, Choice, Kendall, Next, RuleSet, RuleSetId, Seat, Step, StickState,
    random_step,
};

use super::*;
use crate::Endgame;

/// A random record of `rule_set` from the start: whole when `stop_at` is
/// `None`, else cut before the first chance after `stop_at` steps.
fn random_record(rule_set: RuleSetId, seats: u8, seed: u64, stop_at: Option<usize>) -> Vec<Step> {
    let rules = AnyRules::of(rule_set);
    let mut state = rules.start(seats).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut steps = Vec::new();
    while let Some(step) = random_step(rules, &state, &mut rng) {
        if stop_at.is_some_and(|n| steps.len() >= n)
            && matches!(rules.next(&state), Next::Chance(_))
            && rules.chance_seat(&state).is_some()
        {
            break;
        }
        rules.apply(&mut state, step, &mut Vec::new()).unwrap();
        steps.push(step);
        assert!(steps.len() < 20_000, "a random game that never ends");
    }
    steps
}

fn played(steps: &[Step]) -> Vec<Played> {
    steps.iter().copied().map(Played::Step).collect()
}

fn reviewer(nodes: u64) -> Reviewer<'static> {
    Reviewer {
        nodes,
        endgame: None,
        stop: None,
    }
}

#[test]
fn grades_follow_the_documented_thresholds() {
    assert_eq!(Grade::of(0.0, false), Grade::Best);
    assert_eq!(Grade::of(0.1, false), Grade::Best);
    assert_eq!(Grade::of(0.11, false), Grade::Good);
    assert_eq!(Grade::of(1.99, false), Grade::Good);
    assert_eq!(Grade::of(2.0, false), Grade::Inaccuracy);
    assert_eq!(Grade::of(4.99, false), Grade::Inaccuracy);
    assert_eq!(Grade::of(5.0, false), Grade::Mistake);
    assert_eq!(Grade::of(9.99, false), Grade::Mistake);
    assert_eq!(Grade::of(10.0, false), Grade::Blunder);
    assert_eq!(Grade::of(80.0, false), Grade::Blunder);
    // The option ranked first is the best, whatever the rounding says.
    assert_eq!(Grade::of(0.5, true), Grade::Best);
    let names: Vec<&str> = Grade::ALL.iter().map(|g| g.as_str()).collect();
    assert_eq!(names, ["best", "good", "inaccuracy", "mistake", "blunder"]);
}

fn decision(seat: u8, points_lost: f64, options: usize) -> ReviewEntry {
    let choice = Choice::Move {
        from: senet_engine::Square::new(1).unwrap(),
    };
    ReviewEntry {
        index: 0,
        seat: Seat::new(seat).unwrap(),
        before: 0.5,
        after: 0.5 - points_lost / 100.0,
        what: Reviewed::Decision {
            options,
            best: choice,
            played: choice,
            points_lost,
            grade: (options > 1).then(|| Grade::of(points_lost, false)),
        },
    }
}

fn throw(seat: u8, luck: f64) -> ReviewEntry {
    ReviewEntry {
        index: 0,
        seat: Seat::new(seat).unwrap(),
        before: 0.5,
        after: 0.5 + luck / 100.0,
        what: Reviewed::Chance {
            roll: senet_engine::Roll::Lot { seat: Seat::FIRST },
            luck,
        },
    }
}

#[test]
fn accuracy_and_luck_add_up_per_seat() {
    assert!((accuracy(0.0) - 100.0).abs() < 1e-12);
    assert!((accuracy(1.0) - 90.0).abs() < 1e-12);
    assert!((accuracy(2.5) - 75.0).abs() < 1e-12);
    assert!(accuracy(12.0).abs() < 1e-12);
    let entries = [
        decision(0, 0.0, 3),
        decision(0, 3.0, 2),
        decision(0, 40.0, 1), // forced: not graded, not counted
        decision(1, 12.0, 4),
        throw(0, 4.5),
        throw(0, -1.5),
        throw(1, -7.0),
    ];
    let summary = summarise(2, &entries);
    assert_eq!(summary.len(), 2);
    let cone = &summary[0];
    assert_eq!((cone.graded, cone.forced, cone.throws), (2, 1, 2));
    assert_eq!(cone.grades, [1, 0, 1, 0, 0]);
    assert!((cone.points_lost - 3.0).abs() < 1e-12);
    assert!((cone.mean_points_lost.unwrap() - 1.5).abs() < 1e-12);
    assert!((cone.accuracy.unwrap() - 85.0).abs() < 1e-12);
    assert!((cone.luck - 3.0).abs() < 1e-12);
    let spool = &summary[1];
    assert_eq!(spool.grades, [0, 0, 0, 0, 1]);
    assert!(spool.accuracy.unwrap().abs() < 1e-12);
    assert!((spool.luck + 7.0).abs() < 1e-12);
    // No graded decision: no accuracy.
    let none = summarise(2, &[decision(0, 0.0, 1)]);
    assert_eq!(none[0].accuracy, None);
    assert_eq!(none[1].mean_points_lost, None);
}

#[test]
fn every_step_gets_one_entry_and_forced_decisions_no_grade() {
    for (rule_set, seats, seed) in [
        (RuleSetId::Kendall, 2, 3),
        (RuleSetId::Simple, 2, 4),
        (RuleSetId::Modern, 3, 5),
    ] {
        let steps = random_record(rule_set, seats, seed, Some(60));
        let review = review_game(rule_set, seats, &played(&steps), &reviewer(300)).unwrap();
        assert_eq!(review.entries.len(), steps.len(), "{rule_set:?}");
        assert_eq!(review.summary.len(), usize::from(seats));
        let rules = AnyRules::of(rule_set);
        let mut state = rules.start(seats).unwrap();
        for (entry, step) in review.entries.iter().zip(&steps) {
            assert!((0.0..=1.0).contains(&entry.before) && (0.0..=1.0).contains(&entry.after));
            match (rules.next(&state), &entry.what, step) {
                (
                    Next::Decide { seat, options },
                    Reviewed::Decision {
                        grade,
                        points_lost,
                        played,
                        ..
                    },
                    Step::Decide { choice, .. },
                ) => {
                    assert_eq!(entry.seat, seat);
                    assert_eq!(played, choice);
                    assert_eq!(grade.is_none(), options.len() == 1, "forced: no grade");
                    if let Some(grade) = grade {
                        assert_eq!(*grade, Grade::of(*points_lost, entry.before == entry.after));
                    }
                    assert!((points_lost - 100.0 * (entry.before - entry.after)).abs() < 1e-9);
                }
                (Next::Chance(_), Reviewed::Chance { roll, luck }, Step::Chance { roll: r }) => {
                    assert_eq!(roll, r);
                    assert!((luck - 100.0 * (entry.after - entry.before)).abs() < 1e-9);
                }
                (next, what, step) => panic!("{next:?} {what:?} {step:?}"),
            }
            rules.apply(&mut state, *step, &mut Vec::new()).unwrap();
        }
    }
}

#[test]
fn luck_averages_to_zero_over_every_outcome() {
    for (rule_set, seats, seed) in [(RuleSetId::Kendall, 2, 11), (RuleSetId::Simple, 2, 12)] {
        let prefix = random_record(rule_set, seats, seed, Some(3));
        let rules = AnyRules::of(rule_set);
        let mut state = rules.start(seats).unwrap();
        for step in &prefix {
            rules.apply(&mut state, *step, &mut Vec::new()).unwrap();
        }
        let Next::Chance(kind) = rules.next(&state) else {
            panic!("{rule_set:?}: the record stops before a chance");
        };
        let mut expected = 0.0;
        let mut lucks = Vec::new();
        for (roll, p) in kind.outcomes() {
            let mut steps = prefix.clone();
            steps.push(Step::Chance { roll });
            let review = review_game(rule_set, seats, &played(&steps), &reviewer(200)).unwrap();
            let last = review.entries.last().unwrap();
            let Reviewed::Chance { luck, .. } = last.what else {
                panic!("the last entry is the draw");
            };
            expected += p.value() * luck;
            lucks.push(luck);
        }
        assert!(
            expected.abs() < 1e-9,
            "{rule_set:?}: {expected} over {lucks:?}"
        );
        // The search sees a difference between throws somewhere.
        assert!(lucks.iter().any(|l| l.abs() > 1e-6), "{rule_set:?}");
    }
}

/// Says the position after one chosen move is won for its mover and every
/// other position lost for it.
struct Rigged {
    mover: senet_engine::kendall_v1::Side,
    target: Position,
}

impl Endgame for Rigged {
    fn win_chance(&self, position: &Position) -> Option<f64> {
        let mover_wins = *position == self.target;
        Some(if mover_wins == (position.to_move() == self.mover) {
            1.0
        } else {
            0.0
        })
    }
}

#[test]
fn tables_make_a_move_they_condemn_a_blunder_of_a_hundred_points() {
    let position = Rules::parse_position(&Kendall, "..........c.c.....s.s......... c").unwrap();
    let rules = AnyRules::of(RuleSetId::Kendall);
    let start = AnyState::Kendall(StickState::before_throw(position));
    let Next::Chance(kind) = rules.next(&start) else {
        panic!("a throw comes first");
    };
    // A throw with two moves.
    let (roll, moves) = kind
        .outcomes()
        .into_iter()
        .find_map(|(roll, _)| {
            let mut after = start.clone();
            rules
                .apply(&mut after, Step::Chance { roll }, &mut Vec::new())
                .unwrap();
            let AnyState::Kendall(stick) = &after else {
                return None;
            };
            let moves = Rules::legal_moves(&Kendall, &position, stick.pending?);
            (moves.len() >= 2).then(|| (roll, moves.iter().collect::<Vec<_>>()))
        })
        .unwrap();
    let AnyState::Kendall(stick) = ({
        let mut s = start.clone();
        rules
            .apply(&mut s, Step::Chance { roll }, &mut Vec::new())
            .unwrap();
        s
    }) else {
        panic!()
    };
    let throw = stick.pending.unwrap();
    let good = moves[0];
    let bad = moves[1];
    let tables = Rigged {
        mover: position.to_move(),
        target: Rules::apply(&Kendall, &position, throw, good),
    };
    let with = |mv: senet_engine::kendall_v1::Move| {
        let record = [
            Played::Step(Step::Chance { roll }),
            Played::Step(Step::Decide {
                seat: Seat::FIRST,
                choice: Choice::Move { from: mv.from },
            }),
        ];
        let reviewer = Reviewer {
            nodes: 1_000,
            endgame: Some(&tables),
            stop: None,
        };
        review_from(rules, start.clone(), &record, &reviewer).unwrap()
    };
    let review = with(bad);
    assert!(review.tables);
    let Reviewed::Decision {
        best,
        points_lost,
        grade,
        ..
    } = review.entries[1].what
    else {
        panic!("a decision");
    };
    assert_eq!(best, Choice::Move { from: good.from });
    assert!((points_lost - 100.0).abs() < 1e-9, "{points_lost}");
    assert_eq!(grade, Some(Grade::Blunder));
    assert!((review.entries[1].before - 1.0).abs() < 1e-9);
    assert!(review.entries[1].after.abs() < 1e-9);
    let review = with(good);
    let Reviewed::Decision {
        points_lost, grade, ..
    } = review.entries[1].what
    else {
        panic!("a decision");
    };
    assert!(points_lost.abs() < 1e-9);
    assert_eq!(grade, Some(Grade::Best));
    assert_eq!(review.summary[0].accuracy, Some(100.0));
}
