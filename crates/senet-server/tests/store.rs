//! The store's game API on its own: seats taken and refused, steps appended
//! and refused, endings with places and scores, the lobby and the history
//! of games with more than two seats (PostgreSQL, or SQLite with
//! `TEST_BACKEND=sqlite`).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use senet_engine::{EndHow, RuleSetId};
use senet_server::Store;
use senet_server::computer::{ComputerLevel, player_id};
use senet_server::store::{
    GameStatus, HistoryQuery, NewGame, NewRoom, NewStep, StoredEnd, WinnerFilter, WriteError,
};
use uuid::Uuid;

fn step(seat: Option<u8>, text: &str) -> NewStep {
    NewStep {
        seat,
        text: text.to_owned(),
    }
}

/// A refusal that stored nothing because the expected row was not there.
fn refused(result: Result<(), WriteError>) {
    match result {
        Err(WriteError::NotCommitted(sqlx::Error::RowNotFound)) => {}
        other => panic!("expected a refusal, got {other:?}"),
    }
}

async fn store() -> Store {
    let url = common::create_database().await;
    let store = Store::connect(&url).await.unwrap();
    store.migrate().await.unwrap();
    store
}

#[tokio::test]
async fn a_four_seat_game_from_waiting_to_finished() {
    let store = store().await;
    let [a, b, c] = [Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4()];
    for (id, name) in [(a, "Ahmose"), (b, "Bastet"), (c, "Khufu")] {
        store.create_player(id, name, &[1; 32]).await.unwrap();
    }
    let robot = player_id(ComputerLevel::Beginner);
    let game = Uuid::new_v4();
    store
        .create_room(&NewRoom {
            code: "four",
            rule_set: RuleSetId::Modern,
            public: true,
            creator: a,
            rated: false,
            game: NewGame {
                id: game,
                room_code: "four",
                game_no: 1,
                rule_set: RuleSetId::Modern,
                players: &[Some(a), None, Some(robot), None],
                client_seeds: &[],
                fairness: None,
            },
        })
        .await
        .unwrap();
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Waiting);
    assert_eq!((row.seat_count, row.started_at), (4, None));
    let robot_seat = row.seat(2).unwrap();
    assert_eq!(
        robot_seat.display_name.as_deref(),
        Some("Computer (beginner)")
    );
    assert_eq!(robot_seat.computer_level.as_deref(), Some("beginner"));
    let lobby = store.lobby().await.unwrap();
    assert_eq!(
        (lobby[0].seat_count, lobby[0].open_seats, lobby[0].open_seat),
        (4, 2, Some(1))
    );
    // Steps wait for the game to start.
    refused(
        store
            .append_steps(game, 1, &[step(None, "d3d4")], None)
            .await,
    );

    // A taken seat, a start with a seat still open: refused, nothing stored.
    refused(store.take_seat(game, 0, b, "", false).await);
    refused(store.take_seat(game, 1, b, "", true).await);
    assert_eq!(
        store
            .game(game)
            .await
            .unwrap()
            .unwrap()
            .seat(1)
            .unwrap()
            .player_id,
        None
    );
    store.take_seat(game, 1, b, "", false).await.unwrap();
    store.take_seat(game, 3, c, "", true).await.unwrap();
    refused(store.take_seat(game, 3, a, "", true).await);
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Playing);
    assert!(row.started_at.is_some());
    assert!(store.lobby().await.unwrap().is_empty());

    // Steps: numbered, a number stored twice refused, a bad seat refused.
    let first = [
        step(None, "d3d4"),
        step(Some(0), "0:4/3"),
        step(Some(0), "0:7/4"),
    ];
    store.append_steps(game, 1, &first, None).await.unwrap();
    assert!(matches!(
        store
            .append_steps(game, 3, &[step(None, "d1d1")], None)
            .await,
        Err(WriteError::NotCommitted(_))
    ));
    assert!(
        store
            .append_steps(game, 4, &[step(Some(4), "4:1")], None)
            .await
            .is_err()
    );
    assert!(
        store
            .append_steps(game, 0, &[step(None, "d1d1")], None)
            .await
            .is_err()
    );
    let end = StoredEnd {
        how: EndHow::ThreeBorneOff,
        places: &[3, 1, 0, 2],
        scores: &[10, 20, 5, 30],
        colours: &[Some(0), Some(1), Some(2), Some(3)],
    };
    store
        .append_steps(
            game,
            4,
            &[step(None, "d6d2"), step(Some(1), "1:resign")],
            Some(&end),
        )
        .await
        .unwrap();
    let steps = store.steps(game).await.unwrap();
    let texts: Vec<_> = steps
        .iter()
        .map(|s| (s.step_no, s.seat, s.step.as_str()))
        .collect();
    assert_eq!(
        texts,
        vec![
            (1, None, "d3d4"),
            (2, Some(0), "0:4/3"),
            (3, Some(0), "0:7/4"),
            (4, None, "d6d2"),
            (5, Some(1), "1:resign"),
        ]
    );
    assert_eq!(store.step_count().await.unwrap(), 5);
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.end_how, Some(EndHow::ThreeBorneOff));
    assert!(row.finished_at.is_some());
    assert_eq!(row.winner_seat(), Some(3));
    let seats: Vec<_> = row
        .seats
        .iter()
        .map(|s| (s.place, s.score, s.colour))
        .collect();
    assert_eq!(
        seats,
        vec![
            (Some(3), Some(10), Some(0)),
            (Some(2), Some(20), Some(1)),
            (Some(4), Some(5), Some(2)),
            (Some(1), Some(30), Some(3)),
        ]
    );
    // Over is over: no more steps, no second ending.
    refused(
        store
            .append_steps(game, 6, &[step(None, "d1d2")], None)
            .await,
    );
    refused(store.end_game(game, &end).await);

    // The history: any seat, its places and the winner's seat.
    for (player, won) in [(a, false), (b, false), (c, true), (robot, false)] {
        let rows = store
            .history(&HistoryQuery {
                player: Some(player),
                limit: 10,
                ..HistoryQuery::default()
            })
            .await
            .unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].game.seats.len(), 4);
        assert_eq!((rows[0].step_count, rows[0].chance_count), (5, 2));
        let totals = store.player_totals(player, false).await.unwrap();
        assert_eq!((totals.games, totals.wins), (1, i64::from(won)));
    }
    let by_seat = |seat| HistoryQuery {
        winner: Some(WinnerFilter::Seat(seat)),
        rule_set: Some(RuleSetId::Modern),
        limit: 10,
        ..HistoryQuery::default()
    };
    assert_eq!(store.history(&by_seat(3)).await.unwrap().len(), 1);
    assert_eq!(store.history(&by_seat(0)).await.unwrap().len(), 0);
    let kendall = HistoryQuery {
        rule_set: Some(RuleSetId::Kendall),
        limit: 10,
        ..HistoryQuery::default()
    };
    assert!(store.history(&kendall).await.unwrap().is_empty());

    // A rematch waiting for players is the room's latest game and in the lobby.
    let rematch = Uuid::new_v4();
    store
        .create_game(&NewGame {
            id: rematch,
            room_code: "four",
            game_no: 2,
            rule_set: RuleSetId::Modern,
            players: &[Some(b), Some(a), None],
            client_seeds: &[],
            fairness: None,
        })
        .await
        .unwrap();
    let latest = store.latest_game("four").await.unwrap().unwrap();
    assert_eq!(
        (latest.id, latest.seat_count, latest.status.as_str()),
        (rematch, 3, "waiting")
    );
    let lobby = store.lobby().await.unwrap();
    assert_eq!((lobby[0].code.as_str(), lobby[0].open_seats), ("four", 1));
    store.close().await;
}

#[tokio::test]
async fn a_player_in_two_seats_is_listed_once() {
    let store = store().await;
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    store
        .create_player(a, "Hatshepsut", &[1; 32])
        .await
        .unwrap();
    store.create_player(b, "Thutmose", &[1; 32]).await.unwrap();
    let robot = player_id(ComputerLevel::Expert);
    let game = Uuid::new_v4();
    store
        .create_room(&NewRoom {
            code: "crowd",
            rule_set: RuleSetId::Modern,
            public: false,
            creator: a,
            rated: false,
            game: NewGame {
                id: game,
                room_code: "crowd",
                game_no: 1,
                rule_set: RuleSetId::Modern,
                players: &[Some(robot), Some(a), Some(robot)],
                client_seeds: &[],
                fairness: None,
            },
        })
        .await
        .unwrap();
    let end = StoredEnd {
        how: EndHow::LastPlayer,
        places: &[2, 1, 0],
        scores: &[],
        colours: &[],
    };
    store.end_game(game, &end).await.unwrap();
    let listed = |player, viewer| {
        let store = store.clone();
        async move {
            store
                .history(&HistoryQuery {
                    player: Some(player),
                    viewer,
                    limit: 10,
                    ..HistoryQuery::default()
                })
                .await
                .unwrap()
        }
    };
    // Private: only to its players.
    assert!(listed(robot, None).await.is_empty());
    assert!(listed(robot, Some(b)).await.is_empty());
    let rows = listed(robot, Some(a)).await;
    assert_eq!(rows.len(), 1, "once, though in two seats");
    assert!(rows[0].visible_to(Some(a)) && !rows[0].visible_to(Some(b)));
    let totals = store.player_totals(robot, true).await.unwrap();
    assert_eq!((totals.games, totals.wins), (1, 1));
    let won = store
        .history(&HistoryQuery {
            player: Some(a),
            viewer: Some(a),
            winner: Some(WinnerFilter::PlayerLost),
            limit: 10,
            ..HistoryQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(won.len(), 1);
    store.close().await;
}

/// Many rooms' steps in flight at once go through the group-commit writer
/// together: the steps of games still playing are stored, and each step
/// for a game already over is refused alone, known not to be stored (not
/// an unknown outcome), whichever batches the writer made of them.
#[tokio::test]
async fn grouped_steps_for_a_finished_game_fail_alone() {
    let store = store().await.with_group_commit();
    let mut games = Vec::new();
    for n in 0..12 {
        games.push(common::stored::playing_room(&store, &format!("grp{n}")).await);
    }
    let end = StoredEnd {
        how: EndHow::Resigned,
        places: &[1, 2],
        scores: &[],
        colours: &[],
    };
    let over: Vec<Uuid> = games.iter().copied().step_by(3).collect();
    for game in &over {
        store.end_game(*game, &end).await.unwrap();
    }
    let steps = [step(None, "d3d4"), step(Some(0), "0:4/3")];
    let results = futures_util::future::join_all(
        games
            .iter()
            .map(|game| store.append_steps(*game, 1, &steps, None)),
    )
    .await;
    for (game, result) in games.iter().zip(results) {
        let stored = store.steps(*game).await.unwrap().len();
        if over.contains(game) {
            refused(result);
            assert_eq!(stored, 0, "nothing stored for a finished game");
        } else {
            result.unwrap();
            assert_eq!(stored, 2, "both steps of a playing game stored");
        }
    }
}
