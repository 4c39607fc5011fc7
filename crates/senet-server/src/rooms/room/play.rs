//! Playing: throws, decisions, leaving and the end of a game. Each command
//! is checked by the engine, followed by every draw the rules make by
//! themselves, stored in one transaction, and only then kept and told.

use senet_engine::{EndHow, Next, Seat, Standing, Step};

use super::Room;
use crate::rooms::act::{Act, Refusal, refuse};
use crate::rooms::commands::ConnId;
use crate::rooms::slot::{Fingerprint, SeatSlot, Status};
use crate::store::{NewStep, StoredEnd};
use crate::table::{Cause, Entry, LeftHow, Refused, Table};
use crate::ws::protocol::steps::{Told, after_step};
use crate::ws::protocol::v2::SeriesEntry;
use crate::ws::protocol::{ErrorCode, ServerMessage};

/// The refusal for an entry the engine refused: the rules' reason for a
/// choice that is no option goes out as `illegal_move` with that reason;
/// the engine's other refusals have wire codes of their own. The room
/// checks turns and seats before the engine does ([`Room::check_turn`],
/// [`Room::in_game_seat`]), so those others are not expected; each still
/// gets the code that says what was wrong, never a `reason` that is not
/// one of [`senet_engine::Reason::ALL`]. No wildcard: a new engine refusal
/// must be given its code here.
fn engine_refusal(refused: Refused) -> Refusal {
    use senet_engine::{EliminateError, StepError};
    let code = match &refused.cause {
        Cause::Step(StepError::NotAnOption { reason, .. }) => {
            return ServerMessage::Error {
                code: ErrorCode::IllegalMove,
                message: refused.message,
                reason: Some(*reason),
            };
        }
        Cause::Step(StepError::GameOver) | Cause::Left(EliminateError::GameOver) => {
            ErrorCode::GameOver
        }
        Cause::Step(StepError::ChanceNext(_)) => ErrorCode::MustThrowFirst,
        Cause::Step(StepError::DecisionNext(_)) => ErrorCode::MustMoveFirst,
        Cause::Step(StepError::NotYourDecision(_) | StepError::WrongChance(_)) => {
            ErrorCode::NotYourTurn
        }
        Cause::Left(EliminateError::AlreadyOut(_)) => ErrorCode::OutOfGame,
        Cause::Left(EliminateError::NotAtTable(_) | EliminateError::TwoSeats) => {
            ErrorCode::NotAPlayer
        }
    };
    tracing::warn!(
        code = refused.code(),
        "the engine refused what the room let through"
    );
    refuse(code, refused.message)
}

/// The stored form of a standing, with the colours the table dealt.
pub(super) struct EndRow {
    how: senet_engine::EndHow,
    places: Vec<u8>,
    scores: Vec<i32>,
    colours: Vec<Option<u8>>,
}

impl EndRow {
    pub(super) fn of(standing: &Standing, table: &Table) -> EndRow {
        EndRow {
            how: standing.how,
            places: standing.places.iter().map(|seat| seat.number()).collect(),
            scores: standing.scores.clone(),
            colours: table.view().seats.iter().map(|seat| seat.colour).collect(),
        }
    }

    pub(super) fn stored(&self) -> StoredEnd<'_> {
        StoredEnd {
            how: self.how,
            places: &self.places,
            scores: &self.scores,
            colours: &self.colours,
        }
    }
}

impl Room {
    pub(super) fn player_seat(&self, conn: ConnId) -> Result<Seat, Refusal> {
        self.seat_of(conn).ok_or_else(|| {
            refuse(
                ErrorCode::NotAPlayer,
                "you hold no seat in this game (spectators cannot act)",
            )
        })
    }

    /// The sender's seat, for a game action (a throw, a decision, a
    /// resignation, a claim, a rematch message): refused with the one code
    /// `out_of_game` while the game goes on without it (a seat out of a
    /// game of three or four), whatever the action, so a client needs no
    /// per-action knowledge of why an out seat cannot act. Once the game
    /// is over the seat is a seat like the others (it may ask for a
    /// rematch).
    pub(super) fn in_game_seat(&self, conn: ConnId) -> Result<Seat, Refusal> {
        let seat = self.player_seat(conn)?;
        if self.slot.status == Status::Playing && !self.slot.seat_in(seat) {
            return Err(refuse(
                ErrorCode::OutOfGame,
                "your seat is out of this game; the others play on",
            ));
        }
        Ok(seat)
    }

    pub(super) fn require_playing(&self) -> Result<(), Refusal> {
        match self.slot.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(refuse(
                ErrorCode::GameNotStarted,
                "the game waits for its seats to fill",
            )),
            Status::Finished(_) => Err(refuse(ErrorCode::GameOver, "the game is over")),
        }
    }

    /// Checks that `seat` may take `act` now, before the engine checks the
    /// step itself: the order of checks and codes of version 1.
    fn check_turn(&self, act: Act) -> Result<(), Refusal> {
        let table = &self.slot.table;
        let (seat, throwing) = match act {
            Act::Throw(seat) => (seat, true),
            Act::Decide(seat, _) => (seat, false),
            Act::Leave(..) | Act::Draws => return Ok(()),
        };
        if table.to_act() != Some(seat) {
            return Err(refuse(ErrorCode::NotYourTurn, "another seat is to act"));
        }
        match (table.next(), throwing) {
            (Next::Decide { .. }, true) => Err(refuse(
                ErrorCode::MustMoveFirst,
                "decide first: you have already thrown",
            )),
            (Next::Chance(_), false) => Err(refuse(ErrorCode::MustThrowFirst, "throw first")),
            _ => Ok(()),
        }
    }

    /// Plays `act`, then every draw the rules make by themselves; stores
    /// all of it in one transaction (with the end, when the game ended);
    /// then keeps it and tells everyone.
    pub(super) async fn advance(&mut self, act: Act) -> Result<(), Refusal> {
        if !matches!(act, Act::Draws) {
            self.require_playing()?;
        } else if self.slot.status != Status::Playing || !self.slot.table.draws_by_itself() {
            return Ok(());
        }
        self.check_turn(act)?;
        let mut table = self.slot.table.fork();
        let before = table.len();
        match act {
            Act::Throw(_) => {
                let Next::Chance(kind) = *table.next() else {
                    return Err(refuse(ErrorCode::MustMoveFirst, "decide first"));
                };
                let roll = self.slot.roll(kind, table.len() + 1);
                table
                    .play(Entry::Step(Step::Chance { roll }))
                    .map_err(engine_refusal)?;
            }
            Act::Decide(seat, choice) => table
                .play(Entry::Step(Step::Decide { seat, choice }))
                .map_err(engine_refusal)?,
            Act::Leave(seat, how) => table
                .play(Entry::Left { seat, how })
                .map_err(engine_refusal)?,
            Act::Draws => {}
        }
        let mut told = Vec::new();
        if table.len() > before {
            told.push(after_step(&table, before));
        }
        while table.draws_by_itself() {
            let Next::Chance(kind) = *table.next() else {
                break;
            };
            let index = table.len();
            let roll = self.slot.roll(kind, index + 1);
            table
                .play(Entry::Step(Step::Chance { roll }))
                .map_err(engine_refusal)?;
            told.push(after_step(&table, index));
        }
        if told.is_empty() {
            return Ok(());
        }
        if self.defers(act, &table, told.len()) {
            return self.keep_unstored(table, before, told);
        }
        // What was shown but not stored (a throw) goes in with this.
        let stored_before = self.slot.stored_entries();
        let mut steps = self.slot.unstored_steps();
        steps.extend(table.record().iter().map(NewStep::of));
        let standing = table.standing().cloned();
        let end = standing.as_ref().map(|s| EndRow::of(s, &table));
        let expected = Fingerprint {
            entries: table.len(),
            status: standing
                .clone()
                .map_or(self.slot.status.clone(), Status::Finished),
            ..self.slot.fingerprint()
        };
        let first = i32::try_from(stored_before + 1).unwrap_or(i32::MAX);
        // The clocks as of this write go in with it.
        let (clocks, restart) = self.clocks_after(act, std::time::Instant::now());
        let clock_text = self
            .slot
            .clocks
            .is_on()
            .then(|| crate::clock::Clocks::text(&clocks));
        let written = self
            .store
            .append_fenced(
                self.slot.id,
                first,
                &steps,
                end.as_ref().map(EndRow::stored).as_ref(),
                clock_text.as_deref(),
                self.fence(),
            )
            .await;
        self.stored(written, &expected).await?;
        self.slot.clocks.commit(clocks, restart);
        if !self.slot.table.absorb(table) {
            // Cannot happen: nothing else changes the table while a
            // command runs.
            return Err(self.reload("a command's steps no longer fit the table; reloading"));
        }
        self.slot.unstored = 0;
        self.tell_steps(before, told);
        if let Some(standing) = standing {
            self.end(standing);
        }
        Ok(())
    }

    /// Whether what `act` played on `table` is shown without a write of its
    /// own: a seat's throw, derived from the game's committed seeds, that
    /// waits for the same seat's decision. It is stored with the decision
    /// (one commit per decision). A game of an earlier release drew its
    /// chance from the OS, so there a shown throw is stored at once.
    fn defers(&self, act: Act, table: &Table, told: usize) -> bool {
        let Act::Throw(thrower) = act else {
            return false;
        };
        self.slot.fairness.is_some()
            && told == 1
            && table.standing().is_none()
            && matches!(table.next(), Next::Decide { seat, .. } if *seat == thrower)
    }

    /// Keeps a deferred throw: shown now, stored with its decision.
    fn keep_unstored(
        &mut self,
        table: Table,
        before: usize,
        told: Vec<Told>,
    ) -> Result<(), Refusal> {
        let added = table.record().len();
        if !self.slot.table.absorb(table) {
            return Err(self.reload("a throw no longer fits the table; reloading"));
        }
        self.slot.unstored += added;
        self.tell_steps(before, told);
        Ok(())
    }

    /// The table in memory can no longer be trusted: the room reloads what
    /// is stored (on its tick, see `settle`) rather than guess, and the
    /// sender is asked to try again.
    fn reload(&mut self, why: &'static str) -> Refusal {
        tracing::error!("{why}");
        self.unsettled = true;
        refuse(
            ErrorCode::StorageError,
            "the game is being reloaded; try again",
        )
    }

    /// When the room stops (a graceful shutdown): stores a throw that was
    /// shown but not stored, so the restarted server resumes exactly where
    /// the players left. After a crash nothing is lost either: the same
    /// throw comes out again when the seat throws.
    pub(super) async fn store_unstored(&mut self) {
        if self.slot.unstored == 0 || self.unsettled {
            return;
        }
        let steps = self.slot.unstored_steps();
        let first = i32::try_from(self.slot.stored_entries() + 1).unwrap_or(i32::MAX);
        match self
            .store
            .append_fenced(self.slot.id, first, &steps, None, None, self.fence())
            .await
        {
            Ok(()) => self.slot.unstored = 0,
            Err(error) => tracing::warn!(
                %error,
                "a shown throw was not stored at shutdown; it comes out again when thrown"
            ),
        }
    }

    /// Marks the game over and tells everyone.
    pub(super) fn end(&mut self, standing: Standing) {
        tracing::info!(
            winner = ?standing.winner(),
            how = standing.how.as_str(),
            "game over"
        );
        crate::metrics::game_finished(standing.how.as_str());
        for seat in &mut self.slot.seats {
            seat.rematch = false;
        }
        self.add_to_series(&standing);
        self.slot.status = Status::Finished(standing.clone());
        self.tell_game_over(&standing);
        // The end is stored by now: the review reads the game back.
        if self.reviews.enabled() && !self.reviews.enqueue(self.slot.id) {
            // Reviewed later, when someone asks for it.
            tracing::warn!(game_id = %self.slot.id, "the review queue is full");
        }
    }

    /// Adds a finished game's scores to the room's series, when the rule
    /// set scores one (its description's `series`: Jequier).
    fn add_to_series(&mut self, standing: &Standing) {
        if self.rule_set.series().is_none() {
            return;
        }
        for (seat, score) in Seat::all(self.slot.table.seats()).zip(standing.scores.iter()) {
            let Some(player_id) = self.slot.seat(seat).and_then(SeatSlot::player_id) else {
                continue;
            };
            match self
                .series
                .iter_mut()
                .find(|entry| entry.player_id == player_id)
            {
                Some(entry) => entry.points += i64::from(*score),
                None => self.series.push(SeriesEntry {
                    player_id,
                    points: i64::from(*score),
                }),
            }
        }
        // The store lists the series by player id; so does the room.
        self.series.sort_by_key(|entry| entry.player_id);
    }

    /// Ends the game outside the rules (a resignation or an abandonment
    /// that leaves one seat in): stored, then told.
    pub(super) async fn finish(&mut self, standing: Standing) -> Result<(), Refusal> {
        let expected = Fingerprint {
            status: Status::Finished(standing.clone()),
            ..self.slot.fingerprint()
        };
        let expected = Fingerprint {
            entries: self.slot.table.len(),
            ..expected
        };
        let end = EndRow::of(&standing, &self.slot.table);
        // A throw shown but not stored goes in with the end.
        let steps = self.slot.unstored_steps();
        let first = i32::try_from(self.slot.stored_entries() + 1).unwrap_or(i32::MAX);
        let written = self
            .store
            .append_fenced(
                self.slot.id,
                first,
                &steps,
                Some(&end.stored()),
                None,
                self.fence(),
            )
            .await;
        self.stored(written, &expected).await?;
        self.slot.unstored = 0;
        self.end(standing);
        Ok(())
    }

    /// The standing of a game of two seats that `loser` left: the other
    /// seat wins. (The rules end games of three or four themselves.)
    pub(super) fn standing_without(&self, loser: Seat, how: EndHow) -> Standing {
        let mut standing = Standing::two_seats(loser.next(2), how);
        let view = self.slot.table.view();
        if view.seats.iter().any(|seat| seat.score.is_some()) {
            standing.scores = view
                .seats
                .iter()
                .map(|seat| seat.score.unwrap_or(0))
                .collect();
        }
        standing
    }

    /// A seat leaves. At a table of three or four the rules take it out
    /// and the others play on (or, when one seat is left, the rules end the
    /// game); at a table of two the other seat wins.
    async fn leave(&mut self, seat: Seat, how: LeftHow) -> Result<(), Refusal> {
        self.require_playing()?;
        if !self.slot.seat_in(seat) {
            return Err(refuse(
                ErrorCode::OutOfGame,
                "that seat is already out of the game",
            ));
        }
        if self.slot.table.seats() >= 3 {
            tracing::info!(seat = seat.number(), ?how, "a seat leaves the game");
            self.advance(Act::Leave(seat, how)).await
        } else {
            let standing = self.standing_without(seat, how.end_how());
            self.finish(standing).await
        }
    }

    pub(super) async fn resign(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.in_game_seat(conn)?;
        self.leave(seat, LeftHow::Resigned).await
    }

    /// A claim that the seat to act has abandoned the game: it must have
    /// been away past the reconnect timeout.
    pub(super) async fn claim_win(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.in_game_seat(conn)?;
        self.require_playing()?;
        let Some(away) = self.slot.table.to_act().filter(|to_act| *to_act != seat) else {
            return Err(refuse(
                ErrorCode::NotAbandoned,
                "it is your turn; only the seat to act can abandon the game",
            ));
        };
        if self.connected(away) {
            return Err(refuse(
                ErrorCode::NotAbandoned,
                "the seat to act is connected",
            ));
        }
        let gone = self
            .slot
            .seat(away)
            .and_then(|slot| slot.away_since)
            .map_or(std::time::Duration::ZERO, |t| t.elapsed());
        let timeout = self.settings.reconnect_timeout;
        if gone < timeout {
            let left = (timeout - gone).as_secs_f64().ceil();
            return Err(refuse(
                ErrorCode::NotAbandoned,
                format!("the seat to act may still reconnect for {left} s"),
            ));
        }
        self.leave(away, LeftHow::Abandoned).await
    }
}
