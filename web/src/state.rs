//! The app's state and how actions change it: pure, no `html!`, tested
//! natively with `cargo test -p ssa-web`.

use crate::scenario_edit::{self, Node, SchemaKind, StepEdit};
use ssa_engine::scenario::{
    Resolution, Scenario, ScenarioResult, parse_scenario, resolve_conflict, run_scenario_with,
    step_views,
};
use std::rc::Rc;
use yew::Reducible;

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The scenario text as the user typed it (never reformatted).
    pub text: String,
    /// The run of `text`, or the located error that stopped it (shared:
    /// the page's panels read it without copying).
    pub result: Result<Rc<ScenarioResult>, String>,
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
    /// What the user typed in the form's YAML editors, kept while it is
    /// invalid (with its error) or differs only in layout from the text.
    pub drafts: Vec<Draft>,
    /// `result` is the run of an earlier text: a text longer than
    /// [`RUN_LATER_BYTES`] runs once typing pauses ([`Action::Ran`]), so
    /// that typing never waits for a long run.
    pub stale: bool,
}

/// Texts longer than this (a ConfigMap of about 10,000 keys) run once
/// typing pauses rather than on every keystroke.
pub const RUN_LATER_BYTES: usize = 256 * 1024;

/// The pause, in milliseconds, after which a long text runs.
pub const RUN_AFTER_MS: u32 = 300;

/// The text of one of the form's YAML editors, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    pub node: Node,
    pub text: String,
    /// Why the text is not in the scenario, located in the editor.
    pub error: Option<String>,
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
    /// Change one setting of a step (manager, op, force, ...).
    EditStep(usize, StepEdit),
    /// Append a step: a new manager applying the last manifest.
    AddBlankStep,
    RemoveStep(usize),
    DuplicateStep(usize),
    /// Move a step one place up (`true`) or down.
    MoveStep(usize, bool),
    SetSchemaKind(SchemaKind),
    /// A pasted schema source with its starting point (see
    /// `scenario_edit::set_schema_kind`).
    SetSchemaTemplate(SchemaKind, ssa_engine::value::Value),
    /// The `GROUP/VERSION/KIND` of a built-in schema.
    SetBuiltin(String),
    /// The text of one of the form's YAML editors.
    EditNode(Node, String),
    Next,
    Previous,
    /// The run of a text whose run was put off ([`State::stale`]), made
    /// by [`run_with_views`] apart from the page's render: the page takes
    /// it in a task of its own, so that a key pressed meanwhile waits for
    /// one of the two only. Dropped if the text has changed since.
    Ran(String, Result<Rc<ScenarioResult>, String>),
    /// Run the text again: what the engine asks of the JavaScript API
    /// package (a custom resource's validation) can be answered now.
    Rerun,
}

/// What an editor of the form shows: the user's draft while it is invalid
/// or says the same as the scenario (its own layout, a trailing newline),
/// else the scenario's text of the node.
pub fn shown_text(drafts: &[Draft], node: Node, from_scenario: &str) -> (String, Option<String>) {
    match drafts.iter().find(|d| d.node == node) {
        Some(d) if d.error.is_some() => (d.text.clone(), d.error.clone()),
        Some(d)
            if scenario_edit::node_value(&d.text).ok()
                == scenario_edit::node_value(from_scenario).ok() =>
        {
            (d.text.clone(), None)
        }
        _ => (from_scenario.to_string(), None),
    }
}

impl State {
    /// The preset the Preset menu shows: the one the text came from, as
    /// long as the text is still that preset's (an edited preset is the
    /// user's scenario).
    pub fn shown_preset(&self) -> Option<usize> {
        crate::presets::presets()
            .get(self.preset)
            .filter(|p| p.text == self.text)
            .map(|_| self.preset)
    }

    pub fn new(text: &str) -> Self {
        let result = run(text);
        let selected = last_step(&result);
        Self::with_views(State {
            text: text.to_string(),
            result,
            selected,
            preset: 0,
            history: Vec::new(),
            notice: None,
            compare: false,
            drafts: Vec::new(),
            stale: false,
        })
    }

    /// This state with the views (blame, changes) of its selected step,
    /// built now: runs leave them out, as only one step is shown.
    pub fn with_views(mut self) -> Self {
        if let Ok(result) = &mut self.result
            && result
                .steps
                .get(self.selected)
                .is_some_and(|s| !s.has_views)
            && let Some(scenario) = read(&self.text)
        {
            // The text ran, so its schema loads again. A new run is not
            // shared yet: nothing is copied.
            let _ = step_views(&scenario, Rc::make_mut(result), self.selected);
        }
        self
    }

    /// The text an editor of the form shows, and its error.
    #[cfg(test)]
    pub fn editor_text(&self, node: Node) -> (String, Option<String>) {
        shown_text(
            &self.drafts,
            node,
            &scenario_edit::node_text(&self.text, node),
        )
    }

    /// This state with a new scenario text, run; `undoable` keeps the old
    /// text for Undo. Drafts are moved with their steps by `remap`.
    ///
    /// `remap` is a `dyn` reference here and in `with_run` and `edited`:
    /// one copy of each in the wasm rather than one per caller's closure.
    fn with_text(
        &self,
        text: String,
        undoable: bool,
        remap: &dyn Fn(usize) -> Option<usize>,
    ) -> State {
        let result = run(&text);
        self.with_run(text, result, undoable, remap)
    }

    /// [`State::with_text`] with the run of `text` already made.
    fn with_run(
        &self,
        text: String,
        result: Result<Rc<ScenarioResult>, String>,
        undoable: bool,
        remap: &dyn Fn(usize) -> Option<usize>,
    ) -> State {
        let mut history = self.history.clone();
        if undoable {
            history.push(self.text.clone());
        }
        let steps = result.as_ref().map(|r| r.steps.len()).unwrap_or(0);
        let selected = remap(self.selected).unwrap_or(self.selected);
        let drafts = self
            .drafts
            .iter()
            .filter_map(|d| match d.node {
                Node::Step(i) => remap(i).map(|j| Draft {
                    node: Node::Step(j),
                    ..d.clone()
                }),
                _ => Some(d.clone()),
            })
            .collect();
        State {
            text,
            result,
            selected: selected.min(steps.saturating_sub(1)),
            preset: self.preset,
            history,
            notice: None,
            compare: self.compare,
            drafts,
            stale: false,
        }
    }

    /// This state after a structured edit, or with its error as a notice.
    fn edited(
        &self,
        edit: Result<String, String>,
        undoable: bool,
        remap: &dyn Fn(usize) -> Option<usize>,
    ) -> State {
        match edit {
            Ok(text) => self.with_text(text, undoable, remap),
            Err(e) => State {
                notice: Some(e),
                ..self.clone()
            },
        }
    }

    fn edit_node(&self, node: Node, source: String) -> State {
        let mut drafts: Vec<Draft> = self
            .drafts
            .iter()
            .filter(|d| d.node != node)
            .cloned()
            .collect();
        let keep_text = |error: String| {
            let mut drafts = drafts.clone();
            drafts.push(Draft {
                node,
                text: source.clone(),
                error: Some(error),
            });
            State {
                drafts,
                ..self.clone()
            }
        };
        let edit = match scenario_edit::set_node(&self.text, node, &source) {
            Ok(edit) => edit,
            Err(error) => return keep_text(error),
        };
        // A change that stops the whole scenario at a place inside this
        // editor stays in the editor, so the rest of the page keeps working.
        let result = run(&edit.text);
        if let Err(e) = &result {
            let moved = edit
                .placed
                .and_then(|at| scenario_edit::error_in_editor(e, at, &source));
            if let Some(error) = moved {
                return keep_text(error);
            }
        }
        drafts.push(Draft {
            node,
            text: source,
            error: None,
        });
        State {
            drafts,
            ..self.with_run(edit.text, result, false, &Some)
        }
    }

    /// This state with the user's new text, run now.
    fn ran(&self, text: String) -> State {
        let result = run(&text);
        self.ran_with(text, result)
    }

    fn ran_with(&self, text: String, result: Result<Rc<ScenarioResult>, String>) -> State {
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
            drafts: Vec::new(),
            stale: false,
        }
    }

    pub fn step_count(&self) -> usize {
        self.result.as_ref().map(|r| r.steps.len()).unwrap_or(0)
    }
}

/// The run of `text` with the views of step `selected` (of the last step
/// if there are fewer), as [`State::with_views`] would build them.
pub fn run_with_views(text: &str, selected: usize) -> Result<Rc<ScenarioResult>, String> {
    let mut result = run(text)?;
    let selected = selected.min(result.steps.len().saturating_sub(1));
    if let Some(scenario) = last_read(text) {
        let _ = step_views(&scenario, Rc::make_mut(&mut result), selected);
    }
    Ok(result)
}

/// The writes of `text`, without views.
fn run(text: &str) -> Result<Rc<ScenarioResult>, String> {
    let scenario = parse_scenario(text).map_err(|e| e.to_string())?;
    let result = run_scenario_with(&scenario, false).map_err(|e| e.to_string())?;
    LAST_READ.with(|last| *last.borrow_mut() = Some((text.to_string(), Rc::new(scenario))));
    Ok(Rc::new(result))
}

thread_local! {
    /// The last text run and its scenario: the views of the step shown
    /// are built from it right after the run, without reading it again.
    static LAST_READ: std::cell::RefCell<Option<(String, Rc<Scenario>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The scenario of `text` if it is the last text run (no reading).
pub fn last_read(text: &str) -> Option<Rc<Scenario>> {
    LAST_READ.with(|last| {
        last.borrow()
            .as_ref()
            .filter(|(t, _)| t == text)
            .map(|(_, s)| Rc::clone(s))
    })
}

/// The scenario of `text`, read again only if it is not the last run.
fn read(text: &str) -> Option<Rc<Scenario>> {
    last_read(text).or_else(|| parse_scenario(text).ok().map(Rc::new))
}

fn last_step(result: &Result<Rc<ScenarioResult>, String>) -> usize {
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
            Action::Edit(text) if text.len() > RUN_LATER_BYTES => State {
                text,
                notice: None,
                drafts: Vec::new(),
                stale: true,
                ..(*self).clone()
            },
            // A shorter text runs with its edit: the editor sends it once
            // the keystroke's frame is painted, so typing does not wait for
            // the run.
            Action::Edit(text) => self.ran(text),
            Action::Rerun => self.ran(self.text.clone()),
            Action::Ran(text, result) if self.stale && text == self.text => {
                self.ran_with(text, result)
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
            // Undo brings back the text a preset replaced (an edited
            // preset included).
            Action::LoadPreset(i) => match crate::presets::presets().get(i) {
                Some(p) => {
                    let mut history = self.history.clone();
                    history.push(self.text.clone());
                    State {
                        preset: i,
                        history,
                        ..State::new(p.text)
                    }
                }
                None => return self,
            },
            Action::Resolve(step, how) => match resolve_conflict(&self.text, step, how) {
                Ok(resolved) => {
                    // The engine writes the scenario anew: keep what the
                    // resolution did not touch (comments, layout) as typed.
                    let text = match ssa_engine::yaml::parse(&resolved) {
                        Ok(doc) => crate::scenario_text::rewrite(&self.text, &doc.value),
                        Err(_) => resolved,
                    };
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
                        drafts: Vec::new(),
                        stale: false,
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
                        drafts: Vec::new(),
                        stale: false,
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
                    drafts: Vec::new(),
                    stale: false,
                }
            }
            Action::EditStep(i, edit) => {
                // Typing a name is not an undo step; the other settings are.
                let undoable = !matches!(edit, StepEdit::Manager(_) | StepEdit::Name(_));
                self.edited(
                    scenario_edit::edit_step(&self.text, i, &edit),
                    undoable,
                    &Some,
                )
            }
            Action::AddBlankStep => {
                let mut next = self.edited(scenario_edit::add_step(&self.text), true, &Some);
                next.selected = next.step_count().saturating_sub(1);
                next
            }
            Action::RemoveStep(i) => self.edited(
                scenario_edit::remove_step(&self.text, i),
                true,
                &|j| match j.cmp(&i) {
                    std::cmp::Ordering::Less => Some(j),
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Greater => Some(j - 1),
                },
            ),
            Action::DuplicateStep(i) => {
                self.edited(scenario_edit::duplicate_step(&self.text, i), true, &|j| {
                    Some(if j > i { j + 1 } else { j })
                })
            }
            Action::MoveStep(i, up) => {
                let other = if up { i.wrapping_sub(1) } else { i + 1 };
                self.edited(scenario_edit::move_step(&self.text, i, up), true, &|j| {
                    Some(if j == i {
                        other
                    } else if j == other {
                        i
                    } else {
                        j
                    })
                })
            }
            Action::SetSchemaKind(kind) | Action::SetSchemaTemplate(kind, _) => {
                let template = match action {
                    Action::SetSchemaTemplate(_, template) => Some(template),
                    _ => None,
                };
                let mut next = self.edited(
                    scenario_edit::set_schema_kind(&self.text, kind, template),
                    true,
                    &Some,
                );
                next.drafts.retain(|d| d.node != Node::Schema);
                next
            }
            Action::SetBuiltin(name) => {
                self.edited(scenario_edit::set_builtin(&self.text, &name), false, &Some)
            }
            Action::EditNode(node, source) => self.edit_node(node, source),
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
        Rc::new(next.with_views())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::presets;

    #[test]
    fn the_preset_menu_shows_a_preset_only_while_its_text_is_unedited() {
        let state = Rc::new(State::new(presets()[0].text));
        assert_eq!(state.shown_preset(), Some(0));
        let edited = state.reduce(Action::Edit(format!("{}\n# mine", presets()[0].text)));
        assert_eq!(edited.shown_preset(), None);
        // Picking a preset again replaces the edit, which Undo brings back.
        let second = edited.clone().reduce(Action::LoadPreset(1));
        assert_eq!(second.shown_preset(), Some(1));
        let undone = second.reduce(Action::Undo);
        assert_eq!(undone.text, edited.text);
        assert_eq!(undone.shown_preset(), None);
    }

    /// The run again, for what the JavaScript API package answers once
    /// loaded: the same text and step, the step's views rebuilt, the
    /// history untouched.
    #[test]
    fn a_rerun_keeps_the_text_and_the_step() {
        let state = Rc::new(State::new(presets()[0].text)).reduce(Action::Select(0));
        let again = state.clone().reduce(Action::Rerun);
        assert_eq!(again.text, state.text);
        assert_eq!(again.selected, 0);
        assert!(again.result.as_ref().unwrap().steps[0].has_views);
        assert_eq!(
            again.result.as_ref().unwrap().steps.len(),
            state.step_count()
        );
    }

    #[test]
    fn the_selected_step_always_has_its_views() {
        // Runs leave the views out; whatever selects a step builds them.
        let preset = presets()[0].text;
        let state = Rc::new(State::new(preset));
        let shown = |s: &State| s.result.as_ref().unwrap().steps[s.selected].has_views;
        assert!(shown(&state));
        let first = state.clone().reduce(Action::Select(0));
        assert_eq!(first.selected, 0);
        assert!(shown(&first));
        let unseen = first
            .result
            .as_ref()
            .unwrap()
            .steps
            .iter()
            .filter(|s| !s.has_views)
            .count();
        assert!(unseen > 0, "only the steps shown have views");
        let next = first.reduce(Action::Next);
        assert!(shown(&next));
        let edited = next
            .clone()
            .reduce(Action::Edit(preset.replace("blue", "green")));
        assert!(shown(&edited));
        // The views are the ones a full run builds.
        let full = ssa_engine::scenario::run_scenario_text(&edited.text).unwrap();
        assert_eq!(
            edited.result.as_ref().unwrap().steps[edited.selected].blame,
            full.steps[edited.selected].blame
        );
    }

    #[test]
    fn presets_run_without_errors() {
        for preset in presets() {
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
        let state = Rc::new(State::new(presets()[0].text));
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
        let state = Rc::new(State::new(presets()[0].text));
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
    fn resolving_a_conflict_keeps_the_comments() {
        let commented = presets()[0]
            .text
            .replace("steps:\n", "# Two teams, one key.\nsteps:\n")
            .replace(
                "  expect: {outcome: conflict}\n",
                "  expect: {outcome: conflict}  # the 409\n",
            );
        let state = Rc::new(State::new(&commented));
        for how in [Resolution::Force, Resolution::GiveUp, Resolution::Share] {
            let resolved = state.clone().reduce(Action::Resolve(1, how));
            assert_eq!(
                resolved.result.as_ref().unwrap().steps[1].outcome.as_str(),
                "applied",
                "{how:?}"
            );
            assert!(
                resolved.text.contains("# Two teams, one key.\n"),
                "{how:?}: {}",
                resolved.text
            );
            assert!(
                resolved.text.contains("description: |\n  Two teams apply"),
                "{how:?}: {}",
                resolved.text
            );
        }
    }

    #[test]
    fn a_long_text_runs_once_typing_pauses() {
        let state = Rc::new(State::new(presets()[0].text));
        let long = format!("{}\n{}", presets()[0].text, "#".repeat(RUN_LATER_BYTES));
        let typed = state.clone().reduce(Action::Edit(long.clone()));
        assert_eq!(typed.text, long, "the text is taken at once");
        assert!(typed.stale);
        assert_eq!(typed.result, state.result, "the run waits");
        // A run of an older text is dropped.
        let older = typed.clone().reduce(Action::Ran(
            presets()[0].text.to_string(),
            state.result.clone(),
        ));
        assert!(Rc::ptr_eq(&typed, &older));
        let result = run_with_views(&long, typed.selected);
        assert!(result.as_ref().unwrap().steps[typed.selected].has_views);
        let ran = typed.reduce(Action::Ran(long.clone(), result.clone()));
        assert!(!ran.stale);
        assert!(ran.result.is_ok());
        assert!(ran.result.as_ref().unwrap().steps[ran.selected].has_views);
        // Nothing to run: the same state.
        let again = ran.clone().reduce(Action::Ran(long, result));
        assert!(Rc::ptr_eq(&ran, &again));
    }

    #[test]
    fn an_edit_reruns_and_keeps_the_text_on_error() {
        let state = Rc::new(State::new(presets()[0].text));
        let broken = "scenario: v1\nsteps: [\n".to_string();
        let state = state.clone().reduce(Action::Edit(broken.clone()));
        assert!(!state.stale, "a short text runs with its edit");
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

#[cfg(test)]
mod form_tests {
    use super::*;
    use crate::presets::presets;

    fn outcomes(state: &State) -> Vec<&'static str> {
        state
            .result
            .as_ref()
            .unwrap()
            .steps
            .iter()
            .map(|s| s.outcome.as_str())
            .collect()
    }

    #[test]
    fn step_list_edits_rerun_and_undo() {
        let state = Rc::new(State::new(presets()[0].text));
        assert_eq!(outcomes(&state), ["applied", "conflict", "applied"]);
        let forced = state
            .clone()
            .reduce(Action::EditStep(1, StepEdit::Force(true)));
        assert_eq!(outcomes(&forced), ["applied", "applied", "applied"]);
        assert_eq!(forced.history, vec![state.text.clone()]);
        let removed = forced.reduce(Action::RemoveStep(0));
        assert_eq!(outcomes(&removed), ["applied", "applied"]);
        let duplicated = removed.reduce(Action::DuplicateStep(0));
        assert_eq!(duplicated.step_count(), 3);
        let added = duplicated.reduce(Action::AddBlankStep);
        assert_eq!(added.step_count(), 4);
        assert_eq!(added.selected, 3, "the new step is selected");
        let undone = added
            .reduce(Action::Undo)
            .reduce(Action::Undo)
            .reduce(Action::Undo)
            .reduce(Action::Undo);
        assert_eq!(undone.text, state.text);
        // A name is typed letter by letter: not an undo step each time.
        let renamed = state
            .clone()
            .reduce(Action::EditStep(1, StepEdit::Manager("team-a".into())));
        assert!(renamed.history.is_empty());
        assert_eq!(outcomes(&renamed), ["applied", "applied", "applied"]);
        // Impossible edits leave the text and say why.
        let refused = state.clone().reduce(Action::MoveStep(0, true));
        assert_eq!(refused.text, state.text);
        assert!(refused.notice.is_some());
    }

    #[test]
    fn an_invalid_manifest_stays_in_its_editor() {
        let state = Rc::new(State::new(presets()[0].text));
        let typed = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\ndata: {color: [\n";
        let next = state
            .clone()
            .reduce(Action::EditNode(Node::Step(1), typed.to_string()));
        assert_eq!(
            next.text, state.text,
            "the scenario keeps its last good text"
        );
        assert_eq!(
            outcomes(&next),
            ["applied", "conflict", "applied"],
            "the page keeps working"
        );
        let (shown, error) = next.editor_text(Node::Step(1));
        assert_eq!(shown, typed, "the user's text is kept");
        assert!(error.unwrap().starts_with("line 5, column 1:"));
        // Steps move with their drafts.
        let moved = next.reduce(Action::MoveStep(1, true));
        assert!(moved.editor_text(Node::Step(0)).1.is_some());
        assert!(moved.editor_text(Node::Step(1)).1.is_none());
        // Fixing it puts it in the scenario, with the user's layout.
        let fixed = moved.reduce(Action::EditNode(
            Node::Step(0),
            typed.replace("[\n", "blue}\n"),
        ));
        assert!(
            fixed.text.contains("    data: {color: blue}\n"),
            "{}",
            fixed.text
        );
        assert_eq!(fixed.editor_text(Node::Step(0)).1, None);
        assert_eq!(
            fixed.editor_text(Node::Step(0)).0,
            typed.replace("[\n", "blue}\n")
        );
    }

    #[test]
    fn a_live_object_that_stops_the_scenario_is_marked_in_its_editor() {
        let state = Rc::new(State::new(presets()[0].text));
        // A list where the live object's map belongs.
        let next = state
            .clone()
            .reduce(Action::EditNode(Node::Live, "- not a map".into()));
        assert_eq!(next.text, state.text);
        assert!(
            next.editor_text(Node::Live)
                .1
                .unwrap()
                .starts_with("line 1, column 1:")
        );
        let live = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\ndata: {color: green}";
        let next = next.reduce(Action::EditNode(Node::Live, live.into()));
        assert!(next.text.contains("\nlive:\n  apiVersion: v1\n"));
        assert_eq!(next.editor_text(Node::Live).0, live);
    }

    #[test]
    fn the_schema_source_is_picked_and_undone() {
        let state = Rc::new(State::new(presets()[0].text));
        let deduced = state
            .clone()
            .reduce(Action::SetSchemaKind(SchemaKind::Deduced));
        assert!(deduced.text.contains("schema:\n  deduced: {}\n"));
        assert!(deduced.result.is_ok());
        let builtin = deduced.reduce(Action::SetSchemaKind(SchemaKind::Builtin));
        assert!(builtin.text.contains("builtin: v1/ConfigMap"));
        let wrong = builtin
            .clone()
            .reduce(Action::SetBuiltin("v1/Nothing".into()));
        assert!(
            wrong.result.is_err(),
            "an unknown kind is the scenario's error"
        );
        assert_eq!(
            wrong.reduce(Action::Undo).reduce(Action::Undo).text,
            state.text
        );
    }
}
