//! The state after one step: outcome and the server's message, conflicts,
//! the object as YAML, and every manager's fields in kubectl's notation.

use ssa_engine::managed_fields::{self, ManagerId};
use ssa_engine::scenario::{BlameLine, Resolution, StepResult};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub index: usize,
    pub step: StepResult,
    /// Resolves this step's conflict.
    pub on_resolve: Callback<Resolution>,
}

#[function_component(StepView)]
pub fn step_view(props: &Props) -> Html {
    let step = &props.step;
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
                <div class="step-resolve" role="group" aria-label="Resolve the conflict">
                    <button type="button" class="step-resolve-force"
                            onclick={resolve(&props.on_resolve, Resolution::Force)}
                            title="Re-run this step with force: take the fields over">{ "Force" }</button>
                    <button type="button" class="step-resolve-give-up"
                            onclick={resolve(&props.on_resolve, Resolution::GiveUp)}
                            title="Remove the conflicting fields from this step's manifest">{ "Give up the fields" }</button>
                    <button type="button" class="step-resolve-share"
                            onclick={resolve(&props.on_resolve, Resolution::Share)}
                            title="Apply the live values, so both managers own the fields">{ "Share them" }</button>
                </div>
            }
            for note in step.notes.iter() {
                <p class="step-note">{ note.clone() }</p>
            }
            <div class="step-explain">
                { changes_view(&step.changes) }
                { crate::components::why_panel::why_view(&step.why) }
            </div>
            <div class="step-panels">
                <section class="step-panel">
                    <h3>{ "Object" }</h3>
                    if step.blame.is_empty() {
                        <p class="step-none">{ "(no object)" }</p>
                    } else {
                        <div class="blame" role="table" aria-label="Object with the owner of each field">
                            { for step.blame.iter().map(blame_line) }
                        </div>
                    }
                </section>
                <section class="step-panel">
                    <h3>{ "Managed fields" }</h3>
                    if managers.is_empty() {
                        <p class="step-none">{ "Nobody owns any field." }</p>
                    }
                    if let Some(raw) = raw_managed_fields(step.object.as_ref()) {
                        <details class="step-raw">
                            <summary>{ "metadata.managedFields (raw)" }</summary>
                            <pre>{ raw }</pre>
                        </details>
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
                                <h4><span class={classes!("manager-name", "blame-owner", crate::colours::class(&name))}>{ name.clone() }</span>{ " " }<span class="manager-op">{ how }</span></h4>
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
            <div class={classes!("changes-group", class.to_string())}>
                <h4>{ title.to_string() }</h4>
                <ul>{ for items.into_iter() }</ul>
            </div>
        }
    };
    let plain = |fields: &Vec<String>| {
        fields
            .iter()
            .map(|f| html! { <li><code>{ f.clone() }</code></li> })
            .collect::<Vec<_>>()
    };
    html! {
        <section class="changes" aria-label="What this step changed">
            <h3>{ "Changes" }</h3>
            { list("Added", "changes-added", plain(&c.added)) }
            { list("Changed", "changes-modified", plain(&c.modified)) }
            { list("Removed", "changes-removed", c.removed.iter().map(|(f, why)| html! {
                <li><code>{ f.clone() }</code>{ " — " }{ why.clone() }</li>
            }).collect()) }
            { list("Dropped from the manifest but kept", "changes-kept", c.kept.iter().map(|(f, owners)| html! {
                <li><code>{ f.clone() }</code>{ format!(" — still owned by {}", owners.join(", ")) }</li>
            }).collect()) }
            { list("Ownership moved", "changes-moved", c.moved.iter().map(|(f, was, now)| html! {
                <li><code>{ f.clone() }</code>{ format!(" — {} → {}", was.join(", "), now.join(", ")) }</li>
            }).collect()) }
        </section>
    }
}

/// One line of the object with its owners in the gutter: names (colour
/// only repeats what the name says), "nobody" for an unowned field, and
/// every owner with operation and time on hover or focus.
pub fn blame_line(line: &BlameLine) -> Html {
    let detail = line.field.as_ref().map(|f| {
        let owners: Vec<String> = line
            .owners
            .iter()
            .map(|o| {
                format!(
                    "{} ({}{})",
                    o.manager,
                    o.how,
                    o.time
                        .as_ref()
                        .map(|t| format!(", {t}"))
                        .unwrap_or_default()
                )
            })
            .collect();
        if owners.is_empty() {
            format!("{f}: owned by nobody")
        } else {
            format!("{f}: {}", owners.join("; "))
        }
    });
    let gutter = if !line.owners.is_empty() {
        line.owners
            .iter()
            .map(|o| html! {
                <span class={classes!("blame-owner", crate::colours::class(&o.manager))}>{ o.manager.clone() }</span>
            })
            .collect::<Html>()
    } else if line.ownable && line.field.is_some() {
        html! { <span class="blame-nobody">{ "nobody" }</span> }
    } else {
        html! {}
    };
    let focusable = detail.is_some() && (line.ownable || !line.owners.is_empty());
    html! {
        <div class="blame-line" role="row" title={detail.clone()} aria-label={detail}
             tabindex={focusable.then_some("0")}>
            <span class="blame-gutter" role="cell">{ gutter }</span>
            <code class="blame-text" role="cell">{ line.text.clone() }</code>
        </div>
    }
}

/// `metadata.managedFields` as the API server returns it, as YAML.
fn raw_managed_fields(object: Option<&ssa_engine::value::Value>) -> Option<String> {
    let entries = object?.get_path(&["metadata", "managedFields"])?;
    Some(ssa_engine::yaml::to_yaml_string(entries))
}

fn resolve(on_resolve: &Callback<Resolution>, how: Resolution) -> Callback<MouseEvent> {
    let on_resolve = on_resolve.clone();
    Callback::from(move |_| on_resolve.emit(how))
}
