//! Generates one test per scenario of `tests/corpus/`, named after the file
//! (`corpus_024_smd_leaf_apply_update_apply_conflict`), so a failure names
//! its scenario and `cargo test corpus_024` runs one.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|n| n.strip_suffix(".yaml").map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::new();
    for name in &names {
        let ident: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "#[test]\nfn corpus_{ident}() {{\n    ssa_corpus_tests::check_scenario({name:?});\n}}\n"
        );
    }
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string());
    let _ = std::fs::write(Path::new(&out_dir).join("corpus_tests.rs"), out);
}
