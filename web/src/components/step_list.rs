//! The ordered steps, each a card, and a button to add one.

use crate::components::button;
use crate::components::el;
use crate::components::step_card::{Props as StepProps, step_card};
use crate::scenario_edit::StepForm;
use crate::state::{Action, Draft};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub steps: Vec<StepForm>,
    pub drafts: Vec<Draft>,
    pub outcomes: Vec<String>,
    pub problems: Vec<String>,
    pub selected: usize,
    pub on_action: Callback<Action>,
}

#[function_component(StepList)]
pub fn step_list(props: &Props) -> Html {
    // After "Add", the new step's manager is what the user names next:
    // focused once the new card is rendered.
    let focus_new = use_mut_ref(|| false);
    {
        let focus_new = focus_new.clone();
        use_effect_with(props.steps.len(), move |count| {
            if focus_new.replace(false) {
                crate::browser::focus_first(&[&format!("[aria-label=\"Step {count} manager\"]")]);
            }
        });
    }
    let on_add = {
        let on_action = props.on_action.clone();
        Callback::from(move |_| {
            *focus_new.borrow_mut() = true;
            on_action.emit(Action::AddBlankStep);
        })
    };
    let count = props.steps.len();
    html! {
        { crate::el_attrs!("section", [("aria-labelledby", "steps-title"), ("class", "steps")], html! { <>
            { crate::el_attrs!("h3", [("id", "steps-title"), ("class", "steps-title")], format!("Steps ({count})")) }
            { el("ol", "steps-list", html! { <>
                { for props.steps.iter().enumerate().map(|(i, step)| step_card(&StepProps {
                    index: i,
                    count,
                    step: step.clone(),
                    drafts: props.drafts.clone(),
                    outcome: props.outcomes.get(i).cloned(),
                    problem: props.problems.get(i).filter(|p| !p.is_empty()).cloned(),
                    selected: i == props.selected,
                    on_action: props.on_action.clone(),
                })) }
            </> }) }
            { button("steps-add", on_add, "+ Add a step") }
        </> }) }
    }
}
