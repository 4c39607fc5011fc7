//! Independent reference implementation of the "kendall" Senet rules
//! (spec: shared/spec/rules-kendall.md), used only for differential testing.
//!
//! Written for clarity, not speed. The board is an array indexed by square
//! number (index 0 is unused), so `board[p]` is square `p` exactly as the spec
//! numbers it.

/// A side: Cone (`c`) or Spool (`s`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Cone,
    Spool,
}

impl Side {
    fn letter(self) -> char {
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

    fn opponent(self) -> Side {
        match self {
            Side::Cone => Side::Spool,
            Side::Spool => Side::Cone,
        }
    }
}

/// Spec "Board and pieces": 30 squares numbered 1..30.
const LAST_SQUARE: usize = 30;
/// Spec "Special squares": House of Rebirth.
const REBIRTH: usize = 15;
/// Spec "Special squares": House of Happiness (mandatory stop).
const HAPPINESS: usize = 26;
/// Spec "Special squares": House of Water.
const WATER: usize = 27;

/// `board[p]` is the piece on square p (1..=30); `board[0]` is always None.
type Board = [Option<Side>; LAST_SQUARE + 1];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Position {
    board: Board,
    to_throw: Side,
}

/// Spec "Position text": 30 chars for squares 1..30 (`c`, `s`, `.`), one space,
/// then the side to throw. Additional validity rules from the tool contract:
/// at most 5 pieces per side (fewer means borne off), no piece on 27.
#[allow(clippy::needless_range_loop)] // index = square number, on purpose
fn parse(text: &str) -> Option<Position> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 32 {
        return None;
    }
    let mut board: Board = [None; LAST_SQUARE + 1];
    for square in 1..=LAST_SQUARE {
        board[square] = match chars[square - 1] {
            'c' => Some(Side::Cone),
            's' => Some(Side::Spool),
            '.' => None,
            _ => return None,
        };
    }
    if chars[30] != ' ' {
        return None;
    }
    let to_throw = Side::from_letter(chars[31])?;

    // "Two players ... 5 pieces each": never more than 5 on the board.
    for side in [Side::Cone, Side::Spool] {
        let count = (1..=LAST_SQUARE)
            .filter(|&q| board[q] == Some(side))
            .count();
        if count > 5 {
            return None;
        }
    }
    // "No piece ever rests on 27."
    if board[WATER].is_some() {
        return None;
    }
    Some(Position { board, to_throw })
}

#[allow(clippy::needless_range_loop)] // index = square number, on purpose
fn format(board: &Board, to_throw: Side) -> String {
    let mut out = String::new();
    for square in 1..=LAST_SQUARE {
        out.push(match board[square] {
            Some(side) => side.letter(),
            None => '.',
        });
    }
    out.push(' ');
    out.push(to_throw.letter());
    out
}

/// Spec rule 3: square q belongs to a blockade of `opponent` if it lies in a
/// run of 3 or more consecutive squares all held by `opponent`.
fn in_blockade(board: &Board, q: usize, opponent: Side) -> bool {
    if !(1..=LAST_SQUARE).contains(&q) || board[q] != Some(opponent) {
        return false;
    }
    // Measure the run containing q: walk down and up while held by opponent.
    let mut low = q;
    while low > 1 && board[low - 1] == Some(opponent) {
        low -= 1;
    }
    let mut high = q;
    while high < LAST_SQUARE && board[high + 1] == Some(opponent) {
        high += 1;
    }
    high - low + 1 >= 3
}

/// Spec rule 4: a piece on d is protected if d is 28 or 29, or if d-1 or d+1
/// holds a piece of its own side. (26 and 30 are not protected by themselves.)
fn is_protected(board: &Board, d: usize) -> bool {
    let owner = match board[d] {
        Some(side) => side,
        None => return false,
    };
    if d == 28 || d == 29 {
        return true;
    }
    let below = d >= 2 && board[d - 1] == Some(owner);
    let above = d < LAST_SQUARE && board[d + 1] == Some(owner);
    below || above
}

/// Spec "Special squares", 27: a piece that lands on 27 goes to 15, or if 15
/// is occupied (by either side) to the highest-numbered empty square below 15.
/// `board` must already have the mover removed from its from-square.
/// Returns None only if no such square exists (cannot happen with 10 pieces).
fn water_target(board: &Board) -> Option<usize> {
    if board[REBIRTH].is_none() {
        return Some(REBIRTH);
    }
    (1..REBIRTH).rev().find(|&q| board[q].is_none())
}

/// Why a forward move was or was not legal.
enum Forward {
    /// Legal: (to-square as printed, resulting board).
    Legal(String, Board),
    /// Illegal only because a friendly piece stands on the destination
    /// (passed rules 1-3 and landed on its own side).
    BlockedByOwn,
    /// Illegal for any other reason.
    Illegal,
}

/// Spec "A move": try to move the mover's piece on p forward by t.
fn forward_move(board: &Board, mover: Side, p: usize, t: usize) -> Forward {
    let opponent = mover.opponent();
    let d = p + t;

    // Rule 1. Mandatory stop: not (p < 26 and d > 26).
    if p < HAPPINESS && d > HAPPINESS {
        return Forward::Illegal;
    }

    // Rule 2. Bearing off: d > 30 is legal only as 28+3, 29+2, 30+1.
    let bear_off = d > LAST_SQUARE;
    if bear_off {
        let exact = (p == 28 && t == 3) || (p == 29 && t == 2) || (p == 30 && t == 1);
        if !exact {
            return Forward::Illegal;
        }
    }

    // Rule 3. Blockade: no square strictly between p and d (up to 30) may
    // belong to a run of 3+ opponent squares.
    for q in (p + 1)..d {
        if q <= LAST_SQUARE && in_blockade(board, q, opponent) {
            return Forward::Illegal;
        }
    }

    if bear_off {
        // The piece leaves the board.
        let mut after = *board;
        after[p] = None;
        return Forward::Legal("off".to_string(), after);
    }

    // Rule 4. Destination (d <= 30).
    match board[d] {
        Some(side) if side == mover => Forward::BlockedByOwn,
        Some(_) => {
            // Opponent piece; protection judged on the position before the move.
            if is_protected(board, d) {
                Forward::Illegal
            } else {
                // Capture: swap. Mover takes d, captured piece goes to p.
                let mut after = *board;
                after[d] = Some(mover);
                after[p] = Some(opponent);
                Forward::Legal(d.to_string(), after)
            }
        }
        None => {
            let mut after = *board;
            after[p] = None;
            if d == WATER {
                // House of Water sends it on at once.
                match water_target(&after) {
                    Some(target) => {
                        after[target] = Some(mover);
                        Forward::Legal(d.to_string(), after)
                    }
                    None => Forward::Illegal,
                }
            } else {
                after[d] = Some(mover);
                Forward::Legal(d.to_string(), after)
            }
        }
    }
}

/// Spec "When no forward move is legal": backward move of the piece on p to
/// the nearest (highest-numbered) empty square below it. Never captures,
/// ignores blockades; landing on 27 goes to the House of Water.
/// Returns None if there is no empty square behind p.
fn backward_move(board: &Board, mover: Side, p: usize) -> Option<(String, Board)> {
    let target = (1..p).rev().find(|&q| board[q].is_none())?;
    let mut after = *board;
    after[p] = None;
    if target == WATER {
        let rest = water_target(&after)?;
        after[rest] = Some(mover);
    } else {
        after[target] = Some(mover);
    }
    Some((target.to_string(), after))
}

/// Lines exactly as `senet moves "<position>" <throw>` prints them, or None if the
/// position text or throw (must be 1..=5) is invalid.
pub fn reference_moves(position: &str, throw: u8) -> Option<Vec<String>> {
    let pos = parse(position)?;
    if !(1..=5).contains(&throw) {
        return None;
    }
    let t = usize::from(throw);
    let mover = pos.to_throw;

    // Spec "Turn order": after a move on 1, 4 or 5 the same player throws
    // again; after 2 or 3 the turn passes.
    let next = if t == 1 || t == 4 || t == 5 {
        mover
    } else {
        mover.opponent()
    };

    // Forward moves, one per piece, in ascending from-square order.
    let mut lines = Vec::new();
    let mut some_blocked_by_own = false;
    for p in 1..=LAST_SQUARE {
        if pos.board[p] != Some(mover) {
            continue;
        }
        match forward_move(&pos.board, mover, p, t) {
            Forward::Legal(to, after) => {
                lines.push(format!("{} {} {}", p, to, format(&after, next)));
            }
            Forward::BlockedByOwn => some_blocked_by_own = true,
            Forward::Illegal => {}
        }
    }
    if !lines.is_empty() {
        return Some(lines);
    }

    // No forward move legal. Forced backward move only if some piece's
    // forward move failed solely because of a friendly piece on its destination.
    if some_blocked_by_own {
        for p in 1..=LAST_SQUARE {
            if pos.board[p] != Some(mover) {
                continue;
            }
            if let Some((to, after)) = backward_move(&pos.board, mover, p) {
                lines.push(format!("{} {} {}", p, to, format(&after, next)));
            }
        }
        if !lines.is_empty() {
            return Some(lines);
        }
    }

    // Forfeit: nothing moves, the turn passes to the opponent even on 1, 4, 5.
    Some(vec![format!(
        "pass {}",
        format(&pos.board, mover.opponent())
    )])
}

/// Same position-text validity check alone: Some(()) if valid.
pub fn reference_parse(position: &str) -> Option<()> {
    parse(position).map(|_| ())
}
