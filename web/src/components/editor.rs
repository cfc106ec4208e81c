//! The scenario editor: the whole scenario as YAML, the source of truth,
//! with highlighting, line numbers and the error (line and column) under it.

use crate::components::code_editor::CodeEditor;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub on_edit: Callback<String>,
    pub error: Option<String>,
}

#[function_component(Editor)]
pub fn editor(props: &Props) -> Html {
    html! {
        <section class="editor" aria-label="Scenario">
            <h2 class="editor-title">{ "Scenario YAML" }</h2>
            <CodeEditor text={props.text.clone()} on_edit={props.on_edit.clone()} error={props.error.clone()}
                        label="Scenario YAML" prefix="editor" size={classes!("code-tall")} />
        </section>
    }
}
