//! The structured inputs next to the YAML: schema source, live object and
//! the ordered steps. Read from the scenario text on every render; every
//! edit is an action that rewrites the text and re-runs the scenario.

use crate::components::{
    live_editor::LiveEditor, schema_picker::SchemaPicker, step_list::StepList,
};
use crate::scenario_edit::read_form;
use crate::state::{Action, Draft};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub drafts: Vec<Draft>,
    /// Each step's outcome in the last run, for its badge.
    pub outcomes: Vec<String>,
    /// Why a step could not be sent (empty for the others).
    pub problems: Vec<String>,
    pub selected: usize,
    pub on_action: Callback<Action>,
    /// Opens the review page with a cluster export pasted as the live
    /// object (see `LiveEditor`).
    pub on_review: Callback<String>,
}

#[function_component(ScenarioForm)]
pub fn scenario_form(props: &Props) -> Html {
    // One memo for both (each hook's type adds its own code to the wasm).
    let memo = use_memo(props.text.clone(), |text| {
        (read_form(text), automatic_schema(text))
    });
    let (form, automatic) = &*memo;
    let form = match form {
        Ok(form) => form.clone(),
        Err(e) => {
            return html! {
                { crate::el_attrs!("section", [("aria-label", "Scenario inputs"), ("class", "form")], crate::el_attrs!("p", [("role", "status"), ("class", "form-unreadable")], format!("The inputs need a scenario that reads as YAML; fix the scenario YAML below first ({e})."))) }
            };
        }
    };
    html! {
        { crate::el_attrs!("section", [("aria-label", "Scenario inputs"), ("class", "form")], html! { <>
            <SchemaPicker kind={form.schema} automatic={automatic.clone()} builtin={form.builtin.clone()} document={form.schema_document.clone()}
                          drafts={props.drafts.clone()} on_action={props.on_action.clone()} />
            <LiveEditor text={form.live.clone()} drafts={props.drafts.clone()} on_action={props.on_action.clone()}
                        on_review={props.on_review.clone()} />
            <StepList steps={form.steps.clone()} drafts={props.drafts.clone()} outcomes={props.outcomes.clone()}
                      problems={props.problems.clone()}
                      selected={props.selected} on_action={props.on_action.clone()} />
        </> }) }
    }
}

/// What an automatic schema resolves to for the object the scenario writes.
fn automatic_schema(text: &str) -> String {
    // Values only: the places of each field of a long manifest cost more
    // than reading it.
    let doc = ssa_engine::yaml::parse_places(text, ssa_engine::yaml::Places::Scenario)
        .map(|d| d.value)
        .unwrap_or_default();
    let object = doc
        .get("steps")
        .and_then(|s| s.as_list())
        .and_then(|s| {
            s.iter()
                .find_map(|s| s.get("object").filter(|o| o.get("kind").is_some()))
        })
        .or_else(|| doc.get("live"));
    let field = |key: &str| {
        object
            .and_then(|o| o.get(key))
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    };
    let (api, kind) = (field("apiVersion"), field("kind"));
    if ssa_engine::builtin::lookup(&api, &kind).is_some() {
        format!("Uses the built-in {api}/{kind} schema.")
    } else {
        format!("{api}/{kind} is no built-in kind: no schema (deduced).")
    }
}
