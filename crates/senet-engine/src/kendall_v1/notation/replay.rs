//! Replaying a game text under the rules: every turn checked, and the
//! `Result` tag against the position the turns reach.

use core::str::FromStr;

use super::{GameText, UNPLAYED, UnplayedThrow, side_word, stick_rules};
use crate::kendall_v1::Rules;
use crate::kendall_v1::game::Game;
use crate::model::NotationError;
use crate::rules::{Kendall, RuleSetId};

impl GameText {
    /// Replays every turn under the `RuleSet` tag's rules (Kendall when
    /// absent), checking that each turn names the side to move and is legal,
    /// and that the `Result` tag agrees with the final position: a
    /// `borne_off` result needs the game won by that side; a `resigned` or
    /// `abandoned` one a game not yet over. An unplayed last throw must
    /// name the side to move and be a throw the rules can give with a
    /// legal move (else it is a forfeit, `-`), in a game not over. Returns
    /// the game after the last turn (the unplayed throw is no turn).
    pub fn replay(&self) -> Result<Game<Kendall>, NotationError> {
        let id = match self.tag("RuleSet") {
            None => RuleSetId::Kendall,
            Some(name) => RuleSetId::from_str(name).map_err(|e| NotationError {
                line: self.tag_line("RuleSet"),
                turn: None,
                reason: e.to_string(),
            })?,
        };
        let outcome = self.outcome()?;
        let mut game = Game::new(stick_rules(id, self.tag_line("RuleSet"))?);
        for (i, turn) in self.record.turns().iter().enumerate() {
            let fail = |reason: String| NotationError {
                line: self.lines.get(i).copied().unwrap_or(0),
                turn: Some(i + 1),
                reason,
            };
            let to_move = game.position().to_move();
            if game.winner().is_some() {
                return Err(fail("the game was already over".to_owned()));
            }
            if self.sides.get(i).copied() != Some(to_move) {
                return Err(fail(format!(
                    "the turn names the wrong side: {} is to move",
                    side_word(to_move)
                )));
            }
            game.apply_turn(*turn)
                .map_err(|e| fail(format!("`{turn}` is refused: {e}")))?;
        }
        if let Some(unplayed) = self.unplayed {
            self.check_unplayed(&game, unplayed)?;
        }
        if let Some(outcome) = outcome {
            let line = self.tag_line("Result");
            let winner = game.winner();
            let fail = |reason: String| NotationError {
                line,
                turn: None,
                reason,
            };
            match (outcome.how, winner) {
                ("borne_off", Some(w)) if w == outcome.winner => {}
                ("borne_off", _) => {
                    return Err(fail(format!(
                        "the result says {} bore off every piece, but the turns do not end so",
                        side_word(outcome.winner)
                    )));
                }
                (_, Some(w)) => {
                    return Err(fail(format!(
                        "the result says `{outcome}`, but {} bore off every piece",
                        side_word(w)
                    )));
                }
                (_, None) => {}
            }
        }
        Ok(game)
    }
}

impl GameText {
    /// Checks the unplayed last throw against the game after the turns.
    fn check_unplayed(
        &self,
        game: &Game<Kendall>,
        unplayed: UnplayedThrow,
    ) -> Result<(), NotationError> {
        let fail = |reason: String| NotationError {
            line: unplayed.line,
            turn: Some(self.record.len() + 1),
            reason,
        };
        let token = format!("{}:{UNPLAYED}", unplayed.throw);
        if game.winner().is_some() {
            return Err(fail("the game was already over".to_owned()));
        }
        let to_move = game.position().to_move();
        if unplayed.side != to_move {
            return Err(fail(format!(
                "the turn names the wrong side: {} is to move",
                side_word(to_move)
            )));
        }
        let throw = Kendall
            .throw(unplayed.throw)
            .map_err(|e| fail(format!("`{token}` is refused: {e}")))?;
        if Kendall.legal_moves(&game.position(), throw).is_empty() {
            return Err(fail(format!(
                "`{token}` is refused: the throw has no legal move, so it is a forfeit (`{}:-`)",
                unplayed.throw
            )));
        }
        Ok(())
    }
}
