//! Senet Online's words, in every language it has: the Project Fluent
//! catalogues `web-client/locales/<lang>.ftl`, built into the binary. The
//! browser loads the same files, so the server, the CLI and the page say
//! every message the same way.
//!
//! The engine gives message keys (`rule-set-kendall`,
//! `square-kendall-26.effect`), never sentences; this crate turns a key into
//! words in a language ([`text`]), picks a language for a request
//! ([`negotiate`]), and lists what a catalogue holds for the tests that
//! keep every language complete ([`keys`]).
#![forbid(unsafe_code)]

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentArgs;

mod catalogues {
    include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));
}

/// The language every catalogue is checked against, and the one a key
/// missing elsewhere falls back to.
pub const SOURCE_LANGUAGE: &str = "en";

/// One language's catalogue, parsed.
struct Language {
    tag: &'static str,
    id: LanguageIdentifier,
    source: &'static str,
    bundle: FluentBundle<FluentResource>,
    /// What did not parse, one line each (the tests require none).
    errors: Vec<String>,
}

static LANGUAGES: LazyLock<Vec<Language>> = LazyLock::new(|| {
    catalogues::CATALOGUES
        .iter()
        .filter_map(|&(tag, source)| {
            let id: LanguageIdentifier = tag.parse().ok()?;
            let mut errors = Vec::new();
            let resource =
                FluentResource::try_new(source.to_owned()).unwrap_or_else(|(resource, parse)| {
                    errors.extend(parse.iter().map(|e| format!("{tag}.ftl: {e:?}")));
                    resource
                });
            let mut bundle = FluentBundle::new_concurrent(vec![id.clone()]);
            // Isolation marks would end up inside names and numbers; no
            // language here is written right to left.
            bundle.set_use_isolating(false);
            if let Err(added) = bundle.add_resource(resource) {
                errors.extend(added.iter().map(|e| format!("{tag}.ftl: {e:?}")));
            }
            Some(Language {
                tag,
                id,
                source,
                bundle,
                errors,
            })
        })
        .collect()
});

fn language(tag: &str) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.tag == tag)
}

/// The languages there are catalogues for, by tag (`en`, `es`, …).
#[must_use]
pub fn languages() -> Vec<&'static str> {
    LANGUAGES.iter().map(|l| l.tag).collect()
}

/// A language's catalogue as written (the browser is sent this).
#[must_use]
pub fn catalogue(tag: &str) -> Option<&'static str> {
    language(tag).map(|l| l.source)
}

/// What in the catalogues failed to parse or load, one line each.
#[must_use]
pub fn problems() -> Vec<String> {
    LANGUAGES.iter().flat_map(|l| l.errors.clone()).collect()
}

/// The language to answer in: the reader's own choice when there is a
/// catalogue for it (a remembered cookie), else the best match for the
/// browser's `Accept-Language`, else [`SOURCE_LANGUAGE`].
#[must_use]
pub fn negotiate(chosen: Option<&str>, accept_language: Option<&str>) -> &'static str {
    if let Some(own) = chosen.and_then(language) {
        return own.tag;
    }
    let requested =
        accept_language.map_or_else(Vec::new, fluent_langneg::accepted_languages::parse);
    let available: Vec<LanguageIdentifier> = LANGUAGES.iter().map(|l| l.id.clone()).collect();
    let default: LanguageIdentifier = SOURCE_LANGUAGE.parse().unwrap_or_default();
    let best = fluent_langneg::negotiate_languages(
        &requested,
        &available,
        Some(&default),
        fluent_langneg::NegotiationStrategy::Lookup,
    );
    best.first()
        .and_then(|id| LANGUAGES.iter().find(|l| &&l.id == id))
        .map_or(SOURCE_LANGUAGE, |l| l.tag)
}

/// The words of `key` (a message id, or `id.attribute`) in language `tag`
/// with `args`; English where that language lacks the key; the key itself
/// where no catalogue has it (so a missing text shows, rather than
/// nothing).
#[must_use]
pub fn text(tag: &str, key: &str, args: Option<&FluentArgs>) -> String {
    for lang in [language(tag), language(SOURCE_LANGUAGE)]
        .into_iter()
        .flatten()
    {
        if let Some(pattern) = lang.pattern(key) {
            let mut errors = Vec::new();
            let words: Cow<'_, str> = lang.bundle.format_pattern(pattern, args, &mut errors);
            return words.into_owned();
        }
    }
    key.to_owned()
}

/// Whether language `tag`'s own catalogue has `key` (no fallback).
#[must_use]
pub fn has(tag: &str, key: &str) -> bool {
    language(tag).is_some_and(|l| l.pattern(key).is_some())
}

impl Language {
    /// The pattern of `key`: a message's value (`id`) or one of its
    /// attributes (`id.attribute`).
    fn pattern(&self, key: &str) -> Option<&fluent_syntax::ast::Pattern<&str>> {
        let (id, attribute) = key
            .split_once('.')
            .map_or((key, None), |(i, a)| (i, Some(a)));
        let message = self.bundle.get_message(id)?;
        match attribute {
            Some(name) => message.get_attribute(name).map(|a| a.value()),
            None => message.value(),
        }
    }
}

/// Every key of language `tag`'s catalogue: each message with a value
/// (`id`) and each attribute (`id.attribute`), in the file's order. Terms
/// (`-brand`) are the catalogue's own and not listed.
#[must_use]
pub fn keys(tag: &str) -> Vec<String> {
    let Some(lang) = language(tag) else {
        return Vec::new();
    };
    let resource = match FluentResource::try_new(lang.source.to_owned()) {
        Ok(r) | Err((r, _)) => r,
    };
    let mut keys = Vec::new();
    for entry in resource.entries() {
        if let fluent_syntax::ast::Entry::Message(message) = entry {
            let id = message.id.name;
            if message.value.is_some() {
                keys.push(id.to_owned());
            }
            keys.extend(
                message
                    .attributes
                    .iter()
                    .map(|a| format!("{id}.{}", a.id.name)),
            );
        }
    }
    keys
}

/// Arguments for [`text`] from (name, value) pairs; numbers stay numbers,
/// so plurals and digits follow the language.
#[must_use]
pub fn args<'a>(pairs: &[(&'a str, FluentValue<'a>)]) -> FluentArgs<'a> {
    let mut args = FluentArgs::new();
    for (name, value) in pairs {
        args.set(*name, value.clone());
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_spanish_are_built_in() {
        assert!(languages().contains(&"en"), "{:?}", languages());
        assert!(languages().contains(&"es"), "{:?}", languages());
        assert_eq!(text("en", "nav-rules", None), "Rules");
        assert_eq!(text("es", "nav-rules", None), "Reglas");
        assert!(text("es", "page-description.content", None).starts_with("Juega"));
    }

    #[test]
    fn a_missing_key_reads_as_itself() {
        assert_eq!(text("es", "no-such-message", None), "no-such-message");
        assert!(!has("es", "no-such-message"));
    }

    #[test]
    fn the_choice_first_then_the_browser_then_english() {
        assert_eq!(negotiate(Some("es"), Some("en-US,en;q=0.9")), "es");
        assert_eq!(negotiate(Some("xx"), Some("es-MX,es;q=0.9,en;q=0.5")), "es");
        assert_eq!(negotiate(None, Some("es-ES")), "es");
        assert_eq!(negotiate(None, Some("de-DE,fr;q=0.8")), "en");
        assert_eq!(negotiate(None, Some("de, es;q=0.5, en;q=0.4")), "es");
        assert_eq!(negotiate(None, None), "en");
        assert_eq!(negotiate(None, Some("garbage;;;")), "en");
    }
}
