//! Network faults between the server and PostgreSQL, injected by a real TCP
//! proxy (`common/pgproxy.rs`): a lost reply to `COMMIT`, a stall during and
//! outside a commit, refused and reset connections. Each game is then
//! played to its end without a restart, and what the players were told is
//! checked against what the database holds (read directly, not through the
//! proxy): every acknowledged turn stored, none told twice, no shown throw
//! thrown again. These tests always use PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::drive::{Step, Table, stored_turns};
use common::pgproxy::{CommitFault, PgProxy};
use common::{TestApp, create_postgres_database, start_custom};
use senet_server::Store;

/// Short, so a stalled call gives up quickly.
const DB_TIMEOUT: Duration = Duration::from_millis(1000);

struct Rig {
    app: TestApp,
    proxy: PgProxy,
    /// The database itself, not through the proxy.
    direct: Store,
    table: Table,
    game_id: String,
}

async fn rig() -> Rig {
    let db_url = create_postgres_database().await;
    let direct = Store::connect(&db_url).await.unwrap();
    direct.migrate().await.unwrap();
    let upstream = "127.0.0.1:5432".parse().unwrap();
    let proxy = PgProxy::start(upstream).await;
    let app = start_custom(
        &proxy.url_for(&db_url),
        100_000.0,
        Duration::ZERO,
        DB_TIMEOUT,
    )
    .await;
    let (cone, spool, code, _, _) = common::started_room(&app).await;
    let room = app
        .http("GET", &format!("/api/rooms/{code}"), None, None)
        .await;
    let game_id = room.body["game_id"].as_str().unwrap().to_owned();
    Rig {
        app,
        proxy,
        direct,
        table: Table::new(cone, spool),
        game_id,
    }
}

impl Rig {
    /// Plays to the end and checks the players' logs against the database.
    async fn finish_and_check(mut self) {
        self.proxy.resume();
        self.proxy.refuse(false);
        self.table.play_to_end().await;
        let stored = stored_turns(&self.direct, &self.game_id).await;
        assert!(!stored.is_empty());
        self.table.check_told_against(&stored).await;
        let game = self
            .direct
            .game(uuid::Uuid::parse_str(&self.game_id).unwrap())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(game.status.as_str(), "finished");
        self.app.stop().await;
    }

    /// Steps until the phase is the one wanted (`to_throw` or `to_move`).
    async fn step_until_phase(&mut self, kind: &str) {
        for _ in 0..50 {
            let snapshot = self.table.snapshot().await;
            if snapshot["phase"]["kind"] == kind {
                return;
            }
            assert_ne!(
                snapshot["phase"]["kind"], "finished",
                "the game ended early"
            );
            self.table.step().await;
        }
        panic!("never reached phase {kind}");
    }
}

#[tokio::test]
async fn a_lost_commit_reply_is_read_back_and_the_action_told_as_done() {
    let mut rig = rig().await;
    for _ in 0..6 {
        rig.table.step().await;
    }
    // Moves whose COMMIT reply is lost: stored, so they are told as done.
    // (A throw waiting for its move needs no commit of its own.)
    for dropped in 1..=2 {
        rig.step_until_phase("to_move").await;
        rig.proxy.on_next_commit(CommitFault::DropReply);
        let step = rig.table.step().await;
        assert_eq!(rig.proxy.replies_dropped(), dropped, "the fault fired");
        assert_eq!(step, Step::Done("moved".to_owned()));
    }
    assert!(rig.table.refused.is_empty(), "{:?}", rig.table.refused);
    rig.finish_and_check().await;
}

#[tokio::test]
async fn a_stall_during_commit_refuses_then_tells_the_truth_once_the_database_answers() {
    let mut rig = rig().await;
    for _ in 0..4 {
        rig.table.step().await;
    }
    rig.step_until_phase("to_move").await;
    rig.proxy.on_next_commit(CommitFault::StallAfter);
    let step = rig.table.step().await;
    assert!(!rig.proxy.commit_fault_pending(), "the fault fired");
    assert_eq!(step, Step::Refused("storage_error".to_owned()));
    // The database holds the move; the players learn it when it answers.
    rig.proxy.resume();
    rig.table.drain(0, Duration::from_millis(2500)).await;
    let snapshot = rig.table.logs[0]
        .iter()
        .rev()
        .find(|message| message["type"] == "snapshot")
        .cloned()
        .expect("the room sends the stored game");
    let stored = stored_turns(&rig.direct, &rig.game_id).await;
    assert_eq!(
        snapshot["turns"].as_array().unwrap().len(),
        stored.len(),
        "the snapshot tells the stored truth"
    );
    rig.finish_and_check().await;
}

#[tokio::test]
async fn a_stalled_database_is_given_up_on_in_bounded_time_and_the_game_goes_on() {
    let mut rig = rig().await;
    for _ in 0..4 {
        rig.table.step().await;
    }
    // A move: a throw waiting for its move needs no write.
    rig.step_until_phase("to_move").await;
    rig.proxy.stall();
    let began = tokio::time::Instant::now();
    let step = rig.table.step().await;
    assert_eq!(step, Step::Refused("storage_error".to_owned()));
    assert!(
        began.elapsed() < common::WAIT,
        "a stalled call is given up on: {:?}",
        began.elapsed()
    );
    // Still stalled: refused again, not wedged.
    assert_eq!(
        rig.table.step().await,
        Step::Refused("storage_error".to_owned())
    );
    rig.finish_and_check().await;
}

#[tokio::test]
async fn refused_and_reset_connections_fail_actions_cleanly_and_the_game_goes_on() {
    let mut rig = rig().await;
    for _ in 0..4 {
        rig.table.step().await;
    }
    rig.step_until_phase("to_move").await;
    rig.proxy.refuse(true);
    rig.proxy.reset_all();
    let step = rig.table.step().await;
    assert_eq!(step, Step::Refused("storage_error".to_owned()));
    rig.proxy.refuse(false);
    // Existing connections were cut: the pool must replace them.
    rig.proxy.reset_all();
    rig.finish_and_check().await;
}
