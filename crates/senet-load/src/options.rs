//! The load tool's command-line options.

use clap::{Parser, ValueEnum};
use serde::Serialize;

use crate::placement::Placement;
use crate::procfs::Postgres;

/// How the rooms pace their actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Act as soon as allowed.
    Closed,
    /// A fixed action rate per room (`--rate`).
    Open,
}

/// The load tool's options.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "senet-load",
    version,
    about = "Loads a Senet Online server through its WebSocket protocol and prints one JSON line",
    after_help = "Start the server with --rate-per-sec 1000000 --rate-burst 1000000 \
                  --auth-limits false (SENET_RATE_PER_SEC, SENET_RATE_BURST, \
                  SENET_AUTH_LIMITS): its per-socket message limits (20 a second, \
                  burst 40) would close a closed-loop player's sockets, and its \
                  limit on new guests from one address refuse the rooms' players."
)]
pub struct Options {
    /// The server's base URL (`http://host:port`); several, comma-separated
    /// or repeated, for the nodes of one site: room `i` is created on the
    /// `i mod n`-th.
    #[arg(long, value_delimiter = ',', default_value = "http://127.0.0.1:8080")]
    pub url: Vec<String>,

    /// With several URLs: where each room's players connect. `direct`: on
    /// the node that created (owns) the room; `relayed`: on the next node,
    /// which relays them to the owner; `spread`: round-robin over the nodes.
    #[arg(long, value_enum, default_value_t = Placement::Direct)]
    pub placement: Placement,

    /// Rooms of two players.
    #[arg(long, default_value_t = 10)]
    pub rooms: u64,

    /// The rule set every room plays.
    #[arg(long, default_value = "kendall")]
    pub rule_set: String,

    /// `closed`: act as soon as allowed; `open`: `--rate` actions a second
    /// per room.
    #[arg(long, value_enum, default_value_t = Mode::Closed)]
    pub mode: Mode,

    /// Open loop: ticks (actions) a second per room.
    #[arg(long, default_value_t = 10.0)]
    pub rate: f64,

    /// Seconds played before measuring.
    #[arg(long, default_value_t = 5.0)]
    pub warmup: f64,

    /// Seconds measured.
    #[arg(long, default_value_t = 20.0)]
    pub duration: f64,

    /// The server's process id, or every node's (comma-separated): their
    /// CPU time and resident memory are read from `/proc/<pid>/stat` and
    /// `/proc/<pid>/status` and summed.
    #[arg(long, value_delimiter = ',')]
    pub server_pid: Vec<u32>,

    /// The NATS server's process id (several nodes relay through it): its
    /// CPU time over the window is reported as `nats_cpu_s`.
    #[arg(long)]
    pub nats_pid: Option<u32>,

    /// PostgreSQL processes whose CPU time to count (comma-separated pids).
    #[arg(long, value_delimiter = ',', conflicts_with_all = ["postgres_db", "postgres_all"])]
    pub postgres_pids: Vec<u32>,

    /// Count the CPU time of the PostgreSQL backends connected to this
    /// database, with the cluster's shared processes (WAL writer,
    /// checkpointer…) and the postmaster, found by their process titles.
    #[arg(long, conflicts_with = "postgres_all")]
    pub postgres_db: Option<String>,

    /// Count the CPU time of every process whose name starts with
    /// `postgres` (other databases' work included).
    #[arg(long)]
    pub postgres_all: bool,

    /// Rooms set up at once.
    #[arg(long, default_value_t = 32)]
    pub setup_concurrency: usize,

    /// Seconds an action may stay unanswered before it counts as an error
    /// (`timeout`) and the room asks for fresh snapshots.
    #[arg(long, default_value_t = 10.0)]
    pub stall_timeout: f64,

    /// Seed of the players' choices (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,

    /// End each game by resigning once it has had this many moves, so that
    /// games are short and rematches frequent (default: every game is
    /// played to its end). The resignation is not counted as an action.
    #[arg(long)]
    pub game_moves: Option<u64>,

    /// Rooms against the computer, beside `--rooms`: one player and a
    /// computer seat at `--computer-level`, playing the same way (closed or
    /// open loop) and reported apart (`computer_rooms` in the report), so
    /// the people's figures can be compared with and without them.
    #[arg(long, default_value_t = 0)]
    pub computer_rooms: u64,

    /// The level of the computer in `--computer-rooms`.
    #[arg(long, default_value = "expert")]
    pub computer_level: String,
}

impl Options {
    /// Which PostgreSQL processes to measure.
    #[must_use]
    pub fn postgres(&self) -> Postgres {
        if !self.postgres_pids.is_empty() {
            Postgres::Pids(self.postgres_pids.clone())
        } else if let Some(database) = &self.postgres_db {
            Postgres::Database(database.clone())
        } else if self.postgres_all {
            Postgres::All
        } else {
            Postgres::None
        }
    }

    /// Why these options cannot run, if they cannot.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.rooms == 0 {
            return Err("--rooms must be at least 1".to_owned());
        }
        if self.url.is_empty() {
            return Err("--url must name a server".to_owned());
        }
        self.placement.check(self.url.len())?;
        if !(self.duration.is_finite() && self.duration > 0.0) {
            return Err("--duration must be above 0".to_owned());
        }
        if !(self.warmup.is_finite() && self.warmup >= 0.0) {
            return Err("--warmup must be 0 or more".to_owned());
        }
        if self.mode == Mode::Open && !(self.rate.is_finite() && self.rate > 0.0) {
            return Err("--rate must be above 0".to_owned());
        }
        if !(self.stall_timeout.is_finite() && self.stall_timeout > 0.0) {
            return Err("--stall-timeout must be above 0".to_owned());
        }
        // A year at most: the times must fit the clock's arithmetic.
        const YEAR: f64 = 365.0 * 86_400.0;
        for (name, seconds) in [
            ("--warmup", self.warmup),
            ("--duration", self.duration),
            ("--stall-timeout", self.stall_timeout),
        ] {
            if seconds > YEAR {
                return Err(format!("{name} must be at most a year"));
            }
        }
        if self.mode == Mode::Open && self.rate < 1e-6 {
            return Err("--rate must be at least 0.000001".to_owned());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn parse(args: &[&str]) -> Options {
        Options::try_parse_from(std::iter::once("senet-load").chain(args.iter().copied())).unwrap()
    }

    #[test]
    fn options_are_checked() {
        assert!(parse(&[]).check().is_ok());
        assert!(parse(&["--rooms", "0"]).check().is_err());
        assert!(parse(&["--duration", "0"]).check().is_err());
        assert!(parse(&["--duration", "1e30"]).check().is_err());
        assert!(parse(&["--warmup=-1"]).check().is_err());
        assert!(parse(&["--mode", "open", "--rate", "0"]).check().is_err());
        assert!(parse(&["--mode", "open", "--rate", "0.5"]).check().is_ok());
        assert!(Options::try_parse_from(["senet-load", "--mode", "sideways"]).is_err());
        assert!(parse(&["--placement", "relayed"]).check().is_err());
        let nodes = parse(&[
            "--url",
            "http://a:1,http://b:2",
            "--url",
            "http://c:3",
            "--placement",
            "relayed",
            "--server-pid",
            "4,5,6",
        ]);
        assert!(nodes.check().is_ok());
        assert_eq!(nodes.url.len(), 3);
        assert_eq!(nodes.server_pid, vec![4, 5, 6]);
    }

    #[test]
    fn postgres_selection() {
        assert_eq!(parse(&[]).postgres(), Postgres::None);
        assert_eq!(parse(&["--postgres-all"]).postgres(), Postgres::All);
        assert_eq!(
            parse(&["--postgres-pids", "3,4"]).postgres(),
            Postgres::Pids(vec![3, 4])
        );
        assert_eq!(
            parse(&["--postgres-db", "senet"]).postgres(),
            Postgres::Database("senet".to_owned())
        );
        assert!(
            Options::try_parse_from(["senet-load", "--postgres-all", "--postgres-db", "x"])
                .is_err()
        );
    }
}
