//! `senet errors`'s arguments: Kendall's turns against the endgame tables
//! (`errors.rs`), or any rule set with `--rules` (`errors_step.rs`).

use senet_ai::Budget;

use crate::{USAGE, errors, errors_step, level, number, options, steps, tablebase};

/// `senet errors`: a level's win chance given away per decision (see
/// `errors.rs`).
pub(crate) fn run(args: &[String]) -> Result<String, String> {
    let [
        level_name,
        games,
        seed,
        threads,
        tables,
        with_tables,
        oracle_every,
        oracle_factor,
        nodes,
        rules,
        seats,
    ] = options(
        args,
        [
            "level",
            "games",
            "seed",
            "threads",
            "tables",
            "with-tables",
            "oracle-every",
            "oracle-factor",
            "nodes",
            "rules",
            "seats",
        ],
    )?;
    let nodes = number("nodes", nodes.as_ref())?.unwrap_or(Budget::DEFAULT_NODES);
    if nodes == 0 {
        return Err("`--nodes` must be at least 1".to_owned());
    }
    let level = level("level", level_name.as_ref())?
        .ok_or_else(|| format!("missing `--level L`; {USAGE}"))?;
    let games =
        number("games", games.as_ref())?.ok_or_else(|| format!("missing `--games N`; {USAGE}"))?;
    let threads = number("threads", threads.as_ref())?.unwrap_or(1);
    if !(1..=256).contains(&threads) {
        return Err("`--threads` must be 1 to 256".to_owned());
    }
    let with_tables = match with_tables.as_deref() {
        None | Some("no") => false,
        Some("yes") => true,
        Some(other) => return Err(format!("`--with-tables` takes yes or no, got `{other}`")),
    };
    let oracle_factor = number("oracle-factor", oracle_factor.as_ref())?.unwrap_or(20);
    if oracle_factor == 0 {
        return Err("`--oracle-factor` must be at least 1".to_owned());
    }
    if rules.is_some() || seats.is_some() {
        if tables.is_some() || with_tables {
            return Err(
                "`--tables` and `--with-tables` are for Kendall's turns (no `--rules`)".to_owned(),
            );
        }
        let (rules, seats) = steps::table(rules.as_ref(), number("seats", seats.as_ref())?)?;
        let request = errors_step::Request {
            rules,
            seats,
            level,
            games,
            seed: number("seed", seed.as_ref())?.unwrap_or(0),
            threads,
            oracle_every: number("oracle-every", oracle_every.as_ref())?.unwrap_or(1),
            oracle_factor,
            nodes,
        };
        return Ok(errors_step::run(&request));
    }
    let request = errors::Request {
        level,
        games,
        seed: number("seed", seed.as_ref())?.unwrap_or(0),
        threads,
        with_tables,
        oracle_every: number("oracle-every", oracle_every.as_ref())?.unwrap_or(0),
        oracle_factor,
        nodes,
    };
    let tables = tablebase::load(tables.as_ref())?;
    Ok(errors::run(&request, &tables))
}
