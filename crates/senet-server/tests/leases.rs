//! Room leases and fenced writes (several nodes on one PostgreSQL): one
//! owner at a time, takeover after expiry, and a node whose lease moved on
//! can never commit a step (whether its steps go through the group-commit
//! writer or alone), seat a player, start a rematch or store chat. Leases
//! always run on PostgreSQL; SQLite refuses them.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::time::Duration;

use common::stored::playing_room;

use senet_server::Store;
use senet_server::store::{FirstLease, Lease, NewChat, NewGame, NewRoom, NewStep, WriteError};
use uuid::Uuid;

const LONG: Duration = Duration::from_secs(60);
const SHORT: Duration = Duration::from_millis(300);

fn step(seat: Option<u8>, text: &str) -> NewStep {
    NewStep {
        seat,
        text: text.to_owned(),
    }
}

async fn postgres_store(group_commit: bool) -> Store {
    let url = common::create_postgres_database().await;
    let store = Store::connect(&url).await.unwrap();
    store.migrate().await.unwrap();
    if group_commit {
        store.with_group_commit()
    } else {
        store
    }
}

fn fenced(result: Result<(), WriteError>) {
    match result {
        Err(error) if error.is_fenced() => {}
        other => panic!("expected a fenced refusal, got {other:?}"),
    }
}

/// Waits until the lease on `code` has run out (by the database's clock,
/// the one every lease is judged by), for what follows an expiry rather
/// than the expiry itself.
async fn run_out(store: &Store, code: &str) {
    common::wait::until_true(
        common::WAIT,
        format!("the lease on {code} to run out"),
        async || !store.lease_of(code).await.unwrap().unwrap().live,
    )
    .await;
}

/// Node A's short lease on room `code`, expired and taken over by node B:
/// (A's stale lease, B's).
async fn taken_over(store: &Store, code: &str) -> (Lease, Lease) {
    let old = store
        .acquire_lease(code, "node-a", SHORT)
        .await
        .unwrap()
        .unwrap();
    run_out(store, code).await;
    let new = store
        .acquire_lease(code, "node-b", LONG)
        .await
        .unwrap()
        .unwrap();
    (old, new)
}

#[tokio::test]
async fn one_owner_at_a_time_and_takeover_after_expiry() {
    let store = postgres_store(false).await;
    playing_room(&store, "lease1").await;
    assert_eq!(store.lease_of("lease1").await.unwrap(), None);
    assert_eq!(store.rooms_without_owner().await.unwrap(), vec!["lease1"]);

    let a = store
        .acquire_lease("lease1", "node-a", SHORT)
        .await
        .unwrap()
        .expect("a free room's lease is taken");
    assert_eq!(a.epoch, 1);
    assert!(store.rooms_without_owner().await.unwrap().is_empty());
    // Another node cannot take a live lease.
    assert_eq!(
        store.acquire_lease("lease1", "node-b", LONG).await.unwrap(),
        None
    );
    // The owner renews; the lease stays live past its first expiry.
    tokio::time::sleep(SHORT / 2).await;
    assert!(store.renew_lease(&a, SHORT).await.unwrap());
    tokio::time::sleep(SHORT / 2 + Duration::from_millis(50)).await;
    assert!(store.lease_of("lease1").await.unwrap().unwrap().live);

    // Not renewed: it expires and another node takes it with a new epoch.
    tokio::time::sleep(SHORT + Duration::from_millis(100)).await;
    let state = store.lease_of("lease1").await.unwrap().unwrap();
    assert!(!state.live);
    assert_eq!(store.rooms_without_owner().await.unwrap(), vec!["lease1"]);
    let b = store
        .acquire_lease("lease1", "node-b", LONG)
        .await
        .unwrap()
        .expect("an expired lease is taken over");
    assert_eq!((b.node_id.as_str(), b.epoch), ("node-b", 2));
    // The old owner learns it lost the room.
    assert!(!store.renew_lease(&a, LONG).await.unwrap());
    assert!(!store.release_lease(&a).await.unwrap());

    // Released on shutdown: the next node takes it at once, epochs rise.
    assert!(store.release_lease(&b).await.unwrap());
    let c = store
        .acquire_lease("lease1", "node-c", LONG)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(c.epoch, 3);
    // The same node taking its room again (a restart) gets a new epoch too.
    let again = store
        .acquire_lease("lease1", "node-c", LONG)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.epoch, 4);
    assert!(!store.renew_lease(&c, LONG).await.unwrap());
}

async fn a_node_that_lost_its_lease_cannot_commit(group_commit: bool) {
    let store = postgres_store(group_commit).await;
    let game = playing_room(&store, "fence1").await;
    let a = store
        .acquire_lease("fence1", "node-a", SHORT)
        .await
        .unwrap()
        .unwrap();
    store
        .append_fenced(game, 1, &[step(None, "t3")], None, None, Some(&a))
        .await
        .expect("the owner commits");

    run_out(&store, "fence1").await;
    let b = store
        .acquire_lease("fence1", "node-b", LONG)
        .await
        .unwrap()
        .unwrap();
    // Node A's late step: refused, nothing stored.
    fenced(
        store
            .append_fenced(game, 2, &[step(Some(0), "m1-4")], None, None, Some(&a))
            .await,
    );
    assert_eq!(store.steps(game).await.unwrap().len(), 1);
    // A lease of another room does not fence this one.
    playing_room(&store, "fence2").await;
    let other = store
        .acquire_lease("fence2", "node-a", LONG)
        .await
        .unwrap()
        .unwrap();
    let forged = Lease {
        room_code: "fence1".to_owned(),
        ..other.clone()
    };
    fenced(
        store
            .append_fenced(game, 2, &[step(Some(0), "m1-4")], None, None, Some(&forged))
            .await,
    );
    let wrong_room = Lease {
        node_id: b.node_id.clone(),
        epoch: b.epoch,
        room_code: "fence2".to_owned(),
    };
    fenced(
        store
            .append_fenced(
                game,
                2,
                &[step(Some(0), "m1-4")],
                None,
                None,
                Some(&wrong_room),
            )
            .await,
    );
    // The new owner commits the same step number.
    store
        .append_fenced(game, 2, &[step(Some(0), "m1-4")], None, None, Some(&b))
        .await
        .expect("the new owner commits");
    let texts: Vec<String> = store
        .steps(game)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.step)
        .collect();
    assert_eq!(texts, vec!["t3", "m1-4"]);
    // Unfenced writes (one node alone) are unchanged.
    store
        .append_steps(game, 3, &[step(None, "t2")], None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_node_that_lost_its_lease_cannot_commit_alone() {
    a_node_that_lost_its_lease_cannot_commit(false).await;
}

#[tokio::test]
async fn a_node_that_lost_its_lease_cannot_commit_in_a_group() {
    a_node_that_lost_its_lease_cannot_commit(true).await;
}

#[tokio::test]
async fn a_fenced_step_in_a_group_fails_alone() {
    let store = postgres_store(true).await;
    let kept = playing_room(&store, "grp1").await;
    let lost = playing_room(&store, "grp2").await;
    let ours = store
        .acquire_lease("grp1", "node-a", LONG)
        .await
        .unwrap()
        .unwrap();
    let stale = store
        .acquire_lease("grp2", "node-a", SHORT)
        .await
        .unwrap()
        .unwrap();
    run_out(&store, "grp2").await;
    store
        .acquire_lease("grp2", "node-b", LONG)
        .await
        .unwrap()
        .unwrap();
    // Both appends are in flight together, so the writer may group them.
    let steps = [step(None, "t1")];
    let (a, b) = tokio::join!(
        store.append_fenced(kept, 1, &steps, None, None, Some(&ours)),
        store.append_fenced(lost, 1, &steps, None, None, Some(&stale)),
    );
    a.expect("the room still leased commits");
    fenced(b);
    assert_eq!(store.steps(kept).await.unwrap().len(), 1);
    assert!(store.steps(lost).await.unwrap().is_empty());
}

/// A new room as a node of several stores it: with its first lease.
async fn store_leased_room(store: &Store, code: &str) -> Result<(), WriteError> {
    let creator = Uuid::new_v4();
    store
        .create_player(creator, "Ahmose", &[1; 32])
        .await
        .unwrap();
    let room = NewRoom {
        code,
        rule_set: senet_engine::RuleSetId::Kendall,
        public: true,
        creator,
        rated: false,
        game: NewGame {
            id: Uuid::new_v4(),
            room_code: code,
            game_no: 1,
            rule_set: senet_engine::RuleSetId::Kendall,
            players: &[Some(creator), None],
            client_seeds: &[],
            fairness: None,
        },
    };
    let first = FirstLease {
        node_id: "node-a",
        ttl: LONG,
    };
    store
        .create_room_claiming(&room, None, false, &[], Some(&first))
        .await
}

#[tokio::test]
async fn a_new_room_is_stored_with_its_lease_and_never_seen_without_an_owner() {
    let store = postgres_store(false).await;
    store_leased_room(&store, "born1").await.unwrap();
    let state = store.lease_of("born1").await.unwrap().expect("a lease");
    assert!(state.live);
    let first = FirstLease {
        node_id: "node-a",
        ttl: LONG,
    };
    assert_eq!(state.lease, first.held("born1"));
    // No other node's takeover round finds it, nor can another node take it.
    assert!(store.rooms_without_owner().await.unwrap().is_empty());
    assert_eq!(
        store.acquire_lease("born1", "node-b", LONG).await.unwrap(),
        None
    );
    // Its creator holds it like any lease it took.
    assert!(store.renew_lease(&state.lease, LONG).await.unwrap());
}

#[tokio::test]
async fn sqlite_refuses_leases() {
    let path = std::env::temp_dir().join(format!("senet_leases_{}.db", Uuid::new_v4().simple()));
    let store = Store::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    store.migrate().await.unwrap();
    let game = playing_room(&store, "lite1").await;
    let error = store
        .acquire_lease("lite1", "node-a", LONG)
        .await
        .expect_err("SQLite has no leases");
    assert!(error.to_string().contains("need PostgreSQL"), "{error}");
    let refused = store_leased_room(&store, "lite2").await;
    assert!(
        matches!(&refused, Err(error) if error.to_string().contains("need PostgreSQL")),
        "{refused:?}"
    );
    assert!(store.room("lite2").await.unwrap().is_none());
    let lease = Lease {
        room_code: "lite1".to_owned(),
        node_id: "node-a".to_owned(),
        epoch: 1,
    };
    assert!(
        store
            .append_fenced(game, 1, &[step(None, "t1")], None, None, Some(&lease))
            .await
            .is_err()
    );
    assert!(store.steps(game).await.unwrap().is_empty());
    let _ = std::fs::remove_file(path);
}

#[tokio::test]
async fn a_node_that_lost_its_lease_cannot_seat_a_player_or_start_a_rematch() {
    let store = postgres_store(false).await;
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    store.create_player(a, "Ahmose", &[1; 32]).await.unwrap();
    store.create_player(b, "Bastet", &[2; 32]).await.unwrap();
    let game = Uuid::new_v4();
    let new_game = |id, game_no, players| NewGame {
        id,
        room_code: "seats1",
        game_no,
        rule_set: senet_engine::RuleSetId::Kendall,
        players,
        client_seeds: &[],
        fairness: None,
    };
    let (waiting, both) = ([Some(a), None], [Some(a), Some(b)]);
    store
        .create_room(&NewRoom {
            code: "seats1",
            rule_set: senet_engine::RuleSetId::Kendall,
            public: true,
            creator: a,
            rated: false,
            game: new_game(game, 1, &waiting),
        })
        .await
        .unwrap();
    let (old, new) = taken_over(&store, "seats1").await;
    let taken = senet_server::store::SeatTaken {
        game_id: game,
        seat: 1,
        player: b,
        client_seed: "",
        start: true,
    };
    fenced(store.take_seat_fenced(&taken, Some(&old)).await);
    let rematch = new_game(Uuid::new_v4(), 2, &both);
    fenced(store.create_game_fenced(&rematch, Some(&old)).await);
    assert!(
        store.game(rematch.id).await.unwrap().is_none(),
        "the fenced rematch stored nothing"
    );
    let seat = store.game(game).await.unwrap().unwrap();
    assert_eq!(
        seat.status.as_str(),
        "waiting",
        "the fenced seat stored nothing"
    );
    // The lease's holder writes both.
    store.take_seat_fenced(&taken, Some(&new)).await.unwrap();
    assert_eq!(
        store.game(game).await.unwrap().unwrap().status.as_str(),
        "playing"
    );
}

#[tokio::test]
async fn a_node_that_lost_its_lease_cannot_store_chat_or_switch_it_off() {
    let store = postgres_store(false).await;
    let game = playing_room(&store, "chat1").await;
    let (old, new) = taken_over(&store, "chat1").await;
    let author = store.game(game).await.unwrap().unwrap().seats[0]
        .player_id
        .unwrap();
    let line = NewChat {
        game_id: game,
        channel: "players",
        player_id: author,
        display_name: "Ahmose",
        body: "well played",
        sent_at: chrono::Utc::now(),
    };
    fenced(store.insert_chat(&line, Some(&old)).await.map(|_| ()));
    fenced(store.set_chat_off("chat1", true, Some(&old)).await);
    assert!(store.game_chat(game).await.unwrap().is_empty());
    assert_eq!(store.chat_off("chat1").await.unwrap(), Some(false));
    // The lease's holder writes both.
    assert_eq!(store.insert_chat(&line, Some(&new)).await.unwrap(), 1);
    store.set_chat_off("chat1", true, Some(&new)).await.unwrap();
    assert_eq!(store.chat_off("chat1").await.unwrap(), Some(true));
}

/// Under load, a node's lease renewal and its group commits lock the same
/// lease rows; they must take them in one order, or PostgreSQL aborts one
/// as a deadlock (a failed renewal, in time a live node losing its rooms).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn renewals_and_group_commits_never_deadlock() {
    let store = postgres_store(true).await;
    let mut rooms = Vec::new();
    for n in 0..16 {
        let code = format!("busy{n:02}");
        let game = playing_room(&store, &code).await;
        let lease = store
            .acquire_lease(&code, "node-a", LONG)
            .await
            .unwrap()
            .unwrap();
        rooms.push((game, lease));
    }
    let codes: Vec<String> = rooms.iter().map(|(_, l)| l.room_code.clone()).collect();
    let until = std::time::Instant::now() + Duration::from_secs(3);
    let mut writers = Vec::new();
    for (game, lease) in rooms {
        let store = store.clone();
        writers.push(tokio::spawn(async move {
            let mut step_no = 1;
            while std::time::Instant::now() < until {
                let text = format!("s{step_no}");
                store
                    .append_fenced(
                        game,
                        step_no,
                        &[step(None, &text)],
                        None,
                        None,
                        Some(&lease),
                    )
                    .await
                    .unwrap_or_else(|e| panic!("a fenced append failed: {e}"));
                step_no += 1;
            }
            step_no
        }));
    }
    let mut renewals = 0;
    while std::time::Instant::now() < until {
        let renewed = store
            .renew_leases("node-a", &codes, LONG)
            .await
            .unwrap_or_else(|e| panic!("a renewal failed: {e}"));
        assert_eq!(renewed.len(), codes.len());
        renewals += 1;
    }
    for writer in writers {
        assert!(writer.await.unwrap() > 2, "each room committed steps");
    }
    assert!(renewals > 3, "{renewals} renewals");
}
