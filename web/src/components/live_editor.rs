//! The live object: the object as stored before the first step (it may
//! carry managedFields); empty means the first write creates it. A pasted
//! List or several documents (a `kubectl get -o yaml` of many objects) is
//! not one object: the editor says so and offers to keep one of them or
//! to review them all on the review page.

use crate::components::button;
use crate::components::code_editor::CodeEditor;
use crate::components::el;
use crate::scenario_edit::Node;
use crate::state::{Action, Draft, shown_text};
use ssa_engine::review::{Source, chunks, read_chunk};
use ssa_engine::value::Value;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub drafts: Vec<Draft>,
    pub on_action: Callback<Action>,
    /// Opens the review page with a cluster export. A prop through the
    /// form rather than a yew context: a `ContextProvider` and its
    /// subscription are about 5 KB of component code in the wasm.
    pub on_review: Callback<String>,
}

#[function_component(LiveEditor)]
pub fn live_editor(props: &Props) -> Html {
    let (text, error) = shown_text(&props.drafts, Node::Live, &props.text);
    let pasted = use_memo(text.clone(), |text| several_objects(text));
    let on_edit = crate::components::send_node_edit(&props.on_action, Node::Live);
    let notice = (*pasted).as_ref().map(|pasted| {
        let on_pick = {
            let (on_action, items) = (props.on_action.clone(), pasted.items.clone());
            Callback::from(move |e: Event| {
                let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                    return;
                };
                let item = select.value().parse::<usize>().ok().and_then(|i| items.get(i));
                if let Some((_, yaml)) = item {
                    on_action.emit(Action::EditNode(Node::Live, yaml.clone()));
                }
            })
        };
        let on_review = {
            let (open, text) = (props.on_review.clone(), text.clone());
            Callback::from(move |_| open.emit(text.clone()))
        };
        html! {
            { crate::el_attrs!("div", [("role", "status"), ("class", "live-several")], html! { <>
                { el("p", "", format!("This is {}: the live object is one object.", pasted.what)) }
                { el("label", "", html! { <>{ "Keep one: " }
                    <select onchange={on_pick} aria-label="Keep one object as the live object">
                        <option value="" selected=true disabled=true>{ "choose an object…" }</option>
                        { for pasted.items.iter().enumerate().map(|(i, (label, _))| html! { <option value={i.to_string()}>{ label.clone() }</option> }) }
                    </select>
                </> }) }
                { button("", on_review, "Review them all against manifests") }
            </> }) }
        }
    });
    html! {
        { crate::el_attrs!("section", [("aria-labelledby", "live-title"), ("class", "live")], html! { <>
            { crate::el_attrs!("h3", [("id", "live-title"), ("class", "live-title")], "Live object") }
            { el("p", "live-hint", if text.trim().is_empty() { "Empty: the first write creates the object." } else { "The object as stored before step 1." }) }
            { for notice }
            <CodeEditor {text} {error} {on_edit} label="Live object YAML"
                        placeholder="(empty: paste the stored object)" />
        </> }) }
    }
}

/// What was pasted when it is not one object: its description and each
/// object's label with its YAML.
#[derive(Debug, PartialEq)]
struct Several {
    what: String,
    items: Vec<(String, String)>,
}

/// `Some` for a List (even of one item) or several documents.
fn several_objects(text: &str) -> Option<Several> {
    if text.trim().is_empty() {
        return None;
    }
    // Each document's objects on their own (not the review's reading,
    // which stops at an unreadable document as kubectl does: the page
    // offers whatever objects it can read).
    let source = Source {
        name: "live object",
        text,
    };
    let objects: Vec<_> = chunks(&source)
        .iter()
        .flat_map(|chunk| read_chunk(chunk).objects)
        .collect();
    let list = ssa_engine::yaml::parse(text).ok().is_some_and(|doc| {
        doc.value
            .get("kind")
            .and_then(Value::as_str)
            .is_some_and(|k| k.ends_with("List"))
            && doc.value.get("items").is_some()
    });
    if objects.len() < 2 && !list {
        return None;
    }
    let count = |n: usize| {
        if n == 1 {
            "1 object".to_string()
        } else {
            format!("{n} objects")
        }
    };
    let what = if list {
        format!("a List of {}", count(objects.len()))
    } else {
        format!("{} documents", objects.len())
    };
    let items = objects
        .iter()
        .map(|o| {
            let text = |path: &[&str]| {
                o.value
                    .get_path(path)
                    .and_then(Value::as_str)
                    .unwrap_or("?")
            };
            let label = match o
                .value
                .get_path(&["metadata", "namespace"])
                .and_then(Value::as_str)
            {
                Some(ns) => format!(
                    "{} {} (namespace {ns})",
                    text(&["kind"]),
                    text(&["metadata", "name"])
                ),
                None => format!("{} {}", text(&["kind"]), text(&["metadata", "name"])),
            };
            (label, ssa_engine::yaml::to_yaml_string(&o.value))
        })
        .collect();
    Some(Several { what, items })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_object_is_not_several() {
        assert_eq!(several_objects(""), None);
        assert_eq!(
            several_objects("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"),
            None
        );
    }

    #[test]
    fn a_list_or_documents_are_offered_one_by_one() {
        let list = "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: shop}}\n- {apiVersion: apps/v1, kind: Deployment, metadata: {name: b}}\n";
        let several = several_objects(list).unwrap();
        assert_eq!(several.what, "a List of 2 objects");
        assert_eq!(several.items[0].0, "ConfigMap a (namespace shop)");
        assert_eq!(several.items[1].0, "Deployment b");
        assert!(
            several.items[1]
                .1
                .starts_with("apiVersion: apps/v1\nkind: Deployment\n")
        );
        let docs = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\n";
        assert_eq!(several_objects(docs).unwrap().what, "2 documents");
        let one = "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n";
        assert_eq!(several_objects(one).unwrap().what, "a List of 1 object");
    }
}
