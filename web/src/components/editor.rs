//! The scenario editor: the user's text, never reformatted, with line
//! numbers and the error (line and column) under it.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub on_edit: Callback<String>,
    pub error: Option<String>,
}

#[function_component(Editor)]
pub fn editor(props: &Props) -> Html {
    let oninput = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                on_edit.emit(area.value());
            }
        })
    };
    let lines = props.text.lines().count().max(1);
    html! {
        <section class="editor" aria-label="Scenario">
            <h2 class="editor-title">{ "Scenario" }</h2>
            <div class="editor-body">
                <pre class="editor-gutter" aria-hidden="true">{ (1..=lines).map(|n| format!("{n}\n")).collect::<String>() }</pre>
                <textarea class="editor-text" spellcheck="false" aria-label="Scenario YAML"
                          value={props.text.clone()} {oninput} />
            </div>
            if let Some(error) = &props.error {
                <p class="editor-error" role="alert">{ error.clone() }</p>
            }
        </section>
    }
}
