//! Reference implementation of `modern`, "Senet-modern" for 2, 3 or 4
//! players (spec: `shared/spec/rules-modern.md`).
//!
//! # Seats and pieces
//! Seats 0..n are P1..Pn (letters `a`..`d` in [`Game::describe`]); seat 0
//! starts, then the seats follow in order, skipping seats that are out. Each
//! seat has pieces worth 1..=5 dots, identified by (seat, value).
//!
//! # Steps of a turn
//! 1. A seat with exactly one piece on the board first decides
//!    [`Choice::RollOne`] or [`Choice::RollTwo`] (in that order).
//! 2. The server rolls: [`Chance::Dice`] (two dice) or [`Chance::Die`] (one).
//! 3. The seat decides its first move among, in this order, [`Choice::Sum`]
//!    (ascending by from-square), then [`Choice::Die`] (ascending by die, then
//!    by from-square; with doubles each piece appears once). With one die only
//!    `Die` moves exist; with one piece on the board and two dice only `Sum`
//!    moves. A seat with a piece on 28–30 that can move must move one of them.
//!    A single option is still a decision.
//! 4. After a `Die` move with two dice, a decision among `Die` moves of the
//!    other die by a different piece (same order and the same 28–30 rule), if
//!    any; otherwise the turn ends.
//!
//! A seat that has no option at step 3 (no piece, or nothing can move) is out
//! within the roll step: event `out P<n>`, and its pieces leave the board.
//! The game ends as soon as a seat has borne off three pieces (`how` =
//! `three_borne_off`), even between the two moves of a split, or when one
//! seat remains (`how` = `last_player`).
//!
//! # Standing
//! Seats still in, by dots borne off (more first), then pieces borne off
//! (more first), then the earlier first bear-off, then (a tie nothing else
//! breaks, e.g. two seats that bore nothing off) the lower seat; then the
//! seats that went out, the later out first. `scores` are the dots borne off
//! by seat (for every seat, out or not).
//!
//! # Chance order
//! - Two dice: unordered pairs `Dice(low, high)` with low ≤ high, in
//!   lexicographic order (1,1), (1,2), …, (1,6), (2,2), …, (6,6); doubles 1/36,
//!   others 2/36. (The order of the two dice carries no information: the
//!   player chooses which die to use first.)
//! - One die: `Die(1)` … `Die(6)`, each 1/6.
//!
//! # Events
//! - `move <from> <to>` — a piece moves; `to` is 31 (the goal) when it bounces.
//! - `bounce 31 <to>` — it bounces back from the goal to `to`.
//! - `off <from>` — the piece from `from` reaches the goal exactly and scores.
//! - `capture <square>` — the opponent piece on `square` is hit; a `sun`
//!   event follows.
//! - `removed <square>` — the piece on `square` leaves the game for good (the
//!   Sun's occupant when another piece returns there, or a piece of a seat
//!   that is out).
//! - `sun <from>` — the piece from `from` (hit, or stopped on the Moon, 26)
//!   goes back to the Sun.
//! - `bird 27 <to>` — the Bird sends the piece to `to`.
//! - `out P<n>` — seat n-1 could not use its throw and leaves the game.

use super::{Census, Next, Prob, RefGame, Standing};

/// Pieces per seat, worth 1..=5 dots.
pub const PIECES: usize = 5;
/// The last square.
const LAST: usize = 30;
/// The goal, one step past 30.
const GOAL: usize = 31;
/// The Sun, the start.
const SUN: usize = 1;
/// The Moon: a piece stopping here goes back to the Sun.
const MOON: usize = 26;
/// The Bird: a piece stopping here goes back to 15 or below.
const BIRD: usize = 27;
/// Where the Bird sends a piece first.
const BIRD_TARGET: usize = 15;
/// Squares that send a piece away at once: no piece ever rests there.
pub const SENDS_AWAY: [usize; 2] = [MOON, BIRD];
/// Bear-offs needed to end the game.
const TO_WIN: usize = 3;

/// A piece: its seat and its dots.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// The owning seat, 0-based.
    pub seat: usize,
    /// Its dots, 1..=5: its score value.
    pub value: u8,
}

/// A chance outcome of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chance {
    /// One die, 1..=6 (only after [`Choice::RollOne`]).
    Die(u8),
    /// Two dice as an unordered pair, `low <= high`.
    Dice(u8, u8),
}

/// A decision option of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// With one piece on the board: roll one die.
    RollOne,
    /// With one piece on the board: roll two dice.
    RollTwo,
    /// Move the piece on `from` by the sum of the two dice.
    Sum {
        /// The square of the piece to move.
        from: u8,
    },
    /// Move the piece on `from` by one die showing `die` (the first or the
    /// second move of a split, or the move of a single die).
    Die {
        /// The square of the piece to move.
        from: u8,
        /// The value of the die used.
        die: u8,
    },
}

/// Every outcome of two dice, in the documented order.
pub fn two_dice() -> Vec<(Chance, Prob)> {
    let mut outcomes = Vec::new();
    for low in 1..=6 {
        for high in low..=6 {
            let ways = if low == high { 1 } else { 2 };
            outcomes.push((Chance::Dice(low, high), Prob::new(ways, 36)));
        }
    }
    outcomes
}

/// Every outcome of one die, in the documented order.
pub fn one_die() -> Vec<(Chance, Prob)> {
    (1..=6).map(|v| (Chance::Die(v), Prob::new(1, 6))).collect()
}

/// `board[p]` is the piece on square p (1..=30); `board[0]` is unused.
type Board = [Option<Piece>; LAST + 1];

/// What was rolled for the turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Roll {
    One(u8),
    Two(u8, u8),
}

/// Where the game stands.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Phase {
    /// The seat on turn has one piece on the board: roll one die or two?
    ChooseDice,
    /// The server rolls two dice (`two`) or one.
    Roll { two: bool },
    /// The first move with the roll.
    First { roll: Roll },
    /// The second move of a split: `die` by a piece other than `moved`.
    Second { die: u8, moved: Piece },
    /// The game is over.
    Over { how: &'static str },
}

/// A game of Senet-modern.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    seats: usize,
    board: Board,
    /// Values borne off, by seat, in the order borne off.
    borne: Vec<Vec<u8>>,
    /// Pieces taken out of the game for good.
    removed: Vec<Piece>,
    /// Seats that are out, in the order they went out.
    out: Vec<usize>,
    /// For each seat, the rank of its first bear-off among all bear-offs.
    first_off: Vec<Option<usize>>,
    /// Bear-offs so far, all seats together.
    bear_offs: usize,
    /// The seat on turn.
    current: usize,
    phase: Phase,
}

/// A new game for `seats` players (2..=4): the setup, P1 (seat 0) on turn.
#[allow(clippy::needless_range_loop)] // index = square number, on purpose
pub fn new_game(seats: usize) -> Result<Game, String> {
    if !(2..=4).contains(&seats) {
        return Err(format!("modern is for 2 to 4 players, not {seats}"));
    }
    // Spec "Setup": from the Sun, by value highest first, the seats in turn:
    // square k (1-based) holds seat (k-1) % n, value 5 - (k-1) / n.
    let mut board: Board = [None; LAST + 1];
    for k in 1..=PIECES * seats {
        board[k] = Some(Piece {
            seat: (k - 1) % seats,
            value: (PIECES - (k - 1) / seats) as u8,
        });
    }
    let mut game = Game {
        seats,
        board,
        borne: vec![Vec::new(); seats],
        removed: Vec::new(),
        out: Vec::new(),
        first_off: vec![None; seats],
        bear_offs: 0,
        current: 0,
        phase: Phase::Roll { two: true },
    };
    game.start_turn(0);
    Ok(game)
}

fn seat_letter(seat: usize) -> char {
    (b'a' + seat as u8) as char
}

impl Game {
    /// Test-only constructor: `seats` players, seat `to_move` about to start
    /// its turn, pieces on the board as (square, seat, value), pieces borne
    /// off as (seat, value) in the order they were borne off (which sets who
    /// bore off first). Every other piece has been taken out of the game. No
    /// seat is out.
    pub fn custom(
        seats: usize,
        to_move: usize,
        on_board: &[(usize, usize, u8)],
        borne_off: &[(usize, u8)],
    ) -> Result<Game, String> {
        let mut game = new_game(seats)?;
        if to_move >= seats {
            return Err(format!("no seat {to_move}"));
        }
        game.board = [None; LAST + 1];
        game.borne = vec![Vec::new(); seats];
        let mut placed: Vec<Piece> = Vec::new();
        for &(square, seat, value) in on_board {
            let piece = Piece { seat, value };
            if !(1..=LAST).contains(&square) || SENDS_AWAY.contains(&square) {
                return Err(format!("no piece may stand on {square}"));
            }
            if game.board[square].is_some() {
                return Err(format!("two pieces on {square}"));
            }
            game.board[square] = Some(piece);
            placed.push(piece);
        }
        for &(seat, value) in borne_off {
            let piece = Piece { seat, value };
            placed.push(piece);
            game.borne[seat].push(value);
            if game.first_off[seat].is_none() {
                game.first_off[seat] = Some(game.bear_offs);
            }
            game.bear_offs += 1;
        }
        for &piece in &placed {
            if piece.seat >= seats || !(1..=PIECES as u8).contains(&piece.value) {
                return Err(format!("no piece {piece:?}"));
            }
            if placed.iter().filter(|&&p| p == piece).count() > 1 {
                return Err(format!("{piece:?} twice"));
            }
        }
        game.removed = (0..seats)
            .flat_map(|seat| (1..=PIECES as u8).map(move |value| Piece { seat, value }))
            .filter(|p| !placed.contains(p))
            .collect();
        game.start_turn(to_move);
        Ok(game)
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The piece on `square`, if any.
    pub fn piece_on(&self, square: usize) -> Option<Piece> {
        self.board.get(square).copied().flatten()
    }

    /// The values `seat` has borne off, in order.
    pub fn borne_off(&self, seat: usize) -> Vec<u8> {
        self.borne[seat].clone()
    }

    /// The pieces taken out of the game, in the order they left.
    pub fn removed(&self) -> Vec<Piece> {
        self.removed.clone()
    }

    /// The seats that are out, in the order they went out.
    pub fn out(&self) -> Vec<usize> {
        self.out.clone()
    }

    /// The seat on turn.
    pub fn current(&self) -> usize {
        self.current
    }

    /// The board as `square:<seat letter><value>` items, ascending.
    pub fn board_text(&self) -> String {
        (1..=LAST)
            .filter_map(|q| {
                self.board[q].map(|p| format!("{q}:{}{}", seat_letter(p.seat), p.value))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Where every piece is.
    pub fn census(&self) -> Census {
        let occupied: Vec<usize> = (1..=LAST).filter(|&q| self.board[q].is_some()).collect();
        Census {
            on_board: occupied.len(),
            in_reserve: 0,
            borne_off: self.borne.iter().map(Vec::len).sum(),
            removed: self.removed.len(),
            total: PIECES * self.seats,
            occupied,
            settled: true,
        }
    }

    /// A readable description for failure messages.
    pub fn describe(&self) -> String {
        let phase = match &self.phase {
            Phase::ChooseDice => "to choose one die or two".to_string(),
            Phase::Roll { two: true } => "to roll two dice".to_string(),
            Phase::Roll { two: false } => "to roll one die".to_string(),
            Phase::First { roll } => format!("to move with {roll:?}"),
            Phase::Second { die, moved } => format!(
                "to move a piece other than {}{} by {die}",
                seat_letter(moved.seat),
                moved.value
            ),
            Phase::Over { how } => format!("over ({how})"),
        };
        let borne: Vec<String> = (0..self.seats)
            .map(|s| format!("P{} {:?}", s + 1, self.borne[s]))
            .collect();
        let removed: Vec<String> = self
            .removed
            .iter()
            .map(|p| format!("{}{}", seat_letter(p.seat), p.value))
            .collect();
        format!(
            "modern {} seats | P{} {phase} | board: {} | borne off: {} | removed: [{}] | out: {:?}",
            self.seats,
            self.current + 1,
            self.board_text(),
            borne.join(", "),
            removed.join(" "),
            self.out
        )
    }

    fn pieces_on_board(&self, seat: usize) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.seat == seat)
            .count()
    }

    fn active_seats(&self) -> Vec<usize> {
        (0..self.seats).filter(|s| !self.out.contains(s)).collect()
    }

    /// Spec "Throws": a seat with exactly one piece on the board chooses one
    /// die or two; otherwise (none, or several) two dice are rolled.
    fn start_turn(&mut self, seat: usize) {
        self.current = seat;
        self.phase = if self.pieces_on_board(seat) == 1 {
            Phase::ChooseDice
        } else {
            Phase::Roll { two: true }
        };
    }

    /// The turn is over: the next seat still in, in seat order.
    fn end_turn(&mut self) {
        let next = (1..=self.seats)
            .map(|i| (self.current + i) % self.seats)
            .find(|s| !self.out.contains(s))
            .expect("at least one seat is still in");
        self.start_turn(next);
    }

    /// Sends `piece` (already lifted) back to the Sun; a piece already there
    /// is taken out of the game for good.
    fn send_to_sun(&mut self, piece: Piece, from: usize, events: &mut Vec<String>) {
        if let Some(there) = self.board[SUN] {
            self.removed.push(there);
            events.push(format!("removed {SUN}"));
        }
        self.board[SUN] = Some(piece);
        events.push(format!("sun {from}"));
    }

    /// The game after the current seat moves the piece on `from` by `k`, with
    /// its events, or None when the move is illegal.
    fn after_move(&self, from: usize, k: usize) -> Option<(Game, Vec<String>)> {
        let piece = self.board.get(from).copied().flatten()?;
        if piece.seat != self.current {
            return None;
        }
        let mut g = self.clone();
        let mut events = Vec::new();
        g.board[from] = None;
        let reach = from + k;
        if reach == GOAL {
            // Reaching the goal exactly: borne off ("upped"), scoring its dots.
            g.borne[piece.seat].push(piece.value);
            if g.first_off[piece.seat].is_none() {
                g.first_off[piece.seat] = Some(g.bear_offs);
            }
            g.bear_offs += 1;
            events.push(format!("off {from}"));
            return Some((g, events));
        }
        let d = if reach > GOAL {
            // Past the goal: to the goal, then back by the excess.
            let d = GOAL - (reach - GOAL);
            events.push(format!("move {from} {GOAL}"));
            events.push(format!("bounce {GOAL} {d}"));
            d
        } else {
            events.push(format!("move {from} {reach}"));
            reach
        };
        // Landing rules (Decision: a bounce follows them too). The mover is
        // lifted, so a bounce back to its own square finds it empty.
        if let Some(other) = g.board[d] {
            if other.seat == piece.seat {
                return None;
            }
            // A piece starting outside 26-30 may not land on a piece on
            // 26-30 (only 28-30 can hold one); a piece on 26-30 may capture.
            let started_inside = (MOON..=LAST).contains(&from);
            if (MOON..=LAST).contains(&d) && !started_inside {
                return None;
            }
            g.board[d] = None;
            events.push(format!("capture {d}"));
            g.send_to_sun(other, d, &mut events);
        }
        match d {
            MOON => g.send_to_sun(piece, MOON, &mut events),
            BIRD => {
                // 15, or the nearest empty square below it; with none the
                // move is illegal (Decision).
                let to = (1..=BIRD_TARGET).rev().find(|&q| g.board[q].is_none())?;
                g.board[to] = Some(piece);
                events.push(format!("bird {BIRD} {to}"));
            }
            _ => g.board[d] = Some(piece),
        }
        Some((g, events))
    }

    /// Squares of the current seat's pieces (other than `except`) that can
    /// move by `k`, ascending.
    fn movable(&self, k: usize, except: Option<Piece>) -> Vec<usize> {
        (1..=LAST)
            .filter(|&q| self.board[q].is_some_and(|p| p.seat == self.current && Some(p) != except))
            .filter(|&q| self.after_move(q, k).is_some())
            .collect()
    }

    /// Decision: a seat with a piece on 28-30 must move one of those pieces
    /// if any such move is legal. Ambiguity resolved: it is checked at every
    /// move decision over all the options of that decision, sum moves and
    /// single-die moves alike (moving another piece by the sum does not
    /// escape it); at the second die of a split only the other pieces count.
    fn must_move_from_28_to_30(options: Vec<Choice>) -> Vec<Choice> {
        let from_end = |c: &Choice| match *c {
            Choice::Sum { from } | Choice::Die { from, .. } => (28..=30).contains(&from),
            _ => false,
        };
        if options.iter().any(from_end) {
            options.into_iter().filter(from_end).collect()
        } else {
            options
        }
    }

    fn first_options(&self, roll: Roll) -> Vec<Choice> {
        let mut options = Vec::new();
        match roll {
            Roll::One(v) => {
                for from in self.movable(usize::from(v), None) {
                    options.push(Choice::Die {
                        from: from as u8,
                        die: v,
                    });
                }
            }
            Roll::Two(a, b) => {
                // Doubles: the two dice are the same die value, so each piece
                // appears once among the single-die moves.
                for from in self.movable(usize::from(a + b), None) {
                    options.push(Choice::Sum { from: from as u8 });
                }
                // Decision: with one piece on the board and two dice, only the
                // sum. (A split needs two different pieces anyway.)
                if self.pieces_on_board(self.current) >= 2 {
                    let dice = if a == b { vec![a] } else { vec![a, b] };
                    for die in dice {
                        for from in self.movable(usize::from(die), None) {
                            options.push(Choice::Die {
                                from: from as u8,
                                die,
                            });
                        }
                    }
                }
            }
        }
        Self::must_move_from_28_to_30(options)
    }

    fn second_options(&self, die: u8, moved: Piece) -> Vec<Choice> {
        let options = self
            .movable(usize::from(die), Some(moved))
            .into_iter()
            .map(|from| Choice::Die {
                from: from as u8,
                die,
            })
            .collect();
        Self::must_move_from_28_to_30(options)
    }

    fn options(&self) -> Vec<Choice> {
        match &self.phase {
            Phase::ChooseDice => vec![Choice::RollOne, Choice::RollTwo],
            Phase::First { roll } => self.first_options(*roll),
            Phase::Second { die, moved } => self.second_options(*die, *moved),
            _ => Vec::new(),
        }
    }

    /// Applies the current seat's move and reports whether the game ended.
    fn play(&mut self, from: usize, k: usize, events: &mut Vec<String>) -> Result<bool, String> {
        let (after, move_events) = self
            .after_move(from, k)
            .ok_or_else(|| format!("illegal move {from} by {k}: {}", self.describe()))?;
        *self = after;
        events.extend(move_events);
        if self.borne[self.current].len() >= TO_WIN {
            self.phase = Phase::Over {
                how: "three_borne_off",
            };
            return Ok(true);
        }
        Ok(false)
    }

    /// The current seat cannot use its throw: it is out, and its pieces
    /// leave the board.
    fn go_out(&mut self) -> Vec<String> {
        let seat = self.current;
        let mut events = vec![format!("out P{}", seat + 1)];
        // Ambiguity resolved: "loses and leaves the game" — its pieces still
        // on the board leave too (taken out of the game, never scoring);
        // they do not stay behind as obstacles.
        for q in 1..=LAST {
            if let Some(p) = self.board[q].filter(|p| p.seat == seat) {
                self.board[q] = None;
                self.removed.push(p);
                events.push(format!("removed {q}"));
            }
        }
        self.out.push(seat);
        if self.active_seats().len() == 1 {
            self.phase = Phase::Over { how: "last_player" };
        } else {
            self.end_turn();
        }
        events
    }

    fn standing(&self, how: &str) -> Standing {
        let score = |s: usize| self.borne[s].iter().map(|&v| i32::from(v)).sum::<i32>();
        let mut places = self.active_seats();
        // Ambiguity resolved: a tie that score, count and first bear-off leave
        // (seats that bore nothing off) goes to the lower seat. Seats that are
        // out keep their dots in `scores` but rank after every seat still in.
        places.sort_by_key(|&s| {
            (
                std::cmp::Reverse(score(s)),
                std::cmp::Reverse(self.borne[s].len()),
                self.first_off[s].unwrap_or(usize::MAX),
                s,
            )
        });
        places.extend(self.out.iter().rev());
        Standing {
            places,
            scores: (0..self.seats).map(score).collect(),
            how: how.to_string(),
        }
    }
}

impl RefGame for Game {
    type Chance = Chance;
    type Option = Choice;

    fn next(&self) -> Next<Chance, Choice> {
        match &self.phase {
            Phase::Roll { two: true } => Next::Chance(two_dice()),
            Phase::Roll { two: false } => Next::Chance(one_die()),
            Phase::ChooseDice | Phase::First { .. } | Phase::Second { .. } => Next::Decide {
                seat: self.current,
                options: self.options(),
            },
            Phase::Over { how } => Next::End(self.standing(how)),
        }
    }

    fn apply_chance(&mut self, outcome: &Chance) -> Result<Vec<String>, String> {
        let roll = match (&self.phase, *outcome) {
            (Phase::Roll { two: true }, Chance::Dice(a, b)) if 1 <= a && a <= b && b <= 6 => {
                Roll::Two(a, b)
            }
            (Phase::Roll { two: false }, Chance::Die(v)) if (1..=6).contains(&v) => Roll::One(v),
            _ => return Err(format!("{outcome:?} does not fit: {}", self.describe())),
        };
        if self.first_options(roll).is_empty() {
            // Spec "No pass": a seat that cannot use its throw at all loses.
            return Ok(self.go_out());
        }
        self.phase = Phase::First { roll };
        Ok(Vec::new())
    }

    fn apply_decision(&mut self, option: &Choice) -> Result<Vec<String>, String> {
        if !self.options().contains(option) {
            return Err(format!("{option:?} is not an option: {}", self.describe()));
        }
        let mut events = Vec::new();
        match (self.phase.clone(), *option) {
            (Phase::ChooseDice, Choice::RollOne) => self.phase = Phase::Roll { two: false },
            (Phase::ChooseDice, Choice::RollTwo) => self.phase = Phase::Roll { two: true },
            (
                Phase::First {
                    roll: Roll::Two(a, b),
                },
                Choice::Sum { from },
            ) => {
                if !self.play(usize::from(from), usize::from(a + b), &mut events)? {
                    self.end_turn();
                }
            }
            (Phase::First { roll }, Choice::Die { from, die }) => {
                let moved = self.board[usize::from(from)].expect("an option moves a piece");
                if self.play(usize::from(from), usize::from(die), &mut events)? {
                    return Ok(events);
                }
                match roll {
                    Roll::One(_) => self.end_turn(),
                    Roll::Two(a, b) => {
                        let other = if die == a { b } else { a };
                        if self.second_options(other, moved).is_empty() {
                            // No other piece can use the second die: the turn
                            // ends with one die used.
                            self.end_turn();
                        } else {
                            self.phase = Phase::Second { die: other, moved };
                        }
                    }
                }
            }
            (Phase::Second { die, .. }, Choice::Die { from, .. }) => {
                if !self.play(usize::from(from), usize::from(die), &mut events)? {
                    self.end_turn();
                }
            }
            _ => return Err(format!("{option:?} does not fit: {}", self.describe())),
        }
        Ok(events)
    }
}
