//! Faults between the nodes of a cluster (issue 18, `docs/multi-node.md`):
//! NATS cut for a few seconds, and fencing end to end (an owner frozen past
//! its lease must not commit when it wakes). Real server processes on one
//! PostgreSQL database and one NATS, reached through a TCP proxy per node
//! (`common/pgproxy.rs`, plain mode) that the tests cut. Each game's
//! account, as every client was told it, is checked against the steps
//! stored. These tests need PostgreSQL and NATS; under
//! `TEST_BACKEND=sqlite` they return at once.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::cluster::{Cluster, Game, try_open};
use tokio::time::Instant;

const LEASE_MS: u64 = 1200;

/// How long NATS stays cut.
const CUT: Duration = Duration::from_secs(3);

#[tokio::test]
async fn a_nats_cut_closes_relayed_clients_and_play_resumes_after_it() {
    if common::cluster::skip_on_sqlite("a_nats_cut_closes_relayed_clients_and_play_resumes_after_it")
    {
        return;
    }
    let cluster = Cluster::start(3, LEASE_MS).await;
    // Players on nodes 1 and 2 and a spectator on node 1, all relayed to
    // node 0, which owns the room; they come back to their own nodes.
    let mut game = Game::create(&cluster, 0, "kendall", &[1, 2], &[1]).await;
    game.sticky = true;
    let code = game.code.clone();
    assert_eq!(cluster.owner(&code).await.map(|o| o.0), Some(0));
    game.play(12).await;
    // An action in flight as NATS goes.
    game.act_without_waiting().await;
    cluster.cut_nats(true);
    let cut_at = Instant::now();
    let codes = game.wait_closed(&[0, 1, 2]).await;
    assert!(
        codes.iter().all(|code| *code == Some(1012)),
        "relayed clients are closed with 1012: {codes:?}"
    );
    // Meanwhile a relayed connection is refused clearly, not left hanging.
    let url = cluster.remote(1).ws_url_v2(&code, None);
    match try_open(&url).await {
        Ok(_) => panic!("a relayed connection opened while NATS was cut"),
        Err(why) => assert!(why.contains("503"), "refused with 503: {why}"),
    }
    // The owner still holds its room: its lease lives in PostgreSQL.
    assert_eq!(cluster.owner(&code).await.map(|o| o.0), Some(0));
    tokio::time::sleep(CUT.saturating_sub(cut_at.elapsed())).await;
    cluster.cut_nats(false);
    // The clients retry their own nodes until the relay works again.
    game.play_to_end(Duration::ZERO).await;
    game.finish_and_check().await;
}

#[tokio::test]
async fn an_owner_frozen_past_its_lease_commits_nothing_when_it_wakes() {
    if common::cluster::skip_on_sqlite(
        "an_owner_frozen_past_its_lease_commits_nothing_when_it_wakes",
    ) {
        return;
    }
    let cluster = Cluster::start(3, LEASE_MS).await;
    // The spectator watches on the owner itself.
    let mut game = Game::create(&cluster, 0, "kendall", &[1, 2], &[0]).await;
    let code = game.code.clone();
    let (owner, first_epoch) = cluster.owner(&code).await.expect("a live lease");
    assert_eq!(owner, 0);
    game.play(12).await;
    let (seat, action) = game.next_action().await.expect("the game goes on");
    // The player to move has a second socket, on the owner itself.
    let passive = game.add_passive(seat as usize, 0).await;
    game.drain_all(Duration::from_millis(100)).await;
    let before = cluster.stored_steps(&game.game_id).await;

    cluster.freeze(0);
    // Its action waits in the frozen node's socket.
    assert!(game.members[passive].send(&action).await);
    let (owner, epoch, _) = cluster.wait_owner_other_than(&code, 0).await;
    assert!(epoch > first_epoch, "a takeover raises the epoch");
    cluster.thaw(0);
    // The old owner wakes with a room it lost and an action for it: it
    // must commit nothing and send its clients away with 1012.
    let spectator = 2;
    let codes = game.wait_closed(&[spectator, passive]).await;
    assert_eq!(
        codes,
        [Some(1012), Some(1012)],
        "the old owner's clients are told the room moved"
    );
    let after = cluster.stored_steps(&game.game_id).await;
    assert_eq!(
        after,
        before,
        "nothing was committed after the freeze:\n{}",
        cluster.all_log_lines("fenced")
    );
    let lease = cluster.owner(&code).await.expect("a live lease");
    assert_eq!(lease, (owner, epoch), "the new owner keeps the room");
    // The players reconnect (the spectator too) and finish with the new
    // owner; what everyone was told, the old node's sockets included, is
    // what is stored.
    game.play_to_end(Duration::ZERO).await;
    game.finish_and_check().await;
}
