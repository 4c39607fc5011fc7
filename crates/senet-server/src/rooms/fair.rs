//! A game's provably fair chance (`docs/fairness.md`): the secret server
//! seed, drawn from the OS when the game is created and revealed only once
//! it is over, and its commitment, shown from the start. Every chance
//! outcome is derived from it, the game id, the seats' client seeds and the
//! step number, so a throw shown once can never come out differently, even
//! after a crash, and every player can check every throw afterwards.

use senet_engine::fair::{self, SEED_BYTES, Seeds};
use senet_engine::{ChanceKind, Roll};
use uuid::Uuid;

use crate::ws::protocol::v2::FairnessInfo;

/// The longest client seed accepted, in bytes.
pub const MAX_CLIENT_SEED: usize = 64;

/// A game's server seed and its commitment.
#[derive(Clone)]
pub struct Fairness {
    seed: [u8; SEED_BYTES],
    commitment: String,
}

impl std::fmt::Debug for Fairness {
    /// Never the seed: it is secret until the game is over.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fairness")
            .field("commitment", &self.commitment)
            .finish_non_exhaustive()
    }
}

impl Fairness {
    /// A new seed from the OS.
    pub fn new() -> Result<Fairness, rand::rngs::SysError> {
        let seed = crate::random::os_random_bytes::<SEED_BYTES>()?;
        Ok(Fairness {
            commitment: fair::commitment(&seed),
            seed,
        })
    }

    /// The stored seed, checked against its stored commitment.
    pub fn stored(seed: &[u8], commitment: &str) -> Result<Fairness, String> {
        let seed: [u8; SEED_BYTES] = seed
            .try_into()
            .map_err(|_| format!("a server seed has {SEED_BYTES} bytes, not {}", seed.len()))?;
        if fair::commitment(&seed) != commitment {
            return Err("the stored server seed does not match its commitment".to_owned());
        }
        Ok(Fairness {
            seed,
            commitment: commitment.to_owned(),
        })
    }

    /// The seed's bytes, to store.
    pub fn seed(&self) -> &[u8] {
        &self.seed
    }

    /// The commitment (SHA-256 of the seed, hex).
    pub fn commitment(&self) -> &str {
        &self.commitment
    }

    /// The outcome of chance step `step_no` (from 1) of game `game_id`.
    pub fn roll(
        &self,
        kind: ChanceKind,
        game_id: Uuid,
        clients: &[String],
        step_no: usize,
    ) -> Roll {
        let seeds = Seeds {
            server: &self.seed,
            game_id: game_id.as_bytes(),
            clients,
        };
        fair::roll(kind, seeds, u32::try_from(step_no).unwrap_or(u32::MAX))
    }

    /// What players are told: the commitment and the client seeds, and the
    /// seed itself once the game is over (`finished`), never before.
    pub fn info(&self, clients: &[String], finished: bool) -> FairnessInfo {
        FairnessInfo {
            commitment: self.commitment.clone(),
            client_seeds: clients.to_vec(),
            server_seed: finished.then(|| fair::hex(&self.seed)),
        }
    }
}

/// A client seed as given (a query parameter or a request field), checked:
/// at most [`MAX_CLIENT_SEED`] bytes of printable characters.
pub fn client_seed(given: Option<&str>) -> Result<String, String> {
    let seed = given.unwrap_or("");
    if seed.len() > MAX_CLIENT_SEED {
        return Err(format!("a client seed has at most {MAX_CLIENT_SEED} bytes"));
    }
    if seed.chars().any(char::is_control) {
        return Err("a client seed has no control characters".to_owned());
    }
    Ok(seed.to_owned())
}
