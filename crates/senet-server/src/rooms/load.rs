//! Rebuilding a room from the store by replaying its stored turns through
//! the engine.

use senet_engine::{Action, Record, RuleSetId, Side, Square, Turn};

use super::slot::{GameSlot, Seat, Status, sticks_from_bits};
use crate::store::{GameRow, Store};
use crate::ws::protocol::{GameResult, How, ThrowView};

/// A room as stored.
pub struct StoredRoom {
    /// Code.
    pub code: String,
    /// Listed in the lobby.
    pub public: bool,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Its latest game.
    pub slot: GameSlot,
}

/// Loads a room and its latest game. `Ok(None)` when there is no such room.
pub async fn load_room(store: &Store, code: &str) -> Result<Option<StoredRoom>, String> {
    let db = |e: sqlx::Error| format!("database: {e}");
    let Some(room) = store.room(code).await.map_err(db)? else {
        return Ok(None);
    };
    let Some(row) = store.latest_game(code).await.map_err(db)? else {
        return Err(format!("room {code} has no game"));
    };
    let rule_set: RuleSetId = room.rule_set.parse().map_err(|e| format!("{e}"))?;
    let slot = rebuild_game(store, rule_set, row).await?;
    Ok(Some(StoredRoom {
        code: room.code,
        public: room.public,
        rule_set,
        slot,
    }))
}

fn parse_side(text: &str) -> Result<Side, String> {
    match text {
        "cone" => Ok(Side::Cone),
        "spool" => Ok(Side::Spool),
        other => Err(format!("bad side `{other}`")),
    }
}

async fn rebuild_game(
    store: &Store,
    rule_set: RuleSetId,
    row: GameRow,
) -> Result<GameSlot, String> {
    let rows = store
        .turns(row.id)
        .await
        .map_err(|e| format!("database: {e}"))?;
    let mut turns = Vec::with_capacity(rows.len());
    for (index, turn) in rows.iter().enumerate() {
        if usize::try_from(turn.turn_no).ok() != Some(index + 1) {
            return Err(format!("game {}: turn {} is missing", row.id, index + 1));
        }
        let throw = u8::try_from(turn.throw).map_err(|e| format!("bad throw: {e}"))?;
        let action = match turn.from_square {
            None => Action::Forfeit,
            Some(from) => Action::Move(
                u8::try_from(from)
                    .ok()
                    .and_then(Square::new)
                    .ok_or_else(|| format!("bad square {from}"))?,
            ),
        };
        turns.push(Turn { throw, action });
    }
    let rules = rule_set
        .rules()
        .filter(|_| rule_set == RuleSetId::Kendall)
        .ok_or_else(|| {
            format!(
                "game {}: rule set `{rule_set}` is not played in rooms",
                row.id
            )
        })?;
    let mut game = Record::from(turns)
        .replay(rules)
        .map_err(|e| format!("game {}: stored record does not replay: {e}", row.id))?;
    let mut last_throw = rows.last().and_then(|turn| {
        Some(ThrowView {
            side: parse_side(&turn.side).ok()?,
            sticks: sticks_from_bits(turn.sticks).lights(),
            value: u8::try_from(turn.throw).ok()?,
        })
    });
    let status = match row.status.as_str() {
        "waiting" => Status::Waiting,
        "playing" => Status::Playing,
        "finished" => {
            let winner = parse_side(row.winner.as_deref().unwrap_or(""))?;
            let how = row
                .result_how
                .as_deref()
                .and_then(How::parse)
                .ok_or_else(|| format!("game {}: finished without how", row.id))?;
            Status::Finished(GameResult { winner, how })
        }
        other => return Err(format!("bad status `{other}`")),
    };
    if let (Status::Playing, Some(bits)) = (status, row.pending_sticks) {
        let sticks = sticks_from_bits(bits);
        let side = game.position().to_move();
        let throw = rules.score(sticks);
        if rules.legal_moves(&game.position(), throw).is_empty() {
            tracing::warn!(game_id = %row.id, "stored pending throw has no legal move; ignored");
        } else {
            game.throw(sticks)
                .map_err(|e| format!("game {}: pending throw: {e}", row.id))?;
            last_throw = Some(ThrowView {
                side,
                sticks: sticks.lights(),
                value: throw.value(),
            });
        }
    }
    let seat = |id: Option<uuid::Uuid>, name: Option<String>| {
        id.map(|player_id| Seat::new(player_id, name.unwrap_or_default()))
    };
    Ok(GameSlot {
        id: row.id,
        no: row.game_no,
        game,
        seats: [
            seat(row.cone_player, row.cone_name),
            seat(row.spool_player, row.spool_name),
        ],
        status,
        last_throw,
    })
}
