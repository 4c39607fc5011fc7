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

use common::cluster::game::Game;
use common::cluster::{Cluster, try_open};
use tokio::time::Instant;

const LEASE_MS: u64 = 1200;

/// How long NATS stays cut.
const CUT: Duration = Duration::from_secs(3);

#[tokio::test]
async fn a_nats_cut_closes_relayed_clients_and_play_resumes_after_it() {
    if common::cluster::skip_on_sqlite(
        "a_nats_cut_closes_relayed_clients_and_play_resumes_after_it",
    ) {
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
    let stored = cluster.stored_steps(&game.game_id).await;
    assert!(
        stored.len() >= game.acknowledged(),
        "every step acknowledged before the cut is stored"
    );
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
    // The spectator watches on the first owner itself.
    let mut game = Game::create(&cluster, 0, "kendall", &[1, 2], &[0]).await;
    let code = game.code.clone();
    let spectator = 2;
    let (mut owner, mut epoch) = cluster.owner(&code).await.expect("a live lease");
    assert_eq!(owner, 0);
    // Three rounds, each freezing the room's owner of the moment: whether
    // the woken node reads its action before it learns of the takeover is
    // up to its scheduler, so more rounds try the fenced write more often.
    for round in 0..3 {
        game.play(8).await;
        let (seat, action) = game.next_action().await.expect("the game goes on");
        // The player to move has a second socket, on the owner itself.
        let passive = game.add_passive(seat as usize, owner).await;
        game.drain_all(Duration::from_millis(100)).await;
        let before = cluster.stored_steps(&game.game_id).await;
        let old = owner;
        cluster.freeze(old);
        // Its action waits in the frozen node's socket.
        assert!(game.members[passive].send(&action).await);
        let taken;
        (owner, taken, _) = cluster.wait_owner_other_than(&code, old).await;
        assert!(taken > epoch, "a takeover raises the epoch");
        epoch = taken;
        cluster.thaw(old);
        // The old owner wakes with a room it lost and an action for it:
        // it must commit nothing and send its clients away with 1012.
        let mut olds = vec![passive];
        if round == 0 {
            olds.push(spectator);
        }
        let codes = game.wait_closed(&olds).await;
        assert!(
            codes.iter().all(|code| *code == Some(1012)),
            "round {round}: the old owner's clients are told the room moved: {codes:?}"
        );
        let after = cluster.stored_steps(&game.game_id).await;
        assert_eq!(
            after,
            before,
            "round {round}: nothing was committed after node-{old} froze:\n{}",
            cluster.all_log_lines(&code)
        );
        let lease = cluster.owner(&code).await.expect("a live lease");
        assert_eq!(lease, (owner, epoch), "the new owner keeps the room");
        let refused = cluster.log_lines(old, "another node holds the room now");
        eprintln!("round {round}: node-{old} woke; fenced writes refused so far: {refused:?}");
    }
    // The players reconnect (the spectator too) and finish with the last
    // owner; what everyone was told, the old owners' sockets included, is
    // what is stored.
    game.play_to_end(Duration::ZERO).await;
    game.finish_and_check().await;
}

#[tokio::test]
async fn a_write_held_past_the_lease_is_refused_by_its_fence() {
    if common::cluster::skip_on_sqlite("a_write_held_past_the_lease_is_refused_by_its_fence") {
        return;
    }
    // Node 0 reaches the database through a proxy that can hold its bytes:
    // a write it starts can be made to arrive after its lease moved on,
    // which freezing the whole process cannot arrange (the woken node may
    // learn of the takeover before it reads the action).
    let cluster = Cluster::start_with_db_proxy(3, LEASE_MS, 0).await;
    let db = cluster.db_proxy.as_ref().unwrap();
    let mut game = Game::create(&cluster, 0, "kendall", &[1, 2], &[0]).await;
    let code = game.code.clone();
    let spectator = 2;
    assert_eq!(cluster.owner(&code).await.map(|o| o.0), Some(0));
    game.play(10).await;
    // A decision: it is written at once (a throw may be shown unwritten).
    let (seat, action) = loop {
        let next = game.next_action().await.expect("the game goes on");
        if next.1["type"] == "decide" {
            break next;
        }
        game.step().await;
    };
    let passive = game.add_passive(seat as usize, 0).await;
    game.drain_all(Duration::from_millis(100)).await;
    let before = cluster.stored_steps(&game.game_id).await;

    db.stall();
    assert!(game.members[passive].send(&action).await);
    // The write (and every renewal) waits in the proxy while the lease
    // runs out and another node takes the room.
    let (owner, epoch, _) = cluster.wait_owner_other_than(&code, 0).await;
    db.resume();
    let codes = game.wait_closed(&[passive, spectator]).await;
    assert!(
        codes.iter().all(|code| *code == Some(1012)),
        "the old owner's clients are told the room moved: {codes:?}"
    );
    let deadline = Instant::now() + common::cluster::PATIENCE;
    while cluster
        .log_lines(0, "another node holds the room now")
        .is_empty()
    {
        assert!(
            Instant::now() < deadline,
            "node-0's held write was refused by its fence:\n{}",
            cluster.all_log_lines(&code)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let after = cluster.stored_steps(&game.game_id).await;
    assert_eq!(after, before, "the fenced write stored nothing");
    assert_eq!(cluster.owner(&code).await, Some((owner, epoch)));
    game.play_to_end(Duration::ZERO).await;
    game.finish_and_check().await;
}
