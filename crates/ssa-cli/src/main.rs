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
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line program prints"
)]

mod apply;
mod blame;
mod cli;
mod diff;
mod inputs;
mod markdown;
mod output;
mod report;
mod review;
mod run;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run(args) => run::run(&args),
        Command::Apply(args) => apply::apply(&args),
        Command::Diff(args) => diff::diff(&args),
        Command::Blame(args) => blame::blame(&args),
        Command::Completions { shell } => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "ssa", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
    }
}
