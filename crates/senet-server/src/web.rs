//! The browser client (`web-client/` at the workspace root), embedded in the
//! binary so one `cargo run` serves a working client and a release binary
//! runs from any folder.
//!
//! Routes: `/` (and `/index.html`), `/styles.css`, `/favicon.svg`,
//! `/src/{file}.js`, the history pages `/games` and `/games/{id}`, and the
//! invite link `/r/{code}`, which answers a browser
//! (`Accept: text/html`) with the page and every other client with the
//! room's JSON, as `GET /api/rooms/{code}` does.
//!
//! Every asset is sent with `Cache-Control: no-cache` and an `ETag`, so
//! browsers revalidate cheaply (`304 Not Modified`) and never run a stale
//! client after an upgrade.

use std::sync::LazyLock;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::app::AppState;
use crate::rooms::Rooms;

/// One embedded file of the web client.
#[derive(Debug)]
pub struct Asset {
    /// Path below `web-client/`, as requested below `/`.
    pub path: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    /// The file's bytes.
    pub body: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $content_type:expr) => {
        Asset {
            path: $path,
            content_type: $content_type,
            body: include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../web-client/",
                $path
            )),
        }
    };
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every file the client needs (a test checks none is missing).
pub static ASSETS: &[Asset] = &[
    asset!("index.html", HTML),
    asset!("styles.css", CSS),
    asset!("favicon.svg", SVG),
    asset!("src/api.js", JS),
    asset!("src/board.js", JS),
    asset!("src/chance.js", JS),
    asset!("src/describe.js", JS),
    asset!("src/format.js", JS),
    asset!("src/history.js", JS),
    asset!("src/history-api.js", JS),
    asset!("src/home.js", JS),
    asset!("src/icons.js", JS),
    asset!("src/identity.js", JS),
    asset!("src/main.js", JS),
    asset!("src/race-chart.js", JS),
    asset!("src/replay.js", JS),
    asset!("src/replay-logic.js", JS),
    asset!("src/room.js", JS),
    asset!("src/rules.js", JS),
    asset!("src/socket.js", JS),
    asset!("src/state.js", JS),
    asset!("src/types.js", JS),
    asset!("src/ui.js", JS),
    asset!("src/view-board.js", JS),
    asset!("src/view-room.js", JS),
];

/// The page's Content-Security-Policy: only this origin's scripts, styles
/// (inline style attributes carry board coordinates), images and sockets.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'; object-src 'none'";

/// Strong ETags, one per asset, from a 64-bit FNV-1a hash of the bytes.
static ETAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|asset| {
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for byte in asset.body {
                hash ^= u64::from(*byte);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
            format!("\"{hash:016x}\"")
        })
        .collect()
});

/// The web client's routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/index.html", get(index))
        .route("/styles.css", get(file))
        .route("/favicon.svg", get(file))
        .route("/src/{file}", get(file))
        .route("/r/{code}", get(invite))
        .route("/games", get(index))
        .route("/games/{id}", get(index))
        .route("/rules", get(index))
        .route("/rules.md", get(rules_md))
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

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some((index, asset)) = find(path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let etag = &ETAGS[index];
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag.as_str()));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        asset.body.into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(value) = HeaderValue::from_str(etag) {
        h.insert(header::ETAG, value);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if asset.content_type == HTML {
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

async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

async fn file(uri: Uri, headers: HeaderMap) -> Response {
    serve(uri.path().trim_start_matches('/'), &headers)
}

/// Whether the request prefers an HTML page (a browser following a link).
#[must_use]
pub fn wants_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

/// `GET /r/{code}`: the room page for browsers, the room's JSON otherwise.
async fn invite(State(rooms): State<Rooms>, code: Path<String>, headers: HeaderMap) -> Response {
    let mut response = if wants_html(&headers) {
        serve("index.html", &headers)
    } else {
        crate::rooms::get_room(State(rooms), code)
            .await
            .into_response()
    };
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept"));
    response
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_client_file_is_embedded() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web-client");
        let mut wanted = vec![
            "index.html".to_owned(),
            "styles.css".to_owned(),
            "favicon.svg".to_owned(),
        ];
        for entry in std::fs::read_dir(format!("{root}/src")).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".js") {
                wanted.push(format!("src/{name}"));
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
        let etag = response.headers()[header::ETAG].clone();
        headers.insert(header::IF_NONE_MATCH, etag);
        assert_eq!(
            serve("src/main.js", &headers).status(),
            StatusCode::NOT_MODIFIED
        );
        assert_eq!(
            serve("src/nope.js", &HeaderMap::new()).status(),
            StatusCode::NOT_FOUND
        );
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
