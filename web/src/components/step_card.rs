//! One step of the list: who (manager, with its colour), what (operation,
//! force, subresource, client, patch type), its manifest, and the buttons
//! that move, duplicate and remove it.

use crate::colours;
use crate::components::code_editor::CodeEditor;
use crate::components::{el, el_classes};
use crate::scenario_edit::{Node, OPS, StepEdit, StepForm};
use crate::state::{Action, Draft, shown_text};
use yew::prelude::*;

pub struct Props {
    pub index: usize,
    pub count: usize,
    pub step: StepForm,
    pub drafts: Vec<Draft>,
    pub outcome: Option<String>,
    /// Why the step could not be sent, if it could not.
    pub problem: Option<String>,
    pub selected: bool,
    pub on_action: Callback<Action>,
}

/// A select's new value as a step edit.
fn on_select(
    on_action: &Callback<Action>,
    index: usize,
    make: fn(String) -> StepEdit,
) -> Callback<Event> {
    let on_action = on_action.clone();
    Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            on_action.emit(Action::EditStep(index, make(select.value())));
        }
    })
}

fn button(on_action: &Callback<Action>, action: Action) -> Callback<MouseEvent> {
    crate::components::send_on_click(on_action, action)
}

/// Moves the step, and keeps the keyboard focus on the moved step's
/// button, so that pressing it again moves the same step further.
fn move_button(on_action: &Callback<Action>, index: usize, up: bool) -> Callback<MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_| {
        on_action.emit(Action::MoveStep(index, up));
        let to = if up { index } else { index + 2 };
        // After the re-render the dispatch above schedules.
        wasm_bindgen_futures::spawn_local(async move {
            crate::browser::focus_first(&[
                &format!(
                    "[aria-label=\"Move step {to} {}\"]:not([disabled])",
                    if up { "up" } else { "down" }
                ),
                &format!(
                    "[aria-label=\"Move step {to} {}\"]",
                    if up { "down" } else { "up" }
                ),
            ]);
        });
    })
}

fn options(values: &[(&'static str, &'static str)], current: &str) -> Html {
    values
        .iter()
        .map(|(value, label)| html! { <option value={*value} selected={*value == current}>{ *label }</option> })
        .collect()
}

/// A plain function rather than a component: yew's code for each
/// component is about 2 KB of the wasm.
pub fn step_card(props: &Props) -> Html {
    let (i, step, on_action) = (props.index, &props.step, &props.on_action);
    let n = i + 1;
    let on_manager = {
        let on_action = on_action.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                on_action.emit(Action::EditStep(i, StepEdit::Manager(input.value())));
            }
        })
    };
    let on_name = {
        let on_action = on_action.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                on_action.emit(Action::EditStep(i, StepEdit::Name(input.value())));
            }
        })
    };
    let on_force = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                on_action.emit(Action::EditStep(i, StepEdit::Force(input.checked())));
            }
        })
    };
    let on_body = crate::components::send_node_edit(on_action, Node::Step(i));
    let shown_manager = if step.manager.is_empty() {
        "(default)".to_string()
    } else {
        step.manager.clone()
    };
    let outcome = props.outcome.clone().unwrap_or_default();
    let body_label = if step.op == "patch" {
        "Patch"
    } else {
        "Manifest"
    };
    html! {
        <li class={classes!("step-card", props.selected.then_some("step-card-selected"))} aria-label={format!("Step {n}: {shown_manager}")}>
            { el("div", "step-card-head", html! { <>
                { el("span", "step-card-index", n) }
                <span class={classes!("step-card-chip", colours::class(&step.manager))} aria-hidden="true"></span>
                { el("label", "step-card-manager", html! { <>
                    { el("span", "step-card-label", "Manager") }
                    <input type="text" value={step.manager.clone()} oninput={on_manager} spellcheck="false"
                           aria-label={format!("Step {n} manager")} />
                </> }) }
                if !outcome.is_empty() {
                    { el_classes("span", classes!("step-card-outcome", "step-outcome", format!("step-outcome-{outcome}")), outcome.clone()) }
                }
            </> }) }
            { el("div", "step-card-settings", html! { <>
                { el("label", "", html! { <>{ el("span", "step-card-label", "Operation") }
                    <select onchange={on_select(on_action, i, StepEdit::Op)} aria-label={format!("Step {n} operation")}>
                        { options(&OPS, &step.op) }
                    </select>
                </> }) }
                if step.op == "apply" {
                    { el("label", "step-card-force", html! { <>
                        <input type="checkbox" checked={step.force} onchange={on_force} aria-label={format!("Step {n} force")} />
                        { "force" }
                    </> }) }
                }
                if step.op == "patch" {
                    { el("label", "", html! { <>{ el("span", "step-card-label", "Patch type") }
                        <select onchange={on_select(on_action, i, StepEdit::PatchType)} aria-label={format!("Step {n} patch type")}>
                            { options(&[("merge", "merge"), ("strategic", "strategic"), ("json", "json")], &step.patch_type) }
                        </select>
                    </> }) }
                }
                if step.op != "delete" {
                    { el("label", "", html! { <>{ el("span", "step-card-label", "Subresource") }
                        <select onchange={on_select(on_action, i, StepEdit::Subresource)} aria-label={format!("Step {n} subresource")}>
                            { options(&[("", "none"), ("status", "status"), ("scale", "scale")], &step.subresource) }
                        </select>
                    </> }) }
                }
                { el("label", "", html! { <>{ el("span", "step-card-label", "Client") }
                    <select onchange={on_select(on_action, i, StepEdit::Client)} aria-label={format!("Step {n} client")}>
                        { options(&[("kubectl", "kubectl"), ("api", "api")], &step.client) }
                    </select>
                </> }) }
                { el("label", "step-card-name", html! { <>{ el("span", "step-card-label", "Label") }
                    <input type="text" value={step.name.clone()} oninput={on_name} placeholder="optional, shown in the timeline"
                           aria-label={format!("Step {n} label")} />
                </> }) }
            </> }) }
            if let Some(body) = &step.body {
                {{
                    let (text, error) = shown_text(&props.drafts, Node::Step(i), body);
                    html! {
                        { el("div", "step-card-body", html! { <>
                            { el("span", "step-card-label", body_label) }
                            <CodeEditor {text} {error} on_edit={on_body} label={format!("Step {n} {}", body_label.to_ascii_lowercase())} />
                        </> }) }
                    }
                }}
            }
            if let Some(problem) = &props.problem {
                { el("p", "step-card-problem", format!("Not sent. Scenario YAML, {problem}")) }
            }
            <div class="step-card-actions" role="group" aria-label={format!("Step {n} order")}>
                <button type="button" onclick={move_button(on_action, i, true)} disabled={i == 0}
                        aria-label={format!("Move step {n} up")} title="Move up">{ "↑ Up" }</button>
                <button type="button" onclick={move_button(on_action, i, false)} disabled={i + 1 >= props.count}
                        aria-label={format!("Move step {n} down")} title="Move down">{ "↓ Down" }</button>
                <button type="button" onclick={button(on_action, Action::DuplicateStep(i))}
                        aria-label={format!("Duplicate step {n}")}>{ "Duplicate" }</button>
                <button type="button" class="step-card-remove" onclick={button(on_action, Action::RemoveStep(i))}
                        aria-label={format!("Remove step {n}")}>{ "Remove" }</button>
            </div>
        </li>
    }
}
