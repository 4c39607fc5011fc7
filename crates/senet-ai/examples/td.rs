//! Experiment: a learnt evaluation, trained by TD(λ) self-play in the
//! manner of TD-Gammon, to see whether it plays better than the hand-made
//! [`senet_ai::Evaluation`]. It did not (see `docs/ai.md`), so it is not
//! part of the library; this keeps the experiment repeatable.
//!
//! `cargo run --release -p senet-ai --example td -- GAMES ALPHA LAMBDA SEED [CHECK_EVERY]`
//!
//! The network reads a position from the side about to throw (so one
//! network serves both sides) and estimates that side's chance to win. Its
//! inputs: which squares each side holds, how many pieces each has borne
//! off, and the hand-made features of `senet_ai::features`. One hidden layer
//! of softsign units (`x / (1 + |x|)`), a logistic output. Training plays
//! the network greedily against itself and moves each position's estimate
//! towards the next one's, with eligibility traces decaying by λ; the last
//! target is the result. The step size decays as ALPHA / (1 + 10·g / GAMES)
//! after g games. Every CHECK_EVERY games, greedy play with the network
//! meets the intermediate level in 2,000 seeded games.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_ai::{Level, Player, features, play_games, wilson_interval};
use senet_engine::kendall_v1::{Position, Rules, Side, Throw};
use senet_engine::{Kendall, Sticks};

const SQUARES: usize = 30;
const PIECES: f32 = 5.0;
/// Own squares, opponent squares, then the dense inputs.
const DENSE_START: usize = 2 * SQUARES;
const DENSE: usize = 7;
const INPUTS: usize = DENSE_START + DENSE;
const HIDDEN: usize = 40;
/// Input-major: each input's `HIDDEN` weights, the hidden biases, then the
/// output weights and the output bias.
const OUTPUT_START: usize = (INPUTS + 1) * HIDDEN;
const PARAMS: usize = OUTPUT_START + HIDDEN + 1;

/// The inputs of a position for the side about to throw: the indices of the
/// board inputs that are 1, and the dense ones.
struct Inputs {
    ones: Vec<usize>,
    dense: [f32; DENSE],
}

impl Inputs {
    fn of(position: &Position) -> Inputs {
        let me = position.to_move();
        let own = position.bitboard(me);
        let theirs = position.bitboard(me.opponent());
        let mut ones = Vec::with_capacity(10);
        for (board, offset) in [(own, 0), (theirs, SQUARES)] {
            let mut rest = board;
            while rest != 0 {
                ones.push(offset + rest.trailing_zeros() as usize - 1);
                rest &= rest - 1;
            }
        }
        // race, protected, blockade, waiting, borne_off, exposure, tempo.
        let f = features(position, me);
        let dense = [
            (PIECES - own.count_ones() as f32) / PIECES,
            (PIECES - theirs.count_ones() as f32) / PIECES,
            f[0] as f32 / 30.0,
            f[1] as f32,
            f[2] as f32,
            f[3] as f32,
            f[5] as f32,
        ];
        Inputs { ones, dense }
    }
}

struct Network {
    params: Vec<f32>,
}

impl Network {
    fn random(rng: &mut SmallRng) -> Network {
        let params = (0..PARAMS)
            .map(|_| (rng.random::<f32>() - 0.5) * 0.2)
            .collect();
        Network { params }
    }

    /// Hidden activations and the chance that the side to throw wins.
    fn forward(&self, inputs: &Inputs) -> ([f32; HIDDEN], f32) {
        let (rows, output) = self.params.split_at(OUTPUT_START);
        let mut hidden = [0f32; HIDDEN];
        hidden.copy_from_slice(&rows[INPUTS * HIDDEN..]);
        for &i in &inputs.ones {
            let row = &rows[i * HIDDEN..][..HIDDEN];
            hidden.iter_mut().zip(row).for_each(|(h, w)| *h += w);
        }
        for (k, &x) in inputs.dense.iter().enumerate() {
            let row = &rows[(DENSE_START + k) * HIDDEN..][..HIDDEN];
            hidden.iter_mut().zip(row).for_each(|(h, w)| *h += w * x);
        }
        let mut sum = output[HIDDEN];
        for (h, v) in hidden.iter_mut().zip(output) {
            *h /= 1.0 + h.abs();
            sum += v * *h;
        }
        (hidden, 1.0 / (1.0 + (-sum).exp()))
    }

    /// The chance that `side` wins `position`.
    fn chance(&self, position: &Position, side: Side) -> f32 {
        if position.on_board(side) == 0 {
            return 1.0;
        }
        if position.on_board(side.opponent()) == 0 {
            return 0.0;
        }
        let (_, p) = self.forward(&Inputs::of(position));
        if position.to_move() == side {
            p
        } else {
            1.0 - p
        }
    }

    /// Adds the gradient of the Cone's chance to win to `into`; returns
    /// that chance.
    fn add_gradient(&self, position: &Position, into: &mut [f32]) -> f32 {
        let inputs = Inputs::of(position);
        let (hidden, p) = self.forward(&inputs);
        let sign = if position.to_move() == Side::Cone {
            1.0
        } else {
            -1.0
        };
        let d_out = sign * p * (1.0 - p);
        let (grad_rows, grad_output) = into.split_at_mut(OUTPUT_START);
        let output = &self.params[OUTPUT_START..];
        let mut d_hidden = [0f32; HIDDEN];
        for j in 0..HIDDEN {
            grad_output[j] += d_out * hidden[j];
            // Softsign's slope from its output y: (1 − |y|)².
            let slope = (1.0 - hidden[j].abs()).powi(2);
            d_hidden[j] = d_out * output[j] * slope;
        }
        grad_output[HIDDEN] += d_out;
        let mut add_row = |input: usize, x: f32| {
            let row = &mut grad_rows[input * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&d_hidden).for_each(|(g, d)| *g += d * x);
        };
        for &i in &inputs.ones {
            add_row(i, 1.0);
        }
        for (k, &x) in inputs.dense.iter().enumerate() {
            add_row(DENSE_START + k, x);
        }
        add_row(INPUTS, 1.0);
        if sign > 0.0 { p } else { 1.0 - p }
    }

    /// Greedy play: the position after the move the network likes best.
    fn greedy(&self, rules: &Kendall, position: &Position, throw: Throw) -> Position {
        let me = position.to_move();
        let mut best: Option<(f32, Position)> = None;
        for mv in rules.legal_moves(position, throw).iter() {
            let after = rules.apply(position, throw, mv);
            let value = self.chance(&after, me);
            if best.as_ref().is_none_or(|(b, _)| value > *b) {
                best = Some((value, after));
            }
        }
        best.map_or_else(|| rules.pass(position), |(_, after)| after)
    }
}

/// The Cone's result when the game is over.
fn cone_result(position: &Position) -> Option<f32> {
    if position.on_board(Side::Cone) == 0 {
        Some(1.0)
    } else if position.on_board(Side::Spool) == 0 {
        Some(0.0)
    } else {
        None
    }
}

/// One game of self-play, learning as it goes (TD(λ)); returns its throws.
fn play_and_learn(
    net: &mut Network,
    traces: &mut [f32],
    alpha: f32,
    lambda: f32,
    rng: &mut SmallRng,
) -> u32 {
    let rules = Kendall;
    let mut position = rules.start();
    traces.iter_mut().for_each(|t| *t = 0.0);
    let mut value = net.add_gradient(&position, traces);
    for turn in 1..=5_000 {
        let throw = rules.score(Sticks::throw(rng));
        let next = net.greedy(&rules, &position, throw);
        let result = cone_result(&next);
        let target = result.unwrap_or_else(|| net.chance(&next, Side::Cone));
        let step = alpha * (target - value);
        net.params
            .iter_mut()
            .zip(traces.iter())
            .for_each(|(p, e)| *p += step * e);
        if result.is_some() {
            return turn;
        }
        position = next;
        traces.iter_mut().for_each(|t| *t *= lambda);
        value = net.add_gradient(&position, traces);
    }
    5_000
}

/// Greedy play with the network against the intermediate level.
fn versus_intermediate(net: &Network, games: u64) {
    let intermediate = Player::new(Level::Intermediate);
    let won = play_games(games, 2, |i| {
        let rules = Kendall;
        let mut rng = SmallRng::seed_from_u64(9_000_000 + i);
        let mine = if i % 2 == 0 { Side::Cone } else { Side::Spool };
        let mut position = rules.start();
        for _ in 0..100_000 {
            if rules.winner(&position).is_some() {
                break;
            }
            let throw = rules.score(Sticks::throw(&mut rng));
            position = if position.to_move() == mine {
                net.greedy(&rules, &position, throw)
            } else {
                match intermediate.choose(&rules, &position, throw, &mut rng) {
                    Some(mv) => rules.apply(&position, throw, mv),
                    None => rules.pass(&position),
                }
            };
        }
        rules.winner(&position) == Some(mine)
    });
    let wins = won.iter().filter(|&&w| w).count() as u64;
    let (lo, hi) = wilson_interval(wins, games);
    println!(
        "  greedy network vs intermediate: {wins}/{games} = {:.3} [{lo:.3}, {hi:.3}]",
        wins as f64 / games as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args[0].parse().unwrap();
    let alpha: f32 = args[1].parse().unwrap();
    let lambda: f32 = args[2].parse().unwrap();
    let seed: u64 = args[3].parse().unwrap();
    let check_every: u64 = args.get(4).map_or(games, |a| a.parse().unwrap());
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut net = Network::random(&mut rng);
    let mut traces = vec![0.0; PARAMS];
    let started = std::time::Instant::now();
    let mut throws = 0u64;
    for game in 1..=games {
        let step = alpha / (1.0 + 10.0 * game as f32 / games as f32);
        throws += u64::from(play_and_learn(
            &mut net,
            &mut traces,
            step,
            lambda,
            &mut rng,
        ));
        if game % check_every == 0 || game == games {
            println!(
                "{game} games, {:.1} throws a game, {:.0} s",
                throws as f64 / game as f64,
                started.elapsed().as_secs_f64()
            );
            versus_intermediate(&net, 2_000);
        }
    }
}
