//! Reference implementation of `kendall-7`, Kendall's seven-piece game
//! (spec: `shared/spec/rules-kendall7.md`, on top of `rules-kendall.md`).
//!
//! # Steps
//! - **Opening.** The seat that throws first is a parameter of [`new_game`]:
//!   the spec says it is "chosen at random", and that choice is made before the
//!   game like the room's seating, so the caller (a test harness, or the engine
//!   adapter mapping its own coin draw) supplies it; keeping it out of the
//!   steps keeps the chance kind of this rule set a single one (stick throws).
//!   The two seats then throw alternately ([`Chance::Throw`]) until one throws
//!   a 1. Other opening throws move nothing (no events). On the 1 the thrower
//!   becomes Spool, the other seat Cone, the rules play 14 → 15 at once, and
//!   Spool throws again as a normal turn.
//! - **Play.** The side to throw throws ([`Chance::Throw`]). If no move is
//!   legal the turn is forfeited within that same step (event `pass`) and the
//!   opponent throws next. Otherwise the side's seat decides among
//!   [`Choice::Move`], one per movable piece, ascending by from-square (a
//!   single legal move is still a decision).
//! - **End** when a side has borne off all seven pieces: places winner then
//!   loser, no scores, `how` = `borne_off`.
//!
//! # Chance order
//! Throws 1, 2, 3, 4, 5 with probabilities 4/16, 6/16, 4/16, 1/16, 1/16.
//!
//! # Events
//! - `colour <seat> <c|s>` — the opening assigns a side to a seat (Spool first).
//! - `move <from> <to>` — a piece moves (forward or backward); `to` is the
//!   square reached, 27 included (a `water` event follows).
//! - `capture <square> <to>` — the opponent piece on `square` is swapped back
//!   to `to` (the mover's from-square).
//! - `water 27 <to>` — the House of Water sends the piece on to `to`.
//! - `off <from>` — a piece is borne off from `from`.
//! - `pass` — no legal move: the turn is forfeited.

use super::{Census, Next, Prob, RefGame, Standing};

/// Pieces per side.
pub const PIECES: usize = 7;
/// Spec "Board and pieces": squares 1..30.
const LAST: usize = 30;
/// House of Rebirth, where the House of Water sends pieces; a safe house here.
const REBIRTH: usize = 15;
/// House of Happiness: mandatory stop; a safe house here.
const HAPPINESS: usize = 26;
/// House of Water.
const WATER: usize = 27;
/// Squares that send a piece away at once: no piece ever rests there.
pub const SENDS_AWAY: [usize; 1] = [WATER];
/// rules-kendall7.md "Safe houses": a piece there cannot be captured.
const SAFE_HOUSES: [usize; 4] = [15, 26, 28, 29];

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// Cone, `c`: the pieces on the odd squares 1..13.
    Cone,
    /// Spool, `s`: the pieces on the even squares 2..14; the opening winner.
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

    fn index(self) -> usize {
        match self {
            Side::Cone => 0,
            Side::Spool => 1,
        }
    }
}

/// A chance outcome of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chance {
    /// A throw of the four sticks: the number of light sides 1..=4, or 5 when
    /// none is light.
    Throw(u8),
}

/// A decision option of this rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// Move the piece on `from`: forward by the throw, or, when only the
    /// forced backward move is allowed, back to the nearest empty square.
    Move {
        /// The square of the piece to move.
        from: u8,
    },
}

/// rules-kendall.md "Throwing sticks": (throw, numerator over 16).
const THROWS: [(u8, u32); 5] = [(1, 4), (2, 6), (3, 4), (4, 1), (5, 1)];

/// Every throw with its probability, in the documented order.
pub fn throws() -> Vec<(Chance, Prob)> {
    THROWS
        .iter()
        .map(|&(t, n)| (Chance::Throw(t), Prob::new(n, 16)))
        .collect()
}

/// rules-kendall.md "Turn order": 1, 4 and 5 give another throw after a move.
fn extra_throw(throw: u8) -> bool {
    matches!(throw, 1 | 4 | 5)
}

/// `board[p]` is the piece on square p (1..=30); `board[0]` is unused.
type Board = [Option<Side>; LAST + 1];

/// The setup: Cone on the odd squares 1..13, Spool on the even squares 2..14.
fn start_board() -> Board {
    let mut board: Board = [None; LAST + 1];
    for (square, piece) in board.iter_mut().enumerate().take(2 * PIECES + 1).skip(1) {
        *piece = Some(if square % 2 == 1 {
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

/// rules-kendall.md rule 3: square q belongs to a blockade of `owner`: a run of
/// 3 or more consecutive squares all held by `owner`.
fn in_blockade(board: &Board, q: usize, owner: Side) -> bool {
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

/// rules-kendall7.md "Safe houses" and rules-kendall.md rule 4: the piece on
/// `q` cannot be captured when it stands on 15, 26, 28 or 29, or when a square
/// adjacent to it holds a piece of its own side. 30 is not safe by itself.
fn is_protected(board: &Board, q: usize) -> bool {
    let Some(owner) = board[q] else {
        return false;
    };
    if SAFE_HOUSES.contains(&q) {
        return true;
    }
    let below = q > 1 && board[q - 1] == Some(owner);
    let above = q < LAST && board[q + 1] == Some(owner);
    below || above
}

/// House of Water: where a piece arriving on 27 goes (the mover already
/// lifted from `board`): 15, or the highest-numbered empty square below 15.
fn water_target(board: &Board) -> Option<usize> {
    if board[REBIRTH].is_none() {
        return Some(REBIRTH);
    }
    (1..REBIRTH).rev().find(|&q| board[q].is_none())
}

/// Places `side`'s piece, already lifted, on `square`, sending it on from the
/// House of Water. Returns None if the water has nowhere to send it (cannot
/// happen: the 13 other pieces cannot fill all of 1..=15).
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

/// The outcome of trying one piece's forward move.
enum Forward {
    Legal(Move),
    /// Passed rules 1–3 and landed on its own side: counts for the forced
    /// backward move.
    BlockedByOwn,
    Illegal,
}

/// rules-kendall.md "A move", with the safe houses of kendall-7.
fn forward(board: &Board, side: Side, p: usize, t: usize) -> Forward {
    let opponent = side.opponent();
    let d = p + t;
    // Rule 1: mandatory stop on 26.
    if p < HAPPINESS && d > HAPPINESS {
        return Forward::Illegal;
    }
    // Rule 2: past 30 only as the exact bear-offs 28+3, 29+2, 30+1.
    let bear_off = d > LAST;
    if bear_off && !((p == 28 && t == 3) || (p == 29 && t == 2) || (p == 30 && t == 1)) {
        return Forward::Illegal;
    }
    // Rule 3: no square strictly between p and d (up to 30) in an opponent blockade.
    if ((p + 1)..d.min(LAST + 1)).any(|q| in_blockade(board, q, opponent)) {
        return Forward::Illegal;
    }
    let mut after = *board;
    let mut events = Vec::new();
    if bear_off {
        after[p] = None;
        events.push(format!("off {p}"));
        return Forward::Legal(Move {
            from: p,
            to: To::Off,
            after,
            events,
        });
    }
    // Rule 4: the destination.
    match board[d] {
        Some(owner) if owner == side => Forward::BlockedByOwn,
        Some(_) if is_protected(board, d) => Forward::Illegal,
        Some(_) => {
            // Capture: the two pieces swap.
            after[d] = Some(side);
            after[p] = Some(opponent);
            events.push(format!("move {p} {d}"));
            events.push(format!("capture {d} {p}"));
            Forward::Legal(Move {
                from: p,
                to: To::Square(d),
                after,
                events,
            })
        }
        None => {
            after[p] = None;
            events.push(format!("move {p} {d}"));
            match land(&mut after, side, d, &mut events) {
                Some(()) => Forward::Legal(Move {
                    from: p,
                    to: To::Square(d),
                    after,
                    events,
                }),
                None => Forward::Illegal,
            }
        }
    }
}

/// rules-kendall.md "Forced backward move": the piece on p goes back to the
/// nearest empty square behind it, never capturing, ignoring blockades, and
/// (Decision) onto 27 means on to the House of Water's target.
fn backward(board: &Board, side: Side, p: usize) -> Option<Move> {
    let target = (1..p).rev().find(|&q| board[q].is_none())?;
    let mut after = *board;
    after[p] = None;
    let mut events = vec![format!("move {p} {target}")];
    land(&mut after, side, target, &mut events)?;
    Some(Move {
        from: p,
        to: To::Square(target),
        after,
        events,
    })
}

/// Every legal move for `side` with throw `t`, ascending by from-square:
/// forward moves, or if there is none the forced backward moves (only when
/// some forward move failed solely on a friendly piece), or nothing (forfeit).
fn legal_moves(board: &Board, side: Side, t: u8) -> Vec<Move> {
    let t = usize::from(t);
    let mut moves = Vec::new();
    let mut blocked_by_own = false;
    for p in 1..=LAST {
        if board[p] != Some(side) {
            continue;
        }
        match forward(board, side, p, t) {
            Forward::Legal(m) => moves.push(m),
            Forward::BlockedByOwn => blocked_by_own = true,
            Forward::Illegal => {}
        }
    }
    if moves.is_empty() && blocked_by_own {
        moves = (1..=LAST)
            .filter(|&p| board[p] == Some(side))
            .filter_map(|p| backward(board, side, p))
            .collect();
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

/// Parses a position text: 30 squares (`c`, `s`, `.`), a space, and `c`, `s`
/// or `o`. Valid when each side has at most 7 pieces, no piece is on 27, and
/// `o` is only used with the starting board (the opening moves nothing before
/// its 1, so the board is the start while it lasts).
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
    if count(&board, Side::Cone) > PIECES || count(&board, Side::Spool) > PIECES {
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

/// Exactly what `senet moves --rules kendall-7 "<position>" <throw>` prints,
/// line by line: `<from> <to> <position after>` for every legal move,
/// ascending by from-square (`to` is the square reached before the water, the
/// square moved back to, or `off`), else one line `pass <position>`. None for
/// an invalid position or a throw outside 1..=5, and for a position in the
/// opening (`o`), which has no side to move.
pub fn moves(position: &str, throw: u8) -> Option<Vec<String>> {
    let (board, field) = parse(position)?;
    let SideField::Side(side) = field else {
        return None;
    };
    if !(1..=5).contains(&throw) {
        return None;
    }
    let legal = legal_moves(&board, side, throw);
    if legal.is_empty() {
        // Forfeit: even on 1, 4 or 5 the turn passes (Decision).
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
    /// The opening: `thrower` (a seat) throws next.
    Opening { thrower: usize },
    /// `side` throws next.
    ToThrow(Side),
    /// `side` threw `throw` and has at least one legal move to choose.
    ToMove { side: Side, throw: u8 },
    /// `winner` has borne off all seven pieces.
    Over { winner: Side },
}

/// A game of kendall-7.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    board: Board,
    borne_off: [usize; 2],
    /// The seat playing Spool, once the opening has decided it.
    spool_seat: Option<usize>,
    phase: Phase,
}

/// A new game in the opening; `first_seat` (0 or 1) throws first.
pub fn new_game(first_seat: usize) -> Game {
    assert!(first_seat < 2, "kendall-7 has seats 0 and 1");
    Game {
        board: start_board(),
        borne_off: [0, 0],
        spool_seat: None,
        phase: Phase::Opening {
            thrower: first_seat,
        },
    }
}

impl Game {
    /// Test-only constructor: the game at a position text with side `c` or
    /// `s` to throw, after the opening, with Spool played by `spool_seat`.
    /// Pieces missing from the board have been borne off.
    pub fn from_position(text: &str, spool_seat: usize) -> Result<Game, String> {
        let (board, field) = parse(text).ok_or_else(|| format!("invalid position `{text}`"))?;
        let SideField::Side(side) = field else {
            return Err("use new_game for the opening".to_string());
        };
        if spool_seat > 1 {
            return Err(format!("no seat {spool_seat}"));
        }
        Ok(Game {
            board,
            borne_off: [
                PIECES - count(&board, Side::Cone),
                PIECES - count(&board, Side::Spool),
            ],
            spool_seat: Some(spool_seat),
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
        self.spool_seat.map(|spool| match side {
            Side::Spool => spool,
            Side::Cone => 1 - spool,
        })
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
        let seats = match (self.seat_of(Side::Cone), self.seat_of(Side::Spool)) {
            (Some(c), Some(s)) => format!("Cone=seat {c}, Spool=seat {s}"),
            _ => "sides not yet assigned".to_string(),
        };
        let phase = match self.phase {
            Phase::Opening { thrower } => format!("opening: seat {thrower} throws"),
            Phase::ToThrow(side) => format!("{side:?} to throw"),
            Phase::ToMove { side, throw } => format!("{side:?} to move with a {throw}"),
            Phase::Over { winner } => format!("over, {winner:?} won"),
        };
        format!(
            "kendall-7 `{}` | {phase} | {seats} | borne off: Cone {}, Spool {}",
            self.position_text(),
            self.borne_off[0],
            self.borne_off[1]
        )
    }

    fn seat(&self, side: Side) -> usize {
        self.seat_of(side)
            .expect("sides are assigned once the opening is over")
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
                options: legal_moves(&self.board, side, throw)
                    .iter()
                    .map(|m| Choice::Move { from: m.from as u8 })
                    .collect(),
            },
            Phase::Over { winner } => Next::End(Standing {
                places: vec![self.seat(winner), self.seat(winner.opponent())],
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
        match self.phase {
            Phase::Opening { thrower } => {
                if t != 1 {
                    // Decision: other opening throws move nothing and give no
                    // extra throw; the other seat throws.
                    self.phase = Phase::Opening {
                        thrower: 1 - thrower,
                    };
                    return Ok(Vec::new());
                }
                // The thrower of the 1 takes Spool; the 1 is played at once as
                // 14 -> 15, and Spool throws again (a 1 gives an extra throw).
                self.spool_seat = Some(thrower);
                self.board[14] = None;
                self.board[15] = Some(Side::Spool);
                self.phase = Phase::ToThrow(Side::Spool);
                Ok(vec![
                    format!("colour {thrower} s"),
                    format!("colour {} c", 1 - thrower),
                    "move 14 15".to_string(),
                ])
            }
            Phase::ToThrow(side) => {
                if legal_moves(&self.board, side, t).is_empty() {
                    // Forfeit, with no extra throw even on 1, 4 or 5.
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
        let chosen = legal_moves(&self.board, side, throw)
            .into_iter()
            .find(|m| m.from == usize::from(from))
            .ok_or_else(|| format!("no legal move from {from}: {}", self.describe()))?;
        self.board = chosen.after;
        if chosen.to == To::Off {
            self.borne_off[side.index()] += 1;
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
