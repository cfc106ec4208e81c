//! "Why?": the reasons the engine gives for a step's outcome (conflicts
//! with their owners, prunes, shares, defaults nobody owns, …), beside
//! the Changes panel.

use crate::components::{el, el_classes};
use ssa_engine::scenario::Reason;
use yew::prelude::*;

/// The reasons of a step (nothing when there are none).
pub fn why_view(reasons: &[Reason]) -> Html {
    if reasons.is_empty() {
        return html! {};
    }
    html! {
        { crate::el_attrs!("section", [("aria-label", "Why"), ("class", "why")], html! { <>
            { el("h3", "", "Why?") }
            { el("ul", "why-list", html! { <>
                { for reasons.iter().map(|r| html! {
                    { el_classes("li", classes!("why-item", format!("why-{}", r.topic.title().replace([' ', ':'], "-").replace("--", "-"))), html! { <>
                        { el("span", "why-topic", r.topic.title()) }{ " " }
                        { el("span", "why-text", r.text.clone()) }
                    </> }) }
                }) }
            </> }) }
        </> }) }
    }
}
