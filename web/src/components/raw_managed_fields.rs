//! `metadata.managedFields` as the API server returns it, as YAML, under a
//! disclosure: printed only once opened (it is as long as the object).

use crate::components::el;
use ssa_engine::value::Value;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The object; nothing is shown when it has no managedFields.
    pub object: Value,
}

#[function_component(RawManagedFields)]
pub fn raw_managed_fields(props: &Props) -> Html {
    // `bool::default`, not `|| false`: the hook's code in the wasm once per
    // initial function, and a closure is one of its own at each place.
    let open = use_state(bool::default);
    let Some(entries) = props.object.get_path(&["metadata", "managedFields"]) else {
        return html! {};
    };
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(details) = e.target_dyn_into::<web_sys::HtmlDetailsElement>() {
                open.set(details.open());
            }
        })
    };
    html! {
        <details class="step-raw" {ontoggle}>
            { el("summary", "", "metadata.managedFields (raw)") }
            if *open {
                { el("pre", "", ssa_engine::yaml::to_yaml_string(entries)) }
            }
        </details>
    }
}
