//! The sockets each credential holds open, so that revoking a credential
//! closes them at once.
//!
//! A log-out or a password change revokes tokens in the database, which
//! refuses every later request made with them. A socket is authenticated
//! once, at its upgrade: without this registry a socket opened with a
//! revoked token would play on until it closed of itself. Each socket
//! opened with a token registers here *before* its token is checked; a
//! revocation, made after the database's commit, cancels the registrations
//! of the credentials it ended, and each such socket closes with
//! [`crate::ws::protocol::close::SIGNED_OUT`]. The order closes the gap
//! between the two: a socket whose check saw the token alive was registered
//! before the revocation looked.
//!
//! On several nodes a socket may live on any of them, so a revocation also
//! goes out to the others ([`SignedIn::outbox`], relayed over NATS by the
//! cluster); applying one twice is harmless. NATS delivers at most once,
//! so each node also reads its open sockets' credentials again now and
//! then and closes those no longer live ([`SignedIn::close_dead`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// A short name of one credential: the first 128 bits of the SHA-256 of
/// its secret (what the store keeps of it). A revocation names credentials
/// by it, so no live credential's full hash goes over the wire between
/// nodes; two credentials of one player sharing it is a 2⁻¹²⁸ chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Fingerprint(u128);

impl Fingerprint {
    /// The fingerprint of the credential whose secret hashes to `hash`.
    #[must_use]
    pub fn of(hash: &[u8]) -> Fingerprint {
        let mut first = [0u8; 16];
        for (slot, byte) in first.iter_mut().zip(hash) {
            *slot = *byte;
        }
        Fingerprint(u128::from_be_bytes(first))
    }
}

/// On the wire: 32 hex digits.
impl From<Fingerprint> for String {
    fn from(fingerprint: Fingerprint) -> String {
        format!("{:032x}", fingerprint.0)
    }
}

impl TryFrom<String> for Fingerprint {
    type Error = String;

    fn try_from(text: String) -> Result<Fingerprint, String> {
        if text.len() != 32 {
            return Err(format!("a fingerprint is 32 hex digits, not `{text}`"));
        }
        u128::from_str_radix(&text, 16)
            .map(Fingerprint)
            .map_err(|e| format!("`{text}` is not hex: {e}"))
    }
}

/// Which of a player's credentials a revocation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ended", rename_all = "snake_case")]
pub enum Ended {
    /// This one (a log-out on one device).
    One {
        /// The credential logged out.
        credential: Fingerprint,
    },
    /// Every one but `kept` (a password change keeps the one it was made
    /// with; a log-out everywhere keeps none).
    AllBut {
        /// The credential left alive, if any.
        kept: Option<Fingerprint>,
    },
}

impl Ended {
    /// Whether a socket opened with `credential` must close.
    fn covers(self, credential: Fingerprint) -> bool {
        match self {
            Ended::One { credential: ended } => ended == credential,
            Ended::AllBut { kept } => kept != Some(credential),
        }
    }
}

/// A revocation: a player's credentials that no longer work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revocation {
    /// Whose.
    pub player: Uuid,
    /// Which.
    #[serde(flatten)]
    pub ended: Ended,
}

/// One open socket's entry.
struct Holder {
    id: u64,
    credential: Fingerprint,
    /// The credential's whole secret hash, to find it among the live
    /// ones ([`SignedIn::close_dead`]); never leaves the process.
    hash: Vec<u8>,
    cancel: CancellationToken,
}

#[derive(Default)]
struct Registry {
    next_id: u64,
    by_player: HashMap<Uuid, Vec<Holder>>,
}

#[derive(Default)]
struct Inner {
    registry: Mutex<Registry>,
    /// Where revocations go for the other nodes, once a cluster takes them.
    outbox: OnceLock<mpsc::UnboundedSender<Revocation>>,
}

/// Every socket of this process opened with a token, by player and
/// credential. Cheap to clone (one shared registry).
#[derive(Clone, Default)]
pub struct SignedIn {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for SignedIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignedIn").finish_non_exhaustive()
    }
}

impl SignedIn {
    /// Registers a socket opened with `player`'s credential whose secret
    /// hashes to `hash`, until the returned registration is dropped.
    #[must_use]
    pub fn register(&self, player: Uuid, hash: &[u8]) -> Registration {
        let cancel = CancellationToken::new();
        let mut registry = self.lock();
        registry.next_id += 1;
        let id = registry.next_id;
        registry.by_player.entry(player).or_default().push(Holder {
            id,
            credential: Fingerprint::of(hash),
            hash: hash.to_vec(),
            cancel: cancel.clone(),
        });
        Registration {
            signed_in: self.clone(),
            player,
            id,
            cancel,
        }
    }

    /// Closes this process's sockets whose credential `revocation` ended
    /// and hands it on to the other nodes, if there are any. Call it after
    /// the revocation is committed. Returns how many sockets here it closed.
    pub fn revoke(&self, revocation: Revocation) -> usize {
        if let Some(outbox) = self.inner.outbox.get() {
            // The relay is gone only when the server is stopping.
            let _ = outbox.send(revocation);
        }
        self.revoke_here(revocation)
    }

    /// Closes this process's sockets whose credential `revocation` ended
    /// (a revocation another node made). Returns how many.
    pub fn revoke_here(&self, revocation: Revocation) -> usize {
        self.close_where(revocation.player, |holder| {
            revocation.ended.covers(holder.credential)
        })
    }

    /// The players with a socket open here now.
    #[must_use]
    pub fn players(&self) -> Vec<Uuid> {
        self.lock().by_player.keys().copied().collect()
    }

    /// A mark of the registrations made so far, taken before reading which
    /// credentials are live (see [`SignedIn::close_dead`]).
    #[must_use]
    pub fn mark(&self) -> u64 {
        self.lock().next_id
    }

    /// Closes `player`'s sockets here, registered by `mark`, whose
    /// credential is not among the `live` secret hashes read after the
    /// mark: a revocation this node was not told of. A socket registered
    /// later is left alone (its credential may be newer than the read).
    /// Returns how many.
    pub fn close_dead(&self, player: Uuid, live: &[Vec<u8>], mark: u64) -> usize {
        self.close_where(player, |holder| {
            holder.id <= mark
                && !live
                    .iter()
                    .any(|hash| bool::from(hash.as_slice().ct_eq(&holder.hash)))
        })
    }

    /// Closes `player`'s sockets here that `ends` picks and are still
    /// open. Returns how many.
    fn close_where(&self, player: Uuid, ends: impl Fn(&Holder) -> bool) -> usize {
        let registry = self.lock();
        let Some(holders) = registry.by_player.get(&player) else {
            return 0;
        };
        let mut closed = 0;
        for holder in holders {
            if ends(holder) && !holder.cancel.is_cancelled() {
                holder.cancel.cancel();
                closed += 1;
            }
        }
        closed
    }

    /// The revocations made here from now on, for the other nodes; `None`
    /// if they are taken already (one relay per process).
    pub fn outbox(&self) -> Option<mpsc::UnboundedReceiver<Revocation>> {
        let (sender, receiver) = mpsc::unbounded_channel();
        self.inner.outbox.set(sender).ok().map(|()| receiver)
    }

    /// How many sockets are registered (what the tests check the
    /// registry by).
    #[must_use]
    pub fn count(&self) -> usize {
        self.lock().by_player.values().map(Vec::len).sum()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Registry> {
        // The registry stays consistent through a panic elsewhere: every
        // change to it is one push or one removal.
        self.inner
            .registry
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// A socket's place in the registry; dropping it takes the socket out.
pub struct Registration {
    signed_in: SignedIn,
    player: Uuid,
    id: u64,
    cancel: CancellationToken,
}

impl Registration {
    /// Fires once the socket's credential is revoked.
    #[must_use]
    pub fn revoked(&self) -> CancellationToken {
        self.cancel.clone()
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut registry = self.signed_in.lock();
        if let Some(holders) = registry.by_player.get_mut(&self.player) {
            holders.retain(|holder| holder.id != self.id);
            if holders.is_empty() {
                registry.by_player.remove(&self.player);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn hash(n: u8) -> Vec<u8> {
        vec![n; 32]
    }

    #[test]
    fn a_log_out_closes_its_own_credential_only() {
        let signed_in = SignedIn::default();
        let player = Uuid::new_v4();
        let phone = signed_in.register(player, &hash(1));
        let desk = signed_in.register(player, &hash(2));
        let credential = Fingerprint::of(&hash(1));
        let closed = signed_in.revoke(Revocation {
            player,
            ended: Ended::One { credential },
        });
        assert_eq!(closed, 1);
        assert!(phone.revoked().is_cancelled());
        assert!(!desk.revoked().is_cancelled());
    }

    #[test]
    fn a_password_change_closes_every_other_credential() {
        let signed_in = SignedIn::default();
        let player = Uuid::new_v4();
        let other = Uuid::new_v4();
        let kept = signed_in.register(player, &hash(1));
        let ended = [
            signed_in.register(player, &hash(2)),
            signed_in.register(player, &hash(3)),
        ];
        let someone_else = signed_in.register(other, &hash(2));
        let closed = signed_in.revoke(Revocation {
            player,
            ended: Ended::AllBut {
                kept: Some(Fingerprint::of(&hash(1))),
            },
        });
        assert_eq!(closed, 2);
        assert!(!kept.revoked().is_cancelled());
        assert!(ended.iter().all(|r| r.revoked().is_cancelled()));
        assert!(!someone_else.revoked().is_cancelled());
    }

    #[test]
    fn a_closed_socket_leaves_the_registry() {
        let signed_in = SignedIn::default();
        let player = Uuid::new_v4();
        let first = signed_in.register(player, &hash(1));
        let second = signed_in.register(player, &hash(1));
        assert_eq!(signed_in.count(), 2);
        drop(first);
        assert_eq!(signed_in.count(), 1);
        drop(second);
        assert_eq!(signed_in.count(), 0);
        let ended = Ended::AllBut { kept: None };
        assert_eq!(signed_in.revoke(Revocation { player, ended }), 0);
    }

    #[test]
    fn a_recheck_closes_the_dead_credentials_registered_before_its_read() {
        let signed_in = SignedIn::default();
        let player = Uuid::new_v4();
        let alive = signed_in.register(player, &hash(1));
        let dead = signed_in.register(player, &hash(2));
        let mark = signed_in.mark();
        // Registered after the mark, with a credential newer than the read.
        let newer = signed_in.register(player, &hash(3));
        assert_eq!(signed_in.players(), vec![player]);
        assert_eq!(signed_in.close_dead(player, &[hash(1)], mark), 1);
        assert!(!alive.revoked().is_cancelled());
        assert!(dead.revoked().is_cancelled());
        assert!(!newer.revoked().is_cancelled());
        assert_eq!(signed_in.close_dead(Uuid::new_v4(), &[], mark), 0);
    }

    #[test]
    fn revocations_go_to_the_outbox_and_read_back_from_json() {
        let signed_in = SignedIn::default();
        let mut outbox = signed_in.outbox().unwrap();
        assert!(signed_in.outbox().is_none(), "one relay per process");
        let revocation = Revocation {
            player: Uuid::new_v4(),
            ended: Ended::One {
                credential: Fingerprint::of(&hash(7)),
            },
        };
        signed_in.revoke(revocation);
        let sent = outbox.try_recv().unwrap();
        assert_eq!(sent, revocation);
        let json = serde_json::to_string(&sent).unwrap();
        assert!(json.contains("\"ended\":\"one\""), "{json}");
        assert_eq!(serde_json::from_str::<Revocation>(&json).unwrap(), sent);
        let bad = json.replace("0707", "zz07");
        assert!(serde_json::from_str::<Revocation>(&bad).is_err());
    }
}
