//! `ssa apply -o markdown`: the review as a pull-request comment (GitHub
//! and GitLab flavoured Markdown): a table of outcomes, each refusal with
//! the server's message, pruned fields and fields that change hands, and
//! a collapsed `kubectl diff` per object.

use crate::cli::ReviewArgs;
use crate::diff::diff_text;
use crate::report::share_link;
use ssa_engine::review::{DiffOptions, ObjectReview, Review, object_diff};

pub fn report(review: &Review, args: &ReviewArgs, share: Option<&str>) -> String {
    let mut out = format!("### Server-Side Apply review: `{}`\n\n", command_line(args));
    out.push_str(&summary(review));
    out.push_str("\n\n| | object | namespace | outcome | changes |\n|---|---|---|---|---|\n");
    for object in &review.objects {
        let mark = if object.outcome.succeeded() {
            "✅"
        } else {
            "❌"
        };
        let name = match (share, object.scenario_text()) {
            (Some(base), Some(text)) => format!(
                "[`{}`]({})",
                object.id.kubectl_name(),
                share_link(base, &text)
            ),
            _ => format!("`{}`", object.id.kubectl_name()),
        };
        out.push_str(&format!(
            "| {mark} | {name} | {} | {} | {} |\n",
            object.id.namespace.as_deref().unwrap_or("—"),
            object.outcome.as_str(),
            cell(&change_counts(object))
        ));
    }
    if !review.errors.is_empty() {
        out.push_str("\n**Inputs that could not be used**\n\n");
        for error in &review.errors {
            out.push_str(&format!("- `{}`: {}\n", error.origin, error.message));
        }
    }
    for object in &review.objects {
        out.push_str(&object_section(object));
    }
    out
}

/// `ssa apply --server-side --field-manager=ci …` as given.
fn command_line(args: &ReviewArgs) -> String {
    let mut line = String::from("kubectl apply");
    if args.server_side {
        line.push_str(" --server-side");
    }
    if let Some(manager) = &args.field_manager {
        line.push_str(&format!(" --field-manager={manager}"));
    }
    if args.force_conflicts {
        line.push_str(" --force-conflicts");
    }
    line
}

fn summary(review: &Review) -> String {
    let total = review.objects.len();
    let refused = review
        .objects
        .iter()
        .filter(|o| !o.outcome.succeeded())
        .count();
    let mut text = format!(
        "{total} object{}: {} applied, {refused} refused",
        if total == 1 { "" } else { "s" },
        total - refused
    );
    if !review.errors.is_empty() {
        text.push_str(&format!(", {} input error(s)", review.errors.len()));
    }
    text.push('.');
    text
}

fn change_counts(object: &ObjectReview) -> String {
    if !object.outcome.succeeded() {
        return String::new();
    }
    if object.before.is_none() {
        return "new object".into();
    }
    let c = &object.changes;
    let parts: Vec<String> = [
        (c.modified.len(), "changed"),
        (c.added.len(), "added"),
        (c.removed.len(), "removed"),
        (c.moved.len(), "change hands"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    if parts.is_empty() {
        "no change".into()
    } else {
        parts.join(", ")
    }
}

/// The refusal, the pruned fields, the moves and the diff of one object.
fn object_section(object: &ObjectReview) -> String {
    let name = object.id.kubectl_name();
    let mut out = String::new();
    if !object.outcome.succeeded() {
        out.push_str(&format!(
            "\n#### ❌ `{name}` ({})\n\n{}",
            object.origin,
            fenced("", &object.message)
        ));
        return out;
    }
    let changes = &object.changes;
    let mut body = String::new();
    for (field, why) in &changes.removed {
        body.push_str(&format!("- removed `{field}`: {why}\n"));
    }
    for (field, owners) in &changes.kept {
        body.push_str(&format!(
            "- `{field}` is no longer applied but stays: owned by {}\n",
            owners.join(", ")
        ));
    }
    for (field, was, now) in &changes.moved {
        body.push_str(&format!(
            "- `{field}` changes hands: {} → {}\n",
            was.join(", "),
            now.join(", ")
        ));
    }
    let diff = object_diff(object, DiffOptions::default())
        .map(|diff| diff_text(&diff))
        .unwrap_or_default();
    if !diff.is_empty() {
        body.push_str(&format!(
            "\n<details><summary>Diff</summary>\n\n{}\n</details>\n",
            fenced("diff", &diff)
        ));
    }
    if !body.is_empty() {
        out.push_str(&format!("\n#### `{name}`\n\n{body}"));
    }
    out
}

/// A fenced code block long enough not to be closed by its content.
fn fenced(language: &str, text: &str) -> String {
    let mut fence = String::from("```");
    while text.contains(&fence) {
        fence.push('`');
    }
    let newline = if text.ends_with('\n') { "" } else { "\n" };
    format!("{fence}{language}\n{text}{newline}{fence}\n")
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}
