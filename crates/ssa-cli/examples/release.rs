//! Writes the review benchmark's generated inputs (the real-shaped
//! fixtures of tests/review copied under numbered names, as `cargo bench
//! -p ssa-cli --bench review` builds them) to two files, for the page's
//! benchmark (tests/e2e/perf.bench.mjs) to paste into the review page:
//!
//!   cargo run -p ssa-cli --example release -- COPIES OUT_DIR
//!
//! `OUT_DIR/export.yaml` and `OUT_DIR/release.yaml`; 25 copies make a
//! 200-object release.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line tool: it prints the count and its errors"
)]

use ssa_cli::release::generate;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(copies), Some(out)) = (
        args.first().and_then(|n| n.parse::<usize>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: release COPIES OUT_DIR");
        return ExitCode::from(2);
    };
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/review");
    let read = |path: &str| std::fs::read_to_string(fixtures.join(path));
    let (export, release) = match (read("live/shop.yaml"), read("helm-template.yaml")) {
        (Ok(export), Ok(release)) => (export, release),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("reading the fixtures in {}: {e}", fixtures.display());
            return ExitCode::FAILURE;
        }
    };
    let data = generate(&export, &release, copies);
    let out = PathBuf::from(out);
    let written = std::fs::create_dir_all(&out)
        .and_then(|()| std::fs::write(out.join("export.yaml"), &data.export))
        .and_then(|()| std::fs::write(out.join("release.yaml"), &data.manifests));
    if let Err(e) = written {
        eprintln!("writing to {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    println!("{}", data.objects);
    ExitCode::SUCCESS
}
