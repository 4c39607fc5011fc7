//! `senet-load`: loads a running Senet Online server through its real
//! protocol. N rooms of two players each (created with `POST /api/players`
//! and `POST /api/rooms`, joined over WebSocket protocol version 2) play
//! legal options chosen uniformly at random among those the server lists,
//! and ask for a rematch whenever a game ends.
//!
//! - **Closed loop**: each room acts as soon as it is allowed to.
//! - **Open loop**: each room has a tick `--rate` times a second, with a
//!   random phase so the rooms' ticks are spread evenly; at each tick the
//!   room sends its next action if it is ready, else the tick is counted as
//!   skipped.
//!
//! The latency of an action runs from sending it to receiving its own
//! `step` event on the acting socket (the server sends it only once the
//! step is committed); the same event's arrival at the other player's
//! socket is timed too. After `--warmup` seconds the tool measures for
//! `--duration` seconds and prints one JSON line ([`Report`]).
//!
//! `--computer-rooms N` adds N rooms of one player against the computer
//! (`--computer-level`), played the same way and reported apart
//! ([`ComputerRooms`]): the people's figures with and without them show
//! what the computer's search costs live play.
//!
//! Several `--url`s (the nodes of one site, `docs/multi-node.md`) spread the
//! rooms over the nodes, each created on one node (which owns it first);
//! `--placement` says whether its players connect to that node (`direct`),
//! to another one that relays them over NATS (`relayed`), or round-robin
//! over all of them (`spread`). `--server-pid` takes every node's pid.
//!
//! The server limits each socket's message rate (`--rate-per-sec`, default
//! 20 a second, and `--rate-burst`, default 40; `SENET_RATE_PER_SEC` /
//! `SENET_RATE_BURST`): a closed-loop run needs them raised, or the server
//! closes the sockets (counted as `closed_1008`). Its limit on new guests
//! from one address needs `--auth-limits false` for more than 15 rooms.

#![forbid(unsafe_code)]

pub mod http;
pub mod options;
pub mod placement;
pub mod procfs;
pub mod room;
pub mod stats;

use std::collections::BTreeMap;
use std::time::Duration;

use futures_util::StreamExt;
use serde::Serialize;
use tokio::time::Instant;

use crate::http::Target;
pub use crate::options::{Mode, Options};
pub use crate::placement::Placement;
use crate::procfs::Postgres;
use crate::room::Plan;
use crate::stats::{Latency, Short, Stats, round3};

/// The one JSON line a run prints. Times in milliseconds unless named
/// otherwise; `null` where a figure was not measured (no `--server-pid`,
/// no PostgreSQL selection, no moves).
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// `closed` or `open`.
    pub mode: Mode,
    /// The rule set played.
    pub rule_set: String,
    /// Server nodes (URLs) the rooms were spread over.
    pub nodes: usize,
    /// Where the players connected: `direct`, `relayed` or `spread`.
    pub placement: Placement,
    /// Rooms asked for.
    pub rooms: u64,
    /// Rooms set up and playing.
    pub rooms_playing: u64,
    /// Open loop: actions a second per room; closed loop: `null`.
    pub rate_per_room: Option<f64>,
    /// Seconds of warm-up.
    pub warmup_s: f64,
    /// Seconds measured.
    pub duration_s: f64,
    /// Seconds the set-up (players, rooms, sockets) took.
    pub setup_s: f64,
    /// Actions (throws and decisions) answered inside the window.
    pub actions: u64,
    /// Decisions (moves) answered inside the window.
    pub moves: u64,
    /// Actions a second.
    pub actions_per_sec: f64,
    /// Moves (decisions) a second.
    pub moves_per_sec: f64,
    /// Per action: from sending it to its own `step` event on the acting
    /// socket.
    pub latency_ms: Latency,
    /// The same, to the kernel's receive time of the read that brought the
    /// event (`SO_TIMESTAMPNS`, Linux): the tool's own wait for its core
    /// left out.
    pub latency_at_arrival_ms: Latency,
    /// The same event at the other player's socket, from the send.
    pub peer_latency_ms: Short,
    /// How much later the other player's socket got the event than the
    /// acting one (0 when it was first).
    pub peer_lag_ms: Short,
    /// Games that ended inside the window.
    pub games_completed: u64,
    /// Open loop: room ticks inside the window.
    pub ticks: u64,
    /// Open loop: ticks at which the room was not ready to act (its last
    /// action unanswered, or between games).
    pub ticks_skipped: u64,
    /// Open loop: ticks the tool itself was a whole period late for (if
    /// not 0, the tool is overloaded).
    pub ticks_missed: u64,
    /// Errors by code: the server's `error` frames (`not_your_turn`,
    /// `storage_error`…) and the tool's (`timeout`, `stalled`,
    /// `closed_1008`, `setup_http`…).
    pub errors: BTreeMap<String, u64>,
    /// All errors.
    pub errors_total: u64,
    /// The server's CPU seconds inside the window (every node's, summed).
    pub server_cpu_s: Option<f64>,
    /// Each node's CPU seconds inside the window, in `--server-pid` order.
    pub server_cpu_s_by_pid: Vec<Option<f64>>,
    /// The server's CPU milliseconds per action (throw or decision), every
    /// node's summed.
    pub server_cpu_ms_per_action: Option<f64>,
    /// The server's CPU seconds per 1,000 moves.
    pub server_cpu_s_per_1k_moves: Option<f64>,
    /// The server's CPU use in percent of one core.
    pub server_cpu_percent: Option<f64>,
    /// The NATS server's CPU seconds inside the window (`--nats-pid`).
    pub nats_cpu_s: Option<f64>,
    /// The NATS server's CPU milliseconds per action.
    pub nats_cpu_ms_per_action: Option<f64>,
    /// PostgreSQL's CPU seconds inside the window.
    pub postgres_cpu_s: Option<f64>,
    /// PostgreSQL's CPU seconds per 1,000 moves.
    pub postgres_cpu_s_per_1k_moves: Option<f64>,
    /// The server's resident memory before the rooms were set up, KiB
    /// (every node's, summed).
    pub server_rss_idle_kib: Option<u64>,
    /// The server's resident memory at the end of the window, KiB (every
    /// node's, summed).
    pub server_rss_end_kib: Option<u64>,
    /// The load tool's own CPU seconds inside the window.
    pub load_cpu_s: Option<f64>,
    /// The load tool's CPU use in percent of one core: near 100 (on one
    /// core) means the tool, not the server, may be the bottleneck.
    pub load_cpu_percent: Option<f64>,
    /// Each core's time inside the window, in percent: `[busy, idle,
    /// steal]`, steal being time a virtual machine's core had work but the
    /// hypervisor ran another guest (the server's core losing it shows as a
    /// slower server).
    pub core_percent: Vec<[f64; 3]>,
    /// The rooms against the computer (`--computer-rooms`), apart from the
    /// figures above, which are the people's rooms'; `null` without them.
    pub computer_rooms: Option<ComputerRooms>,
}

/// What the rooms against the computer did inside the window.
#[derive(Debug, Clone, Serialize)]
pub struct ComputerRooms {
    /// The computer's level.
    pub level: String,
    /// Rooms asked for.
    pub rooms: u64,
    /// Rooms set up and playing.
    pub rooms_playing: u64,
    /// The player's actions answered, a second.
    pub actions_per_sec: f64,
    /// The computer's steps (throws and moves), a second.
    pub computer_steps_per_sec: f64,
    /// The player's actions, from sending to their own `step` event.
    pub latency_ms: Latency,
    /// Games that ended inside the window.
    pub games_completed: u64,
    /// Errors by code (counted in the report's `errors_total` too).
    pub errors: BTreeMap<String, u64>,
}

impl Report {
    /// The report as one line of JSON.
    #[must_use]
    pub fn to_json_line(&self) -> String {
        // Plain data: serialising it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// CPU time and memory read at one instant.
struct Sample {
    at: Instant,
    /// Each server process's CPU seconds.
    server_cpu: Vec<Option<f64>>,
    postgres: Option<Vec<(u32, u64)>>,
    nats_cpu: Option<f64>,
    load_cpu: Option<f64>,
    cores: Vec<procfs::CoreTicks>,
}

fn sample(servers: &[String], postgres: &Postgres, nats: Option<&str>) -> Sample {
    Sample {
        at: Instant::now(),
        server_cpu: servers.iter().map(|pid| procfs::cpu_seconds(pid)).collect(),
        postgres: postgres.sample(),
        nats_cpu: nats.and_then(procfs::cpu_seconds),
        load_cpu: procfs::cpu_seconds("self"),
        cores: procfs::cores(),
    }
}

/// The sum of every server process's resident memory; `None` when there
/// is none or one cannot be read.
fn rss_kib(servers: &[String]) -> Option<u64> {
    if servers.is_empty() {
        return None;
    }
    servers.iter().map(|pid| procfs::rss_kib(pid)).sum()
}

fn per_1k(cpu: Option<f64>, moves: u64) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)]
    let moves = moves as f64;
    cpu.filter(|_| moves > 0.0)
        .map(|cpu| round3(cpu * 1000.0 / moves))
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_nanos() & u128::from(u64::MAX)).unwrap_or(0)
        })
}

/// Runs the load and returns its report. Rooms that cannot be set up are
/// counted as errors; an error is returned only for bad options or when no
/// room could be set up at all.
pub async fn run(options: &Options) -> Result<Report, String> {
    options.check()?;
    let targets = options
        .url
        .iter()
        .map(|url| Target::parse(url))
        .collect::<Result<Vec<_>, _>>()?;
    let servers: Vec<String> = options.server_pid.iter().map(u32::to_string).collect();
    let postgres = options.postgres();
    let nats = options.nats_pid.map(|pid| pid.to_string());
    let nats = nats.as_deref();
    let server_rss_idle_kib = rss_kib(&servers);

    let setup_start = Instant::now();
    let mut totals = Stats::default();
    let mut computer_totals = Stats::default();
    // (room, against the computer)
    let mut rooms = Vec::new();
    let mut first_failure = None;
    let all = options.rooms + options.computer_rooms;
    let mut setups = futures_util::stream::iter(0..all)
        .map(|index| {
            let nodes = options.placement.nodes(index, targets.len());
            let targets = &targets;
            async move {
                let sockets = nodes.sockets.map(|node| &targets[node]);
                let home = &targets[nodes.home];
                if index < options.rooms {
                    (
                        room::set_up(home, sockets, &options.rule_set, index).await,
                        false,
                    )
                } else {
                    let level = &options.computer_level;
                    let room = room::set_up_against_computer(
                        home,
                        sockets[0],
                        &options.rule_set,
                        level,
                        index,
                    );
                    (room.await, true)
                }
            }
        })
        .buffer_unordered(options.setup_concurrency.max(1));
    while let Some((result, computer)) = setups.next().await {
        match result {
            Ok(room) => rooms.push((room, computer)),
            Err(error) => {
                if computer {
                    &mut computer_totals
                } else {
                    &mut totals
                }
                .error(error.code);
                first_failure.get_or_insert(error.detail);
            }
        }
    }
    drop(setups);
    let setup_s = setup_start.elapsed().as_secs_f64();
    if let Some(detail) = &first_failure {
        eprintln!("senet-load: a room could not be set up: {detail}");
    }
    if rooms.is_empty() {
        return Err(format!(
            "no room could be set up: {}",
            first_failure.unwrap_or_default()
        ));
    }
    let computer_playing = rooms.iter().filter(|(_, computer)| *computer).count() as u64;
    let rooms_playing = rooms.len() as u64 - computer_playing;
    eprintln!(
        "senet-load: {rooms_playing} rooms set up in {setup_s:.1} s; warm-up {} s, measuring {} s",
        options.warmup, options.duration
    );

    let start = Instant::now() + Duration::from_secs_f64(options.warmup);
    let end = start + Duration::from_secs_f64(options.duration);
    let plan = Plan {
        period: (options.mode == Mode::Open).then(|| Duration::from_secs_f64(1.0 / options.rate)),
        start,
        end,
        stall: Duration::from_secs_f64(options.stall_timeout),
        seed: options.seed.unwrap_or_else(seed_from_clock),
        game_moves: options.game_moves,
    };
    let tasks: Vec<_> = rooms
        .into_iter()
        .map(|(room, computer)| (tokio::spawn(room::play(room, plan.clone())), computer))
        .collect();

    tokio::time::sleep_until(start).await;
    let before = sample(&servers, &postgres, nats);
    tokio::time::sleep_until(end).await;
    let after = sample(&servers, &postgres, nats);
    let server_rss_end_kib = rss_kib(&servers);

    for (task, computer) in tasks {
        let into = if computer {
            &mut computer_totals
        } else {
            &mut totals
        };
        match task.await {
            Ok(stats) => into.merge(&stats),
            Err(_) => into.error("room_task_failed"),
        }
    }

    let window = after.at.duration_since(before.at).as_secs_f64().max(1e-9);
    let diff = |a: Option<f64>, b: Option<f64>| Some(round3(b? - a?));
    let server_cpu_s_by_pid: Vec<Option<f64>> = before
        .server_cpu
        .iter()
        .zip(&after.server_cpu)
        .map(|(&before, &after)| diff(before, after))
        .collect();
    let server_cpu_s = if servers.is_empty() {
        None
    } else {
        server_cpu_s_by_pid
            .iter()
            .copied()
            .sum::<Option<f64>>()
            .map(round3)
    };
    let postgres_cpu_s = match (&before.postgres, &after.postgres) {
        (Some(before), Some(after)) => Some(round3(procfs::cpu_between(before, after))),
        _ => None,
    };
    let nats_cpu_s = diff(before.nats_cpu, after.nats_cpu);
    let load_cpu_s = diff(before.load_cpu, after.load_cpu);
    #[allow(clippy::cast_precision_loss)]
    let rate = |count: u64| round3(count as f64 / options.duration);
    let errors_total =
        totals.errors.values().sum::<u64>() + computer_totals.errors.values().sum::<u64>();
    if totals.errors.contains_key("closed_1008") {
        eprintln!(
            "senet-load: the server closed sockets (1008): start it with \
             --rate-per-sec 1000000 --rate-burst 1000000"
        );
    }
    Ok(Report {
        mode: options.mode,
        rule_set: options.rule_set.clone(),
        nodes: targets.len(),
        placement: options.placement,
        rooms: options.rooms,
        rooms_playing,
        rate_per_room: (options.mode == Mode::Open).then_some(options.rate),
        warmup_s: options.warmup,
        duration_s: options.duration,
        setup_s: round3(setup_s),
        actions: totals.actions,
        moves: totals.moves,
        actions_per_sec: rate(totals.actions),
        moves_per_sec: rate(totals.moves),
        latency_ms: Latency::of(&totals.latency),
        latency_at_arrival_ms: Latency::of(&totals.at_arrival),
        peer_latency_ms: Short::of(&totals.peer_latency),
        peer_lag_ms: Short::of(&totals.peer_lag),
        games_completed: totals.games,
        ticks: totals.ticks,
        ticks_skipped: totals.skipped,
        ticks_missed: totals.missed,
        errors: totals.errors,
        errors_total,
        server_cpu_s,
        server_cpu_s_per_1k_moves: per_1k(server_cpu_s, totals.moves),
        // Seconds per thousand actions are milliseconds per action.
        server_cpu_ms_per_action: per_1k(server_cpu_s, totals.actions),
        server_cpu_s_by_pid,
        server_cpu_percent: server_cpu_s.map(|cpu| round3(cpu * 100.0 / window)),
        nats_cpu_s,
        nats_cpu_ms_per_action: per_1k(nats_cpu_s, totals.actions),
        postgres_cpu_s,
        postgres_cpu_s_per_1k_moves: per_1k(postgres_cpu_s, totals.moves),
        server_rss_idle_kib,
        server_rss_end_kib,
        load_cpu_s,
        load_cpu_percent: load_cpu_s.map(|cpu| round3(cpu * 100.0 / window)),
        core_percent: procfs::core_shares(&before.cores, &after.cores),
        computer_rooms: (options.computer_rooms > 0).then(|| ComputerRooms {
            level: options.computer_level.clone(),
            rooms: options.computer_rooms,
            rooms_playing: computer_playing,
            actions_per_sec: rate(computer_totals.actions),
            computer_steps_per_sec: rate(computer_totals.computer_steps),
            latency_ms: Latency::of(&computer_totals.latency),
            games_completed: computer_totals.games,
            errors: computer_totals.errors.clone(),
        }),
    })
}
