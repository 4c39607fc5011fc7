//! How a room shows in the lobby: who created it and when, what the lobby
//! was last told of it, and whether its game counts among those being
//! played or nobody is at it, so that only a change reaches the listings
//! and the feeds.

use uuid::Uuid;

use super::lobby::{Listings, LobbyEntry, Origin};

/// A room's place in the lobby.
#[derive(Default)]
pub(super) struct Listing {
    /// Who created the room, when; `None` lists it never.
    origin: Option<Origin>,
    /// What the lobby was last told of the room.
    listed: Option<LobbyEntry>,
    /// The game the lobby feed was last told is being played here (a
    /// public room's game in progress), so a start or an end wakes it.
    live_told: Option<Uuid>,
    /// Whether the listings were last told that nobody is at its game.
    deserted_told: bool,
    /// Where the room lists itself, and as which instance (set when it
    /// runs).
    listings: Option<(Listings, u64)>,
}

impl Listing {
    /// A room created by `origin` (none: never listed).
    pub(super) fn new(origin: Option<Origin>) -> Listing {
        Listing {
            origin,
            ..Listing::default()
        }
    }

    /// Who created the room, when.
    pub(super) fn origin(&self) -> Option<Origin> {
        self.origin
    }

    /// Lists the room in `listings` from now on, as `instance`.
    pub(super) fn attach(&mut self, listings: Listings, instance: u64) {
        self.listings = Some((listings, instance));
    }

    /// Tells the listings the room's entry, the game it has in play and
    /// whether nobody is at that game, when any changed since they were
    /// last told.
    pub(super) fn update(
        &mut self,
        code: &str,
        entry: Option<LobbyEntry>,
        live: Option<Uuid>,
        deserted: bool,
    ) {
        let Some((listings, instance)) = &self.listings else {
            return;
        };
        if entry != self.listed {
            listings.set(code, *instance, entry.clone());
            self.listed = entry;
        }
        // Before the game's start or end is told: a feed that wakes for it
        // already knows to leave the game out.
        if deserted != self.deserted_told {
            listings.set_deserted(code, *instance, deserted);
            self.deserted_told = deserted;
        }
        if live != self.live_told {
            listings.games_changed();
            self.live_told = live;
        }
    }
}
