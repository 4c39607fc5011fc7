//! The catalogues are complete and used: every language has exactly the
//! English keys, every key the engine, the page or the server asks for
//! exists, and every key is asked for by someone. The English words of the
//! rule sets are checked against the specs (`shared/spec/rules-*.md`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use senet_engine::RuleSetId;
use senet_text::{SOURCE_LANGUAGE, has, keys, languages, problems, text};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file under `dir` whose name ends with `ext`.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.to_string_lossy().ends_with(ext) {
                found.push(path);
            }
        }
    }
    found
}

/// The keys the engine's descriptions give: rule set names and summaries,
/// special squares and their effects, colours.
fn engine_keys() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for id in RuleSetId::ALL {
        let d = id.description();
        found.insert(d.name);
        found.insert(d.summary);
        for s in d.special_squares {
            found.insert(s.name);
            found.insert(s.effect);
        }
        for c in d.colours {
            found.insert(c.name);
        }
    }
    found
}

/// Every key-shaped string literal (`'room-throw'`, `"rule-set-kendall"`)
/// in the sources that read catalogues: the web client's modules and page,
/// and the Rust crates (the server and the CLI name keys as literals too).
fn quoted_in_sources() -> BTreeSet<String> {
    let mut sources: Vec<PathBuf> = files(&root().join("web-client/src"), ".js");
    sources.push(root().join("web-client/index.html"));
    for krate in fs::read_dir(root().join("crates")).unwrap().flatten() {
        sources.extend(files(&krate.path().join("src"), ".rs"));
    }
    let key_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    let mut found = BTreeSet::new();
    for path in sources {
        let source = fs::read_to_string(&path).unwrap();
        for (at, quote) in source.match_indices(['\'', '"', '`']) {
            let rest = &source[at + 1..];
            let key: String = rest.chars().take_while(|&c| key_char(c)).collect();
            if !key.is_empty() && rest[key.len()..].starts_with(quote) {
                found.insert(key);
            }
        }
    }
    found
}

#[test]
fn every_catalogue_parses() {
    assert_eq!(problems(), Vec::<String>::new());
}

#[test]
fn every_language_has_exactly_the_english_keys() {
    let english: BTreeSet<String> = keys(SOURCE_LANGUAGE).into_iter().collect();
    assert!(english.len() > 100, "English has {} keys", english.len());
    for lang in languages() {
        let own: BTreeSet<String> = keys(lang).into_iter().collect();
        let missing: Vec<_> = english.difference(&own).collect();
        let extra: Vec<_> = own.difference(&english).collect();
        assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang}.ftl has keys English does not: {extra:?}"
        );
    }
}

#[test]
fn every_key_the_engine_gives_is_in_every_language() {
    for lang in languages() {
        for key in engine_keys() {
            assert!(has(lang, &key), "{lang}.ftl lacks the engine's {key}");
        }
    }
}

#[test]
fn every_key_the_page_asks_for_exists() {
    let english: BTreeSet<String> = keys(SOURCE_LANGUAGE).into_iter().collect();
    let mut asked = BTreeSet::new();
    for path in files(&root().join("web-client/src"), ".js") {
        let source = fs::read_to_string(&path).unwrap();
        // t('key' …) and has('key'): the calls that name a key directly
        // (not `get('…')` nor `set.has('…')`, nor a comment's example).
        let code = source
            .lines()
            .filter(|l| !l.trim_start().starts_with("//") && !l.trim_start().starts_with('*'));
        for line in code {
            for call in ["t('", "has('"] {
                for (at, _) in line.match_indices(call) {
                    let before = line[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_ascii_alphanumeric() || "_$.".contains(c)) {
                        continue;
                    }
                    let rest = &line[at + call.len()..];
                    let key: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
                        .collect();
                    if !key.is_empty() && rest[key.len()..].starts_with('\'') {
                        asked.insert((key, path.clone()));
                    }
                }
            }
        }
    }
    let html = fs::read_to_string(root().join("web-client/index.html")).unwrap();
    for piece in html.split("data-l10n-id=\"").skip(1) {
        let key = piece.split('"').next().unwrap().to_owned();
        asked.insert((key, root().join("web-client/index.html")));
    }
    assert!(asked.len() > 20, "only {} keys asked for", asked.len());
    let unknown: Vec<_> = asked
        .iter()
        .filter(|(key, _)| {
            // `page-brand` is asked for its attribute (.aria-label).
            !english.contains(key) && !english.iter().any(|k| k.starts_with(&format!("{key}.")))
        })
        .map(|(key, path)| format!("{key} ({})", path.display()))
        .collect();
    assert!(
        unknown.is_empty(),
        "asked for, but in no catalogue: {unknown:?}"
    );
}

#[test]
fn every_key_is_used() {
    let quoted = quoted_in_sources();
    let engine = engine_keys();
    let unused: Vec<String> = keys(SOURCE_LANGUAGE)
        .into_iter()
        .filter(|key| {
            let id = key.split('.').next().unwrap_or(key);
            // An attribute is used when its message is asked for whole
            // (the page's data-l10n-id elements take every attribute).
            !(quoted.contains(key) || quoted.contains(id) || engine.contains(key))
        })
        .collect();
    assert!(unused.is_empty(), "keys nobody asks for: {unused:?}");
}

/// A special square from the spec: its number, its English name, and
/// words its English effect must say.
type SpecSquare = (u8, &'static str, &'static [&'static str]);

/// `rules-kendall.md`, "Special squares".
const KENDALL: &[SpecSquare] = &[
    (15, "House of Rebirth", &["House of Water"]),
    (26, "House of Happiness", &["stop", "below 26", "beyond 26"]),
    (
        27,
        "House of Water",
        &["15", "highest empty square below 15"],
    ),
    (28, "House of Three Truths", &["Protected", "exactly 3"]),
    (29, "House of Re-Atoum", &["Protected", "exactly 2"]),
    (30, "House of Horus", &["exactly 1", "not protected"]),
];

/// `rules-kendall7.md`: the standard squares; 15, 26, 28 and 29 safe.
const KENDALL7: &[SpecSquare] = &[
    (15, "House of Rebirth", &["Safe", "14", "House of Water"]),
    (26, "House of Happiness", &["Safe", "stop"]),
    (
        27,
        "House of Water",
        &["15", "highest empty square below 15"],
    ),
    (28, "House of Three Truths", &["Safe", "exactly 3"]),
    (29, "House of Re-Atoum", &["Safe", "exactly 2"]),
    (30, "House of Horus", &["exactly 1", "not protected"]),
];

/// `rules-jequier.md`: the refuges 26, 28, 29, 30 and the House of Water.
const JEQUIER: &[SpecSquare] = &[
    (26, "Refuge", &["Protected"]),
    (27, "House of Water", &["square 1", "lowest empty square"]),
    (28, "Refuge", &["Protected"]),
    (29, "Refuge", &["Protected"]),
    (30, "Refuge", &["Protected", "21-30", "any throw"]),
];

/// `rules-simple.md`: the safe squares 26, 28, 29 and the water on 27.
const SIMPLE: &[SpecSquare] = &[
    (26, "Safe square", &["defended"]),
    (27, "Water", &["15", "nearest empty square below"]),
    (28, "Safe square", &["Defended", "exactly 3"]),
    (29, "Safe square", &["Defended", "exactly 2"]),
];

/// `rules-peril.md`, "Special squares".
const PERIL: &[SpecSquare] = &[
    (15, "Ankh of Rebirth", &["reserve", "1, 2 and 3"]),
    (26, "Vulture's Perch", &["1-4", "own", "5-6", "opponent"]),
    (
        27,
        "River of Oblivion",
        &["Every pawn", "1, 2 or 3", "reserve"],
    ),
    (28, "Trial of the Three Gods", &["3 wins", "rolled square"]),
    (29, "Eye of Judgment", &["removed"]),
    (30, "Gates of Aaru", &["6", "later turn", "captured"]),
];

/// `rules-modern.md`: the Sun, the Moon, the Bird and the safe 28-30.
const MODERN: &[SpecSquare] = &[
    (1, "Sun", &["start", "for good"]),
    (26, "Moon", &["Sun"]),
    (27, "Bird", &["15", "nearest empty square below", "illegal"]),
    (28, "Safe square", &["outside 26-30", "must move"]),
    (29, "Safe square", &["outside 26-30", "must move"]),
    (30, "Safe square", &["outside 26-30", "goal"]),
];

fn spec(id: RuleSetId) -> &'static [SpecSquare] {
    match id {
        RuleSetId::Kendall => KENDALL,
        RuleSetId::Kendall7 => KENDALL7,
        RuleSetId::Jequier => JEQUIER,
        RuleSetId::Simple => SIMPLE,
        RuleSetId::Peril => PERIL,
        RuleSetId::Modern => MODERN,
    }
}

#[test]
fn the_english_special_squares_are_the_specs() {
    for id in RuleSetId::ALL {
        let description = id.description();
        let table = spec(id);
        assert_eq!(description.special_squares.len(), table.len(), "{id}");
        for (special, &(number, name, words)) in description.special_squares.iter().zip(table) {
            assert_eq!(special.square.number(), number, "{id}");
            assert_eq!(
                text("en", &special.name, None),
                name,
                "{id} square {number}"
            );
            let effect = text("en", &special.effect, None);
            assert!(!effect.contains('\n'), "{id} square {number}: one line");
            for word in words {
                assert!(
                    effect.contains(word),
                    "{id} square {number}: `{effect}` says nothing of `{word}`"
                );
            }
        }
    }
}

#[test]
fn the_english_colours_are_the_specs() {
    let names = |id: RuleSetId| -> Vec<String> {
        id.description()
            .colours
            .iter()
            .map(|c| text("en", &c.name, None))
            .collect()
    };
    assert_eq!(names(RuleSetId::Kendall), ["Cone", "Spool"]);
    assert_eq!(names(RuleSetId::Jequier), ["White", "Black"]);
    assert_eq!(names(RuleSetId::Modern), ["P1", "P2", "P3", "P4"]);
}

#[test]
fn every_rule_set_has_a_name_and_a_summary_in_every_language() {
    for lang in languages() {
        for id in RuleSetId::ALL {
            let d = id.description();
            let name = text(lang, &d.name, None);
            let summary = text(lang, &d.summary, None);
            assert!(!name.is_empty() && name != d.name, "{lang} {id}");
            assert!(summary.len() > 40, "{lang} {id}: {summary}");
        }
    }
    // The names differ by language where the words do.
    assert_ne!(
        text("en", "rule-set-peril", None),
        text("es", "rule-set-peril", None)
    );
}
