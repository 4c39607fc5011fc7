//! Username rules: what an account is known by on profiles, leaderboards
//! and at login.
//!
//! A username is 3 to 20 characters of letters, digits, `-` and `_`, after
//! Unicode NFKC normalisation, with the display names' checks against
//! impersonation ([`super::name`]): every letter from one script, no
//! invisible character. Two usernames that differ only in case or in
//! look-alike letters (`Bob`, `B0b`, `bоb` with a Cyrillic `о`) are the same
//! account's: uniqueness and login go by the [`UsernameKey`], the UTS #39
//! confusable skeleton of the case-folded name. Names that would pass for
//! the site or its computer players are reserved.

use unicode_normalization::UnicodeNormalization;
use unicode_security::MixedScript;

/// Shortest username, in characters.
pub const MIN_USERNAME_CHARS: usize = 3;
/// Longest username, in characters.
pub const MAX_USERNAME_CHARS: usize = 20;

/// Names nobody may take, nor anything that looks like them: they would
/// pass for the site, its staff or its computer players.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "beginner",
    "computer",
    "expert",
    "guest",
    "help",
    "intermediate",
    "mod",
    "moderator",
    "null",
    "official",
    "root",
    "senet",
    "senet-online",
    "staff",
    "support",
    "system",
    "undefined",
];

/// A checked username: the form to store and show, and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username {
    /// As written, NFKC-normalised.
    pub name: String,
    /// What uniqueness and login go by.
    pub key: UsernameKey,
}

/// The confusable skeleton of a case-folded username: equal for names
/// that differ only in case or look-alike letters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsernameKey(pub String);

impl UsernameKey {
    /// The key of any text, checked or not: a login looks a username up
    /// by what the person typed, however they spelled its case.
    #[must_use]
    pub fn of(text: &str) -> UsernameKey {
        let folded: String = text.nfkc().flat_map(char::to_lowercase).collect();
        // The skeleton may map to capitals (`0` → `O`): fold once more.
        UsernameKey(
            unicode_security::skeleton(&folded)
                .flat_map(char::to_lowercase)
                .collect(),
        )
    }
}

/// Checks a username for a new account; says why it is refused.
pub fn validate_username(text: &str) -> Result<Username, &'static str> {
    let name: String = text.nfkc().collect();
    let count = name.chars().count();
    if count < MIN_USERNAME_CHARS {
        return Err("the username is shorter than 3 characters");
    }
    if count > MAX_USERNAME_CHARS {
        return Err("the username is longer than 20 characters");
    }
    if super::name::holds_invisible(&name) {
        return Err("the username holds an invisible character");
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
    {
        return Err("the username may only hold letters, digits, - and _");
    }
    if !name.as_str().is_single_script() {
        return Err(
            "the username mixes letters of different scripts (e.g. Latin and Cyrillic look-alikes); use one script",
        );
    }
    let key = UsernameKey::of(&name);
    if RESERVED
        .iter()
        .any(|reserved| UsernameKey::of(reserved) == key)
    {
        return Err("this username is reserved");
    }
    Ok(Username { name, key })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_characters() {
        assert!(validate_username("ptah").is_ok());
        assert!(validate_username("Ptah-hotep_2").is_ok());
        assert!(validate_username("Нефертари").is_ok());
        assert!(validate_username("ab").is_err());
        assert!(validate_username(&"a".repeat(21)).is_err());
        assert!(validate_username(&"a".repeat(20)).is_ok());
        for refused in ["with space", "dot.name", "<b>", "a'b", "ab\u{200B}c"] {
            assert!(validate_username(refused).is_err(), "{refused}");
        }
        assert!(validate_username("Nefertar\u{0456}").is_err());
    }

    #[test]
    fn case_and_look_alikes_share_a_key() {
        let key = UsernameKey::of("bob1");
        assert_eq!(UsernameKey::of("BOB1"), key);
        assert_eq!(UsernameKey::of("bobl"), key, "1 looks like l");
        assert_eq!(UsernameKey::of("Ｂｏｂ1"), key, "fullwidth letters");
        assert_eq!(
            UsernameKey::of("b\u{043E}b1"),
            key,
            "a Cyrillic о among Latin letters"
        );
        assert_ne!(UsernameKey::of("bob2"), key);
    }

    #[test]
    fn reserved_names_and_their_look_alikes() {
        for reserved in ["admin", "ADMIN", "Expert", "senet", "rnoderator"] {
            assert_eq!(
                validate_username(reserved),
                Err("this username is reserved"),
                "{reserved}"
            );
        }
        assert!(validate_username("senet_fan").is_ok());
    }
}
