//! The position text of Path of Peril (documented for players and tool
//! writers in `docs/notation.md, "Path of Peril position text"`):
//!
//! ```text
//! <board> <turn> <cone reserve>/<spool reserve> <phase>
//! ..c..........s................ s 6/6 roll
//! ```
//!
//! `<board>` is squares 1 to 30, each `c`, `s` or `.`; `<turn>` is the side
//! on turn (`c` or `s`); the phase is one of `roll`, `move <1-6>`, `ankh`,
//! `vulture`, `remove <c|s>`, `river <squares, highest first>`, `trial`,
//! `over <winner> <gates|trial|no_pawns>`. Parsing checks that the rules can
//! reach the state, so every parsed state plays on without surprises.

use core::fmt;
use core::str::FromStr;

use crate::model::{EndHow, Pip, Seat};
use crate::rules::peril::state::{
    ANKH, ENTRY, EYE, GATES, PAWNS, PerilPhase, PerilState, RIVER, SPOOL, TRIAL, VULTURE, bit,
};
use crate::rules::peril::{ankh_squares, movable, summon_square};

/// Why a text is not a Path of Peril position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PerilTextError {
    /// Fewer or more fields than `<board> <turn> <reserves> <phase>` and
    /// the phase's own.
    Fields {
        /// How many fields the text has.
        found: usize,
    },
    /// The board is not 30 characters.
    BoardLength {
        /// How many it has.
        found: usize,
    },
    /// A board character other than `c`, `s` and `.`.
    BoardChar {
        /// The square (1..=30).
        square: u8,
        /// The character.
        found: char,
    },
    /// A side that is not `c` or `s`.
    Side {
        /// What was there.
        found: String,
    },
    /// Reserves that are not `<0-7>/<0-7>`.
    Reserves {
        /// What was there.
        found: String,
    },
    /// A side with more than seven pawns on the board and in reserve.
    TooManyPawns {
        /// The side's letter.
        side: char,
        /// How many it has.
        count: u8,
    },
    /// An unknown phase, or a phase with wrong arguments.
    Phase {
        /// What was there.
        found: String,
    },
    /// A well-formed text the rules can never reach.
    Unreachable {
        /// Why, in words.
        why: &'static str,
    },
}

impl fmt::Display for PerilTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerilTextError::Fields { found } => write!(
                f,
                "{found} fields; a peril position is `<board> <turn> <reserves> <phase>`, \
                 e.g. `.............................. c 7/7 roll`"
            ),
            PerilTextError::BoardLength { found } => {
                write!(f, "the board has {found} squares; it needs 30")
            }
            PerilTextError::BoardChar { square, found } => write!(
                f,
                "square {square} is `{found}`; squares are `c`, `s` or `.`"
            ),
            PerilTextError::Side { found } => write!(f, "`{found}` is not a side: `c` or `s`"),
            PerilTextError::Reserves { found } => write!(
                f,
                "`{found}` is not the reserves: Cone's then Spool's, 0 to 7, as `7/7`"
            ),
            PerilTextError::TooManyPawns { side, count } => write!(
                f,
                "side `{side}` has {count} pawns on the board and in reserve; at most {PAWNS}"
            ),
            PerilTextError::Phase { found } => write!(
                f,
                "`{found}` is not a phase: roll, move <1-6>, ankh, vulture, remove <c|s>, \
                 river <squares>, trial, over <c|s> <gates|trial|no_pawns>"
            ),
            PerilTextError::Unreachable { why } => {
                write!(f, "the rules never reach this position: {why}")
            }
        }
    }
}

impl std::error::Error for PerilTextError {}

/// The letter of a seat's side.
const fn letter(seat: Seat) -> char {
    if seat.number() == 0 { 'c' } else { 's' }
}

/// The seat of a side's letter.
fn side(text: &str) -> Result<Seat, PerilTextError> {
    match text {
        "c" => Ok(Seat::FIRST),
        "s" => Ok(SPOOL),
        _ => Err(PerilTextError::Side {
            found: text.to_owned(),
        }),
    }
}

impl fmt::Display for PerilState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in 1..=GATES {
            let c = if self.boards[0] & bit(n) != 0 {
                'c'
            } else if self.boards[1] & bit(n) != 0 {
                's'
            } else {
                '.'
            };
            write!(f, "{c}")?;
        }
        let (cone, spool) = (self.reserve[0], self.reserve[1]);
        write!(f, " {} {cone}/{spool} ", letter(self.turn))?;
        match self.phase {
            PerilPhase::Roll => f.write_str("roll"),
            PerilPhase::Act { roll } => write!(f, "move {}", roll.value()),
            PerilPhase::Ankh => f.write_str("ankh"),
            PerilPhase::VultureRoll => f.write_str("vulture"),
            PerilPhase::Vulture { target } => write!(f, "remove {}", letter(target)),
            PerilPhase::River { unswept } => {
                f.write_str("river ")?;
                let mut first = true;
                for n in (1..=GATES).rev().filter(|&n| unswept & bit(n) != 0) {
                    write!(f, "{}{n}", if first { "" } else { "," })?;
                    first = false;
                }
                Ok(())
            }
            PerilPhase::Trial => f.write_str("trial"),
            PerilPhase::Over { winner, how } => write!(f, "over {} {how}", letter(winner)),
        }
    }
}

impl FromStr for PerilState {
    type Err = PerilTextError;

    fn from_str(text: &str) -> Result<PerilState, PerilTextError> {
        PerilState::parse(text)
    }
}

impl PerilState {
    /// Parses position text (see the module documentation and
    /// `docs/notation.md, "Path of Peril position text"`), refusing a state the rules cannot reach.
    pub fn parse(text: &str) -> Result<PerilState, PerilTextError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [board, turn, reserves, phase @ ..] = fields.as_slice() else {
            return Err(PerilTextError::Fields {
                found: fields.len(),
            });
        };
        let boards = parse_board(board)?;
        let turn = side(turn)?;
        let reserve = parse_reserves(reserves)?;
        for seat in [Seat::FIRST, SPOOL] {
            let count = boards[seat.index()].count_ones() as u8 + reserve[seat.index()];
            if count > PAWNS {
                return Err(PerilTextError::TooManyPawns {
                    side: letter(seat),
                    count,
                });
            }
        }
        let phase = parse_phase(phase, fields.len())?;
        let state = PerilState {
            boards,
            reserve,
            turn,
            phase,
        };
        check(&state).map_err(|why| PerilTextError::Unreachable { why })?;
        Ok(state)
    }
}

/// The 30 squares.
fn parse_board(text: &str) -> Result<[u32; 2], PerilTextError> {
    let found = text.chars().count();
    if found != 30 {
        return Err(PerilTextError::BoardLength { found });
    }
    let mut boards = [0u32; 2];
    for (n, c) in (1..=GATES).zip(text.chars()) {
        match c {
            'c' => boards[0] |= bit(n),
            's' => boards[1] |= bit(n),
            '.' => {}
            found => return Err(PerilTextError::BoardChar { square: n, found }),
        }
    }
    Ok(boards)
}

/// `<cone>/<spool>`, each 0 to 7.
fn parse_reserves(text: &str) -> Result<[u8; 2], PerilTextError> {
    let count = |part: &str| {
        part.parse::<u8>()
            .ok()
            .filter(|&n| n <= PAWNS && part.len() == 1)
    };
    text.split_once('/')
        .and_then(|(cone, spool)| Some([count(cone)?, count(spool)?]))
        .ok_or_else(|| PerilTextError::Reserves {
            found: text.to_owned(),
        })
}

/// The phase word and its arguments.
fn parse_phase(words: &[&str], fields: usize) -> Result<PerilPhase, PerilTextError> {
    let bad = || PerilTextError::Phase {
        found: words.join(" "),
    };
    let phase = match words {
        [] => return Err(PerilTextError::Fields { found: fields }),
        ["roll"] => PerilPhase::Roll,
        ["move", roll] => PerilPhase::Act {
            roll: roll
                .parse::<u8>()
                .ok()
                .filter(|_| roll.len() == 1)
                .and_then(Pip::new)
                .ok_or_else(bad)?,
        },
        ["ankh"] => PerilPhase::Ankh,
        ["vulture"] => PerilPhase::VultureRoll,
        ["remove", target] => PerilPhase::Vulture {
            target: side(target).map_err(|_| bad())?,
        },
        ["river", squares] => PerilPhase::River {
            unswept: parse_river(squares).ok_or_else(bad)?,
        },
        ["trial"] => PerilPhase::Trial,
        ["over", winner, how] => PerilPhase::Over {
            winner: side(winner).map_err(|_| bad())?,
            how: match *how {
                "gates" => EndHow::Gates,
                "trial" => EndHow::Trial,
                "no_pawns" => EndHow::NoPawns,
                _ => return Err(bad()),
            },
        },
        _ => return Err(bad()),
    };
    Ok(phase)
}

/// The squares still to sweep, highest first, comma-separated.
fn parse_river(text: &str) -> Option<u32> {
    let mut unswept = 0u32;
    let mut below = GATES + 1;
    for part in text.split(',') {
        let digits = part.bytes().all(|b| b.is_ascii_digit()) && !part.starts_with('0');
        let n: u8 = part.parse().ok().filter(|_| digits)?;
        if n == 0 || n >= below {
            return None;
        }
        below = n;
        unswept |= bit(n);
    }
    Some(unswept)
}

/// Checks that the rules can reach a well-formed state.
fn check(state: &PerilState) -> Result<(), &'static str> {
    let mine = state.mine();
    let occupied = state.occupied();
    let on = |n: u8| occupied & bit(n) != 0;
    if on(EYE) {
        return Err("no pawn stays on 29, the Eye of Judgment");
    }
    let river = matches!(state.phase, PerilPhase::River { .. });
    if on(RIVER) && !(river && mine & bit(RIVER) != 0) {
        return Err("a pawn stands on 27 only while the River sweeps it, and it is the mover's");
    }
    let trial = matches!(
        state.phase,
        PerilPhase::Trial
            | PerilPhase::Over {
                how: EndHow::Trial,
                ..
            }
    );
    if on(TRIAL) && !(trial && mine & bit(TRIAL) != 0) {
        return Err("a pawn stands on 28 only for the Trial, and it is the mover's");
    }
    let both_have_pawns = state.pawns_left(Seat::FIRST) > 0 && state.pawns_left(SPOOL) > 0;
    match state.phase {
        PerilPhase::Roll if !both_have_pawns => {
            Err("a side with no pawns left has lost before the next roll")
        }
        PerilPhase::Act { roll } => {
            if !both_have_pawns {
                Err("a side with no pawns left has lost before the next roll")
            } else if movable(state, roll.value()) == 0
                && summon_square(state, roll.value()).is_none()
            {
                Err("that roll has no move and no summon: the turn has passed")
            } else {
                Ok(())
            }
        }
        PerilPhase::Ankh if mine & bit(ANKH) == 0 || ankh_squares(state) == 0 => {
            Err("the Ankh asks only after a move to 15, with a reserve pawn and 1, 2 or 3 free")
        }
        PerilPhase::VultureRoll | PerilPhase::Vulture { .. } if mine & bit(VULTURE) == 0 => {
            Err("the Vulture acts only after a move to 26")
        }
        PerilPhase::Vulture { target } if state.bitboard(target) == 0 => {
            Err("the Vulture asks only when there is a pawn to remove")
        }
        PerilPhase::River { unswept } => {
            if unswept == 0 || unswept & !occupied != 0 {
                Err("the River sweeps pawns that stand on the listed squares")
            } else if occupied & !unswept & !ENTRY != 0 {
                Err("the River has not swept a pawn above 3 yet: list it")
            } else {
                Ok(())
            }
        }
        PerilPhase::Trial if mine & bit(TRIAL) == 0 => {
            Err("the Trial rolls only for the mover's pawn on 28")
        }
        PerilPhase::Over { winner, how } => over(state, winner, how),
        _ => Ok(()),
    }
}

/// Checks a finished game against how it ended.
fn over(state: &PerilState, winner: Seat, how: EndHow) -> Result<(), &'static str> {
    let loser = winner.next(2);
    match how {
        EndHow::Gates if winner != state.turn || state.mine() & bit(GATES) == 0 => {
            Err("the Gates win for the side on turn with a pawn on 30")
        }
        EndHow::Trial if winner != state.turn || state.mine() & bit(TRIAL) == 0 => {
            Err("the Trial wins for the side on turn, whose pawn stays on 28")
        }
        EndHow::NoPawns if state.pawns_left(loser) != 0 => {
            Err("a side loses for want of pawns only when it has none left")
        }
        EndHow::NoPawns if state.pawns_left(winner) == 0 && winner != state.turn => {
            Err("when neither side has pawns left, the side on turn wins")
        }
        _ => Ok(()),
    }
}
