//! Each rule set described as data ([`Description`]). Every name and effect
//! is taken from the rule set's spec (`shared/spec/rules-*.md`), which is
//! binding: a special square is every square the spec gives an effect, under
//! the spec's own name for it.

use crate::model::{AnyRules, Colour, Description, PieceStart, RuleSet, SeatRange, SpecialSquare};
use crate::rules::RuleSetId;
use crate::square::{BOARD_SQUARES, Square};

/// The squares each spec gives an effect, lowest first. Their names and
/// effects are messages (`square-<rule set>-<number>` and its `.effect`),
/// written in the catalogues (`web-client/locales/<lang>.ftl`) from the
/// spec's own words.
const KENDALL: &[u8] = &[15, 26, 27, 28, 29, 30];
/// Kendall-7: the standard squares, with 15, 26, 28 and 29 safe houses.
const KENDALL7: &[u8] = &[15, 26, 27, 28, 29, 30];
/// Jequier: the refuges 26, 28, 29, 30 and the House of Water.
const JEQUIER: &[u8] = &[26, 27, 28, 29, 30];
/// The web version: safe squares 26, 28, 29 and the water on 27.
const SIMPLE: &[u8] = &[26, 27, 28, 29];
/// Path of Peril: the six squares from 15 and 26 to 30.
const PERIL: &[u8] = &[15, 26, 27, 28, 29, 30];
/// Senet-modern: the Sun, the Moon, the Bird and the safe 28-30.
const MODERN: &[u8] = &[1, 26, 27, 28, 29, 30];

impl RuleSetId {
    /// The message naming the rule set for people (`rule-set-kendall`);
    /// its attribute `.summary` says in plain words what makes it what it
    /// is. The words are in the catalogues, so every language (and the
    /// server, the CLI and the browser alike) says them its own way.
    #[must_use]
    pub fn message_key(self) -> String {
        format!("rule-set-{}", self.as_str())
    }

    /// What kind of piece the rule set plays with: Path of Peril's spec
    /// says pawn (`"pawn"`); the others say piece (`"piece"`). An
    /// identifier, not a word: messages select their own word by it.
    #[must_use]
    pub const fn piece_word(self) -> &'static str {
        match self {
            RuleSetId::Peril => "pawn",
            _ => "piece",
        }
    }

    /// The rule set described as data, for clients: seats, colours, pieces,
    /// the special squares with their spec names and effects, the
    /// chance a turn begins with, and the facts the rule set itself gives
    /// ([`RuleSet`]): its exit row, whether neighbours guard, its series.
    #[must_use]
    pub fn description(self) -> Description {
        let (min, max) = self.seat_range();
        let rules = AnyRules::of(self);
        let (colours, pieces, values, start, special): (&[&str], u8, &[u8], PieceStart, &[u8]) =
            match self {
                RuleSetId::Kendall => (&["cone", "spool"], 5, &[], PieceStart::Board, KENDALL),
                RuleSetId::Kendall7 => (&["cone", "spool"], 7, &[], PieceStart::Board, KENDALL7),
                RuleSetId::Jequier => (&["white", "black"], 5, &[], PieceStart::Board, JEQUIER),
                RuleSetId::Simple => (&["cone", "spool"], 5, &[], PieceStart::Board, SIMPLE),
                RuleSetId::Peril => (&["cone", "spool"], 7, &[], PieceStart::Reserve, PERIL),
                RuleSetId::Modern => (
                    &["p1", "p2", "p3", "p4"],
                    5,
                    &[1, 2, 3, 4, 5],
                    PieceStart::Board,
                    MODERN,
                ),
            };
        let name = self.message_key();
        Description {
            id: self,
            summary: format!("{name}.summary"),
            name,
            piece_word: self.piece_word().to_owned(),
            seats: SeatRange { min, max },
            colours: (0u8..)
                .zip(colours)
                .map(|(index, name)| Colour {
                    index,
                    name: format!("colour-{name}"),
                })
                .collect(),
            pieces_per_seat: pieces,
            piece_values: values.to_vec(),
            start,
            squares: BOARD_SQUARES,
            special_squares: special
                .iter()
                .filter_map(|&number| {
                    // Every number in the tables is a square; a typo would
                    // drop the square, and the spec-table tests catch it.
                    let key = format!("square-{}-{number}", self.as_str());
                    Square::new(number).map(|square| SpecialSquare {
                        square,
                        effect: format!("{key}.effect"),
                        name: key,
                    })
                })
                .collect(),
            chance: rules.chance(),
            exit_row: rules.exit_row(),
            guarded_by_neighbour: rules.guarded_by_neighbour(),
            series: rules.series(),
            sticks: rules.sticks(),
        }
    }
}
