//! Provably fair chance (`docs/fairness.md`): every chance outcome of a
//! game is a function of a secret server seed, committed to before the
//! game starts and revealed when it ends, of the players' own seeds, and of
//! the step's number. Anyone holding the record can recompute every throw.
//!
//! The outcome of step `n` is read from the bytes of HMAC-SHA256 blocks
//! keyed by the server seed over
//! `"senet-fair-v1" ‖ game id (16 bytes) ‖ n (u32, big-endian) ‖ block (u32,
//! big-endian) ‖ for each seat's client seed: its length (u32, big-endian)
//! and its UTF-8 bytes`, block 0 first, byte by byte:
//! - sticks: one byte; stick `i` (0 to 3) is light side up when bit `i` is set;
//! - a die: one byte `b`, skipped when `b ≥ 252`; the die shows `b mod 6 + 1`;
//! - two dice: a die, then another;
//! - a lot among `k` seats: one byte `b`, skipped when `b ≥ 256 − 256 mod k`;
//!   the lot falls on seat `b mod k`.
//!
//! Skipping (rejection) keeps every outcome exactly as likely as the rules
//! say; a block has 32 bytes, and the next block follows when they run out.

mod verify;

pub use verify::{
    Revealed, SCHEME, TAG_COMMITMENT, TAG_GAME_ID, TAG_SCHEME, TAG_SERVER_SEED, UncheckableError,
    client_seed_tag,
};

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use crate::model::{ChanceKind, Pip, Roll, Seat};
use crate::sticks::Sticks;

/// The length of a server seed.
pub const SEED_BYTES: usize = 32;

/// What a game's chance is derived from.
#[derive(Debug, Clone, Copy)]
pub struct Seeds<'a> {
    /// The server's secret seed.
    pub server: &'a [u8; SEED_BYTES],
    /// The game's id (a UUID's 16 bytes).
    pub game_id: &'a [u8; 16],
    /// Each seat's client seed, by seat number (empty when a seat gave none).
    pub clients: &'a [String],
}

/// The SHA-256 commitment to a server seed, as lowercase hex: what players
/// see before the first chance step.
#[must_use]
pub fn commitment(server: &[u8; SEED_BYTES]) -> String {
    hex(&Sha256::digest(server))
}

/// Lowercase hex of bytes.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Bytes from lowercase or uppercase hex, if it is hex of an even length.
#[must_use]
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
        })
        .collect()
}

/// The byte stream of one step.
struct Stream<'a> {
    seeds: Seeds<'a>,
    step_no: u32,
    block: u32,
    bytes: [u8; 32],
    used: usize,
}

impl Stream<'_> {
    fn new(seeds: Seeds<'_>, step_no: u32) -> Stream<'_> {
        let mut stream = Stream {
            seeds,
            step_no,
            block: 0,
            bytes: [0; 32],
            used: 0,
        };
        stream.bytes = stream.block_bytes();
        stream
    }

    fn block_bytes(&self) -> [u8; 32] {
        // A key of any length is accepted by HMAC: this cannot fail.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(self.seeds.server) else {
            return [0; 32];
        };
        mac.update(b"senet-fair-v1");
        mac.update(self.seeds.game_id);
        mac.update(&self.step_no.to_be_bytes());
        mac.update(&self.block.to_be_bytes());
        for seed in self.seeds.clients {
            let len = u32::try_from(seed.len()).unwrap_or(u32::MAX);
            mac.update(&len.to_be_bytes());
            mac.update(seed.as_bytes());
        }
        mac.finalize().into_bytes().into()
    }

    fn byte(&mut self) -> u8 {
        if self.used == self.bytes.len() {
            self.block = self.block.wrapping_add(1);
            self.bytes = self.block_bytes();
            self.used = 0;
        }
        let byte = self.bytes[self.used];
        self.used += 1;
        byte
    }

    /// A byte below `limit`, skipping the others.
    fn below(&mut self, limit: u16) -> u8 {
        loop {
            let byte = self.byte();
            if u16::from(byte) < limit {
                return byte;
            }
        }
    }

    fn pip(&mut self) -> Pip {
        let byte = self.below(252);
        Pip::new(byte % 6 + 1).unwrap_or(Pip::ONE)
    }
}

/// The outcome of chance step number `step_no` (1 for a game's first
/// step) of kind `kind`.
#[must_use]
pub fn roll(kind: ChanceKind, seeds: Seeds<'_>, step_no: u32) -> Roll {
    let mut stream = Stream::new(seeds, step_no);
    match kind {
        ChanceKind::Sticks => {
            let bits = stream.byte();
            Roll::Sticks {
                sticks: Sticks::from_lights([
                    bits & 1 != 0,
                    bits & 2 != 0,
                    bits & 4 != 0,
                    bits & 8 != 0,
                ]),
            }
        }
        ChanceKind::Die => Roll::Die { pip: stream.pip() },
        ChanceKind::TwoDice => {
            let first = stream.pip();
            let second = stream.pip();
            Roll::Dice { first, second }
        }
        ChanceKind::Lot { seats } => {
            let seats = seats.max(1);
            let limit = 256 - 256 % u16::from(seats);
            let byte = stream.below(limit);
            Roll::Lot {
                seat: Seat::new(byte % seats).unwrap_or(Seat::FIRST),
            }
        }
    }
}
