//! Support for the corpus tests: running one scenario against its recorded
//! result, the skip list, and the check that `tests/corpus` is a current
//! copy of `../shared/corpus`.
//!
//! The skip list (`tests/corpus/SKIP`) names the scenarios the engine cannot
//! pass yet, each with its reason. It may only shrink: a skipped scenario
//! that starts passing fails its test until it is taken off the list.
#![allow(
    clippy::panic,
    clippy::print_stderr,
    reason = "test support reports through panics and stderr"
)]

pub mod lesson_check;
pub mod smd;

use ssa_engine::scenario;
use ssa_engine::value::Value;
use std::path::{Path, PathBuf};

include!("stems.rs");

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// The shared corpus beside the repository, where new scenarios arrive.
fn shared_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

/// `(name, reason)` of every skipped scenario.
pub fn skip_list() -> Vec<(String, String)> {
    read_skip_list(&corpus_dir().join("SKIP"))
}

/// The lines of a skip list (the corpus's or the SMD suite's): `NAME
/// REASON`, blank lines and `#` comments left out.
pub fn read_skip_list(file: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((name, reason)) => (name.to_string(), reason.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// Runs scenario `name` and compares it with `name.result.json`.
fn run(name: &str) -> Result<(), String> {
    let dir = corpus_dir();
    let text =
        std::fs::read_to_string(dir.join(format!("{name}.yaml"))).map_err(|e| e.to_string())?;
    let result = scenario::run_scenario_text_without_views(&text)
        .map_err(|e| format!("unusable scenario: {e}"))?;
    // A scenario without a recorded result is checked by its `expect` blocks.
    if let Ok(recorded) = std::fs::read_to_string(dir.join(format!("{name}.result.json"))) {
        let expected =
            Value::from_json_str(&recorded).map_err(|e| format!("bad recorded result: {e}"))?;
        if let Some(diff) = scenario::compare_results(&expected, &result.to_value()) {
            return Err(diff);
        }
    }
    for (i, step) in result.steps.iter().enumerate() {
        if let Some(f) = step.expectation_failures.first() {
            return Err(format!("steps[{i}].expect: {f}"));
        }
    }
    Ok(())
}

/// The test of one corpus scenario.
pub fn check_scenario(name: &str) {
    let skipped = skip_list().into_iter().find(|(n, _)| n == name);
    match (run(name), skipped) {
        (Ok(()), None) => {}
        (Err(diff), None) => panic!("{name}: {diff}"),
        (Err(_), Some((_, reason))) => eprintln!("{name}: skipped ({reason})"),
        (Ok(()), Some(_)) => panic!("{name} passes now: take it off tests/corpus/SKIP"),
    }
}

/// Fails when `tests/corpus` differs from `../shared/corpus` (when that is
/// there), saying how to re-sync.
pub fn check_copy_is_current() {
    let shared = shared_corpus();
    let Ok(entries) = std::fs::read_dir(&shared) else {
        eprintln!(
            "{} not found: nothing to compare the corpus copy with",
            shared.display()
        );
        return;
    };
    let mut differences = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = std::fs::read(corpus_dir().join(&name)).ok();
        let theirs = std::fs::read(entry.path()).ok();
        if ours != theirs {
            differences.push(name);
        }
    }
    differences.sort();
    assert!(
        differences.is_empty(),
        "tests/corpus differs from ../shared/corpus in {differences:?}; re-sync with `cp ../shared/corpus/* tests/corpus/`"
    );
}

/// Every name on the skip list is a scenario of the corpus.
pub fn check_skip_list() {
    for (name, reason) in skip_list() {
        assert!(
            corpus_dir().join(format!("{name}.yaml")).exists(),
            "SKIP names {name}, which is not in the corpus"
        );
        assert!(!reason.is_empty(), "SKIP gives no reason for {name}");
    }
}
