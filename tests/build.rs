//! Generates one test per scenario of `tests/corpus/`, named after the file
//! (`corpus_024_smd_leaf_apply_update_apply_conflict`), so a failure names
//! its scenario and `cargo test corpus_024` runs one; and one test per case
//! of `tests/smd_suite/*.yaml` (`smd_set_testupdateset_apply_twice`). Case
//! names are read from lines `- name: CASE` at the start of a line, the
//! form every suite file keeps its cases in; and one test per lesson of
//! `../lessons/` (`lesson_01_field_management`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// A Rust identifier made of `name`: lowercase alphanumerics and `_`.
fn ident(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

include!("stems.rs");

/// [`yaml_stems`], rebuilding the tests when `dir` changes.
fn watched_stems(dir: &Path) -> Vec<String> {
    println!("cargo::rerun-if-changed={}", dir.display());
    yaml_stems(dir)
}

/// One test per scenario file of `dir`, named `PREFIX_FILE`, calling
/// `check(FILE)`: the corpus (`ssa_corpus_tests::check_scenario`) and the
/// lessons of `../lessons/` (a scenario and its narrative).
fn file_tests(dir: &Path, prefix: &str, check: &str) -> String {
    let mut out = String::new();
    for name in watched_stems(dir) {
        let ident = ident(&name);
        let _ = writeln!(
            out,
            "#[test]\nfn {prefix}_{ident}() {{\n    {check}({name:?});\n}}\n"
        );
    }
    out
}

fn smd_suite_tests(root: &Path) -> String {
    let dir = root.join("smd_suite");
    let mut out = String::new();
    let mut taken = BTreeSet::new();
    for file in watched_stems(&dir) {
        let path = dir.join(format!("{file}.yaml"));
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for case in text.lines().filter_map(|l| l.strip_prefix("- name: ")) {
            let case = case.trim();
            let base = format!("smd_{}_{}", ident(&file), ident(case));
            let mut name = base.clone();
            let mut n = 2;
            while !taken.insert(name.clone()) {
                name = format!("{base}_{n}");
                n += 1;
            }
            let _ = writeln!(
                out,
                "#[test]\nfn {name}() {{\n    ssa_corpus_tests::smd::check_case({file:?}, {case:?});\n}}\n"
            );
        }
    }
    out
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string());
    let out_dir = Path::new(&out_dir);
    let lessons = "ssa_corpus_tests::lesson_check::check_lesson";
    for (file, text) in [
        (
            "corpus_tests.rs",
            file_tests(
                &root.join("corpus"),
                "corpus",
                "ssa_corpus_tests::check_scenario",
            ),
        ),
        ("smd_suite_tests.rs", smd_suite_tests(root)),
        (
            "lesson_tests.rs",
            file_tests(&root.join("../lessons"), "lesson", lessons),
        ),
    ] {
        let _ = std::fs::write(out_dir.join(file), text);
    }
}
