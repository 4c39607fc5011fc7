//! The embedded web client as a browser meets it, against the real server:
//! unknown addresses get the client's "page not found" page with a 404,
//! assets come compressed (gzip or brotli, byte for byte the files once
//! decompressed) under versioned addresses cached for a year, the page
//! itself is revalidated, and a WebSocket upgrade that offers compression
//! (as browsers do) still works.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::io::Read;

use common::{Client, Remote, spawn_app};
use senet_server::web::{ASSET_PREFIX, ASSETS, version};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A response as bytes: status, headers (names in lower case), body.
struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of a header that may come more than once (`Vary`),
    /// joined as one list.
    fn all(&self, name: &str) -> String {
        let values: Vec<&str> = self
            .headers
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect();
        values.join(", ").to_ascii_lowercase()
    }

    /// The body as sent before `Content-Encoding`.
    fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.header("content-encoding") {
            None => out.clone_from(&self.body),
            Some("gzip") => {
                flate2::read::GzDecoder::new(&self.body[..])
                    .read_to_end(&mut out)
                    .unwrap();
            }
            Some("br") => {
                brotli::Decompressor::new(&self.body[..], 4096)
                    .read_to_end(&mut out)
                    .unwrap();
            }
            Some(other) => panic!("unexpected encoding {other}"),
        }
        out
    }
}

/// A GET over HTTP/1.0, so the body ends with the connection (no chunks to
/// undo), with these request headers.
async fn get(app: &Remote, path: &str, headers: &[(&str, &str)]) -> Raw {
    let mut stream = TcpStream::connect(app.addr).await.unwrap();
    let mut request = format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(common::WAIT, stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let status = head[9..12].parse().unwrap();
    let headers = common::header_lines(&head);
    Raw {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

const BROWSER: (&str, &str) = (
    "Accept",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
);

#[tokio::test]
async fn unknown_addresses_get_the_clients_not_found_page() {
    let app = spawn_app().await;
    for path in ["/nope", "/r", "/games/not-a-game/extra", "/src/nope.js"] {
        let page = get(&app, path, &[BROWSER]).await;
        assert_eq!(page.status, 404, "{path}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        let text = String::from_utf8(page.body).unwrap();
        // The page itself, whose router shows "Page not found" for an
        // address it does not know.
        assert!(text.contains("<main id=\"app\""), "{path}: {text}");
        assert!(text.contains(&format!("{ASSET_PREFIX}{}/src/main.js", version())));
        assert!(
            page.headers
                .iter()
                .any(|(n, _)| n == "content-security-policy")
        );
    }
    // Not a browser: a short text, still 404.
    let plain = get(&app, "/nope", &[]).await;
    assert_eq!(plain.status, 404);
    assert_eq!(plain.body, b"not found\n");
    // The API keeps its JSON errors, even for a browser.
    let api = get(&app, "/api/nope", &[BROWSER]).await;
    assert_eq!(api.status, 404);
    let body: serde_json::Value = serde_json::from_slice(&api.body).unwrap();
    assert_eq!(body["error"]["code"], "not_found");
    // The client's own addresses are pages with 200.
    for path in [
        "/",
        "/games",
        "/games/",
        "/r/some-room",
        "/r/some-room/",
        "/rules",
        "/learn",
        "/learn/",
        "/learn/kendall-7",
        "/learn/peril/",
    ] {
        assert_eq!(get(&app, path, &[BROWSER]).await.status, 200, "{path}");
    }
    app.stop().await;
}

#[tokio::test]
async fn versioned_assets_are_cached_for_a_year_and_the_page_is_revalidated() {
    let app = spawn_app().await;
    let page = get(&app, "/", &[BROWSER]).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    let etag = page.header("etag").unwrap().to_owned();
    let again = get(&app, "/", &[BROWSER, ("If-None-Match", &etag)]).await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());

    // Every address the page names under the version prefix is served,
    // immutable; every asset is named (loaded or preloaded).
    let text = String::from_utf8(page.body).unwrap();
    let prefix = format!("{ASSET_PREFIX}{}/", version());
    for asset in ASSETS.iter().filter(|a| a.path != "index.html") {
        let url = format!("{prefix}{}", asset.path);
        if asset.path.ends_with(".js") || asset.path.ends_with(".css") {
            assert!(
                text.contains(&format!("\"{url}\"")),
                "{url} not in the page"
            );
        }
        let got = get(&app, &url, &[]).await;
        assert_eq!(got.status, 200, "{url}");
        assert_eq!(
            got.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{url}"
        );
        assert_eq!(got.header("content-type"), Some(asset.content_type));
        assert_eq!(got.body, asset.body, "{url}");
    }
    // Another version (a page from before an upgrade) still gets the file,
    // but to be revalidated; the plain addresses too.
    let old = get(&app, "/assets/0123456789abcdef/src/main.js", &[]).await;
    assert_eq!(old.status, 200);
    assert_eq!(old.header("cache-control"), Some("no-cache"));
    let plain = get(&app, "/src/main.js", &[]).await;
    assert_eq!(plain.header("cache-control"), Some("no-cache"));
    // The page is not an asset; a missing file is a 404.
    assert_eq!(
        get(&app, &format!("{prefix}index.html"), &[]).await.status,
        404
    );
    assert_eq!(
        get(&app, &format!("{prefix}src/nope.js"), &[]).await.status,
        404
    );
    app.stop().await;
}

#[tokio::test]
async fn assets_and_json_are_compressed_by_accept_encoding() {
    let app = spawn_app().await;
    let prefix = format!("{ASSET_PREFIX}{}/", version());
    let mut plain_total = 0;
    let mut gzip_total = 0;
    let mut br_total = 0;
    for asset in ASSETS.iter() {
        // Bodies this small are sent as they are (tower-http's default
        // predicate): a vendored module of one line is.
        if asset.body.len() < 32 {
            continue;
        }
        let url = if asset.path == "index.html" {
            "/".to_owned()
        } else {
            format!("{prefix}{}", asset.path)
        };
        let plain = get(&app, &url, &[]).await;
        assert_eq!(plain.header("content-encoding"), None);
        let gzip = get(&app, &url, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(gzip.header("content-encoding"), Some("gzip"), "{url}");
        // Browsers offer both; brotli is smaller and taken.
        let br = get(
            &app,
            &url,
            &[("Accept-Encoding", "gzip, deflate, br, zstd")],
        )
        .await;
        assert_eq!(br.header("content-encoding"), Some("br"), "{url}");
        assert!(br.all("vary").contains("accept-encoding"), "{url}");
        for got in [&plain, &gzip, &br] {
            assert_eq!(got.status, 200);
            assert_eq!(got.decoded(), plain.body, "{url}");
        }
        plain_total += plain.body.len();
        gzip_total += gzip.body.len();
        br_total += br.body.len();
    }
    println!("client assets: {plain_total} B plain, {gzip_total} B gzip, {br_total} B brotli");
    assert!(
        gzip_total * 2 < plain_total,
        "gzip halves the client at least"
    );
    assert!(br_total < gzip_total);

    // The API's JSON too, and a 304 has nothing to compress.
    let (_, token) = app.player("Nefertari").await;
    let room = app.room(&token, "cone", true).await;
    let code = room["code"].as_str().unwrap();
    let info = get(
        &app,
        &format!("/api/rooms/{code}"),
        &[("Accept-Encoding", "br")],
    )
    .await;
    assert_eq!(info.header("content-encoding"), Some("br"));
    let info: serde_json::Value = serde_json::from_slice(&info.decoded()).unwrap();
    assert_eq!(info["code"], code);
    let etag = get(&app, "/", &[]).await.header("etag").unwrap().to_owned();
    let fresh = get(
        &app,
        "/",
        &[("Accept-Encoding", "br"), ("If-None-Match", &etag)],
    )
    .await;
    assert_eq!(
        (fresh.status, fresh.header("content-encoding")),
        (304, None)
    );
    app.stop().await;
}

#[tokio::test]
async fn a_websocket_offering_compression_is_not_compressed() {
    let app = spawn_app().await;
    let (_, token) = app.player("Nefertari").await;
    let room = app.room(&token, "cone", true).await;
    let code = room["code"].as_str().unwrap();
    // What a browser sends with every upgrade.
    let mut client = Client::open_with(
        &app.ws_url(code, Some(&token)),
        &[("Accept-Encoding", "gzip, deflate, br, zstd")],
    )
    .await
    .expect("the upgrade succeeds");
    let snapshot = client.recv_type("snapshot").await;
    assert_eq!(snapshot["room"]["code"], code);
    client.send(json!({ "v": 1, "type": "ping" })).await;
    assert_eq!(client.recv().await["type"], "pong");
    client.close().await;
    app.stop().await;
}

#[tokio::test]
async fn the_page_comes_in_the_readers_language() {
    let app = spawn_app().await;
    let text = |raw: &Raw| String::from_utf8(raw.body.clone()).unwrap();
    // The browser's language…
    let spanish = get(
        &app,
        "/rules",
        &[BROWSER, ("Accept-Language", "es-MX,es;q=0.9,en;q=0.5")],
    )
    .await;
    assert_eq!(spanish.status, 200);
    let page = text(&spanish);
    assert!(page.contains("<html lang=\"es\">"), "{page}");
    assert!(page.contains(">Reglas</a>"), "{page}");
    assert!(page.contains(&format!("{ASSET_PREFIX}{}/locales/es.ftl", version())));
    assert!(spanish.all("vary").contains("accept-language"));
    assert!(spanish.all("vary").contains("cookie"));
    // …unless the reader chose another; a language with no catalogue is
    // English; an invite link answers a browser in its language too.
    let chosen = get(
        &app,
        "/",
        &[
            BROWSER,
            ("Accept-Language", "es"),
            ("Cookie", "senet_lang=en"),
        ],
    )
    .await;
    assert!(text(&chosen).contains("<html lang=\"en\">"));
    let german = get(&app, "/", &[BROWSER, ("Accept-Language", "de-DE")]).await;
    assert!(text(&german).contains("<html lang=\"en\">") && text(&german).contains(">Rules</a>"));
    let invite = get(&app, "/r/some-room", &[BROWSER, ("Accept-Language", "es")]).await;
    assert!(text(&invite).contains("<html lang=\"es\">"));
    // Each language's page has its own ETag, so a cache never mixes them.
    assert_ne!(
        spanish.header("etag"),
        get(&app, "/rules", &[BROWSER]).await.header("etag")
    );
    // The catalogues themselves, at their plain and versioned addresses.
    for path in [
        "/locales/es.ftl".to_owned(),
        format!("{ASSET_PREFIX}{}/locales/en.ftl", version()),
    ] {
        let catalogue = get(&app, &path, &[]).await;
        assert_eq!(catalogue.status, 200, "{path}");
        assert!(text(&catalogue).contains("nav-rules = "), "{path}");
    }
    assert_eq!(get(&app, "/locales/xx.ftl", &[]).await.status, 404);
    app.stop().await;
}
