//! Seeded match history for the history tests: 27 finished games imported
//! with their steps, and the readers of the games list.

use chrono::{DateTime, Duration, TimeZone, Utc};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::kendall_v1::{Action, Game, Phase};
use senet_engine::{EndHow, Kendall, Roll, RuleSetId, Sticks};
use senet_server::store::{ImportGame, NewStep};
use serde_json::Value;
use uuid::Uuid;

use super::TestApp;

/// The steps of a random game, as stored: a throw (a chance step, the
/// sticks as `LDLL`) and the move after it (a decision `<seat>:<square>`),
/// or the throw alone for a forfeit; to the end, or `max` turns. Returns the
/// steps and the winner's seat.
pub fn random_steps(seed: u64, max: usize) -> (Vec<NewStep>, Option<u8>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(Kendall);
    let mut steps = Vec::new();
    while game.winner().is_none() && game.record().len() < max {
        let seat = game.position().to_move().index() as u8;
        let sticks = Sticks::throw(&mut rng);
        game.throw(sticks).unwrap();
        steps.push(NewStep {
            seat: None,
            text: Roll::Sticks { sticks }.to_string(),
        });
        if let Phase::ToMove { moves, .. } = game.phase() {
            let pick = (rand::Rng::next_u32(&mut rng) as usize) % moves.len();
            let from = moves.get(pick).unwrap().from;
            game.play(from).unwrap();
            steps.push(NewStep {
                seat: Some(seat),
                text: format!("{seat}:{}", from.number()),
            });
        }
        let last = game.record().turns().last().unwrap();
        assert_eq!(
            matches!(last.action, Action::Forfeit),
            steps.last().unwrap().seat.is_none()
        );
    }
    (steps, game.winner().map(|w| w.index() as u8))
}

pub fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).unwrap() + Duration::minutes(minutes)
}

pub struct Seeded {
    pub nefertari: Uuid,
    pub akhenaten: Uuid,
    pub odd: Uuid,
    /// Game ids, newest first.
    pub newest_first: Vec<Uuid>,
    /// A game that was played to the end.
    pub borne_off: Uuid,
}

/// 25 finished games between Nefertari and Akhenaten (the Cone wins the
/// even ones, by bearing off or resignation in turn), and 2 of `Nef_100%`
/// against Akhenaten, the last two finished at the same instant.
pub async fn seed(app: &TestApp) -> Seeded {
    let nefertari = Uuid::new_v4();
    let akhenaten = Uuid::new_v4();
    let odd = Uuid::new_v4();
    let players = vec![
        (nefertari, "Nefertari".to_owned()),
        (akhenaten, "Akhenaten".to_owned()),
        (odd, "Nef_100%".to_owned()),
    ];
    let mut games = Vec::new();
    let mut borne_off = None;
    for i in 0..27_i64 {
        let (cone, spool) = if i >= 25 {
            (odd, akhenaten)
        } else if i % 3 == 0 {
            (akhenaten, nefertari)
        } else {
            (nefertari, akhenaten)
        };
        let full = i % 4 == 0;
        let (steps, winner) = random_steps(i as u64, if full { usize::MAX } else { 12 });
        let (winner, how) = match winner {
            Some(w) => (w, EndHow::BorneOff),
            None => (
                if i % 2 == 0 { 0 } else { 1 },
                if i % 5 == 0 {
                    EndHow::Abandoned
                } else {
                    EndHow::Resigned
                },
            ),
        };
        let id = Uuid::new_v4();
        if full && borne_off.is_none() {
            borne_off = Some(id);
        }
        let finished = at(if i == 26 { 25 * 10 } else { i * 10 });
        games.push(ImportGame {
            id,
            room_code: format!("seed{i:04}{}", &id.simple().to_string()[..8]),
            rule_set: RuleSetId::Kendall,
            players: vec![cone, spool],
            how,
            places: vec![winner, 1 - winner],
            scores: Vec::new(),
            started_at: finished - Duration::seconds(300 + i),
            finished_at: finished,
            steps,
        });
    }
    app.store.import_games(&players, &games).await.unwrap();
    let mut order: Vec<(DateTime<Utc>, Uuid)> =
        games.iter().map(|g| (g.finished_at, g.id)).collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    Seeded {
        nefertari,
        akhenaten,
        odd,
        newest_first: order.into_iter().map(|(_, id)| id).collect(),
        borne_off: borne_off.unwrap(),
    }
}

pub fn ids(body: &Value) -> Vec<Uuid> {
    body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| Uuid::parse_str(g["game_id"].as_str().unwrap()).unwrap())
        .collect()
}

pub async fn get_ok(app: &TestApp, path: &str) -> Value {
    let r = app.http("GET", path, None, None).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.body
}

pub async fn get_err(app: &TestApp, path: &str, status: u16, code: &str) {
    let r = app.http("GET", path, None, None).await;
    assert_eq!(r.status, status, "{path}: {}", r.text);
    assert_eq!(r.body["error"]["code"], code, "{path}: {}", r.text);
    assert!(r.body["error"]["message"].is_string());
}

/// Every page of a listing, following the cursors.
pub async fn all_pages(app: &TestApp, base: &str) -> (Vec<Uuid>, usize) {
    let mut seen = Vec::new();
    let mut pages = 0;
    let mut path = base.to_owned();
    loop {
        let body = get_ok(app, &path).await;
        pages += 1;
        seen.extend(ids(&body));
        match body["next_cursor"].as_str() {
            Some(cursor) => path = format!("{base}&cursor={cursor}"),
            None => return (seen, pages),
        }
        assert!(pages < 100);
    }
}
