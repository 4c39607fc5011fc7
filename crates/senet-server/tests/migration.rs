//! The migration to steps and seats (`20261201000001_steps_and_seats`) on a
//! database the previous release wrote: only the three earlier migrations,
//! then players, rooms, games and turns as that release stored them
//! (turns of random legal games played through the engine's turn API), then
//! the full migration. Every migrated game's steps must replay through the
//! step model to exactly the position its old turns (and its pending throw)
//! replay to through the turn API, with the right seats, places and ending.
//! PostgreSQL, or SQLite with `TEST_BACKEND=sqlite`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::str::FromStr;

use chrono::{DateTime, Duration, TimeZone, Utc};
use futures_util::future::BoxFuture;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::kendall_v1::{Action, Game, Phase, Record, Rules, Side, Turn};
use senet_engine::{AnyRules, AnyState, Kendall, Next, RuleSetId, Step, StepGame, Sticks};
use senet_server::Store;
use senet_server::store::{
    HistoryQuery, NewGame, NewRoom, NewStep, POSTGRES_MIGRATOR, SQLITE_MIGRATOR, StoredEnd,
};
use sqlx::migrate::{Migration, MigrationSource, Migrator};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{PgPool, SqlitePool};
use uuid::Uuid;

/// The migrations of the previous release: the first three.
#[derive(Debug)]
struct PreviousRelease(&'static Migrator);

impl MigrationSource<'static> for PreviousRelease {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async move { Ok(self.0.iter().take(3).cloned().collect()) })
    }
}

/// A database of either kind, written to directly.
enum Db {
    Pg(PgPool),
    Lite(SqlitePool),
}

/// Runs one statement with its bound values on either database.
macro_rules! exec {
    ($db:expr, $sql:expr $(, $value:expr)* $(,)?) => {
        match $db {
            Db::Pg(pool) => sqlx::query($sql)$(.bind($value))*.execute(pool).await.map(|_| ()),
            Db::Lite(pool) => sqlx::query($sql)$(.bind($value))*.execute(pool).await.map(|_| ()),
        }
    };
}

/// A database at the previous release's schema.
async fn previous_release_database() -> (String, Db) {
    let url = common::create_database().await;
    let db = if url.starts_with("sqlite:") {
        let options = SqliteConnectOptions::from_str(&url)
            .unwrap()
            .create_if_missing(true)
            .foreign_keys(true);
        let pool = SqlitePool::connect_with(options).await.unwrap();
        let migrator = Migrator::new(PreviousRelease(&SQLITE_MIGRATOR))
            .await
            .unwrap();
        migrator.run(&pool).await.unwrap();
        Db::Lite(pool)
    } else {
        let pool = PgPool::connect(&url).await.unwrap();
        let migrator = Migrator::new(PreviousRelease(&POSTGRES_MIGRATOR))
            .await
            .unwrap();
        migrator.run(&pool).await.unwrap();
        Db::Pg(pool)
    };
    (url, db)
}

/// One turn as the previous release stored it.
#[derive(Debug, Clone)]
struct OldTurn {
    side: Side,
    throw: u8,
    /// Bit `i` set when stick `i` fell light side up.
    sticks: i16,
    from: Option<u8>,
    position: String,
}

fn bits(sticks: Sticks) -> i16 {
    sticks
        .lights()
        .iter()
        .enumerate()
        .map(|(i, &light)| i16::from(light) << i)
        .sum()
}

fn sticks_of(bits: i16) -> Sticks {
    Sticks::from_lights([bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0])
}

/// Random legal play through the turn API: `turns` turns (or to the end);
/// with `pending`, then throws until a throw leaves a move (storing the
/// forfeits before it, as the release did) and keeps that throw pending.
fn play(seed: u64, turns: usize, pending: bool) -> (Vec<OldTurn>, Option<i16>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Kendall);
    let mut out = Vec::new();
    loop {
        if game.winner().is_some() || (out.len() >= turns && !pending) {
            return (out, None);
        }
        let side = game.position().to_move();
        let sticks = Sticks::throw(&mut rng);
        let thrown = game.throw(sticks).unwrap();
        let from = match game.phase() {
            Phase::ToMove { moves, .. } if out.len() >= turns => {
                assert!(!moves.is_empty());
                return (out, Some(bits(sticks)));
            }
            Phase::ToMove { moves, .. } => {
                let pick = (rand::Rng::next_u32(&mut rng) as usize) % moves.len();
                let from = moves.get(pick).unwrap().from;
                game.play(from).unwrap();
                Some(from.number())
            }
            _ => None,
        };
        out.push(OldTurn {
            side,
            throw: thrown.throw.value(),
            sticks: bits(sticks),
            from,
            position: Kendall.position_text(&game.position()),
        });
    }
}

/// An old game as the previous release stored it.
struct OldGame {
    id: Uuid,
    room: &'static str,
    game_no: i32,
    cone: Option<Uuid>,
    spool: Option<Uuid>,
    status: &'static str,
    winner: Option<Side>,
    how: Option<&'static str>,
    turns: Vec<OldTurn>,
    pending: Option<i16>,
    created: DateTime<Utc>,
    started: Option<DateTime<Utc>>,
    finished: Option<DateTime<Utc>>,
}

impl OldGame {
    fn new(room: &'static str, game_no: i32, cone: Option<Uuid>, spool: Option<Uuid>) -> OldGame {
        let created = Utc.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap()
            + Duration::minutes(i64::from(game_no) * 60 + room.len() as i64);
        OldGame {
            id: Uuid::new_v4(),
            room,
            game_no,
            cone,
            spool,
            status: "waiting",
            winner: None,
            how: None,
            turns: Vec::new(),
            pending: None,
            created,
            started: None,
            finished: None,
        }
    }

    fn playing(mut self, (turns, pending): (Vec<OldTurn>, Option<i16>)) -> OldGame {
        self.status = "playing";
        self.started = Some(self.created + Duration::seconds(5));
        self.turns = turns;
        self.pending = pending;
        self
    }

    fn finished(mut self, winner: Option<Side>, how: &'static str) -> OldGame {
        let winner = winner
            .or_else(|| self.replay_turns().winner())
            .expect("a winner");
        self.status = "finished";
        self.winner = Some(winner);
        self.how = Some(how);
        self.pending = None;
        self.finished = Some(self.played_at(self.turns.len()) + Duration::seconds(3));
        self
    }

    /// When turn `n` (from 1) was stored.
    fn played_at(&self, n: usize) -> DateTime<Utc> {
        self.started.unwrap_or(self.created) + Duration::seconds(10 * n as i64)
    }

    /// The old turns through the turn API's record.
    fn replay_turns(&self) -> Game<Kendall> {
        let turns: Vec<Turn> = self
            .turns
            .iter()
            .map(|t| Turn {
                throw: t.throw,
                action: match t.from {
                    Some(from) => Action::Move(senet_engine::Square::new(from).unwrap()),
                    None => Action::Forfeit,
                },
            })
            .collect();
        Record::from(turns).replay(Kendall).unwrap()
    }

    /// The old game as the previous release resumed it: its turns, then its
    /// pending throw.
    fn replay_old(&self) -> Game<Kendall> {
        let mut game = self.replay_turns();
        if let Some(bits) = self.pending {
            assert!(!game.throw(sticks_of(bits)).unwrap().forfeited());
        }
        game
    }

    async fn insert(&self, db: &Db) {
        exec!(
            db,
            "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, status,
                                winner, result_how, pending_sticks, created_at, started_at, finished_at)
             VALUES ($1, $2, $3, 'kendall', $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            self.id,
            self.room,
            self.game_no,
            self.cone,
            self.spool,
            self.status,
            self.winner.map(Side::name),
            self.how,
            self.pending,
            self.created,
            self.started,
            self.finished,
        )
        .unwrap();
        for (i, turn) in self.turns.iter().enumerate() {
            exec!(
                db,
                "INSERT INTO turns (game_id, turn_no, side, throw, sticks, from_square, position, played_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                self.id,
                i32::try_from(i + 1).unwrap(),
                turn.side.name(),
                i16::from(turn.throw),
                turn.sticks,
                turn.from.map(i16::from),
                turn.position.clone(),
                self.played_at(i + 1),
            )
            .unwrap();
        }
    }
}

async fn insert_player(db: &Db, id: Uuid, name: &str, level: Option<&str>) {
    exec!(
        db,
        "INSERT INTO players (id, display_name, token_hash, created_at, computer_level)
         VALUES ($1, $2, $3, $4, $5)",
        id,
        name,
        if level.is_some() {
            Vec::new()
        } else {
            vec![7u8; 32]
        },
        Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        level,
    )
    .unwrap();
}

async fn insert_room(db: &Db, code: &str, public: bool, creator: Uuid) {
    exec!(
        db,
        "INSERT INTO rooms (code, rule_set, public, creator_id, created_at)
         VALUES ($1, 'kendall', $2, $3, $4)",
        code,
        public,
        creator,
        Utc.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap(),
    )
    .unwrap();
}

/// Checks one migrated game against the old one.
async fn check_game(store: &Store, old: &OldGame) {
    let name = format!("game {} #{}", old.room, old.game_no);
    let game = store.game(old.id).await.unwrap().expect("migrated");
    assert_eq!(game.room_code, old.room);
    assert_eq!(game.game_no, old.game_no);
    assert_eq!(game.rule_set.as_str(), "kendall");
    assert_eq!(game.seat_count, 2, "{name}");
    assert_eq!(game.status.as_str(), old.status, "{name}");
    assert_eq!(game.end_how.map(|h| h.as_str()), old.how, "{name}");
    assert_eq!(game.created_at, old.created, "{name}");
    assert_eq!(game.started_at, old.started, "{name}");
    assert_eq!(game.finished_at, old.finished, "{name}");

    // Seats: 0 the Cone, 1 the Spool; the winner first, the other second.
    let seats: Vec<_> = game.seats.iter().map(|s| (s.seat, s.player_id)).collect();
    assert_eq!(seats, vec![(0, old.cone), (1, old.spool)], "{name}");
    for seat in &game.seats {
        let side = if seat.seat == 0 {
            Side::Cone
        } else {
            Side::Spool
        };
        let place = old.winner.map(|w| if w == side { 1 } else { 2 });
        assert_eq!(seat.place, place, "{name}: seat {}", seat.seat);
        assert_eq!((seat.score, seat.colour), (None, None), "{name}");
        let level = seat.player_id.and_then(senet_server::computer::level_of);
        assert_eq!(seat.computer_level.as_deref(), level.map(|l| l.as_str()));
        assert_eq!(seat.display_name.is_some(), seat.player_id.is_some());
    }

    // Steps: a chance step for each throw, a decision for each move.
    let steps = store.steps(old.id).await.unwrap();
    let moves = old.turns.iter().filter(|t| t.from.is_some()).count();
    let expected = old.turns.len() + moves + usize::from(old.pending.is_some());
    assert_eq!(steps.len(), expected, "{name}");
    let mut parsed = Vec::new();
    for (i, row) in steps.iter().enumerate() {
        assert_eq!(row.step_no as usize, i + 1, "{name}");
        let step: Step = row.step.parse().unwrap();
        match step {
            Step::Chance { .. } => assert_eq!(row.seat, None, "{name}: {}", row.step),
            Step::Decide { seat, .. } => {
                assert_eq!(row.seat, Some(i16::from(seat.number())), "{name}")
            }
        }
        parsed.push(step);
    }
    // The texts, turn by turn, and when each was played.
    let mut rows = steps.iter();
    for (i, turn) in old.turns.iter().enumerate() {
        let throw = rows.next().unwrap();
        let letters: String = (0..4)
            .map(|b| {
                if turn.sticks & (1 << b) != 0 {
                    'L'
                } else {
                    'D'
                }
            })
            .collect();
        assert_eq!(throw.step, letters, "{name}");
        assert_eq!(throw.played_at, old.played_at(i + 1));
        if let Some(from) = turn.from {
            let seat = if turn.side == Side::Cone { 0 } else { 1 };
            assert_eq!(
                rows.next().unwrap().step,
                format!("{seat}:{from}"),
                "{name}"
            );
        }
    }
    if let Some(bits) = old.pending {
        let last = rows.next().unwrap();
        assert_eq!(
            last.step,
            senet_engine::Roll::Sticks {
                sticks: sticks_of(bits)
            }
            .to_string()
        );
        assert_eq!(
            last.played_at,
            old.played_at(old.turns.len()).max(old.started.unwrap())
        );
    }
    assert!(rows.next().is_none());

    // The replay: exactly the position (and pending throw) of the old game.
    let stepped = StepGame::replay(AnyRules::of(RuleSetId::Kendall), 2, &parsed)
        .unwrap_or_else(|e| panic!("{name}: the steps replay: {e}"));
    let AnyState::Kendall(state) = stepped.state() else {
        panic!("a Kendall state");
    };
    let turned = old.replay_old();
    assert_eq!(state.position, turned.position(), "{name}");
    let pending = match turned.phase() {
        Phase::ToMove { throw, .. } => Some(throw),
        _ => None,
    };
    assert_eq!(state.pending, pending, "{name}");
    assert_eq!(
        senet_engine::RuleSet::position_text(AnyRules::of(RuleSetId::Kendall), stepped.state())
            .get(..32),
        Some(Kendall.position_text(&turned.position()).as_str()),
    );
    match (stepped.next(), turned.winner()) {
        (Next::End(standing), Some(winner)) => {
            assert_eq!(standing.winner().map(|s| s.index()), Some(winner.index()));
            assert_eq!(old.how, Some("borne_off"), "{name}");
            assert_eq!(old.winner, Some(winner), "{name}");
        }
        (Next::End(_), None) | (_, Some(_)) => panic!("{name}: the replays disagree on the end"),
        (_, None) => {}
    }
}

#[tokio::test]
async fn old_games_migrate_to_steps_and_seats() {
    let (url, db) = previous_release_database().await;

    let nefertari = Uuid::new_v4();
    let akhenaten = Uuid::new_v4();
    let merneith = Uuid::new_v4();
    let expert = senet_server::computer::player_id(senet_server::computer::ComputerLevel::Expert);
    insert_player(&db, nefertari, "Nefertari", None).await;
    insert_player(&db, akhenaten, "Akhenaten", None).await;
    insert_player(&db, merneith, "Merneith", None).await;
    insert_player(&db, expert, "Computer (expert)", Some("expert")).await;
    for (code, public, creator) in [
        ("full", true, nefertari),
        ("resign", true, akhenaten),
        ("abandon", true, nefertari),
        ("pending", true, merneith),
        ("wait", true, merneith),
        ("robot", false, merneith),
    ] {
        insert_room(&db, code, public, creator).await;
    }

    let (n, a, m) = (Some(nefertari), Some(akhenaten), Some(merneith));
    let games = vec![
        // Played to the end, then a rematch (seats swapped) in progress
        // with no throw pending.
        OldGame::new("full", 1, n, a)
            .playing(play(1, usize::MAX, false))
            .finished(None, "borne_off"),
        OldGame::new("full", 2, a, n).playing(play(2, 17, false)),
        OldGame::new("resign", 1, a, n)
            .playing(play(3, 23, false))
            .finished(Some(Side::Spool), "resigned"),
        OldGame::new("abandon", 1, n, m)
            .playing(play(4, 9, false))
            .finished(Some(Side::Cone), "abandoned"),
        // In progress with a throw waiting for its move; and one waiting
        // for its first move.
        OldGame::new("pending", 1, m, a).playing(play(5, 31, true)),
        OldGame::new("pending", 2, a, m).playing(play(6, 0, true)),
        // A seat still open.
        OldGame::new("wait", 1, None, m),
        // Against the computer: a finished game and one in progress.
        OldGame::new("robot", 1, m, Some(expert))
            .playing(play(7, usize::MAX, false))
            .finished(None, "borne_off"),
        OldGame::new("robot", 2, Some(expert), m).playing(play(8, 12, true)),
    ];
    let forfeits = games[0].turns.iter().filter(|t| t.from.is_none()).count();
    assert!(forfeits > 0, "the whole game has forfeits");
    assert!(games[0].turns.len() > 60);
    for game in &games {
        game.insert(&db).await;
    }
    match &db {
        Db::Pg(pool) => pool.close().await,
        Db::Lite(pool) => pool.close().await,
    }

    // The server's own start-up: the store runs the remaining migration.
    let store = Store::connect(&url).await.unwrap();
    store.migrate().await.unwrap();
    for game in &games {
        check_game(&store, game).await;
    }
    let total: usize = games
        .iter()
        .map(|g| {
            g.turns.len()
                + g.turns.iter().filter(|t| t.from.is_some()).count()
                + usize::from(g.pending.is_some())
        })
        .sum();
    assert_eq!(store.step_count().await.unwrap() as usize, total);
    assert_eq!(store.game_count().await.unwrap() as usize, games.len());

    // The room's latest game, the lobby and the rooms to resume.
    let latest = store.latest_game("full").await.unwrap().unwrap();
    assert_eq!((latest.id, latest.game_no), (games[1].id, 2));
    let lobby = store.lobby().await.unwrap();
    assert_eq!(lobby.len(), 1);
    assert_eq!(
        (lobby[0].code.as_str(), lobby[0].creator_name.as_str()),
        ("wait", "Merneith")
    );
    assert_eq!(
        (lobby[0].seat_count, lobby[0].open_seats, lobby[0].open_seat),
        (2, 1, Some(0))
    );
    let mut unfinished = store.unfinished_rooms().await.unwrap();
    unfinished.sort();
    assert_eq!(unfinished, ["full", "pending", "robot", "wait"]);

    // The history: a player's games in any seat, newest first; the private
    // game against the computer only to its player; the totals.
    let listed = |q: HistoryQuery| {
        let store = store.clone();
        async move {
            store
                .history(&HistoryQuery { limit: 50, ..q })
                .await
                .unwrap()
                .into_iter()
                .map(|row| row.game.id)
                .collect::<Vec<_>>()
        }
    };
    let mine = listed(HistoryQuery {
        player: Some(merneith),
        ..HistoryQuery::default()
    })
    .await;
    assert_eq!(mine, vec![games[3].id]);
    let mine = listed(HistoryQuery {
        player: Some(merneith),
        viewer: Some(merneith),
        ..HistoryQuery::default()
    })
    .await;
    let mut expected = vec![
        (games[7].finished, games[7].id),
        (games[3].finished, games[3].id),
    ];
    expected.sort_by(|x, y| y.cmp(x));
    assert_eq!(
        mine,
        expected.into_iter().map(|(_, id)| id).collect::<Vec<_>>()
    );
    let totals = store.player_totals(nefertari, true).await.unwrap();
    let won = games[..4]
        .iter()
        .filter(|g| g.status == "finished")
        .filter(|g| match g.winner {
            Some(Side::Cone) => g.cone == n,
            Some(Side::Spool) => g.spool == n,
            None => false,
        })
        .count();
    assert_eq!((totals.games, totals.wins as usize), (3, won));

    // The old columns and table are gone, and their CHECKs with them: a
    // game of another rule set, ending another way, is stored.
    for gone in [
        "SELECT cone_player FROM games",
        "SELECT winner FROM games",
        "SELECT result_how FROM games",
        "SELECT pending_sticks FROM games",
        "SELECT COUNT(*) FROM turns",
    ] {
        let failed = match &url {
            u if u.starts_with("sqlite:") => {
                let pool = SqlitePool::connect(u).await.unwrap();
                let failed = sqlx::query(gone).execute(&pool).await.is_err();
                if gone.contains("turns") {
                    let broken: Vec<(String,)> =
                        sqlx::query_as("SELECT \"table\" FROM pragma_foreign_key_check")
                            .fetch_all(&pool)
                            .await
                            .unwrap();
                    assert!(broken.is_empty(), "{broken:?}");
                }
                pool.close().await;
                failed
            }
            u => {
                let pool = PgPool::connect(u).await.unwrap();
                let failed = sqlx::query(gone).execute(&pool).await.is_err();
                pool.close().await;
                failed
            }
        };
        assert!(failed, "`{gone}` still runs");
    }
    let peril = Uuid::new_v4();
    store
        .create_room(&NewRoom {
            code: "peril",
            rule_set: senet_engine::RuleSetId::Peril,
            public: true,
            creator: merneith,
            rated: false,
            game: NewGame {
                id: peril,
                room_code: "peril",
                game_no: 1,
                rule_set: senet_engine::RuleSetId::Peril,
                players: &[Some(merneith), Some(expert), Some(nefertari)],
                client_seeds: &[],
                fairness: None,
            },
        })
        .await
        .unwrap();
    let steps = [
        NewStep {
            seat: None,
            text: "d5".to_owned(),
        },
        NewStep {
            seat: Some(0),
            text: "0:enter 2".to_owned(),
        },
    ];
    let end = StoredEnd {
        how: senet_engine::EndHow::Gates,
        places: &[2, 0, 1],
        scores: &[3, 1, 2],
        colours: &[],
    };
    store
        .append_steps(peril, 1, &steps, Some(&end))
        .await
        .unwrap();
    let game = store.game(peril).await.unwrap().unwrap();
    assert_eq!(
        (game.seat_count, game.end_how.map(|h| h.as_str())),
        (3, Some("gates"))
    );
    let places: Vec<_> = game.seats.iter().map(|s| (s.place, s.score)).collect();
    assert_eq!(
        places,
        vec![(Some(2), Some(3)), (Some(3), Some(1)), (Some(1), Some(2))]
    );
    store.close().await;
}
