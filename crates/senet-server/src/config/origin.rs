//! Which origins may open the server's WebSockets: the public URL's, and
//! on a loopback public URL every loopback spelling of it.

use super::Settings;

impl Settings {
    /// Whether a WebSocket's `Origin` is the public URL's: its scheme,
    /// host and port. When the public URL is a loopback address, any
    /// loopback spelling of the same scheme and port is too (`localhost`,
    /// `127.0.0.1`, `[::1]`): a newcomer who started the server on their
    /// machine opens `http://localhost:8080/` as often as the address the
    /// server printed, and it is the same server.
    #[must_use]
    pub fn origin_allowed(&self, origin: &str) -> bool {
        let expected = self.public_origin();
        if origin == expected {
            return true;
        }
        match (Endpoint::of(origin), Endpoint::of(expected)) {
            (Some(given), Some(public)) => {
                public.loopback
                    && given.loopback
                    && given.scheme == public.scheme
                    && given.port == public.port
            }
            _ => false,
        }
    }

    /// The origin (`scheme://host[:port]`) browsers send for pages served
    /// from the public URL.
    #[must_use]
    pub fn public_origin(&self) -> &str {
        let url = &self.public_url;
        let after_scheme = url.find("://").map_or(0, |i| i + 3);
        match url[after_scheme..].find('/') {
            Some(slash) => &url[..after_scheme + slash],
            None => url,
        }
    }
}

/// An origin's scheme, port (the scheme's default when none is written)
/// and whether its host is a loopback address.
struct Endpoint {
    scheme: String,
    port: u16,
    loopback: bool,
}

impl Endpoint {
    /// `None` for anything that is not an origin of `http` or `https`.
    fn of(origin: &str) -> Option<Endpoint> {
        let uri: axum::http::Uri = origin.parse().ok()?;
        let scheme = uri.scheme_str()?.to_ascii_lowercase();
        let default_port = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            _ => return None,
        };
        let host = uri.host()?.to_ascii_lowercase();
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let loopback = bare == "localhost"
            || bare
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        Some(Endpoint {
            scheme,
            port: uri.port_u16().unwrap_or(default_port),
            loopback,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use clap::Parser;

    use super::super::{Config, Settings};

    fn settings(args: &[&str]) -> Settings {
        let mut all = vec!["senet-server"];
        all.extend_from_slice(args);
        Config::try_parse_from(all).unwrap().settings()
    }

    #[test]
    fn the_public_url_follows_the_bind_address_unless_given() {
        assert_eq!(settings(&[]).public_url, "http://127.0.0.1:8080");
        assert_eq!(
            settings(&["--bind", "0.0.0.0:9000"]).public_url,
            "http://127.0.0.1:9000"
        );
        assert_eq!(
            settings(&["--bind", "192.0.2.7:9000"]).public_url,
            "http://192.0.2.7:9000"
        );
        assert_eq!(
            settings(&["--bind", "[2001:db8::1]:9000"]).public_url,
            "http://[2001:db8::1]:9000"
        );
        let given = settings(&[
            "--bind",
            "0.0.0.0:9000",
            "--public-url",
            "https://senet.example/",
        ]);
        assert_eq!(given.public_url, "https://senet.example");
    }

    #[test]
    fn any_loopback_spelling_of_a_loopback_public_url_is_its_origin() {
        let local = settings(&[]);
        for origin in [
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "http://LOCALHOST:8080",
            "http://[::1]:8080",
            "http://127.0.0.2:8080",
        ] {
            assert!(local.origin_allowed(origin), "{origin}");
        }
        for origin in [
            "http://localhost:8081",
            "https://localhost:8080",
            "http://evil.example:8080",
            "http://localhost.evil.example:8080",
            "null",
            "",
        ] {
            assert!(!local.origin_allowed(origin), "{origin}");
        }
        let public = settings(&["--public-url", "https://senet.example"]);
        assert!(public.origin_allowed("https://senet.example"));
        assert!(!public.origin_allowed("https://localhost"));
        assert!(!public.origin_allowed("http://senet.example"));
        let no_port = settings(&["--public-url", "http://localhost"]);
        assert!(no_port.origin_allowed("http://127.0.0.1"));
        assert!(no_port.origin_allowed("http://[::1]:80"));
    }
}
