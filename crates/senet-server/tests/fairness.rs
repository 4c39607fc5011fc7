//! Provably fair chance through the real server (`docs/fairness.md`): the
//! commitment is shown from the start, the server seed is never sent while
//! the game is on and revealed once it is over, and every chance step the
//! players were told is recomputed from the revealed seed, the game id, the
//! players' client seeds and the step number.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::real::{RealServer, server_command_for};
use common::spawn_fast_app;
use common::v2::{Table, client_seed};
use senet_engine::fair::{Seeds, commitment, from_hex, roll};
use senet_engine::{AnyRules, Next, RuleSet, RuleSetId, Step};
use serde_json::Value;

/// Replays the told steps through the engine and checks each chance step
/// is the one the revealed seed gives for its number.
fn check_every_chance_step(
    rule_set: &str,
    seats: u8,
    game_id: &str,
    fairness: &Value,
    steps: &[Value],
) {
    let seed_hex = fairness["server_seed"]
        .as_str()
        .expect("revealed once over");
    let seed: [u8; 32] = from_hex(seed_hex).unwrap().try_into().unwrap();
    assert_eq!(commitment(&seed), fairness["commitment"].as_str().unwrap());
    let clients: Vec<String> = fairness["client_seeds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seed| seed.as_str().unwrap().to_owned())
        .collect();
    let expected: Vec<String> = (0..usize::from(seats)).map(client_seed).collect();
    assert_eq!(clients, expected, "each seat's own seed counts");
    let game = uuid::Uuid::parse_str(game_id).unwrap();
    let seeds = Seeds {
        server: &seed,
        game_id: game.as_bytes(),
        clients: &clients,
    };
    let rules = AnyRules::of(rule_set.parse::<RuleSetId>().unwrap());
    let mut state = rules.start(seats).unwrap();
    let mut events = Vec::new();
    let mut chance_steps = 0;
    for told in steps {
        let step: Step = serde_json::from_value(told["step"].clone()).unwrap();
        if let (Next::Chance(kind), Step::Chance { roll: told_roll }) = (rules.next(&state), step) {
            let step_no = u32::try_from(told["step_no"].as_u64().unwrap()).unwrap();
            assert_eq!(
                told_roll,
                roll(kind, seeds, step_no),
                "{rule_set}: step {step_no}"
            );
            chance_steps += 1;
        }
        rules.apply(&mut state, step, &mut events).unwrap();
    }
    assert!(
        chance_steps > 10,
        "{rule_set}: a game has many chance steps"
    );
}

/// `senet verify`'s check of a downloaded record: the record as served
/// verifies; one chance step changed, or another seed, does not.
fn verify_download(rule_set: &str, text: &str, revealed: &str) {
    let verified = senet_cli::verify::verify_text(text).unwrap();
    assert!(
        verified.starts_with(&format!("verified: {rule_set}: ")),
        "{verified}"
    );
    let tampered = tamper_first_chance(text);
    assert_ne!(tampered, text);
    let refused = senet_cli::verify::verify_text(&tampered).unwrap_err();
    assert!(
        refused.contains("the seeds give"),
        "{rule_set}: {refused}\n{tampered}"
    );
    let mut other_seed: Vec<u8> = from_hex(revealed).unwrap();
    other_seed[0] ^= 1;
    let forged = text.replace(revealed, &senet_engine::fair::hex(&other_seed));
    let refused = senet_cli::verify::verify_text(&forged).unwrap_err();
    assert!(
        refused.contains("does not match the commitment"),
        "{refused}"
    );
}

/// The record with its first chance outcome changed into another outcome
/// of the same kind: a throw of the sticks with its first stick turned, a
/// die (or the first of two) one pip on, a Kendall turn's throw one more.
fn tamper_first_chance(text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for line in lines.iter_mut().filter(|l| !l.starts_with('[')) {
        let tampered = if let Some((number, turn)) = line.split_once(". ") {
            // `12. c 3:9`: the throw is before the colon.
            let (side, play) = turn.split_once(' ').unwrap();
            let (throw, from) = play.split_once(':').unwrap();
            let other = throw.parse::<u8>().unwrap() % 5 + 1;
            Some(format!("{number}. {side} {other}:{from}"))
        } else if line.len() == 4 && line.chars().all(|c| c == 'L' || c == 'D') {
            let flipped = if line.starts_with('L') { 'D' } else { 'L' };
            Some(format!("{flipped}{}", &line[1..]))
        } else if line.starts_with('d') && line[1..2].parse::<u8>().is_ok() {
            let pip = line[1..2].parse::<u8>().unwrap() % 6 + 1;
            Some(format!("d{pip}{}", &line[2..]))
        } else {
            None
        };
        if let Some(tampered) = tampered {
            *line = tampered;
            break;
        }
    }
    lines.join("\n") + "\n"
}

async fn fair_game(rule_set: &str, seats: u8) {
    let app = spawn_fast_app().await;
    let mut table = Table::invite(&app, rule_set, seats).await;
    let (mut watcher, snapshot) = app.connect_v2(&table.code, None).await;
    let fairness = snapshot["fairness"].clone();
    let committed = fairness["commitment"].as_str().unwrap().to_owned();
    assert_eq!(committed.len(), 64, "{fairness}");
    assert!(
        fairness["server_seed"].is_null(),
        "never revealed while the game is on"
    );
    // A few actions, too few for any rule set's game to end (a game of
    // peril can end after some thirty when captures come fast): the
    // record is of a game in play.
    for _ in 0..8 {
        assert!(table.step().await, "the game is still on");
    }
    let record_path = format!("/api/games/{}/record.txt", table.game_id);
    let token = table.tokens[0].clone();
    let live = app.http("GET", &record_path, token.as_deref(), None).await;
    assert_eq!(live.status, 200, "{}", live.text);
    assert!(
        live.text.contains(&format!("[Commitment \"{committed}\"]")),
        "{}",
        live.text
    );
    assert!(
        !live.text.contains("[ServerSeed "),
        "never in a record of a game in play"
    );
    let refused = senet_cli::verify::verify_text(&live.text).unwrap_err();
    assert!(
        refused.contains("revealed only when the game is over"),
        "{refused}"
    );
    let during = watcher.snapshot_v2().await;
    assert!(during["fairness"]["server_seed"].is_null());
    assert_eq!(during["fairness"]["commitment"], committed.as_str());
    watcher.close().await;
    table.play_to_end(40_000).await;
    let (_, after) = app.connect_v2(&table.code, None).await;
    assert_eq!(
        after["fairness"]["commitment"],
        committed.as_str(),
        "the commitment never changes"
    );
    let revealed = after["fairness"]["server_seed"]
        .as_str()
        .unwrap()
        .to_owned();
    // Nothing told during the game carried the seed.
    for step in &table.steps {
        assert!(!step.to_string().contains(&revealed));
    }
    check_every_chance_step(
        rule_set,
        seats,
        &table.game_id,
        &after["fairness"],
        &table.steps,
    );
    let record = app.http("GET", &record_path, token.as_deref(), None).await;
    assert!(
        record
            .text
            .contains(&format!("[ServerSeed \"{revealed}\"]")),
        "{}",
        record.text
    );
    verify_download(rule_set, &record.text, &revealed);
    // The game detail reads the client seeds with its seats.
    let detail = app
        .http(
            "GET",
            &format!("/api/games/{}", table.game_id),
            token.as_deref(),
            None,
        )
        .await;
    let expected: Vec<String> = (0..usize::from(seats)).map(client_seed).collect();
    assert_eq!(
        detail.body["fairness"]["client_seeds"],
        serde_json::json!(expected),
        "{}",
        detail.body["fairness"]
    );
    app.stop().await;
}

#[tokio::test]
async fn kendall_throws_are_derived_from_the_committed_seed() {
    fair_game("kendall", 2).await;
}

#[tokio::test]
async fn peril_rolls_including_the_servers_own_draws_are_derived() {
    fair_game("peril", 2).await;
}

#[tokio::test]
async fn modern_dice_at_four_seats_are_derived() {
    fair_game("modern", 4).await;
}

#[tokio::test]
async fn jequier_lot_and_opening_are_derived() {
    fair_game("jequier", 2).await;
}

#[tokio::test]
async fn a_client_seed_is_checked() {
    let app = spawn_fast_app().await;
    let (_, token) = app.player("Seeder").await;
    let long = "x".repeat(65);
    let response = app
        .http(
            "POST",
            "/api/rooms",
            Some(&token),
            Some(&serde_json::json!({ "client_seed": long }).to_string()),
        )
        .await;
    assert_eq!(response.status, 400);
    assert_eq!(response.body["error"]["code"], "bad_client_seed");
    let room = app
        .create_room(&token, serde_json::json!({ "rule_set": "peril" }))
        .await;
    let url = format!(
        "{}&client_seed=%01",
        app.ws_url_v2(room["code"].as_str().unwrap(), Some(&token))
    );
    assert!(
        common::Client::open(&url, None).await.is_err(),
        "a control character is refused"
    );
    app.stop().await;
}

/// One commit per decision: a seat's throw that waits for the same seat's
/// decision is shown without being stored; after a crash (`kill -9` of the
/// real binary) the seat throws again and the same throw comes out (its
/// step number and the seeds are committed), and the decision stores both
/// in one transaction.
#[tokio::test]
async fn a_shown_throw_is_stored_with_its_decision_and_comes_out_again_after_a_crash() {
    let db_url = common::create_database().await;
    let server = RealServer::start(server_command_for(&db_url));
    let store = senet_server::Store::connect(&db_url).await.unwrap();
    let mut table = Table::invite(&server, "simple", 2).await;
    let game_id = uuid::Uuid::parse_str(&table.game_id).unwrap();
    let (seat, shown) = loop {
        let Some((seat, action)) = table.random_action() else {
            panic!("the game ended before a throw with a move");
        };
        let throwing = action["type"] == "throw";
        table.client(seat).send(action).await;
        let told = table.read_batch().await;
        if throwing && told.len() == 1 && table.next["seat"] == seat {
            break (seat, told[0].clone());
        }
    };
    assert_eq!(table.next["kind"], "decide");
    let step_no = usize::try_from(shown["step_no"].as_u64().unwrap()).unwrap();
    let stored = store.steps(game_id).await.unwrap();
    assert_eq!(stored.len(), step_no - 1, "the throw is shown, not stored");
    let token = table.tokens[usize::try_from(seat).unwrap()].clone();
    let code = table.code.clone();
    drop(table);
    server.kill9();

    let server = RealServer::start(server_command_for(&db_url));
    let (mut client, snapshot) = server.connect_v2(&code, token.as_deref()).await;
    assert_eq!(snapshot["next"]["kind"], "throw", "{}", snapshot["next"]);
    assert_eq!(snapshot["next"]["thrower"], seat);
    client
        .send(serde_json::json!({ "v": 2, "type": "throw" }))
        .await;
    let again = client.recv_type("step").await;
    assert_eq!(again["step_no"], shown["step_no"]);
    assert_eq!(
        again["step"], shown["step"],
        "the same throw comes out again"
    );
    let option = again["next"]["options"][0]["option"].clone();
    client
        .send(serde_json::json!({ "v": 2, "type": "decide", "option": option }))
        .await;
    client.recv_type("step").await;
    let stored = store.steps(game_id).await.unwrap();
    assert!(
        stored.len() > step_no,
        "the decision stored the throw with it"
    );
    let throw: Step = serde_json::from_value(shown["step"].clone()).unwrap();
    assert_eq!(stored[step_no - 1].step, throw.to_string());
    assert_eq!(
        stored[step_no - 1].played_at,
        stored[step_no].played_at,
        "one transaction"
    );
}
