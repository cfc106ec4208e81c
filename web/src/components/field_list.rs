//! One manager's fields in kubectl's notation. A long list shows its first
//! fields and a button for the rest: a manager of a 5,000-key ConfigMap
//! owns 5,000 fields, and drawing them all on every edit would cost more
//! than the run.

use crate::components::el;
use std::rc::Rc;
use yew::prelude::*;

/// Fields shown before "Show all".
const FIRST: usize = 100;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub fields: Rc<Vec<String>>,
}

#[function_component(FieldList)]
pub fn field_list(props: &Props) -> Html {
    // `bool::default`, not `|| false`: the hook's code in the wasm once per
    // initial function, and a closure is one of its own at each place.
    let all = use_state(bool::default);
    let shown = if *all {
        props.fields.len()
    } else {
        FIRST.min(props.fields.len())
    };
    let rest = props.fields.len() - shown;
    let show_all = {
        let all = all.clone();
        Callback::from(move |_| all.set(true))
    };
    html! {
        <>
            { el("ul", "manager-fields", html! { <>
                { for props.fields.iter().take(shown).map(|p| el("li", "", el("code", "", p.clone()))) }
            </> }) }
            if rest > 0 {
                <button type="button" class="manager-more" onclick={show_all}>
                    { format!("Show {rest} more fields") }
                </button>
            }
        </>
    }
}
