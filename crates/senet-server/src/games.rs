//! `GET /api/games/{id}`: a stored game with its seats, every step, and,
//! for the Kendall rules, every turn.

use axum::Json;
use axum::extract::{Path, State};
use senet_engine::{Choice, Game, Phase, Roll, RuleSetId, Rules, Step};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::error::AppError;
use crate::store::{GameRow, SeatRow, StepRow, Store};

/// A seat as the API shows it: the player (with the computer's level) or
/// `null` while open.
pub fn seat_json(seat: Option<&SeatRow>) -> Value {
    let Some(seat) = seat else {
        return Value::Null;
    };
    seat.player_id.map_or(Value::Null, |id| {
        let mut player = json!({ "player_id": id, "display_name": seat.display_name });
        if let Some(level) = &seat.computer_level {
            player["computer"] = json!(level);
        }
        player
    })
}

/// Every seat: number, player, name, computer level, colour, place, score.
pub fn seats_json(seats: &[SeatRow]) -> Value {
    seats
        .iter()
        .map(|seat| {
            json!({
                "seat": seat.seat,
                "player_id": seat.player_id,
                "display_name": seat.display_name,
                "computer": seat.computer_level,
                "colour": seat.colour,
                "place": seat.place,
                "score": seat.score,
            })
        })
        .collect()
}

/// The Kendall side of a seat: seat 0 is the Cone, seat 1 the Spool.
pub fn side_of_seat(seat: i16) -> Option<&'static str> {
    match seat {
        0 => Some("cone"),
        1 => Some("spool"),
        _ => None,
    }
}

/// The turns of a Kendall game, rebuilt from its steps through the engine:
/// a throw (chance step) and the move after it (a decision), or the throw
/// alone for a forfeit; a last throw still waiting for its move is no turn
/// yet. Each turn: number, side, throw, sticks, from-square (`null` for a
/// forfeit), the position after it and when it was stored.
fn kendall_turns(
    rules: &'static dyn Rules,
    steps: &[StepRow],
) -> Result<(Vec<Value>, String), String> {
    let mut game = Game::new(rules);
    let mut turns = Vec::new();
    let mut record = Vec::new();
    let mut throw: Option<(&'static str, [bool; 4], u8)> = None;
    for row in steps {
        let fail = |what: String| format!("step {}: {what}", row.step_no);
        let step: Step = row.step.parse().map_err(|e| fail(format!("{e}")))?;
        let side = game.position().to_move().name();
        let from = match step {
            Step::Chance {
                roll: Roll::Sticks { sticks },
            } => {
                let thrown = game.throw(sticks).map_err(|e| fail(e.to_string()))?;
                throw = Some((side, sticks.lights(), thrown.throw.value()));
                if !thrown.forfeited() {
                    continue;
                }
                None
            }
            Step::Decide {
                choice: Choice::Move { from },
                ..
            } => {
                game.play(from).map_err(|e| fail(e.to_string()))?;
                Some(from.number())
            }
            other => return Err(fail(format!("`{other}` is not a Kendall step"))),
        };
        let (side, sticks, value) = throw
            .take()
            .ok_or_else(|| fail("a move without a throw".to_owned()))?;
        record.push(match from {
            Some(from) => format!("{value}:{from}"),
            None => format!("{value}:-"),
        });
        turns.push(json!({
            "turn_no": turns.len() + 1,
            "side": side,
            "throw": value,
            "sticks": sticks,
            "from": from,
            "position": rules.position_text(&game.position()),
            "played_at": row.played_at,
        }));
    }
    debug_assert!(throw.is_none() || matches!(game.phase(), Phase::ToMove { .. }));
    Ok((turns, record.join(" ")))
}

/// A game's JSON from its row and steps: the seats (`cone` and `spool` for
/// two-seat games, and every seat in `seats`), the result, every step and,
/// for the Kendall rules, the turns and their record.
pub fn game_json(game: &GameRow, steps: &[StepRow]) -> Result<Value, AppError> {
    let kendall = game.rule_set.parse::<RuleSetId>().ok() == Some(RuleSetId::Kendall);
    let (turns, record) = match RuleSetId::Kendall.rules().filter(|_| kendall) {
        Some(rules) => kendall_turns(rules, steps)
            .map_err(|e| AppError::Internal(format!("game {}: {e}", game.id)))?,
        None => (Vec::new(), String::new()),
    };
    let winner = game.winner_seat();
    let result = game.end_how.as_ref().map(|how| {
        json!({
            "winner": winner.and_then(side_of_seat).map_or_else(|| json!(winner), |side| json!(side)),
            "how": how,
        })
    });
    let steps: Vec<Value> = steps
        .iter()
        .map(|s| json!({ "step_no": s.step_no, "seat": s.seat, "step": s.step, "played_at": s.played_at }))
        .collect();
    Ok(json!({
        "game_id": game.id,
        "room_code": game.room_code,
        "game_no": game.game_no,
        "rule_set": game.rule_set,
        "status": game.status,
        "seat_count": game.seat_count,
        "cone": seat_json(game.seat(0)),
        "spool": seat_json(game.seat(1)),
        "seats": seats_json(&game.seats),
        "result": result,
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "record": record,
        "turns": turns,
        "steps": steps,
    }))
}

/// A stored game, its seats, its result, every step and every turn,
/// straight from the database.
pub async fn get_game(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<Json<Value>, AppError> {
    let not_found = || AppError::NotFound("game_not_found", format!("no game `{id}`"));
    let game_id = Uuid::try_parse(&id).map_err(|_| not_found())?;
    let game = store.game(game_id).await?.ok_or_else(not_found)?;
    let steps = store.steps(game_id).await?;
    Ok(Json(game_json(&game, &steps)?))
}
