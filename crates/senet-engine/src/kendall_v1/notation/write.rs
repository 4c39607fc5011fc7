//! Writing a game text: the tags, then the turns, numbered and named by
//! side.

use core::str::FromStr;

use super::{UNPLAYED, side_letter, stick_rules};
use crate::kendall_v1::game::Game;
use crate::kendall_v1::record::Record;
use crate::kendall_v1::side::Side;
use crate::kendall_v1::throw::Throw;
use crate::model::{NotationError, escape};
use crate::rules::RuleSetId;

/// Writes a game text: the tags, a blank line, then the turns, several to a
/// line. The side of each turn is found by replaying the record under the
/// `RuleSet` tag's rules (Kendall when absent); a record the rules reject is
/// an error.
pub fn write_text(tags: &[(&str, &str)], record: &Record) -> Result<String, NotationError> {
    write_game_text(tags, record, None)
}

/// [`write_text`] with, after the turns, the throw the game ended on before
/// its move was played (`3:?`), when there is one: a game resigned,
/// abandoned or lost on time right after a throw keeps that throw.
pub fn write_game_text(
    tags: &[(&str, &str)],
    record: &Record,
    unplayed: Option<Throw>,
) -> Result<String, NotationError> {
    let rule_set = tags
        .iter()
        .find(|(k, _)| *k == "RuleSet")
        .map_or("kendall", |(_, v)| *v);
    let id = RuleSetId::from_str(rule_set).map_err(|e| NotationError {
        line: 1,
        turn: None,
        reason: e.to_string(),
    })?;
    let (sides, to_move) = sides_of(id, record)?;
    let mut out = String::new();
    for (key, value) in tags {
        out.push_str(&format!("[{key} \"{}\"]\n", escape(value)));
    }
    out.push('\n');
    let mut tokens: Vec<String> = record
        .turns()
        .iter()
        .zip(&sides)
        .enumerate()
        .map(|(i, (turn, side))| format!("{}. {} {turn}", i + 1, side_letter(*side)))
        .collect();
    if let Some(throw) = unplayed {
        tokens.push(format!(
            "{}. {} {}:{UNPLAYED}",
            record.len() + 1,
            side_letter(to_move),
            throw.value()
        ));
    }
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&token);
        line_len += token.len();
    }
    if line_len > 0 {
        out.push('\n');
    }
    Ok(out)
}

/// The side that plays each turn, by replaying the record, and the side to
/// throw after the last.
fn sides_of(id: RuleSetId, record: &Record) -> Result<(Vec<Side>, Side), NotationError> {
    let mut game = Game::new(stick_rules(id, 1)?);
    let mut sides = Vec::with_capacity(record.len());
    for (i, turn) in record.turns().iter().enumerate() {
        sides.push(game.position().to_move());
        game.apply_turn(*turn).map_err(|e| NotationError {
            line: 1,
            turn: Some(i + 1),
            reason: format!("`{turn}`: {e}"),
        })?;
    }
    Ok((sides, game.position().to_move()))
}
