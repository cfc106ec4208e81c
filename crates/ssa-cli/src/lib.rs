//! The `ssa` command line as a library: the binary (`main.rs`) parses the
//! arguments and calls [`run_command`]; benchmarks call the parts (reading
//! inputs, the parallel review) directly.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line program prints"
)]

pub mod apply;
pub mod blame;
pub mod cli;
pub mod diff;
pub mod inputs;
pub mod markdown;
pub mod output;
pub mod release;
pub mod report;
pub mod review;
pub mod run;

use clap::CommandFactory;
use cli::{Cli, Command};
use std::process::ExitCode;

/// Runs one parsed command line; the exit status is the command's.
pub fn run_command(cli: Cli) -> ExitCode {
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
