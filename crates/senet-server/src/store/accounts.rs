//! Accounts (a username and a password hash for a player) and the login
//! sessions' token hashes.

use chrono::Utc;
use uuid::Uuid;

use super::{Pool, Store, WriteError};

/// An account as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountRow {
    /// The player it belongs to.
    pub player_id: Uuid,
    /// The username as written.
    pub username: String,
    /// The player's display name.
    pub display_name: String,
    /// Argon2id, PHC string.
    pub password_hash: String,
}

/// A new account for an existing player.
#[derive(Debug, Clone, Copy)]
pub struct NewAccount<'a> {
    /// The player who signs up.
    pub player_id: Uuid,
    /// The username as written.
    pub username: &'a str,
    /// Its confusable key.
    pub username_key: &'a str,
    /// Argon2id, PHC string.
    pub password_hash: &'a str,
}

/// What became of a sign-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignUp {
    /// The account is stored.
    Created,
    /// Another account has this username (or one that looks like it).
    UsernameTaken,
    /// The player has an account already.
    AlreadyAccount,
}

/// How a token's secret matched a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// The token the player was made with (`players.token_hash`).
    First,
    /// A login session (`sessions`).
    Session,
}

impl Store {
    /// Makes an existing player an account. Refusals are answers, not
    /// errors; an unknown outcome is read back.
    pub async fn create_account(&self, account: &NewAccount<'_>) -> Result<SignUp, WriteError> {
        let now = Utc::now();
        let written = in_transaction!(self, conn => async {
            let inserted = sqlx::query(
                "INSERT INTO accounts (player_id, username, username_key, password_hash, created_at)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            )
            .bind(account.player_id)
            .bind(account.username)
            .bind(account.username_key)
            .bind(account.password_hash)
            .bind(now)
            .execute(&mut *conn)
            .await?
            .rows_affected();
            if inserted == 1 {
                return Ok::<_, sqlx::Error>(SignUp::Created);
            }
            let has_one: Option<i32> =
                sqlx::query_scalar("SELECT 1 FROM accounts WHERE player_id = $1")
                    .bind(account.player_id)
                    .fetch_optional(&mut *conn)
                    .await?;
            Ok(if has_one.is_some() {
                SignUp::AlreadyAccount
            } else {
                SignUp::UsernameTaken
            })
        }
        .await);
        match written {
            Err(error) if error.is_unknown() => {
                // The commit's answer was lost: whether the account is ours
                // is in the database, not in a guess.
                match self.account_of(account.player_id).await {
                    Ok(Some(row)) if row.username == account.username => Ok(SignUp::Created),
                    Ok(Some(_)) => Ok(SignUp::AlreadyAccount),
                    Ok(None) => Err(WriteError::NotCommitted(error.into())),
                    Err(_) => Err(error),
                }
            }
            other => other,
        }
    }

    /// The account with this username key.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<AccountRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT a.player_id, a.username, p.display_name, a.password_hash
             FROM accounts a JOIN players p ON p.id = a.player_id WHERE a.username_key = $1",
        )
        .bind(key)
        .fetch_optional(pool)
        .await)
    }

    /// The account of a player, if it has one.
    pub async fn account_of(&self, player_id: Uuid) -> Result<Option<AccountRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT a.player_id, a.username, p.display_name, a.password_hash
             FROM accounts a JOIN players p ON p.id = a.player_id WHERE a.player_id = $1",
        )
        .bind(player_id)
        .fetch_optional(pool)
        .await)
    }

    /// Which of a player's credentials has this secret hash, if any: the
    /// player's display name, their first token's hash, whether a session
    /// has this hash, and whether they have an account. The first token is compared by the
    /// caller in constant time; a session is found by its hash, the SHA-256
    /// of 256 random bits, which no timing can lead anyone to.
    pub async fn credential(
        &self,
        player_id: Uuid,
        secret_hash: &[u8],
    ) -> Result<Option<(String, Vec<u8>, bool, bool)>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT p.display_name, p.token_hash,
                    EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = $2 AND s.player_id = p.id),
                    EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = p.id)
             FROM players p WHERE p.id = $1",
        )
        .bind(player_id)
        .bind(secret_hash)
        .fetch_optional(pool)
        .await)
    }

    /// The secret hashes of a player's live credentials: their first
    /// token's and every session's.
    pub async fn live_credentials(&self, player_id: Uuid) -> Result<Vec<Vec<u8>>, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar(
            "SELECT token_hash FROM players WHERE id = $1
             UNION ALL SELECT token_hash FROM sessions WHERE player_id = $1",
        )
        .bind(player_id)
        .fetch_all(pool)
        .await)
    }

    /// Stores a login session's token hash.
    pub async fn add_session(&self, player_id: Uuid, token_hash: &[u8]) -> Result<(), WriteError> {
        let now = Utc::now();
        in_transaction!(self, conn => sqlx::query(
            "INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(token_hash)
        .bind(player_id)
        .bind(now)
        .execute(&mut *conn)
        .await
        .map(|_| ()))
    }

    /// Ends one credential of a player: a session is deleted; the first
    /// token is replaced by the hash of a secret nobody was given.
    pub async fn revoke(
        &self,
        player_id: Uuid,
        credential: Credential,
        secret_hash: &[u8],
        unusable_hash: &[u8],
    ) -> Result<(), WriteError> {
        in_transaction!(self, conn => async {
            match credential {
                Credential::Session => {
                    sqlx::query("DELETE FROM sessions WHERE token_hash = $1 AND player_id = $2")
                        .bind(secret_hash)
                        .bind(player_id)
                        .execute(&mut *conn)
                        .await?;
                }
                Credential::First => {
                    sqlx::query("UPDATE players SET token_hash = $2 WHERE id = $1")
                        .bind(player_id)
                        .bind(unusable_hash)
                        .execute(&mut *conn)
                        .await?;
                }
            }
            Ok::<_, sqlx::Error>(())
        }
        .await)
    }

    /// Ends every credential of a player but `keep` (the one in use, when
    /// the password changes; `None` logs out everywhere), and stores a new
    /// password hash if one is given, all in one transaction.
    pub async fn revoke_all(
        &self,
        player_id: Uuid,
        keep: Option<(Credential, &[u8])>,
        unusable_hash: &[u8],
        new_password_hash: Option<&str>,
    ) -> Result<(), WriteError> {
        let kept_session = match keep {
            Some((Credential::Session, hash)) => Some(hash.to_vec()),
            _ => None,
        };
        let keep_first = matches!(keep, Some((Credential::First, _)));
        in_transaction!(self, conn => async {
            sqlx::query(
                "DELETE FROM sessions WHERE player_id = $1 AND ($2 IS NULL OR token_hash <> $2)",
            )
            .bind(player_id)
            .bind(kept_session.as_deref())
            .execute(&mut *conn)
            .await?;
            if !keep_first {
                sqlx::query("UPDATE players SET token_hash = $2 WHERE id = $1")
                    .bind(player_id)
                    .bind(unusable_hash)
                    .execute(&mut *conn)
                    .await?;
            }
            if let Some(hash) = new_password_hash {
                sqlx::query("UPDATE accounts SET password_hash = $2 WHERE player_id = $1")
                    .bind(player_id)
                    .bind(hash)
                    .execute(&mut *conn)
                    .await?;
            }
            Ok::<_, sqlx::Error>(())
        }
        .await)
    }
}
