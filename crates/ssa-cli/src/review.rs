//! The inputs of `ssa apply` and `ssa diff` read and reviewed: the
//! engine's [`ssa_engine::review`] (the same the page calls), its objects
//! sent through the simulated API server on every core.

use crate::cli::ReviewArgs;
use crate::inputs::{read_paths, sources};
use ssa_engine::field_manager::Subresource;
use ssa_engine::review::{self, Job, ObjectReview, Options, Review};

/// Reads the paths of `args` and reviews the apply; `Err` is a usage or
/// file error (exit status 2).
pub fn review_inputs(
    args: &ReviewArgs,
    subresource: Option<&str>,
    changes: bool,
) -> Result<Review, String> {
    if args.force_conflicts && !args.server_side {
        return Err("--force-conflicts only works with --server-side".into());
    }
    if subresource.is_some() && !args.server_side {
        return Err("--subresource can only be specified for --server-side".into());
    }
    let mut stdin_used = false;
    let manifests = read_paths(&args.filenames, args.recursive, &mut stdin_used)?;
    let live = read_paths(&args.live, args.recursive, &mut stdin_used)?;
    let schemas = read_paths(&args.schemas, false, &mut stdin_used)?;
    let options = Options {
        server_side: args.server_side,
        field_manager: args.field_manager.clone(),
        force_conflicts: args.force_conflicts,
        namespace: args.namespace.clone(),
        subresource: match subresource {
            Some("status") => Some(Subresource::Status),
            Some("scale") => Some(Subresource::Scale),
            _ => None,
        },
        deduced_schema: args.deduced_schema,
        changes,
    };
    let plan = review::plan(
        &sources(&manifests),
        &sources(&live),
        &sources(&schemas),
        &options,
    );
    if plan.jobs.is_empty() && plan.errors.is_empty() {
        // kubectl's words.
        return Err("no objects passed to apply".into());
    }
    Ok(Review {
        objects: run_in_parallel(&plan.jobs),
        errors: plan.errors,
        untouched: plan.untouched,
    })
}

/// Runs the jobs on every core, results in the jobs' order: objects are
/// independent (the engine itself has no threads, it also builds for
/// wasm).
pub fn run_in_parallel(jobs: &[Job]) -> Vec<ObjectReview> {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(jobs.len().max(1));
    if threads <= 1 {
        return jobs.iter().map(Job::run).collect();
    }
    let chunk = jobs.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(Job::run).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .zip(jobs.chunks(chunk))
            .flat_map(|(handle, part)| {
                // A job that panicked (a bug) is run again here so that its
                // panic reaches the user with its message.
                handle
                    .join()
                    .unwrap_or_else(|_| part.iter().map(Job::run).collect())
            })
            .collect()
    })
}
