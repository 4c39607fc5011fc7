//! Every rule set behind one enum, itself a rule set: what product code
//! holds when the rule set is chosen at run time (as shakmaty's
//! `VariantPosition` is for chess variants).

use crate::model::chance::ChanceKind;
use crate::model::description::{SeriesScoring, SquareSpan};
use crate::model::eliminate::EliminateError;
use crate::model::event::Event;
use crate::model::ruleset::{Next, RuleSet, SeatsError, Step, StepError};
use crate::model::seat::Seat;
use crate::model::throw_value::StickCount;
use crate::model::view::View;
use crate::rules::{
    Jequier, Kendall, Kendall7, Modern, ModernState, Peril, PerilState, RuleSetId, Simple,
    StickState,
};
use crate::square::Square;

/// Declares [`AnyRules`] and [`AnyState`] over the rule sets, and the
/// dispatch of [`RuleSet`] to each; one line a rule set.
macro_rules! any_rule_sets {
    ($($variant:ident($rules:ty, $state:ty) = $id:ident,)+) => {
        /// A rule set chosen at run time.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AnyRules {
            $(
                #[doc = concat!("The `", stringify!($id), "` rule set.")]
                $variant($rules),
            )+
        }

        /// The state of a game under [`AnyRules`].
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum AnyState {
            $(
                #[doc = concat!("A game under `", stringify!($id), "`.")]
                $variant($state),
            )+
        }

        impl AnyRules {
            /// The rule set with this id.
            #[must_use]
            pub fn of(id: RuleSetId) -> AnyRules {
                match id {
                    $(RuleSetId::$id => AnyRules::$variant(<$rules>::default()),)+
                }
            }
        }

        impl RuleSet for AnyRules {
            type State = AnyState;

            fn id(self) -> RuleSetId {
                match self {
                    $(AnyRules::$variant(rules) => rules.id(),)+
                }
            }

            fn seat_range(self) -> (u8, u8) {
                match self {
                    $(AnyRules::$variant(rules) => rules.seat_range(),)+
                }
            }

            fn chance(self) -> ChanceKind {
                match self {
                    $(AnyRules::$variant(rules) => rules.chance(),)+
                }
            }

            fn exit_row(self) -> SquareSpan {
                match self {
                    $(AnyRules::$variant(rules) => rules.exit_row(),)+
                }
            }

            fn guarded_by_neighbour(self) -> bool {
                match self {
                    $(AnyRules::$variant(rules) => rules.guarded_by_neighbour(),)+
                }
            }

            fn series(self) -> Option<SeriesScoring> {
                match self {
                    $(AnyRules::$variant(rules) => rules.series(),)+
                }
            }

            fn sticks(self) -> Option<StickCount> {
                match self {
                    $(AnyRules::$variant(rules) => rules.sticks(),)+
                }
            }

            fn start(self, seats: u8) -> Result<AnyState, SeatsError> {
                match self {
                    $(AnyRules::$variant(rules) => rules.start(seats).map(AnyState::$variant),)+
                }
            }

            // A state knows its rule set: these dispatch on the state, so no
            // state can meet another rule set's rules.
            fn seats(self, state: &AnyState) -> u8 {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().seats(state),)+
                }
            }

            fn next(self, state: &AnyState) -> Next {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().next(state),)+
                }
            }

            fn apply(
                self,
                state: &mut AnyState,
                step: Step,
                events: &mut Vec<Event>,
            ) -> Result<(), StepError> {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().apply(state, step, events),)+
                }
            }

            fn position_text(self, state: &AnyState) -> String {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().position_text(state),)+
                }
            }

            fn thrower(self, state: &AnyState) -> Option<Seat> {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().thrower(state),)+
                }
            }

            fn view(self, state: &AnyState) -> View {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().view(state),)+
                }
            }

            fn blocked(self, state: &AnyState, square: Square) -> Option<StepError> {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().blocked(state, square),)+
                }
            }

            fn eliminate(
                self,
                state: &mut AnyState,
                seat: Seat,
                events: &mut Vec<Event>,
            ) -> Result<(), EliminateError> {
                match state {
                    $(AnyState::$variant(state) => <$rules>::default().eliminate(state, seat, events),)+
                }
            }
        }
    };
}

any_rule_sets! {
    Kendall(Kendall, StickState) = Kendall,
    Kendall7(Kendall7, StickState) = Kendall7,
    Jequier(Jequier, StickState) = Jequier,
    Simple(Simple, StickState) = Simple,
    Peril(Peril, PerilState) = Peril,
    Modern(Modern, ModernState) = Modern,
}
