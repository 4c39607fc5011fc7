//! `senet`: the rules engine on the command line.
//!
//! Bad input prints one line on stderr and exits with status 2.

use std::process::ExitCode;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_engine::{Destination, Game, Kendall, Phase, Position, Rules, Side, Sticks};

const USAGE: &str = "usage: senet moves \"<position>\" <throw> | senet play --seed N | senet playouts --games N --seed S";

/// A random game never needs this many turns; the cap only guards the tool.
const MAX_TURNS: u32 = 1_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("senet: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| format!("missing subcommand; {USAGE}"))?;
    match command.as_str() {
        "moves" => moves(rest),
        "play" => play(rest),
        "playouts" => playouts(rest),
        "help" | "--help" | "-h" => Ok(format!("{USAGE}\n")),
        other => Err(format!("unknown subcommand `{other}`; {USAGE}")),
    }
}

fn moves(args: &[String]) -> Result<String, String> {
    let [position, throw] = args else {
        return Err(format!(
            "`moves` takes a position and a throw, got {} arguments; {USAGE}",
            args.len()
        ));
    };
    let rules = Kendall;
    let position = rules
        .parse_position(position)
        .map_err(|e| format!("bad position: {e}"))?;
    let throw = throw
        .parse::<u8>()
        .map_err(|_| format!("bad throw `{throw}`: throws are 1 to 5"))
        .and_then(|value| rules.throw(value).map_err(|e| format!("bad throw: {e}")))?;
    let moves = rules.legal_moves(&position, throw);
    if moves.is_empty() {
        let after = rules.pass(&position);
        return Ok(format!("pass {}\n", rules.position_text(&after)));
    }
    let mut out = String::new();
    for mv in moves.iter() {
        let after = rules.apply(&position, throw, mv);
        let to = match mv.to {
            Destination::Square(square) => square.to_string(),
            Destination::Off => "off".to_owned(),
        };
        out.push_str(&format!(
            "{} {} {}\n",
            mv.from,
            to,
            rules.position_text(&after)
        ));
    }
    Ok(out)
}

/// Reads `--name value` pairs; every flag is required and given once.
fn flags<const N: usize>(args: &[String], names: [&str; N]) -> Result<[u64; N], String> {
    let mut values: [Option<u64>; N] = [None; N];
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let slot = names
            .iter()
            .position(|name| flag.strip_prefix("--") == Some(name))
            .ok_or_else(|| format!("unknown argument `{flag}`; {USAGE}"))?;
        let value = rest
            .next()
            .ok_or_else(|| format!("`{flag}` needs a number"))?;
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("`{flag}` needs a whole number, got `{value}`"))?;
        values[slot] = Some(number);
    }
    let mut out = [0; N];
    for (i, name) in names.iter().enumerate() {
        out[i] = values[i].ok_or_else(|| format!("missing `--{name} N`; {USAGE}"))?;
    }
    Ok(out)
}

fn play(args: &[String]) -> Result<String, String> {
    let [seed] = flags(args, ["seed"])?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Kendall);
    let mut turns = 0;
    let winner = loop {
        if let Some(winner) = game.winner() {
            break winner;
        }
        if turns >= MAX_TURNS {
            return Err(format!("the game did not end in {MAX_TURNS} turns"));
        }
        turns += 1;
        let thrown = game
            .throw(Sticks::throw(&mut rng))
            .map_err(|e| format!("internal error: {e}"))?;
        if let Phase::ToMove { moves, .. } = game.phase() {
            let pick = rng.random_range(0..moves.len());
            let from = moves
                .get(pick)
                .map(|mv| mv.from)
                .ok_or("internal error: move index out of range")?;
            game.play(from)
                .map_err(|e| format!("internal error: {e}"))?;
        }
        debug_assert!(thrown.throw.value() >= 1);
    };
    Ok(format!(
        "record: {}\nturns: {}\nwinner: {}\nfinal: {}\n",
        game.record(),
        game.record().len(),
        winner,
        game.position()
    ))
}

fn playouts(args: &[String]) -> Result<String, String> {
    let [games, seed] = flags(args, ["games", "seed"])?;
    let rules = Kendall;
    let mut rng = SmallRng::seed_from_u64(seed);
    let start: Position = rules.start();
    let began = Instant::now();
    let mut turns: u64 = 0;
    let mut wins = [0u64; 2];
    let mut unfinished = 0u64;
    for _ in 0..games {
        let playout = rules.random_game(start, &mut rng, MAX_TURNS);
        turns += u64::from(playout.turns);
        match playout.winner {
            Some(side) => wins[side.index()] += 1,
            None => unfinished += 1,
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    Ok(format!(
        "games={games} turns={turns} cone_wins={} spool_wins={} unfinished={unfinished} seconds={seconds:.3} games_per_second={rate:.0}\n",
        wins[Side::Cone.index()],
        wins[Side::Spool.index()],
    ))
}
