//! `ssa apply`: what `kubectl apply` would do to the objects of a cluster
//! export, in kubectl's words, then what changes in each object.

use crate::cli::{ApplyArgs, ApplyFormat};
use crate::report::{changes_report, kubectl_output};
use crate::review::review_inputs;
use crate::{markdown, output};
use ssa_engine::review::Review;
use ssa_engine::review::kubectl::Command;
use std::io::Write;
use std::process::ExitCode;

pub fn apply(args: &ApplyArgs) -> ExitCode {
    let review = match review_inputs(&args.review, args.subresource.as_deref(), true, false) {
        Ok(review) => review,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let server_side = args.review.server_side;
    let share = args.share.then_some(args.playground_url.as_str());
    let printed = kubectl_output(&review, server_side, Command::Apply);
    match args.output {
        None => {
            crate::out!("{}", printed.stdout);
            // kubectl's lines first, then its errors, then the details.
            let _ = std::io::stdout().flush();
            eprint!("{}{}", printed.warnings, printed.errors);
            crate::out!("{}", changes_report(&review, share, args.show_untouched));
        }
        Some(format @ (ApplyFormat::Yaml | ApplyFormat::Json)) => {
            eprint!("{}", printed.warnings);
            if review.errors.is_empty() && !review.has_refusals() {
                // kubectl prints the objects only when every one went through.
                let objects = review.objects.iter().filter_map(|o| o.after.clone());
                let document = output::printed_document(objects.collect());
                match format {
                    ApplyFormat::Json => crate::outln!("{}", output::json(&document)),
                    _ => crate::out!("{}", output::yaml(&document)),
                }
            } else {
                eprint!("{}", printed.errors);
            }
        }
        Some(ApplyFormat::Markdown) => {
            crate::out!("{}", markdown::report(&review, &args.review, share));
        }
    }
    exit_code(&review)
}

/// 2 bad input, 1 a refusal, 0 every object went through.
fn exit_code(review: &Review) -> ExitCode {
    if !review.errors.is_empty() {
        ExitCode::from(2)
    } else if review.has_refusals() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
