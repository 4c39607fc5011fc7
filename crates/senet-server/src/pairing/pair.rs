//! Making a pair. Every seeker of a pool groups the pool's waiting seeks
//! the same way: oldest first, each into the first group with room for it
//! whose members its rating suits ([`compatible`]). A group is claimed by
//! its newest member only, so seekers reading the same pool never race
//! for the same seeks; the claim happens in the room's own transaction,
//! so even when they do (each read a different moment), one wins and the
//! other stores nothing and reads again.

use std::time::Duration;

use chrono::{DateTime, Utc};
use rand::seq::SliceRandom;
use uuid::Uuid;

use super::spec::Seek;
use super::{fresh_for, rating_range};
use crate::error::AppError;
use crate::rooms::Rooms;
use crate::rooms::open::{RoomPlan, open_room};
use crate::rooms::slot::{Holder, SeatSlot};
use crate::store::{SeekRow, Store};
use crate::table::Table;

/// The waiting seeks read at most per try, oldest first: a seeker further
/// back waits for those ahead of it to be paired.
const WINDOW: i64 = 1000;

/// Whether two waiting seeks' ratings are close enough: within the wider
/// of their two ranges, each widening with its own wait.
fn compatible(a: &SeekRow, b: &SeekRow, now: DateTime<Utc>) -> bool {
    let waited = |row: &SeekRow| (now - row.created_at).to_std().unwrap_or(Duration::ZERO);
    let range = rating_range(waited(a)).max(rating_range(waited(b)));
    (a.rating - b.rating).abs() <= range
}

/// Groups a pool's seeks (oldest first) into tables of `seats`.
fn groups(seeks: &[SeekRow], seats: usize, rated: bool, now: DateTime<Utc>) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (index, seek) in seeks.iter().enumerate() {
        let fits = |group: &&mut Vec<usize>| {
            group.len() < seats
                && (!rated
                    || group
                        .iter()
                        .all(|&other| compatible(seek, &seeks[other], now)))
        };
        match groups.iter_mut().find(|group| fits(group)) {
            Some(group) => group.push(index),
            None => groups.push(vec![index]),
        }
    }
    groups
}

/// Tries to pair `me` (a waiting seek of `seek`'s pool): when its group is
/// full and it is the group's newest, opens the room. `Ok(Some(code))`:
/// the room is made and running; `Ok(None)`: not now.
pub(super) async fn try_pair(
    store: &Store,
    rooms: &Rooms,
    seek: &Seek,
    me: &SeekRow,
) -> Result<Option<String>, AppError> {
    let now = Utc::now();
    let seeks = store
        .pool_seeks(&seek.pool(), now - fresh_for(), WINDOW)
        .await?;
    let seats = usize::from(seek.seats);
    let Some(group) = groups(&seeks, seats, seek.rated, now)
        .into_iter()
        .find(|group| group.iter().any(|&index| seeks[index].id == me.id))
    else {
        return Ok(None);
    };
    let newest = group.last().map(|&index| seeks[index].id);
    if group.len() < seats || newest != Some(me.id) {
        return Ok(None);
    }
    let members: Vec<&SeekRow> = group.iter().map(|&index| &seeks[index]).collect();
    let mut players: Vec<Uuid> = members.iter().map(|row| row.player_id).collect();
    // Who sits first is chance's, not the queue's.
    players.shuffle(&mut rand::rng());
    let mut slots = Vec::with_capacity(players.len());
    for player in &players {
        let Some(row) = store.player(*player).await? else {
            return Ok(None);
        };
        slots.push(SeatSlot::held(
            Some(Holder::new(*player, row.display_name)),
            false,
        ));
    }
    let table = Table::new(seek.rule_set, seek.seats).map_err(AppError::internal)?;
    let plan = RoomPlan {
        rule_set: seek.rule_set,
        table,
        slots,
        public: true,
        rated: seek.rated,
        time_control: seek.time_control,
        chat: true,
        creator: me.player_id,
    };
    let claimed: Vec<Uuid> = members.iter().map(|row| row.id).collect();
    let opened = open_room(rooms, store, plan, &claimed).await?;
    if let Some(opened) = &opened {
        tracing::info!(room = %opened.code, players = players.len(), rated = seek.rated, "pair made");
    }
    Ok(opened.map(|opened| opened.code))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rating: f64, seconds_ago: i64, now: DateTime<Utc>) -> SeekRow {
        SeekRow {
            id: Uuid::new_v4(),
            player_id: Uuid::new_v4(),
            rating,
            created_at: now - chrono::Duration::seconds(seconds_ago),
            room_code: None,
        }
    }

    #[test]
    fn casual_pools_group_in_order() {
        let now = Utc::now();
        let seeks: Vec<SeekRow> = (0..7).map(|n| row(1500.0, 10 - n, now)).collect();
        assert_eq!(
            groups(&seeks, 2, false, now),
            [vec![0, 1], vec![2, 3], vec![4, 5], vec![6]]
        );
        assert_eq!(
            groups(&seeks, 3, false, now),
            [vec![0, 1, 2], vec![3, 4, 5], vec![6]]
        );
    }

    #[test]
    fn rated_pools_group_by_range() {
        let now = Utc::now();
        // 0 and 1 are 300 apart, both just arrived; 2 suits 0.
        let seeks = [
            row(1500.0, 0, now),
            row(1800.0, 0, now),
            row(1550.0, 0, now),
        ];
        assert_eq!(groups(&seeks, 2, true, now), [vec![0, 2], vec![1]]);
        // After four seconds of waiting the range is 300.
        let seeks = [row(1500.0, 4, now), row(1800.0, 4, now)];
        assert_eq!(groups(&seeks, 2, true, now), [vec![0, 1]]);
    }
}
