//! Path of Peril on the step model: random steps (`random_step` + `apply`,
//! as `random_game` plays them) and whole random games. Run with
//! `cargo bench -p senet-engine --bench peril`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{Event, Peril, RuleSet, random_game, random_step};

/// Random steps a batch: games are restarted from the start as they end.
const BATCH: u64 = 10_000;

fn random_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("peril");
    group.throughput(Throughput::Elements(BATCH));
    let mut rng = SmallRng::seed_from_u64(2026);
    let start = Peril.start(2).unwrap();
    let mut state = start;
    let mut events: Vec<Event> = Vec::with_capacity(16);
    group.bench_function("random_steps", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                match random_step(Peril, &state, &mut rng) {
                    Some(step) => {
                        events.clear();
                        Peril.apply(&mut state, step, &mut events).unwrap();
                    }
                    None => state = start,
                }
            }
            black_box(&state);
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(2026);
    group.bench_function("peril", |b| {
        b.iter(|| black_box(random_game(Peril, 2, &mut rng, 1_000_000)))
    });
    group.finish();
}

criterion_group!(benches, random_steps, random_games);
criterion_main!(benches);
