//! Reference implementation of `jequier`, G. Jequier's reconstruction
//! (spec: `shared/spec/rules-jequier.md`).
//!
//! # Steps
//! - **Opening.** The seat that throws first is a parameter of [`new_game`]
//!   (as in `kendall-7`: the spec's random choice is made before the game like
//!   the room's seating, so the caller supplies it and the chance kind stays a
//!   single one, stick throws). The seats throw alternately
//!   ([`Chance::Throw`]) until one throws a 1; other opening throws move
//!   nothing (no events). On the 1 the thrower becomes Black, the other seat
//!   White, the rules play 10 → 11 at once, and Black throws again as a
//!   normal turn.
//! - **Play.** The side to throw throws ([`Chance::Throw`]). If no move is
//!   legal the turn is lost within that same step (event `pass`), with no
//!   further throw even on 1, 4 or 6. Otherwise the side's seat decides among
//!   [`Choice::Move`], one per movable piece, ascending by from-square (a
//!   single legal move is still a decision).
//! - Until White has moved once, while a White piece stands on 9, White's
//!   legal moves are filtered down to the move of that piece.
//! - **End** when a side has borne off all five pieces: places winner then
//!   loser, scores by seat (the winner's match points, 0 for the loser),
//!   `how` = `borne_off`.
//!
//! # Chance order
//! Throws 1, 2, 3, 4, 6 (flat sides 1..4; 6 for none) with probabilities
//! 4/16, 6/16, 4/16, 1/16, 1/16.
//!
//! # Events
//! - `colour <seat> <w|b>` — the opening assigns a side to a seat (Black first).
//! - `move <from> <to>` — a piece moves forward or backward; `to` is the
//!   square reached, 27 included (a `water` event follows), 30 included (an
//!   `off 30` event follows when the piece leaves at once).
//! - `capture <square> <to>` — the opponent piece on `square` is swapped back
//!   to `to` (the mover's from-square).
//! - `water 27 <to>` — the House of Water sends the piece to `to`.
//! - `off <from>` — a piece leaves the board from `from` (always 30).
//! - `pass` — no legal move: the turn is lost.

use super::{Census, Next, Prob, RefGame, Standing};

/// Pieces per side.
pub const PIECES: usize = 5;
/// Squares 1..30.
const LAST: usize = 30;
/// House of Water.
const WATER: usize = 27;
/// Squares that send a piece away at once: no piece ever rests there.
pub const SENDS_AWAY: [usize; 1] = [WATER];
/// Spec "Captures, protection and walls": refuges, where a piece is protected.
const REFUGES: [usize; 4] = [26, 28, 29, 30];
/// Spec "Board": the exit row.
const EXIT_ROW: std::ops::RangeInclusive<usize> = 21..=30;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// White, `w`: the pieces on 1, 3, 5, 7, 9.
    White,
    /// Black, `b`: the pieces on 2, 4, 6, 8, 10; the opening winner.
    Black,
}

impl Side {
    /// The letter of the position text.
    pub fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    fn from_letter(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
}

/// A chance outcome of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chance {
    /// A throw of the four sticks: the number of flat sides 1..=4, or 6 when
    /// none is flat.
    Throw(u8),
}

/// A decision option of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// Move the piece on `from`: forward by the throw (from 30: bear off),
    /// or backward by the throw when no piece can move forward.
    Move {
        /// The square of the piece to move.
        from: u8,
    },
}

/// Spec "Throws": (throw, numerator over 16).
const THROWS: [(u8, u32); 5] = [(1, 4), (2, 6), (3, 4), (4, 1), (6, 1)];

/// Every throw with its probability, in the documented order.
pub fn throws() -> Vec<(Chance, Prob)> {
    THROWS
        .iter()
        .map(|&(t, n)| (Chance::Throw(t), Prob::new(n, 16)))
        .collect()
}

/// Spec "Throws" and the Decisions: 1, 4 and 6 give another throw after a
/// move, forward or backward.
fn extra_throw(throw: u8) -> bool {
    matches!(throw, 1 | 4 | 6)
}

/// `board[p]` is the piece on square p (1..=30); `board[0]` is unused.
type Board = [Option<Side>; LAST + 1];

/// Spec "Setup": White on 1, 3, 5, 7, 9 and Black on 2, 4, 6, 8, 10.
fn start_board() -> Board {
    let mut board: Board = [None; LAST + 1];
    for (square, piece) in board.iter_mut().enumerate().take(2 * PIECES + 1).skip(1) {
        *piece = Some(if square % 2 == 1 {
            Side::White
        } else {
            Side::Black
        });
    }
    board
}

fn count(board: &Board, side: Side) -> usize {
    board.iter().filter(|&&q| q == Some(side)).count()
}

/// Spec "walls": square q is part of a wall of `owner`, a run of three or
/// more consecutive squares all held by `owner`.
fn in_wall(board: &Board, q: usize, owner: Side) -> bool {
    if !(1..=LAST).contains(&q) || board[q] != Some(owner) {
        return false;
    }
    let mut low = q;
    while low > 1 && board[low - 1] == Some(owner) {
        low -= 1;
    }
    let mut high = q;
    while high < LAST && board[high + 1] == Some(owner) {
        high += 1;
    }
    high - low + 1 >= 3
}

/// Spec "protected": a friendly piece on an adjacent square, or a refuge.
/// (A piece of a wall always has a friendly neighbour, so "may not land on a
/// wall" is covered too.)
fn is_protected(board: &Board, q: usize) -> bool {
    let Some(owner) = board[q] else {
        return false;
    };
    if REFUGES.contains(&q) {
        return true;
    }
    let below = q > 1 && board[q - 1] == Some(owner);
    let above = q < LAST && board[q + 1] == Some(owner);
    below || above
}

/// Spec "Bearing off": every piece `side` still has on the board stands in
/// the exit row 21..30.
fn may_bear_off(board: &Board, side: Side) -> bool {
    (1..=LAST)
        .filter(|&q| board[q] == Some(side))
        .all(|q| EXIT_ROW.contains(&q))
}

/// Spec "House of Water": square 1, or the lowest-numbered empty square if 1
/// is occupied. The mover is already lifted from `board`.
fn water_target(board: &Board) -> Option<usize> {
    (1..=LAST).find(|&q| board[q].is_none())
}

/// Places `side`'s lifted piece on the empty square `square`, through the
/// House of Water if it is 27.
fn land(board: &mut Board, side: Side, square: usize, events: &mut Vec<String>) -> Option<()> {
    if square == WATER {
        let target = water_target(board)?;
        board[target] = Some(side);
        events.push(format!("water {WATER} {target}"));
    } else {
        board[square] = Some(side);
    }
    Some(())
}

/// Whether a move between `a` and `b` passes over a wall of `owner`: a wall
/// square strictly between them.
fn passes_wall(board: &Board, a: usize, b: usize, owner: Side) -> bool {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    ((low + 1)..high).any(|q| in_wall(board, q, owner))
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
    let opponent = side.opponent();
    let mut after = *board;
    let mut events = Vec::new();
    if p == LAST {
        // Decision: a piece waiting on 30 leaves by a move the player
        // chooses, with any throw, once every piece of its side is in the
        // exit row; before that it cannot move forward (past 30 is illegal).
        if !may_bear_off(board, side) {
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
    let d = p + t;
    // Past 30 is illegal.
    if d > LAST {
        return None;
    }
    // Never over an opponent wall.
    if passes_wall(board, p, d, opponent) {
        return None;
    }
    match board[d] {
        Some(owner) if owner == side => None,
        Some(_) if is_protected(board, d) => None,
        Some(_) => {
            // Capture: the two swap.
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
            if d == LAST && may_bear_off(board, side) {
                // "A piece that lands exactly on 30 at such a time leaves the
                // board at once." Ambiguity resolved: the move is a bear-off,
                // so `moves` prints its destination as `off` (not 30); its
                // events show both steps, `move <p> 30` then `off 30`.
                events.push(format!("off {LAST}"));
                return Some(Move {
                    from: p,
                    to: To::Off,
                    after,
                    events,
                });
            }
            // Decision: before bearing off is allowed a piece may move onto
            // 30 and wait there (a refuge).
            land(&mut after, side, d, &mut events)?;
            Some(Move {
                from: p,
                to: To::Square(d),
                after,
                events,
            })
        }
    }
}

/// Spec "Backward moves": the piece on p moves back by the full throw to an
/// empty square, not over an opponent wall; onto 27 means the House of Water
/// ("in any way").
fn backward(board: &Board, side: Side, p: usize, t: usize) -> Option<Move> {
    let d = p.checked_sub(t).filter(|&d| d >= 1)?;
    if board[d].is_some() || passes_wall(board, p, d, side.opponent()) {
        return None;
    }
    let mut after = *board;
    after[p] = None;
    let mut events = vec![format!("move {p} {d}")];
    land(&mut after, side, d, &mut events)?;
    Some(Move {
        from: p,
        to: To::Square(d),
        after,
        events,
    })
}

/// Every legal move for `side` with throw `t`, ascending by from-square:
/// the forward moves, or if no piece can move forward, the backward moves.
///
/// `only_from_nine` applies White's first-move obligation. Ambiguity
/// resolved here: the Decision says the obligation "filters White's legal
/// moves", so the full list is computed first (forward moves, or backward
/// moves only when no piece at all can move forward) and then filtered to
/// the piece on 9. When other White pieces could move forward but the piece
/// on 9 cannot, the filtered list is empty and the turn is lost; the piece on
/// 9 is not offered a backward move in that case.
fn legal_moves(board: &Board, side: Side, t: u8, only_from_nine: bool) -> Vec<Move> {
    let t = usize::from(t);
    let pieces: Vec<usize> = (1..=LAST).filter(|&p| board[p] == Some(side)).collect();
    // Ambiguity resolved: `30 off` counts as a forward move (the piece goes
    // on, off the board), so while it is available no backward move is forced.
    let mut moves: Vec<Move> = pieces
        .iter()
        .filter_map(|&p| forward(board, side, p, t))
        .collect();
    if moves.is_empty() {
        // Any piece may be the one moved back, a piece waiting on 30 included.
        moves = pieces
            .iter()
            .filter_map(|&p| backward(board, side, p, t))
            .collect();
    }
    if only_from_nine {
        moves.retain(|m| m.from == 9);
    }
    moves
}

fn board_text(board: &Board) -> String {
    board[1..]
        .iter()
        .map(|q| q.map_or('.', Side::letter))
        .collect()
}

/// The side field of a position text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SideField {
    Side(Side),
    /// `o`: before the opening throws.
    Opening,
}

/// Parses a position text: 30 squares (`w`, `b`, `.`), a space, and `w`,
/// `b` or `o`. Valid when each side has at most five pieces, no piece is on
/// 27, and `o` is used only with the starting board.
fn parse(text: &str) -> Option<(Board, SideField)> {
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
    let field = match chars[LAST + 1] {
        'o' => SideField::Opening,
        c => SideField::Side(Side::from_letter(c)?),
    };
    if count(&board, Side::White) > PIECES || count(&board, Side::Black) > PIECES {
        return None;
    }
    if board[WATER].is_some() {
        return None;
    }
    if field == SideField::Opening && board != start_board() {
        return None;
    }
    Some((board, field))
}

/// Exactly what `senet moves --rules jequier "<position>" <throw>` prints,
/// line by line: `<from> <to> <position after>` for every legal move,
/// ascending by from-square (`to` is the square reached before the water, the
/// square moved back to, or `off` for a bear-off, including a move that lands
/// on 30 and leaves at once), else one line `pass <position>`. None for an
/// invalid position, a throw other than 1, 2, 3, 4, 6, or a position in the
/// opening (`o`). The text cannot hold White's first-move obligation: it is
/// taken to be over.
pub fn moves(position: &str, throw: u8) -> Option<Vec<String>> {
    let (board, field) = parse(position)?;
    let SideField::Side(side) = field else {
        return None;
    };
    if !THROWS.iter().any(|&(t, _)| t == throw) {
        return None;
    }
    let legal = legal_moves(&board, side, throw, false);
    if legal.is_empty() {
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

/// Spec "match score": the winner scores 5, plus for each opponent piece
/// still on the board 1 in row 3, 2 in row 2, 3 in row 1.
fn match_points(board: &Board, winner: Side) -> i32 {
    let loser = winner.opponent();
    5 + (1..=LAST)
        .filter(|&q| board[q] == Some(loser))
        .map(|q| match q {
            1..=10 => 3,
            11..=20 => 2,
            _ => 1,
        })
        .sum::<i32>()
}

/// Where the game stands.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Phase {
    /// The opening: `thrower` (a seat) throws next.
    Opening { thrower: usize },
    /// `side` throws next.
    ToThrow(Side),
    /// `side` threw `throw` and has at least one legal move to choose.
    ToMove { side: Side, throw: u8 },
    /// `winner` has borne off all five pieces.
    Over { winner: Side },
}

/// A game of `jequier`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    board: Board,
    borne_off: [usize; 2],
    /// The seat playing Black, once the opening has decided it.
    black_seat: Option<usize>,
    /// True until White has made a move: the first-move obligation.
    white_first_move_pending: bool,
    phase: Phase,
}

/// A new game in the opening; `first_seat` (0 or 1) throws first.
pub fn new_game(first_seat: usize) -> Game {
    assert!(first_seat < 2, "jequier has seats 0 and 1");
    Game {
        board: start_board(),
        borne_off: [0, 0],
        black_seat: None,
        white_first_move_pending: true,
        phase: Phase::Opening {
            thrower: first_seat,
        },
    }
}

impl Game {
    /// Test-only constructor: the game at a position text with side `w` or
    /// `b` to throw, after the opening, Black played by `black_seat`, and
    /// White's first-move obligation still pending or not. Pieces missing from
    /// the board have been borne off.
    pub fn from_position(
        text: &str,
        black_seat: usize,
        white_first_move_pending: bool,
    ) -> Result<Game, String> {
        let (board, field) = parse(text).ok_or_else(|| format!("invalid position `{text}`"))?;
        let SideField::Side(side) = field else {
            return Err("use new_game for the opening".to_string());
        };
        if black_seat > 1 {
            return Err(format!("no seat {black_seat}"));
        }
        Ok(Game {
            board,
            borne_off: [
                PIECES - count(&board, Side::White),
                PIECES - count(&board, Side::Black),
            ],
            black_seat: Some(black_seat),
            white_first_move_pending,
            phase: Phase::ToThrow(side),
        })
    }

    /// The position text: the board, a space, and the side on turn (`o` in
    /// the opening; the winner's letter once over).
    pub fn position_text(&self) -> String {
        let side = match self.phase {
            Phase::Opening { .. } => 'o',
            Phase::ToThrow(side) | Phase::ToMove { side, .. } => side.letter(),
            Phase::Over { winner } => winner.letter(),
        };
        format!("{} {}", board_text(&self.board), side)
    }

    /// The seat playing `side`, once the opening has decided it.
    pub fn seat_of(&self, side: Side) -> Option<usize> {
        self.black_seat.map(|black| match side {
            Side::Black => black,
            Side::White => 1 - black,
        })
    }

    /// Whether White's first-move obligation filters White's moves now:
    /// White has not moved yet and a White piece stands on 9.
    pub fn white_bound_to_nine(&self) -> bool {
        self.white_first_move_pending && self.board[9] == Some(Side::White)
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
        let seats = match (self.seat_of(Side::White), self.seat_of(Side::Black)) {
            (Some(w), Some(b)) => format!("White=seat {w}, Black=seat {b}"),
            _ => "sides not yet assigned".to_string(),
        };
        let phase = match self.phase {
            Phase::Opening { thrower } => format!("opening: seat {thrower} throws"),
            Phase::ToThrow(side) => format!("{side:?} to throw"),
            Phase::ToMove { side, throw } => format!("{side:?} to move with a {throw}"),
            Phase::Over { winner } => format!("over, {winner:?} won"),
        };
        let obligation = if self.white_first_move_pending {
            "White has not moved yet"
        } else {
            "White has moved"
        };
        format!(
            "jequier `{}` | {phase} | {seats} | {obligation} | borne off: White {}, Black {}",
            self.position_text(),
            self.borne_off[0],
            self.borne_off[1]
        )
    }

    fn seat(&self, side: Side) -> usize {
        self.seat_of(side)
            .expect("sides are assigned once the opening is over")
    }

    fn legal(&self, side: Side, throw: u8) -> Vec<Move> {
        let only_from_nine = side == Side::White && self.white_bound_to_nine();
        legal_moves(&self.board, side, throw, only_from_nine)
    }
}

impl RefGame for Game {
    type Chance = Chance;
    type Option = Choice;

    fn next(&self) -> Next<Chance, Choice> {
        match self.phase {
            Phase::Opening { .. } | Phase::ToThrow(_) => Next::Chance(throws()),
            Phase::ToMove { side, throw } => Next::Decide {
                seat: self.seat(side),
                options: self
                    .legal(side, throw)
                    .iter()
                    .map(|m| Choice::Move { from: m.from as u8 })
                    .collect(),
            },
            Phase::Over { winner } => {
                // Ambiguity resolved: the spec scores only the winner; the
                // loser's score for the game is 0.
                let mut scores = vec![0, 0];
                scores[self.seat(winner)] = match_points(&self.board, winner);
                Next::End(Standing {
                    places: vec![self.seat(winner), self.seat(winner.opponent())],
                    scores,
                    how: "borne_off".to_string(),
                })
            }
        }
    }

    fn apply_chance(&mut self, outcome: &Chance) -> Result<Vec<String>, String> {
        let Chance::Throw(t) = *outcome;
        if !THROWS.iter().any(|&(v, _)| v == t) {
            return Err(format!("no throw {t}"));
        }
        match self.phase {
            Phase::Opening { thrower } => {
                if t != 1 {
                    // Other opening throws move nothing; the other seat throws.
                    self.phase = Phase::Opening {
                        thrower: 1 - thrower,
                    };
                    return Ok(Vec::new());
                }
                // The thrower of the 1 plays Black; 10 -> 11 is applied at
                // once; Black throws again.
                self.black_seat = Some(thrower);
                self.board[10] = None;
                self.board[11] = Some(Side::Black);
                self.phase = Phase::ToThrow(Side::Black);
                Ok(vec![
                    format!("colour {thrower} b"),
                    format!("colour {} w", 1 - thrower),
                    "move 10 11".to_string(),
                ])
            }
            Phase::ToThrow(side) => {
                if self.legal(side, t).is_empty() {
                    // Decision: a lost turn gives no further throw. White's
                    // obligation, if any, stays.
                    self.phase = Phase::ToThrow(side.opponent());
                    Ok(vec!["pass".to_string()])
                } else {
                    self.phase = Phase::ToMove { side, throw: t };
                    Ok(Vec::new())
                }
            }
            _ => Err(format!("not a chance step: {}", self.describe())),
        }
    }

    fn apply_decision(&mut self, option: &Choice) -> Result<Vec<String>, String> {
        let Phase::ToMove { side, throw } = self.phase else {
            return Err(format!("not a decision step: {}", self.describe()));
        };
        let Choice::Move { from } = *option;
        let chosen = self
            .legal(side, throw)
            .into_iter()
            .find(|m| m.from == usize::from(from))
            .ok_or_else(|| format!("no legal move from {from}: {}", self.describe()))?;
        self.board = chosen.after;
        if chosen.to == To::Off {
            self.borne_off[side.index()] += 1;
        }
        // Any White move, forward or backward, is White's first move: the
        // obligation is over after it.
        if side == Side::White {
            self.white_first_move_pending = false;
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
