//! A stored game turned into its review's JSON document: the record
//! replayed through the room's table into the AI's terms, the analysis
//! (`senet_ai::review`), and the document the API serves.

use senet_ai::Endgame;
use senet_ai::review::{
    BEST_WITHIN, GOOD_BELOW, GameReview, Grade, INACCURACY_BELOW, MISTAKE_BELOW, Played,
    REVIEW_VERSION, ReviewError, Reviewed, Reviewer, review_game,
};
use senet_engine::RuleSetId;
use serde_json::{Value, json};

use crate::error::AppError;
use crate::history::replay::replay;
use crate::store::{GameRow, StepRow};
use crate::table::Entry;

/// What the analysis needs of a stored game, read on the runtime and
/// handed to a blocking thread.
pub struct Input {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// How many seats.
    pub seats: u8,
    /// Every entry of the record.
    pub record: Vec<Played>,
}

/// Replays a stored game's entries into the AI's terms (a step, or a seat
/// leaving); the store only holds what a table took, so a refusal is an
/// internal error naming the game.
pub fn input(row: &GameRow, steps: &[StepRow]) -> Result<Input, AppError> {
    let replayed = replay(row, steps, "review")?;
    let record = replayed
        .table
        .record()
        .iter()
        .map(|played| match played.entry {
            Entry::Step(step) => Played::Step(step),
            Entry::Left { seat, .. } => Played::Left(seat),
        })
        .collect();
    Ok(Input {
        rule_set: replayed.rule_set,
        seats: replayed.table.seats(),
        record,
    })
}

/// Runs the analysis (blocking: call it from `spawn_blocking`) and returns
/// the document to store. Kendall games use `endgame` where it covers;
/// `stop` is asked between searches (`Ok(None)` when it stopped the
/// review).
pub fn analyse(
    input: &Input,
    nodes: u64,
    endgame: Option<&dyn Endgame>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Value>, String> {
    let endgame = endgame.filter(|_| input.rule_set == RuleSetId::Kendall);
    let reviewer = Reviewer {
        nodes,
        endgame,
        stop: Some(stop),
    };
    match review_game(input.rule_set, input.seats, &input.record, &reviewer) {
        Ok(review) => Ok(Some(document(&review))),
        Err(ReviewError::Stopped) => Ok(None),
        Err(error) => Err(error.to_string()),
    }
}

/// Rounds a chance or a number of points for the document (the search's
/// values carry no meaning past this).
fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// The review as stored and served (without the game's id, status and
/// time, added when served).
pub fn document(review: &GameReview) -> Value {
    let entries: Vec<Value> = review
        .entries
        .iter()
        .map(|entry| {
            let mut value = json!({
                "step_no": entry.index + 1,
                "seat": entry.seat.number(),
                "before": round(entry.before, 4),
                "after": round(entry.after, 4),
            });
            match &entry.what {
                Reviewed::Decision {
                    options,
                    best,
                    played,
                    points_lost,
                    grade,
                } => {
                    value["kind"] = json!("decision");
                    value["options"] = json!(options);
                    value["best"] = json!(best.to_string());
                    value["played"] = json!(played.to_string());
                    value["points_lost"] = json!(round(*points_lost, 2));
                    value["grade"] = json!(grade.map(Grade::as_str));
                }
                Reviewed::Chance { luck, .. } => {
                    value["kind"] = json!("chance");
                    value["luck"] = json!(round(*luck, 2));
                }
            }
            value
        })
        .collect();
    let seats: Vec<Value> = review
        .summary
        .iter()
        .map(|s| {
            let grades: serde_json::Map<String, Value> = Grade::ALL
                .iter()
                .map(|g| (g.as_str().to_owned(), json!(s.grades[g.index()])))
                .collect();
            json!({
                "seat": s.seat.number(),
                "graded": s.graded,
                "forced": s.forced,
                "grades": grades,
                "points_lost": round(s.points_lost, 2),
                "mean_points_lost": s.mean_points_lost.map(|m| round(m, 2)),
                "accuracy": s.accuracy.map(|a| round(a, 1)),
                "throws": s.throws,
                "luck": round(s.luck, 2),
            })
        })
        .collect();
    json!({
        "version": REVIEW_VERSION,
        "rule_set": review.rule_set.as_str(),
        "seat_count": review.seats,
        "nodes": review.nodes,
        "tables": review.tables,
        "thresholds": {
            "best": BEST_WITHIN,
            "good": GOOD_BELOW,
            "inaccuracy": INACCURACY_BELOW,
            "mistake": MISTAKE_BELOW,
        },
        "entries": entries,
        "seats": seats,
    })
}
