//! Versioned asset addresses: a version computed from the assets'
//! contents, the page rewritten to name its assets under
//! `/assets/{version}/`, and the assets' ETags.
//!
//! Why a version prefix on a whole directory rather than a hash in each
//! file name: the ES modules import each other by relative paths
//! (`./board.js`), which resolve under the same prefix, so the files stay
//! as they are and no build step is needed. Any change to any asset changes
//! the version, so every address a cached page names is for the bytes it
//! was written against.

use std::sync::LazyLock;

use sha2::{Digest, Sha256};

use super::{ASSETS, HTML};

/// Where the versioned assets live: `/assets/{version}/{path}`.
pub const ASSET_PREFIX: &str = "/assets/";

/// The page as served, with its ETag.
pub(super) struct Page {
    /// `index.html` naming the versioned assets.
    pub(super) body: String,
    /// Its weak ETag.
    pub(super) etag: String,
}

/// The client's version: 16 hex digits of SHA-256 over every asset's path
/// and bytes, computed once at start.
static VERSION: LazyLock<String> = LazyLock::new(|| {
    let mut hash = Sha256::new();
    for asset in ASSETS.iter() {
        // The length keeps the path/bytes boundaries unambiguous.
        hash.update((asset.path.len() as u64).to_le_bytes());
        hash.update(asset.path.as_bytes());
        hash.update((asset.body.len() as u64).to_le_bytes());
        hash.update(asset.body);
    }
    hex(&hash.finalize()[..8])
});

/// The current version of the client's assets.
#[must_use]
pub fn version() -> &'static str {
    VERSION.as_str()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Weak ETags, one per asset: a compressed answer is other bytes than the
/// plain one, so a strong ETag could not be shared by both (RFC 9110
/// §8.8.1).
static ETAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|asset| format!("W/\"{}\"", hex(&Sha256::digest(asset.body)[..8])))
        .collect()
});

/// The ETag of the asset at `index` in [`ASSETS`].
pub(super) fn etag(index: usize) -> Option<&'static str> {
    ETAGS.get(index).map(String::as_str)
}

/// The page in each language, rewritten once at start.
static PAGES: LazyLock<Vec<(&'static str, Page)>> = LazyLock::new(|| {
    senet_text::languages()
        .into_iter()
        .map(|lang| {
            let localized = super::localize::localize(&String::from_utf8_lossy(index_html()), lang);
            let body = rewrite(&localized, &format!("{ASSET_PREFIX}{}/", version()));
            let etag = format!("W/\"{}\"", hex(&Sha256::digest(body.as_bytes())[..8]));
            (lang, Page { body, etag })
        })
        .collect()
});

/// The page in language `lang` (English for a language there is no
/// catalogue of).
pub(super) fn page(lang: &str) -> &'static Page {
    static EMPTY: LazyLock<Page> = LazyLock::new(|| Page {
        body: String::new(),
        etag: String::from("W/\"0\""),
    });
    PAGES
        .iter()
        .find(|(l, _)| *l == lang)
        .or_else(|| {
            PAGES
                .iter()
                .find(|(l, _)| *l == senet_text::SOURCE_LANGUAGE)
        })
        .map_or(&*EMPTY, |(_, page)| page)
}

fn index_html() -> &'static [u8] {
    ASSETS
        .iter()
        .find(|asset| asset.content_type == HTML)
        .map_or(&b""[..], |asset| asset.body)
}

/// The page with every quoted asset address (`"/styles.css"`,
/// `"/src/main.js"`) moved under `prefix`, and a `modulepreload` link for
/// every other module before `</head>`: the browser then fetches them all
/// at once instead of discovering them one import level at a time.
fn rewrite(page: &str, prefix: &str) -> String {
    let mut page = page.to_owned();
    let mut preload = String::new();
    for asset in ASSETS.iter().filter(|asset| asset.content_type != HTML) {
        let plain = format!("\"/{}\"", asset.path);
        let moved = format!("\"{prefix}{}\"", asset.path);
        let named = page.contains(&plain);
        page = page.replace(&plain, &moved);
        if asset.path.ends_with(".js") && !named {
            preload.push_str(&format!("<link rel=\"modulepreload\" href={moved}>\n"));
        }
    }
    match page.find("</head>") {
        Some(at) => page.insert_str(at, &preload),
        None => page.push_str(&preload),
    }
    page
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_page_names_every_asset_under_the_version() {
        let prefix = format!("{ASSET_PREFIX}{}/", version());
        let body = &page("en").body;
        assert!(body.contains(&format!("src=\"{prefix}src/main.js\"")));
        assert!(body.contains(&format!("href=\"{prefix}styles.css\"")));
        assert!(body.contains(&format!("href=\"{prefix}favicon.svg\"")));
        assert!(
            !body.contains("\"/src/main.js\""),
            "a plain address is left"
        );
        for asset in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
            assert!(
                body.contains(&format!("{prefix}{}", asset.path)),
                "{} is neither loaded nor preloaded",
                asset.path
            );
        }
        // The preloads sit in the head, once each.
        let head = &body[..body.find("</head>").unwrap()];
        assert_eq!(
            head.matches("modulepreload").count(),
            ASSETS.iter().filter(|a| a.path.ends_with(".js")).count() - 1
        );
    }

    #[test]
    fn each_language_has_its_page_and_catalogue_under_the_version() {
        let prefix = format!("{ASSET_PREFIX}{}/", version());
        let spanish = &page("es").body;
        assert!(spanish.contains("<html lang=\"es\">"));
        assert!(
            spanish.contains(&format!("href=\"{prefix}locales/es.ftl\"")),
            "{spanish}"
        );
        assert!(
            spanish.contains(&format!("href=\"{prefix}locales/en.ftl\"")),
            "{spanish}"
        );
        assert_ne!(page("es").etag, page("en").etag);
        assert_eq!(page("zz").etag, page("en").etag);
    }

    #[test]
    fn the_version_follows_the_contents() {
        assert_eq!(version().len(), 16);
        assert!(version().bytes().all(|b| b.is_ascii_hexdigit()));
        // A rewrite under another prefix is another page.
        let page = String::from_utf8_lossy(index_html()).into_owned();
        assert_ne!(rewrite(&page, "/assets/a/"), rewrite(&page, "/assets/b/"));
    }
}
