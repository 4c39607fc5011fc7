//! Reference implementation of `peril`, "Senet: Path of Peril"
//! (spec: `shared/spec/rules-peril.md`).
//!
//! # Seats
//! Seat 0 plays Cone and rolls first; seat 1 plays Spool. (The spec lets the
//! room assign seats to sides; the reference fixes this assignment and a
//! harness maps seats if the room assigns otherwise.)
//!
//! # Steps of a turn
//! 1. [`Chance::Die`] — the turn's roll. If the player has a pawn on 30 and
//!    rolled a 6 they win at once (`how` = `gates`). If no move and no
//!    summon is legal the turn passes within this step (event `pass`).
//! 2. Decision among [`Choice::Move`] (ascending by from-square) then
//!    [`Choice::Summon`] (last, when legal). Even a single option is a
//!    decision.
//! 3. The effect of the square the pawn ended on:
//!    - 15: a decision among [`Choice::Ankh`] (ascending squares 1..3), when
//!      the player has a reserve pawn and a free square among 1..3;
//!    - 26: [`Chance::Die`] for the Vulture, then (unless a 5–6 finds no
//!      opponent pawn) a decision among [`Choice::Remove`] (ascending);
//!    - 27: one [`Chance::Die`] per pawn on the board, from square 30 down;
//!    - 28: [`Chance::Die`] for the Trial (a 3 wins at once, `how` = `trial`);
//!    - 29: the pawn is removed within the decision step.
//! 4. Pawns left are judged once the move and all its effects are done: a
//!    player with none (board and reserve) loses (`how` = `no_pawns`); if both
//!    have none, the player whose turn it is wins. Otherwise the opponent
//!    rolls next (there are no extra rolls).
//!
//! The standing lists winner then loser, with no scores.
//!
//! # Chance order
//! Every chance step is one die: 1, 2, 3, 4, 5, 6, each 1/6.
//!
//! # Events
//! - `move <from> <to>` — a pawn moves.
//! - `capture <square>` — the opponent pawn on `square` is removed from the
//!   game (by a move or by the Trial).
//! - `entered <square>` — a reserve pawn is placed (summon or Ankh).
//! - `removed <square>` — the pawn on `square` leaves the game (Vulture, Eye).
//! - `sweep <from> <to>` — the River puts the pawn from `from` on `to`.
//! - `reserve <from>` — the pawn on `from` returns to its owner's reserve
//!   (River with 1–3 all taken, Trial with nowhere to go).
//! - `trial 28 <to>` — the Trial sends the pawn to `to`.
//! - `win gates`, `win trial` — the player wins at once.
//! - `pass` — no move and no summon: the turn passes.

use super::{Census, Next, Prob, RefGame, Standing};

/// Pawns per side.
pub const PAWNS: usize = 7;
/// Squares 1..30.
const LAST: usize = 30;
/// Ankh of Rebirth.
const ANKH: usize = 15;
/// Vulture's Perch.
const VULTURE: usize = 26;
/// River of Oblivion.
const RIVER: usize = 27;
/// Trial of the Three Gods.
const TRIAL: usize = 28;
/// Eye of Judgment.
const EYE: usize = 29;
/// Gates of Aaru.
const GATES: usize = 30;
/// Squares that send a pawn away: no pawn rests there once the effects of a
/// move are done.
pub const SENDS_AWAY: [usize; 3] = [RIVER, TRIAL, EYE];

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// Cone, `c`, seat 0, rolls first.
    Cone,
    /// Spool, `s`, seat 1.
    Spool,
}

impl Side {
    /// The letter used by the test position text.
    pub fn letter(self) -> char {
        match self {
            Side::Cone => 'c',
            Side::Spool => 's',
        }
    }

    fn from_letter(c: char) -> Option<Side> {
        match c {
            'c' => Some(Side::Cone),
            's' => Some(Side::Spool),
            _ => None,
        }
    }

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Cone => Side::Spool,
            Side::Spool => Side::Cone,
        }
    }

    /// The seat playing this side (and the index of its counters).
    pub fn seat(self) -> usize {
        match self {
            Side::Cone => 0,
            Side::Spool => 1,
        }
    }
}

/// A chance outcome of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chance {
    /// One six-sided die, 1..=6: the turn's roll, or a roll for the Vulture,
    /// the River (one per pawn swept) or the Trial.
    Die(u8),
}

/// A decision option of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// Move the pawn on `from` forward by the roll.
    Move {
        /// The square of the pawn to move.
        from: u8,
    },
    /// Summon a reserve pawn: a 4 onto 1, a 5 onto 2, a 6 onto 3.
    Summon,
    /// Ankh of Rebirth: place a reserve pawn on `square` (1, 2 or 3).
    Ankh {
        /// The empty square chosen.
        square: u8,
    },
    /// Vulture's Perch: remove the pawn on `square` from the game (one of the
    /// player's own on a 1–4, an opponent's on a 5–6).
    Remove {
        /// The square of the pawn to remove.
        square: u8,
    },
}

/// Every die face with its probability, in the documented order.
pub fn die() -> Vec<(Chance, Prob)> {
    (1..=6).map(|v| (Chance::Die(v), Prob::new(1, 6))).collect()
}

/// `board[p]` is the pawn on square p (1..=30); `board[0]` is unused.
type Board = [Option<Side>; LAST + 1];

/// Where the game stands.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Phase {
    /// The player to move rolls for the turn.
    Roll,
    /// The player rolled `roll` and chooses a move or a summon.
    Act { roll: u8 },
    /// The Ankh: the player chooses where a reserve pawn goes.
    Ankh,
    /// The Vulture: the server rolls.
    VultureRoll,
    /// The Vulture: the player chooses a pawn of `target` to remove.
    Vulture { target: Side },
    /// The River: the pawns on these squares are still to be swept, in this
    /// order (from 30 down); the first is swept by the next roll.
    River { queue: Vec<usize> },
    /// The Trial: the server rolls for the pawn on 28.
    Trial,
    /// The game is over.
    Over { winner: Side, how: &'static str },
}

/// A game of Path of Peril.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    board: Board,
    reserve: [usize; 2],
    removed: [usize; 2],
    to_move: Side,
    phase: Phase,
}

/// A new game: an empty board, seven pawns in each reserve, Cone (seat 0) to
/// roll.
pub fn new_game() -> Game {
    Game {
        board: [None; LAST + 1],
        reserve: [PAWNS, PAWNS],
        removed: [0, 0],
        to_move: Side::Cone,
        phase: Phase::Roll,
    }
}

impl Game {
    /// Test-only constructor: the board from a 30-square text (`c`, `s`, `.`)
    /// with the side to roll after a space (`c` or `s`), and the two reserves
    /// `[cone, spool]`. Pawns on neither have been removed from the game. No
    /// pawn may stand on 27, 28 or 29 (they never rest there).
    pub fn from_position(text: &str, reserve: [usize; 2]) -> Result<Game, String> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != LAST + 2 || chars[LAST] != ' ' {
            return Err(format!("bad position text `{text}`"));
        }
        let mut board: Board = [None; LAST + 1];
        for (square, &c) in chars[..LAST].iter().enumerate() {
            board[square + 1] = match c {
                '.' => None,
                c => Some(Side::from_letter(c).ok_or_else(|| format!("bad square `{c}`"))?),
            };
        }
        let to_move = Side::from_letter(chars[LAST + 1]).ok_or("bad side")?;
        if SENDS_AWAY.iter().any(|&q| board[q].is_some()) {
            return Err("no pawn rests on 27, 28 or 29".to_string());
        }
        let mut removed = [0, 0];
        for side in [Side::Cone, Side::Spool] {
            let on_board = board.iter().filter(|&&q| q == Some(side)).count();
            removed[side.seat()] = PAWNS
                .checked_sub(on_board + reserve[side.seat()])
                .ok_or_else(|| format!("more than {PAWNS} pawns for {side:?}"))?;
        }
        Ok(Game {
            board,
            reserve,
            removed,
            to_move,
            phase: Phase::Roll,
        })
    }

    /// The board as 30 characters (`c`, `s`, `.`), a space, and the side on
    /// turn.
    pub fn position_text(&self) -> String {
        let squares: String = self.board[1..]
            .iter()
            .map(|q| q.map_or('.', Side::letter))
            .collect();
        format!("{squares} {}", self.to_move.letter())
    }

    /// Pawns in `side`'s reserve.
    pub fn reserve(&self, side: Side) -> usize {
        self.reserve[side.seat()]
    }

    /// `side`'s pawns removed from the game.
    pub fn removed(&self, side: Side) -> usize {
        self.removed[side.seat()]
    }

    /// Where every pawn is. The game is settled except while the River or
    /// the Trial is being rolled, and after a win by the Trial (the winning
    /// pawn stays on 28).
    pub fn census(&self) -> Census {
        let occupied: Vec<usize> = (1..=LAST).filter(|&q| self.board[q].is_some()).collect();
        let settled = !matches!(
            self.phase,
            Phase::River { .. } | Phase::Trial | Phase::Over { how: "trial", .. }
        );
        Census {
            on_board: occupied.len(),
            in_reserve: self.reserve.iter().sum(),
            borne_off: 0,
            removed: self.removed.iter().sum(),
            total: 2 * PAWNS,
            occupied,
            settled,
        }
    }

    /// A readable description for failure messages.
    pub fn describe(&self) -> String {
        let phase = match &self.phase {
            Phase::Roll => "to roll".to_string(),
            Phase::Act { roll } => format!("to move or summon with a {roll}"),
            Phase::Ankh => "to choose the Ankh's square".to_string(),
            Phase::VultureRoll => "Vulture: server rolls".to_string(),
            Phase::Vulture { target } => format!("Vulture: to remove a {target:?} pawn"),
            Phase::River { queue } => format!("River: to sweep {queue:?}"),
            Phase::Trial => "Trial: server rolls".to_string(),
            Phase::Over { winner, how } => format!("over, {winner:?} won by {how}"),
        };
        format!(
            "peril `{}` | {:?} {phase} | reserve Cone {}, Spool {} | removed Cone {}, Spool {}",
            self.position_text(),
            self.to_move,
            self.reserve[0],
            self.reserve[1],
            self.removed[0],
            self.removed[1]
        )
    }

    fn pawns_on_board(&self, side: Side) -> Vec<usize> {
        (1..=LAST)
            .filter(|&q| self.board[q] == Some(side))
            .collect()
    }

    fn pawns_left(&self, side: Side) -> usize {
        self.pawns_on_board(side).len() + self.reserve[side.seat()]
    }

    /// Spec "A turn": the moves and the summon the roll allows.
    fn act_options(&self, roll: u8) -> Vec<Choice> {
        let me = self.to_move;
        let r = usize::from(roll);
        let mut options: Vec<Choice> = self
            .pawns_on_board(me)
            .into_iter()
            // Must land on 30 exactly, never past it; never on a friend.
            .filter(|&p| p + r <= LAST && self.board[p + r] != Some(me))
            .map(|p| Choice::Move { from: p as u8 })
            .collect();
        // Roll 4-6: summon onto 1, 2, 3, only onto an empty square.
        if r >= 4 && self.reserve[me.seat()] > 0 && self.board[r - 3].is_none() {
            options.push(Choice::Summon);
        }
        options
    }

    /// Spec "15, Ankh of Rebirth": the empty squares among 1, 2, 3, when the
    /// player has a reserve pawn.
    fn ankh_options(&self) -> Vec<Choice> {
        if self.reserve[self.to_move.seat()] == 0 {
            return Vec::new();
        }
        (1..=3)
            .filter(|&q| self.board[q].is_none())
            .map(|q| Choice::Ankh { square: q as u8 })
            .collect()
    }

    fn options(&self) -> Vec<Choice> {
        match &self.phase {
            Phase::Act { roll } => self.act_options(*roll),
            Phase::Ankh => self.ankh_options(),
            Phase::Vulture { target } => self
                .pawns_on_board(*target)
                .into_iter()
                .map(|q| Choice::Remove { square: q as u8 })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The effect of the square `d` where the mover's pawn just ended a move.
    fn effect(&mut self, d: usize, events: &mut Vec<String>) {
        let me = self.to_move;
        match d {
            ANKH => {
                if self.ankh_options().is_empty() {
                    // No reserve pawn, or 1-3 all taken: nothing happens.
                    self.finish_turn();
                } else {
                    // Ambiguity resolved: the Ankh is not optional ("the
                    // player takes one pawn ... and places it"); the player
                    // only chooses the square.
                    self.phase = Phase::Ankh;
                }
            }
            VULTURE => self.phase = Phase::VultureRoll,
            RIVER => {
                let queue: Vec<usize> = (1..=LAST)
                    .rev()
                    .filter(|&q| self.board[q].is_some())
                    .collect();
                self.phase = Phase::River { queue };
            }
            TRIAL => self.phase = Phase::Trial,
            EYE => {
                self.board[EYE] = None;
                self.removed[me.seat()] += 1;
                events.push(format!("removed {EYE}"));
                self.finish_turn();
            }
            _ => self.finish_turn(),
        }
    }

    /// The move and all its effects are done: judge pawns left, else pass the
    /// turn.
    fn finish_turn(&mut self) {
        let me = self.to_move;
        let mine = self.pawns_left(me);
        let theirs = self.pawns_left(me.opponent());
        self.phase = if mine == 0 && theirs == 0 {
            // Decision: both without pawns: the player whose turn it is wins.
            Phase::Over {
                winner: me,
                how: "no_pawns",
            }
        } else if theirs == 0 {
            Phase::Over {
                winner: me,
                how: "no_pawns",
            }
        } else if mine == 0 {
            Phase::Over {
                winner: me.opponent(),
                how: "no_pawns",
            }
        } else {
            self.to_move = me.opponent();
            Phase::Roll
        };
    }

    /// Places `owner`'s pawn on `square`, removing an opponent pawn there.
    fn land_capturing(&mut self, owner: Side, square: usize, events: &mut Vec<String>) {
        if let Some(other) = self.board[square] {
            debug_assert_ne!(other, owner, "never lands on a friend");
            self.removed[other.seat()] += 1;
            events.push(format!("capture {square}"));
        }
        self.board[square] = Some(owner);
    }

    fn roll(&mut self, v: u8) -> Vec<String> {
        let me = self.to_move;
        // Spec "30, Gates of Aaru": at the start of a later turn, the roll is
        // first checked against the gates. Only the player's own move can put
        // its pawn on 30, so a pawn there at the start of its turn always
        // arrived in an earlier turn.
        if self.board[GATES] == Some(me) && v == 6 {
            self.phase = Phase::Over {
                winner: me,
                how: "gates",
            };
            return vec!["win gates".to_string()];
        }
        if self.act_options(v).is_empty() {
            self.to_move = me.opponent();
            self.phase = Phase::Roll;
            return vec!["pass".to_string()];
        }
        self.phase = Phase::Act { roll: v };
        Vec::new()
    }

    fn vulture_roll(&mut self, v: u8) -> Vec<String> {
        let me = self.to_move;
        let target = if v <= 4 { me } else { me.opponent() };
        if self.pawns_on_board(target).is_empty() {
            // Only possible on a 5-6: the opponent has no pawn on the board.
            self.finish_turn();
        } else {
            self.phase = Phase::Vulture { target };
        }
        Vec::new()
    }

    /// Spec "27, River of Oblivion" and its Decision: sweep the first pawn in
    /// the queue with roll `v`.
    fn sweep(&mut self, mut queue: Vec<usize>, v: u8) -> Vec<String> {
        let from = queue.remove(0);
        let owner = self.board[from].expect("a pawn not yet swept stays on its square");
        // The pawn being swept is lifted first: its own square counts as free.
        self.board[from] = None;
        let first = usize::from(v).div_ceil(2); // 1-2 -> 1, 3-4 -> 2, 5-6 -> 3
        let order = [first, first % 3 + 1, (first + 1) % 3 + 1];
        let events = match order.iter().find(|&&q| self.board[q].is_none()) {
            Some(&to) => {
                self.board[to] = Some(owner);
                vec![format!("sweep {from} {to}")]
            }
            None => {
                self.reserve[owner.seat()] += 1;
                vec![format!("reserve {from}")]
            }
        };
        if queue.is_empty() {
            self.finish_turn();
        } else {
            self.phase = Phase::River { queue };
        }
        events
    }

    /// Spec "28, Trial of the Three Gods" with roll `v`.
    fn trial(&mut self, v: u8) -> Vec<String> {
        let me = self.to_move;
        if v == 3 {
            // Ambiguity resolved: the winning pawn is not moved anywhere; it
            // stays on 28 in the final state.
            self.phase = Phase::Over {
                winner: me,
                how: "trial",
            };
            return vec!["win trial".to_string()];
        }
        self.board[TRIAL] = None;
        let rolled = usize::from(v);
        let mut events = Vec::new();
        if self.board[rolled] == Some(me) {
            // Decision: the nearest empty square below; squares holding any
            // pawn are skipped, so this never captures.
            match (1..rolled).rev().find(|&q| self.board[q].is_none()) {
                Some(to) => {
                    self.board[to] = Some(me);
                    events.push(format!("trial {TRIAL} {to}"));
                }
                None => {
                    self.reserve[me.seat()] += 1;
                    events.push(format!("reserve {TRIAL}"));
                }
            }
        } else {
            events.push(format!("trial {TRIAL} {rolled}"));
            self.land_capturing(me, rolled, &mut events);
        }
        // "It also happens when a pawn is placed there by another effect":
        // the Trial places only on 1..6, which have no effect of their own
        // (nor do the River's, the Ankh's and the summon's squares 1..3), so
        // no effect ever chains into another.
        self.finish_turn();
        events
    }
}

impl RefGame for Game {
    type Chance = Chance;
    type Option = Choice;

    fn next(&self) -> Next<Chance, Choice> {
        match &self.phase {
            Phase::Roll | Phase::VultureRoll | Phase::River { .. } | Phase::Trial => {
                Next::Chance(die())
            }
            Phase::Act { .. } | Phase::Ankh | Phase::Vulture { .. } => Next::Decide {
                seat: self.to_move.seat(),
                options: self.options(),
            },
            Phase::Over { winner, how } => Next::End(Standing {
                places: vec![winner.seat(), winner.opponent().seat()],
                scores: Vec::new(),
                how: how.to_string(),
            }),
        }
    }

    fn apply_chance(&mut self, outcome: &Chance) -> Result<Vec<String>, String> {
        let Chance::Die(v) = *outcome;
        if !(1..=6).contains(&v) {
            return Err(format!("no die face {v}"));
        }
        match self.phase.clone() {
            Phase::Roll => Ok(self.roll(v)),
            Phase::VultureRoll => Ok(self.vulture_roll(v)),
            Phase::River { queue } => Ok(self.sweep(queue, v)),
            Phase::Trial => Ok(self.trial(v)),
            _ => Err(format!("not a chance step: {}", self.describe())),
        }
    }

    fn apply_decision(&mut self, option: &Choice) -> Result<Vec<String>, String> {
        if !self.options().contains(option) {
            return Err(format!("{option:?} is not an option: {}", self.describe()));
        }
        let me = self.to_move;
        let mut events = Vec::new();
        match (self.phase.clone(), *option) {
            (Phase::Act { roll }, Choice::Move { from }) => {
                let from = usize::from(from);
                let d = from + usize::from(roll);
                self.board[from] = None;
                events.push(format!("move {from} {d}"));
                self.land_capturing(me, d, &mut events);
                self.effect(d, &mut events);
            }
            (Phase::Act { roll }, Choice::Summon) => {
                let square = usize::from(roll) - 3;
                self.reserve[me.seat()] -= 1;
                self.board[square] = Some(me);
                events.push(format!("entered {square}"));
                // 1, 2 and 3 have no effect.
                self.finish_turn();
            }
            (Phase::Ankh, Choice::Ankh { square }) => {
                self.reserve[me.seat()] -= 1;
                self.board[usize::from(square)] = Some(me);
                events.push(format!("entered {square}"));
                self.finish_turn();
            }
            (Phase::Vulture { target }, Choice::Remove { square }) => {
                self.board[usize::from(square)] = None;
                self.removed[target.seat()] += 1;
                events.push(format!("removed {square}"));
                self.finish_turn();
            }
            _ => return Err(format!("{option:?} does not fit: {}", self.describe())),
        }
        Ok(events)
    }
}
