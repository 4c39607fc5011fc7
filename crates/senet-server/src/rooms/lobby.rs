//! `GET /api/lobby`, from memory: each live room lists itself while it is
//! public, waiting for players, and its creator is connected, so a stranger
//! who joins from the lobby finds someone there. A room whose creator has
//! left (or that no one has opened since the server started) is not
//! listed; it is again as soon as the creator reconnects.
//!
//! The games being played are read from the store, which knows nothing of
//! who is connected: so the rooms also say here which of their games
//! nobody is at any more (every person seated gone past the reconnect
//! limit), and those are left out of the list until a player comes back.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, Utc};
use senet_engine::kendall_v1::Side;
use senet_engine::{RuleSetId, Seat};
use serde::Serialize;
use tokio::sync::watch;
use uuid::Uuid;

use crate::clock::TimeControl;
use crate::ratings::{Pool, ShownRating};
use crate::store::Store;

/// The most rooms the lobby lists, newest first.
pub const LOBBY_LIMIT: usize = 100;

/// A lobby entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct LobbyEntry {
    /// Room code.
    pub code: String,
    /// Rule set.
    pub rule_set: RuleSetId,
    /// Who waits: the creator's display name.
    pub creator: String,
    /// How many seats the table has.
    pub seats: u8,
    /// How many are open.
    pub open_seats: usize,
    /// The seat a joiner gets.
    pub open_seat: Option<Seat>,
    /// The side a joiner gets (`kendall` rooms, as version 1 names it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_side: Option<Side>,
    /// Invite link.
    pub invite_url: String,
    /// When the room was created.
    pub created_at: DateTime<Utc>,
    /// The room's time control (`{"kind": "none"}` for none), as the room
    /// tells it.
    pub time_control: TimeControl,
    /// Whether its games are rated (only accounts take its seats).
    pub rated: bool,
    /// The creator's rating in the room's pool when the room opened, if
    /// they have played a rated game in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator_rating: Option<ShownRating>,
}

/// The games being played, as `GET /api/games/live` lists them to anyone,
/// shared by every feed.
pub type LiveGames = Arc<Vec<serde_json::Value>>;

/// The games being played as read once for one change count: the first
/// feed that needs them reads them, the others wait for that read (one
/// read however many feeds wake at once), and a failed read is tried again
/// by the next feed.
pub type LiveRead = Arc<tokio::sync::OnceCell<LiveGames>>;

/// What the lobby needs of a room beyond its game: who created it, when,
/// and their rating.
#[derive(Debug, Clone, Copy)]
pub struct Origin {
    /// The creator's player id.
    pub creator: Uuid,
    /// When the room was created.
    pub created_at: DateTime<Utc>,
    /// The creator's rating in the room's pool as the room opened (read
    /// only for the rooms listed: public, with a seat open): a rating that changes
    /// meanwhile, in a game elsewhere, shows at the next opening.
    pub creator_rating: Option<ShownRating>,
}

/// `creator`'s rating in `pool` as the lobby shows it, if they have played
/// a rated game in it. A failed read is logged and shows no rating: a
/// room opens and lists all the same.
pub(crate) async fn creator_rating(
    store: &Store,
    creator: Uuid,
    pool: Pool,
) -> Option<ShownRating> {
    match store.ratings_of(creator).await {
        Ok(ratings) => ratings
            .iter()
            .find(|r| r.pool == pool)
            .map(|r| ShownRating::of(&r.rating)),
        Err(error) => {
            tracing::warn!(%error, player_id = %creator, "reading a room creator's rating for the lobby");
            None
        }
    }
}

/// The rooms listed now, by code, each with the instance that listed it
/// (so a stopped instance never unlists its successor), plus a change
/// counter the lobby feeds wait on.
#[derive(Debug, Clone)]
pub struct Listings {
    map: Arc<Mutex<HashMap<String, (u64, LobbyEntry)>>>,
    /// Bumped on every change of the listed rooms and of the games being
    /// played, so a feed wakes only when there is something new (no
    /// polling loop).
    changes: Arc<watch::Sender<u64>>,
    /// How many lobby feeds are open (see `lobby_feed`'s limit).
    feeds: Arc<AtomicUsize>,
    /// Bumped when a public room's game starts or ends, so the feeds read
    /// the games being played again (they come from the store: a game
    /// whose room is not in memory is being played too).
    games: Arc<AtomicU64>,
    /// The read of the games being played for the current `games` count:
    /// one read serves every feed until the next change.
    live: Arc<Mutex<(u64, LiveRead)>>,
    /// Bumped only by this node's own rooms' games starting or ending (what
    /// it tells the other nodes; `games` counts theirs too).
    local_games: Arc<AtomicU64>,
    /// The other nodes' listed rooms, by node (one node of several).
    remote: Arc<Mutex<HashMap<String, RemoteLobby>>>,
    /// This node's rooms whose game nobody is at, by code, each with the
    /// instance that said so (so a stopped instance never speaks for its
    /// successor).
    deserted: Arc<Mutex<HashMap<String, u64>>>,
}

/// Another node's lobby as it last told it.
#[derive(Debug)]
struct RemoteLobby {
    entries: Vec<LobbyEntry>,
    games: u64,
    deserted: Vec<String>,
    heard: std::time::Instant,
}

/// What a node tells the others of its lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnLobby {
    /// Its listed rooms, by code.
    pub entries: Vec<LobbyEntry>,
    /// Its count of public games started, ended, deserted or taken up
    /// again.
    pub games: u64,
    /// The codes of its rooms whose game nobody is at, sorted.
    pub deserted: Vec<String>,
}

impl Default for Listings {
    fn default() -> Listings {
        Listings {
            map: Arc::default(),
            changes: Arc::new(watch::Sender::new(0)),
            feeds: Arc::default(),
            games: Arc::default(),
            live: Arc::default(),
            local_games: Arc::default(),
            remote: Arc::default(),
            deserted: Arc::default(),
        }
    }
}

impl Listings {
    /// The count of open lobby feeds, which each feed takes a place in.
    pub(crate) fn feeds(&self) -> &Arc<AtomicUsize> {
        &self.feeds
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, (u64, LobbyEntry)>> {
        self.map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Lists (`Some`) or unlists (`None`) a room, as its instance says.
    pub fn set(&self, code: &str, instance: u64, entry: Option<LobbyEntry>) {
        let mut map = self.lock();
        let changed = match entry {
            Some(entry) => {
                let old = map.insert(code.to_owned(), (instance, entry.clone()));
                old.is_none_or(|(_, old)| old != entry)
            }
            None => {
                if map.get(code).is_some_and(|(owner, _)| *owner == instance) {
                    map.remove(code);
                    true
                } else {
                    false
                }
            }
        };
        drop(map);
        if changed {
            self.changes.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Says that a public room's game started or ended: the feeds wake and
    /// read the games being played again.
    pub fn games_changed(&self) {
        self.local_games.fetch_add(1, Ordering::SeqCst);
        self.wake_for_games();
    }

    fn wake_for_games(&self) {
        self.games.fetch_add(1, Ordering::SeqCst);
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
    }

    fn remote_lock(&self) -> MutexGuard<'_, HashMap<String, RemoteLobby>> {
        self.remote
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn deserted_lock(&self) -> MutexGuard<'_, HashMap<String, u64>> {
        self.deserted
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Says whether nobody is at a room's game (as its instance says): the
    /// feeds read the games being played again when that changed.
    pub fn set_deserted(&self, code: &str, instance: u64, deserted: bool) {
        let mut map = self.deserted_lock();
        let changed = if deserted {
            map.insert(code.to_owned(), instance) != Some(instance)
        } else if map.get(code) == Some(&instance) {
            map.remove(code);
            true
        } else {
            false
        };
        drop(map);
        if changed {
            self.games_changed();
        }
    }

    /// The rooms whose game nobody is at, on this node or any other: their
    /// games are left out of the games being played.
    #[must_use]
    pub fn deserted(&self) -> std::collections::HashSet<String> {
        let mut codes: std::collections::HashSet<String> =
            self.deserted_lock().keys().cloned().collect();
        for lobby in self.remote_lock().values() {
            codes.extend(lobby.deserted.iter().cloned());
        }
        codes
    }

    /// What this node tells the others: its own listed rooms, its count of
    /// public games started or ended, and its rooms nobody is at.
    #[must_use]
    pub fn own(&self) -> OwnLobby {
        let mut entries: Vec<LobbyEntry> = self
            .lock()
            .values()
            .map(|(_, entry)| entry.clone())
            .collect();
        entries.sort_by(|a, b| a.code.cmp(&b.code));
        let mut deserted: Vec<String> = self.deserted_lock().keys().cloned().collect();
        deserted.sort();
        OwnLobby {
            entries,
            games: self.local_games.load(Ordering::SeqCst),
            deserted,
        }
    }

    /// What another node told of its lobby: the feeds wake if its rooms
    /// changed, and read the games being played again if its count or its
    /// rooms nobody is at moved.
    pub fn set_remote(&self, node: &str, told: OwnLobby) {
        let OwnLobby {
            entries,
            games,
            deserted,
        } = told;
        let mut remote = self.remote_lock();
        let heard = std::time::Instant::now();
        let (listed, played) = match remote.get_mut(node) {
            Some(old) => {
                let changed = (
                    old.entries != entries,
                    old.games != games || old.deserted != deserted,
                );
                old.entries = entries;
                old.games = games;
                old.deserted = deserted;
                old.heard = heard;
                changed
            }
            None => {
                let listed = !entries.is_empty();
                let lobby = RemoteLobby {
                    entries,
                    games,
                    deserted,
                    heard,
                };
                remote.insert(node.to_owned(), lobby);
                (listed, true)
            }
        };
        drop(remote);
        if played {
            self.wake_for_games();
        } else if listed {
            self.changes.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Forgets the rooms of nodes not heard from for `silence` (dead, or
    /// cut off).
    pub fn expire_remote(&self, silence: std::time::Duration) {
        let mut remote = self.remote_lock();
        let before = remote.len();
        remote.retain(|_, lobby| lobby.heard.elapsed() < silence);
        let expired = remote.len() != before;
        drop(remote);
        if expired {
            self.wake_for_games();
        }
    }

    /// The read of the games being played as of now: the one of the
    /// current change count, a new one after a change.
    pub(crate) fn live_read(&self) -> LiveRead {
        let now = self.games.load(Ordering::SeqCst);
        let mut live = self
            .live
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if live.0 != now {
            *live = (now, LiveRead::default());
        }
        live.1.clone()
    }

    /// A receiver that sees every later change of the listed rooms.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// The listed rooms, newest first, at most [`LOBBY_LIMIT`].
    #[must_use]
    pub fn newest(&self) -> Vec<LobbyEntry> {
        let mut entries: Vec<LobbyEntry> = self
            .lock()
            .values()
            .map(|(_, entry)| entry.clone())
            .collect();
        // Another node's entry for a room listed here too is the older
        // news: the room moved here.
        let here: std::collections::HashSet<String> =
            entries.iter().map(|entry| entry.code.clone()).collect();
        for lobby in self.remote_lock().values() {
            entries.extend(
                lobby
                    .entries
                    .iter()
                    .filter(|entry| !here.contains(&entry.code))
                    .cloned(),
            );
        }
        entries.sort_by(|a, b| {
            b.created_at
                .cmp(&a.created_at)
                .then_with(|| a.code.cmp(&b.code))
        });
        entries.dedup_by(|a, b| a.code == b.code);
        entries.truncate(LOBBY_LIMIT);
        entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_read_of_the_games_serves_until_a_game_starts_or_ends() {
        let listings = Listings::default();
        let changes = listings.subscribe();
        let first = listings.live_read();
        assert!(Arc::ptr_eq(&first, &listings.live_read()), "shared");
        listings.games_changed();
        assert!(changes.has_changed().unwrap_or(false), "the feeds wake");
        let second = listings.live_read();
        assert!(!Arc::ptr_eq(&first, &second), "read again after a change");
        assert!(Arc::ptr_eq(&second, &listings.live_read()));
    }

    #[test]
    fn a_room_nobody_is_at_is_left_out_on_its_own_word_or_another_nodes() {
        let listings = Listings::default();
        let before = listings.live_read();
        listings.set_deserted("here", 7, true);
        assert!(!Arc::ptr_eq(&before, &listings.live_read()), "read again");
        assert_eq!(listings.own().deserted, vec!["here".to_owned()]);
        // A stopped instance does not speak for its successor.
        listings.set_deserted("here", 6, false);
        assert!(listings.deserted().contains("here"));
        let told = OwnLobby {
            entries: Vec::new(),
            games: 0,
            deserted: vec!["there".to_owned()],
        };
        listings.set_remote("other", told.clone());
        let both = listings.deserted();
        assert!(both.contains("here") && both.contains("there"), "{both:?}");
        // A player back: the other node's word changes, read again.
        let read = listings.live_read();
        listings.set_remote(
            "other",
            OwnLobby {
                deserted: Vec::new(),
                ..told
            },
        );
        assert!(!Arc::ptr_eq(&read, &listings.live_read()), "read again");
        listings.set_deserted("here", 7, false);
        assert!(listings.deserted().is_empty());
    }
}
