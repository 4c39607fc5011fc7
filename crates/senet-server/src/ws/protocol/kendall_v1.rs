//! What protocol version 1 tells of a `kendall` room, read off the table
//! the room plays: the first release's throws, moves, forfeits and sides.
//!
//! The room plays the step model; a version 1 client knows turns. The
//! turns come from the steps and their events ([`KendallTurns`]), and the
//! board, the side to move and the legal moves from the position the table
//! holds, through the engine's Kendall rules: nothing is played twice.

use senet_engine::kendall_v1::{KendallThrow, KendallTurn, KendallTurns, Position, Rules, Side};
use senet_engine::{AnyState, EndHow, Kendall, Next, Seat, Square, Standing};
use uuid::Uuid;

use super::v1::{BorneOff, GameResult, How, MoveView, PhaseView, ServerMessage, ThrowView};

/// The side a seat plays in Kendall (seat 0 is Cone: no opening deals
/// colours).
#[must_use]
pub fn side_of(seat: Seat) -> Side {
    if seat.number() == 0 {
        Side::Cone
    } else {
        Side::Spool
    }
}

/// A finished game's result as version 1 tells it, when it has one.
#[must_use]
pub fn result_of(standing: &Standing) -> Option<GameResult> {
    let how = match standing.how {
        EndHow::BorneOff => How::BorneOff,
        EndHow::Resigned => How::Resigned,
        EndHow::Abandoned => How::Abandoned,
        EndHow::Time => How::Time,
        _ => return None,
    };
    Some(GameResult {
        winner: side_of(standing.winner()?),
        how,
    })
}

/// The game-over message of version 1, when the standing has a result it
/// can tell.
#[must_use]
pub fn game_over(game_id: Uuid, standing: &Standing) -> Option<ServerMessage> {
    result_of(standing).map(|result| ServerMessage::GameOver { game_id, result })
}

/// The version 1 phase of a finished game: its result, or `waiting` for
/// an end version 1 has no word for.
#[must_use]
pub fn phase_over(standing: &Standing) -> PhaseView {
    match result_of(standing) {
        Some(result) => PhaseView::Finished { result },
        None => PhaseView::Waiting,
    }
}

/// The Kendall position a table's state holds; `None` under another rule
/// set.
#[must_use]
pub fn kendall_position(state: &AnyState) -> Option<Position> {
    match state {
        AnyState::Kendall(state) => Some(state.position),
        _ => None,
    }
}

/// The position text of the turn notation (`sscccscscs…. s`).
#[must_use]
pub fn position_text(position: &Position) -> String {
    Kendall.position_text(position)
}

/// Squares 1..=30 of a position and who stands on each.
#[must_use]
pub fn board_of(position: &Position) -> Vec<Option<Side>> {
    Square::all()
        .map(|square| position.piece_at(square))
        .collect()
}

/// Pieces borne off in a position.
#[must_use]
pub fn borne_off(position: &Position) -> BorneOff {
    let per_side = Kendall.pieces_per_side();
    BorneOff {
        cone: per_side.saturating_sub(position.on_board(Side::Cone)),
        spool: per_side.saturating_sub(position.on_board(Side::Spool)),
    }
}

/// The legal moves of the side to move with the throw waiting.
fn moves(position: &Position, thrown: Option<KendallThrow>) -> Vec<MoveView> {
    thrown.map_or_else(Vec::new, |thrown| {
        Kendall
            .legal_moves(position, thrown.throw)
            .iter()
            .map(MoveView::from)
            .collect()
    })
}

/// A throw as a snapshot's `last_throw`.
#[must_use]
pub fn throw_view(thrown: KendallThrow) -> ThrowView {
    ThrowView {
        side: thrown.side,
        sticks: thrown.sticks.lights(),
        value: thrown.throw.value(),
    }
}

/// The version 1 phase of a game in play, from what comes next.
#[must_use]
pub fn phase_in_play(next: &Next, position: &Position, turns: &KendallTurns) -> PhaseView {
    match next {
        Next::Chance(_) => PhaseView::ToThrow,
        Next::Decide { .. } => match turns.unplayed() {
            Some(thrown) => PhaseView::ToMove {
                throw: thrown.throw.value(),
                moves: moves(position, Some(thrown)),
            },
            None => PhaseView::ToThrow,
        },
        Next::End(standing) => phase_over(standing),
    }
}

/// What version 1 tells of one step, given the turns before it (which it
/// extends) and the position right after it; `Err` when the step does not
/// fit Kendall's turns (the room then tells version 1 clients snapshots).
pub fn told_of_step(
    turns: &mut KendallTurns,
    step: &senet_engine::Step,
    events: &[senet_engine::Event],
    after: &Position,
) -> Result<Vec<ServerMessage>, senet_engine::kendall_v1::NotAKendallStep> {
    let done = turns.push(step, events)?;
    Ok(match (step, done) {
        (senet_engine::Step::Chance { .. }, done) => {
            let Some(thrown) = turns.last_throw() else {
                return Ok(Vec::new());
            };
            let mut told = vec![ServerMessage::Thrown {
                side: thrown.side,
                sticks: thrown.sticks.lights(),
                value: thrown.throw.value(),
                extra_throw: Kendall.extra_throw(thrown.throw),
                forfeited: done.is_some(),
                moves: moves(after, turns.unplayed()),
            }];
            if done.is_some() {
                told.push(ServerMessage::Forfeited {
                    side: thrown.side,
                    throw: thrown.throw.value(),
                    turn_no: turns.turns().len(),
                    to_move: after.to_move(),
                });
            }
            told
        }
        (
            senet_engine::Step::Decide { .. },
            Some(KendallTurn {
                thrown,
                played: Some(mv),
                ..
            }),
        ) => vec![ServerMessage::Moved {
            side: thrown.side,
            throw: thrown.throw.value(),
            turn_no: turns.turns().len(),
            mv: MoveView::from(mv),
            position: position_text(after),
            board: board_of(after),
            to_move: after.to_move(),
        }],
        (senet_engine::Step::Decide { .. }, _) => Vec::new(),
    })
}
