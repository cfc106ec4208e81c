//! A predict question: the choices as a radio group (arrow keys move
//! between them, as in any radio group) and a button that reveals the
//! step. Once revealed, the group says which answer was right.

use crate::components::{el, el_classes};
use ssa_engine::lesson::AnswerKey;
use yew::prelude::*;

/// A question as shown.
pub struct Props<'a> {
    /// The step (from 0), to name the inputs.
    pub step: usize,
    pub prompt: &'a str,
    pub answer: &'a AnswerKey,
    pub chosen: Option<usize>,
    pub revealed: bool,
    pub on_choose: Callback<usize>,
    pub on_reveal: Callback<()>,
}

pub fn predict(props: Props<'_>) -> Html {
    let name = format!("predict-{}", props.step);
    let legend_id = format!("{name}-legend");
    let onsubmit = {
        let on_reveal = props.on_reveal.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_reveal.emit(());
        })
    };
    let verdict = match (props.revealed, props.chosen) {
        (true, Some(c)) if c == props.answer.correct => {
            Some(("predict-right", "Right.".to_string()))
        }
        (true, _) => Some((
            "predict-wrong",
            format!(
                "Not quite: the answer is “{}”.",
                props
                    .answer
                    .choices
                    .get(props.answer.correct)
                    .cloned()
                    .unwrap_or_default()
            ),
        )),
        _ => None,
    };
    html! {
        <form class="predict" {onsubmit} aria-labelledby={legend_id.clone()}>
            <fieldset class="predict-choices" disabled={props.revealed}>
                <legend id={legend_id}>{ el("span", "predict-label", "Predict: ") }{ crate::components::prose::inline(props.prompt) }</legend>
                { for props.answer.choices.iter().enumerate().map(|(i, choice)| {
                    let on_choose = props.on_choose.clone();
                    let onchange = Callback::from(move |_: Event| on_choose.emit(i));
                    let id = format!("{name}-{i}");
                    let mark = if props.revealed && i == props.answer.correct { Some("predict-correct") } else { None };
                    html! {
                        { el_classes("div", classes!("predict-choice", mark), html! { <>
                            <input type="radio" id={id.clone()} name={name.clone()} value={i.to_string()}
                                   checked={props.chosen == Some(i)} {onchange} />
                            <label for={id}>{ choice.clone() }</label>
                        </> }) }
                    }
                }) }
            </fieldset>
            if !props.revealed {
                <button type="submit" class="predict-reveal" disabled={props.chosen.is_none()}>{ "Reveal the step" }</button>
            }
            if let Some((class, text)) = verdict {
                <p class={classes!("predict-verdict", class)} role="status">{ text }</p>
            }
        </form>
    }
}
