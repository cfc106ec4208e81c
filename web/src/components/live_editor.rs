//! The live object: the object as stored before the first step (it may
//! carry managedFields); empty means the first write creates it.

use crate::components::code_editor::CodeEditor;
use crate::scenario_edit::Node;
use crate::state::{Action, Draft, shown_text};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub drafts: Vec<Draft>,
    pub on_action: Callback<Action>,
}

#[function_component(LiveEditor)]
pub fn live_editor(props: &Props) -> Html {
    let (text, error) = shown_text(&props.drafts, Node::Live, &props.text);
    let on_edit = {
        let on_action = props.on_action.clone();
        Callback::from(move |t: String| on_action.emit(Action::EditNode(Node::Live, t)))
    };
    html! {
        <section class="live" aria-labelledby="live-title">
            <h3 class="live-title" id="live-title">{ "Live object" }</h3>
            <p class="live-hint">{ if text.trim().is_empty() { "Empty: the first write creates the object." } else { "The object as stored before step 1." } }</p>
            <CodeEditor {text} {error} {on_edit} label="Live object YAML"
                        placeholder="(empty: paste the stored object)" />
        </section>
    }
}
