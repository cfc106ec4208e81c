//! `ssa apply`'s readable output. First what kubectl prints: one line per
//! object that went through (`deployment.apps/checkout
//! serverside-applied`) on stdout, warnings and refusals on stderr in
//! kubectl's words (one error with `error: `, several one per line, a
//! conflict followed by kubectl's advice). Then, for each object, what the
//! apply changes: fields added, changed, removed and why, fields the
//! applier dropped that another manager keeps, ownership that moves.

use ssa_engine::review::kubectl::{self, Command};
use ssa_engine::review::{ApplyOutcome, ObjectReview, Review};

/// What kubectl prints: its lines on stdout, warnings and errors on
/// stderr.
#[derive(Debug, Default)]
pub struct Printed {
    pub stdout: String,
    pub warnings: String,
    pub errors: String,
}

/// kubectl's own output for the review: success lines, warnings, errors.
pub fn kubectl_output(review: &Review, server_side: bool, command: Command) -> Printed {
    let mut out = Printed::default();
    for object in &review.objects {
        if let Some(warning) = kubectl::missing_annotation_warning(object, server_side) {
            out.warnings.push_str(&warning);
            out.warnings.push('\n');
        }
        if command == Command::Apply
            && let Some(line) = kubectl::success_line(object)
        {
            out.stdout.push_str(&line);
            out.stdout.push('\n');
        }
    }
    out.errors = errors_text(review, command);
    out
}

/// The errors as kubectl's `CheckErr` prints them: input errors first (the
/// resource builder's), then each refused object.
pub fn errors_text(review: &Review, command: Command) -> String {
    let refused = review
        .objects
        .iter()
        .filter(|o| !o.outcome.succeeded())
        .count();
    let alone = review.errors.len() + refused == 1;
    let mut messages: Vec<String> = review
        .errors
        .iter()
        .map(|e| {
            if alone {
                format!("error: {e}")
            } else {
                e.to_string()
            }
        })
        .collect();
    messages.extend(
        review
            .objects
            .iter()
            .filter_map(|o| kubectl::error_text(o, command, alone)),
    );
    messages.iter().map(|m| format!("{m}\n")).collect()
}

/// Each object's changes, after kubectl's lines.
pub fn changes_report(review: &Review, share: Option<&str>, show_untouched: bool) -> String {
    let mut out = String::new();
    for object in &review.objects {
        out.push('\n');
        out.push_str(&object_report(object, share));
    }
    if show_untouched && !review.untouched.is_empty() {
        out.push_str("\nLeft alone (in the export, named by no manifest):\n");
        for id in &review.untouched {
            out.push_str(&format!("  {id}\n"));
        }
    }
    out
}

/// One object: its name, where its manifest is, its outcome, then one
/// line per change.
pub fn object_report(object: &ObjectReview, share: Option<&str>) -> String {
    let mut out = format!(
        "{} ({}{}): {}\n",
        object.id.kubectl_name(),
        object.id.namespace.as_deref().map_or_else(
            || "cluster-scoped, ".to_string(),
            |ns| format!("namespace {ns}, ")
        ),
        object.origin,
        object.outcome.as_str()
    );
    let mut line = |label: &str, text: String| out.push_str(&format!("  {label:<8} {text}\n"));
    match object.outcome {
        ApplyOutcome::Conflict => {
            for conflict in &object.conflicts {
                let subresource = conflict
                    .subresource
                    .as_deref()
                    .map(|s| format!(" (subresource {s})"))
                    .unwrap_or_default();
                line(
                    "conflict",
                    format!(
                        "{} owned by {:?}{subresource}",
                        conflict.field, conflict.manager
                    ),
                );
            }
        }
        outcome if !outcome.succeeded() => line("refused", object.message.clone()),
        _ if object.before.is_none() => line("new", "the object does not exist yet".into()),
        _ if object.changes.is_empty() => line("same", "no field changes".into()),
        _ => {
            let changes = &object.changes;
            for field in &changes.modified {
                line("changed", field.clone());
            }
            for field in &changes.added {
                line("added", field.clone());
            }
            for (field, why) in &changes.removed {
                line("removed", format!("{field} ({why})"));
            }
            for (field, owners) in &changes.kept {
                line(
                    "kept",
                    format!(
                        "{field} (no longer applied; still owned by {})",
                        owners.join(", ")
                    ),
                );
            }
            for (field, was, now) in &changes.moved {
                line(
                    "owners",
                    format!("{field}: {} → {}", was.join(", "), now.join(", ")),
                );
            }
        }
    }
    for note in &object.notes {
        line("note", note.clone());
    }
    if object.deduced_schema {
        line(
            "note",
            "no schema: merged with the deduced one (--deduced-schema: maps granular, lists atomic)"
                .into(),
        );
    }
    if let (Some(base), Some(text)) = (share, object.scenario_text()) {
        line("open", share_link(base, &text));
    }
    out
}

/// The playground's address with the scenario in its `#s=` fragment.
pub fn share_link(base: &str, scenario: &str) -> String {
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}#{}", ssa_engine::share::encode_fragment(scenario))
}
