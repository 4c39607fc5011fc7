//! Builds in every catalogue `web-client/locales/<lang>.ftl`: a language is
//! added by adding its file, with no list to keep.

use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web-client/locales");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut found: Vec<(String, String)> = Vec::new();
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(lang) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".ftl"))
        else {
            continue;
        };
        println!("cargo:rerun-if-changed={}", path.display());
        let full = fs::canonicalize(&path).unwrap_or(path.clone());
        found.push((lang.to_owned(), full.display().to_string()));
    }
    found.sort();
    let mut out = String::from("/// Every catalogue as (language, contents), by language.\n");
    out.push_str("pub static CATALOGUES: &[(&str, &str)] = &[\n");
    for (lang, path) in &found {
        out.push_str(&format!("    ({lang:?}, include_str!({path:?})),\n"));
    }
    out.push_str("];\n");
    let target = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("catalogues.rs");
    fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
