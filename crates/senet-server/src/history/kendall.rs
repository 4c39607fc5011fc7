//! A Kendall game turn by turn, and its download in the turn notation
//! (`docs/notation.md`).
//!
//! The turns are read off the same replay the history shows every game
//! by (`super::replay`): each step's events say what its move did, so the
//! game is replayed once per request, whatever its rule set.

use senet_engine::kendall_v1::{Effect, KendallTurns, Rules, write_game_text};
use senet_engine::{Kendall, Seat};
use serde_json::{Value, json};

use super::replay::Replayed;
use crate::error::AppError;
use crate::store::StepRow;
use crate::table::Entry;
use crate::ws::protocol::MoveView;

/// A Kendall game's turns: as the engine reads them off the steps, and as
/// the history's JSON shows them.
pub struct Turns {
    /// The turns, and the throw the game ended on before its move.
    pub turns: KendallTurns,
    /// Each turn: number, side, throw, sticks, from-square (`null` for a
    /// forfeit), the move with its effect, what it did (`events`), whether
    /// it gives another throw, the position and pieces borne off after it,
    /// and when it was stored.
    pub json: Vec<Value>,
}

/// The turns of a replayed Kendall game; `None` for another rule set.
pub fn turns(replayed: &Replayed, steps: &[StepRow]) -> Result<Option<Turns>, AppError> {
    if replayed.rule_set != senet_engine::RuleSetId::Kendall {
        return Ok(None);
    }
    let mut turns = KendallTurns::new();
    let mut json = Vec::new();
    let record = replayed.table.record();
    for (index, played) in record.iter().enumerate() {
        let Entry::Step(step) = &played.entry else {
            continue;
        };
        let done = turns
            .push(step, &played.events)
            .map_err(|e| AppError::Internal(format!("Kendall turns: {e}")))?;
        let Some(turn) = done else {
            continue;
        };
        let view = replayed.views.get(index);
        let off = |seat: u8| {
            Seat::new(seat)
                .and_then(|seat| view?.seats.get(seat.index()))
                .map_or(0, |seat| seat.off.len())
        };
        let mut events: Vec<&str> = Vec::new();
        match turn.played {
            None => events.push("forfeit"),
            Some(mv) => {
                match mv.effect {
                    Effect::Capture => events.push("capture"),
                    Effect::Water { .. } => events.push("water"),
                    Effect::BearOff => events.push("bear_off"),
                    Effect::None => {}
                }
                if mv.direction == senet_engine::kendall_v1::Direction::Backward {
                    events.push("backward");
                }
            }
        }
        let thrown = turn.thrown;
        json.push(json!({
            "turn_no": turns.turns().len(),
            "side": thrown.side.name(),
            "throw": thrown.throw.value(),
            "sticks": thrown.sticks.lights(),
            "from": turn.played.map(|mv| mv.from.number()),
            "move": turn.played.map(MoveView::from),
            "events": events,
            "extra_throw": turn.played.is_some() && Kendall.extra_throw(thrown.throw),
            "position": replayed.positions.get(index),
            "borne_off": { "cone": off(0), "spool": off(1) },
            "played_at": steps.get(index).map(|row| row.played_at),
        }));
    }
    Ok(Some(Turns { turns, json }))
}

/// The Kendall text record of a game (`docs/notation.md`) from its JSON and
/// its turns, with the tags `extra` (the time control, the fairness tags)
/// before the result. A throw the game ended on before its move was played
/// is written as the last turn (`3:?`), so every throw is in the record.
pub fn record_text(
    game: &Value,
    turns: &KendallTurns,
    site: &str,
    extra: &[(String, String)],
) -> Result<String, AppError> {
    let name = |side: &str| {
        game[side]["display_name"]
            .as_str()
            .unwrap_or("?")
            .to_owned()
    };
    let text = |key: &str| game[key].as_str().unwrap_or("").to_owned();
    let started = text("started_at");
    let date = started.get(..10).unwrap_or("????-??-??").to_owned();
    let result = match (
        game["result"]["winner"].as_str(),
        game["result"]["how"].as_str(),
    ) {
        (Some(winner), Some(how)) => format!("{winner} {how}"),
        _ => "*".to_owned(),
    };
    let unplayed = turns.unplayed().map(|thrown| thrown.throw);
    let turn_count = (turns.turns().len() + usize::from(unplayed.is_some())).to_string();
    let site = format!("{site}/games/{}", text("game_id"));
    let rule_set = text("rule_set");
    let cone = name("cone");
    let spool = name("spool");
    let mut tags: Vec<(&str, &str)> = vec![
        ("Event", "Senet Online"),
        ("Site", &site),
        ("RuleSet", &rule_set),
        ("Cone", &cone),
        ("Spool", &spool),
        ("Date", &date),
        ("Start", &started),
    ];
    let finished = text("finished_at");
    if !finished.is_empty() {
        tags.push(("End", &finished));
    }
    tags.push(("Turns", &turn_count));
    tags.extend(extra.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    tags.push(("Result", &result));
    write_game_text(&tags, &turns.record(), unplayed).map_err(AppError::internal)
}
