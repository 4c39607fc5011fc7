//! Move generation and random playouts. Run with `cargo bench -p senet-engine`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::Kendall;
use senet_engine::kendall_v1::{Position, Rules};

/// Positions met in play: the start, a crowded middle game, a race, an ending.
fn typical_positions() -> Vec<(&'static str, Position)> {
    [
        ("start", "cscscscscs.................... c"),
        ("middle", "..c.s.cs..scc.s...s......c.... s"),
        ("race", "............s.c..s.sc.c..s.c.s c"),
        ("ending", ".........................s.scc s"),
    ]
    .into_iter()
    .map(|(name, text)| (name, Kendall.parse_position(text).expect("valid position")))
    .collect()
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    let throws: Vec<_> = (1..=5).map(|t| Kendall.throw(t).expect("throw")).collect();
    for (name, position) in typical_positions() {
        group.throughput(Throughput::Elements(throws.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &throw in &throws {
                    black_box(Kendall.legal_moves(black_box(&position), throw));
                }
            })
        });
    }
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(2026);
    let start = Kendall.start();
    group.bench_function("kendall", |b| {
        b.iter(|| black_box(Kendall.random_game(start, &mut rng, 1_000_000)))
    });
    group.finish();
}

criterion_group!(benches, legal_moves, random_games);
criterion_main!(benches);
