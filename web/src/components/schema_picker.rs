//! Where the schema comes from: automatic, a built-in kind, a pasted CRD
//! or OpenAPI document, a structured-merge-diff schema, or none.

use crate::components::code_editor::CodeEditor;
use crate::components::el;
use crate::scenario_edit::{Node, SchemaKind};
use crate::state::{Action, Draft, shown_text};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub kind: SchemaKind,
    /// What "automatic" resolves to, in words.
    pub automatic: String,
    pub builtin: String,
    pub document: String,
    pub drafts: Vec<Draft>,
    pub on_action: Callback<Action>,
}

#[function_component(SchemaPicker)]
pub fn schema_picker(props: &Props) -> Html {
    let kinds = use_memo((), |_| {
        ssa_engine::builtin::kinds()
            .map(|(api, kind)| format!("{api}/{kind}"))
            .collect::<Vec<_>>()
    });
    let on_kind = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                return;
            };
            if let Some(kind) = select
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| SchemaKind::ALL.get(i))
            {
                on_action.emit(Action::SetSchemaKind(*kind));
            }
        })
    };
    let on_builtin = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                on_action.emit(Action::SetBuiltin(input.value()));
            }
        })
    };
    let on_document = crate::components::send_node_edit(&props.on_action, Node::Schema);
    let (document, error) = shown_text(&props.drafts, Node::Schema, &props.document);
    html! {
        { crate::el_attrs!("section", [("aria-labelledby", "schema-title"), ("class", "schema")], html! { <>
            { crate::el_attrs!("h3", [("id", "schema-title"), ("class", "schema-title")], "Schema") }
            { el("div", "schema-row", html! { <>
                { el("label", "schema-source", html! { <>{ "Source " }
                    <select onchange={on_kind} aria-label="Schema source">
                        { for SchemaKind::ALL.iter().enumerate().map(|(i, k)| html! {
                            <option value={i.to_string()} selected={*k == props.kind}>{ k.label() }</option>
                        }) }
                    </select>
                </> }) }
                if props.kind == SchemaKind::Builtin {
                    { el("label", "schema-builtin", html! { <>{ "Kind " }
                        <input type="text" list="schema-kinds" value={props.builtin.clone()} oninput={on_builtin}
                               spellcheck="false" aria-label="Built-in kind (GROUP/VERSION/KIND)" />
                    </> }) }
                    <datalist id="schema-kinds">
                        { for kinds.iter().map(|k| html! { <option value={k.clone()} /> }) }
                    </datalist>
                }
            </> }) }
            if props.kind == SchemaKind::Automatic {
                { el("p", "schema-hint", props.automatic.clone()) }
            }
            if props.kind.is_document() {
                <CodeEditor text={document} {error} on_edit={on_document}
                            label={format!("Schema: {}", props.kind.label())} />
            }
        </> }) }
    }
}
