//! Share, embed, export, import and "Copy as Markdown".

use crate::components::{button, el, el_classes};
use crate::embed_snippet::{self, EmbedChoice, THEMES, VIEWS};
use crate::shared::Shared;
use crate::{browser, markdown, share};
use ssa_engine::scenario::ScenarioResult;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub result: Option<Shared<ScenarioResult>>,
    /// The step shown (from 0): an embed opens there.
    pub selected: usize,
    /// Replaces the scenario (an imported file).
    pub on_load: Callback<String>,
}

#[function_component(Toolbar)]
pub fn toolbar(props: &Props) -> Html {
    // `bool::default`, not `|| false`: the hook's code in the wasm once per
    // initial function, and a closure is one of its own at each place.
    let link = use_state(Option::<String>::default);
    let markdown_text = use_state(Option::<String>::default);
    let embed_open = use_state(bool::default);
    let embed_view = use_state(|| VIEWS[0].0.to_string());
    let embed_theme = use_state(String::new);
    let on_share = {
        let (text, link) = (props.text.clone(), link.clone());
        Callback::from(move |_| {
            let (text, link) = (text.clone(), link.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if let Some(fragment) = share::encode_fragment(&text).await {
                    link.set(browser::set_fragment(&fragment));
                }
            });
        })
    };
    let on_export = {
        let (text, result) = (props.text.clone(), props.result.clone());
        Callback::from(move |_| {
            let name = result
                .as_ref()
                .map(|r| r.scenario.clone())
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| "scenario".into());
            browser::download(&format!("{name}.yaml"), &text);
        })
    };
    let on_import = {
        let on_load = props.on_load.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                let on_load = on_load.clone();
                browser::read_file(&input, move |text| on_load.emit(text));
            }
        })
    };
    let on_markdown = {
        let (text, result, markdown_text) = (
            props.text.clone(),
            props.result.clone(),
            markdown_text.clone(),
        );
        Callback::from(move |_| {
            markdown_text.set(result.as_ref().map(|r| markdown::to_markdown(&text, r)))
        })
    };
    let on_embed = {
        let embed_open = embed_open.clone();
        Callback::from(move |_| embed_open.set(!*embed_open))
    };
    let fragment = share::use_fragment(embed_open.then(|| props.text.clone()));
    let embed_panel = embed_open.then(|| {
        let choice = EmbedChoice {
            step: props.selected + 1,
            view: (*embed_view).clone(),
            theme: (*embed_theme).clone(),
        };
        let base = browser::page_base().unwrap_or_default();
        let title = props
            .result
            .as_ref()
            .map(|r| r.scenario.clone())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "SSA Playground scenario".into());
        // The iframe carries the scenario compressed, a moment later.
        let iframe = fragment.as_deref().map_or_else(
            || "…".to_string(),
            |fragment| embed_snippet::iframe_snippet(&base, fragment, &choice, &title),
        );
        let element = embed_snippet::element_snippet(&base, &props.text, &choice);
        html! {
            { crate::el_attrs!("div", [("role", "group"), ("aria-label", "Embed this scenario in a page"), ("class", "toolbar-embed")], html! { <>
                { el("label", "", html! { <>{ "View " }
                    { choice_select("Embed view", VIEWS, &embed_view) }
                </> }) }
                { el("label", "", html! { <>{ "Theme " }
                    { choice_select("Embed theme", THEMES, &embed_theme) }
                </> }) }
                { el("span", "toolbar-embed-step", format!("opens at step {}", choice.step)) }
                { snippet_box("iframe", "An iframe: the scenario travels in its URL", iframe) }
                { snippet_box("element", "The <ssa-playground> element: one script tag, the scenario inline", element) }
            </> }) }
        }
    });
    html! {
        { crate::el_attrs!("div", [("role", "toolbar"), ("aria-label", "Scenario"), ("class", "toolbar")], html! { <>
            { button("", on_share, "Share link") }
            <button type="button" onclick={on_embed} aria-expanded={embed_open.to_string()}>{ "Embed" }</button>
            { button("", on_export, "Export") }
            { el("label", "toolbar-import", html! { <>{ "Import " }
                <input type="file" accept=".yaml,.yml,.json" onchange={on_import} aria-label="Import a scenario file" />
            </> }) }
            <button type="button" onclick={on_markdown} disabled={props.result.is_none()}>{ "Copy as Markdown" }</button>
            if let Some(link) = &*link {
                <input class="toolbar-link" readonly=true value={link.clone()} aria-label="Link to this scenario" />
            }
            if let Some(md) = &*markdown_text {
                <textarea class="toolbar-markdown" readonly=true value={md.clone()} aria-label="The scenario as Markdown" />
            }
            { for embed_panel }
        </> }) }
    }
}

/// A select over `(value, label)` choices kept in `state`.
fn choice_select(
    label: &str,
    choices: &[(&'static str, &'static str)],
    state: &UseStateHandle<String>,
) -> Html {
    let onchange = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                state.set(select.value());
            }
        })
    };
    html! {
        <select aria-label={label.to_string()} {onchange}>
            { for choices.iter().map(|(value, text)| html! {
                <option value={*value} selected={**state == *value}>{ *text }</option>
            }) }
        </select>
    }
}

/// A read-only snippet with its "Copy" button.
fn snippet_box(kind: &'static str, label: &'static str, snippet: String) -> Html {
    let on_copy = {
        let snippet = snippet.clone();
        Callback::from(move |_| browser::copy_text(&snippet))
    };
    html! {
        { el_classes("div", classes!("toolbar-snippet", format!("toolbar-snippet-{kind}")), html! { <>
            { el("span", "toolbar-snippet-label", label) }
            <textarea readonly=true value={snippet} aria-label={label} rows="4" />
            <button type="button" onclick={on_copy} aria-label={format!("Copy the {kind} snippet")}>{ "Copy" }</button>
        </> }) }
    }
}
