//! Why the rules refuse a choice: one stable code per reason. The codes go
//! on the wire (the server's `illegal_move` `reason` and a decision's
//! `blocked[].code`), so they are one typed list here rather than strings
//! written where each refusal is made: [`Reason::ALL`] is every code any
//! rule set can give, and `docs/protocol.md` documents each of them (a
//! server test reads the document against this list).

use crate::rules::RuleSetId;

/// Declares [`Reason`], its code and [`Reason::ALL`] from one list, so a
/// reason added to the enum is in `ALL` (and so in the documentation
/// check) by construction: no second list to forget.
macro_rules! reasons {
    ($( $(#[$doc:meta])* $variant:ident => $code:literal, )+) => {
        /// Why the rules refuse a choice of the deciding seat: the reason a
        /// piece has no option, or a picked option is not one.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Reason {
            $( $(#[$doc])* $variant, )+
        }

        impl Reason {
            /// Every reason, in declaration order.
            pub const ALL: &'static [Reason] = &[ $( Reason::$variant, )+ ];

            /// The stable machine-readable code, for the wire and for logs.
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self {
                    $( Reason::$variant => $code, )+
                }
            }
        }
    };
}

reasons! {
    /// The choice is not one of the options, and the rules have no more
    /// particular word for it (a choice of the wrong kind for the decision,
    /// e.g. `enter 2` when a piece must move). Every rule set.
    NotAnOption => "not_an_option",
    /// The square named is not a square of the board (1–30). Given by the
    /// server for a version 1 `move` whose `from` is no square; the rules
    /// themselves only ever see squares.
    NotASquare => "not_a_square",

    // The stick rule sets (Kendall, Kendall-7, Jequier, simple).
    /// No piece of the deciding seat stands on the square (stick rule sets
    /// and Senet-modern).
    NoPieceOfYours => "no_piece_of_yours",
    /// The move would jump past the House of Happiness (26) without
    /// stopping on it.
    MustStopOnHappiness => "must_stop_on_26",
    /// The move would go past the end of the board: pieces bear off only
    /// with the exact throw from the allowed squares.
    Overshoots => "overshoots",
    /// An opponent blockade (three or more pieces in a row) is in the way.
    Blockade => "blockade",
    /// A piece of the mover's own side stands on the destination.
    OwnPieceOnDestination => "own_piece_on_destination",
    /// The opponent piece on the destination is protected.
    ProtectedPiece => "protected_piece",
    /// No forward move is legal, and this piece has no empty square behind
    /// it to move back to.
    NoEmptySquareBehind => "no_empty_square_behind",
    /// No move is legal with this throw. Not expected on the wire: such a
    /// throw is passed inside its own step, so no decision waits.
    NoLegalMove => "no_legal_move",
    /// A move is legal with this throw, so the turn cannot be forfeited.
    /// Only the engine's turn-based API forfeits on request; the step
    /// model (and so the server) passes a turn by itself.
    MustMove => "must_move",
    /// The move would go past square 30, and the rules have no way off but
    /// landing exactly on 30 (Jequier).
    PastTheEnd => "past_the_end",
    /// The piece bears off from its square only with one exact throw (28
    /// with 3 and 29 with 2 in the simple rules).
    NeedsExactThrow => "needs_exact_throw",
    /// A piece bears off only while every piece of its side is in the exit
    /// row, 21 to 30 (Jequier).
    NotAllInExitRow => "not_all_in_exit_row",
    /// No piece can move forward, and this piece cannot move back by the
    /// full throw onto an empty square (Jequier).
    CannotMoveBack => "cannot_move_back",
    /// The side's first move must be made with the piece on a given square
    /// (White's piece on 9 in Jequier).
    FirstMoveFrom => "first_move_from",

    // Path of Peril.
    /// No pawn of the deciding seat stands on the square.
    NoPawnOfYours => "no_pawn_of_yours",
    /// The pawn would go past 30; a pawn must land on 30 exactly.
    Past30 => "past_30",
    /// The deciding seat's own pawn stands on the destination.
    OwnPawn => "own_pawn",
    /// Only a roll of 4, 5 or 6 summons a pawn from the reserve.
    NoSummon => "no_summon",
    /// A roll summons onto one square only (roll − 3), not the one named.
    SummonSquare => "summon_square",
    /// The deciding seat's reserve is empty: there is no pawn to summon.
    EmptyReserve => "empty_reserve",
    /// The square a summon or the Ankh would use is taken.
    SquareTaken => "square_taken",
    /// The Ankh places a pawn on 1, 2 or 3 only.
    AnkhSquare => "ankh_square",
    /// No pawn the Vulture may take stands on the square.
    VultureTarget => "vulture_target",

    // Senet-modern.
    /// The dice cannot be used so: no die shows that number, or only the
    /// sum (one piece on the board) or only one die is left.
    WrongDice => "wrong_dice",
    /// The piece already moved by the other die this turn.
    MovedAlready => "moved_already",
    /// The piece would land on a piece of the mover's own.
    OwnPiece => "own_piece",
    /// The piece on the destination is safe from a piece starting outside
    /// 26–30.
    Safe => "safe",
    /// The Bird has no empty square at or below 15 to send the piece to.
    BirdFull => "bird_full",
    /// A piece on 28–30 can move, so one of them must.
    MustMove2830 => "must_move_28_30",
}

/// The stick rule sets, which share their reasons' words.
const STICKS: &[RuleSetId] = &[
    RuleSetId::Kendall,
    RuleSetId::Kendall7,
    RuleSetId::Jequier,
    RuleSetId::Simple,
];

/// The Kendall rules (five and seven pieces).
const KENDALLS: &[RuleSetId] = &[RuleSetId::Kendall, RuleSetId::Kendall7];

impl Reason {
    /// The reason with this code, if there is one.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Reason> {
        Reason::ALL
            .iter()
            .copied()
            .find(|reason| reason.code() == code)
    }

    /// The rule sets whose rules can give this reason for a choice of the
    /// step model. [`Reason::NotASquare`] is the server's own (a version 1
    /// `move` of a number that is no square), given in Kendall rooms; the
    /// turn-based API's [`Reason::MustMove`] and the fallback
    /// [`Reason::NoLegalMove`] are listed for the stick rule sets that can
    /// give them there. The match has no wildcard, so a new reason must
    /// say where it comes from.
    #[must_use]
    pub const fn rule_sets(self) -> &'static [RuleSetId] {
        match self {
            Reason::NotAnOption => &RuleSetId::ALL,
            Reason::NotASquare => &[RuleSetId::Kendall],
            Reason::NoPieceOfYours => &[
                RuleSetId::Kendall,
                RuleSetId::Kendall7,
                RuleSetId::Jequier,
                RuleSetId::Simple,
                RuleSetId::Modern,
            ],
            Reason::MustStopOnHappiness | Reason::Overshoots | Reason::NoEmptySquareBehind => {
                KENDALLS
            }
            Reason::Blockade => &[RuleSetId::Kendall, RuleSetId::Kendall7, RuleSetId::Jequier],
            Reason::OwnPieceOnDestination
            | Reason::ProtectedPiece
            | Reason::NoLegalMove
            | Reason::MustMove => STICKS,
            Reason::PastTheEnd
            | Reason::NotAllInExitRow
            | Reason::CannotMoveBack
            | Reason::FirstMoveFrom => &[RuleSetId::Jequier],
            Reason::NeedsExactThrow => &[RuleSetId::Simple],
            Reason::NoPawnOfYours
            | Reason::Past30
            | Reason::OwnPawn
            | Reason::NoSummon
            | Reason::SummonSquare
            | Reason::EmptyReserve
            | Reason::SquareTaken
            | Reason::AnkhSquare
            | Reason::VultureTarget => &[RuleSetId::Peril],
            Reason::WrongDice
            | Reason::MovedAlready
            | Reason::OwnPiece
            | Reason::Safe
            | Reason::BirdFull
            | Reason::MustMove2830 => &[RuleSetId::Modern],
        }
    }
}

impl core::fmt::Display for Reason {
    /// The code.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.code())
    }
}

/// On the wire a reason is its code.
#[cfg(feature = "serde")]
impl serde::Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_snake_case_and_read_back() {
        let mut seen = std::collections::BTreeSet::new();
        for reason in Reason::ALL {
            let code = reason.code();
            assert!(seen.insert(code), "{code} twice");
            assert!(
                code.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{code}"
            );
            assert_eq!(Reason::from_code(code), Some(*reason));
            assert!(!reason.rule_sets().is_empty(), "{code}");
        }
        assert_eq!(Reason::from_code("fly"), None);
    }
}
