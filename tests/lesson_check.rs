//! Support for the lesson tests: a lesson's scenario runs with its
//! `expect` blocks, its narrative is read, has one section per step,
//! cites the documentation, and every question gets an answer key from
//! the engine's result of its step.
//!
//! Lessons are not corpus scenarios: they have no recorded result and
//! live in `../lessons/`, which the app fetches at run time.

use ssa_engine::lesson::{self, Ask};
use ssa_engine::scenario;
use std::path::{Path, PathBuf};

pub fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons")
}

fn read(name: &str) -> String {
    let file = lessons_dir().join(name);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The test of lesson `stem` (`01-field-management`).
pub fn check_lesson(stem: &str) {
    let text = read(&format!("{stem}.yaml"));
    let parsed = scenario::parse_scenario(&text).unwrap_or_else(|e| panic!("{stem}.yaml: {e}"));
    let result = scenario::run_scenario(&parsed).unwrap_or_else(|e| panic!("{stem}.yaml: {e}"));
    for (i, step) in result.steps.iter().enumerate() {
        assert!(
            step.expectation_failures.is_empty(),
            "{stem}.yaml steps[{i}].expect: {:?}",
            step.expectation_failures
        );
        assert!(
            parsed.steps[i].as_ref().is_ok_and(|s| s.expect.is_some()),
            "{stem}.yaml: step {} has no `expect` block",
            i + 1
        );
        assert!(
            !step.why.is_empty(),
            "{stem}.yaml: step {} has no reason",
            i + 1
        );
    }
    let narrative = lesson::parse_lesson(&read(&format!("{stem}.md")))
        .unwrap_or_else(|e| panic!("{stem}.md: {e}"));
    assert_eq!(
        narrative.steps.len(),
        result.steps.len(),
        "{stem}.md has a section per step of {stem}.yaml"
    );
    assert!(
        narrative
            .docs
            .iter()
            .all(|(_, url)| url.starts_with("https://kubernetes.io/docs/")
                || url.starts_with("https://github.com/kubernetes/")),
        "{stem}.md cites the Kubernetes documentation: {:?}",
        narrative.docs
    );
    let mut asked = 0;
    for (i, step) in narrative.steps.iter().enumerate() {
        assert!(
            !step.explanation.is_empty(),
            "{stem}.md: step {} explains nothing",
            i + 1
        );
        let Some(question) = &step.question else {
            continue;
        };
        asked += 1;
        let key = lesson::answer_key(question, &parsed, &result, i)
            .unwrap_or_else(|e| panic!("{stem}.md step {}: {e}", i + 1));
        assert!(key.correct < key.choices.len());
        if std::env::var_os("SSA_PRINT_ANSWERS").is_some() {
            eprintln!(
                "{stem} step {}: {} -> {}",
                i + 1,
                question.prompt,
                key.choices[key.correct]
            );
        }
        // A question about a field names one the step's object shows, or
        // one the step removed: never a typo.
        if let Ask::Owners(field) | Ask::Present(field) = &question.ask {
            let seen = |s: &scenario::StepResult| {
                s.blame
                    .iter()
                    .any(|l| l.field.as_deref() == Some(field.as_str()))
            };
            let before = i.checked_sub(1).and_then(|p| result.steps.get(p));
            assert!(
                seen(&result.steps[i]) || before.is_some_and(seen),
                "{stem}.md step {}: {field} is not a field of the object",
                i + 1
            );
        }
    }
    assert!(
        asked >= 2,
        "{stem}.md asks the learner to predict at least twice"
    );
}

/// `index.txt` lists every lesson once, in file order, with the title
/// its narrative has.
pub fn check_index() {
    let index = lesson::parse_index(&read("index.txt"));
    let stems = crate::yaml_stems(&lessons_dir());
    let listed: Vec<String> = index.iter().map(|e| e.stem.clone()).collect();
    assert_eq!(listed, stems, "index.txt lists the lessons in file order");
    for entry in &index {
        let narrative = lesson::parse_lesson(&read(&format!("{}.md", entry.stem)))
            .unwrap_or_else(|e| panic!("{}.md: {e}", entry.stem));
        assert_eq!(entry.title, narrative.title, "{}: index title", entry.stem);
        let ids = index.iter().filter(|e| e.id == entry.id).count();
        assert_eq!(ids, 1, "lesson id {} is used once", entry.id);
    }
    assert!(index.len() >= 12, "at least 12 lessons");
}

/// The answer keys are the engine's: changing a lesson's scenario so the
/// engine's result differs changes the answer of the same question.
pub fn check_answers_follow_the_engine() {
    let text = read("02-conflicts.yaml");
    let narrative =
        lesson::parse_lesson(&read("02-conflicts.md")).unwrap_or_else(|e| panic!("{e}"));
    let answer = |text: &str, step: usize| {
        let parsed = scenario::parse_scenario(text).unwrap_or_else(|e| panic!("{e}"));
        let result = scenario::run_scenario(&parsed).unwrap_or_else(|e| panic!("{e}"));
        let question = narrative.steps[step]
            .question
            .clone()
            .unwrap_or_else(|| panic!("no question"));
        let key =
            lesson::answer_key(&question, &parsed, &result, step).unwrap_or_else(|e| panic!("{e}"));
        key.choices[key.correct].clone()
    };
    assert_eq!(answer(&text, 1), "Yes, it conflicts");
    // team-b forcing its apply: the same question, the engine's other answer.
    let forced = text.replacen(
        "- manager: team-b\n  op: apply\n  name: team-b wants green\n",
        "- manager: team-b\n  op: apply\n  force: true\n  name: team-b wants green\n",
        1,
    );
    assert_ne!(forced, text);
    assert_eq!(answer(&forced, 1), "No, it is applied");
}
