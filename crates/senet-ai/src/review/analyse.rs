//! The review itself: the record replayed through the engine, each
//! decision ranked by the expert, each draw of chance valued over all its
//! outcomes.

use std::collections::HashMap;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use senet_engine::{AnyRules, AnyState, Choice, Kendall, Next, RuleSet, RuleSetId, Seat, Step};

use super::{GameReview, Grade, Played, ReviewEntry, ReviewError, Reviewed, summarise};
use crate::{Budget, Endgame, Level, Player, StepPlayer};

/// The expert a review asks: its node budget, and Kendall's endgame tables
/// when there are some.
#[derive(Clone, Copy)]
pub struct Reviewer<'a> {
    /// The node budget of every search (no time limit, so a review is the
    /// same on any machine).
    pub nodes: u64,
    /// Exact values for the Kendall positions they cover.
    pub endgame: Option<&'a dyn Endgame>,
    /// Asked between searches: `true` stops the review
    /// ([`ReviewError::Stopped`]), e.g. when the server shuts down.
    pub stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

/// Rankings and chances already searched, by state: the state a throw
/// leads to is valued for the throw's luck and ranked again as the next
/// decision.
#[derive(Default)]
struct Memo {
    ranked: HashMap<AnyState, Vec<(Choice, f64)>>,
}

impl Reviewer<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|stop| stop())
    }

    fn budget(&self) -> Budget {
        Budget::nodes(self.nodes)
    }

    /// The options of the decision `state` waits for, best first, each with
    /// the deciding seat's win chance in `[0, 1]`.
    fn rank(&self, state: &AnyState, memo: &mut Memo) -> Vec<(Choice, f64)> {
        if let Some(ranked) = memo.ranked.get(state) {
            return ranked.clone();
        }
        // The expert never draws from it; the beginner would.
        let mut rng = SmallRng::seed_from_u64(0);
        let with_tables = match (state, self.endgame) {
            (AnyState::Kendall(stick), Some(tables)) => stick.pending.map(|throw| {
                Player::new(Level::Expert)
                    .with_budget(self.budget())
                    .rank_with(&Kendall, &stick.position, throw, Some(tables), &mut rng)
                    .moves
                    .into_iter()
                    .map(|(mv, score)| (Choice::Move { from: mv.from }, score))
                    .collect::<Vec<_>>()
            }),
            _ => None,
        };
        let scores = with_tables.unwrap_or_else(|| {
            StepPlayer::new(Level::Expert)
                .with_budget(self.budget())
                .rank(state, &mut rng)
                .options
        });
        let ranked: Vec<(Choice, f64)> = scores
            .into_iter()
            .map(|(choice, score)| (choice, chance_of_score(score)))
            .collect();
        if memo.ranked.len() > 256 {
            memo.ranked.clear();
        }
        memo.ranked.insert(state.clone(), ranked.clone());
        ranked
    }

    /// `seat`'s win chance in `state`, whatever comes next.
    fn chance(&self, rules: AnyRules, state: &AnyState, seat: Seat, memo: &mut Memo) -> f64 {
        self.chance_within(rules, state, seat, memo, 0)
    }

    /// [`Reviewer::chance`], `depth` draws below the one being reviewed.
    fn chance_within(
        &self,
        rules: AnyRules,
        state: &AnyState,
        seat: Seat,
        memo: &mut Memo,
        depth: u8,
    ) -> f64 {
        let seats = rules.seats(state);
        match rules.next(state) {
            Next::End(standing) => {
                if standing.winner() == Some(seat) {
                    1.0
                } else {
                    0.0
                }
            }
            Next::Decide { seat: by, .. } if by == seat || seats == 2 => {
                let best = self.rank(state, memo).first().map_or(0.5, |&(_, p)| p);
                if by == seat { best } else { 1.0 - best }
            }
            Next::Chance(_) => {
                if let (AnyState::Kendall(stick), Some(tables)) = (state, self.endgame) {
                    // The tables give the chance of the side about to throw.
                    if let Some(p) = tables.win_chance(&stick.position) {
                        let thrower = rules.chance_seat(state).unwrap_or(Seat::FIRST);
                        return if thrower == seat { p } else { 1.0 - p };
                    }
                }
                if let (AnyState::Kendall(_), Next::Chance(kind), 0) =
                    (state, rules.next(state), depth)
                {
                    // A Kendall throw after a forfeit: its outcomes valued
                    // by the Kendall search, as every other throw's are, not
                    // by the step model's evaluation (one level only: a
                    // second forfeit in a row is rare and searched).
                    return self.average(rules, state, kind, seat, memo, depth + 1);
                }
                self.searched(state, seat)
            }
            Next::Decide { .. } => self.searched(state, seat),
        }
    }

    /// `seat`'s chance averaged over the outcomes of the draw `state`
    /// waits for, with their exact probabilities.
    fn average(
        &self,
        rules: AnyRules,
        state: &AnyState,
        kind: senet_engine::ChanceKind,
        seat: Seat,
        memo: &mut Memo,
        depth: u8,
    ) -> f64 {
        let mut sum = 0.0;
        let mut total = 0.0;
        for (outcome, p) in kind.outcomes() {
            let mut after = state.clone();
            if rules
                .apply(&mut after, Step::Chance { roll: outcome }, &mut Vec::new())
                .is_ok()
            {
                sum += p.value() * self.chance_within(rules, &after, seat, memo, depth);
                total += p.value();
            }
        }
        if total > 0.0 { sum / total } else { 0.5 }
    }

    /// `seat`'s chance from the step model's search of the state.
    fn searched(&self, state: &AnyState, seat: Seat) -> f64 {
        StepPlayer::new(Level::Expert)
            .with_budget(self.budget())
            .win_chances(state)
            .get(seat.index())
            .copied()
            .unwrap_or(0.0)
            .clamp(0.0, 1.0)
    }
}

/// An expert score in `[-1, 1]` (≈ `2·P − 1`) as a chance in `[0, 1]`.
fn chance_of_score(score: f64) -> f64 {
    ((score + 1.0) / 2.0).clamp(0.0, 1.0)
}

/// Reviews a game's record under `rule_set` at a table of `seats`: one
/// [`ReviewEntry`] per step (a seat leaving gets none), each seat's totals.
/// The record is replayed through the engine; an entry it refuses is an
/// error. Blocking (every decision and every possible outcome of every
/// draw is searched): run it off the async runtime.
pub fn review_game(
    rule_set: RuleSetId,
    seats: u8,
    record: &[Played],
    reviewer: &Reviewer<'_>,
) -> Result<GameReview, ReviewError> {
    let rules = AnyRules::of(rule_set);
    let start = rules
        .start(seats)
        .map_err(|e| ReviewError::Seats(e.to_string()))?;
    review_from(rules, start, record, reviewer)
}

/// [`review_game`] from any state of `rules` (a position set up by hand,
/// as tests of endgames do).
pub fn review_from(
    rules: AnyRules,
    start: AnyState,
    record: &[Played],
    reviewer: &Reviewer<'_>,
) -> Result<GameReview, ReviewError> {
    let seats = rules.seats(&start);
    let mut state = start;
    let mut memo = Memo::default();
    let mut entries = Vec::new();
    let mut events = Vec::new();
    for (index, played) in record.iter().enumerate() {
        let refused = |reason: String| ReviewError::Refused { index, reason };
        if reviewer.stopped() {
            return Err(ReviewError::Stopped);
        }
        events.clear();
        match *played {
            Played::Left(seat) => {
                rules
                    .eliminate(&mut state, seat, &mut events)
                    .map_err(|e| refused(e.to_string()))?;
            }
            Played::Step(step) => {
                let entry = reviewer.entry(rules, &state, step, index, &mut memo);
                if reviewer.stopped() {
                    return Err(ReviewError::Stopped);
                }
                rules
                    .apply(&mut state, step, &mut events)
                    .map_err(|e| refused(e.to_string()))?;
                entries.extend(entry);
            }
        }
    }
    let summary = summarise(seats, &entries);
    Ok(GameReview {
        rule_set: rules.id(),
        seats,
        nodes: reviewer.nodes,
        tables: reviewer.endgame.is_some(),
        entries,
        summary,
    })
}

impl Reviewer<'_> {
    /// The review of `step` taken in `state`; `None` when it is not the
    /// step the state waits for (the replay then refuses it).
    fn entry(
        &self,
        rules: AnyRules,
        state: &AnyState,
        step: Step,
        index: usize,
        memo: &mut Memo,
    ) -> Option<ReviewEntry> {
        match (rules.next(state), step) {
            (Next::Decide { seat, options }, Step::Decide { choice, .. }) => {
                let ranked = self.rank(state, memo);
                let (best, before) = ranked.first().copied()?;
                let after = ranked
                    .iter()
                    .find(|(c, _)| *c == choice)
                    .map(|&(_, p)| p)
                    .or_else(|| {
                        // Not ranked (cannot happen: the expert ranks every
                        // option); value the option's state instead.
                        let mut after = state.clone();
                        rules
                            .apply(&mut after, step, &mut Vec::new())
                            .ok()
                            .map(|()| self.chance(rules, &after, seat, memo))
                    })?;
                let points_lost = (100.0 * (before - after)).max(0.0);
                let forced = options.len() <= 1;
                let grade = (!forced).then(|| Grade::of(points_lost, choice == best));
                Some(ReviewEntry {
                    index,
                    seat,
                    before,
                    after,
                    what: Reviewed::Decision {
                        options: options.len(),
                        best,
                        played: choice,
                        points_lost,
                        grade,
                    },
                })
            }
            (Next::Chance(kind), Step::Chance { roll }) => {
                let seat = rules.chance_seat(state).unwrap_or(Seat::FIRST);
                // Outcomes leading to the same state are valued once.
                let mut valued: Vec<(AnyState, f64)> = Vec::new();
                let mut average = 0.0;
                let mut total = 0.0;
                let mut actual = None;
                for (outcome, p) in kind.outcomes() {
                    if self.stopped() {
                        // The caller sees the stop before the next entry.
                        return None;
                    }
                    let mut after = state.clone();
                    if rules
                        .apply(&mut after, Step::Chance { roll: outcome }, &mut Vec::new())
                        .is_err()
                    {
                        continue;
                    }
                    let value = match valued.iter().find(|(s, _)| *s == after) {
                        Some(&(_, v)) => v,
                        None => {
                            let v = self.chance(rules, &after, seat, memo);
                            valued.push((after, v));
                            v
                        }
                    };
                    average += p.value() * value;
                    total += p.value();
                    if outcome == roll {
                        actual = Some(value);
                    }
                }
                let before = if total > 0.0 { average / total } else { 0.0 };
                let after = actual?;
                Some(ReviewEntry {
                    index,
                    seat,
                    before,
                    after,
                    what: Reviewed::Chance {
                        roll,
                        luck: 100.0 * (after - before),
                    },
                })
            }
            _ => None,
        }
    }
}
