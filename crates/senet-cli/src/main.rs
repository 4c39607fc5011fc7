//! `senet`: the rules engine on the command line.
//!
//! Bad input prints one line on stderr and exits with status 2.

use std::process::ExitCode;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use senet_ai::{
    Budget, ExpertMethod, Level, MultiSearch, Player, play_game, play_games, wilson_interval,
};
use senet_engine::kendall_v1::{Destination, Game, Phase, Position, Rules, Side, Throw};
use senet_engine::{AnyRules, Kendall, RuleSetId, Sticks};

use senet_cli::steps;

mod errors;
mod errors_command;
mod errors_step;
mod selfplay;
mod tablebase;

const USAGE: &str = "usage: senet rules | senet moves [--rules ID] \"<position>\" <throw> | senet best \"<position>\" <throw> [--level L] [--nodes N] [--seed S] [--tables FILE] | senet best --record FILE [--level L] [--nodes N] [--seed S] [--tables FILE] | senet play --seed N [--rules ID] [--seats K] | senet playouts --games N --seed S [--rules ID] [--seats K] | senet trace --seed N [--rules ID] [--seats K] | senet tablebase build [--max-pieces N] [--out FILE] [--bits 16|32] [--work DIR] [--memory-gb G] | senet tablebase probe \"<position>\" [<throw>] [--tables FILE] | senet tablebase verify [--tables FILE] | senet errors --level L --games N [--seed S] [--threads T] [--tables FILE] [--with-tables yes|no] [--oracle-every K] [--oracle-factor F] [--nodes N] | senet errors --rules ID [--seats K] --level L --games N [--seed S] [--threads T] [--oracle-every K] [--oracle-factor F] [--nodes N] | senet replay FILE | senet verify FILE | senet selfplay --games N --a LEVEL --b LEVEL [--seed S] [--nodes N] [--threads T] [--rules ID [--seats K] [--time-ms MS] [--multi maxn|paranoid] [--method search|playouts] [--format text|json] [--times FILE]]";

/// A random game never needs this many turns; the cap only guards the tool.
const MAX_TURNS: u32 = 1_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(output) => {
            // A reader that went away (`senet trace | head`) is no error of
            // ours: stop quietly rather than panic on a broken pipe.
            let mut stdout = std::io::stdout().lock();
            let _ = std::io::Write::write_all(&mut stdout, output.as_bytes());
            let _ = std::io::Write::flush(&mut stdout);
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
        "rules" if rest.is_empty() => Ok(steps::rules()),
        "rules" => Err(format!("`rules` takes no arguments; {USAGE}")),
        "trace" => trace(rest),
        "moves" => moves(rest),
        "replay" => replay(rest),
        "verify" => verify(rest),
        "play" => play(rest),
        "playouts" => playouts(rest),
        "best" => best(rest),
        "selfplay" => selfplay(rest),
        "tablebase" => tablebase::run(rest),
        "errors" => errors_command::run(rest),
        "help" | "--help" | "-h" => Ok(format!("{USAGE}\n")),
        other => Err(format!("unknown subcommand `{other}`; {USAGE}")),
    }
}

/// `senet moves [--rules ID] "<position>" <throw>`: every legal move of a
/// stick rule set, as the engine writes them.
fn moves(args: &[String]) -> Result<String, String> {
    // `--rules ID` may come before or after the position and the throw.
    let mut rules = None;
    let mut fixed = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--rules" {
            let value = rest.next().ok_or("`--rules` needs a value")?;
            if rules.replace(value).is_some() {
                return Err("`--rules` given twice".to_owned());
            }
        } else if arg.starts_with("--") {
            return Err(format!("unknown argument `{arg}`; {USAGE}"));
        } else {
            fixed.push(arg);
        }
    }
    let [position, throw] = fixed[..] else {
        return Err(format!(
            "`moves` takes a position and a throw, got {} arguments; {USAGE}",
            fixed.len()
        ));
    };
    let id = match rules {
        None => RuleSetId::Kendall,
        Some(name) => name.parse::<RuleSetId>().map_err(|e| e.to_string())?,
    };
    let lines =
        senet_engine::kendall_v1::moves_text(id, position, throw).map_err(|e| e.to_string())?;
    Ok(lines.iter().map(|line| format!("{line}\n")).collect())
}

fn position_and_throw(
    rules: &Kendall,
    position: &str,
    throw: &str,
) -> Result<(Position, Throw), String> {
    let position = rules
        .parse_position(position)
        .map_err(|e| format!("bad position: {e}"))?;
    let throw = throw
        .parse::<u8>()
        .map_err(|_| format!("bad throw `{throw}`: throws are 1 to 5"))
        .and_then(|value| rules.throw(value).map_err(|e| format!("bad throw: {e}")))?;
    Ok((position, throw))
}

/// A destination as `moves` and `best` print it: a square or `off`.
fn destination(to: Destination) -> String {
    match to {
        Destination::Square(square) => square.to_string(),
        Destination::Off => "off".to_owned(),
    }
}

/// Reads optional `--name value` pairs, each at most once.
fn options<const N: usize>(
    args: &[String],
    names: [&str; N],
) -> Result<[Option<String>; N], String> {
    let mut values: [Option<String>; N] = [const { None }; N];
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let slot = names
            .iter()
            .position(|name| flag.strip_prefix("--") == Some(name))
            .ok_or_else(|| format!("unknown argument `{flag}`; {USAGE}"))?;
        let value = rest
            .next()
            .ok_or_else(|| format!("`{flag}` needs a value"))?;
        if values[slot].replace(value.clone()).is_some() {
            return Err(format!("`{flag}` given twice"));
        }
    }
    Ok(values)
}

fn number(name: &str, value: Option<&String>) -> Result<Option<u64>, String> {
    value
        .map(|v| {
            v.parse::<u64>()
                .map_err(|_| format!("`--{name}` needs a whole number, got `{v}`"))
        })
        .transpose()
}

fn level(name: &str, value: Option<&String>) -> Result<Option<Level>, String> {
    value
        .map(|v| v.parse::<Level>().map_err(|e| format!("`--{name}`: {e}")))
        .transpose()
}

fn best(args: &[String]) -> Result<String, String> {
    let positional = args.iter().take_while(|a| !a.starts_with("--")).count();
    let (fixed, rest) = args.split_at(positional);
    let [level_name, nodes, seed, tables, record] =
        options(rest, ["level", "nodes", "seed", "tables", "record"])?;
    if let Some(file) = record {
        if !fixed.is_empty() {
            return Err(format!(
                "`best --record FILE` takes no position or throw; {USAGE}"
            ));
        }
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("cannot read `{file}`: {e}"))?;
        let request = senet_cli::best::Request {
            level: level("level", level_name.as_ref())?.unwrap_or(Level::Expert),
            budget: node_budget(nodes.as_ref())?,
            seed: number("seed", seed.as_ref())?.unwrap_or(0),
        };
        let tables = tablebase::load_for_best(tables.as_ref())?;
        let endgame = tables.as_ref().map(|t| t as &dyn senet_ai::Endgame);
        return senet_cli::best::best_in_record(&text, &request, endgame);
    }
    let [position, throw] = fixed else {
        return Err(format!(
            "`best` takes a position and a throw (or `--record FILE`), got {positional} arguments; {USAGE}"
        ));
    };
    let rules = Kendall;
    let (position, throw) = position_and_throw(&rules, position, throw)?;
    let level = level("level", level_name.as_ref())?.unwrap_or(Level::Expert);
    let budget = node_budget(nodes.as_ref())?;
    let mut rng = SmallRng::seed_from_u64(number("seed", seed.as_ref())?.unwrap_or(0));
    if rules.winner(&position).is_some() {
        return Err("bad position: the game is already over".to_owned());
    }
    // Exact endgame values when tables are there (`--tables`, else the
    // standard location); without them the expert searches as before.
    let tables = tablebase::load_for_best(tables.as_ref())?;
    let endgame = tables.as_ref().map(|t| t as &dyn senet_ai::Endgame);
    let ranking = Player::new(level)
        .with_budget(budget)
        .rank_with(&rules, &position, throw, endgame, &mut rng);
    if ranking.moves.is_empty() {
        return Ok("pass\n".to_owned());
    }
    let mut out = String::new();
    for (mv, score) in &ranking.moves {
        out.push_str(&format!("{} {} {score:.4}\n", mv.from, destination(mv.to)));
    }
    Ok(out)
}

/// `--nodes N` as a deterministic budget; the default budget's nodes
/// without it (no time limit, so every machine gives the same answer).
fn node_budget(nodes: Option<&String>) -> Result<Budget, String> {
    match number("nodes", nodes)? {
        Some(0) => Err("`--nodes` must be at least 1".to_owned()),
        Some(n) => Ok(Budget::nodes(n)),
        None => Ok(Budget::nodes(Budget::DEFAULT_NODES)),
    }
}

/// Most throws a self-play game may take before it counts as unfinished.
const SELFPLAY_MAX_TURNS: u32 = 100_000;

fn selfplay(args: &[String]) -> Result<String, String> {
    let [
        games,
        a,
        b,
        seed,
        nodes,
        threads,
        rules,
        seats,
        time_ms,
        multi,
        method,
        format,
        times,
    ] = options(
        args,
        [
            "games", "a", "b", "seed", "nodes", "threads", "rules", "seats", "time-ms", "multi",
            "method", "format", "times",
        ],
    )?;
    let games =
        number("games", games.as_ref())?.ok_or_else(|| format!("missing `--games N`; {USAGE}"))?;
    let a = level("a", a.as_ref())?.ok_or_else(|| format!("missing `--a LEVEL`; {USAGE}"))?;
    let b = level("b", b.as_ref())?.ok_or_else(|| format!("missing `--b LEVEL`; {USAGE}"))?;
    let seed = number("seed", seed.as_ref())?.unwrap_or(0);
    let nodes = number("nodes", nodes.as_ref())?.unwrap_or(Budget::DEFAULT_NODES);
    if nodes == 0 {
        return Err("`--nodes` must be at least 1".to_owned());
    }
    let threads = number("threads", threads.as_ref())?.unwrap_or(1);
    if !(1..=256).contains(&threads) {
        return Err("`--threads` must be 1 to 256".to_owned());
    }
    // Node budgets only, so a seed gives the same games on any machine.
    let budget = Budget::nodes(nodes);
    if rules.is_some() {
        // Any rule set, on the step model.
        let (any, seats) = steps::table(rules.as_ref(), number("seats", seats.as_ref())?)?;
        let budget = match number("time-ms", time_ms.as_ref())? {
            Some(ms) => Budget::with_time(nodes, std::time::Duration::from_millis(ms)),
            None => budget,
        };
        let multi = match multi {
            Some(name) => name.parse::<MultiSearch>()?,
            None => MultiSearch::default(),
        };
        let method = match method {
            Some(name) => name.parse::<ExpertMethod>()?,
            None => ExpertMethod::default(),
        };
        let json = match format.as_deref() {
            None | Some("text") => false,
            Some("json") => true,
            Some(other) => {
                return Err(format!("`--format`: `{other}`; known: text, json"));
            }
        };
        return selfplay::run(&selfplay::Table {
            rules: any,
            seats,
            games,
            a,
            b,
            seed,
            budget,
            multi,
            method,
            threads,
            json,
            times: times.map(std::path::PathBuf::from),
        });
    }
    if seats.is_some()
        || time_ms.is_some()
        || multi.is_some()
        || method.is_some()
        || format.is_some()
        || times.is_some()
    {
        return Err(
            "`--seats`, `--time-ms`, `--multi`, `--method`, `--format` and `--times` go with `--rules`"
                .to_owned(),
        );
    }
    let players = [
        Player::new(a).with_budget(budget),
        Player::new(b).with_budget(budget),
    ];
    let began = Instant::now();
    // Game i: A takes the Cone (and throws first) when i is even. Each game
    // has its own generator, so the results do not depend on the threads.
    // Each result: Some(true) when A won, Some(false) when B did.
    let results = play_games(games, threads, |i| {
        let mut rng =
            SmallRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i));
        let a_side = if i % 2 == 0 { Side::Cone } else { Side::Spool };
        let (cone, spool) = if a_side == Side::Cone {
            (&players[0], &players[1])
        } else {
            (&players[1], &players[0])
        };
        play_game(&Kendall, cone, spool, &mut rng, SELFPLAY_MAX_TURNS)
            .winner
            .map(|side| side == a_side)
    });
    let count = |outcome: Option<bool>| results.iter().filter(|&&r| r == outcome).count() as u64;
    let (a_wins, b_wins, unfinished) = (count(Some(true)), count(Some(false)), count(None));
    let seconds = began.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    let decided = a_wins + b_wins;
    let win_rate = if decided > 0 {
        a_wins as f64 / decided as f64
    } else {
        0.0
    };
    let (low, high) = wilson_interval(a_wins, decided);
    Ok(format!(
        "games={games} a={a} b={b} a_wins={a_wins} b_wins={b_wins} unfinished={unfinished} a_win_rate={win_rate:.4} ci95_low={low:.4} ci95_high={high:.4} nodes={nodes} seed={seed} seconds={seconds:.3} games_per_second={rate:.2}\n"
    ))
}

/// `--seed N` (required), `--rules ID` and `--seats K`: the table of the
/// commands that play random games.
fn seeded_table(args: &[String]) -> Result<(u64, AnyRules, u8), String> {
    let [seed, rules, seats] = options(args, ["seed", "rules", "seats"])?;
    let seed =
        number("seed", seed.as_ref())?.ok_or_else(|| format!("missing `--seed N`; {USAGE}"))?;
    let (any, seats) = steps::table(rules.as_ref(), number("seats", seats.as_ref())?)?;
    Ok((seed, any, seats))
}

/// `senet replay FILE`: see [`senet_cli::replay_text`].
fn replay(args: &[String]) -> Result<String, String> {
    let [path] = args else {
        return Err(format!("`replay` takes one file; {USAGE}"));
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read `{path}`: {e}"))?;
    senet_cli::replay_text(&text)
}

/// `senet verify FILE`: a finished game's record checked against the
/// seeds it reveals (`docs/fairness.md`).
fn verify(args: &[String]) -> Result<String, String> {
    let [path] = args else {
        return Err(format!("`verify` takes one file; {USAGE}"));
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read `{path}`: {e}"))?;
    senet_cli::verify::verify_text(&text)
}

fn trace(args: &[String]) -> Result<String, String> {
    let (seed, any, seats) = seeded_table(args)?;
    steps::trace(any, seats, seed)
}

fn play(args: &[String]) -> Result<String, String> {
    let (seed, any, seats) = seeded_table(args)?;
    if senet_engine::RuleSet::id(any) != RuleSetId::Kendall {
        return steps::play(any, seats, seed);
    }
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
    let [games, seed, rules, seats] = options(args, ["games", "seed", "rules", "seats"])?;
    let games =
        number("games", games.as_ref())?.ok_or_else(|| format!("missing `--games N`; {USAGE}"))?;
    let seed =
        number("seed", seed.as_ref())?.ok_or_else(|| format!("missing `--seed N`; {USAGE}"))?;
    let (any, seats) = steps::table(rules.as_ref(), number("seats", seats.as_ref())?)?;
    if senet_engine::RuleSet::id(any) != RuleSetId::Kendall {
        return steps::playouts(any, seats, games, seed);
    }
    // The standard rules keep their fast path: raw boards, no step records.
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
