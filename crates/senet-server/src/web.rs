//! The browser client (`web-client/` at the workspace root), embedded in the
//! binary so one `cargo run` serves a working client and a release binary
//! runs from any folder.
//!
//! Routes: the page at `/` (and `/index.html`), the history pages `/games`
//! and `/games/{id}`, the lessons `/learn` and `/learn/{id}`, `/account`,
//! `/leaderboard`, the profiles `/players/{name}`, the invite
//! link `/r/{code}` (which answers a browser, `Accept: text/html`, with the page and every other client with the
//! room's JSON, as `GET /api/rooms/{code}` does), the assets under
//! `/assets/{version}/…` and, for older pages, at their plain paths
//! (`/styles.css`, `/css/{file}.css`, `/favicon.svg`, `/src/{path}.js`). Any other address
//! gets the page with status 404, which shows the client's own "page not
//! found" (see [`not_found`]).
//!
//! Caching (see [`versioned`]): the page is `no-cache` with an `ETag`, so a
//! browser revalidates it cheaply (`304`) and never runs a stale client
//! after an upgrade; the page names its assets by a version computed from
//! their contents, so those are cached for a year without revalidation.

mod assets;
mod localize;
mod versioned;

use axum::Router;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::rooms::Rooms;
use assets::HTML;
pub use assets::{ASSETS, Asset};
pub use versioned::{ASSET_PREFIX, version};

/// The page's Content-Security-Policy: only this origin's scripts, styles
/// (inline style attributes carry board coordinates), images and sockets.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'; object-src 'none'";

/// `Cache-Control` of what may change under the same address: the page and
/// the assets at their plain paths. Browsers keep it but ask first.
const REVALIDATE: &str = "no-cache";

/// `Cache-Control` of an asset under the current version's prefix: its
/// address changes whenever any asset does, so it never needs asking about.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The web client's routes, for any application state that holds the
/// rooms (an invite link names a room).
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Rooms: FromRef<S>,
{
    Router::new()
        .route("/", get(index))
        .route("/index.html", get(index))
        .route("/styles.css", get(file))
        .route("/css/{file}", get(file))
        .route("/favicon.svg", get(file))
        .route("/src/{*path}", get(file))
        .route("/vendor/{*path}", get(file))
        .route("/locales/{file}", get(file))
        .route("/assets/{version}/{*path}", get(versioned_file))
        .route("/r/{code}", get(invite))
        // The client's router takes these with a trailing slash too.
        .route("/r/{code}/", get(invite))
        .route("/games", get(index))
        .route("/games/", get(index))
        .route("/games/{id}", get(index))
        .route("/games/{id}/", get(index))
        .route("/rules", get(index))
        .route("/rules/", get(index))
        .route("/rules.md", get(rules_md))
        .route("/learn", get(index))
        .route("/learn/", get(index))
        .route("/learn/{id}", get(index))
        .route("/learn/{id}/", get(index))
        .route("/account", get(index))
        .route("/account/", get(index))
        .route("/leaderboard", get(index))
        .route("/leaderboard/", get(index))
        .route("/players/{name}", get(index))
        .route("/players/{name}/", get(index))
}

/// The rules of every rule set for people (`docs/rules.md`), which the
/// client's `/rules` page renders.
static RULES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md"));

/// `GET /rules.md`: the rules of every rule set, as Markdown.
async fn rules_md() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/markdown; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        RULES_MD,
    )
        .into_response()
}

/// `GET /api/rule-sets`: every rule set the server plays, as the data a
/// client draws from (`id`, `name`, the one-line `summary`, seats, colours,
/// pieces, special squares with names and one-line effects, chance):
/// `{"rule_sets":[…]}`, in the engine's order.
pub async fn rule_sets() -> axum::Json<serde_json::Value> {
    let all: Vec<senet_engine::Description> = senet_engine::RuleSetId::ALL
        .iter()
        .map(|id| id.description())
        .collect();
    axum::Json(serde_json::json!({ "rule_sets": all }))
}

/// The embedded asset at `path` (without the leading `/`), with its index.
#[must_use]
pub fn find(path: &str) -> Option<(usize, &'static Asset)> {
    ASSETS
        .iter()
        .enumerate()
        .find(|(_, asset)| asset.path == path)
}

/// Whether `If-None-Match` names `etag`. Compared weakly (RFC 9110
/// §13.1.2): the ETags are weak, since a compressed answer is not the same
/// bytes as the plain one.
fn fresh(headers: &HeaderMap, etag: &str) -> bool {
    let bare = |tag: &str| tag.trim().trim_start_matches("W/").to_owned();
    let wanted = bare(etag);
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim() == "*" || bare(tag) == wanted)
        })
}

/// A body with its headers: the type, the caching, and for the page its
/// security headers.
fn respond(
    status: StatusCode,
    body: &'static [u8],
    content_type: &'static str,
    cache: &'static str,
    etag: Option<&str>,
    headers: &HeaderMap,
) -> Response {
    let mut response = match etag {
        // Only a success can be revalidated: a 404 page is sent whole.
        Some(etag) if status == StatusCode::OK && fresh(headers, etag) => {
            StatusCode::NOT_MODIFIED.into_response()
        }
        _ => (status, body).into_response(),
    };
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // A 404 names no version of anything.
    let etag = etag.filter(|_| status == StatusCode::OK);
    if let Some(value) = etag.and_then(|etag| HeaderValue::from_str(etag).ok()) {
        h.insert(header::ETAG, value);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if content_type == HTML {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
        h.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        );
    }
    response
}

/// The page (naming the versioned assets) with this status, in the
/// reader's language.
fn page(status: StatusCode, headers: &HeaderMap) -> Response {
    let page = versioned::page(localize::language(headers));
    let mut response = respond(
        status,
        page.body.as_bytes(),
        HTML,
        REVALIDATE,
        Some(&page.etag),
        headers,
    );
    // A cache keeps one copy per language.
    response.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("Accept, Accept-Language, Cookie"),
    );
    response
}

/// An asset at its plain path (or the page, for `index.html`).
fn serve(path: &str, headers: &HeaderMap) -> Response {
    if path == "index.html" {
        return page(StatusCode::OK, headers);
    }
    let Some((index, asset)) = find(path) else {
        return missing(headers);
    };
    let etag = versioned::etag(index);
    respond(
        StatusCode::OK,
        asset.body,
        asset.content_type,
        REVALIDATE,
        etag,
        headers,
    )
}

async fn index(headers: HeaderMap) -> Response {
    page(StatusCode::OK, &headers)
}

async fn file(uri: Uri, headers: HeaderMap) -> Response {
    serve(uri.path().trim_start_matches('/'), &headers)
}

/// `GET /assets/{version}/{path}`: an asset under a version prefix. The
/// current version's is cached for a year. Another version's (a page
/// loaded before an upgrade asking for a module) gets today's file, to be
/// revalidated, rather than a broken page.
async fn versioned_file(
    Path((wanted, path)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let asset = find(&path).filter(|(_, asset)| asset.path != "index.html");
    let Some((index, asset)) = asset else {
        return missing(&headers);
    };
    let cache = if wanted == version() {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    respond(
        StatusCode::OK,
        asset.body,
        asset.content_type,
        cache,
        versioned::etag(index),
        &headers,
    )
}

/// Whether the request prefers an HTML page (a browser following a link).
#[must_use]
pub fn wants_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

/// A 404 outside the API: a browser gets the page, which shows the
/// client's own "page not found" (its router knows no such address);
/// anything else a short text.
fn missing(headers: &HeaderMap) -> Response {
    if wants_html(headers) {
        page(StatusCode::NOT_FOUND, headers)
    } else {
        let mut response = (StatusCode::NOT_FOUND, "not found\n").into_response();
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        response
    }
}

/// The router's fallback, for every address no route takes: under `/api`
/// the API's JSON `not_found`, elsewhere [`missing`]'s answer. Either way
/// the status is 404.
pub async fn not_found(uri: Uri, headers: HeaderMap) -> Response {
    let mut response = if crate::error::is_api_path(uri.path()) {
        crate::error::AppError::from_status(StatusCode::NOT_FOUND).into_response()
    } else {
        missing(&headers)
    };
    response
        .headers_mut()
        .entry(header::VARY)
        .or_insert(HeaderValue::from_static("Accept"));
    response
}

/// `GET /r/{code}`: the room page for browsers, the room's JSON otherwise.
async fn invite(State(rooms): State<Rooms>, code: Path<String>, headers: HeaderMap) -> Response {
    let mut response = if wants_html(&headers) {
        page(StatusCode::OK, &headers)
    } else {
        crate::rooms::get_room(State(rooms), code)
            .await
            .into_response()
    };
    response
        .headers_mut()
        .entry(header::VARY)
        .or_insert(HeaderValue::from_static("Accept"));
    response
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::assets::JS;
    use super::*;

    #[test]
    fn every_client_file_is_embedded() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web-client");
        let mut wanted = vec![
            "index.html".to_owned(),
            "styles.css".to_owned(),
            "favicon.svg".to_owned(),
        ];
        // `src/` has a folder per kind of module (pages, logic, drawing,
        // network, the room); `css/` is flat.
        let mut dirs = vec![
            ("src".to_owned(), ".js"),
            ("css".to_owned(), ".css"),
            ("vendor".to_owned(), ".js"),
            ("locales".to_owned(), ".ftl"),
        ];
        while let Some((dir, ext)) = dirs.pop() {
            for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let entry = entry.unwrap();
                let name = entry.file_name().into_string().unwrap();
                if entry.file_type().unwrap().is_dir() {
                    dirs.push((format!("{dir}/{name}"), ext));
                } else if name.ends_with(ext) {
                    wanted.push(format!("{dir}/{name}"));
                }
            }
        }
        for path in &wanted {
            assert!(find(path).is_some(), "web-client/{path} is not embedded");
        }
        assert_eq!(ASSETS.len(), wanted.len(), "an embedded file is gone");
    }

    #[test]
    fn etags_and_content_types() {
        let mut headers = HeaderMap::new();
        let response = serve("src/main.js", &headers);
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], JS);
        assert_eq!(response.headers()[header::CACHE_CONTROL], REVALIDATE);
        let etag = response.headers()[header::ETAG].clone();
        assert!(etag.to_str().unwrap().starts_with("W/\""), "{etag:?}");
        headers.insert(header::IF_NONE_MATCH, etag);
        assert_eq!(
            serve("src/main.js", &headers).status(),
            StatusCode::NOT_MODIFIED
        );
        assert_eq!(
            serve("src/nope.js", &HeaderMap::new()).status(),
            StatusCode::NOT_FOUND
        );
        // A browser asking for a missing file gets the page, still a 404.
        let mut browser = HeaderMap::new();
        browser.insert(header::ACCEPT, HeaderValue::from_static("text/html"));
        let missing = serve("src/nope.js", &browser);
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
        assert_eq!(missing.headers()[header::CONTENT_TYPE], HTML);
        let page = serve("index.html", &HeaderMap::new());
        assert!(page.headers().contains_key(header::CONTENT_SECURITY_POLICY));
    }

    #[test]
    fn html_negotiation() {
        let mut headers = HeaderMap::new();
        assert!(!wants_html(&headers));
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("text/html,application/xhtml+xml,*/*;q=0.8"),
        );
        assert!(wants_html(&headers));
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        assert!(!wants_html(&headers));
    }
}
