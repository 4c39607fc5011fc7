//! The session cookie: the login's token, `HttpOnly` (no script reads it),
//! `SameSite=Lax` (another site's form or script never sends it),
//! `Secure` when the site is served over https, for a year.

use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

/// The cookie's name.
pub const SESSION_COOKIE: &str = "senet_session";

/// A year, in seconds: a login lasts until logged out.
const MAX_AGE_SECS: i64 = 365 * 24 * 3600;

/// The session cookie's token in a request, if any.
#[must_use]
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    CookieJar::from_headers(headers)
        .get(SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
        .filter(|token| !token.is_empty())
}

/// `jar` with the session cookie set to `token`.
pub fn with_session(jar: CookieJar, token: String, secure: bool) -> CookieJar {
    jar.add(
        Cookie::build((SESSION_COOKIE, token))
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(secure)
            .max_age(cookie::time::Duration::seconds(MAX_AGE_SECS)),
    )
}

/// `jar` telling the browser to forget the session cookie: always sent,
/// as the request that logs out may carry the token in its header only.
pub fn without_session(jar: CookieJar) -> CookieJar {
    jar.add(
        Cookie::build((SESSION_COOKIE, ""))
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .max_age(cookie::time::Duration::ZERO),
    )
}
