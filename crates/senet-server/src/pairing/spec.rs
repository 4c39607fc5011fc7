//! A seek's request: which pool, checked.

use senet_engine::RuleSetId;
use serde::Deserialize;

use crate::clock::TimeControl;
use crate::players::Identity;
use crate::ratings::Pool;
use crate::store::SeekPool;

/// What a seeker sends: `{"type":"seek", "rule_set", "seats",
/// "time_control", "rated"}`, or `{"type":"cancel"}`.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub(super) enum SeekMessage {
    /// Join a pool.
    Seek {
        #[serde(default)]
        rule_set: Option<String>,
        #[serde(default)]
        seats: Option<u8>,
        #[serde(default)]
        time_control: Option<serde_json::Value>,
        #[serde(default)]
        rated: bool,
    },
    /// Leave it.
    Cancel,
}

/// A checked seek.
#[derive(Debug, Clone)]
pub(super) struct Seek {
    pub rule_set: RuleSetId,
    pub seats: u8,
    pub time_control: TimeControl,
    pub rated: bool,
}

/// Why a seek is refused: a code and a sentence.
pub(super) type Refused = (&'static str, String);

impl Seek {
    /// Checks a seek message's fields for `player`.
    pub(super) fn check(
        player: &Identity,
        rule_set: Option<&str>,
        seats: Option<u8>,
        time_control: Option<&serde_json::Value>,
        rated: bool,
    ) -> Result<Seek, Refused> {
        let rule_set = match rule_set {
            None => RuleSetId::default(),
            Some(name) => name
                .parse::<RuleSetId>()
                .map_err(|e| ("unknown_rule_set", e.to_string()))?,
        };
        let (min, max) = rule_set.seat_range();
        let seats = seats.unwrap_or(min);
        if seats < min || seats > max {
            return Err((
                "bad_seats",
                format!("`{rule_set}` seats {min} to {max} players, not {seats}"),
            ));
        }
        let time_control = TimeControl::from_request(time_control)
            .map_err(|message| ("bad_time_control", message))?;
        if rated && !player.account {
            return Err((
                "rated_needs_account",
                "only players with an account can play rated games: sign up first".to_owned(),
            ));
        }
        if rated && time_control == TimeControl::None {
            return Err((
                "rated_needs_clock",
                "a rated game needs a time control".to_owned(),
            ));
        }
        Ok(Seek {
            rule_set,
            seats,
            time_control,
            rated,
        })
    }

    /// The pool's stored key.
    pub(super) fn pool(&self) -> SeekPool {
        SeekPool {
            rule_set: self.rule_set.as_str().to_owned(),
            seats: i16::from(self.seats),
            time_control: self.time_control.stored().unwrap_or_default(),
            rated: self.rated,
        }
    }

    /// The rating pool its games count in.
    pub(super) fn rating_pool(&self) -> Pool {
        Pool::of(self.rule_set, usize::from(self.seats))
    }
}
