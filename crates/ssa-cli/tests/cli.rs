//! Golden tests of the built `ssa` binary: its output, messages and exit
//! codes on a few inputs. Set `UPDATE_GOLDEN=1` to rewrite the `.out` files.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "a test fails loudly"
)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

fn ssa(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ssa"))
        .args(args)
        .output()
        .expect("run ssa");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_golden(name: &str, actual: &str) {
    let path = golden(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).expect("write golden");
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        actual,
        expected,
        "{} differs (UPDATE_GOLDEN=1 rewrites it)",
        path.display()
    );
}

#[test]
fn run_prints_the_result_document_as_json() {
    let file = golden("conflict.yaml");
    let (code, stdout, _) = ssa(&["run", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_golden("conflict.json.out", &stdout);
}

#[test]
fn run_prints_a_text_summary() {
    let file = golden("conflict.yaml");
    let (code, stdout, _) = ssa(&["run", file.to_str().unwrap(), "-o", "text"]);
    assert_eq!(code, 0);
    assert_golden("conflict.text.out", &stdout);
}

#[test]
fn run_prints_yaml() {
    let file = golden("conflict.yaml");
    let (code, stdout, _) = ssa(&["run", file.to_str().unwrap(), "-o", "yaml"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("scenario: golden-conflict\nsteps:\n- outcome: applied\n"),
        "{stdout}"
    );
}

#[test]
fn unusable_input_exits_2_with_file_line_and_column() {
    let file = golden("bad.yaml");
    let (code, stdout, stderr) = ssa(&["run", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(stderr.contains("bad.yaml: line 7, column 1:"), "{stderr}");
}

#[test]
fn check_prints_one_line_per_file_and_the_summary() {
    let good = golden("conflict.yaml");
    let (code, stdout, _) = ssa(&["run", "--check", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.ends_with("1 passed, 0 failed\n"), "{stdout}");
    let (code, stdout, _) = ssa(&[
        "run",
        "--check",
        good.to_str().unwrap(),
        golden("bad.yaml").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(ssa(&[]).0, 2);
    assert_eq!(ssa(&["run"]).0, 2);
    assert_eq!(ssa(&["run", "x.yaml", "-o", "xml"]).0, 2);
}

/// `ssa run … | head`: when the reader goes away the program ends quietly
/// with the status a closed pipe gives (128 + SIGPIPE), as kubectl does,
/// not with a panic.
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    // A result far larger than a pipe's buffer.
    let keys: String = (0..20_000)
        .map(|i| format!("      key{i}: value{i}\n"))
        .collect();
    let scenario = format!(
        "scenario: v1\nname: big\nsteps:\n- manager: a\n  op: apply\n  object:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {{name: big}}\n    data:\n{keys}"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_ssa"))
        .args(["run", "-", "-o", "yaml"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(scenario.as_bytes())
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    // The reader is gone (dropped above); the program notices on its next write.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}

/// A custom resource checked against its CRD's schema, `pattern`s by the
/// native regular expressions.
#[test]
fn run_refuses_custom_resource_values_the_schema_refuses() {
    let file = golden("crd-values.yaml");
    let (code, stdout, _) = ssa(&["run", "-o", "text", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_golden("crd-values.text.out", &stdout);
}
