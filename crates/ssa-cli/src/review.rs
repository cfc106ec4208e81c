//! The inputs of `ssa apply` and `ssa diff` read and reviewed: the
//! engine's [`ssa_engine::review`] (the same the page calls), its objects
//! sent through the simulated API server on every core.

use crate::cli::ReviewArgs;
use crate::inputs::{InputFile, read_paths, sources};
use ssa_engine::field_manager::Subresource;
use ssa_engine::review::{
    self, Chunk, InputError, Inputs, Job, ObjectDoc, ObjectReview, Options, Review,
};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Reads the paths of `args` and reviews the apply; `Err` is a usage or
/// file error (exit status 2).
pub fn review_inputs(
    args: &ReviewArgs,
    subresource: Option<&str>,
    changes: bool,
    dry_run: bool,
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
        dry_run,
    };
    let mut errors = Vec::new();
    let inputs = Inputs {
        manifests: read_in_parallel(&manifests, &mut errors),
        live: read_in_parallel(&live, &mut errors),
        schemas: read_in_parallel(&schemas, &mut errors),
        errors,
    };
    let plan = review::plan_objects(inputs, &options);
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

/// The objects of `files`, every document read on its own core.
pub fn read_in_parallel(files: &[InputFile], errors: &mut Vec<InputError>) -> Vec<ObjectDoc> {
    let chunks: Vec<Chunk<'_>> = sources(files).iter().flat_map(review::chunks).collect();
    let (objects, mut errs) = review::collect(&chunks, parallel_map(&chunks, review::read_chunk));
    errors.append(&mut errs);
    objects
}

/// Runs the jobs on every core, results in the jobs' order: objects are
/// independent (the engine itself has no threads: it also builds for
/// wasm).
pub fn run_in_parallel(jobs: &[Job]) -> Vec<ObjectReview> {
    parallel_map(jobs, Job::run)
}

/// `items.iter().map(f)` on every core, in the items' order. Threads take
/// the next item as they finish one, so a few large objects do not keep
/// one thread busy while the others wait.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else {
                            break out;
                        };
                        out.push((i, f(item)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                // A panic (a bug) reaches the user with its message.
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}
