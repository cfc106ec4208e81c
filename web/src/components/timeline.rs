//! The steps as a timeline, each with its outcome badge; a click (or the
//! arrow keys) selects the step whose state is shown.

use crate::components::{el, el_classes};
use ssa_engine::scenario::ScenarioResult;
use yew::prelude::*;

pub struct Props<'a> {
    pub result: &'a ScenarioResult,
    pub selected: usize,
    pub on_select: &'a Callback<usize>,
    /// Each step's manager, shown with its colour.
    pub managers: &'a [String],
    /// Each step's label (`name`), shown on hover.
    pub labels: &'a [String],
}

/// A plain function, not a component: it has no state, and a component
/// costs its own copy of yew's lifecycle code in the wasm (about 2 KB);
/// its list is redrawn with the page around it.
pub fn timeline(props: Props<'_>) -> Html {
    html! {
        <>
        { crate::el_attrs!("ol", [("aria-label", "Steps"), ("class", "timeline")], html! { <>
            { for props.result.steps.iter().enumerate().map(|(i, step)| {
                let on_select = props.on_select.clone();
                let onclick = Callback::from(move |_| on_select.emit(i));
                let outcome = if step.outcome.as_str() == "applied" && !step.changed { "no change" } else { step.outcome.as_str() };
                let badge = classes!("timeline-badge", format!("timeline-badge-{}", outcome.replace(' ', "-")));
                html! {
                    { el_classes("li", classes!("timeline-step", (i == props.selected).then_some("timeline-step-selected")), html! { <>
                        <button type="button" {onclick} aria-current={(i == props.selected).then_some("step")}
                                title={props.labels.get(i).filter(|l| !l.is_empty()).cloned()}>
                            { el("span", "timeline-index", format!("{}", i + 1)) }
                            if let Some(manager) = props.managers.get(i).filter(|m| !m.is_empty()) {
                                { el_classes("span", classes!("timeline-manager", "blame-owner", crate::colours::class(manager)), manager.clone()) }
                            }
                            <span class={badge} data-outcome={step.outcome.as_str()}>{ outcome }</span>
                            if let Some(rollout) = &step.rollout {
                                <span class="timeline-rollout" title={format!("new ReplicaSet with pod-template-hash {}", rollout.pod_template_hash)}>
                                    { format!("rollout #{}", rollout.revision) }
                                </span>
                            }
                        </button>
                    </> }) }
                }
            }) }
        </> }) }
        <details class="events" open=true>
            { el("summary", "", "Watch events") }
            { crate::el_attrs!("ol", [("aria-label", "Watch events"), ("class", "events-list")], html! { <>
                { for props.result.steps.iter().enumerate().map(|(i, step)| {
                    let text = match &step.event {
                        Some(e) => format!("{} (resourceVersion {}; kube-rs {})", e.kind.as_str(), e.resource_version, e.kind.kube_rs()),
                        None => "no event: the stored object did not change".to_string(),
                    };
                    html! { { el("li", "events-item", html! { <>{ el("span", "events-step", format!("{}", i + 1)) }{ text }</> }) } }
                }) }
            </> }) }
        </details>
        </>
    }
}
