//! The lessons page's state and how actions change it: pure, no `html!`,
//! tested natively (like `state.rs` for the playground).
//!
//! The lesson files are fetched at run time (`lessons/index.txt`, then a
//! lesson's `NN-id.yaml` and `NN-id.md`); the reducer gets their texts
//! through actions. A step with a question stays hidden until the learner
//! has chosen an answer and revealed it; the answer key is the engine's
//! (`ssa_engine::lesson::answer_key`). Progress (the steps revealed and
//! the answers that were right) is kept per lesson and saved by the page.

use ssa_engine::lesson::{self, AnswerKey, IndexEntry, Lesson};
use ssa_engine::scenario::{
    Scenario, ScenarioResult, parse_scenario, run_scenario_with, step_views,
};
use std::rc::Rc;
use yew::Reducible;

/// A file being fetched, fetched, or failed with its error.
#[derive(Clone, Debug, PartialEq)]
pub enum Fetch<T> {
    Loading,
    Ready(T),
    Failed(String),
}

/// How far a learner got in one lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LessonProgress {
    /// Steps revealed (or read, without a question).
    pub seen: usize,
    /// Predictions that were right.
    pub right: usize,
    /// Predictions made.
    pub answered: usize,
    /// The lesson's step count.
    pub steps: usize,
}

impl LessonProgress {
    pub fn done(&self) -> bool {
        self.steps > 0 && self.seen >= self.steps
    }
}

/// Progress by lesson id, in the order first seen. A list, not a map:
/// a handful of lessons, and a map's collect and sort cost about 3 KB
/// of the budgeted wasm.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Progress(pub Vec<(String, LessonProgress)>);

impl Progress {
    pub fn get(&self, id: &str) -> Option<&LessonProgress> {
        self.0.iter().find(|(i, _)| i == id).map(|(_, p)| p)
    }

    /// Changes lesson `id`'s progress (from nothing, the first time).
    fn update(&mut self, id: &str, change: impl FnOnce(&mut LessonProgress)) {
        match self.0.iter_mut().find(|(i, _)| i == id) {
            Some((_, p)) => change(p),
            None => {
                let mut p = LessonProgress::default();
                change(&mut p);
                self.0.push((id.to_string(), p));
            }
        }
    }
}

/// Progress as the text kept in the browser: `id seen right answered steps` lines.
pub fn progress_to_text(progress: &Progress) -> String {
    progress
        .0
        .iter()
        .map(|(id, p)| format!("{id} {} {} {} {}\n", p.seen, p.right, p.answered, p.steps))
        .collect()
}

/// Progress read back; lines it cannot read are left out.
pub fn progress_from_text(text: &str) -> Progress {
    Progress(
        text.lines()
            .filter_map(|l| {
                let mut parts = l.split_whitespace();
                let id = parts.next()?.to_string();
                let mut n = || parts.next()?.parse::<usize>().ok();
                let p = LessonProgress {
                    seen: n()?,
                    right: n()?,
                    answered: n()?,
                    steps: n()?,
                };
                Some((id, p))
            })
            .collect(),
    )
}

/// A lesson read and run.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub narrative: Lesson,
    /// The scenario's text (for "Open in the playground").
    pub text: String,
    /// The scenario as read, kept to build a step's views when it is shown.
    pub scenario: Rc<Scenario>,
    /// Shared with the object view, and cheap to copy with the state.
    pub result: Rc<ScenarioResult>,
    /// Each step's answer key (`None`: no question, or no key).
    pub keys: Vec<Option<AnswerKey>>,
    /// The choice made at each step.
    pub chosen: Vec<Option<usize>>,
    /// Whether each step's result is shown.
    pub revealed: Vec<bool>,
}

/// The lesson shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Open {
    pub id: String,
    pub content: Fetch<Loaded>,
    /// The step shown (from 0).
    pub step: usize,
}

/// Everything the lessons page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonsState {
    pub index: Fetch<Vec<IndexEntry>>,
    pub open: Option<Open>,
    pub progress: Progress,
}

/// What happens on the lessons page.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonAction {
    /// `index.txt` arrived (or could not be fetched).
    IndexLoaded(Result<String, String>),
    /// Show lesson `id` at a step (from 0), or the list (`None`).
    Show(Option<(String, Option<usize>)>),
    /// A lesson's scenario and narrative arrived.
    LessonLoaded {
        id: String,
        scenario: Result<String, String>,
        narrative: Result<String, String>,
    },
    /// The learner picks choice `n` of the shown step's question.
    Choose(usize),
    /// Show the step's result.
    Reveal,
    Goto(usize),
    Next,
    Previous,
}

impl LessonsState {
    pub fn new(progress: Progress) -> Self {
        LessonsState {
            index: Fetch::Loading,
            open: None,
            progress,
        }
    }

    /// The index entry of lesson `id`.
    pub fn entry(&self, id: &str) -> Option<&IndexEntry> {
        match &self.index {
            Fetch::Ready(entries) => entries.iter().find(|e| e.id == id),
            _ => None,
        }
    }

    /// The lesson shown, when it is loaded.
    pub fn loaded(&self) -> Option<(&Open, &Loaded)> {
        let open = self.open.as_ref()?;
        match &open.content {
            Fetch::Ready(l) => Some((open, l)),
            _ => None,
        }
    }

    /// The lesson after `id` in the index.
    pub fn next_lesson(&self, id: &str) -> Option<&IndexEntry> {
        match &self.index {
            Fetch::Ready(entries) => {
                let i = entries.iter().position(|e| e.id == id)?;
                entries.get(i + 1)
            }
            _ => None,
        }
    }
}

/// Reads and runs a lesson; a located error when its files are unusable.
pub fn load(scenario: &str, narrative: &str, step: usize) -> Result<Loaded, String> {
    let narrative = lesson::parse_lesson(narrative).map_err(|e| format!("narrative, {e}"))?;
    let parsed = parse_scenario(scenario).map_err(|e| format!("scenario, {e}"))?;
    let result = run_scenario_with(&parsed, false).map_err(|e| format!("scenario, {e}"))?;
    let count = result.steps.len();
    if narrative.steps.len() != count {
        return Err(format!(
            "the narrative has {} steps, the scenario {count}",
            narrative.steps.len()
        ));
    }
    let keys = narrative
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.question
                .as_ref()
                .and_then(|q| lesson::answer_key(q, &parsed, &result, i).ok())
        })
        .collect();
    let step = step.min(count.saturating_sub(1));
    // Opened at a step: the steps before it count as seen.
    let revealed = (0..count).map(|i| i < step).collect();
    let mut loaded = Loaded {
        narrative,
        text: scenario.to_string(),
        scenario: Rc::new(parsed),
        result: Rc::new(result),
        keys,
        chosen: vec![None; count],
        revealed,
    };
    views(&mut loaded, step);
    Ok(loaded)
}

/// Builds the views (blame, changes, why) of step `index`.
fn views(loaded: &mut Loaded, index: usize) {
    let scenario = Rc::clone(&loaded.scenario);
    let _ = step_views(&scenario, Rc::make_mut(&mut loaded.result), index);
}

/// Whether step `index` shows its result: revealed, or nothing to predict.
pub fn shown(loaded: &Loaded, index: usize) -> bool {
    loaded.revealed.get(index).copied().unwrap_or(false)
        || loaded.keys.get(index).is_none_or(Option::is_none)
}

impl Reducible for LessonsState {
    type Action = LessonAction;

    fn reduce(self: Rc<Self>, action: LessonAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            LessonAction::IndexLoaded(Ok(text)) => {
                next.index = Fetch::Ready(lesson::parse_index(&text));
            }
            LessonAction::IndexLoaded(Err(e)) => next.index = Fetch::Failed(e),
            LessonAction::Show(None) => next.open = None,
            LessonAction::Show(Some((id, step))) => {
                if next.open.as_ref().is_some_and(|o| o.id == id) {
                    return match step {
                        Some(s) => Rc::new(goto(next, s)),
                        None => self,
                    };
                }
                next.open = Some(Open {
                    id,
                    content: Fetch::Loading,
                    step: step.unwrap_or(0),
                });
            }
            LessonAction::LessonLoaded {
                id,
                scenario,
                narrative,
            } => {
                let Some(open) = next.open.as_mut().filter(|o| o.id == id) else {
                    return self;
                };
                open.content = match scenario.and_then(|s| narrative.map(|n| (s, n))) {
                    Ok((s, n)) => match load(&s, &n, open.step) {
                        Ok(loaded) => {
                            open.step = open.step.min(loaded.result.steps.len().saturating_sub(1));
                            Fetch::Ready(loaded)
                        }
                        Err(e) => Fetch::Failed(e),
                    },
                    Err(e) => Fetch::Failed(e),
                };
                record(&mut next);
            }
            LessonAction::Choose(n) => {
                let Some(open) = next.open.as_mut() else {
                    return self;
                };
                let step = open.step;
                if let Fetch::Ready(l) = &mut open.content
                    && !l.revealed.get(step).copied().unwrap_or(true)
                    && l.keys
                        .get(step)
                        .and_then(Option::as_ref)
                        .is_some_and(|k| n < k.choices.len())
                    && let Some(c) = l.chosen.get_mut(step)
                {
                    *c = Some(n);
                } else {
                    return self;
                }
            }
            LessonAction::Reveal => {
                let Some(open) = next.open.as_mut() else {
                    return self;
                };
                let step = open.step;
                let Fetch::Ready(l) = &mut open.content else {
                    return self;
                };
                if l.chosen.get(step).copied().flatten().is_none()
                    && l.keys.get(step).is_some_and(Option::is_some)
                {
                    return self;
                }
                if let Some(r) = l.revealed.get_mut(step) {
                    *r = true;
                }
                record(&mut next);
            }
            LessonAction::Goto(s) => return Rc::new(goto(next, s)),
            LessonAction::Next => {
                let Some((open, l)) = next.loaded() else {
                    return self;
                };
                if !shown(l, open.step) {
                    return self;
                }
                let s = open.step + 1;
                return Rc::new(goto(next, s));
            }
            LessonAction::Previous => {
                let Some(s) = next.open.as_ref().and_then(|o| o.step.checked_sub(1)) else {
                    return self;
                };
                return Rc::new(goto(next, s));
            }
        }
        Rc::new(next)
    }
}

/// The state showing step `s` of the open lesson: a step is reached
/// once every step before it shows its result.
fn goto(mut state: LessonsState, s: usize) -> LessonsState {
    let Some(open) = state.open.as_mut() else {
        return state;
    };
    match &mut open.content {
        Fetch::Ready(l) => {
            if s >= l.result.steps.len() || (0..s).any(|i| !shown(l, i)) {
                return state;
            }
            open.step = s;
            views(l, s);
        }
        _ => open.step = s,
    }
    record(&mut state);
    state
}

/// Updates the open lesson's progress.
fn record(state: &mut LessonsState) {
    let Some(open) = &state.open else {
        return;
    };
    let Fetch::Ready(l) = &open.content else {
        return;
    };
    let count = l.result.steps.len();
    let seen = (0..count).take_while(|&i| shown(l, i)).count();
    let answered: Vec<(usize, usize)> = l
        .revealed
        .iter()
        .zip(&l.chosen)
        .zip(&l.keys)
        .filter(|((revealed, _), _)| **revealed)
        .filter_map(|((_, chosen), key)| Some(((*chosen)?, key.as_ref()?.correct)))
        .collect();
    state.progress.update(&open.id, |entry| {
        entry.steps = count;
        entry.seen = entry.seen.max(seen);
        if !answered.is_empty() {
            entry.answered = answered.len().max(entry.answered);
            entry.right = answered
                .iter()
                .filter(|(c, k)| c == k)
                .count()
                .max(entry.right);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCENARIO: &str = r#"scenario: v1
name: t
steps:
- {manager: a, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "1"}}, expect: {outcome: applied}}
- {manager: b, op: apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "2"}}, expect: {outcome: conflict}}
- {manager: b, op: apply, force: true, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "2"}}, expect: {outcome: applied}}
"#;
    const NARRATIVE: &str = "# T\nDocs: [Conflicts](https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts)\n## Step 1\nA.\n---\nDone.\n## Step 2\n? conflict: Will it conflict?\n---\nYes.\n## Step 3\n? owners .data.k: Who owns k?\n---\nb.\n";

    fn opened(step: Option<usize>) -> Rc<LessonsState> {
        Rc::new(LessonsState::new(Progress::default()))
            .reduce(LessonAction::IndexLoaded(Ok("01-t T\n".into())))
            .reduce(LessonAction::Show(Some(("t".into(), step))))
            .reduce(LessonAction::LessonLoaded {
                id: "t".into(),
                scenario: Ok(SCENARIO.into()),
                narrative: Ok(NARRATIVE.into()),
            })
    }

    fn step(s: &LessonsState) -> usize {
        s.open.as_ref().unwrap().step
    }

    #[test]
    fn a_step_is_revealed_only_after_a_choice() {
        let s = opened(None);
        assert_eq!(step(&s), 0);
        let s = s.reduce(LessonAction::Next);
        assert_eq!(step(&s), 1, "step 1 asks nothing: go on");
        let (_, l) = s.loaded().unwrap();
        assert!(!shown(l, 1));
        let s = s.reduce(LessonAction::Next).reduce(LessonAction::Reveal);
        assert_eq!(step(&s), 1, "no next before the answer");
        assert!(
            !shown(s.loaded().unwrap().1, 1),
            "no reveal before a choice"
        );
        let key = s.loaded().unwrap().1.keys[1].clone().unwrap();
        assert_eq!(key.choices[key.correct], "Yes, it conflicts");
        let s = s
            .reduce(LessonAction::Choose(key.correct))
            .reduce(LessonAction::Reveal);
        assert!(shown(s.loaded().unwrap().1, 1));
        assert!(
            !s.loaded().unwrap().1.result.steps[1].why.is_empty(),
            "the step's reasons are built"
        );
        let p = s.progress.get("t").copied().unwrap();
        assert_eq!((p.seen, p.right, p.answered, p.steps), (2, 1, 1, 3));
        // A choice once revealed stays.
        let s = s.reduce(LessonAction::Choose(1 - key.correct));
        assert_eq!(s.loaded().unwrap().1.chosen[1], Some(key.correct));
        let s = s.reduce(LessonAction::Next);
        assert_eq!(step(&s), 2);
        let key = s.loaded().unwrap().1.keys[2].clone().unwrap();
        assert_eq!(key.choices[key.correct], "b");
        let wrong = (key.correct + 1) % key.choices.len();
        let s = s
            .reduce(LessonAction::Choose(wrong))
            .reduce(LessonAction::Reveal);
        let p = s.progress.get("t").copied().unwrap();
        assert!(p.done());
        assert_eq!((p.right, p.answered), (1, 2));
        assert_eq!(
            s.reduce(LessonAction::Next).open.as_ref().unwrap().step,
            2,
            "last step"
        );
    }

    #[test]
    fn a_deep_link_opens_at_its_step_with_the_earlier_steps_seen() {
        let s = opened(Some(2));
        assert_eq!(step(&s), 2);
        let (_, l) = s.loaded().unwrap();
        assert!(shown(l, 0) && shown(l, 1));
        assert!(!shown(l, 2), "the linked step still asks");
        let back = s.reduce(LessonAction::Previous);
        assert_eq!(step(&back), 1);
        // Past the end: the last step.
        assert_eq!(step(&opened(Some(9))), 2);
    }

    #[test]
    fn goto_cannot_skip_unanswered_steps() {
        let s = opened(None).reduce(LessonAction::Goto(2));
        assert_eq!(step(&s), 0);
        let s = s.reduce(LessonAction::Goto(1));
        assert_eq!(step(&s), 1);
    }

    #[test]
    fn unusable_files_are_errors_not_panics() {
        let s = Rc::new(LessonsState::new(Progress::default()))
            .reduce(LessonAction::Show(Some(("t".into(), None))))
            .reduce(LessonAction::LessonLoaded {
                id: "t".into(),
                scenario: Ok(SCENARIO.into()),
                narrative: Ok("no title".into()),
            });
        match &s.open.as_ref().unwrap().content {
            Fetch::Failed(e) => assert!(e.starts_with("narrative, line 1:"), "{e}"),
            other => panic!("{other:?}"),
        }
        let s = s
            .reduce(LessonAction::Show(Some(("u".into(), None))))
            .reduce(LessonAction::LessonLoaded {
                id: "u".into(),
                scenario: Err("HTTP 404".into()),
                narrative: Ok(NARRATIVE.into()),
            });
        assert_eq!(
            s.open.as_ref().unwrap().content,
            Fetch::Failed("HTTP 404".into())
        );
    }

    #[test]
    fn progress_round_trips_through_text() {
        let s = opened(None).reduce(LessonAction::Next);
        let text = progress_to_text(&s.progress);
        assert_eq!(progress_from_text(&text), s.progress);
        assert_eq!(progress_from_text("bad line\nx 1 2\n"), Progress::default());
    }

    #[test]
    fn every_lesson_file_loads() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons");
        let index = lesson::parse_index(&std::fs::read_to_string(dir.join("index.txt")).unwrap());
        assert!(index.len() >= 12);
        for e in index {
            let read =
                |ext: &str| std::fs::read_to_string(dir.join(format!("{}.{ext}", e.stem))).unwrap();
            let loaded = load(&read("yaml"), &read("md"), 0)
                .unwrap_or_else(|err| panic!("{}: {err}", e.stem));
            assert!(
                loaded.keys.iter().filter(|k| k.is_some()).count() >= 2,
                "{}",
                e.stem
            );
        }
    }
}
