//! How often one address may make a guest, sign up and log in, and how
//! often anyone may try one username's password (the `governor` crate's
//! keyed GCRA limiters, kept per node). The numbers, also in
//! `docs/accounts.md`:
//!
//! | what                     | key        | burst | then one every |
//! |--------------------------|------------|-------|----------------|
//! | new guests               | address    | 30    | 6 seconds      |
//! | sign-ups                 | address    | 5     | 2 minutes      |
//! | logins, password changes | address    | 20    | 6 seconds      |
//! | logins, password changes | username   | 10    | 30 seconds     |
//!
//! So a guesser gets at most about 2,900 tries a day at one username,
//! however many addresses they use, while a person who mistypes a few
//! times is never slowed. A class behind one address can start together,
//! while one script cannot fill the players' table faster than 600 rows
//! an hour.

use std::hash::Hash;
use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use super::Accounts;
use crate::error::AppError;
use crate::listener::Peer;

/// A burst size, checked at compile time.
const fn burst(n: u32) -> NonZeroU32 {
    match NonZeroU32::new(n) {
        Some(n) => n,
        None => NonZeroU32::MIN,
    }
}

fn quota(burst_size: u32, every: Duration) -> Quota {
    Quota::with_period(every)
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
        .allow_burst(burst(burst_size))
}

/// Keys kept before the limiters forget those whose buckets are full again.
const FORGET_ABOVE: usize = 10_000;

/// The four limiters; `None` when limits are off (load tests).
#[derive(Debug, Clone)]
pub struct AuthLimits(Option<Arc<Limiters>>);

#[derive(Debug)]
struct Limiters {
    guest_per_address: DefaultKeyedRateLimiter<IpAddr>,
    sign_up_per_address: DefaultKeyedRateLimiter<IpAddr>,
    login_per_address: DefaultKeyedRateLimiter<IpAddr>,
    login_per_username: DefaultKeyedRateLimiter<String>,
    clock: DefaultClock,
}

impl AuthLimits {
    /// The limiters of the table above, or none.
    #[must_use]
    pub fn new(on: bool) -> AuthLimits {
        AuthLimits(on.then(|| {
            Arc::new(Limiters {
                guest_per_address: governor::RateLimiter::keyed(quota(30, Duration::from_secs(6))),
                sign_up_per_address: governor::RateLimiter::keyed(quota(
                    5,
                    Duration::from_secs(120),
                )),
                login_per_address: governor::RateLimiter::keyed(quota(20, Duration::from_secs(6))),
                login_per_username: governor::RateLimiter::keyed(quota(
                    10,
                    Duration::from_secs(30),
                )),
                clock: DefaultClock::default(),
            })
        }))
    }

    /// Counts a new guest (`POST /api/players`) from `address`.
    pub fn new_guest(&self, address: IpAddr) -> Result<(), AppError> {
        match &self.0 {
            Some(limits) => limits.check(&limits.guest_per_address, &address),
            None => Ok(()),
        }
    }

    /// Counts a sign-up from `address`.
    pub fn sign_up(&self, address: IpAddr) -> Result<(), AppError> {
        match &self.0 {
            Some(limits) => limits.check(&limits.sign_up_per_address, &address),
            None => Ok(()),
        }
    }

    /// Counts a password try at `username_key` from `address`.
    pub fn login(&self, address: IpAddr, username_key: &str) -> Result<(), AppError> {
        match &self.0 {
            Some(limits) => {
                limits.check(&limits.login_per_address, &address)?;
                limits.check(&limits.login_per_username, &username_key.to_owned())
            }
            None => Ok(()),
        }
    }
}

impl Limiters {
    fn check<K: Hash + Eq + Clone>(
        &self,
        limiter: &DefaultKeyedRateLimiter<K>,
        key: &K,
    ) -> Result<(), AppError> {
        if limiter.len() > FORGET_ABOVE {
            limiter.retain_recent();
        }
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            AppError::RateLimited(wait.as_secs().max(1))
        })
    }
}

/// Extractor: the client's address, for the per-address limits. The TCP
/// peer, or behind a trusted proxy (`--trust-forwarded-for`) the last
/// address of `X-Forwarded-For`, the one that proxy appended.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress(pub IpAddr);

impl<S> FromRequestParts<S> for ClientAddress
where
    S: Send + Sync,
    Accounts: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let accounts = Accounts::from_ref(state);
        if accounts.trust_forwarded_for {
            let forwarded = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .flat_map(|value| value.split(','))
                .filter_map(|entry| entry.trim().parse::<IpAddr>().ok())
                .next_back();
            if let Some(address) = forwarded {
                return Ok(ClientAddress(address));
            }
        }
        Ok(ClientAddress(
            parts
                .extensions
                .get::<ConnectInfo<Peer>>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.addr.ip()),
        ))
    }
}
