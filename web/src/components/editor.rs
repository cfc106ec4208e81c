//! The scenario editor: the whole scenario as YAML, the source of truth,
//! with highlighting, line numbers and the error (line and column) under it.

use crate::components::code_editor::CodeEditor;
use crate::components::el;
use yew::prelude::*;

/// A plain function, not a component: it has no state of its own, and
/// `CodeEditor` inside is the component that skips renders whose props
/// did not change. A component costs its own copy of yew's lifecycle
/// code in the wasm (about 2 KB).
pub fn editor(text: String, on_edit: Callback<String>, error: Option<String>) -> Html {
    html! {
        { crate::el_attrs!("section", [("aria-label", "Scenario"), ("class", "editor")], html! { <>
            { el("h2", "editor-title", "Scenario YAML") }
            <CodeEditor {text} {on_edit} {error}
                        label="Scenario YAML" prefix="editor" size={classes!("code-tall")} />
        </> }) }
    }
}
