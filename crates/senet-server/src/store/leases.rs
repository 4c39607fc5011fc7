//! Room leases: which node runs a live room when several nodes share one
//! PostgreSQL database (the multi-node design, `docs/multi-node.md`).
//!
//! A lease names one owner node and an **epoch**, and expires unless the
//! owner renews it. Taking a lease always raises the epoch, also when the
//! same node takes it again after a restart, so every incarnation of an
//! owner has an epoch of its own. A fenced write ([`Store::append_fenced`])
//! commits only while the room's lease still has the writer's node and
//! epoch, checked under a lock in the write's own transaction: a node
//! whose lease was taken over can never commit a step, however late its
//! write arrives. A takeover locks the same row, so it waits for a fenced
//! write in flight, and the new owner, which loads the game after its
//! takeover committed, sees every step the old owner committed.
//!
//! Expiry uses the database's clock, not the nodes': the nodes' clocks may
//! disagree, the database's is one. Safety never depends on a clock (the
//! epoch does that); only how soon a dead node's rooms move does.
//!
//! Leases need PostgreSQL: SQLite is an embedded file that one process
//! opens, so a SQLite store refuses them.

use std::time::Duration;

use super::write::bounded;
use super::{Pool, Store};

/// A node's hold on a live room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    /// The room.
    pub room_code: String,
    /// The node holding it.
    pub node_id: String,
    /// Raised by every take: the fence of this hold.
    pub epoch: i64,
}

/// The first lease of a room a node of several is storing: taken in the
/// room's own transaction, so no other node ever sees the room without an
/// owner and takes it over before its creator starts it.
#[derive(Debug, Clone, Copy)]
pub struct FirstLease<'a> {
    /// The node storing the room.
    pub node_id: &'a str,
    /// How long the lease lasts unless renewed.
    pub ttl: Duration,
}

impl FirstLease<'_> {
    /// The lease as held once the room is stored: epoch 1, as a room's
    /// first take.
    #[must_use]
    pub fn held(&self, room_code: &str) -> Lease {
        Lease {
            room_code: room_code.to_owned(),
            node_id: self.node_id.to_owned(),
            epoch: 1,
        }
    }
}

/// Stores a new room's first lease, expiring by the database's clock.
pub(super) const FIRST_LEASE: &str =
    "INSERT INTO room_leases (room_code, node_id, epoch, expires_at)
     VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')";

/// A room's lease as stored, live or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaseState {
    /// The last holder and its epoch.
    pub lease: Lease,
    /// True while it has not expired by the database's clock.
    pub live: bool,
}

/// The message of the error a fenced write fails with when the lease
/// moved on; [`super::WriteError::is_fenced`] recognises it.
pub(super) const FENCED: &str = "fenced: this node no longer holds the room's lease";

/// The error of a fenced write refused because the lease moved on.
pub(super) fn fenced() -> sqlx::Error {
    sqlx::Error::Protocol(FENCED.to_owned())
}

/// The error of a lease asked of a SQLite store.
fn needs_postgres() -> sqlx::Error {
    sqlx::Error::Configuration("room leases (several nodes) need PostgreSQL".into())
}

/// A duration as whole milliseconds for SQL, at least 1.
pub(super) fn millis(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX).max(1)
}

impl Store {
    /// Takes `room_code`'s lease for `node_id` for `ttl` when no live
    /// lease of another node holds it: `Some` with a new epoch, `None` when
    /// another node holds it. When the answer is lost, the lease is read
    /// back: it is ours if it names this node and is live.
    pub async fn acquire_lease(
        &self,
        room_code: &str,
        node_id: &str,
        ttl: Duration,
    ) -> Result<Option<Lease>, sqlx::Error> {
        let Pool::Postgres(pool) = &self.pool else {
            return Err(needs_postgres());
        };
        let taken = bounded(
            self.timeout,
            sqlx::query_scalar::<_, i64>(
                "INSERT INTO room_leases (room_code, node_id, epoch, expires_at)
                 VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
                 ON CONFLICT (room_code) DO UPDATE
                    SET node_id = EXCLUDED.node_id,
                        epoch = room_leases.epoch + 1,
                        expires_at = EXCLUDED.expires_at
                  WHERE room_leases.expires_at <= now()
                     OR room_leases.node_id = EXCLUDED.node_id
                 RETURNING epoch",
            )
            .bind(room_code)
            .bind(node_id)
            .bind(millis(ttl))
            .fetch_optional(pool),
        )
        .await;
        match taken {
            Ok(epoch) => Ok(epoch.map(|epoch| Lease {
                room_code: room_code.to_owned(),
                node_id: node_id.to_owned(),
                epoch,
            })),
            Err(error) => match self.lease_of(room_code).await {
                Ok(Some(state)) if state.live && state.lease.node_id == node_id => {
                    Ok(Some(state.lease))
                }
                _ => Err(error),
            },
        }
    }

    /// Extends a lease this node holds by `ttl` from now: `false` when it
    /// is no longer this node's (taken over, so this node must stop running
    /// the room). A lease that expired but was not taken is still ours:
    /// nobody else can have written under another epoch.
    pub async fn renew_lease(&self, lease: &Lease, ttl: Duration) -> Result<bool, sqlx::Error> {
        let Pool::Postgres(pool) = &self.pool else {
            return Err(needs_postgres());
        };
        let renewed = bounded(
            self.timeout,
            sqlx::query(
                "UPDATE room_leases SET expires_at = now() + $4 * interval '1 millisecond'
                 WHERE room_code = $1 AND node_id = $2 AND epoch = $3",
            )
            .bind(&lease.room_code)
            .bind(&lease.node_id)
            .bind(lease.epoch)
            .bind(millis(ttl))
            .execute(pool),
        )
        .await?;
        Ok(renewed.rows_affected() == 1)
    }

    /// Renews, in one statement, the leases this node holds on `rooms`
    /// (a node's renewal round): the `(room, epoch)` pairs still this
    /// node's. A room missing from the answer was taken over, so its actor
    /// must stop. Only the rooms named are renewed: a lease left by an
    /// earlier run under the same node id must expire, not live on.
    pub async fn renew_leases(
        &self,
        node_id: &str,
        rooms: &[String],
        ttl: Duration,
    ) -> Result<Vec<(String, i64)>, sqlx::Error> {
        let Pool::Postgres(pool) = &self.pool else {
            return Err(needs_postgres());
        };
        bounded(
            self.timeout,
            sqlx::query_as::<_, (String, i64)>(
                // The rows are locked in the order of their codes, as a
                // group commit's fence checks lock them: in any other
                // order the two could deadlock (seen under load).
                "WITH mine AS (
                    SELECT room_code FROM room_leases
                    WHERE node_id = $1 AND room_code = ANY($2)
                    ORDER BY room_code FOR UPDATE
                 )
                 UPDATE room_leases l
                    SET expires_at = now() + $3 * interval '1 millisecond'
                   FROM mine WHERE l.room_code = mine.room_code
                 RETURNING l.room_code, l.epoch",
            )
            .bind(node_id)
            .bind(rooms)
            .bind(millis(ttl))
            .fetch_all(pool),
        )
        .await
    }

    /// Gives a lease up (a node handing its rooms over on shutdown): it
    /// expires now, so another node may take it at once; its epoch stays,
    /// so epochs only ever rise. `false` when it was no longer ours.
    pub async fn release_lease(&self, lease: &Lease) -> Result<bool, sqlx::Error> {
        let Pool::Postgres(pool) = &self.pool else {
            return Err(needs_postgres());
        };
        let released = bounded(
            self.timeout,
            sqlx::query(
                "UPDATE room_leases SET expires_at = now() - interval '1 millisecond'
                 WHERE room_code = $1 AND node_id = $2 AND epoch = $3",
            )
            .bind(&lease.room_code)
            .bind(&lease.node_id)
            .bind(lease.epoch)
            .execute(pool),
        )
        .await?;
        Ok(released.rows_affected() == 1)
    }

    /// The room's lease as stored, or `None` when no node ever took it.
    pub async fn lease_of(&self, room_code: &str) -> Result<Option<LeaseState>, sqlx::Error> {
        let Pool::Postgres(pool) = &self.pool else {
            return Err(needs_postgres());
        };
        let row = bounded(
            self.timeout,
            sqlx::query_as::<_, (String, i64, bool)>(
                "SELECT node_id, epoch, expires_at > now() FROM room_leases WHERE room_code = $1",
            )
            .bind(room_code)
            .fetch_optional(pool),
        )
        .await?;
        Ok(row.map(|(node_id, epoch, live)| LeaseState {
            lease: Lease {
                room_code: room_code.to_owned(),
                node_id,
                epoch,
            },
            live,
        }))
    }

    /// Rooms with a game still waiting or playing whose lease is absent or
    /// expired: the rooms no live node runs, for another node to take over.
    pub async fn rooms_without_owner(&self) -> Result<Vec<String>, sqlx::Error> {
        let Pool::Postgres(pool) = &self.pool else {
            return Err(needs_postgres());
        };
        bounded(
            self.timeout,
            sqlx::query_scalar::<_, String>(
                "SELECT DISTINCT g.room_code FROM games g
                 LEFT JOIN room_leases l ON l.room_code = g.room_code
                 WHERE g.status IN ('waiting', 'playing')
                   AND (l.room_code IS NULL OR l.expires_at <= now())
                 ORDER BY g.room_code",
            )
            .fetch_all(pool),
        )
        .await
    }
}

/// The check a fenced write makes in its own transaction, on PostgreSQL:
/// the game's room is still leased to this node at this epoch. `FOR SHARE`
/// holds off a takeover (an `UPDATE` of the row) until the write is done.
pub(super) const FENCE_CHECK: &str =
    "SELECT 1 FROM room_leases l JOIN games g ON g.room_code = l.room_code
     WHERE g.id = $1 AND l.node_id = $2 AND l.epoch = $3 AND l.room_code = $4
     FOR SHARE OF l";

/// The check a fenced write that is not a step makes (a seat taken, a
/// rematch's new game): the room is still leased to this node at this
/// epoch, held with `FOR SHARE` until the write commits.
pub(super) const ROOM_FENCE_CHECK: &str = "SELECT 1 FROM room_leases
     WHERE room_code = $1 AND node_id = $2 AND epoch = $3 FOR SHARE";

/// Runs [`ROOM_FENCE_CHECK`] for `$fence` (an `Option<&Lease>`) on `$conn`
/// inside a write's transaction; a lease that moved on fails the write
/// with [`fenced`].
macro_rules! room_fence {
    ($conn:ident, $fence:expr) => {
        if let Some(fence) = $fence {
            sqlx::query($crate::store::leases::ROOM_FENCE_CHECK)
                .bind(&fence.room_code)
                .bind(&fence.node_id)
                .bind(fence.epoch)
                .fetch_optional(&mut *$conn)
                .await?
                .ok_or_else($crate::store::leases::fenced)?;
        }
    };
}
pub(super) use room_fence;
