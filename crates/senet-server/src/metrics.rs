//! Prometheus metrics. Every metric name is here, so `/metrics` can be read
//! against one list; the rest of the server calls these functions.

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{Histogram, counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

const LIVE_ROOMS: &str = "senet_live_rooms";
const OPEN_CONNECTIONS: &str = "senet_open_connections";
const SPECTATORS: &str = "senet_spectators";
const GAMES_STARTED: &str = "senet_games_started_total";
const GAMES_FINISHED: &str = "senet_games_finished_total";
const STEPS_COMMITTED: &str = "senet_steps_committed_total";
const DB_COMMIT_SECONDS: &str = "senet_db_commit_seconds";
const ACTION_SECONDS: &str = "senet_action_seconds";
const FRAME_WAIT_SECONDS: &str = "senet_frame_wait_seconds";
const READ_WAIT_SECONDS: &str = "senet_read_wait_seconds";
const MESSAGES_REJECTED: &str = "senet_messages_rejected_total";
const RECONNECTS: &str = "senet_reconnects_total";
const WRITES_FAILED: &str = "senet_db_writes_failed_total";

/// The buckets of what a player waits, finer where issue 30's targets lie
/// (p99 20 ms, p99.9 50 ms).
const WAIT_BUCKETS: &[f64] = &[
    0.001, 0.002, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0,
];

/// The exporter is process-wide (the `metrics` facade has one global
/// recorder), so several servers in one test process share it.
static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the Prometheus recorder once and returns its handle, or `None`
/// if another recorder was installed first.
pub fn install() -> Option<PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Full(DB_COMMIT_SECONDS.to_owned()),
                    &[
                        0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                    ],
                )
                .ok()?
                .set_buckets_for_metric(Matcher::Full(ACTION_SECONDS.to_owned()), WAIT_BUCKETS)
                .ok()?
                .set_buckets_for_metric(Matcher::Full(FRAME_WAIT_SECONDS.to_owned()), WAIT_BUCKETS)
                .ok()?
                .set_buckets_for_metric(Matcher::Full(READ_WAIT_SECONDS.to_owned()), WAIT_BUCKETS)
                .ok()?;
            match builder.install_recorder() {
                Ok(handle) => {
                    describe();
                    let _ = HOT.set(Hot {
                        action: histogram!(ACTION_SECONDS),
                        frame_wait: histogram!(FRAME_WAIT_SECONDS),
                        read_wait: histogram!(READ_WAIT_SECONDS),
                    });
                    keep_up(handle.clone());
                    Some(handle)
                }
                Err(error) => {
                    tracing::warn!(%error, "metrics recorder not installed");
                    None
                }
            }
        })
        .clone()
}

/// The histograms recorded at every action and every frame, looked up once.
/// `histogram!` finds its metric in the registry at each call (a hash and a
/// lock): at tens of thousands of frames a second, half a per cent of the
/// event loop's core in `perf`.
struct Hot {
    action: Histogram,
    frame_wait: Histogram,
    read_wait: Histogram,
}

/// Set when the recorder is installed; until then (or if another recorder
/// was installed first) the macros record as usual.
static HOT: OnceLock<Hot> = OnceLock::new();

/// Folds the histograms' samples into their buckets every few seconds on a
/// thread of its own. The recorder keeps each sample until then: with no
/// upkeep, a server nobody scrapes would hold every action's timing (8
/// bytes each, about 600 MB an hour at 20,000 actions a second). A thread,
/// not a task: the recorder is process-wide, and outlives any one runtime.
fn keep_up(handle: PrometheusHandle) {
    let started = std::thread::Builder::new()
        .name("senet-metrics".to_owned())
        .spawn(move || {
            loop {
                std::thread::sleep(UPKEEP_EVERY);
                handle.run_upkeep();
            }
        });
    if let Err(error) = started {
        tracing::warn!(%error, "metrics upkeep not started: histograms grow until scraped");
    }
}

/// How often [`keep_up`] folds the histograms (the exporter's own default).
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// Gives every metric its help text and a first value, so `/metrics`
/// lists them all from the start.
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram};
    describe_gauge!(LIVE_ROOMS, "Rooms with a live task in memory.");
    describe_gauge!(OPEN_CONNECTIONS, "Open WebSocket connections.");
    describe_gauge!(SPECTATORS, "Connections watching a room without a seat.");
    describe_counter!(
        GAMES_STARTED,
        "Games started (both seats taken, or a rematch)."
    );
    describe_counter!(GAMES_FINISHED, "Games finished, by how they ended.");
    describe_counter!(
        STEPS_COMMITTED,
        "Steps (chance steps and decisions) committed to the database."
    );
    describe_histogram!(DB_COMMIT_SECONDS, "Time to commit a turn or a result.");
    describe_histogram!(
        ACTION_SECONDS,
        "Time from a game action's arrival (throw, move, decision) to its steps \
         committed and queued for every socket: the server's part of what a player waits."
    );
    describe_histogram!(
        FRAME_WAIT_SECONDS,
        "Time from a frame queued for a connection to it written to the socket: the wait \
         for the connection's task, after senet_action_seconds ends."
    );
    describe_histogram!(
        READ_WAIT_SECONDS,
        "Time from a client's frame received by the kernel to the server reading it: the          wait in the socket, before senet_action_seconds starts (Linux; the receive time of          the read's last segment, so never overstated)."
    );
    describe_counter!(MESSAGES_REJECTED, "Client messages refused, by error code.");
    describe_counter!(
        RECONNECTS,
        "Seated players who came back after a disconnection."
    );
    describe_counter!(
        WRITES_FAILED,
        "Writes that did not report success, by outcome: not_committed, or unknown \
         then read back as stored, not_stored, other or unreadable."
    );
    for name in [LIVE_ROOMS, OPEN_CONNECTIONS, SPECTATORS] {
        gauge!(name).set(0.0);
    }
    for name in [GAMES_STARTED, STEPS_COMMITTED, RECONNECTS] {
        counter!(name).absolute(0);
    }
}

/// A room task started.
pub fn room_started() {
    gauge!(LIVE_ROOMS).increment(1.0);
}

/// A room was taken over from a node that no longer holds it.
pub fn room_taken_over() {
    counter!("senet_rooms_taken_over_total").increment(1);
}

/// A room task ended.
pub fn room_stopped() {
    gauge!(LIVE_ROOMS).decrement(1.0);
}

/// A WebSocket connection opened.
pub fn connection_opened() {
    gauge!(OPEN_CONNECTIONS).increment(1.0);
}

/// A WebSocket connection closed.
pub fn connection_closed() {
    gauge!(OPEN_CONNECTIONS).decrement(1.0);
}

/// A spectator joined (`true`) or left (`false`) a room.
pub fn spectator(joined: bool) {
    if joined {
        gauge!(SPECTATORS).increment(1.0);
    } else {
        gauge!(SPECTATORS).decrement(1.0);
    }
}

/// A game started: both seats taken, or a rematch.
pub fn game_started() {
    counter!(GAMES_STARTED).increment(1);
}

/// A game finished; `how` is `borne_off`, `resigned` or `abandoned`.
pub fn game_finished(how: &'static str) {
    counter!(GAMES_FINISHED, "how" => how).increment(1);
}

/// Steps (throws, moves, any rule set's chance steps and decisions) were
/// committed to the database.
pub fn steps_committed(steps: usize) {
    counter!(STEPS_COMMITTED).increment(u64::try_from(steps).unwrap_or(u64::MAX));
}

/// A game action was served (validated, committed, told) `took` after it
/// arrived.
pub fn action_served(took: Duration) {
    match HOT.get() {
        Some(hot) => hot.action.record(took.as_secs_f64()),
        None => histogram!(ACTION_SECONDS).record(took.as_secs_f64()),
    }
}

/// A client's frame was read `waited` after the kernel received it.
pub fn frame_read(waited: Duration) {
    match HOT.get() {
        Some(hot) => hot.read_wait.record(waited.as_secs_f64()),
        None => histogram!(READ_WAIT_SECONDS).record(waited.as_secs_f64()),
    }
}

/// A frame was written to its socket `waited` after the room queued it.
pub fn frame_written(waited: Duration) {
    match HOT.get() {
        Some(hot) => hot.frame_wait.record(waited.as_secs_f64()),
        None => histogram!(FRAME_WAIT_SECONDS).record(waited.as_secs_f64()),
    }
}

/// A write transaction took this long to commit.
pub fn db_commit(took: Duration) {
    histogram!(DB_COMMIT_SECONDS).record(took.as_secs_f64());
}

/// A client message was refused with this error code.
pub fn message_rejected(code: &'static str) {
    counter!(MESSAGES_REJECTED, "code" => code).increment(1);
}

/// A stored game was replayed from its steps, `for_what` (`history`: a
/// history request, which replays once; `review`).
pub fn game_replayed(for_what: &'static str) {
    counter!("senet_games_replayed_total", "for" => for_what).increment(1);
}

/// A seated player came back after a disconnection.
pub fn reconnect() {
    counter!(RECONNECTS).increment(1);
}

/// A write did not report success; `outcome` says what became of it
/// (`not_committed`, or after an unknown commit what reading back found:
/// `stored`, `not_stored`, `other`, `unreadable`).
pub fn write_failed(outcome: &'static str) {
    counter!(WRITES_FAILED, "outcome" => outcome).increment(1);
}
