//! "Why?": the reasons the engine gives for a step's outcome (conflicts
//! with their owners, prunes, shares, defaults nobody owns, …), beside
//! the Changes panel.

use ssa_engine::scenario::Reason;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub reasons: Vec<Reason>,
}

#[function_component(WhyPanel)]
pub fn why_panel(props: &Props) -> Html {
    if props.reasons.is_empty() {
        return html! {};
    }
    html! {
        <section class="why" aria-label="Why">
            <h3>{ "Why?" }</h3>
            <ul class="why-list">
                { for props.reasons.iter().map(|r| html! {
                    <li class={classes!("why-item", format!("why-{}", r.topic.title().replace([' ', ':'], "-").replace("--", "-")))}>
                        <span class="why-topic">{ r.topic.title() }</span>{ " " }
                        <span class="why-text">{ r.text.clone() }</span>
                    </li>
                }) }
            </ul>
        </section>
    }
}
