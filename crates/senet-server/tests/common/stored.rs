//! What a test reads back from the store: a game's result, and a Kendall
//! game's turns rebuilt from its stored steps; and a game set up in the
//! store directly, for tests of the store itself.

use senet_server::Store;
use senet_server::store::{NewGame, NewRoom};
use uuid::Uuid;

use super::TestApp;

/// (status, winner, how it ended) of a stored game.
pub async fn stored_result(
    app: &TestApp,
    game_id: &str,
) -> (String, Option<String>, Option<String>) {
    let id = uuid::Uuid::parse_str(game_id).unwrap();
    let game = app
        .store
        .game(id)
        .await
        .unwrap()
        .expect("the game is stored");
    // Seat 0 is the Cone, seat 1 the Spool.
    let winner = game
        .winner_seat()
        .map(|seat| ["cone", "spool"][seat as usize].to_owned());
    (
        game.status.as_str().to_owned(),
        winner,
        game.end_how.map(|how| how.as_str().to_owned()),
    )
}

/// One turn of a Kendall game, rebuilt from its stored steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTurn {
    pub turn_no: i32,
    pub side: &'static str,
    pub throw: i16,
    /// Stick bits, bit `i` for stick `i` light side up.
    pub sticks: i16,
    /// The moved piece's square, `None` for a forfeit.
    pub from_square: Option<i16>,
}

/// A Kendall game's completed turns, rebuilt from its stored steps through
/// the engine, and the stick bits of a throw still waiting for its move.
pub async fn kendall_turns(
    store: &Store,
    game_id: uuid::Uuid,
) -> Result<(Vec<StoredTurn>, Option<i16>), sqlx::Error> {
    use senet_engine::kendall_v1::{Game, Phase};
    use senet_engine::{Choice, Kendall, Roll, Step};
    let steps = store.steps(game_id).await?;
    let mut game = Game::new(Kendall);
    let mut turns = Vec::new();
    let mut thrown: Option<(&'static str, i16, i16)> = None;
    for row in steps {
        let side = game.position().to_move().name();
        let step: Step = row.step.parse().expect("a step's text");
        let from = match step {
            Step::Chance {
                roll: Roll::Sticks { sticks },
            } => {
                let throw = game.throw(sticks).expect("a stored throw replays");
                let bits = sticks
                    .lights()
                    .iter()
                    .enumerate()
                    .map(|(i, &light)| i16::from(light) << i)
                    .sum();
                thrown = Some((side, i16::from(throw.throw.value()), bits));
                if !throw.forfeited() {
                    continue;
                }
                None
            }
            Step::Decide {
                choice: Choice::Move { from },
                ..
            } => {
                game.play(from).expect("a stored move replays");
                Some(i16::from(from.number()))
            }
            other => panic!("not a Kendall step: {other}"),
        };
        let (side, throw, sticks) = thrown.take().expect("a move after a throw");
        turns.push(StoredTurn {
            turn_no: i32::try_from(turns.len() + 1).unwrap(),
            side,
            throw,
            sticks,
            from_square: from,
        });
    }
    let pending = match game.phase() {
        Phase::ToMove { .. } => thrown.map(|(_, _, bits)| bits),
        _ => None,
    };
    Ok((turns, pending))
}

/// A Kendall room `code` with a game of two new players being played,
/// made through the store alone; the game's id.
pub async fn playing_room(store: &Store, code: &str) -> Uuid {
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    store.create_player(a, "Ahmose", &[1; 32]).await.unwrap();
    store.create_player(b, "Bastet", &[2; 32]).await.unwrap();
    let game = Uuid::new_v4();
    store
        .create_room(&NewRoom {
            code,
            rule_set: senet_engine::RuleSetId::Kendall,
            public: true,
            creator: a,
            rated: false,
            game: NewGame {
                id: game,
                room_code: code,
                game_no: 1,
                rule_set: senet_engine::RuleSetId::Kendall,
                players: &[Some(a), None],
                client_seeds: &[],
                fairness: None,
            },
        })
        .await
        .unwrap();
    store.take_seat(game, 1, b, "", true).await.unwrap();
    game
}
