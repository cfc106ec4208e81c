//! `ssa`: Server-Side Apply without a cluster, from the command line.
//!
//! ```text
//! ssa run FILE [-o json|yaml|text]         a scenario's result document
//! ssa run --check FILE...                  compare with the recorded results
//! ssa apply -f PATH... --live PATH...      what `kubectl apply` would do to a cluster's export
//! ssa diff -f PATH... --live PATH...       what `kubectl diff` would print
//! ssa blame FILE                           who owns each field of exported objects
//! ssa completions bash|zsh|fish            a shell completion script
//! ```
//! Exit status: see each command's help (`ssa help apply`).

use clap::Parser;
use ssa_cli::cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    ssa_cli::run_command(Cli::parse())
}
