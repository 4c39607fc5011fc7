//! The `senet` command's work as functions, so other crates' tests run
//! exactly what the command runs (the server's tests replay its downloads
//! through [`replay_text`], as `senet replay FILE` does).

pub mod best;
pub mod steps;
pub mod verify;

/// Whether a record is a Kendall game text (numbered turns, `1. c 3:9`)
/// rather than a step record (one step a line): it has a numbered turn, or
/// a `Turns` tag (a game that ended before its first throw has no turn, but
/// the server writes the tag; step records count `Steps`).
pub fn is_turn_text(text: &str) -> bool {
    text.lines().map(str::trim).any(|line| {
        line.starts_with("[Turns ")
            || line
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    })
}

/// `senet replay FILE` on a file's text: a Kendall game text (numbered
/// turns, `1. c 3:9`) or a step record of any rule set (one step a line);
/// the final position and the result, or the first bad line as an error.
pub fn replay_text(text: &str) -> Result<String, String> {
    if !is_turn_text(text) {
        return steps::replay(text);
    }
    let game_text = senet_engine::kendall_v1::GameText::parse(text).map_err(|e| e.to_string())?;
    let game = game_text.replay().map_err(|e| e.to_string())?;
    let result = match game_text.outcome().map_err(|e| e.to_string())? {
        Some(outcome) => format!("{} {}", outcome.winner, outcome.how),
        None => match game.winner() {
            Some(winner) => format!("{winner} borne_off"),
            None => "unfinished".to_owned(),
        },
    };
    // A throw the game ended on before its move was played (`3:?`).
    let unplayed = game_text
        .unplayed
        .map(|unplayed| format!("unplayed throw: {}\n", unplayed.throw))
        .unwrap_or_default();
    Ok(format!(
        "rules: kendall\nturns: {}\n{unplayed}final: {}\nresult: {result}\n",
        game.record().len(),
        senet_engine::kendall_v1::Rules::position_text(game.rules(), &game.position()),
    ))
}
