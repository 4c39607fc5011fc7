//! `senet best --record FILE`: the computer's ranking of the options at
//! the decision a step record of any rule set ends at, by the very call a
//! room's computer seat makes ([`senet_ai::StepPlayer`]), so the server's
//! tests can check that the two agree.
//!
//! The record is replayed through the engine first (its tags name the rule
//! set and the seats), so a record the rules refuse is an error naming its
//! line, as `senet replay` reports it.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_ai::{Budget, Endgame, Level, Player, StepPlayer};
use senet_engine::{AnyState, Choice, Kendall, Next, StepRecord};

/// What `senet best --record` was asked for.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    /// The level whose ranking is wanted.
    pub level: Level,
    /// The expert's budget (the product's is [`Budget::default`]; a node
    /// budget alone makes the answer the same on every machine).
    pub budget: Budget,
    /// Seeds the beginner's random choices.
    pub seed: u64,
}

/// The options of the decision `record` ends at, best first, each with
/// the level's score for it. Kendall's expert plays `endgame` where it is
/// lent, as the server's does. An error when the record does not parse or
/// replay, or does not end at a decision (a draw is due, or the game is
/// over).
pub fn rank_record(
    record: &str,
    request: &Request,
    endgame: Option<&dyn Endgame>,
) -> Result<Vec<(Choice, f64)>, String> {
    let record = StepRecord::parse(record).map_err(|e| format!("bad record: {e}"))?;
    let game = record.replay().map_err(|e| format!("bad record: {e}"))?;
    if record.standing(&game).is_some() {
        return Err("bad record: the game is already over".to_owned());
    }
    if let Next::Chance(_) = game.next() {
        return Err("the record ends where a draw is due, not at a decision".to_owned());
    }
    let mut rng = SmallRng::seed_from_u64(request.seed);
    let state = game.state();
    if let (Some(tables), AnyState::Kendall(kendall), Level::Expert) =
        (endgame, state, request.level)
        && let Some(throw) = kendall.pending
    {
        let ranking = Player::new(Level::Expert)
            .with_budget(request.budget)
            .rank_with(&Kendall, &kendall.position, throw, Some(tables), &mut rng);
        return Ok(ranking
            .moves
            .into_iter()
            .map(|(mv, score)| (Choice::Move { from: mv.from }, score))
            .collect());
    }
    Ok(StepPlayer::new(request.level)
        .with_budget(request.budget)
        .rank(state, &mut rng)
        .options)
}

/// [`rank_record`] as the command prints it: one option a line, best
/// first, as notation (`9`, `enter 2`, `9/4`) and its score.
pub fn best_in_record(
    record: &str,
    request: &Request,
    endgame: Option<&dyn Endgame>,
) -> Result<String, String> {
    let ranked = rank_record(record, request, endgame)?;
    Ok(ranked
        .iter()
        .map(|(choice, score)| format!("{choice} {score:.4}\n"))
        .collect())
}
