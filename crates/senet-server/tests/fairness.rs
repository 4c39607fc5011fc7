//! Provably fair chance through the real server (`docs/fairness.md`): the
//! commitment is shown from the start, the server seed is never sent while
//! the game is on and revealed once it is over, and every chance step the
//! players were told is recomputed from the revealed seed, the game id, the
//! players' client seeds and the step number.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

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
    for _ in 0..30 {
        if !table.step().await {
            break;
        }
    }
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
