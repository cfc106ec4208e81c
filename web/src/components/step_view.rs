//! The state after one step: outcome and the server's message, conflicts,
//! the object as YAML, and every manager's fields in kubectl's notation.
//! What is built from the run (each manager's fields) is built once per
//! run and step, not on every render.

use crate::components::field_list::FieldList;
use crate::components::object_view::ObjectView;
use crate::components::raw_managed_fields::RawManagedFields;
use crate::components::{el, el_classes};
use crate::shared::Shared;
use ssa_engine::managed_fields::{self, ManagerId};
use ssa_engine::scenario::{Resolution, ScenarioResult, StepResult};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub index: usize,
    /// The run; the step shown is `index`.
    pub result: Shared<ScenarioResult>,
    /// Resolves this step's conflict.
    pub on_resolve: Callback<Resolution>,
}

/// One manager's entry: name, operation (with subresource) and its
/// fields in kubectl's notation.
#[derive(PartialEq)]
struct Manager {
    name: String,
    how: String,
    fields: Rc<Vec<String>>,
}

#[function_component(StepView)]
pub fn step_view(props: &Props) -> Html {
    let managers = use_memo((props.result.clone(), props.index), |(result, index)| {
        managers_of(result.steps.get(*index))
    });
    let Some(step) = props.result.steps.get(props.index) else {
        return html! {};
    };
    html! {
        <article class="step" aria-label={format!("Step {}", props.index + 1)}>
            { el("h2", "step-title", html! { <>
                { format!("After step {}: ", props.index + 1) }
                { el_classes("span", classes!("step-outcome", format!("step-outcome-{}", step.outcome.as_str())), step.outcome.as_str()) }
            </> }) }
            if !step.message.is_empty() {
                { el("pre", "step-message", step.message.clone()) }
            }
            if !step.conflicts.is_empty() {
                { el("table", "step-conflicts", html! { <>
                    { el("thead", "", el("tr", "", html! { <>{ el("th", "", "Field") }{ el("th", "", "Owned by") }</> })) }
                    { el("tbody", "", html! { <>
                        { for step.conflicts.iter().map(|c| html! {
                            { el("tr", "", html! { <>{ el("td", "", el("code", "", c.field.clone())) }
                                { el("td", "", html! { <>{ c.manager.clone() }{ c.subresource.as_ref().map(|s| format!(" (/{s})")).unwrap_or_default() }</> }) }</> }) }
                        }) }
                    </> }) }
                </> }) }
                { crate::el_attrs!("div", [("role", "group"), ("aria-label", "Resolve the conflict"), ("class", "step-resolve")], html! { <>
                    <button type="button" class="step-resolve-force"
                            onclick={resolve(&props.on_resolve, Resolution::Force)}
                            title="Re-run this step with force: take the fields over">{ "Force" }</button>
                    <button type="button" class="step-resolve-give-up"
                            onclick={resolve(&props.on_resolve, Resolution::GiveUp)}
                            title="Remove the conflicting fields from this step's manifest">{ "Give up the fields" }</button>
                    <button type="button" class="step-resolve-share"
                            onclick={resolve(&props.on_resolve, Resolution::Share)}
                            title="Apply the values the object holds (leaving out a field it does not hold), so both managers own them">{ "Share them" }</button>
                </> }) }
            }
            for note in step.notes.iter() {
                { el("p", "step-note", note.clone()) }
            }
            { el("div", "step-explain", html! { <>
                { changes_view(&step.changes) }
                { crate::components::why_panel::why_view(&step.why, &step.message) }
            </> }) }
            { el("div", "step-panels", html! { <>
                { el("section", "step-panel", html! { <>
                    { el("h3", "", "Object") }
                    <ObjectView result={props.result.clone()} index={props.index} />
                </> }) }
                { el("section", "step-panel", html! { <>
                    { el("h3", "", "Managed fields") }
                    if managers.is_empty() {
                        { el("p", "step-none", "Nobody owns any field.") }
                    }
                    if let Some(object) = &step.object {
                        <RawManagedFields object={object.clone()} />
                    }
                    { for managers.iter().map(|m| html! {
                        { el("div", "manager", html! { <>
                            { el("h4", "", html! { <>{ el_classes("span", classes!("manager-name", "blame-owner", crate::colours::class(&m.name)), m.name.clone()) }{ " " }{ el("span", "manager-op", m.how.clone()) }</> }) }
                            <FieldList fields={m.fields.clone()} />
                        </> }) }
                    }) }
                </> }) }
            </> }) }
        </article>
    }
}

/// What the step changed, in words.
pub fn changes_view(c: &ssa_engine::scenario::Changes) -> Html {
    if c.is_empty() {
        return html! {};
    }
    let list = |title: &str, class: &str, items: Vec<Html>| {
        if items.is_empty() {
            return html! {};
        }
        html! {
            { el_classes("div", classes!("changes-group", class.to_string()), html! { <>
                { el("h4", "", title.to_string()) }
                { el("ul", "", html! { <>{ for items.into_iter() }</> }) }
            </> }) }
        }
    };
    let plain = |fields: &Vec<String>| {
        fields
            .iter()
            .map(|f| el("li", "", el("code", "", f.clone())))
            .collect::<Vec<_>>()
    };
    html! {
        { crate::el_attrs!("section", [("aria-label", "What this step changed"), ("class", "changes")], html! { <>
            { el("h3", "", "Changes") }
            { list("Added", "changes-added", plain(&c.added)) }
            { list("Changed", "changes-modified", plain(&c.modified)) }
            { list("Removed", "changes-removed", c.removed.iter().map(|(f, why)| html! {
                { el("li", "", html! { <>{ el("code", "", f.clone()) }{ " — " }{ why.clone() }</> }) }
            }).collect()) }
            { list("Dropped from the manifest but kept", "changes-kept", c.kept.iter().map(|(f, owners)| html! {
                { el("li", "", html! { <>{ el("code", "", f.clone()) }{ format!(" — still owned by {}", owners.join(", ")) }</> }) }
            }).collect()) }
            { list("Ownership moved", "changes-moved", c.moved.iter().map(|(f, was, now)| html! {
                { el("li", "", html! { <>{ el("code", "", f.clone()) }{ format!(" — {} → {}", was.join(", "), now.join(", ")) }</> }) }
            }).collect()) }
        </> }) }
    }
}

/// Every manager of the step's object with its fields.
fn managers_of(step: Option<&StepResult>) -> Vec<Manager> {
    // The views decoded them already; a step shown without its views
    // (not yet built) decodes them here.
    let decoded = step.and_then(|s| match &s.managed {
        Some(managed) => Some(std::borrow::Cow::Borrowed(managed)),
        None => s
            .object
            .as_ref()
            .and_then(|o| managed_fields::decode(o).ok())
            .map(std::borrow::Cow::Owned),
    });
    let Some(decoded) = decoded else {
        return Vec::new();
    };
    decoded
        .fields
        .iter()
        .map(|(id, vs)| {
            let who = ManagerId::decode(id);
            let name = who
                .as_ref()
                .map(|w| w.manager.clone())
                .unwrap_or_else(|| id.clone());
            let how = who
                .map(|w| {
                    let mut s = w.operation.as_str().to_string();
                    if !w.subresource.is_empty() {
                        s.push_str(&format!(" /{}", w.subresource));
                    }
                    s
                })
                .unwrap_or_default();
            let fields = vs
                .set
                .paths_in_tree_order()
                .iter()
                .map(ToString::to_string)
                .collect();
            Manager {
                name,
                how,
                fields: Rc::new(fields),
            }
        })
        .collect()
}

fn resolve(on_resolve: &Callback<Resolution>, how: Resolution) -> Callback<MouseEvent> {
    let on_resolve = on_resolve.clone();
    Callback::from(move |_| on_resolve.emit(how))
}
