//! The commands that work on every rule set through the step model:
//! `rules`, `trace`, and `play` / `playouts` with `--rules`.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{
    AnyRules, ChanceKind, Leaving, Next, RuleSet, RuleSetId, StepGame, StepRecord, random_game,
    random_step,
};
use serde_json::{Value, json};

/// A random game never needs this many steps; the cap only guards the tool.
const MAX_STEPS: u64 = 10_000_000;

/// The reader's language from the environment (`LC_ALL`, `LC_MESSAGES`,
/// `LANG`: `es_ES.UTF-8` → `es-ES`), matched against the catalogues as a
/// browser's `Accept-Language` is.
fn reader_language() -> &'static str {
    let wanted = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .map(|value| {
            value
                .split(['.', '@'])
                .next()
                .unwrap_or_default()
                .replace('_', "-")
        });
    senet_text::negotiate(None, wanted.as_deref())
}

/// `senet rules`: one line a rule set, its summary in the reader's
/// language (the same catalogues as the web page's).
pub fn rules() -> String {
    let lang = reader_language();
    let mut out = String::new();
    for id in RuleSetId::ALL {
        let (min, max) = id.seat_range();
        let seats = if min == max {
            min.to_string()
        } else {
            format!("{min}-{max}")
        };
        out.push_str(&format!(
            "{id} seats={seats} chance={} {}\n",
            id.chance().replace(' ', "_"),
            senet_text::text(lang, &format!("{}.summary", id.message_key()), None)
        ));
    }
    out
}

/// The rule set named by `--rules` (default `kendall`) and the seats of
/// its table (`--seats`, default the fewest it plays with).
pub fn table(rules: Option<&String>, seats: Option<u64>) -> Result<(AnyRules, u8), String> {
    let id = match rules {
        None => RuleSetId::Kendall,
        Some(name) => name.parse::<RuleSetId>().map_err(|e| e.to_string())?,
    };
    let any = AnyRules::of(id);
    let (min, max) = any.seat_range();
    let seats = match seats {
        None => min,
        Some(n) => u8::try_from(n)
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                if min == max {
                    format!("`--seats`: {id} seats exactly {min}")
                } else {
                    format!("`--seats`: {id} seats {min} to {max}")
                }
            })?,
    };
    Ok((any, seats))
}

/// What comes next, for the trace.
fn next_json(next: &Next) -> Value {
    match next {
        Next::Chance(kind) => {
            let kind = match kind {
                ChanceKind::Sticks => "sticks",
                ChanceKind::Die => "die",
                ChanceKind::TwoDice => "two_dice",
                ChanceKind::Lot { .. } => "lot",
            };
            json!({ "type": "chance", "kind": kind })
        }
        Next::Decide { seat, options } => json!({
            "type": "decision",
            "seat": seat.number(),
            "options": options.iter().map(ToString::to_string).collect::<Vec<_>>(),
        }),
        Next::End(standing) => json!({
            "type": "end",
            "places": standing.places.iter().map(|seat| seat.number()).collect::<Vec<_>>(),
            "scores": standing.scores,
            "how": standing.how.as_str(),
        }),
    }
}

/// `senet trace`: one random game, one JSON object a line per step, then a
/// last line with the end.
pub fn trace(any: AnyRules, seats: u8, seed: u64) -> Result<String, String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = StepGame::new(any, seats).map_err(|e| e.to_string())?;
    let mut out = String::new();
    let mut n = 0u64;
    while let Some(step) = random_step(any, game.state(), &mut rng) {
        if n >= MAX_STEPS {
            return Err(format!("the game did not end in {MAX_STEPS} steps"));
        }
        n += 1;
        let position = any.position_text(game.state());
        let next = next_json(game.next());
        let taken = match step {
            senet_engine::Step::Chance { roll } => roll.to_string(),
            senet_engine::Step::Decide { choice, .. } => choice.to_string(),
        };
        let events = game
            .play(step)
            .map_err(|e| format!("internal error: a listed step was refused: {e}"))?;
        let line = json!({
            "n": n,
            "position": position,
            "next": next,
            "taken": taken,
            "events": events.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    let end = json!({
        "n": n + 1,
        "position": any.position_text(game.state()),
        "next": next_json(game.next()),
    });
    out.push_str(&end.to_string());
    out.push('\n');
    Ok(out)
}

/// `senet play --rules`: one random game's steps and its end.
pub fn play(any: AnyRules, seats: u8, seed: u64) -> Result<String, String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = StepGame::new(any, seats).map_err(|e| e.to_string())?;
    while let Some(step) = random_step(any, game.state(), &mut rng) {
        if game.steps().len() as u64 >= MAX_STEPS {
            return Err(format!("the game did not end in {MAX_STEPS} steps"));
        }
        game.play(step)
            .map_err(|e| format!("internal error: a listed step was refused: {e}"))?;
    }
    let Next::End(standing) = game.next() else {
        return Err("internal error: the game stopped before its end".to_owned());
    };
    let places: Vec<String> = standing.places.iter().map(ToString::to_string).collect();
    let scores: Vec<String> = standing.scores.iter().map(ToString::to_string).collect();
    let result = format!("places {} {}", places.join(","), standing.how);
    let mut out = StepRecord::write(any.id(), seats, &[("Result", &result)], game.steps());
    out.push_str(&format!(
        "# steps: {}\n# places: {}\n# scores: {}\n# how: {}\n# final: {}\n",
        game.steps().len(),
        places.join(" "),
        scores.join(" "),
        standing.how,
        any.position_text(game.state()),
    ));
    Ok(out)
}

/// `senet replay FILE` for a step record: the final position and the
/// standing (with a seat's leaving: the rules' elimination at a table of
/// three or four, the end of the game at a table of two), or the first
/// refused line (an error). The scores follow where the rule set scores.
pub fn replay(text: &str) -> Result<String, String> {
    let record = StepRecord::parse(text).map_err(|e| e.to_string())?;
    let game = record.replay().map_err(|e| e.to_string())?;
    let any = game.rules();
    let mut out = format!(
        "rules: {}\nseats: {}\nsteps: {}\nfinal: {}\n",
        any.id(),
        game.seats(),
        game.steps().len(),
        any.position_text(game.state())
    );
    if !record.left.is_empty() {
        let left: Vec<String> = record
            .left
            .iter()
            .map(|l| Leaving::text(l.seat, l.how))
            .collect();
        out.push_str(&format!("left: {}\n", left.join(" ")));
    }
    match record.standing(&game) {
        Some(standing) => {
            let places: Vec<String> = standing.places.iter().map(ToString::to_string).collect();
            out.push_str(&format!(
                "result: places {} {}\n",
                places.join(","),
                standing.how
            ));
            if !standing.scores.is_empty() {
                let scores: Vec<String> = standing.scores.iter().map(ToString::to_string).collect();
                out.push_str(&format!("scores: {}\n", scores.join(" ")));
            }
        }
        None => out.push_str("result: unfinished\n"),
    }
    Ok(out)
}

/// `senet playouts --rules`: random games, one summary line.
pub fn playouts(any: AnyRules, seats: u8, games: u64, seed: u64) -> Result<String, String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let began = Instant::now();
    let mut steps = 0u64;
    let mut firsts = [0u64; 4];
    let mut unfinished = 0u64;
    for _ in 0..games {
        let game = random_game(any, seats, &mut rng, MAX_STEPS)
            .ok_or("internal error: a random game could not be played")?;
        steps += game.steps;
        match game.standing.and_then(|standing| standing.winner()) {
            Some(seat) => firsts[seat.index()] += 1,
            None => unfinished += 1,
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    let per_second = |n: u64| {
        if seconds > 0.0 {
            n as f64 / seconds
        } else {
            0.0
        }
    };
    let wins: Vec<String> = firsts
        .iter()
        .take(usize::from(seats))
        .enumerate()
        .map(|(seat, n)| format!("seat{seat}_wins={n}"))
        .collect();
    Ok(format!(
        "rules={} seats={seats} games={games} steps={steps} {} unfinished={unfinished} seconds={seconds:.3} games_per_second={:.0} steps_per_second={:.0}\n",
        any.id(),
        wins.join(" "),
        per_second(games),
        per_second(steps),
    ))
}
