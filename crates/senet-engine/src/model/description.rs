//! A rule set described as data: what the server sends a client so the
//! browser draws any rule set (its seats, colours, pieces, special squares
//! and kind of chance) without a rule constant of its own. The data of each
//! rule set is the rules' (`RuleSetId::description`), taken from its spec.

use crate::model::chance::ChanceKind;
use crate::model::throw_value::StickCount;
use crate::rules::RuleSetId;
use crate::square::Square;

/// The fewest and the most seats a rule set plays with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatRange {
    /// The fewest.
    pub min: u8,
    /// The most.
    pub max: u8,
}

/// A colour of a rule set: the index views and events use
/// ([`crate::Occupant::colour`], [`crate::Event::Colour`]) and its name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Colour {
    /// The colour index, from 0.
    pub index: u8,
    /// The message naming it (`colour-cone`, `colour-spool`,
    /// `colour-white`, `colour-black`, `colour-p1` …), after the spec's
    /// names.
    pub name: String,
}

/// Where a seat's pieces are when a game starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PieceStart {
    /// On the board (the start position shows where).
    Board,
    /// In the seat's reserve, the board empty (Path of Peril).
    Reserve,
}

/// A square with an effect, as its rule set's spec names and describes it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpecialSquare {
    /// The square.
    pub square: Square,
    /// The message naming it (`square-kendall-26`: House of Happiness in
    /// English, after the spec).
    pub name: String,
    /// The message saying what it does, in one line of plain words
    /// (`square-kendall-26.effect`).
    pub effect: String,
}

/// A run of squares along the track, `first` to `last`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SquareSpan {
    /// The first square of the run.
    pub first: Square,
    /// The last square of the run (never below `first`).
    pub last: Square,
}

impl SquareSpan {
    /// The squares `first..=last`; the caller passes them in order.
    pub(crate) const fn new(first: u8, last: u8) -> SquareSpan {
        SquareSpan {
            first: Square::new_unchecked(first),
            last: Square::new_unchecked(last),
        }
    }

    /// Whether `square` is in the run.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        square.number() >= self.first.number() && square.number() <= self.last.number()
    }

    /// The run as a bitboard (bit `n` is square `n`), for the stick rule
    /// sets' masks, so a rule and its description are one constant.
    pub(crate) const fn mask(self) -> u32 {
        let (lo, hi) = (self.first.number() as u32, self.last.number() as u32);
        ((1u32 << (hi - lo + 1)) - 1) << lo
    }
}

/// How a rule set scores a series of games played in one room (its
/// rematches): every game's standing gives each seat points, and the room
/// adds them up per player (Jequier, `rules-jequier.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeriesScoring {
    /// The points the winner of a game scores; the loser scores none.
    pub win: u8,
    /// What the winner adds for each opponent piece still on the board, by
    /// the row it stands in: row 1 (1–10), row 2 (11–20), row 3 (21–30).
    pub per_piece_left_by_row: [u8; 3],
}

/// A rule set described as data.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Description {
    /// The rule set's id.
    pub id: RuleSetId,
    /// The message naming it for people (`rule-set-kendall`).
    pub name: String,
    /// The message saying what makes it what it is, in plain words
    /// (`rule-set-kendall.summary`).
    pub summary: String,
    /// What kind of piece it plays with (`piece`; Path of Peril's `pawn`),
    /// so every message can say the rules' own word.
    pub piece_word: String,
    /// How many seats it plays with.
    pub seats: SeatRange,
    /// Its colours by index. Senet-modern lists all four; a table uses the
    /// first as many as it has seats.
    pub colours: Vec<Colour>,
    /// How many pieces each seat has.
    pub pieces_per_seat: u8,
    /// The values of a seat's pieces, one per piece, lowest first, where
    /// pieces have values (Senet-modern's dots, each scored when borne
    /// off); empty where they do not.
    pub piece_values: Vec<u8>,
    /// Where the pieces start.
    pub start: PieceStart,
    /// How many squares the board has.
    pub squares: u8,
    /// Every square with an effect, lowest first.
    pub special_squares: Vec<SpecialSquare>,
    /// The chance a turn begins with. (In Senet-modern a seat with one
    /// piece on the board may choose one die instead of two.)
    pub chance: ChanceKind,
    /// The end of the track where a piece waits for the throw that takes it
    /// off the board ([`crate::RuleSet::exit_row`]).
    pub exit_row: SquareSpan,
    /// Whether a friendly piece on a neighbouring square guards a piece
    /// from capture ([`crate::RuleSet::guarded_by_neighbour`]).
    pub guarded_by_neighbour: bool,
    /// How a room scores a series of games, if the rule set scores one
    /// ([`crate::RuleSet::series`]); `None` when each game stands alone.
    pub series: Option<SeriesScoring>,
    /// How the sticks count, where the rule set throws sticks
    /// ([`crate::RuleSet::sticks`]); `None` for the dice rule sets, whose
    /// pips are the squares.
    pub sticks: Option<StickCount>,
}
