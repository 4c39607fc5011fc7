//! The rule sets: each rule set's model tests (one test for every rule and
//! every Decision of its spec), the text forms built on them, property and
//! differential tests against the independent reference implementations,
//! and those references' own self-tests.
//!
//! One test binary instead of one per file: the support modules below
//! (above all the references in `reference_rules/`) are compiled and linked
//! once. Every module is a former `tests/<name>.rs`, so a test keeps its
//! name with the module as its prefix (`model_simple::...`).
//!
//! Proptest keeps its regressions next to the binary's folder, in
//! `tests/proptest-regressions/<module>.txt`.

// Support, shared by the modules below.
mod common;
mod modern_adapter;
mod modern_support;
mod peril_common;
mod reference;
mod reference_rules;
mod sticks;

// The standard rules (`rules-kendall.md`).
mod model_kendall;
mod moves_text;
mod properties;
mod rules_kendall;

// Kendall's seven-piece game, the simple rules and Jéquier's.
mod model_jequier;
mod model_kendall7;
mod model_simple;

// Senet-modern.
mod model_modern;
mod model_modern_eliminate;
mod model_modern_end;
mod model_modern_moves;
mod model_modern_props;
mod model_modern_reference;

// Path of Peril.
mod model_peril;
mod model_peril_differential;
mod model_peril_random;
mod model_peril_squares;
mod peril_text;

// Every rule set at once.
mod fair;
mod model_blocked;
mod model_description;
mod model_thrower;
mod model_view;
mod reasons;

// The independent references' self-tests.
mod reference_rules_selftest;
mod reference_selftest;
