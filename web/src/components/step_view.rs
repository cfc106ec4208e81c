//! The state after one step: outcome and the server's message, conflicts,
//! the object as YAML, and every manager's fields in kubectl's notation.

use ssa_engine::managed_fields::{self, ManagerId};
use ssa_engine::scenario::StepResult;
use ssa_engine::value::Value;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub index: usize,
    pub step: StepResult,
}

#[function_component(StepView)]
pub fn step_view(props: &Props) -> Html {
    let step = &props.step;
    let object_yaml = step
        .object
        .as_ref()
        .map(without_managed_fields)
        .map(|o| ssa_engine::yaml::to_yaml_string(&o));
    let managers = step
        .object
        .as_ref()
        .and_then(|o| managed_fields::decode(o).ok())
        .map(|m| m.fields)
        .unwrap_or_default();
    html! {
        <article class="step" aria-label={format!("Step {}", props.index + 1)}>
            <h2 class="step-title">
                { format!("After step {}: ", props.index + 1) }
                <span class={classes!("step-outcome", format!("step-outcome-{}", step.outcome.as_str()))}>{ step.outcome.as_str() }</span>
            </h2>
            if !step.message.is_empty() {
                <pre class="step-message">{ step.message.clone() }</pre>
            }
            if !step.conflicts.is_empty() {
                <table class="step-conflicts">
                    <thead><tr><th>{ "Field" }</th><th>{ "Owned by" }</th></tr></thead>
                    <tbody>
                        { for step.conflicts.iter().map(|c| html! {
                            <tr><td><code>{ c.field.clone() }</code></td>
                                <td>{ c.manager.clone() }{ c.subresource.as_ref().map(|s| format!(" (/{s})")).unwrap_or_default() }</td></tr>
                        }) }
                    </tbody>
                </table>
            }
            for note in step.notes.iter() {
                <p class="step-note">{ note.clone() }</p>
            }
            <div class="step-panels">
                <section class="step-panel">
                    <h3>{ "Object" }</h3>
                    <pre class="step-object">{ object_yaml.unwrap_or_else(|| "(no object)".to_string()) }</pre>
                </section>
                <section class="step-panel">
                    <h3>{ "Managed fields" }</h3>
                    if managers.is_empty() {
                        <p class="step-none">{ "Nobody owns any field." }</p>
                    }
                    { for managers.iter().map(|(id, vs)| {
                        let who = ManagerId::decode(id);
                        let name = who.as_ref().map(|w| w.manager.clone()).unwrap_or_else(|| id.clone());
                        let how = who.map(|w| {
                            let mut s = w.operation.as_str().to_string();
                            if !w.subresource.is_empty() { s.push_str(&format!(" /{}", w.subresource)); }
                            s
                        }).unwrap_or_default();
                        html! {
                            <div class="manager">
                                <h4><span class="manager-name">{ name }</span>{ " " }<span class="manager-op">{ how }</span></h4>
                                <ul class="manager-fields">
                                    { for vs.set.paths_in_tree_order().iter().map(|p| html! { <li><code>{ p.to_string() }</code></li> }) }
                                </ul>
                            </div>
                        }
                    }) }
                </section>
            </div>
        </article>
    }
}

/// The object as shown: its managedFields are listed beside it instead.
fn without_managed_fields(object: &Value) -> Value {
    let mut o = object.clone();
    managed_fields::remove_from(&mut o);
    o
}
