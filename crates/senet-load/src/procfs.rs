//! What `/proc` says about a process (CPU time, resident memory) and about
//! the machine's cores (where their time went), on Linux.
//!
//! CPU times in `/proc/<pid>/stat` are in clock ticks; Linux reports them at
//! `USER_HZ`, which is 100 on every architecture it supports, whatever the
//! kernel's own tick rate.

use std::fs;

/// Clock ticks a second in `/proc/<pid>/stat` (`USER_HZ`).
pub const TICKS_PER_SEC: f64 = 100.0;

/// The CPU times of one process, in clock ticks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CpuTicks {
    /// User plus system time of the process itself.
    pub own: u64,
    /// User plus system time of its children that have been waited for.
    pub children: u64,
}

/// Parses the text of `/proc/<pid>/stat`. The command name (field 2) is in
/// parentheses and may hold spaces or parentheses itself, so the fields are
/// counted from the last `)`.
#[must_use]
pub fn parse_stat(text: &str) -> Option<CpuTicks> {
    let after = &text[text.rfind(')')? + 1..];
    // Field 3 (state) is the first after the name; utime is field 14.
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |n: usize| -> Option<u64> { fields.get(n - 3)?.parse().ok() };
    Some(CpuTicks {
        own: field(14)? + field(15)?,
        children: field(16)? + field(17)?,
    })
}

/// The CPU times of a process (`"self"` or a pid).
#[must_use]
pub fn cpu_ticks(pid: &str) -> Option<CpuTicks> {
    parse_stat(&fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// The CPU seconds (user plus system) a process has used so far.
#[must_use]
pub fn cpu_seconds(pid: &str) -> Option<f64> {
    cpu_ticks(pid).map(|ticks| ticks_to_seconds(ticks.own))
}

/// Clock ticks as seconds.
#[must_use]
pub fn ticks_to_seconds(ticks: u64) -> f64 {
    // Tick counts stay far below 2^52: exact as a float.
    #[allow(clippy::cast_precision_loss)]
    let ticks = ticks as f64;
    ticks / TICKS_PER_SEC
}

/// Parses `VmRSS` (KiB) out of the text of `/proc/<pid>/status`.
#[must_use]
pub fn parse_rss_kib(status: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
}

/// The resident memory of a process in KiB.
#[must_use]
pub fn rss_kib(pid: &str) -> Option<u64> {
    parse_rss_kib(&fs::read_to_string(format!("/proc/{pid}/status")).ok()?)
}

/// Where one core's time went so far, in clock ticks (a `cpuN` line of
/// `/proc/stat`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CoreTicks {
    /// Running anything: user, nice, system, interrupts.
    pub busy: u64,
    /// Idle or waiting for I/O.
    pub idle: u64,
    /// Taken by the hypervisor for another guest while this one had work
    /// (a virtual machine's lost time).
    pub steal: u64,
}

/// Parses every `cpuN` line of `/proc/stat`, in core order (the `cpu`
/// line of all cores together is left out).
#[must_use]
pub fn parse_cores(stat: &str) -> Vec<CoreTicks> {
    stat.lines()
        .filter(|line| {
            line.strip_prefix("cpu")
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        })
        .filter_map(|line| {
            let fields: Vec<u64> = line
                .split_whitespace()
                .skip(1)
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            // user nice system idle iowait irq softirq steal [guest guest_nice]:
            // guest time is counted in user already.
            let field = |n: usize| fields.get(n).copied().unwrap_or(0);
            Some(CoreTicks {
                busy: field(0) + field(1) + field(2) + field(5) + field(6),
                idle: field(3) + field(4),
                steal: field(7),
            })
        })
        .collect()
}

/// Every core's ticks now; empty where `/proc/stat` cannot be read.
#[must_use]
pub fn cores() -> Vec<CoreTicks> {
    fs::read_to_string("/proc/stat")
        .map(|stat| parse_cores(&stat))
        .unwrap_or_default()
}

/// Each core's share of its ticks between two readings that went to
/// work, idleness and steal, in percent (`[busy, idle, steal]`).
#[must_use]
pub fn core_shares(before: &[CoreTicks], after: &[CoreTicks]) -> Vec<[f64; 3]> {
    before
        .iter()
        .zip(after)
        .map(|(then, now)| {
            let busy = now.busy.saturating_sub(then.busy);
            let idle = now.idle.saturating_sub(then.idle);
            let steal = now.steal.saturating_sub(then.steal);
            // Tick counts stay far below 2^52: exact as floats.
            #[allow(clippy::cast_precision_loss)]
            let total = (busy + idle + steal).max(1) as f64;
            #[allow(clippy::cast_precision_loss)]
            let percent = |ticks: u64| (ticks as f64 * 1000.0 / total).round() / 10.0;
            [percent(busy), percent(idle), percent(steal)]
        })
        .collect()
}

/// Which processes count as PostgreSQL's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Postgres {
    /// Not measured.
    None,
    /// These pids.
    Pids(Vec<u32>),
    /// Every process whose command name starts with `postgres`.
    All,
    /// The backends connected to this database, plus the cluster's shared
    /// processes that do its work (WAL writer, checkpointer, background
    /// writer…), but not other databases' backends.
    Database(String),
}

/// The cluster's shared processes, as their titles name them.
const SHARED: [&str; 8] = [
    "checkpointer",
    "background writer",
    "walwriter",
    "wal writer",
    "autovacuum launcher",
    "stats collector",
    "logical replication launcher",
    "walsummarizer",
];

/// Whether a PostgreSQL process's title (`/proc/<pid>/cmdline`, NULs as
/// spaces) belongs to `database`: `postgres: [cluster: ]user database
/// host(port) state` for a backend, `postgres: [cluster: ]walwriter` for a
/// shared process. The postmaster itself (its command line is the binary's
/// path) counts too.
#[must_use]
pub fn title_matches(title: &str, database: &str) -> bool {
    let Some(rest) = title.trim().strip_prefix("postgres: ") else {
        return true; // the postmaster
    };
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    // Debian names the cluster first: `postgres: 16/main: walwriter`.
    if words.first().is_some_and(|word| word.ends_with(':')) {
        words.remove(0);
    }
    let rest = words.join(" ");
    words.get(1) == Some(&database) || SHARED.iter().any(|name| rest.starts_with(name))
}

impl Postgres {
    /// The pids it names now.
    #[must_use]
    pub fn pids(&self) -> Vec<u32> {
        match self {
            Postgres::None => Vec::new(),
            Postgres::Pids(pids) => pids.clone(),
            Postgres::All | Postgres::Database(_) => {
                let Ok(entries) = fs::read_dir("/proc") else {
                    return Vec::new();
                };
                entries
                    .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
                    .filter(|pid| self.includes(*pid))
                    .collect()
            }
        }
    }

    fn includes(&self, pid: u32) -> bool {
        let Ok(comm) = fs::read_to_string(format!("/proc/{pid}/comm")) else {
            return false;
        };
        if !comm.starts_with("postgres") {
            return false;
        }
        match self {
            Postgres::Database(database) => fs::read(format!("/proc/{pid}/cmdline"))
                .map(|bytes| {
                    let title = String::from_utf8_lossy(&bytes).replace('\0', " ");
                    title_matches(&title, database)
                })
                .unwrap_or(false),
            _ => true,
        }
    }

    /// The CPU ticks its processes have used so far, by pid, or `None`
    /// when it is not measured.
    #[must_use]
    pub fn sample(&self) -> Option<Vec<(u32, u64)>> {
        if *self == Postgres::None {
            return None;
        }
        Some(
            self.pids()
                .into_iter()
                .filter_map(|pid| Some((pid, cpu_ticks(&pid.to_string())?.own)))
                .collect(),
        )
    }
}

/// The CPU seconds used between two samples: each process's growth, and
/// all of a process that started in between. A backend that ended in
/// between is lost (the server keeps its pool's connections open).
#[must_use]
pub fn cpu_between(before: &[(u32, u64)], after: &[(u32, u64)]) -> f64 {
    let ticks: u64 = after
        .iter()
        .map(|(pid, now)| {
            let then = before
                .iter()
                .find(|(old, _)| old == pid)
                .map_or(0, |(_, ticks)| *ticks);
            now.saturating_sub(then)
        })
        .sum();
    ticks_to_seconds(ticks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_are_counted_from_the_last_parenthesis() {
        let text = "4242 (tokio (rt) x) S 1 2 3 4 5 6 7 8 9 10 120 30 7 3 20 0 4 0 100 200 300";
        assert_eq!(
            parse_stat(text),
            Some(CpuTicks {
                own: 150,
                children: 10
            })
        );
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn rss_is_read_in_kib() {
        let status = "Name:\tsenet-server\nVmPeak:\t  9000 kB\nVmRSS:\t   12345 kB\n";
        assert_eq!(parse_rss_kib(status), Some(12345));
        assert_eq!(parse_rss_kib("Name: x\n"), None);
    }

    #[test]
    fn titles_of_one_database() {
        let db = "senet_bench_1";
        assert!(title_matches(
            "postgres: 16/main: postgres senet_bench_1 127.0.0.1(4242) idle",
            db
        ));
        assert!(title_matches(
            "postgres: postgres senet_bench_1 127.0.0.1(4242) idle",
            db
        ));
        assert!(!title_matches(
            "postgres: 16/main: postgres other 127.0.0.1(4242) idle",
            db
        ));
        assert!(title_matches("postgres: 16/main: walwriter ", db));
        assert!(title_matches("postgres: checkpointer ", db));
        assert!(title_matches(
            "/usr/lib/postgresql/16/bin/postgres -D /var/lib/postgresql/16/main",
            db
        ));
    }

    #[test]
    fn cpu_between_counts_growth_and_newcomers() {
        let before = [(1, 100), (2, 50)];
        let after = [(1, 150), (2, 50), (3, 25)];
        assert!((cpu_between(&before, &after) - 0.75).abs() < 1e-9);
    }

    #[test]
    fn cores_are_read_from_their_own_lines() {
        let stat = "cpu  10 0 5 100 2 1 1 7 0 0\ncpu0 6 1 3 40 1 1 0 5 0 0\ncpu1 4 0 2 60 1 0 1 2\nintr 1 2 3\n";
        let cores = parse_cores(stat);
        assert_eq!(
            cores,
            vec![
                CoreTicks {
                    busy: 11,
                    idle: 41,
                    steal: 5
                },
                CoreTicks {
                    busy: 7,
                    idle: 61,
                    steal: 2
                },
            ]
        );
        let later = [
            CoreTicks {
                busy: 71,
                idle: 71,
                steal: 15,
            },
            CoreTicks {
                busy: 7,
                idle: 161,
                steal: 2,
            },
        ];
        let shares = core_shares(&cores, &later);
        assert_eq!(shares, vec![[60.0, 30.0, 10.0], [0.0, 100.0, 0.0]]);
        assert!(!self::cores().is_empty());
    }

    #[test]
    fn this_process_is_readable() {
        assert!(cpu_ticks("self").is_some());
        assert!(rss_kib("self").is_some_and(|kib| kib > 0));
    }
}
