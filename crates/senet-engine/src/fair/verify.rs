//! Checking a finished game's chance against its revealed seed: what a
//! record's tags must carry (`docs/fairness.md`), and the check of one
//! step. Reading a record and replaying it stay with the record types; this
//! only says whether a chance step is the one the seeds give.

use core::fmt;

use super::{SEED_BYTES, Seeds, commitment, from_hex, roll};
use crate::model::{Next, Roll, Seat, Step};

/// The tag naming the scheme (`[Fairness "senet-fair-v1"]`).
pub const TAG_SCHEME: &str = "Fairness";
/// The scheme this engine derives chance with.
pub const SCHEME: &str = "senet-fair-v1";
/// The tag of the game's id (a UUID, as text).
pub const TAG_GAME_ID: &str = "GameId";
/// The tag of the commitment shown before the first chance step.
pub const TAG_COMMITMENT: &str = "Commitment";
/// The tag of the server seed, revealed once the game is over.
pub const TAG_SERVER_SEED: &str = "ServerSeed";

/// The tag of seat `seat`'s client seed (`ClientSeed0`, `ClientSeed1`, …).
#[must_use]
pub fn client_seed_tag(seat: Seat) -> String {
    format!("ClientSeed{seat}")
}

/// Why a record's chance cannot be checked at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UncheckableError {
    /// No `Fairness` tag: a game from before the scheme, whose throws came
    /// straight from the server's random number generator.
    NoScheme,
    /// A scheme this engine does not know.
    UnknownScheme(String),
    /// No `ServerSeed` tag: the game is not over, so its seed is secret.
    NotRevealed,
    /// A tag is missing or malformed.
    BadTag {
        /// The tag.
        tag: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The revealed seed is not the one committed to.
    CommitmentMismatch {
        /// The commitment the record shows.
        shown: String,
        /// SHA-256 of the revealed seed.
        of_seed: String,
    },
}

impl fmt::Display for UncheckableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UncheckableError::NoScheme => write!(
                f,
                "the record has no `{TAG_SCHEME}` tag: a game from before provably fair chance"
            ),
            UncheckableError::UnknownScheme(scheme) => {
                write!(
                    f,
                    "unknown fairness scheme `{scheme}` (this tool knows `{SCHEME}`)"
                )
            }
            UncheckableError::NotRevealed => write!(
                f,
                "the record has no `{TAG_SERVER_SEED}` tag: the seed is revealed only when the game is over"
            ),
            UncheckableError::BadTag { tag, reason } => write!(f, "tag `{tag}`: {reason}"),
            UncheckableError::CommitmentMismatch { shown, of_seed } => write!(
                f,
                "the revealed seed does not match the commitment: SHA-256 of the seed is {of_seed}, the commitment shown was {shown}"
            ),
        }
    }
}

impl std::error::Error for UncheckableError {}

/// A finished game's revealed seeds, read from its record's tags and
/// checked against the commitment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revealed {
    server: [u8; SEED_BYTES],
    game_id: [u8; 16],
    clients: Vec<String>,
    commitment: String,
}

impl Revealed {
    /// Reads the fairness tags of a record of `seats` seats. Seats without a
    /// `ClientSeed` tag gave the empty seed.
    pub fn from_tags(tags: &[(String, String)], seats: u8) -> Result<Revealed, UncheckableError> {
        let tag = |name: &str| {
            tags.iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        };
        let bad = |tag: &str, reason: &str| UncheckableError::BadTag {
            tag: tag.to_owned(),
            reason: reason.to_owned(),
        };
        match tag(TAG_SCHEME) {
            None => return Err(UncheckableError::NoScheme),
            Some(SCHEME) => {}
            Some(other) => return Err(UncheckableError::UnknownScheme(other.to_owned())),
        }
        let seed = tag(TAG_SERVER_SEED).ok_or(UncheckableError::NotRevealed)?;
        let server: [u8; SEED_BYTES] = from_hex(seed)
            .and_then(|bytes| bytes.try_into().ok())
            .ok_or_else(|| bad(TAG_SERVER_SEED, "not 64 hexadecimal digits"))?;
        let shown = tag(TAG_COMMITMENT).ok_or_else(|| bad(TAG_COMMITMENT, "missing"))?;
        let of_seed = commitment(&server);
        if !of_seed.eq_ignore_ascii_case(shown) {
            return Err(UncheckableError::CommitmentMismatch {
                shown: shown.to_owned(),
                of_seed,
            });
        }
        let id = tag(TAG_GAME_ID).ok_or_else(|| bad(TAG_GAME_ID, "missing"))?;
        let game_id: [u8; 16] = from_hex(&id.replace('-', ""))
            .and_then(|bytes| bytes.try_into().ok())
            .ok_or_else(|| bad(TAG_GAME_ID, "not a UUID"))?;
        let clients = (0..seats)
            .filter_map(Seat::new)
            .map(|seat| tag(&client_seed_tag(seat)).unwrap_or("").to_owned())
            .collect();
        Ok(Revealed {
            server,
            game_id,
            clients,
            commitment: of_seed,
        })
    }

    /// The seeds every outcome is derived from.
    #[must_use]
    pub fn seeds(&self) -> Seeds<'_> {
        Seeds {
            server: &self.server,
            game_id: &self.game_id,
            clients: &self.clients,
        }
    }

    /// The commitment the revealed seed matches.
    #[must_use]
    pub fn commitment(&self) -> &str {
        &self.commitment
    }

    /// The outcome the seeds give for the chance step numbered `step_no`
    /// when the game asks `next`; `None` when `next` asks for no chance.
    #[must_use]
    pub fn expected(&self, step_no: u32, next: &Next) -> Option<Roll> {
        match next {
            Next::Chance(kind) => Some(roll(*kind, self.seeds(), step_no)),
            _ => None,
        }
    }

    /// Checks step number `step_no` (from 1, as stored), played where the
    /// game asks `next`: a chance step must be the outcome the seeds give.
    /// `Ok(true)` for a chance step that matches, `Ok(false)` for a
    /// decision (nothing to check), an error saying what the seeds give.
    pub fn check(&self, step_no: u32, next: &Next, step: &Step) -> Result<bool, String> {
        let Step::Chance { roll: shown } = step else {
            return Ok(false);
        };
        match self.expected(step_no, next) {
            Some(expected) if expected == *shown => Ok(true),
            Some(expected) => Err(format!(
                "the record shows `{shown}`, but the seeds give `{expected}`"
            )),
            None => Err("the rules ask for no chance here".to_owned()),
        }
    }
}
