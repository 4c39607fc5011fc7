//! Display-name rules.

/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Checks a display name: 1 to 32 characters of letters, digits, spaces and
/// `_ - . '`, not starting or ending with a space. Returns the name or why
/// it is refused.
pub fn validate_display_name(name: &str) -> Result<&str, &'static str> {
    let count = name.chars().count();
    if count == 0 {
        return Err("the display name is empty");
    }
    if count > MAX_NAME_CHARS {
        return Err("the display name is longer than 32 characters");
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
    Ok(name)
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
}
