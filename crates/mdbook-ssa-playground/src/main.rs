//! `mdbook-ssa-playground`: an mdBook preprocessor. mdBook runs it as
//! `mdbook-ssa-playground supports <renderer>` (exit 0: supported), then
//! with `[context, book]` as JSON on standard input, and reads the book back
//! from standard output. See `lib.rs` for what it does to a chapter.
#![allow(
    clippy::print_stderr,
    reason = "a preprocessor reports its errors to mdBook on standard error"
)]

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("supports") {
        // Embeds are HTML: other renderers get the fenced blocks as code.
        return if args.get(1).map(String::as_str) == Some("html") {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("mdbook-ssa-playground: could not read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match mdbook_ssa_playground::run(&input) {
        Ok(book) => {
            if let Err(e) = std::io::stdout().write_all(book.as_bytes()) {
                eprintln!("mdbook-ssa-playground: could not write the book: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mdbook-ssa-playground: {e}");
            ExitCode::FAILURE
        }
    }
}
