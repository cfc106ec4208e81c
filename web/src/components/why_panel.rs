//! "Why?": the reasons the engine gives for a step's outcome (conflicts
//! with their owners, prunes, shares, defaults nobody owns, …), beside
//! the Changes panel.

use ssa_engine::scenario::Reason;
use yew::prelude::*;

/// The reasons of a step (nothing when there are none).
pub fn why_view(reasons: &[Reason]) -> Html {
    if reasons.is_empty() {
        return html! {};
    }
    html! {
        <section class="why" aria-label="Why">
            <h3>{ "Why?" }</h3>
            <ul class="why-list">
                { for reasons.iter().map(|r| html! {
                    <li class={classes!("why-item", format!("why-{}", r.topic.title().replace([' ', ':'], "-").replace("--", "-")))}>
                        <span class="why-topic">{ r.topic.title() }</span>{ " " }
                        <span class="why-text">{ r.text.clone() }</span>
                    </li>
                }) }
            </ul>
        </section>
    }
}
