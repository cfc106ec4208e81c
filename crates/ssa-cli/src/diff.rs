//! `ssa diff`: what `kubectl diff` prints. Each object's live version and
//! its dry-run result are written (in kubectl's naming) to a `LIVE-…` and
//! a `MERGED-…` directory and compared by `diff -u -N`; here the engine
//! writes the same unified diff without a temporary directory, so the
//! directories are fixed names and the lines carry no timestamps.

use crate::cli::DiffArgs;
use crate::report::errors_text;
use crate::review::review_inputs;
use ssa_engine::review::kubectl::Command;
use ssa_engine::review::{DiffOptions, ObjectDiff, object_diff, unified_diff};
use std::process::ExitCode;

const LIVE_DIR: &str = "/tmp/LIVE-ssa";
const MERGED_DIR: &str = "/tmp/MERGED-ssa";

pub fn diff(args: &DiffArgs) -> ExitCode {
    let review = match review_inputs(&args.review, None, false, true) {
        Ok(review) => review,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let options = DiffOptions {
        show_managed_fields: args.show_managed_fields,
        show_secrets: args.show_secrets,
    };
    let mut diffs: Vec<ObjectDiff> = review
        .objects
        .iter()
        .filter_map(|o| object_diff(o, options))
        .collect();
    // diff(1) compares the directories' files in name order.
    diffs.sort_by(|a, b| a.name.cmp(&b.name));
    let text: String = diffs.iter().map(diff_text).collect();
    crate::out!("{text}");
    // kubectl diff stops at its first error; every error is reported here,
    // and the objects that went through are still diffed.
    eprint!("{}", errors_text(&review, Command::Diff));
    if !review.errors.is_empty() || review.has_refusals() {
        ExitCode::from(2)
    } else if text.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `diff -u -N LIVE/name MERGED/name` and its unified diff; empty when the
/// object would not change.
pub fn diff_text(diff: &ObjectDiff) -> String {
    let from = format!("{LIVE_DIR}/{}", diff.name);
    let to = format!("{MERGED_DIR}/{}", diff.name);
    let body = unified_diff(&diff.live, &diff.merged, &from, &to);
    if body.is_empty() {
        body
    } else {
        format!("diff -u -N {from} {to}\n{body}")
    }
}
