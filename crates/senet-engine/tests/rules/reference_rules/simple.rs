//! Reference implementation of `simple`, the popular web version
//! (spec: `shared/spec/rules-simple.md`).
//!
//! # Steps
//! - Seat 0 plays Cone and throws first; seat 1 plays Spool (the spec has no
//!   opening, and "Cone throws first").
//! - The side to throw throws ([`Chance::Throw`]). If no move is legal the
//!   turn passes within that same step (event `pass`), with no further throw
//!   even on 1, 4 or 6. Otherwise the side's seat decides among
//!   [`Choice::Move`], one per movable piece, ascending by from-square (a
//!   single legal move is still a decision).
//! - **End** when a side has borne off all five pieces: places winner then
//!   loser, no scores, `how` = `borne_off`.
//!
//! # Chance order
//! Throws 1, 2, 3, 4, 6 (dark sides 1..4; 6 for none) with probabilities
//! 4/16, 6/16, 4/16, 1/16, 1/16.
//!
//! # Events
//! - `move <from> <to>` — a piece moves; `to` is the square reached, 27
//!   included (a `water` event follows).
//! - `capture <square> <to>` — the opponent piece on `square` is swapped back
//!   to `to` (the mover's from-square).
//! - `water 27 <to>` — the water sends the piece on to `to`.
//! - `off <from>` — a piece is borne off from `from`.
//! - `pass` — no legal move: the turn passes.

use super::{Census, Next, Prob, RefGame, Standing};

/// Pieces per side.
pub const PIECES: usize = 5;
/// Squares 1..30.
const LAST: usize = 30;
/// Where the water sends a piece.
const REBIRTH: usize = 15;
/// The water square.
const WATER: usize = 27;
/// Squares that send a piece away at once: no piece ever rests there.
pub const SENDS_AWAY: [usize; 1] = [WATER];
/// Spec "Moving and capturing": safe squares, where a piece is defended.
const SAFE: [usize; 3] = [26, 28, 29];

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// Cone, `c`, seat 0, throws first.
    Cone,
    /// Spool, `s`, seat 1.
    Spool,
}

impl Side {
    /// The letter of the position text.
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

    /// The seat playing this side: Cone is seat 0, Spool seat 1.
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
    /// A throw of the four sticks: the number of dark sides 1..=4, or 6 when
    /// none is dark.
    Throw(u8),
}

/// A decision option of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// Move the piece on `from` forward by the throw.
    Move {
        /// The square of the piece to move.
        from: u8,
    },
}

/// Spec "Decisions": (throw, numerator over 16).
const THROWS: [(u8, u32); 5] = [(1, 4), (2, 6), (3, 4), (4, 1), (6, 1)];

/// Every throw with its probability, in the documented order.
pub fn throws() -> Vec<(Chance, Prob)> {
    THROWS
        .iter()
        .map(|&(t, n)| (Chance::Throw(t), Prob::new(n, 16)))
        .collect()
}

/// Spec "Throws": 1, 4 and 6 give another throw after the move.
fn extra_throw(throw: u8) -> bool {
    matches!(throw, 1 | 4 | 6)
}

/// `board[p]` is the piece on square p (1..=30); `board[0]` is unused.
type Board = [Option<Side>; LAST + 1];

/// Spec "Setup": Cone on 1, 3, 5, 7, 9 and Spool on 2, 4, 6, 8, 10.
#[allow(clippy::needless_range_loop)] // index = square number, on purpose
fn start_board() -> Board {
    let mut board: Board = [None; LAST + 1];
    for square in 1..=2 * PIECES {
        board[square] = Some(if square % 2 == 1 {
            Side::Cone
        } else {
            Side::Spool
        });
    }
    board
}

fn count(board: &Board, side: Side) -> usize {
    board.iter().filter(|&&q| q == Some(side)).count()
}

/// Spec "Moving and capturing": the piece on `q` is defended when it has a
/// friendly piece on an adjacent square or stands on 26, 28 or 29.
fn is_defended(board: &Board, q: usize) -> bool {
    let Some(owner) = board[q] else {
        return false;
    };
    if SAFE.contains(&q) {
        return true;
    }
    let below = q > 1 && board[q - 1] == Some(owner);
    let above = q < LAST && board[q + 1] == Some(owner);
    below || above
}

/// Spec "Water (27)": back to 15, or if 15 is occupied, the nearest empty
/// square below it. The mover is already lifted from `board`.
fn water_target(board: &Board) -> Option<usize> {
    if board[REBIRTH].is_none() {
        return Some(REBIRTH);
    }
    (1..REBIRTH).rev().find(|&q| board[q].is_none())
}

/// Where a legal move goes, as `moves` prints it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum To {
    Square(usize),
    Off,
}

/// One legal move: its from-square, destination, resulting board and events.
#[derive(Clone, Debug)]
struct Move {
    from: usize,
    to: To,
    after: Board,
    events: Vec<String>,
}

/// The forward move of `side`'s piece on p by t, if legal.
fn forward(board: &Board, side: Side, p: usize, t: usize) -> Option<Move> {
    let d = p + t;
    let mut after = *board;
    let mut events = Vec::new();
    // Spec "Bearing off": past 30 bears off, except that 28 needs exactly 3
    // and 29 exactly 2 (both reach 31, the first square past 30).
    if d > LAST {
        if (p == 28 && t != 3) || (p == 29 && t != 2) {
            return None;
        }
        after[p] = None;
        events.push(format!("off {p}"));
        return Some(Move {
            from: p,
            to: To::Off,
            after,
            events,
        });
    }
    // No blockades: pieces are jumped over freely. The destination:
    match board[d] {
        Some(owner) if owner == side => None,
        Some(_) if is_defended(board, d) => None,
        Some(opponent) => {
            after[d] = Some(side);
            after[p] = Some(opponent);
            events.push(format!("move {p} {d}"));
            events.push(format!("capture {d} {p}"));
            Some(Move {
                from: p,
                to: To::Square(d),
                after,
                events,
            })
        }
        None => {
            after[p] = None;
            events.push(format!("move {p} {d}"));
            if d == WATER {
                // Cannot fail: nine other pieces cannot fill 1..=15.
                let target = water_target(&after)?;
                after[target] = Some(side);
                events.push(format!("water {WATER} {target}"));
            } else {
                after[d] = Some(side);
            }
            Some(Move {
                from: p,
                to: To::Square(d),
                after,
                events,
            })
        }
    }
}

/// Every legal move for `side` with throw `t`, ascending by from-square. No
/// backward moves exist: an empty list means the turn passes.
fn legal_moves(board: &Board, side: Side, t: u8) -> Vec<Move> {
    (1..=LAST)
        .filter(|&p| board[p] == Some(side))
        .filter_map(|p| forward(board, side, p, usize::from(t)))
        .collect()
}

fn board_text(board: &Board) -> String {
    board[1..]
        .iter()
        .map(|q| q.map_or('.', Side::letter))
        .collect()
}

/// Parses a position text (spec "Decisions": the standard one): 30 squares
/// (`c`, `s`, `.`), a space, and `c` or `s`. Valid when each side has at most
/// five pieces and no piece is on 27.
fn parse(text: &str) -> Option<(Board, Side)> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != LAST + 2 || chars[LAST] != ' ' {
        return None;
    }
    let mut board: Board = [None; LAST + 1];
    for square in 1..=LAST {
        board[square] = match chars[square - 1] {
            '.' => None,
            c => Some(Side::from_letter(c)?),
        };
    }
    let side = Side::from_letter(chars[LAST + 1])?;
    if count(&board, Side::Cone) > PIECES || count(&board, Side::Spool) > PIECES {
        return None;
    }
    if board[WATER].is_some() {
        return None;
    }
    Some((board, side))
}

/// Exactly what `senet moves --rules simple "<position>" <throw>` prints,
/// line by line: `<from> <to> <position after>` for every legal move,
/// ascending by from-square (`to` is the square reached before the water, or
/// `off`), else one line `pass <position>`. None for an invalid position or a
/// throw other than 1, 2, 3, 4, 6.
pub fn moves(position: &str, throw: u8) -> Option<Vec<String>> {
    let (board, side) = parse(position)?;
    if !THROWS.iter().any(|&(t, _)| t == throw) {
        return None;
    }
    let legal = legal_moves(&board, side, throw);
    if legal.is_empty() {
        // No further throw even on 1, 4 or 6.
        let after = format!("{} {}", board_text(&board), side.opponent().letter());
        return Some(vec![format!("pass {after}")]);
    }
    let next = if extra_throw(throw) {
        side
    } else {
        side.opponent()
    };
    Some(
        legal
            .iter()
            .map(|m| {
                let to = match m.to {
                    To::Square(q) => q.to_string(),
                    To::Off => "off".to_string(),
                };
                format!(
                    "{} {} {} {}",
                    m.from,
                    to,
                    board_text(&m.after),
                    next.letter()
                )
            })
            .collect(),
    )
}

/// Where the game stands.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Phase {
    /// `side` throws next.
    ToThrow(Side),
    /// `side` threw `throw` and has at least one legal move to choose.
    ToMove { side: Side, throw: u8 },
    /// `winner` has borne off all five pieces.
    Over { winner: Side },
}

/// A game of `simple`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    board: Board,
    borne_off: [usize; 2],
    phase: Phase,
}

/// A new game: the setup, Cone (seat 0) to throw.
pub fn new_game() -> Game {
    Game {
        board: start_board(),
        borne_off: [0, 0],
        phase: Phase::ToThrow(Side::Cone),
    }
}

impl Game {
    /// Test-only constructor: the game at a position text, its side to throw.
    /// Pieces missing from the board have been borne off.
    pub fn from_position(text: &str) -> Result<Game, String> {
        let (board, side) = parse(text).ok_or_else(|| format!("invalid position `{text}`"))?;
        Ok(Game {
            board,
            borne_off: [
                PIECES - count(&board, Side::Cone),
                PIECES - count(&board, Side::Spool),
            ],
            phase: Phase::ToThrow(side),
        })
    }

    /// The position text: the board, a space, and the side on turn (the
    /// winner's letter once over).
    pub fn position_text(&self) -> String {
        let side = match self.phase {
            Phase::ToThrow(side) | Phase::ToMove { side, .. } => side,
            Phase::Over { winner } => winner,
        };
        format!("{} {}", board_text(&self.board), side.letter())
    }

    /// Where every piece is.
    pub fn census(&self) -> Census {
        let occupied: Vec<usize> = (1..=LAST).filter(|&q| self.board[q].is_some()).collect();
        Census {
            on_board: occupied.len(),
            in_reserve: 0,
            borne_off: self.borne_off.iter().sum(),
            removed: 0,
            total: 2 * PIECES,
            occupied,
            settled: true,
        }
    }

    /// A readable description for failure messages.
    pub fn describe(&self) -> String {
        let phase = match self.phase {
            Phase::ToThrow(side) => format!("{side:?} to throw"),
            Phase::ToMove { side, throw } => format!("{side:?} to move with a {throw}"),
            Phase::Over { winner } => format!("over, {winner:?} won"),
        };
        format!(
            "simple `{}` | {phase} | borne off: Cone {}, Spool {}",
            self.position_text(),
            self.borne_off[0],
            self.borne_off[1]
        )
    }
}

impl RefGame for Game {
    type Chance = Chance;
    type Option = Choice;

    fn next(&self) -> Next<Chance, Choice> {
        match self.phase {
            Phase::ToThrow(_) => Next::Chance(throws()),
            Phase::ToMove { side, throw } => Next::Decide {
                seat: side.seat(),
                options: legal_moves(&self.board, side, throw)
                    .iter()
                    .map(|m| Choice::Move { from: m.from as u8 })
                    .collect(),
            },
            Phase::Over { winner } => Next::End(Standing {
                places: vec![winner.seat(), winner.opponent().seat()],
                scores: Vec::new(),
                how: "borne_off".to_string(),
            }),
        }
    }

    fn apply_chance(&mut self, outcome: &Chance) -> Result<Vec<String>, String> {
        let Chance::Throw(t) = *outcome;
        if !THROWS.iter().any(|&(v, _)| v == t) {
            return Err(format!("no throw {t}"));
        }
        let Phase::ToThrow(side) = self.phase else {
            return Err(format!("not a chance step: {}", self.describe()));
        };
        if legal_moves(&self.board, side, t).is_empty() {
            self.phase = Phase::ToThrow(side.opponent());
            Ok(vec!["pass".to_string()])
        } else {
            self.phase = Phase::ToMove { side, throw: t };
            Ok(Vec::new())
        }
    }

    fn apply_decision(&mut self, option: &Choice) -> Result<Vec<String>, String> {
        let Phase::ToMove { side, throw } = self.phase else {
            return Err(format!("not a decision step: {}", self.describe()));
        };
        let Choice::Move { from } = *option;
        let chosen = legal_moves(&self.board, side, throw)
            .into_iter()
            .find(|m| m.from == usize::from(from))
            .ok_or_else(|| format!("no legal move from {from}: {}", self.describe()))?;
        self.board = chosen.after;
        if chosen.to == To::Off {
            self.borne_off[side.seat()] += 1;
        }
        self.phase = if count(&self.board, side) == 0 {
            Phase::Over { winner: side }
        } else if extra_throw(throw) {
            Phase::ToThrow(side)
        } else {
            Phase::ToThrow(side.opponent())
        };
        Ok(chosen.events)
    }
}
