//! The web client's files, built into the binary: `web-client/`'s page,
//! styles, modules and vendored libraries, listed here, and its message
//! catalogues (`web-client/locales/<lang>.ftl`), which `senet-text` finds
//! by itself, so a language is added by adding its file.

use std::sync::LazyLock;

/// One embedded file of the web client.
#[derive(Debug, Clone, Copy)]
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

pub(super) const HTML: &str = "text/html; charset=utf-8";
pub(super) const JS: &str = "text/javascript; charset=utf-8";
pub(super) const CSS: &str = "text/css; charset=utf-8";
pub(super) const SVG: &str = "image/svg+xml";

/// Every file of `web-client/` the client needs but the catalogues (a
/// test checks none is missing).
static FILES: &[Asset] = &[
    asset!("index.html", HTML),
    asset!("styles.css", CSS),
    asset!("css/accounts.css", CSS),
    asset!("css/base.css", CSS),
    asset!("css/chat.css", CSS),
    asset!("css/clocks.css", CSS),
    asset!("css/history.css", CSS),
    asset!("css/learn.css", CSS),
    asset!("css/phone.css", CSS),
    asset!("css/review.css", CSS),
    asset!("css/room.css", CSS),
    asset!("css/rule-sets.css", CSS),
    asset!("favicon.svg", SVG),
    asset!("src/i18n/messages.js", JS),
    asset!("src/i18n/picker.js", JS),
    asset!("src/draw/board-geometry.js", JS),
    asset!("src/draw/board.js", JS),
    asset!("src/draw/chance.js", JS),
    asset!("src/draw/icons.js", JS),
    asset!("src/draw/race-chart.js", JS),
    asset!("src/draw/rating-chart.js", JS),
    asset!("src/draw/review-chart.js", JS),
    asset!("src/draw/room-page.js", JS),
    asset!("src/learn/coach.js", JS),
    asset!("src/learn/page.js", JS),
    asset!("src/learn/panel.js", JS),
    asset!("src/logic/clock.js", JS),
    asset!("src/logic/decision-time.js", JS),
    asset!("src/logic/describe.js", JS),
    asset!("src/logic/fair.js", JS),
    asset!("src/logic/format.js", JS),
    asset!("src/logic/identity.js", JS),
    asset!("src/logic/reasons.js", JS),
    asset!("src/logic/replay-logic.js", JS),
    asset!("src/logic/state.js", JS),
    asset!("src/logic/tap.js", JS),
    asset!("src/main.js", JS),
    asset!("src/net/accounts-api.js", JS),
    asset!("src/net/api.js", JS),
    asset!("src/net/create-room.js", JS),
    asset!("src/net/history-api.js", JS),
    asset!("src/net/socket.js", JS),
    asset!("src/pages/account.js", JS),
    asset!("src/pages/history.js", JS),
    asset!("src/pages/home-live.js", JS),
    asset!("src/pages/home.js", JS),
    asset!("src/pages/leaderboard.js", JS),
    asset!("src/pages/play-now.js", JS),
    asset!("src/pages/profile.js", JS),
    asset!("src/pages/replay-chat.js", JS),
    asset!("src/pages/replay.js", JS),
    asset!("src/pages/review.js", JS),
    asset!("src/pages/room.js", JS),
    asset!("src/pages/rules.js", JS),
    asset!("src/pages/ui.js", JS),
    asset!("src/room/actions.js", JS),
    asset!("src/room/announce.js", JS),
    asset!("src/room/board-effects.js", JS),
    asset!("src/room/chat.js", JS),
    asset!("src/room/clocks.js", JS),
    asset!("src/room/index.js", JS),
    asset!("src/room/input.js", JS),
    asset!("src/room/notify.js", JS),
    asset!("src/room/pacing.js", JS),
    asset!("src/room/ratings.js", JS),
    asset!("src/room/render.js", JS),
    asset!("src/room/said.js", JS),
    asset!("src/room/sound.js", JS),
    asset!("src/room/state.js", JS),
    asset!("src/types.js", JS),
    asset!("vendor/fluent-bundle/ast.js", JS),
    asset!("vendor/fluent-bundle/builtins.js", JS),
    asset!("vendor/fluent-bundle/bundle.js", JS),
    asset!("vendor/fluent-bundle/index.js", JS),
    asset!("vendor/fluent-bundle/memoizer.js", JS),
    asset!("vendor/fluent-bundle/resolver.js", JS),
    asset!("vendor/fluent-bundle/resource.js", JS),
    asset!("vendor/fluent-bundle/scope.js", JS),
    asset!("vendor/fluent-bundle/types.js", JS),
];

/// `Content-Type` of a message catalogue (Project Fluent's FTL).
pub(super) const FTL: &str = "text/plain; charset=utf-8";

/// Every file the client is served: [`FILES`], then each catalogue at
/// `locales/<lang>.ftl`.
pub static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let mut all: Vec<Asset> = FILES.to_vec();
    for lang in senet_text::languages() {
        if let Some(text) = senet_text::catalogue(lang) {
            // Once per language, at start: the path lives as long as the
            // binary, like the embedded files' paths.
            let path: &'static str = Box::leak(catalogue_path(lang).into_boxed_str());
            all.push(Asset {
                path,
                content_type: FTL,
                body: text.as_bytes(),
            });
        }
    }
    all
});

/// Where language `lang`'s catalogue is served, below `/`.
pub(super) fn catalogue_path(lang: &str) -> String {
    format!("locales/{lang}.ftl")
}
