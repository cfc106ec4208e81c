//! Share, export, import and "Copy as Markdown".

use crate::shared::Shared;
use crate::{browser, markdown, share};
use ssa_engine::scenario::ScenarioResult;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub result: Option<Shared<ScenarioResult>>,
    /// Replaces the scenario (an imported file).
    pub on_load: Callback<String>,
}

#[function_component(Toolbar)]
pub fn toolbar(props: &Props) -> Html {
    let link = use_state(|| None::<String>);
    let markdown_text = use_state(|| None::<String>);
    let on_share = {
        let (text, link) = (props.text.clone(), link.clone());
        Callback::from(move |_| link.set(browser::set_fragment(&share::encode_fragment(&text))))
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
    html! {
        <div class="toolbar" role="toolbar" aria-label="Scenario">
            <button type="button" onclick={on_share}>{ "Share link" }</button>
            <button type="button" onclick={on_export}>{ "Export" }</button>
            <label class="toolbar-import">{ "Import " }
                <input type="file" accept=".yaml,.yml,.json" onchange={on_import} aria-label="Import a scenario file" />
            </label>
            <button type="button" onclick={on_markdown} disabled={props.result.is_none()}>{ "Copy as Markdown" }</button>
            if let Some(link) = &*link {
                <input class="toolbar-link" readonly=true value={link.clone()} aria-label="Link to this scenario" />
            }
            if let Some(md) = &*markdown_text {
                <textarea class="toolbar-markdown" readonly=true value={md.clone()} aria-label="The scenario as Markdown" />
            }
        </div>
    }
}
