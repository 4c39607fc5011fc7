//! The room's computer plays the levels `senet selfplay` and `senet best`
//! measure: in every rule set and seat count, each decision a computer seat
//! made in a real room is the option `senet best --record` ranks first in
//! the same state (the record up to that decision). The server runs with
//! the default node budget and no time limit (`--computer-time-ms 0`), so
//! the search is the same on a loaded test machine as on the command line.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use common::v2::Table;
use common::{TestApp, create_database, start_tuned};
use senet_ai::{Budget, Level};
use senet_cli::best::{Request, rank_record};
use senet_engine::Step;
use serde_json::json;

/// Steps the person plays (with the computer's in between) before the
/// decisions so far are compared: enough for a dozen of the computer's.
const ACTIONS: usize = 60;

/// How many of the computer's decisions with a choice each seating wants.
const ENOUGH: usize = 3;

/// At most this many rounds of [`ACTIONS`] until there are [`ENOUGH`].
const ROUNDS: usize = 5;

/// A server whose computer searches by nodes alone.
async fn app() -> TestApp {
    let db_url = create_database().await;
    start_tuned(
        &db_url,
        100_000.0,
        std::time::Duration::ZERO,
        senet_server::store::DEFAULT_TIMEOUT,
        |settings| settings.computer_budget = Budget::nodes(Budget::DEFAULT_NODES),
    )
    .await
}

/// Plays a room of `rule_set` with the person at seat 0 and `computers`
/// in the other seats, then checks every decision a computer seat made
/// with two or more options against `senet best`; returns how many.
async fn computer_agrees(app: &TestApp, rule_set: &str, computers: &[Level]) -> usize {
    let (_, token) = app.player("Person").await;
    let seats = computers.len() + 1;
    let names: Vec<&str> = computers.iter().map(|level| level.as_str()).collect();
    let room = json!({ "rule_set": rule_set, "seats": seats, "computers": names });
    let (mut table, _) = Table::against_computers(app, token, room).await;
    let game_id = uuid::Uuid::parse_str(&table.game_id).unwrap();
    let mut record = format!("[RuleSet \"{rule_set}\"]\n[Seats \"{seats}\"]\n");
    let mut compared = 0;
    let mut checked = 0;
    // A stretch of forced moves (a lucky run of throws in Peril) can leave
    // few choices in one round: play more rounds until there are enough.
    for _ in 0..ROUNDS {
        let mut over = false;
        for _ in 0..ACTIONS {
            if !table.step().await {
                over = true;
                break;
            }
        }
        let rows = app.store.steps(game_id).await.unwrap();
        for row in rows.iter().skip(checked) {
            let seat = row.seat.map(|s| usize::try_from(s).unwrap());
            if let Some(level) = seat.and_then(|s| s.checked_sub(1)).map(|c| computers[c]) {
                let request = Request {
                    level,
                    budget: Budget::nodes(Budget::DEFAULT_NODES),
                    seed: 0,
                };
                let ranked = rank_record(&record, &request, None)
                    .unwrap_or_else(|e| panic!("{rule_set}: {e}\n{record}"));
                let Ok(Step::Decide { choice, .. }) = row.step.parse::<Step>() else {
                    panic!("{rule_set}: a seat's entry is a decision: {}", row.step);
                };
                if ranked.len() > 1 {
                    assert_eq!(
                        Some(choice),
                        ranked.first().map(|(best, _)| *best),
                        "{rule_set}: the {level} computer's choice at step {} is senet best's first ({ranked:?})\n{record}",
                        row.step_no
                    );
                    compared += 1;
                }
            }
            record.push_str(&row.step);
            record.push('\n');
        }
        checked = rows.len();
        if over || compared >= ENOUGH {
            break;
        }
    }
    compared
}

#[tokio::test]
async fn the_rooms_computer_chooses_as_senet_best_does() {
    let app = app().await;
    let seatings: [(&str, &[Level]); 8] = [
        ("kendall", &[Level::Expert]),
        ("kendall-7", &[Level::Expert]),
        ("jequier", &[Level::Expert]),
        ("simple", &[Level::Intermediate]),
        ("peril", &[Level::Expert]),
        ("modern", &[Level::Expert]),
        ("modern", &[Level::Intermediate, Level::Expert]),
        (
            "modern",
            &[Level::Expert, Level::Intermediate, Level::Expert],
        ),
    ];
    for (rule_set, computers) in seatings {
        let compared = computer_agrees(&app, rule_set, computers).await;
        // Sixty steps give a computer seat many decisions; most have two
        // or more options (else more rounds are played).
        assert!(
            compared >= ENOUGH,
            "{rule_set} with {computers:?}: only {compared} decisions compared"
        );
    }
    app.stop().await;
}
