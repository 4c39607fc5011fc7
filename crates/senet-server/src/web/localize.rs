//! The page in the reader's language: which language a request gets, and
//! `index.html` with its words (every element marked `data-l10n-id`) and
//! `<html lang>` in that language. The client then loads the same
//! language's catalogue for everything it draws.

use axum::http::{HeaderMap, header};

/// The cookie that remembers a reader's choice of language (set by the
/// page's language picker).
pub const LANGUAGE_COOKIE: &str = "senet_lang";

/// The language to answer `headers` in: the remembered choice, else the
/// best of the browser's `Accept-Language`, else English.
pub fn language(headers: &HeaderMap) -> &'static str {
    let chosen = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == LANGUAGE_COOKIE)
        .map(|(_, value)| value.trim());
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    senet_text::negotiate(chosen, accept)
}

/// `page` in language `lang`: `<html lang>`, the list of languages, the
/// catalogue to load, and the text and attributes of every element marked
/// `data-l10n-id` (a message's value is the element's text, its attributes
/// the element's attributes of the same names).
pub fn localize(page: &str, lang: &str) -> String {
    let languages = senet_text::languages().join(" ");
    let catalogue = format!("\"/{}\"", super::assets::catalogue_path(lang));
    let mut page = page
        .replacen("<html lang=\"en\">", &format!("<html lang=\"{lang}\">"), 1)
        .replacen(
            "<meta name=\"languages\" content=\"en\">",
            &format!("<meta name=\"languages\" content=\"{languages}\">"),
            1,
        )
        .replacen("\"/locales/en.ftl\"", &catalogue, 1);
    if lang != senet_text::SOURCE_LANGUAGE {
        // English under the page's language, for a key a translation lacks.
        let english = format!(
            "<link rel=\"preload\" id=\"messages-en\" href=\"/{}\" as=\"fetch\" crossorigin>\n",
            super::assets::catalogue_path(senet_text::SOURCE_LANGUAGE)
        );
        if let Some(at) = page.find("</head>") {
            page.insert_str(at, &english);
        }
    }
    let keys = senet_text::keys(senet_text::SOURCE_LANGUAGE);
    let marker = "data-l10n-id=\"";
    let mut out = String::with_capacity(page.len());
    let mut rest = page.as_str();
    while let Some(found) = rest.find(marker) {
        // The element's opening tag, from its `<` to its `>`.
        let Some(open) = rest[..found].rfind('<') else {
            break;
        };
        let Some(close) = rest[found..].find('>').map(|i| found + i) else {
            break;
        };
        let key_start = found + marker.len();
        let key = rest[key_start..].split('"').next().unwrap_or_default();
        out.push_str(&rest[..open]);
        let mut tag = rest[open..=close].to_owned();
        for attribute in keys
            .iter()
            .filter_map(|k| k.strip_prefix(key)?.strip_prefix('.'))
        {
            let words = escape(&senet_text::text(lang, &format!("{key}.{attribute}"), None));
            tag = set_attribute(&tag, attribute, &words);
        }
        out.push_str(&tag);
        rest = &rest[close + 1..];
        if keys.iter().any(|k| k == key) {
            // The element's own text runs to the next tag.
            let end = rest.find('<').unwrap_or(rest.len());
            out.push_str(&escape(&senet_text::text(lang, key, None)));
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// `tag` with `name="value"` set (replaced where present).
fn set_attribute(tag: &str, name: &str, value: &str) -> String {
    let start = format!(" {name}=\"");
    match tag.find(&start) {
        Some(at) => {
            let from = at + start.len();
            let to = tag[from..].find('"').map_or(tag.len(), |i| from + i);
            format!("{}{value}{}", &tag[..from], &tag[to..])
        }
        None => {
            let end = tag.len() - 1;
            format!("{}{start}{value}\"{}", &tag[..end], &tag[end..])
        }
    }
}

/// Text made safe inside an element or a quoted attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use axum::http::HeaderValue;

    const PAGE: &str = "<html lang=\"en\"><head><meta name=\"languages\" content=\"en\">\
        <meta name=\"description\" data-l10n-id=\"page-description\" content=\"Play\">\
        <link rel=\"preload\" id=\"messages\" href=\"/locales/en.ftl\" as=\"fetch\" crossorigin></head>\
        <body><a href=\"/rules\" data-l10n-id=\"nav-rules\">Rules</a>\
        <a class=\"brand\" data-l10n-id=\"page-brand\" aria-label=\"Senet Online, home\"><span>Senet</span></a></body></html>";

    #[test]
    fn the_page_in_spanish() {
        let page = localize(PAGE, "es");
        assert!(page.starts_with("<html lang=\"es\">"), "{page}");
        assert!(page.contains(">Reglas</a>"), "{page}");
        assert!(
            page.contains("aria-label=\"Senet Online, inicio\""),
            "{page}"
        );
        assert!(page.contains("content=\"Juega al senet"), "{page}");
        assert!(page.contains("href=\"/locales/es.ftl\""), "{page}");
        assert!(
            page.contains("id=\"messages-en\" href=\"/locales/en.ftl\""),
            "{page}"
        );
        assert!(
            page.contains("<meta name=\"languages\" content=\"en es"),
            "{page}"
        );
        // An element with children and no value keeps them.
        assert!(page.contains("<span>Senet</span></a>"), "{page}");
    }

    #[test]
    fn the_page_in_english_is_the_page() {
        let page = localize(PAGE, "en");
        assert!(page.contains(">Rules</a>") && !page.contains("messages-en"));
    }

    #[test]
    fn a_cookie_outranks_the_browser() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("es-AR,es;q=0.9"),
        );
        assert_eq!(language(&headers), "es");
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; senet_lang=en"),
        );
        assert_eq!(language(&headers), "en");
        headers.insert(header::COOKIE, HeaderValue::from_static("senet_lang=zz"));
        assert_eq!(language(&headers), "es");
    }

    #[test]
    fn words_are_escaped() {
        assert_eq!(escape("a<b>&\"c\""), "a&lt;b&gt;&amp;&quot;c&quot;");
        assert_eq!(set_attribute("<a x=\"1\">", "x", "2"), "<a x=\"2\">");
        assert_eq!(set_attribute("<a>", "x", "2"), "<a x=\"2\">");
    }
}
