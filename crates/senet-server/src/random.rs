//! Secrets from the operating system's random number generator.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::TryRng;
use rand::rngs::SysRng;

/// `N` random bytes from the OS, encoded URL-safe base64 without padding.
pub fn os_random_base64url<const N: usize>() -> Result<String, rand::rngs::SysError> {
    let mut bytes = [0u8; N];
    SysRng.try_fill_bytes(&mut bytes)?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// A new room code: 12 random bytes (96 bits), 16 URL-safe characters.
pub fn room_code() -> Result<String, rand::rngs::SysError> {
    os_random_base64url::<12>()
}

/// `N` random bytes from the OS.
pub fn os_random_bytes<const N: usize>() -> Result<[u8; N], rand::rngs::SysError> {
    let mut bytes = [0u8; N];
    SysRng.try_fill_bytes(&mut bytes)?;
    Ok(bytes)
}
