//! One step of a lesson: what is sent, the narrative, the question; once
//! revealed, the outcome, the explanation, the engine's "Why?", the
//! changes and the object with its owners.

use crate::components::object_view::ObjectView;
use crate::components::predict::{self, predict};
use crate::components::prose::prose;
use crate::components::step_view::changes_view;
use crate::components::why_panel::why_view;
use crate::components::{el, el_classes};
use crate::lessons::{Loaded, shown};
use crate::shared::Shared;
use ssa_engine::scenario::parse_scenario;
use yew::prelude::*;

/// Step `i` of lesson `l`.
pub fn lesson_step(
    l: &Loaded,
    i: usize,
    on_choose: &Callback<usize>,
    on_reveal: &Callback<()>,
) -> Html {
    let Some(narrative) = l.narrative.steps.get(i) else {
        return html! {};
    };
    let Some(result) = l.result.steps.get(i) else {
        return html! {};
    };
    let sent = sent(&l.text, i);
    let revealed = shown(l, i);
    let question = narrative
        .question
        .as_ref()
        .zip(l.keys.get(i).and_then(Option::as_ref));
    html! {
        <section class="lesson-step" aria-label={format!("Step {}", i + 1)}>
            { el("h3", "lesson-step-title", html! { <>{ format!("Step {}", i + 1) }
                if let Some((who, label)) = &sent.0 { { el("span", "lesson-step-who", format!(" — {who}")) }
                    if !label.is_empty() { { el("span", "lesson-step-label", format!(": {label}")) } } }
            </> }) }
            if !sent.1.is_empty() {
                <details class="lesson-sent" open=true>
                    { el("summary", "", "What is sent") }
                    { el("pre", "lesson-manifest", el("code", "", sent.1.clone())) }
                </details>
            }
            { prose(&narrative.text, "") }
            if let Some((q, key)) = question {
                { predict(predict::Props { step: i, prompt: &q.prompt, answer: key, chosen: l.chosen.get(i).copied().flatten(),
                                           revealed, on_choose: on_choose.clone(), on_reveal: on_reveal.clone() }) }
            }
            if revealed {
                { crate::el_attrs!("div", [("aria-live", "polite"), ("class", "lesson-result")], html! { <>
                    { el("p", "lesson-outcome", html! { <>{ "Outcome: " }
                        { el_classes("span", classes!("step-outcome", format!("step-outcome-{}", result.outcome.as_str())), if result.outcome.as_str() == "applied" && !result.changed { "applied, no change" } else { result.outcome.as_str() }) }
                    </> }) }
                    if !result.message.is_empty() {
                        { el("pre", "step-message", result.message.clone()) }
                    }
                    for note in result.notes.iter() {
                        { el("p", "step-note", note.clone()) }
                    }
                    { prose(&narrative.explanation, "lesson-explanation") }
                    { why_view(&result.why, &result.message) }
                    { changes_view(&result.changes) }
                    if !result.blame.is_empty() {
                        <details class="lesson-object">
                            { el("summary", "", "The object and who owns each field") }
                            <ObjectView result={Shared::from(&l.result)} index={i} />
                        </details>
                    }
                </> }) }
            }
        </section>
    }
}

/// Who sends step `i` (manager, operation and flags; the step's label)
/// and its body as YAML.
fn sent(text: &str, i: usize) -> (Option<(String, String)>, String) {
    let Ok(scenario) = parse_scenario(text) else {
        return (None, String::new());
    };
    let Some(Ok(step)) = scenario.steps.get(i) else {
        return (None, String::new());
    };
    let mut who = format!("{} ({}", step.manager, step.op.as_str());
    if let Some(sub) = step.subresource {
        who.push_str(&format!(" /{}", sub.as_str()));
    }
    if step.force {
        who.push_str(", forced");
    }
    who.push(')');
    let body = step
        .object
        .as_ref()
        .or(step.patch.as_ref())
        .map(ssa_engine::yaml::to_yaml_string)
        .unwrap_or_default();
    (Some((who, step.name.clone().unwrap_or_default())), body)
}
