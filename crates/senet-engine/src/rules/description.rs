//! Each rule set described as data ([`Description`]). Every name and effect
//! is taken from the rule set's spec (`shared/spec/rules-*.md`), which is
//! binding: a special square is every square the spec gives an effect, under
//! the spec's own name for it.

use crate::model::{AnyRules, Colour, Description, PieceStart, RuleSet, SeatRange, SpecialSquare};
use crate::rules::RuleSetId;
use crate::square::{BOARD_SQUARES, Square};

/// A special square as (number, name, effect).
type Special = (u8, &'static str, &'static str);

/// The standard rules' table of special squares, word for word where it
/// fits one line.
const KENDALL: [Special; 6] = [
    (
        15,
        "House of Rebirth",
        "Where a piece from the House of Water goes.",
    ),
    (
        26,
        "House of Happiness",
        "Mandatory stop: no move may jump from below 26 to beyond 26.",
    ),
    (
        27,
        "House of Water",
        "A piece that lands here goes at once to 15, or, if 15 is taken, to the highest empty square below 15; no piece rests here.",
    ),
    (
        28,
        "House of Three Truths",
        "Protected; bears off with exactly 3.",
    ),
    (
        29,
        "House of Re-Atoum",
        "Protected; bears off with exactly 2.",
    ),
    (
        30,
        "House of Horus",
        "Bears off with exactly 1; not protected by itself.",
    ),
];

/// Kendall-7: the standard squares, with 15 and 26 safe houses and 15 the
/// opening's square.
const KENDALL7: [Special; 6] = [
    (
        15,
        "House of Rebirth",
        "Safe house: a piece here cannot be captured. The opening 1 moves Spool's piece from 14 here, and the House of Water sends pieces here.",
    ),
    (
        26,
        "House of Happiness",
        "Safe house; mandatory stop: no move may jump from below 26 to beyond 26.",
    ),
    (
        27,
        "House of Water",
        "A piece that lands here goes at once to 15, or, if 15 is taken, to the highest empty square below 15; no piece rests here.",
    ),
    (
        28,
        "House of Three Truths",
        "Safe house; bears off with exactly 3.",
    ),
    (
        29,
        "House of Re-Atoum",
        "Safe house; bears off with exactly 2.",
    ),
    (
        30,
        "House of Horus",
        "Bears off with exactly 1; not protected by itself.",
    ),
];

/// Jequier names the House of Water; 26, 28, 29 and 30 are its refuges.
const JEQUIER: [Special; 5] = [
    (26, "Refuge", "Protected: a piece here cannot be landed on."),
    (
        27,
        "House of Water",
        "A piece that lands here, in any way, goes back to square 1, or to the lowest empty square if 1 is taken, and starts again.",
    ),
    (28, "Refuge", "Protected: a piece here cannot be landed on."),
    (29, "Refuge", "Protected: a piece here cannot be landed on."),
    (
        30,
        "Refuge",
        "Protected. A piece landing here leaves the board once all its side's pieces are in row 3 (21-30); until then it waits here, and then leaves with any throw.",
    ),
];

/// The web version's safe squares and water.
const SIMPLE: [Special; 4] = [
    (
        26,
        "Safe square",
        "A piece here is defended: it cannot be captured.",
    ),
    (
        27,
        "Water",
        "A piece that lands here goes back to 15, or, if 15 is taken, to the nearest empty square below it.",
    ),
    (
        28,
        "Safe square",
        "Defended; a piece here bears off only with exactly 3.",
    ),
    (
        29,
        "Safe square",
        "Defended; a piece here bears off only with exactly 2.",
    ),
];

/// Path of Peril's six squares with effects.
const PERIL: [Special; 6] = [
    (
        15,
        "Ankh of Rebirth",
        "The player places a pawn from their reserve on an empty square of their choice among 1, 2 and 3, if there is one.",
    ),
    (
        26,
        "Vulture's Perch",
        "The die is rolled: on 1-4 the player removes one of their own pawns from the game, on 5-6 one of the opponent's.",
    ),
    (
        27,
        "River of Oblivion",
        "Every pawn on the board is swept back, from 30 down, each by a roll to 1, 2 or 3, or to its reserve if all three are taken.",
    ),
    (
        28,
        "Trial of the Three Gods",
        "The die is rolled: a 3 wins at once; otherwise the pawn goes to the rolled square, capturing an opponent there.",
    ),
    (29, "Eye of Judgment", "The pawn is removed from the game."),
    (
        30,
        "Gates of Aaru",
        "A pawn waiting here wins with a 6 at the start of a later turn of its player; it can be captured while it waits.",
    ),
];

/// Senet-modern's Sun, the last five squares and their names.
const MODERN: [Special; 6] = [
    (
        1,
        "Sun",
        "The start, where captured pieces return; a piece already on the Sun then leaves the game for good.",
    ),
    (26, "Moon", "A piece that stops here goes back to the Sun."),
    (
        27,
        "Bird",
        "A piece that stops here goes back to 15, or, if 15 is taken, to the nearest empty square below it; with none empty the move is illegal.",
    ),
    (
        28,
        "Safe square",
        "A piece that starts its move outside 26-30 may not land on a piece here; with a piece on 28-30 a player must move one of them if it can.",
    ),
    (
        29,
        "Safe square",
        "A piece that starts its move outside 26-30 may not land on a piece here; with a piece on 28-30 a player must move one of them if it can.",
    ),
    (
        30,
        "Safe square",
        "A piece that starts its move outside 26-30 may not land on a piece here; one step past 30 is the goal, where a piece is borne off.",
    ),
];

impl RuleSetId {
    /// What makes the rule set what it is, in plain words for someone who
    /// has never played (the rules page has the details).
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            RuleSetId::Kendall => {
                "The classic game for two, with five pieces each and four throwing sticks. Every piece must stop on the House of Happiness (square 26) on its way, and the last squares need an exact throw to leave the board."
            }
            RuleSetId::Kendall7 => {
                "The classic game with seven pieces each. First both players throw until one throws a 1, which decides the colours; squares 15, 26, 28 and 29 keep a piece safe."
            }
            RuleSetId::Jequier => {
                "A careful game for two that throws 1, 2, 3, 4 or 6. Three pieces in a row make a wall nobody may pass, a piece that cannot go forward must go back, and a match is scored over several games."
            }
            RuleSetId::Simple => {
                "A lighter game for two: count the dark sides of the sticks, and none dark is a 6. Pieces never have to stop on the way and never move backwards."
            }
            RuleSetId::Peril => {
                "A fast party game for two with one die. Bring your pawns onto the board, get past the traps on the last five squares, and win by getting a single pawn out."
            }
            RuleSetId::Modern => {
                "For two to four players with two dice: move one piece by their sum or two pieces one die each. Pieces score their dots when they leave, and the game ends when someone has three pieces out."
            }
        }
    }

    /// The rule set's name for people: a name a newcomer can choose by,
    /// with its author where the rules are someone's reconstruction.
    #[must_use]
    pub const fn display_name(self) -> &'static str {
        match self {
            RuleSetId::Kendall => "Classic Senet (Kendall)",
            RuleSetId::Kendall7 => "Classic Senet, seven pieces",
            RuleSetId::Jequier => "Jequier's Senet",
            RuleSetId::Simple => "Quick Senet",
            RuleSetId::Peril => "Path of Peril",
            RuleSetId::Modern => "Senet for 2 to 4 players",
        }
    }

    /// What the rule set calls a piece, in the singular: Path of Peril's
    /// spec says pawn; the others say piece.
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
        let (colours, pieces, values, start, special): (
            &[&str],
            u8,
            &[u8],
            PieceStart,
            &[Special],
        ) = match self {
            RuleSetId::Kendall => (&["Cone", "Spool"], 5, &[], PieceStart::Board, &KENDALL),
            RuleSetId::Kendall7 => (&["Cone", "Spool"], 7, &[], PieceStart::Board, &KENDALL7),
            RuleSetId::Jequier => (&["White", "Black"], 5, &[], PieceStart::Board, &JEQUIER),
            RuleSetId::Simple => (&["Cone", "Spool"], 5, &[], PieceStart::Board, &SIMPLE),
            RuleSetId::Peril => (&["Cone", "Spool"], 7, &[], PieceStart::Reserve, &PERIL),
            RuleSetId::Modern => (
                &["P1", "P2", "P3", "P4"],
                5,
                &[1, 2, 3, 4, 5],
                PieceStart::Board,
                &MODERN,
            ),
        };
        Description {
            id: self,
            name: self.display_name().to_owned(),
            summary: self.summary().to_owned(),
            piece_word: self.piece_word().to_owned(),
            seats: SeatRange { min, max },
            colours: (0u8..)
                .zip(colours)
                .map(|(index, name)| Colour {
                    index,
                    name: (*name).to_owned(),
                })
                .collect(),
            pieces_per_seat: pieces,
            piece_values: values.to_vec(),
            start,
            squares: BOARD_SQUARES,
            special_squares: special
                .iter()
                .filter_map(|&(number, name, effect)| {
                    // Every number in the tables is a square; a typo would
                    // drop the square, and the spec-table tests catch it.
                    Square::new(number).map(|square| SpecialSquare {
                        square,
                        name: name.to_owned(),
                        effect: effect.to_owned(),
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
