//! Random steps on the step model for the stick rule sets: a random step is
//! `random_step` + `apply`, as `random_game` plays them. Run with
//! `taskset -c 1 cargo bench -p senet-engine --bench sticks`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{Event, Jequier, Kendall, Kendall7, RuleSet, Simple, random_step};

/// Steps timed per iteration; a game that ends starts again.
const STEPS: u64 = 10_000;

/// Plays `STEPS` random steps, starting a new game whenever one ends.
fn steps<R: RuleSet>(rules: R, rng: &mut SmallRng, events: &mut Vec<Event>) -> u64 {
    let mut state = rules.start(2).expect("two seats");
    let mut games = 0;
    for _ in 0..STEPS {
        match random_step(rules, &state, rng) {
            Some(step) => {
                events.clear();
                rules
                    .apply(&mut state, step, events)
                    .expect("a drawn step is legal");
            }
            None => {
                state = rules.start(2).expect("two seats");
                games += 1;
            }
        }
    }
    games
}

fn random_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_steps");
    group.throughput(Throughput::Elements(STEPS));
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut events = Vec::with_capacity(16);
    group.bench_function("kendall", |b| {
        b.iter(|| black_box(steps(Kendall, &mut rng, &mut events)))
    });
    group.bench_function("kendall-7", |b| {
        b.iter(|| black_box(steps(Kendall7, &mut rng, &mut events)))
    });
    group.bench_function("simple", |b| {
        b.iter(|| black_box(steps(Simple, &mut rng, &mut events)))
    });
    group.bench_function("jequier", |b| {
        b.iter(|| black_box(steps(Jequier, &mut rng, &mut events)))
    });
    group.finish();
}

criterion_group!(benches, random_steps);
criterion_main!(benches);
