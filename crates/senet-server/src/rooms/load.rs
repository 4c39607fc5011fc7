//! Rebuilding a room from the store by replaying its stored steps through
//! the engine: each chance step is a throw of the sticks, each decision a
//! move; a last throw with no move after it is the throw waiting for one.

use senet_engine::{Choice, Game, Roll, RuleSetId, Side, Step};

use super::slot::{GameSlot, Seat, Status};
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

async fn rebuild_game(
    store: &Store,
    rule_set: RuleSetId,
    row: GameRow,
) -> Result<GameSlot, String> {
    let rows = store
        .steps(row.id)
        .await
        .map_err(|e| format!("database: {e}"))?;
    let rules = rule_set
        .rules()
        .filter(|_| rule_set == RuleSetId::Kendall)
        .ok_or_else(|| {
            format!(
                "game {}: rule set `{rule_set}` is not played in rooms",
                row.id
            )
        })?;
    let mut game = Game::new(rules);
    let mut last_throw = None;
    for (index, stored) in rows.iter().enumerate() {
        let fail = |what: String| format!("game {}: step {}: {what}", row.id, stored.step_no);
        if usize::try_from(stored.step_no).ok() != Some(index + 1) {
            return Err(fail(format!("step {} is missing", index + 1)));
        }
        let step: Step = stored.step.parse().map_err(|e| fail(format!("{e}")))?;
        match step {
            Step::Chance {
                roll: Roll::Sticks { sticks },
            } => {
                let side = game.position().to_move();
                let thrown = game.throw(sticks).map_err(|e| fail(e.to_string()))?;
                last_throw = Some(ThrowView {
                    side,
                    sticks: sticks.lights(),
                    value: thrown.throw.value(),
                });
            }
            Step::Decide {
                seat,
                choice: Choice::Move { from },
            } if seat.index() == game.position().to_move().index() => {
                game.play(from).map_err(|e| fail(e.to_string()))?;
            }
            other => return Err(fail(format!("`{other}` is not a step of a room's game"))),
        }
    }
    let status = match row.status.as_str() {
        "waiting" => Status::Waiting,
        "playing" => Status::Playing,
        "finished" => {
            let winner = match row.winner_seat() {
                Some(0) => Side::Cone,
                Some(1) => Side::Spool,
                other => return Err(format!("game {}: winner seat {other:?}", row.id)),
            };
            let how = row
                .end_how
                .as_deref()
                .and_then(How::parse)
                .ok_or_else(|| format!("game {}: finished without how", row.id))?;
            Status::Finished(GameResult { winner, how })
        }
        other => return Err(format!("bad status `{other}`")),
    };
    let seat = |number: i16| {
        row.seat(number).and_then(|seat| {
            seat.player_id.map(|player_id| {
                Seat::new(player_id, seat.display_name.clone().unwrap_or_default())
            })
        })
    };
    Ok(GameSlot {
        id: row.id,
        no: row.game_no,
        game,
        seats: [seat(0), seat(1)],
        status,
        last_throw,
    })
}
