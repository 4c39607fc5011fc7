//! Password hashing: Argon2id with OWASP's parameters (19 MiB of memory,
//! two passes, one lane: the `argon2` crate's defaults), a random 128-bit
//! salt from the OS for each hash, stored as a PHC string that carries its
//! own parameters so they can be raised later without breaking old hashes.
//!
//! A hash takes tens of milliseconds of one core and 19 MiB: it runs on
//! the blocking pool, never on a runtime thread, and at most
//! [`MAX_HASHING`] at once, so a flood of logins queues instead of eating
//! the memory and the cores that live games need.

use std::sync::{Arc, OnceLock};

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use tokio::sync::Semaphore;

use crate::error::AppError;

/// Shortest password, in characters (OWASP's minimum with no other rule).
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password, in characters: long passphrases welcome, but not a
/// megabyte to hash.
pub const MAX_PASSWORD_CHARS: usize = 128;
/// Hashes computed at the same time.
pub const MAX_HASHING: usize = 4;

/// Checks a new password's length; says why it is refused.
pub fn validate_password(password: &str) -> Result<(), &'static str> {
    let count = password.chars().count();
    if count < MIN_PASSWORD_CHARS {
        return Err("the password is shorter than 8 characters");
    }
    if count > MAX_PASSWORD_CHARS {
        return Err("the password is longer than 128 characters");
    }
    Ok(())
}

/// Hashes and verifies passwords off the runtime's threads.
#[derive(Debug, Clone)]
pub struct Passwords {
    permits: Arc<Semaphore>,
}

impl Default for Passwords {
    fn default() -> Self {
        Passwords {
            permits: Arc::new(Semaphore::new(MAX_HASHING)),
        }
    }
}

impl Passwords {
    /// The PHC string of a new password.
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        self.blocking(move || {
            Argon2::default()
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(AppError::internal)
        })
        .await
    }

    /// Whether `password` is the one `stored` was made from. With no stored
    /// hash (no such username) a hash made at start-up is checked instead,
    /// so an unknown username costs the same time as a wrong password.
    pub async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, AppError> {
        self.blocking(move || {
            let stored = match stored {
                Some(stored) => stored,
                None => stand_in_hash()?.to_owned(),
            };
            let parsed = PasswordHash::new(&stored).map_err(AppError::internal)?;
            Ok(Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
        })
        .await
    }

    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, AppError> {
        let _permit = self.permits.acquire().await.map_err(AppError::internal)?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(AppError::internal)?
    }
}

/// The hash an unknown username's login is checked against: of a random
/// password, with the same parameters as every real one.
fn stand_in_hash() -> Result<&'static str, AppError> {
    static STAND_IN: OnceLock<String> = OnceLock::new();
    if let Some(hash) = STAND_IN.get() {
        return Ok(hash);
    }
    let secret = crate::random::os_random_base64url::<32>().map_err(AppError::internal)?;
    let hash = Argon2::default()
        .hash_password(secret.as_bytes())
        .map_err(AppError::internal)?
        .to_string();
    Ok(STAND_IN.get_or_init(|| hash))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_carry_their_parameters() {
        let passwords = Passwords::default();
        let hash = passwords.hash("correct horse".to_owned()).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        let again = passwords.hash("correct horse".to_owned()).await.unwrap();
        assert_ne!(hash, again, "each hash has its own salt");
        assert!(
            passwords
                .verify("correct horse".to_owned(), Some(hash.clone()))
                .await
                .unwrap()
        );
        assert!(
            !passwords
                .verify("correct horsf".to_owned(), Some(hash))
                .await
                .unwrap()
        );
        assert!(
            !passwords
                .verify("correct horse".to_owned(), None)
                .await
                .unwrap()
        );
    }

    #[test]
    fn lengths() {
        assert!(validate_password("1234567").is_err());
        assert!(validate_password("12345678").is_ok());
        assert!(validate_password("ñandú-ñandú").is_ok());
        assert!(validate_password(&"x".repeat(129)).is_err());
    }
}
