//! A stored game of any rule set replayed through [`Table`]: every entry
//! of its record with what it did and the position after it, the final
//! position and view, the standing as stored, and the step record that
//! `record.txt` downloads for the rule sets other than Kendall.

use chrono::{DateTime, SecondsFormat, Utc};
use senet_engine::{EndHow, Leaving, RuleSetId, Seat, Standing, Step, StepRecord};
use serde_json::{Value, json};

use super::decision_time::{Timed, clock_figures, decision_times};
use crate::error::AppError;
use crate::store::{GameRow, GameStatus, StepRow};
use crate::table::{Entry, Table};
use crate::ws::protocol::steps::step_info;

/// A stored game replayed.
pub struct Replayed {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// The table after the last stored entry.
    pub table: Table,
    /// The position text before the first entry.
    pub start_position: String,
    /// The position text after each entry, in order.
    pub positions: Vec<String>,
    /// The view before the first entry.
    pub start_view: senet_engine::View,
    /// The view after each entry, in order (what the replay draws).
    pub views: Vec<senet_engine::View>,
}

/// Replays a game's stored entries through [`Table`], `for_what` (counted
/// by [`crate::metrics::game_replayed`]); a seat count or an entry the
/// rules refuse is an internal error naming the game (the store only ever
/// holds what a table took).
pub fn replay(
    row: &GameRow,
    steps: &[StepRow],
    for_what: &'static str,
) -> Result<Replayed, AppError> {
    crate::metrics::game_replayed(for_what);
    let fail = |what: String| AppError::Internal(format!("game {}: {what}", row.id));
    let rule_set = row.rule_set;
    let seats = u8::try_from(row.seat_count).map_err(|e| fail(format!("seat count: {e}")))?;
    let mut table = Table::new(rule_set, seats).map_err(&fail)?;
    let start_position = table.position_text();
    let start_view = table.view();
    let mut positions = Vec::with_capacity(steps.len());
    let mut views = Vec::with_capacity(steps.len());
    for step in steps {
        let entry: Entry = step
            .step
            .parse()
            .map_err(|e| fail(format!("step {}: {e}", step.step_no)))?;
        table.play(entry).map_err(|refused| {
            fail(format!(
                "step {} `{entry}` is refused: {}",
                step.step_no, refused.message
            ))
        })?;
        positions.push(table.position_text());
        views.push(table.view());
    }
    Ok(Replayed {
        rule_set,
        table,
        start_position,
        positions,
        start_view,
        views,
    })
}

/// Every entry as the WebSocket protocol (version 2) told it — `step_no`,
/// `text`, `seat`, `step` (the step as data, `null` for a seat leaving),
/// `left`, `events` — with the position after it, when it was stored, its
/// decision time (`think_ms`, see [`super::decision_time`]) and the clocks
/// stored with it (`clock_ms`, rooms with a time control).
pub fn steps_json(
    replayed: &Replayed,
    steps: &[StepRow],
    started_at: Option<DateTime<Utc>>,
) -> Result<Vec<Value>, AppError> {
    let record = replayed.table.record();
    let timed: Vec<Timed> = record
        .iter()
        .zip(steps)
        .map(|(played, row)| Timed {
            played_at: row.played_at,
            acted: match played.entry {
                Entry::Step(_) => played.entry.seat().is_some() || played.by.is_some(),
                Entry::Left { .. } => false,
            },
        })
        .collect();
    let think = decision_times(started_at, &timed);
    let mut out = Vec::with_capacity(record.len());
    for (index, (((played, row), position), view)) in record
        .iter()
        .zip(steps)
        .zip(&replayed.positions)
        .zip(&replayed.views)
        .enumerate()
    {
        // The protocol's own view of an entry, so the history says each
        // entry exactly as the players were told it.
        let info = step_info(index, played);
        let mut value = serde_json::to_value(info).map_err(AppError::internal)?;
        value["position"] = json!(position);
        value["view"] = json!(view);
        value["played_at"] = json!(row.played_at);
        value["think_ms"] = json!(think.get(index).copied().flatten());
        value["clock_ms"] = json!(clock_figures(row.clock.as_deref()));
        out.push(value);
    }
    Ok(out)
}

/// The standing a finished game stored: the seats by place, the scores by
/// seat where any was stored, and how it ended; `None` before the end (or
/// for a finished game stored without how).
pub fn stored_standing(row: &GameRow) -> Option<Standing> {
    if row.status != GameStatus::Finished {
        return None;
    }
    let how = row.end_how?;
    let mut placed: Vec<(i16, Seat)> = row
        .seats
        .iter()
        .filter_map(|s| {
            let seat = u8::try_from(s.seat).ok().and_then(Seat::new)?;
            Some((s.place?, seat))
        })
        .collect();
    placed.sort();
    let mut by_seat: Vec<_> = row.seats.iter().collect();
    by_seat.sort_by_key(|s| s.seat);
    let scores = if by_seat.iter().any(|s| s.score.is_some()) {
        by_seat.iter().map(|s| s.score.unwrap_or(0)).collect()
    } else {
        Vec::new()
    };
    Some(Standing {
        places: placed.into_iter().map(|(_, seat)| seat).collect(),
        scores,
        how,
    })
}

/// The `Result` tag of a step record: `places 1,0 gates` (seats first to
/// last, as `senet play` writes it and `senet replay` prints it), or `*`.
fn result_tag(standing: Option<&Standing>) -> String {
    standing.map_or_else(
        || "*".to_owned(),
        |standing| {
            let places: Vec<String> = standing.places.iter().map(ToString::to_string).collect();
            format!("places {} {}", places.join(","), standing.how)
        },
    )
}

/// The step record of a game (`docs/notation.md`, "Step records"): the
/// rule set and seats, where it was played, the players by seat (`Seat0`,
/// `Seat1`, …), dates, the number of steps, the result and scores; then
/// one entry a line, a seat that left as `<seat>:resign` or
/// `<seat>:abandon`. A game of two that one seat left ends with that
/// seat's leaving line, so replaying the record reaches the stored result.
/// The tags `extra` (the fairness tags) come before the result.
pub fn step_record(
    row: &GameRow,
    replayed: &Replayed,
    site: &str,
    extra: &[(String, String)],
) -> String {
    let mut steps: Vec<Step> = Vec::new();
    let mut left: Vec<Leaving> = Vec::new();
    for played in replayed.table.record() {
        match played.entry {
            Entry::Step(step) => steps.push(step),
            Entry::Left { seat, how } => left.push(Leaving {
                line: 0,
                after: steps.len(),
                seat,
                how: how.end_how(),
            }),
        }
    }
    let standing = stored_standing(row);
    // A game of two ends outside the rules when a seat leaves: its last
    // place left. The rules' own end needs no line.
    let ended_by_leaving = standing
        .as_ref()
        .filter(|s| matches!(s.how, EndHow::Resigned | EndHow::Abandoned | EndHow::Time))
        .filter(|_| replayed.table.standing().is_none());
    if let Some((standing, loser)) =
        ended_by_leaving.and_then(|s| s.places.last().map(|loser| (s, *loser)))
    {
        left.push(Leaving {
            line: 0,
            after: steps.len(),
            seat: loser,
            how: standing.how,
        });
    }
    let names: Vec<(String, String)> = row
        .seats
        .iter()
        .map(|s| {
            let name = s.display_name.clone().unwrap_or_else(|| "?".to_owned());
            (format!("Seat{}", s.seat), name)
        })
        .collect();
    let site = format!("{site}/games/{}", row.id);
    // The instants as the JSON writes them (RFC 3339, UTC, `Z`).
    let instant = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::AutoSi, true);
    let started = row.started_at.map(instant).unwrap_or_default();
    let date = started.get(..10).unwrap_or("????-??-??").to_owned();
    let finished = row.finished_at.map(instant);
    let step_count = steps.len().to_string();
    let result = result_tag(standing.as_ref());
    let scores = standing.as_ref().filter(|s| !s.scores.is_empty()).map(|s| {
        s.scores
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    });
    let mut tags: Vec<(&str, &str)> = vec![("Event", "Senet Online"), ("Site", &site)];
    tags.extend(
        names
            .iter()
            .map(|(tag, name)| (tag.as_str(), name.as_str())),
    );
    tags.push(("Date", &date));
    tags.push(("Start", &started));
    if let Some(finished) = &finished {
        tags.push(("End", finished));
    }
    tags.push(("Steps", &step_count));
    tags.extend(extra.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    tags.push(("Result", &result));
    if let Some(scores) = &scores {
        tags.push(("Scores", scores));
    }
    StepRecord::write_with_leavings(
        replayed.rule_set,
        replayed.table.seats(),
        &tags,
        &steps,
        &left,
    )
}
