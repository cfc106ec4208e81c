//! `ssa run`: a scenario's result document, or `--check` of scenarios
//! against their recorded results.

use crate::cli::{RunArgs, RunFormat};
use ssa_engine::scenario::{self, ScenarioResult};
use ssa_engine::value::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ssa run`.
pub fn run(args: &RunArgs) -> ExitCode {
    if args.check {
        check_files(&args.files)
    } else if let [file] = args.files.as_slice() {
        run_one(file, args.output)
    } else {
        eprintln!("ssa: run takes one FILE (several only with --check)");
        ExitCode::from(2)
    }
}

fn read(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("-: {e}"))?;
        return Ok(s);
    }
    std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))
}

fn run_one(file: &str, format: RunFormat) -> ExitCode {
    // The text summary says why each step ended as it did, which the
    // views (blame, changes, why) hold; the documents do not print them.
    let run = |text: &str| match format {
        RunFormat::Text => scenario::run_scenario_text(text),
        RunFormat::Json | RunFormat::Yaml => scenario::run_scenario_text_without_views(text),
    };
    let result = match read(file).and_then(|text| run(&text).map_err(|e| format!("{file}: {e}"))) {
        Ok(r) => r,
        Err(message) => {
            eprintln!("ssa: {message}");
            return ExitCode::from(2);
        }
    };
    match format {
        RunFormat::Json => crate::outln!("{}", result.to_json_pretty()),
        RunFormat::Yaml => crate::out!("{}", ssa_engine::yaml::to_yaml_string(&result.to_value())),
        RunFormat::Text => crate::out!("{}", text_summary(&result)),
    }
    let failed = result
        .steps
        .iter()
        .any(|s| !s.expectation_failures.is_empty());
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A readable per-step summary: outcome, message, and who owns each field.
fn text_summary(result: &ScenarioResult) -> String {
    let mut out = format!("scenario {}\n", result.scenario);
    for (i, step) in result.steps.iter().enumerate() {
        out.push_str(&format!("step {i}: {}", step.outcome.as_str()));
        if !step.message.is_empty() {
            out.push_str(&format!(" — {}", step.message.replace('\n', "\n    ")));
        }
        out.push('\n');
        for note in &step.notes {
            out.push_str(&format!("  note: {note}\n"));
        }
        out.push_str(&scenario::render_why(&step.why));
        for failure in &step.expectation_failures {
            out.push_str(&format!("  EXPECTATION FAILED: {failure}\n"));
        }
        let Some(object) = &step.object else {
            out.push_str("  (no object)\n");
            continue;
        };
        let Ok(managed) = ssa_engine::managed_fields::decode(object) else {
            continue;
        };
        for (id, vs) in &managed.fields {
            let who = ssa_engine::managed_fields::ManagerId::decode(id)
                .map(|m| m.describe())
                .unwrap_or_else(|| id.clone());
            let op = if vs.applied { "Apply" } else { "Update" };
            for path in vs.set.paths_in_tree_order() {
                out.push_str(&format!("  {path}  {who} ({op})\n"));
            }
        }
    }
    out
}

/// `NAME.result.json` beside `NAME.yaml`.
fn recorded_result(file: &Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    file.with_file_name(format!("{stem}.result.json"))
}

fn check_files(files: &[String]) -> ExitCode {
    let (mut passed, mut failed, mut unusable) = (0, 0, 0);
    for file in files {
        let outcome = check_file(Path::new(file));
        match &outcome {
            Ok(()) => {
                passed += 1;
                crate::outln!("ok    {file}");
            }
            Err(Check::Differs(why)) => {
                failed += 1;
                crate::outln!("FAIL  {file}: {why}");
            }
            Err(Check::Unusable(why)) => {
                unusable += 1;
                failed += 1;
                crate::outln!("ERROR {file}: {why}");
                eprintln!("ssa: {file}: {why}");
            }
        }
    }
    crate::outln!("{passed} passed, {failed} failed");
    if unusable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

enum Check {
    Differs(String),
    Unusable(String),
}

fn check_file(file: &Path) -> Result<(), Check> {
    let text = std::fs::read_to_string(file).map_err(|e| Check::Unusable(e.to_string()))?;
    let result = scenario::run_scenario_text_without_views(&text)
        .map_err(|e| Check::Unusable(e.to_string()))?;
    for (i, step) in result.steps.iter().enumerate() {
        if let Some(f) = step.expectation_failures.first() {
            return Err(Check::Differs(format!("steps[{i}].expect: {f}")));
        }
    }
    let recorded = recorded_result(file);
    if recorded.exists() {
        let text = std::fs::read_to_string(&recorded)
            .map_err(|e| Check::Unusable(format!("{}: {e}", recorded.display())))?;
        let expected = Value::from_json_str(&text)
            .map_err(|e| Check::Unusable(format!("{}: {e}", recorded.display())))?;
        if let Some(diff) = scenario::compare_results(&expected, &result.to_value()) {
            return Err(Check::Differs(diff));
        }
    }
    Ok(())
}
