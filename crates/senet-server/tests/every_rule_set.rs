//! Every rule set online through protocol version 2: complete games through
//! the invite flow with random legal options, Senet-modern at three and
//! four seats with an elimination, computer seats, resuming after a
//! restart mid-game, and the stored record replayed through the engine.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::v2::Table;
use common::{Remote, TestApp, spawn_fast_app, start_fast_on};
use senet_engine::{AnyRules, Event, RuleSet, RuleSetId, Seat, Standing, Step};
use serde_json::{Value, json};

/// The stick rule sets and Path of Peril seat two; Senet-modern two to four.
const TWO_SEAT_RULE_SETS: [&str; 6] = [
    "kendall",
    "kendall-7",
    "jequier",
    "simple",
    "peril",
    "modern",
];

/// Replays a game's stored entries through the engine (a seat leaving is
/// the engine's elimination) and returns the standing it reaches, if over.
async fn stored_replay(
    app: &TestApp,
    game_id: &str,
    rule_set: &str,
    seats: u8,
) -> (usize, Option<Standing>) {
    let id = uuid::Uuid::parse_str(game_id).unwrap();
    let rows = app.store.steps(id).await.unwrap();
    let rules = AnyRules::of(rule_set.parse::<RuleSetId>().unwrap());
    let mut state = rules.start(seats).unwrap();
    let mut events: Vec<Event> = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        assert_eq!(row.step_no as usize, index + 1);
        if let Some(seat) = row
            .step
            .strip_suffix(":resign")
            .or(row.step.strip_suffix(":abandon"))
        {
            let seat = Seat::new(seat.parse().unwrap()).unwrap();
            rules.eliminate(&mut state, seat, &mut events).unwrap();
        } else {
            let step: Step = row.step.parse().unwrap();
            rules.apply(&mut state, step, &mut events).unwrap();
        }
    }
    let standing = match rules.next(&state) {
        senet_engine::Next::End(standing) => Some(standing),
        _ => None,
    };
    (rows.len(), standing)
}

/// The standing a `game_over` event tells, as the engine's type.
fn told_standing(over: &Value) -> Standing {
    serde_json::from_value(over["standing"].clone()).unwrap()
}

/// What a turn's throw is worth by the spec's throw table, written here:
/// the stick games' tables (`rules-kendall.md` light sides, none is 5, as
/// Kendall-7; `rules-simple.md` dark sides, none dark is 6;
/// `rules-jequier.md` flat sides, none is 6), a die's pips, two dice.
fn spec_throw(rule_set: &str, roll: &Value) -> Value {
    match roll["kind"].as_str().unwrap() {
        "sticks" => {
            let light = roll["sticks"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|stick| stick.as_bool().unwrap())
                .count() as u64;
            let (counted, up, none) = match rule_set {
                "simple" => ("dark", 4 - light, 6),
                "jequier" => ("light", light, 6),
                _ => ("light", light, 5),
            };
            let squares = if up == 0 { none } else { up };
            json!({"kind": "sticks", "counted": counted, "up": up, "squares": squares})
        }
        "die" => json!({"kind": "die", "squares": roll["pip"]}),
        "dice" => json!({"kind": "dice", "first": roll["first"], "second": roll["second"]}),
        other => panic!("{rule_set}: a {other} is no turn's throw"),
    }
}

/// Every chance a seat threw tells its worth as the spec counts it; the
/// draws the rules make (lots, Path of Peril's trials) tell none.
fn throws_tell_their_worth(rule_set: &str, steps: &[Value]) {
    let mut throws = 0;
    for step in steps {
        if step["step"]["step"] != "chance" {
            assert!(step.get("throw").is_none(), "{rule_set}: {step}");
            continue;
        }
        let roll = &step["step"]["roll"];
        match step.get("throw") {
            Some(worth) => {
                throws += 1;
                assert_eq!(worth, &spec_throw(rule_set, roll), "{rule_set}: {step}");
            }
            None => assert!(
                roll["kind"] == "lot" || rule_set == "peril" || rule_set == "modern",
                "{rule_set}: a throw without its worth: {step}"
            ),
        }
    }
    assert!(throws > 0, "{rule_set}: no throw told its worth");
}

async fn play_one(app: &TestApp, rule_set: &str, seats: u8) {
    let mut table = Table::invite(app, rule_set, seats).await;
    let over = table.play_to_end(20_000).await;
    throws_tell_their_worth(rule_set, &table.steps);
    let standing = told_standing(&over);
    assert_eq!(over["game_id"], table.game_id.as_str());
    let (stored, replayed) = stored_replay(app, &table.game_id, rule_set, seats).await;
    assert_eq!(
        stored,
        table.steps.len(),
        "{rule_set}: every told step is stored"
    );
    assert_eq!(
        replayed.as_ref(),
        Some(&standing),
        "{rule_set}: the record replays to the standing told"
    );
    // A late spectator gets the whole record in its snapshot.
    let (_, snapshot) = app.connect_v2(&table.code, None).await;
    assert_eq!(snapshot["status"], "finished");
    assert_eq!(
        snapshot["steps"].as_array().unwrap().len(),
        table.steps.len()
    );
    let steps: Vec<Value> = table.steps.iter().map(|s| s["text"].clone()).collect();
    let snap: Vec<Value> = snapshot["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].clone())
        .collect();
    assert_eq!(
        steps, snap,
        "{rule_set}: the snapshot's record is the one told"
    );
    assert_eq!(
        serde_json::from_value::<Standing>(snapshot["standing"].clone()).unwrap(),
        standing
    );
}

#[tokio::test]
async fn every_rule_set_plays_to_the_end_through_invites() {
    let app = spawn_fast_app().await;
    for rule_set in TWO_SEAT_RULE_SETS {
        play_one(&app, rule_set, 2).await;
    }
    app.stop().await;
}

#[tokio::test]
async fn modern_plays_with_three_and_four_seats() {
    let app = spawn_fast_app().await;
    play_one(&app, "modern", 3).await;
    play_one(&app, "modern", 4).await;
    app.stop().await;
}

/// A seat resigns a game of `seats`: the others play on and the record
/// holds the leaving.
async fn resign_and_play_on(app: &TestApp, seats: u8) {
    let mut table = Table::invite(app, "modern", seats).await;
    let quitter = 1;
    let told = table.play_then_resign(12, quitter).await;
    assert_eq!(told[0]["seat"], quitter);
    assert!(
        told[0]["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "out" && e["seat"] == quitter)
    );
    // The quitter can no longer act: `out_of_game`, the others play on.
    table
        .client(quitter)
        .send(json!({ "v": 2, "type": "throw" }))
        .await;
    let refused = table.client(quitter).recv_type("error").await;
    assert_eq!(refused["code"], "out_of_game", "{refused}");
    let over = table.play_to_end(20_000).await;
    let standing = told_standing(&over);
    assert_ne!(standing.winner(), Seat::new(quitter as u8));
    let (_, replayed) = stored_replay(app, &table.game_id, "modern", seats).await;
    assert_eq!(replayed.as_ref(), Some(&standing));
}

#[tokio::test]
async fn a_seat_leaves_a_game_of_three_or_four_and_the_others_play_on() {
    let app = spawn_fast_app().await;
    resign_and_play_on(&app, 3).await;
    resign_and_play_on(&app, 4).await;
    app.stop().await;
}

#[tokio::test]
async fn a_person_plays_every_rule_set_against_the_computer() {
    let app = spawn_fast_app().await;
    for rule_set in TWO_SEAT_RULE_SETS {
        let (_, token) = app.player("Alone").await;
        let room = json!({ "rule_set": rule_set, "computers": ["beginner"] });
        let (mut table, snapshot) = Table::against_computers(&app, token, room).await;
        assert_eq!(
            snapshot["seats"][1]["player"]["computer"], "beginner",
            "{snapshot}"
        );
        let over = table.play_to_end(20_000).await;
        let (_, replayed) = stored_replay(&app, &table.game_id, rule_set, 2).await;
        assert_eq!(replayed, Some(told_standing(&over)), "{rule_set}");
    }
    app.stop().await;
}

/// Whether the table is at a point worth restarting at for `rule_set`:
/// right after a Path of Peril step that drew by itself, between the two
/// dice of a Senet-modern split, or anywhere after a few steps.
fn restart_point(table: &Table, rule_set: &str) -> bool {
    let last = table.steps.last();
    match rule_set {
        "peril" => {
            let drawn = table.steps.len() >= 2
                && table.steps[table.steps.len() - 2]["next"]["kind"] == "draw";
            drawn && table.next["kind"] == "decide"
        }
        "modern" => last.is_some_and(|step| {
            step["step"]["choice"]["kind"] == "move_dice"
                && step["step"]["choice"]["by"]["kind"] == "die"
                && table.next["kind"] == "decide"
                && table.next["seat"] == step["seat"]
        }),
        _ => table.steps.len() >= 9,
    }
}

#[tokio::test]
async fn every_rule_set_resumes_after_a_restart_mid_game() {
    let mut app = spawn_fast_app().await;
    for rule_set in TWO_SEAT_RULE_SETS {
        let mut table = Table::invite(&app, rule_set, 2).await;
        let mut found = false;
        for _ in 0..5000 {
            if restart_point(&table, rule_set) {
                found = true;
                break;
            }
            if !table.step().await {
                // Over before the point came up: play another game.
                table.game_over().await;
                table = Table::invite(&app, rule_set, 2).await;
            }
        }
        assert!(found, "{rule_set}: a restart point came up");
        let before_next = table.next.clone();
        let before_steps: Vec<Value> = table.steps.iter().map(|s| s["text"].clone()).collect();
        let db_url = app.stop().await;
        app = start_fast_on(&db_url).await;
        reconnect(&app, &mut table).await;
        let last = before_steps.len();
        if table.steps.len() + 1 == last {
            // The last step was a seat's own throw waiting for its move:
            // shown, stored with the move (one commit per decision). The
            // seat throws again, and the same throw comes out.
            assert_eq!(table.next["kind"], "throw", "{rule_set}: {}", table.next);
            let (seat, throw) = table.random_action().unwrap();
            table.client(seat).send(throw).await;
            table.read_batch().await;
        }
        assert_eq!(
            table.next, before_next,
            "{rule_set}: the same decision waits after the restart"
        );
        let after: Vec<Value> = table.steps.iter().map(|s| s["text"].clone()).collect();
        assert_eq!(
            after, before_steps,
            "{rule_set}: the record survives the restart"
        );
        let over = table.play_to_end(20_000).await;
        let (_, replayed) = stored_replay(&app, &table.game_id, rule_set, 2).await;
        assert_eq!(replayed, Some(told_standing(&over)));
    }
    app.stop().await;
}

/// Opens every client of a table again on a (restarted) server.
async fn reconnect(app: &Remote, table: &mut Table) {
    for (seat, token) in table.tokens.clone().iter().enumerate() {
        if let Some(token) = token {
            let (client, _) = app.connect_v2(&table.code, Some(token)).await;
            table.seats[seat] = Some(client);
        }
    }
    let mut watchers = Vec::new();
    for _ in 0..table.watchers.len() {
        watchers.push(app.connect_v2(&table.code, None).await.0);
    }
    table.watchers = watchers;
    table.resync().await;
}

#[tokio::test]
async fn version_1_is_for_kendall_rooms_and_seats_are_checked() {
    let app = spawn_fast_app().await;
    let (_, token) = app.player("Asker").await;
    let peril = app
        .create_room(&token, json!({ "rule_set": "peril" }))
        .await;
    let code = peril["code"].as_str().unwrap();
    assert!(
        peril.get("side").is_none(),
        "no side outside kendall: {peril}"
    );
    let refused = common::Client::open(&app.ws_url(code, Some(&token)), None).await;
    assert!(
        refused.is_err(),
        "a version 1 client cannot join a peril room"
    );
    let response = app
        .http("GET", &format!("/ws/rooms/{code}"), None, None)
        .await;
    assert_eq!(response.status, 400, "{:?}", response.body);
    for (body, code) in [
        (json!({ "rule_set": "modern", "seats": 5 }), "bad_seats"),
        (json!({ "rule_set": "peril", "seats": 3 }), "bad_seats"),
        (
            json!({ "rule_set": "modern", "seats": 3, "seat": 3 }),
            "bad_seat",
        ),
        (json!({ "seat": 1, "side": "cone" }), "bad_seat"),
        (
            json!({ "seats": 2, "computers": ["beginner", "expert"] }),
            "bad_opponent",
        ),
    ] {
        let bad = app
            .http("POST", "/api/rooms", Some(&token), Some(&body.to_string()))
            .await;
        assert_eq!(bad.status, 400, "{body}");
        assert_eq!(bad.body["error"]["code"], code, "{body}");
    }
    // A version 2 decision that is no option's text is refused, with the
    // state unchanged.
    let mut table = Table::invite(&app, "kendall", 2).await;
    let thrower = table.next["thrower"].as_u64().unwrap();
    table
        .client(thrower)
        .send(json!({ "v": 2, "type": "decide", "option": "fly away" }))
        .await;
    let error = table.client(thrower).recv_type("error").await;
    assert_eq!(error["v"], 2);
    assert_eq!(error["code"], "bad_message");
    table
        .client(thrower)
        .send(json!({ "v": 2, "type": "decide", "option": "9" }))
        .await;
    let error = table.client(thrower).recv_type("error").await;
    assert_eq!(error["code"], "must_throw_first", "{error}");
    let other = 1 - thrower;
    table
        .client(other)
        .send(json!({ "v": 2, "type": "throw" }))
        .await;
    let error = table.client(other).recv_type("error").await;
    assert_eq!(error["code"], "not_your_turn");
    assert!(table.step().await);
    app.stop().await;
}
