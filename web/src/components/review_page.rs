//! The review page: paste or drop a cluster export and the manifests about
//! to be applied, choose kubectl's flags, and see per object what the API
//! server would answer; "Open" shows one object's write in the playground.

use crate::browser;
use crate::components::code_editor::CodeEditor;
use crate::components::{button, el, el_classes};
use crate::review::{Flags, ObjectRow, ReviewAction, ReviewState};
use yew::prelude::*;

/// The page for the review's `state`; `on_open` opens one object's write
/// (a scenario text) in the playground.
///
/// A plain function, not a component: its state is the app's reducer,
/// and a component costs its own copy of yew's lifecycle code in the
/// wasm (about 2 KB).
pub fn review_page(state: &UseReducerHandle<ReviewState>, on_open: &Callback<String>) -> Html {
    let text_input = |make: fn(String) -> ReviewAction| {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(make(text)))
    };
    let files_input = |make: fn(String) -> ReviewAction| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>()
                && let Some(files) = input.files()
            {
                let state = state.clone();
                browser::read_files(files, move |texts| {
                    state.dispatch(make(join_documents(&texts)));
                    state.dispatch(ReviewAction::Run);
                });
            }
        })
    };
    let on_drop = |make: fn(String) -> ReviewAction| {
        let state = state.clone();
        Callback::from(move |e: DragEvent| {
            let Some(files) = e.data_transfer().and_then(|d| d.files()) else {
                return;
            };
            if files.length() == 0 {
                return;
            }
            e.prevent_default();
            let state = state.clone();
            browser::read_files(files, move |texts| {
                state.dispatch(make(join_documents(&texts)));
                state.dispatch(ReviewAction::Run);
            });
        })
    };
    // Dropping needs the default of dragover prevented.
    let on_dragover = Callback::from(|e: DragEvent| e.prevent_default());
    let set_flags = |change: fn(&mut Flags, &web_sys::HtmlInputElement)| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                let mut flags = state.flags.clone();
                change(&mut flags, &input);
                state.dispatch(ReviewAction::SetFlags(flags));
            }
        })
    };
    let on_run = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(ReviewAction::Run))
    };
    let on_key = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                state.dispatch(ReviewAction::Run);
            }
        })
    };
    let flags = &state.flags;
    html! {
        <section class="review" aria-labelledby="review-title" onkeydown={on_key}>
            { crate::el_attrs!("h2", [("id", "review-title"), ("class", "review-title")], "Review an apply") }
            { el("p", "review-intro", html! { <>
                { "Paste what the cluster holds (" }{ el("code", "", "kubectl get -o yaml --show-managed-fields") }
                { ": one object, a List or several documents) and the manifests about to be applied (a file, " }
                { el("code", "", "helm template") }{ " or " }{ el("code", "", "kustomize build") }
                { " output). Each object is matched by group, kind, namespace and name and sent through the same API server simulation as the playground; nothing leaves the page." }
            </> }) }
            { el("div", "review-inputs", html! { <>
                <div class="review-input" ondrop={on_drop(ReviewAction::SetExport)} ondragover={on_dragover.clone()}>
                    { el("h3", "review-input-title", "What the cluster holds") }
                    { el("label", "review-file", html! { <>{ "Open files… " }
                        <input type="file" multiple=true accept=".yaml,.yml,.json" onchange={files_input(ReviewAction::SetExport)}
                               aria-label="Open cluster export files" />
                    </> }) }
                    <CodeEditor text={state.export.clone()} on_edit={text_input(ReviewAction::SetExport)} error={None::<String>}
                                label="Cluster export YAML" placeholder="(empty: every object is created)" />
                </div>
                <div class="review-input" ondrop={on_drop(ReviewAction::SetManifests)} ondragover={on_dragover}>
                    { el("h3", "review-input-title", "Manifests to apply") }
                    { el("label", "review-file", html! { <>{ "Open files… " }
                        <input type="file" multiple=true accept=".yaml,.yml,.json" onchange={files_input(ReviewAction::SetManifests)}
                               aria-label="Open manifest files" />
                    </> }) }
                    <CodeEditor text={state.manifests.clone()} on_edit={text_input(ReviewAction::SetManifests)} error={None::<String>}
                                label="Manifests YAML" placeholder="(paste or drop manifests)" />
                </div>
            </> }) }
            { el("fieldset", "review-flags", html! { <>
                { el("legend", "", "kubectl apply") }
                { el("label", "", html! { <><input type="checkbox" checked={flags.server_side}
                              onchange={set_flags(|f, i| f.server_side = i.checked())} />{ " --server-side" }</> }) }
                { el("label", "", html! { <>{ "--field-manager " }
                    <input type="text" value={flags.field_manager.clone()} placeholder={flags.manager().to_string()}
                           onchange={set_flags(|f, i| f.field_manager = i.value())} /></> }) }
                { el("label", "", html! { <><input type="checkbox" checked={flags.force_conflicts} disabled={!flags.server_side}
                              onchange={set_flags(|f, i| f.force_conflicts = i.checked())} />{ " --force-conflicts" }</> }) }
                { el("label", "", html! { <>{ "-n " }
                    <input type="text" value={flags.namespace.clone()} size="12" placeholder="default"
                           onchange={set_flags(|f, i| f.namespace = i.value())} /></> }) }
                { button("review-run", on_run, "Review") }
                { el("span", "review-hint", "Ctrl+Enter") }
            </> }) }
            if state.running {
                { crate::el_attrs!("p", [("role", "status"), ("class", "review-running")], "Reviewing…") }
            } else if state.stale {
                { crate::el_attrs!("p", [("role", "status"), ("class", "review-stale")], "The inputs changed: press Review to see their outcome.") }
            }
            if let Some(outcome) = &state.outcome {
                { crate::el_attrs!("div", [("aria-live", "polite"), ("class", "review-outcome")], html! { <>
                    { el("p", "review-summary", summary(&outcome.counts(), outcome.objects.len())) }
                    if !outcome.errors.is_empty() {
                        { crate::el_attrs!("ul", [("role", "alert"), ("class", "review-errors")], html! { <>
                            { for outcome.errors.iter().map(|e| el("li", "", e.clone())) }
                        </> }) }
                    }
                    if !outcome.objects.is_empty() {
                        { el("table", "review-table", html! { <>
                            { el("thead", "", el("tr", "", html! { <>{ crate::el_attrs!("th", [("scope", "col")], "Object") }{ crate::el_attrs!("th", [("scope", "col")], "Namespace") }
                                { crate::el_attrs!("th", [("scope", "col")], "Outcome") }{ crate::el_attrs!("th", [("scope", "col")], "Message") }{ crate::el_attrs!("th", [("scope", "col")], el("span", "visually-hidden", "Open")) }</> })) }
                            { el("tbody", "", html! { <>{ for outcome.objects.iter().map(|row| object_row(row, on_open)) }</> }) }
                        </> }) }
                    }
                </> }) }
            }
        </section>
    }
}

fn object_row(row: &ObjectRow, on_open: &Callback<String>) -> Html {
    let open = row.scenario.clone().map(|text| {
        let on_open = on_open.clone();
        let label = format!("Open {} in the playground", row.name);
        html! {
            <button type="button" class="review-open" aria-label={label}
                    onclick={Callback::from(move |_| on_open.emit(text.clone()))}>{ "Open" }</button>
        }
    });
    let badge = if row.succeeded() {
        "review-badge-ok"
    } else {
        "review-badge-refused"
    };
    html! {
        { el("tr", "", html! { <>
            { crate::el_attrs!("th", [("scope", "row")], el("code", "", row.name.clone())) }
            { el("td", "", row.namespace.clone().unwrap_or_default()) }
            { el("td", "", el_classes("span", classes!("review-badge", badge), row.outcome.clone())) }
            { el("td", "", html! { <>if !row.message.is_empty() { { el("pre", "review-message", row.message.clone()) } }</> }) }
            { el("td", "", html! { <>{ for open }</> }) }
        </> }) }
    }
}

/// "3 objects: 1 serverside-applied, 2 conflict".
fn summary(counts: &[(String, usize)], total: usize) -> String {
    let noun = if total == 1 { "object" } else { "objects" };
    if counts.is_empty() {
        return format!("{total} {noun}");
    }
    let parts: Vec<String> = counts.iter().map(|(o, n)| format!("{n} {o}")).collect();
    format!("{total} {noun}: {}", parts.join(", "))
}

/// Several files as one multi-document stream.
fn join_documents(texts: &[String]) -> String {
    texts
        .iter()
        .map(|t| t.trim_end_matches('\n'))
        .collect::<Vec<_>>()
        .join("\n---\n")
}
