//! `senet tablebase build | probe | verify`: Kendall's endgame tables.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use senet_engine::Kendall;
use senet_engine::kendall_v1::Rules;
// Where `build` writes and `probe` reads by default: `$XDG_DATA_HOME/senet`,
// else `$HOME/.local/share/senet` (shared with the server).
use senet_tablebase::file::{
    find_standard, read_tables, read_work_layer, standard_dir, standard_file, work_file_name,
    write_tables, write_work_layer,
};
use senet_tablebase::{Layer, Store, Tables, layers, residual, solve_pair_within};

use crate::{USAGE, destination, options, position_and_throw};

/// Largest change in a sweep at which a pair of layers counts as solved.
const TOLERANCE: f64 = 1e-10;
/// Largest equation gap the build accepts on its `f64` values.
const MAX_RESIDUAL: f64 = 1e-9;
/// Memory for recorded successors when `--memory-gb` is not given.
const DEFAULT_MEMORY_GB: u64 = 16;
/// Memory a position's recorded successors take (measured: about 120).
const BYTES_PER_RECORDED_POSITION: u64 = 130;
/// Pieces a side when `--max-pieces` is not given.
const DEFAULT_PIECES: u8 = 3;

/// Loads tables from `--tables FILE`, else the standard location.
pub(crate) fn load(path: Option<&String>) -> Result<Tables, String> {
    let path = match path {
        Some(p) => PathBuf::from(p),
        None => find_standard().ok_or_else(|| {
            let dir = standard_dir().map_or("(no data directory)".to_owned(), |d| d.display().to_string());
            format!("no tables in {dir}; build them with `senet tablebase build` or give `--tables FILE`")
        })?,
    };
    read_tables(&path).map_err(|e| format!("cannot read tables {}: {e}", path.display()))
}

/// Loads the tables `senet best` uses: `--tables FILE` (an error when it
/// cannot be read), else the standard location when present.
pub fn load_for_best(path: Option<&String>) -> Result<Option<Tables>, String> {
    match path {
        Some(_) => load(path).map(Some),
        None => Ok(find_standard().and_then(|p| read_tables(&p).ok())),
    }
}

pub fn run(args: &[String]) -> Result<String, String> {
    match args.split_first() {
        Some((cmd, rest)) if cmd == "build" => build(rest),
        Some((cmd, rest)) if cmd == "probe" => probe(rest),
        Some((cmd, rest)) if cmd == "verify" => verify(rest),
        Some((other, _)) => Err(format!("unknown `tablebase` command `{other}`; {USAGE}")),
        None => Err(format!("`tablebase` needs build, probe or verify; {USAGE}")),
    }
}

/// Peak resident memory of this process in MB, where the system says.
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn memory_text() -> String {
    peak_mb().map_or_else(
        || "peak memory unknown".to_owned(),
        |mb| format!("peak memory {mb:.0} MB"),
    )
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn build(args: &[String]) -> Result<String, String> {
    let [max, out, bits, work, memory] =
        options(args, ["max-pieces", "out", "bits", "work", "memory-gb"])?;
    let memory_gb = match memory.as_deref() {
        None => DEFAULT_MEMORY_GB,
        Some(v) => v.parse::<u64>().ok().filter(|&g| g >= 1).ok_or_else(|| {
            format!("`--memory-gb` must be a whole number of GB, at least 1, got `{v}`")
        })?,
    };
    // Pairs whose recorded successors would not fit generate moves in
    // every sweep instead: slower, same values.
    let record_limit = memory_gb.saturating_mul(1_000_000_000) / BYTES_PER_RECORDED_POSITION;
    let max = match max.as_deref() {
        None => DEFAULT_PIECES,
        Some(v) => v
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=5).contains(n))
            .ok_or_else(|| format!("`--max-pieces` must be 1 to 5, got `{v}`"))?,
    };
    let bits = match bits.as_deref() {
        None | Some("32") => 32,
        Some("16") => 16,
        Some(v) => return Err(format!("`--bits` must be 16 or 32, got `{v}`")),
    };
    let out = match out {
        Some(p) => PathBuf::from(p),
        None => standard_file(max)
            .ok_or("no data directory (set XDG_DATA_HOME or HOME) and no `--out FILE`")?,
    };
    let work = work.map(PathBuf::from);
    if let Some(dir) = &work {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let start = Instant::now();
    let mut store = Store::new(max);
    for layer in layers(max) {
        if store.get(layer).is_some() {
            continue;
        }
        if let Some(dir) = &work {
            if load_pair(&mut store, dir, layer)? {
                say(&format!(
                    "layer {} read from {}",
                    pair_name(layer),
                    dir.display()
                ));
                continue;
            }
        }
        let report = solve_pair_within(
            &mut store,
            layer,
            TOLERANCE,
            record_limit,
            &mut |_, sweep, change| {
                if sweep % 10 == 0 {
                    say(&format!(
                        "  layer {} sweep {sweep}: change {change:.1e}",
                        pair_name(layer)
                    ));
                }
            },
        )
        .map_err(|e| e.to_string())?;
        say(&format!(
            "layer {}: {} positions, {} sweeps, last change {:.1e}, {:.1} s ({}), {}",
            pair_name(layer),
            report.positions,
            report.sweeps,
            report.change,
            report.elapsed.as_secs_f64(),
            if report.recorded {
                format!("{:.1} s working out moves", report.setup.as_secs_f64())
            } else {
                "moves generated in every sweep".to_owned()
            },
            memory_text()
        ));
        if let Some(dir) = &work {
            save_pair(&store, dir, layer)?;
        }
    }
    let mut worst = 0.0f64;
    for layer in layers(max) {
        let gap = residual(
            &|l, i| store.get(l).and_then(|v| v.get(i as usize)).copied(),
            layer,
        );
        worst = worst.max(gap);
        say(&format!(
            "verified layer {}v{}: largest equation gap {gap:.1e}",
            layer.own, layer.theirs
        ));
    }
    if worst > MAX_RESIDUAL {
        return Err(format!(
            "verification failed: equation gap {worst:e} above {MAX_RESIDUAL:e}"
        ));
    }
    let tables = Tables::from_store(&store, bits, TOLERANCE, worst)
        .ok_or("internal error: a layer is missing")?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    write_tables(&tables, &out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!(
        "wrote {}: {} positions, up to {max} pieces a side, {bits} bits a value, largest equation gap {worst:.1e}, {:.1} s, {}\n",
        out.display(),
        tables.positions(),
        start.elapsed().as_secs_f64(),
        memory_text()
    ))
}

fn pair_name(layer: Layer) -> String {
    if layer.own == layer.theirs {
        format!("{}v{}", layer.own, layer.theirs)
    } else {
        format!(
            "{}v{}+{}v{}",
            layer.own, layer.theirs, layer.theirs, layer.own
        )
    }
}

/// Reads a pair of layers from the work directory when both files are there.
fn load_pair(store: &mut Store, dir: &Path, layer: Layer) -> Result<bool, String> {
    let twins = [layer, layer.swapped()];
    if !twins.iter().all(|l| dir.join(work_file_name(*l)).is_file()) {
        return Ok(false);
    }
    for l in twins {
        let path = dir.join(work_file_name(l));
        let values = read_work_layer(&path, l)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        store.insert(l, values).map_err(|e| e.to_string())?;
    }
    Ok(true)
}

fn save_pair(store: &Store, dir: &Path, layer: Layer) -> Result<(), String> {
    for l in [layer, layer.swapped()] {
        let path = dir.join(work_file_name(l));
        let values = store
            .get(l)
            .ok_or("internal error: a solved layer is missing")?;
        write_work_layer(&path, l, values)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Decimals that show a value to the tables' precision.
fn decimals(tables: &Tables) -> usize {
    if tables.bits() == 16 { 6 } else { 9 }
}

fn probe(args: &[String]) -> Result<String, String> {
    let positional = args.iter().take_while(|a| !a.starts_with("--")).count();
    let (fixed, rest) = args.split_at(positional);
    let [tables_path] = options(rest, ["tables"])?;
    let rules = Kendall;
    let (position, throw) = match fixed {
        [position] => (
            rules
                .parse_position(position)
                .map_err(|e| format!("bad position: {e}"))?,
            None,
        ),
        [position, throw] => {
            let (p, t) = position_and_throw(&rules, position, throw)?;
            (p, Some(t))
        }
        _ => {
            return Err(format!(
                "`tablebase probe` takes a position and maybe a throw, got {positional} arguments; {USAGE}"
            ));
        }
    };
    if rules.winner(&position).is_some() {
        return Err("bad position: the game is already over".to_owned());
    }
    let tables = load(tables_path.as_ref())?;
    let places = decimals(&tables);
    let Some(throw) = throw else {
        let p = tables
            .probe(&position)
            .map_err(|e| format!("cannot probe: {e}"))?;
        return Ok(format!("{p:.places$} {} to throw\n", position.to_move()));
    };
    let moves = tables
        .probe_throw(&position, throw)
        .map_err(|e| format!("cannot probe: {e}"))?;
    let mut out = String::new();
    for entry in moves {
        match entry.mv {
            Some(mv) => out.push_str(&format!(
                "{} {} {:.places$}\n",
                mv.from,
                destination(mv.to),
                entry.win_chance
            )),
            None => out.push_str(&format!("pass {:.places$}\n", entry.win_chance)),
        }
    }
    Ok(out)
}

fn verify(args: &[String]) -> Result<String, String> {
    let [tables_path] = options(args, ["tables"])?;
    let tables = load(tables_path.as_ref())?;
    // Packing moves a value by up to half a step; a backup of packed values
    // can differ from the packed value by about a step.
    let step = if tables.bits() == 16 {
        1.0 / f64::from(u16::MAX)
    } else {
        1.0 / f64::from(u32::MAX)
    };
    let allowed = MAX_RESIDUAL + 2.0 * step;
    let mut out = String::new();
    let mut worst = 0.0f64;
    for layer in layers(tables.max_pieces()) {
        let gap = tables.residual(layer);
        worst = worst.max(gap);
        out.push_str(&format!(
            "layer {}v{}: largest equation gap {gap:.1e}\n",
            layer.own, layer.theirs
        ));
    }
    if worst > allowed {
        return Err(format!(
            "verification failed: equation gap {worst:e} above {allowed:e}"
        ));
    }
    out.push_str(&format!(
        "ok: {} positions, largest equation gap {worst:.1e} (allowed {allowed:.1e})\n",
        tables.positions()
    ));
    Ok(out)
}
