//! Which server node each room is created on and which node each of its
//! players connects to, when the run is given several URLs (the nodes of
//! one site, `docs/multi-node.md`).
//!
//! The node that creates a room (`POST /api/rooms`) owns it first, so the
//! tool knows the owner without asking: room `i` of `n` nodes is created on
//! node `i mod n` (the rooms, and so the owners, are spread evenly).

use clap::ValueEnum;
use serde::Serialize;

/// Where the players of a room connect, relative to the node that owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// Both players on the owning node: no relaying.
    Direct,
    /// Both players on the next node, which relays every action and event
    /// to and from the owner over NATS (needs two URLs or more).
    Relayed,
    /// The players' sockets spread round-robin over the nodes whatever the
    /// owner, as a round-robin proxy spreads them: with three nodes, two
    /// sockets in three are relayed.
    Spread,
}

/// The nodes of one room: where it is created, and each player's socket
/// (indexes into the run's URLs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nodes {
    /// The node the room is created on (its first owner).
    pub home: usize,
    /// The node each player's socket connects to.
    pub sockets: [usize; 2],
}

impl Placement {
    /// The nodes of room `index` among `nodes` nodes (at least one; a
    /// relayed placement needs two, which the options check).
    #[must_use]
    pub fn nodes(self, index: u64, nodes: usize) -> Nodes {
        let n = nodes.max(1) as u64;
        // Below `nodes`, so the conversions back cannot truncate.
        let at = |i: u64| usize::try_from(i % n).unwrap_or(0);
        let home = at(index);
        let sockets = match self {
            Placement::Direct => [home, home],
            Placement::Relayed => [at(index + 1), at(index + 1)],
            Placement::Spread => [at(2 * index), at(2 * index + 1)],
        };
        Nodes { home, sockets }
    }

    /// Why this placement cannot run on `nodes` nodes, if it cannot.
    pub fn check(self, nodes: usize) -> Result<(), String> {
        if self == Placement::Relayed && nodes < 2 {
            return Err(
                "--placement relayed needs two --url nodes or more (a node other than the owner)"
                    .to_owned(),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_players_are_on_the_owner() {
        for index in 0..9 {
            let nodes = Placement::Direct.nodes(index, 3);
            assert_eq!(nodes.sockets, [nodes.home, nodes.home]);
        }
        assert_eq!(Placement::Direct.nodes(4, 3).home, 1);
        assert_eq!(Placement::Direct.nodes(4, 1).home, 0);
    }

    #[test]
    fn relayed_players_are_never_on_the_owner() {
        for nodes in 2..5 {
            let mut homes = vec![0; nodes];
            for index in 0..(nodes as u64 * 4) {
                let room = Placement::Relayed.nodes(index, nodes);
                assert!(room.sockets.iter().all(|&s| s != room.home && s < nodes));
                homes[room.home] += 1;
            }
            // The owners are spread evenly.
            assert!(homes.iter().all(|&count| count == 4), "{homes:?}");
        }
        assert!(Placement::Relayed.check(1).is_err());
        assert!(Placement::Relayed.check(2).is_ok());
    }

    #[test]
    fn spread_sockets_take_every_node_in_turn() {
        let mut sockets = [0; 3];
        let mut relayed = 0;
        for index in 0..30 {
            let room = Placement::Spread.nodes(index, 3);
            for socket in room.sockets {
                sockets[socket] += 1;
                relayed += usize::from(socket != room.home);
            }
        }
        assert_eq!(sockets, [20, 20, 20]);
        // Two sockets in three are on a node that does not own the room.
        assert_eq!(relayed, 40);
    }
}
