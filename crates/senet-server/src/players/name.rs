//! Display-name rules.
//!
//! A name is normalised to Unicode NFKC before anything else, so fullwidth
//! letters, ligatures and composed/decomposed accents each have one stored
//! form. Then, against impersonation by look-alike letters: every letter
//! must come from one script (UTS #39 "single script", through the
//! `unicode-security` crate: digits, spaces and `_ - . '` belong to every
//! script, and Japanese may mix kanji and kana), and invisible characters
//! (Unicode's Default_Ignorable_Code_Point, e.g. zero-width spaces and
//! joiners, the Hangul fillers) are refused.

use unicode_normalization::UnicodeNormalization;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// Longest display name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 32;

/// Checks a display name and returns the form to store: NFKC-normalised,
/// 1 to 32 characters of letters, digits, spaces and `_ - . '`, not
/// starting or ending with a space nor holding two in a row, with every
/// letter from one script and no invisible character. Otherwise says why
/// it is refused.
pub fn validate_display_name(name: &str) -> Result<String, &'static str> {
    let name: String = name.nfkc().collect();
    let count = name.chars().count();
    if count == 0 {
        return Err("the display name is empty");
    }
    if count > MAX_NAME_CHARS {
        return Err("the display name is longer than 32 characters");
    }
    // Before the character check: some invisible characters (the Hangul
    // fillers) are letters to `char::is_alphanumeric`.
    if holds_invisible(&name) {
        return Err("the display name holds an invisible character");
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Err("the display name has leading, trailing or double spaces");
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.' | '\''))
    {
        return Err("the display name may only hold letters, digits, spaces and _ - . '");
    }
    if !name.as_str().is_single_script() {
        return Err(
            "the display name mixes letters of different scripts (e.g. Latin and Cyrillic look-alikes); use one script",
        );
    }
    Ok(name)
}

/// Whether a name holds a character Unicode says is invisible
/// (Default_Ignorable_Code_Point: zero-width spaces and joiners, the Hangul
/// fillers…); display names and usernames refuse them alike.
pub(crate) fn holds_invisible(name: &str) -> bool {
    name.chars()
        .any(|c| c.identifier_type() == Some(IdentifierType::Default_Ignorable))
}

#[cfg(test)]
mod tests {
    use super::validate_display_name;

    #[test]
    fn names() {
        assert!(validate_display_name("Nefertari").is_ok());
        assert!(validate_display_name("Ptah-hotep 2").is_ok());
        assert!(validate_display_name("").is_err());
        assert!(validate_display_name(" x").is_err());
        assert!(validate_display_name("<script>").is_err());
        assert!(validate_display_name(&"a".repeat(33)).is_err());
    }

    #[test]
    fn one_script_per_name() {
        // U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I among Latin letters.
        assert!(validate_display_name("Nefertar\u{0456}").is_err());
        assert!(validate_display_name("Нефертари").is_ok());
        assert!(validate_display_name("Νεφερτάρη").is_ok());
        assert!(validate_display_name("ネフェルタリ 2").is_ok());
        assert!(validate_display_name("山田 たろう").is_ok());
        assert!(validate_display_name("Anna Анна").is_err());
    }

    #[test]
    fn normalised_and_visible() {
        assert_eq!(
            validate_display_name("Ｎｅｆｅｒｔａｒｉ").as_deref(),
            Ok("Nefertari")
        );
        // e + combining acute composes to one letter.
        assert_eq!(validate_display_name("Rene\u{0301}").as_deref(), Ok("René"));
        for invisible in [
            "Nefer\u{200B}tari",
            "Nefer\u{200D}tari",
            "\u{3164}",
            "Ra\u{3164}",
        ] {
            assert!(validate_display_name(invisible).is_err(), "{invisible:?}");
        }
    }
}
