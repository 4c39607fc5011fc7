//! Senet-modern random steps (a random step = `random_step` + `apply`, as
//! `random_game` plays them) and whole random games, for 2, 3 and 4 seats.
//! Run with `taskset -c 1 cargo bench -p senet-engine --bench modern`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{Modern, RuleSet, random_game, random_step};

/// Steps per measured iteration: a game restarts whenever one ends.
const STEPS: u64 = 10_000;

fn random_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("modern_random_steps");
    group.throughput(Throughput::Elements(STEPS));
    for seats in 2..=4u8 {
        let start = Modern.start(seats).unwrap();
        let mut state = start;
        let mut rng = SmallRng::seed_from_u64(2026);
        let mut events = Vec::with_capacity(16);
        group.bench_function(format!("{seats}_seats"), |b| {
            b.iter(|| {
                for _ in 0..STEPS {
                    match random_step(Modern, &state, &mut rng) {
                        Some(step) => {
                            events.clear();
                            Modern.apply(&mut state, step, &mut events).unwrap();
                        }
                        None => state = start,
                    }
                }
                black_box(&state);
            })
        });
    }
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("modern_random_game");
    group.throughput(Throughput::Elements(1));
    for seats in 2..=4u8 {
        let mut rng = SmallRng::seed_from_u64(2026);
        group.bench_function(format!("{seats}_seats"), |b| {
            b.iter(|| black_box(random_game(Modern, seats, &mut rng, 1_000_000)))
        });
    }
    group.finish();
}

criterion_group!(benches, random_steps, random_games);
criterion_main!(benches);
