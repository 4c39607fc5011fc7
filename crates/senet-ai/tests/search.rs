//! The levels on positions from real games and on hand-made ones.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_ai::{Budget, Level, Player, choose_move, rank_moves};
use senet_engine::kendall_v1::{Destination, Effect, Move, Position, Rules, Side};
use senet_engine::{Kendall, Sticks};

/// A small deterministic budget: fast in debug builds.
const NODES: u64 = 2_000;

fn budget() -> Budget {
    Budget::nodes(NODES)
}

fn position(text: &str) -> Position {
    Kendall.parse_position(text).expect("valid position")
}

/// Positions met in random games: after 0, 7, 14, ... random turns.
fn positions_from_random_games(games: u64) -> Vec<Position> {
    let rules = Kendall;
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut position = rules.start();
        for turn in 0..400 {
            if rules.winner(&position).is_some() {
                break;
            }
            if turn % 7 == 0 {
                out.push(position);
            }
            let throw = rules.score(Sticks::throw(&mut rng));
            let moves = rules.legal_moves(&position, throw);
            position = match moves.get(rng.random_range(0..moves.len().max(1))) {
                Some(mv) => rules.apply(&position, throw, mv),
                None => rules.pass(&position),
            };
        }
    }
    out
}

#[test]
fn every_level_returns_a_legal_move_and_ranks_exactly_the_legal_moves() {
    let rules = Kendall;
    let positions = positions_from_random_games(6);
    assert!(positions.len() > 40, "{}", positions.len());
    let mut rng = SmallRng::seed_from_u64(1);
    let mut checked = 0;
    for position in &positions {
        for value in 1..=5 {
            let throw = rules.throw(value).unwrap();
            let legal: Vec<Move> = rules.legal_moves(position, throw).iter().collect();
            for level in Level::ALL {
                let ranked = rank_moves(&rules, position, throw, level, &budget(), &mut rng);
                let mut ranked_moves: Vec<Move> = ranked.iter().map(|(mv, _)| *mv).collect();
                ranked_moves.sort_by_key(|mv| mv.from);
                assert_eq!(ranked_moves, legal, "{level} {position} {value}");
                assert!(
                    ranked.windows(2).all(|w| w[0].1 >= w[1].1),
                    "{level} {position} {value}: not sorted: {ranked:?}"
                );
                assert!(ranked.iter().all(|(_, s)| (-1.0..=1.0).contains(s)));
                let chosen = choose_move(&rules, position, throw, level, &budget(), &mut rng);
                match chosen {
                    Some(mv) => assert!(legal.contains(&mv), "{level} {position} {value}"),
                    None => assert!(legal.is_empty(), "{level} {position} {value}"),
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 600);
}

#[test]
fn the_last_piece_bears_off_and_wins_at_every_level() {
    let rules = Kendall;
    let mut rng = SmallRng::seed_from_u64(2);
    // Cone's last piece on 28 with a 3; Spool far from home.
    let p = position("ss...s.s.s.................c.. c");
    let three = rules.throw(3).unwrap();
    for level in Level::ALL {
        let mv = choose_move(&rules, &p, three, level, &budget(), &mut rng).unwrap();
        assert_eq!(mv.to, Destination::Off, "{level}");
        assert_eq!(mv.effect, Effect::BearOff);
        let ranked = rank_moves(&rules, &p, three, level, &budget(), &mut rng);
        if level != Level::Beginner {
            assert_eq!(ranked[0].1, 1.0, "{level}: a win scores 1");
        }
    }
}

#[test]
fn it_avoids_the_house_of_water_when_another_move_is_clearly_better() {
    let rules = Kendall;
    let mut rng = SmallRng::seed_from_u64(4);
    // Cone on 26 and 10 with a 1: 26 -> 27 washes the piece back to 15.
    let p = position(".........cs.s.s..........c.... c");
    let one = rules.throw(1).unwrap();
    let moves: Vec<Move> = rules.legal_moves(&p, one).iter().collect();
    assert!(
        moves
            .iter()
            .any(|mv| matches!(mv.effect, Effect::Water { .. }))
    );
    for level in [Level::Intermediate, Level::Expert] {
        let mv = choose_move(&rules, &p, one, level, &budget(), &mut rng).unwrap();
        assert!(
            !matches!(mv.effect, Effect::Water { .. }),
            "{level}: {mv:?}"
        );
    }
    // The beginner is random, but rarely jumps in.
    let beginner = Player::new(Level::Beginner);
    let wet = (0..400)
        .filter(|_| {
            let mv = beginner.choose(&rules, &p, one, &mut rng).unwrap();
            matches!(mv.effect, Effect::Water { .. })
        })
        .count();
    assert!(
        wet < 80,
        "the beginner went into the water {wet} times in 400"
    );
}

#[test]
fn a_node_budget_makes_the_expert_deterministic() {
    let rules = Kendall;
    let p = position("..c.s.cs..scc.s...s......c.... s");
    let two = rules.throw(2).unwrap();
    let expert = Player::new(Level::Expert).with_budget(budget());
    let mut rng = SmallRng::seed_from_u64(5);
    let first = expert.rank(&rules, &p, two, &mut rng);
    let second = expert.rank(&rules, &p, two, &mut rng);
    assert_eq!(first, second);
    assert!(first.stats.depth >= 2, "{:?}", first.stats);
    // The limit is checked before expanding a node, so the leaves of the
    // last decision may go a little over.
    assert!(first.stats.nodes <= NODES + 64, "{:?}", first.stats);
    // More nodes search deeper.
    let deeper = expert
        .with_budget(Budget::nodes(NODES * 20))
        .rank(&rules, &p, two, &mut rng);
    assert!(deeper.stats.depth > first.stats.depth, "{:?}", deeper.stats);
}

#[test]
fn a_small_endgame_is_solved_exactly() {
    let rules = Kendall;
    // Each side has one piece on 30: Cone throws; a 1 wins at once.
    let p = position("............................sc c");
    let one = rules.throw(1).unwrap();
    let expert = Player::new(Level::Expert).with_budget(budget());
    let ranking = expert.rank(&rules, &p, one, &mut SmallRng::seed_from_u64(6));
    assert_eq!(ranking.moves.len(), 1);
    assert_eq!(ranking.moves[0].1, 1.0);
    assert!(ranking.stats.solved);
}

#[test]
fn the_game_over_position_has_no_move() {
    let rules = Kendall;
    let p = position("s............................. c");
    let one = rules.throw(1).unwrap();
    for level in Level::ALL {
        let mut rng = SmallRng::seed_from_u64(7);
        assert_eq!(
            choose_move(&rules, &p, one, level, &budget(), &mut rng),
            None
        );
        assert!(rank_moves(&rules, &p, one, level, &budget(), &mut rng).is_empty());
    }
}

#[test]
fn levels_read_and_write_their_names() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
    }
    assert_eq!("expert".parse::<Level>().unwrap(), Level::Expert);
    assert!("grandmaster".parse::<Level>().is_err());
}

/// A uniformly random legal move.
fn random_move(
    rules: &Kendall,
    p: &Position,
    throw: senet_engine::kendall_v1::Throw,
    rng: &mut SmallRng,
) -> Option<Move> {
    let moves = rules.legal_moves(p, throw);
    moves.get(rng.random_range(0..moves.len().max(1)))
}

#[test]
fn the_expert_clearly_beats_a_random_mover() {
    let rules = Kendall;
    let expert = Player::new(Level::Expert).with_budget(Budget::nodes(1_000));
    let games = 40;
    let mut wins = 0;
    for game in 0..games {
        let mut rng = SmallRng::seed_from_u64(100 + game);
        let expert_side = if game % 2 == 0 {
            Side::Cone
        } else {
            Side::Spool
        };
        let mut p = rules.start();
        for _ in 0..10_000 {
            if rules.winner(&p).is_some() {
                break;
            }
            let throw = rules.score(Sticks::throw(&mut rng));
            let mv = if p.to_move() == expert_side {
                expert.choose(&rules, &p, throw, &mut rng)
            } else {
                random_move(&rules, &p, throw, &mut rng)
            };
            p = match mv {
                Some(mv) => rules.apply(&p, throw, mv),
                None => rules.pass(&p),
            };
        }
        if rules.winner(&p) == Some(expert_side) {
            wins += 1;
        }
    }
    // Typically around 90%; a coin would need a miracle to reach 70%.
    assert!(wins >= 28, "the expert won only {wins} of {games}");
}

#[test]
fn a_time_limit_stops_the_search() {
    let rules = Kendall;
    let p = position("..c.s.cs..scc.s...s......c.... s");
    let two = rules.throw(2).unwrap();
    let expert = Player::new(Level::Expert).with_budget(Budget::with_time(
        u64::MAX,
        std::time::Duration::from_millis(30),
    ));
    let began = std::time::Instant::now();
    let ranking = expert.rank(&rules, &p, two, &mut SmallRng::seed_from_u64(8));
    // Generous: debug builds on a loaded machine.
    assert!(began.elapsed() < std::time::Duration::from_millis(1_000));
    assert_eq!(ranking.moves.len(), rules.legal_moves(&p, two).len());
    assert!(ranking.stats.depth >= 1);
}
