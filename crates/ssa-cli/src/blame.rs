//! `ssa blame`: each line of exported objects with its owners, read
//! offline from their managedFields (what kubectl-blame shows from a live
//! cluster): manager, operation (with the subresource) and time in a
//! column left of the YAML.

use crate::cli::BlameArgs;
use crate::inputs::{read_paths, sources};
use ssa_engine::review::blame_objects;
use ssa_engine::scenario::BlameLine;
use std::process::ExitCode;

pub fn blame(args: &BlameArgs) -> ExitCode {
    let mut stdin_used = false;
    let read = read_paths(&args.files, false, &mut stdin_used).and_then(|objects| {
        read_paths(&args.schemas, false, &mut stdin_used).map(|schemas| (objects, schemas))
    });
    let (objects, schemas) = match read {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let (blamed, errors) = blame_objects(&sources(&objects), &sources(&schemas));
    for (i, object) in blamed.iter().enumerate() {
        if i > 0 {
            crate::outln!("---");
        }
        crate::outln!("# {} ({})", object.id, object.origin);
        for note in &object.notes {
            crate::outln!("# note: {note}");
        }
        crate::out!("{}", annotate(&object.lines));
    }
    for error in &errors {
        eprintln!("error: {error}");
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// The lines with a left column of owners, padded to the widest.
fn annotate(lines: &[BlameLine]) -> String {
    let owner_texts: Vec<String> = lines
        .iter()
        .map(|line| {
            line.owners
                .iter()
                .map(|o| match &o.time {
                    Some(time) => format!("{} ({} {time})", o.manager, o.how),
                    None => format!("{} ({})", o.manager, o.how),
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let width = owner_texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0);
    lines
        .iter()
        .zip(&owner_texts)
        .map(|(line, owners)| format!("{owners:<width$}  {}\n", line.text))
        .collect()
}
