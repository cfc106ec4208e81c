//! The page: presets, the scenario editor, the timeline and the state at
//! the selected step.

use crate::components::side_by_side::SideBySide;
use crate::components::{
    editor::Editor, step_view::StepView, timeline::Timeline, toolbar::Toolbar,
};
use crate::presets::PRESETS;
use crate::state::{Action, State};
use crate::{browser, share};
use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    // A shared link wins, then what was autosaved, then the first preset.
    let state = use_reducer(|| {
        let shared = browser::fragment().and_then(|f| share::decode_fragment(&f).ok());
        let text = shared
            .or_else(browser::load_saved)
            .unwrap_or_else(|| PRESETS[0].text.to_string());
        let mut state = State::new(&text);
        state.preset = PRESETS
            .iter()
            .position(|p| p.text == text)
            .unwrap_or(usize::MAX);
        state
    });
    {
        let text = state.text.clone();
        use_effect_with(text, |text| browser::save(text));
    }
    let on_load = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::Load(text)))
    };
    let on_edit = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::Edit(text)))
    };
    let on_select = {
        let state = state.clone();
        Callback::from(move |i: usize| state.dispatch(Action::Select(i)))
    };
    let on_preset = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                return;
            };
            if let Ok(i) = select.value().parse::<usize>() {
                state.dispatch(Action::LoadPreset(i));
            }
        })
    };
    let on_resolve = {
        let state = state.clone();
        let selected = state.selected;
        Callback::from(move |how| state.dispatch(Action::Resolve(selected, how)))
    };
    let on_add_step = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                return;
            };
            if let Ok(i) = select.value().parse::<usize>() {
                state.dispatch(Action::AddStep(i));
            }
            select.set_value("");
        })
    };
    let on_compare = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::ToggleCompare))
    };
    let on_undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Undo))
    };
    let on_key = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            // Arrow keys step through the timeline, except while typing.
            let typing = e
                .target_dyn_into::<web_sys::HtmlTextAreaElement>()
                .is_some();
            if typing {
                return;
            }
            match e.key().as_str() {
                "ArrowRight" | "ArrowDown" => state.dispatch(Action::Next),
                "ArrowLeft" | "ArrowUp" => state.dispatch(Action::Previous),
                _ => {}
            }
        })
    };
    html! {
        <div class="app" onkeydown={on_key}>
            <header class="app-header">
                <h1>{ "SSA Playground" }</h1>
                <p class="app-tagline">{ "What the Kubernetes API server does with each write: merge, ownership, prune, conflicts." }</p>
                <label class="app-presets">
                    { "Preset " }
                    <select onchange={on_preset} aria-label="Preset scenarios">
                        if state.preset >= PRESETS.len() {
                            <option value="" selected=true disabled=true>{ "Your scenario" }</option>
                        }
                        { for PRESETS.iter().enumerate().map(|(i, p)| html! { <option value={i.to_string()} selected={i == state.preset}>{ p.title }</option> }) }
                    </select>
                </label>
            </header>
            <main class="app-main">
                <div class="app-input">
                    <Toolbar text={state.text.clone()} result={state.result.as_ref().ok().cloned()} on_load={on_load} />
                    <Editor text={state.text.clone()} on_edit={on_edit}
                            error={state.result.as_ref().err().cloned()} />
                </div>
                <section class="app-result" aria-label="Result">
                    <label class="app-add-step">{ "Add a step " }
                        <select onchange={on_add_step} aria-label="Add a ready-made step">
                            <option value="" selected=true>{ "choose a writer…" }</option>
                            { for crate::steps::STEP_TEMPLATES.iter().enumerate().map(|(i, t)| html! { <option value={i.to_string()}>{ t.title }</option> }) }
                        </select>
                    </label>
                    <button type="button" class="app-compare" aria-pressed={state.compare.to_string()} onclick={on_compare}>
                        { "Client-side vs server-side" }
                    </button>
                    if !state.history.is_empty() {
                        <button type="button" class="app-undo" onclick={on_undo}>{ "Undo" }</button>
                    }
                    if let Some(notice) = &state.notice {
                        <p class="app-notice" role="status">{ notice.clone() }</p>
                    }
                    {
                        match &state.result {
                            Ok(result) => html! {
                                <>
                                    <Timeline result={result.clone()} selected={state.selected} on_select={on_select} />
                                    if state.compare {
                                        <SideBySide text={state.text.clone()} selected={state.selected} />
                                    }
                                    if let Some(step) = result.steps.get(state.selected) {
                                        <StepView index={state.selected} step={step.clone()} on_resolve={on_resolve.clone()} />
                                    }
                                </>
                            },
                            Err(message) => html! { <p class="app-error" role="alert">{ message.clone() }</p> },
                        }
                    }
                </section>
            </main>
        </div>
    }
}
