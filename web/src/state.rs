//! The app's state and how actions change it: pure, no `html!`, tested
//! natively with `cargo test -p ssa-web`.

use ssa_engine::scenario::{Resolution, ScenarioResult, resolve_conflict, run_scenario_text};
use std::rc::Rc;
use yew::Reducible;

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The scenario text as the user typed it (never reformatted).
    pub text: String,
    /// The run of `text`, or the located error that stopped it.
    pub result: Result<ScenarioResult, String>,
    /// The step whose state is shown.
    pub selected: usize,
    /// The preset the text came from.
    pub preset: usize,
    /// Earlier texts, for undoing the edits the page made (resolutions).
    pub history: Vec<String>,
    /// Why the last resolution could not be made, if it could not.
    pub notice: Option<String>,
    /// Show the manifests applied client-side and server-side side by side.
    pub compare: bool,
}

/// What the user can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Edit(String),
    /// Replace the scenario (an imported file or a shared link).
    Load(String),
    LoadPreset(usize),
    Select(usize),
    /// Resolve the conflict of a step, one of the documented three ways.
    Resolve(usize, Resolution),
    /// Switch the client-side vs server-side view.
    ToggleCompare,
    /// Append a ready-made step.
    AddStep(usize),
    /// Go back to the text before the last change the page made.
    Undo,
    Next,
    Previous,
}

impl State {
    pub fn new(text: &str) -> Self {
        let result = run(text);
        let selected = last_step(&result);
        State {
            text: text.to_string(),
            result,
            selected,
            preset: 0,
            history: Vec::new(),
            notice: None,
            compare: false,
        }
    }

    pub fn step_count(&self) -> usize {
        self.result.as_ref().map(|r| r.steps.len()).unwrap_or(0)
    }
}

fn run(text: &str) -> Result<ScenarioResult, String> {
    run_scenario_text(text).map_err(|e| e.to_string())
}

fn last_step(result: &Result<ScenarioResult, String>) -> usize {
    result
        .as_ref()
        .map(|r| r.steps.len().saturating_sub(1))
        .unwrap_or(0)
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let count = self.step_count();
        let next = match action {
            Action::Edit(text) => {
                let result = run(&text);
                // Keep the user's place when the edit keeps the step.
                let steps = result.as_ref().map(|r| r.steps.len()).unwrap_or(0);
                let selected = if steps == 0 {
                    0
                } else {
                    self.selected.min(steps - 1)
                };
                State {
                    text,
                    result,
                    selected,
                    preset: self.preset,
                    history: self.history.clone(),
                    notice: None,
                    compare: self.compare,
                }
            }
            Action::Load(text) => {
                let mut history = self.history.clone();
                history.push(self.text.clone());
                State {
                    history,
                    preset: usize::MAX,
                    ..State::new(&text)
                }
            }
            Action::LoadPreset(i) => match crate::presets::PRESETS.get(i) {
                Some(p) => State {
                    preset: i,
                    ..State::new(p.text)
                },
                None => return self,
            },
            Action::Resolve(step, how) => match resolve_conflict(&self.text, step, how) {
                Ok(text) => {
                    let mut history = self.history.clone();
                    history.push(self.text.clone());
                    let result = run(&text);
                    State {
                        text,
                        result,
                        selected: step,
                        preset: self.preset,
                        history,
                        notice: None,
                        compare: self.compare,
                    }
                }
                Err(e) => State {
                    notice: Some(e.to_string()),
                    ..(*self).clone()
                },
            },
            Action::AddStep(i) => match crate::steps::add_step(&self.text, i) {
                Ok(text) => {
                    let mut history = self.history.clone();
                    history.push(self.text.clone());
                    let result = run(&text);
                    let selected = result
                        .as_ref()
                        .map(|r| r.steps.len().saturating_sub(1))
                        .unwrap_or(0);
                    State {
                        text,
                        result,
                        selected,
                        preset: self.preset,
                        history,
                        notice: None,
                        compare: self.compare,
                    }
                }
                Err(e) => State {
                    notice: Some(e),
                    ..(*self).clone()
                },
            },
            Action::ToggleCompare => State {
                compare: !self.compare,
                ..(*self).clone()
            },
            Action::Undo => {
                let mut history = self.history.clone();
                let Some(text) = history.pop() else {
                    return self;
                };
                let result = run(&text);
                State {
                    text,
                    result,
                    selected: self.selected,
                    preset: self.preset,
                    history,
                    notice: None,
                    compare: self.compare,
                }
            }
            Action::Select(i) if i < count => State {
                selected: i,
                ..(*self).clone()
            },
            Action::Next if self.selected + 1 < count => State {
                selected: self.selected + 1,
                ..(*self).clone()
            },
            Action::Previous if self.selected > 0 => State {
                selected: self.selected - 1,
                ..(*self).clone()
            },
            _ => return self,
        };
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::PRESETS;

    #[test]
    fn presets_run_without_errors() {
        for preset in PRESETS {
            let state = State::new(preset.text);
            let result = state
                .result
                .as_ref()
                .unwrap_or_else(|e| panic!("{}: {e}", preset.title));
            assert!(!result.steps.is_empty(), "{}", preset.title);
            for step in &result.steps {
                assert!(
                    step.expectation_failures.is_empty(),
                    "{}: {:?}",
                    preset.title,
                    step.expectation_failures
                );
            }
        }
    }

    #[test]
    fn stepping_stays_in_range() {
        let state = Rc::new(State::new(PRESETS[0].text));
        let count = state.step_count();
        assert_eq!(state.selected, count - 1, "starts at the last step");
        let state = state.reduce(Action::Next);
        assert_eq!(state.selected, count - 1);
        let state = state.reduce(Action::Select(0)).reduce(Action::Previous);
        assert_eq!(state.selected, 0);
        let state = state.reduce(Action::Next);
        assert_eq!(state.selected, 1);
        let state = state.reduce(Action::Select(99));
        assert_eq!(state.selected, 1);
    }

    #[test]
    fn resolving_a_conflict_can_be_undone() {
        let state = Rc::new(State::new(PRESETS[0].text));
        assert_eq!(
            state.result.as_ref().unwrap().steps[1].outcome.as_str(),
            "conflict"
        );
        let resolved = state.clone().reduce(Action::Resolve(1, Resolution::Share));
        assert_eq!(
            resolved.result.as_ref().unwrap().steps[1].outcome.as_str(),
            "applied"
        );
        assert_eq!(resolved.selected, 1);
        let undone = resolved.reduce(Action::Undo);
        assert_eq!(undone.text, state.text);
        assert!(undone.history.is_empty());
        let nothing = state.reduce(Action::Resolve(0, Resolution::Force));
        assert!(nothing.notice.is_some(), "step 1 has no conflict");
    }

    #[test]
    fn an_edit_reruns_and_keeps_the_text_on_error() {
        let state = Rc::new(State::new(PRESETS[0].text));
        let broken = "scenario: v1\nsteps: [\n".to_string();
        let state = state.reduce(Action::Edit(broken.clone()));
        assert_eq!(state.text, broken);
        assert!(
            state
                .result
                .as_ref()
                .unwrap_err()
                .starts_with("line 3, column 1:")
        );
        assert_eq!(state.selected, 0);
    }
}
