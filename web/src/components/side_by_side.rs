//! The same manifests applied client-side and server-side, side by side at
//! the selected step; lines only one side has are highlighted.

use crate::compare_modes;
use crate::components::{el, el_classes};
use ssa_engine::scenario::{BlameLine, ScenarioResult};
use std::collections::HashSet;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub selected: usize,
}

#[function_component(SideBySide)]
pub fn side_by_side(props: &Props) -> Html {
    let runs = use_memo(props.text.clone(), |text| compare_modes::both(text));
    let (csa, ssa) = match &*runs {
        Ok(pair) => pair,
        Err(e) => {
            return crate::el_attrs!("p", [("role", "alert"), ("class", "app-error")], e.clone());
        }
    };
    let lines = |r: &ScenarioResult| {
        r.steps
            .get(props.selected)
            .map(|s| s.blame.clone())
            .unwrap_or_default()
    };
    let (left, right) = (lines(csa), lines(ssa));
    let texts = |l: &[BlameLine]| l.iter().map(|b| b.text.clone()).collect::<HashSet<_>>();
    let (left_texts, right_texts) = (texts(&left), texts(&right));
    let column = |title: &str,
                  class: &str,
                  result: &ScenarioResult,
                  lines: &[BlameLine],
                  other: &HashSet<String>| {
        let outcome = result
            .steps
            .get(props.selected)
            .map(|s| s.outcome.as_str())
            .unwrap_or("");
        html! {
            <section class={classes!("side", class.to_string())} aria-label={title.to_string()}>
                { el("h3", "", html! { <>{ title.to_string() }{ " " }{ el_classes("span", classes!("step-outcome", format!("step-outcome-{outcome}")), outcome) }</> }) }
                { el("div", "blame", html! { <>
                    { for lines.iter().map(|l| {
                        let only = !other.contains(&l.text);
                        let owners = l.owners.iter().map(|o| html! {
                            { el_classes("span", classes!("blame-owner", crate::colours::class(&o.manager)), o.manager.clone()) }
                        }).collect::<Html>();
                        html! {
                            { el_classes("div", classes!("blame-line", only.then_some("side-only")), html! { <>
                                { el("span", "blame-gutter", owners) }
                                { el("code", "blame-text", l.text.clone()) }
                            </> }) }
                        }
                    }) }
                </> }) }
            </section>
        }
    };
    html! {
        { el("div", "sides", html! { <>
            { column("kubectl apply (client-side)", "side-csa", csa, &left, &right_texts) }
            { column("kubectl apply --server-side", "side-ssa", ssa, &right, &left_texts) }
        </> }) }
    }
}
