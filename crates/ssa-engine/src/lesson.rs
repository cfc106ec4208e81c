//! Lessons: a scenario in the shared format told step by step, with
//! questions the learner answers before a step's result is shown.
//!
//! A lesson is two data files: the scenario (`NN-id.yaml`, with `expect`
//! blocks) and its narrative (`NN-id.md`): a `# Title`, a `Docs:` line
//! citing the Kubernetes documentation section it teaches, an
//! introduction, then one `## Step N` section per step of the scenario.
//! A section's text before a `---` line is shown with the step; a line
//! `? KIND: question` in it asks the learner to predict the step
//! (`conflict`, `outcome`, `owners FIELD`, `present FIELD`); the text
//! after `---` is the explanation shown once the step is revealed.
//!
//! A question carries no answer: the answer key ([`answer_key`]) is read
//! from the engine's result of the step, so a lesson cannot teach what
//! the engine (and so the API server) contradicts.

use crate::fieldpath::Path;
use crate::managed_fields::{self, ManagerId};
use crate::scenario::{Outcome, Scenario, ScenarioResult, schema_for};
use crate::value::Value;
use crate::value::go_quote;
use std::fmt;

/// A narrative that cannot be read, and on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LessonError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A lesson's narrative.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Lesson {
    pub title: String,
    /// The documentation sections it teaches: (title, URL).
    pub docs: Vec<(String, String)>,
    /// Markdown shown before the first step.
    pub intro: String,
    pub steps: Vec<LessonStep>,
}

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LessonStep {
    /// Markdown shown with the step, before its result.
    pub text: String,
    pub question: Option<Question>,
    /// Markdown shown once the step is revealed.
    pub explanation: String,
}

/// What the learner predicts about a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Will the write conflict?
    Conflict,
    /// Who owns this field (kubectl's notation) after the step?
    Owners(String),
    /// Is this field still in the object after the step?
    Present(String),
    /// Is the write applied, refused as a conflict, or refused as invalid?
    Outcome,
}

/// A question: what is asked, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub ask: Ask,
    pub prompt: String,
}

/// The choices offered for a question and which one is right, read from
/// the engine's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerKey {
    pub choices: Vec<String>,
    pub correct: usize,
}

/// The words of the choice "nobody owns it".
pub const NOBODY: &str = "nobody";

/// Reads a lesson's narrative.
pub fn parse_lesson(text: &str) -> Result<Lesson, LessonError> {
    let err = |line: usize, message: &str| LessonError {
        line,
        message: message.to_string(),
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let title = match lines.next() {
        Some((_, l)) if l.starts_with("# ") => l[2..].trim().to_string(),
        _ => return Err(err(1, "a lesson starts with `# Title`")),
    };
    let mut lesson = Lesson {
        title,
        ..Lesson::default()
    };
    // Where the text goes: the intro, or a step's text or explanation.
    let mut in_explanation = false;
    for (n, line) in lines {
        if let Some(rest) = line.strip_prefix("## Step ") {
            let number: usize = rest
                .trim()
                .parse()
                .map_err(|_| err(n, "a step heading is `## Step N`"))?;
            if number != lesson.steps.len() + 1 {
                return Err(err(
                    n,
                    &format!("expected `## Step {}`", lesson.steps.len() + 1),
                ));
            }
            lesson.steps.push(LessonStep::default());
            in_explanation = false;
            continue;
        }
        let Some(step) = lesson.steps.last_mut() else {
            if let Some(docs) = line.strip_prefix("Docs:") {
                lesson.docs.extend(links(docs));
                if lesson.docs.is_empty() {
                    return Err(err(n, "`Docs:` cites sections as [Title](URL)"));
                }
            } else {
                push_line(&mut lesson.intro, line);
            }
            continue;
        };
        if line.trim() == "---" {
            if in_explanation {
                return Err(err(n, "a step has one `---` line"));
            }
            in_explanation = true;
        } else if let Some(q) = line.strip_prefix("? ") {
            if in_explanation || step.question.is_some() {
                return Err(err(n, "one question per step, before its `---` line"));
            }
            step.question = Some(question(q).map_err(|m| err(n, &m))?);
        } else if in_explanation {
            push_line(&mut step.explanation, line);
        } else {
            push_line(&mut step.text, line);
        }
    }
    if lesson.docs.is_empty() {
        return Err(err(
            2,
            "a lesson cites the documentation: `Docs: [Title](URL)`",
        ));
    }
    for s in &mut lesson.steps {
        s.text = s.text.trim().to_string();
        s.explanation = s.explanation.trim().to_string();
    }
    lesson.intro = lesson.intro.trim().to_string();
    Ok(lesson)
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line);
    out.push('\n');
}

/// The `[title](url)` links of a line.
fn links(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else {
            break;
        };
        out.push((
            rest[open + 1..close].to_string(),
            rest[close + 2..end].to_string(),
        ));
        rest = &rest[end + 1..];
    }
    out
}

/// `conflict: …`, `outcome: …`, `owners FIELD: …` or `present FIELD: …`.
fn question(text: &str) -> Result<Question, String> {
    let (head, prompt) = text
        .split_once(": ")
        .ok_or("a question is `? KIND: words`")?;
    let prompt = prompt.trim().to_string();
    let field = |rest: &str| {
        let f = rest.trim();
        if f.starts_with('.') {
            Ok(f.to_string())
        } else {
            Err(format!(
                "{f} is not a field in kubectl's notation (.spec.replicas)",
                f = go_quote(f)
            ))
        }
    };
    let ask = match head.split_once(' ') {
        None if head == "conflict" => Ask::Conflict,
        None if head == "outcome" => Ask::Outcome,
        Some(("owners", f)) => Ask::Owners(field(f)?),
        Some(("present", f)) => Ask::Present(field(f)?),
        _ => {
            return Err(format!(
                "unknown question {head} (expected conflict, outcome, owners FIELD or present FIELD)",
                head = go_quote(head)
            ));
        }
    };
    Ok(Question { ask, prompt })
}

/// The answer key of `question` about step `index` of `result`, a run of
/// `scenario`: the choices and the right one, from the engine's result.
pub fn answer_key(
    question: &Question,
    scenario: &Scenario,
    result: &ScenarioResult,
    index: usize,
) -> Result<AnswerKey, String> {
    let step = result
        .steps
        .get(index)
        .ok_or_else(|| format!("the scenario has no step {}", index + 1))?;
    match &question.ask {
        Ask::Conflict => Ok(AnswerKey {
            choices: vec!["Yes, it conflicts".into(), "No, it is applied".into()],
            correct: usize::from(step.outcome != Outcome::Conflict),
        }),
        Ask::Outcome => Ok(AnswerKey {
            choices: vec![
                "Applied".into(),
                "Refused: a conflict (HTTP 409)".into(),
                "Refused: invalid".into(),
            ],
            correct: match step.outcome {
                Outcome::Applied => 0,
                Outcome::Conflict => 1,
                Outcome::Invalid | Outcome::Error => 2,
            },
        }),
        Ask::Present(field) => {
            let present = step
                .object
                .as_ref()
                .is_some_and(|o| has_field(scenario, o, field));
            Ok(AnswerKey {
                choices: vec!["Yes, it is still there".into(), "No, it is gone".into()],
                correct: usize::from(!present),
            })
        }
        Ask::Owners(field) => {
            let mut choices: Vec<String> = managers(scenario, result);
            let found = step
                .object
                .as_ref()
                .map(|o| owners_of(o, field))
                .unwrap_or_default();
            // Named in the order the scenario introduces them.
            let owners: Vec<String> = choices
                .iter()
                .filter(|c| found.contains(c))
                .cloned()
                .collect();
            choices.push(NOBODY.to_string());
            let right = if owners.is_empty() {
                NOBODY.to_string()
            } else {
                owners.join(" and ")
            };
            if owners.len() > 1 {
                choices.push(right.clone());
            } else if let [a, b, ..] = choices.as_slice() {
                // A shared answer among the choices, so that seeing one
                // does not give the answer away.
                if *a != NOBODY && *b != NOBODY {
                    choices.push(format!("{a} and {b}"));
                }
            }
            let correct = choices.iter().position(|c| *c == right).ok_or_else(|| {
                format!(
                    "the owner {right} is not a manager of the scenario",
                    right = go_quote(&right)
                )
            })?;
            Ok(AnswerKey { choices, correct })
        }
    }
}

/// The names of the managers a scenario writes as or starts with, in
/// order of appearance.
fn managers(scenario: &Scenario, result: &ScenarioResult) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut add = |n: &str| {
        if !names.iter().any(|m| m == n) {
            names.push(n.to_string());
        }
    };
    let names_in = |object: Option<&Value>| -> Vec<String> {
        let managed = object
            .and_then(|o| managed_fields::decode(o).ok())
            .unwrap_or_default();
        managed
            .fields
            .keys()
            .filter_map(|id| ManagerId::decode(id).map(|m| m.manager))
            .collect()
    };
    for n in names_in(result.stored.as_ref()) {
        add(&n);
    }
    for s in scenario.steps.iter().flatten() {
        add(&s.manager);
    }
    // Managers the server or kubectl named (before-first-apply, …).
    for s in &result.steps {
        for n in names_in(s.object.as_ref()) {
            add(&n);
        }
    }
    names
}

/// The names of the managers that own `field` in `object`.
fn owners_of(object: &Value, field: &str) -> Vec<String> {
    let managed = managed_fields::decode(object).unwrap_or_default();
    let mut names: Vec<String> = Vec::new();
    for (id, vs) in &managed.fields {
        let owns = vs.set.paths().iter().any(|p| p.to_string() == field);
        let name = ManagerId::decode(id).map_or_else(|| id.clone(), |m| m.manager);
        if owns && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Whether `object` has `field` (kubectl's notation), typed by the
/// scenario's schema.
fn has_field(scenario: &Scenario, object: &Value, field: &str) -> bool {
    let Ok(schema) = schema_for(scenario) else {
        return false;
    };
    let mut shown = object.clone();
    managed_fields::remove_from(&mut shown);
    crate::typed::to_field_set(&schema.schema, schema.root, &shown)
        .map(|set| {
            let mut found = false;
            set.for_each_path(|p: &Path| found |= p.to_string() == field);
            found || prefix_of_a_path(&set.paths(), field)
        })
        .unwrap_or(false)
}

/// Whether some path lies under `field` (a map that holds fields).
fn prefix_of_a_path(paths: &[Path], field: &str) -> bool {
    paths.iter().any(|p| {
        let s = p.to_string();
        s.len() > field.len()
            && s.starts_with(field)
            && matches!(s.as_bytes().get(field.len()), Some(b'.' | b'['))
    })
}

/// The lessons in order, from `index.txt`: one `FILE-STEM Title` line
/// each; the id is the stem without its `NN-` prefix.
pub fn parse_index(text: &str) -> Vec<IndexEntry> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (stem, title) = l.split_once(char::is_whitespace)?;
            let id = stem
                .split_once('-')
                .map_or(stem, |(_, rest)| rest)
                .to_string();
            Some(IndexEntry {
                stem: stem.to_string(),
                id,
                title: title.trim().to_string(),
            })
        })
        .collect()
}

/// One lesson of the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexEntry {
    /// The files' name without extension: `01-field-management`.
    pub stem: String,
    /// The lesson's id in links: `field-management`.
    pub id: String,
    pub title: String,
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;
    use crate::scenario::{parse_scenario, run_scenario};

    const SCENARIO: &str = r#"scenario: v1
name: t
steps:
- {manager: a, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "1", size: "2"}}}
- {manager: b, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "2"}}}
- {manager: a, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {}}}
"#;

    const NARRATIVE: &str = "# Title\nDocs: [Conflicts](https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts)\n\nIntro.\n\n## Step 1\nA applies.\n? owners .data.k: Who owns `k`?\n---\nA does.\n\n## Step 2\n? conflict: Will B conflict?\n---\nYes.\n\n## Step 3\n? present .data.size: Is `size` still there?\n---\nNo.\n";

    fn keys(scenario_text: &str) -> Vec<AnswerKey> {
        let lesson = parse_lesson(NARRATIVE).unwrap();
        let scenario = parse_scenario(scenario_text).unwrap();
        let result = run_scenario(&scenario).unwrap();
        lesson
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| answer_key(s.question.as_ref().unwrap(), &scenario, &result, i).unwrap())
            .collect()
    }

    fn answer(key: &AnswerKey) -> &str {
        &key.choices[key.correct]
    }

    #[test]
    fn reads_a_narrative() {
        let lesson = parse_lesson(NARRATIVE).unwrap();
        assert_eq!(lesson.title, "Title");
        assert_eq!(lesson.docs[0].0, "Conflicts");
        assert_eq!(lesson.intro, "Intro.");
        assert_eq!(lesson.steps.len(), 3);
        assert_eq!(lesson.steps[0].text, "A applies.");
        assert_eq!(lesson.steps[0].explanation, "A does.");
        assert_eq!(
            lesson.steps[0].question.as_ref().unwrap().ask,
            Ask::Owners(".data.k".into())
        );
    }

    /// `? outcome:` tells the three outcomes apart: a conflict, and a
    /// write the kind's validation refuses.
    #[test]
    fn outcome_questions() {
        let question = question("outcome: What happens?").unwrap();
        assert_eq!(question.ask, Ask::Outcome);
        let scenario = parse_scenario(
            r#"scenario: v1
name: t
steps:
- {manager: a, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "1"}}}
- {manager: b, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "2"}}}
- {manager: b, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {"a b": "2"}}}
"#,
        )
        .unwrap();
        let result = run_scenario(&scenario).unwrap();
        let answers: Vec<String> = (0..3)
            .map(|i| {
                let key = answer_key(&question, &scenario, &result, i).unwrap();
                answer(&key).to_string()
            })
            .collect();
        assert_eq!(
            answers,
            [
                "Applied",
                "Refused: a conflict (HTTP 409)",
                "Refused: invalid"
            ]
        );
    }

    #[test]
    fn answers_come_from_the_engine() {
        let k = keys(SCENARIO);
        assert_eq!(answer(&k[0]), "a");
        assert_eq!(answer(&k[1]), "Yes, it conflicts");
        assert_eq!(answer(&k[2]), "No, it is gone");
        // The same questions about another scenario get other answers.
        let forced = SCENARIO
            .replace("op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: \"2\"}}", "op: apply, force: true, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: \"2\", size: \"2\"}}");
        let k = keys(&forced);
        assert_eq!(answer(&k[1]), "No, it is applied");
        assert_eq!(answer(&k[2]), "Yes, it is still there", "b keeps size");
    }

    #[test]
    fn shared_owners_are_one_choice() {
        let shared = SCENARIO.replace("data: {k: \"2\"}", "data: {k: \"1\"}");
        let lesson = parse_lesson(&NARRATIVE.replace("## Step 1\nA applies.\n? owners .data.k: Who owns `k`?\n---\nA does.\n\n## Step 2\n? conflict: Will B conflict?", "## Step 1\n---\n\n## Step 2\n? owners .data.k: Who owns `k`?")).unwrap();
        let scenario = parse_scenario(&shared).unwrap();
        let result = run_scenario(&scenario).unwrap();
        let key = answer_key(
            lesson.steps[1].question.as_ref().unwrap(),
            &scenario,
            &result,
            1,
        )
        .unwrap();
        assert_eq!(answer(&key), "a and b");
        assert!(key.choices.contains(&"nobody".to_string()));
    }

    #[test]
    fn bad_narratives_are_located() {
        let e = parse_lesson("Title\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_lesson("# T\nDocs: [a](b)\n## Step 2\n").unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (3, "expected `## Step 1`"));
        let e = parse_lesson("# T\nDocs: [a](b)\n## Step 1\n? owners spec: x\n").unwrap_err();
        assert_eq!(e.line, 4);
        let e = parse_lesson("# T\nDocs: [a](b)\n## Step 1\n? answer: yes\n").unwrap_err();
        assert!(e.message.contains("unknown question"), "{e}");
        let e = parse_lesson("# T\n## Step 1\n").unwrap_err();
        assert!(e.message.contains("cites"), "{e}");
    }

    #[test]
    fn reads_the_index() {
        let index = parse_index(
            "# lessons\n01-field-management Field management\n\n02-conflicts Conflicts\n",
        );
        assert_eq!(index.len(), 2);
        assert_eq!(index[0].id, "field-management");
        assert_eq!(index[1].title, "Conflicts");
    }
}
