//! The `ssa` command line as a library: the binary (`main.rs`) parses the
//! arguments and calls [`run_command`]; benchmarks call the parts (reading
//! inputs, the parallel review) directly.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line program prints"
)]

/// `println!` that ends the program quietly when the reader of standard
/// output went away (`ssa apply … | head`), as SIGPIPE ends kubectl,
/// instead of panicking on the broken pipe.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => { $crate::write_stdout(format_args!($($arg)*), true) };
}

/// `print!` with [`outln!`]'s handling of a closed standard output.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::write_stdout(format_args!($($arg)*), false) };
}

/// mimalloc instead of the system allocator, for every program built on
/// this library (the `ssa` binary, its benchmark and tests): a review of
/// thousands of objects is mostly small allocations made and freed on
/// several threads, and glibc's malloc took a third of its time (its
/// arenas' locks and consolidation, frees from another thread than the
/// one that allocated); with mimalloc the 10,000-object review benchmark
/// went from 3.4 to 2.5 s. The engine itself does not choose: it also
/// builds for wasm.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

/// The exit status of a program a closed pipe ended (128 + SIGPIPE).
const EXIT_BROKEN_PIPE: i32 = 141;

/// Writes to standard output for [`outln!`] and [`out!`].
pub fn write_stdout(args: std::fmt::Arguments<'_>, newline: bool) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let written = stdout.write_fmt(args).and_then(|()| {
        if newline {
            stdout.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = written {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(EXIT_BROKEN_PIPE);
        }
        eprintln!("ssa: could not write to standard output: {e}");
        std::process::exit(2);
    }
}

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
