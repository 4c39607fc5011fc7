//! `GET /api/games/{id}`: a stored game with every turn.

use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::error::AppError;
use crate::store::Store;

/// A stored game, its result and every turn, straight from the database.
pub async fn get_game(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<Json<Value>, AppError> {
    let not_found = || AppError::NotFound("game_not_found", format!("no game `{id}`"));
    let game_id = Uuid::try_parse(&id).map_err(|_| not_found())?;
    let game = store.game(game_id).await?.ok_or_else(not_found)?;
    let turns = store.turns(game_id).await?;
    let record = turns
        .iter()
        .map(|t| match t.from_square {
            Some(from) => format!("{}:{from}", t.throw),
            None => format!("{}:-", t.throw),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let turns: Vec<Value> = turns
        .iter()
        .map(|t| {
            json!({
                "turn_no": t.turn_no,
                "side": t.side,
                "throw": t.throw,
                "sticks": [t.sticks & 1 != 0, t.sticks & 2 != 0, t.sticks & 4 != 0, t.sticks & 8 != 0],
                "from": t.from_square,
                "position": t.position,
                "played_at": t.played_at,
            })
        })
        .collect();
    let seat = |id: Option<Uuid>, name: Option<String>| {
        id.map(|id| match crate::computer::level_of(id) {
            Some(level) => {
                json!({ "player_id": id, "display_name": name, "computer": level.as_str() })
            }
            None => json!({ "player_id": id, "display_name": name }),
        })
    };
    Ok(Json(json!({
        "game_id": game.id,
        "room_code": game.room_code,
        "game_no": game.game_no,
        "rule_set": game.rule_set,
        "status": game.status,
        "cone": seat(game.cone_player, game.cone_name),
        "spool": seat(game.spool_player, game.spool_name),
        "result": game.winner.map(|w| json!({ "winner": w, "how": game.result_how })),
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "record": record,
        "turns": turns,
    })))
}
