//! The page: presets, the scenario editor, the timeline and the state at
//! the selected step.

use crate::components::lessons_page::LessonsPage;
use crate::components::live_editor::OpenReview;
use crate::components::review_page::ReviewPage;
use crate::components::scenario_description::scenario_description;
use crate::components::scenario_form::ScenarioForm;
use crate::components::side_by_side::SideBySide;
use crate::components::step_view::{blame_line, changes_view};
use crate::components::{
    editor::Editor, step_view::StepView, timeline::Timeline, toolbar::Toolbar,
};
use crate::embed::{EmbedOptions, Incoming, content_height, listen, post, report_size};
use crate::presets::PRESETS;
use crate::review::{ReviewAction, ReviewState};
use crate::state::{Action, State};
use crate::{browser, share};
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// The two pages of the app: the playground (one object's scenario) and
/// the review of many objects (`#review`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Page {
    Playground,
    Review,
    Lessons,
}

/// The fragment that opens the review page.
const REVIEW_FRAGMENT: &str = "review";

#[function_component(App)]
pub fn app() -> Html {
    let embed = use_memo((), |_| EmbedOptions::current());
    let page = use_state(|| {
        let fragment = browser::fragment();
        if fragment.as_deref() == Some(&format!("#{REVIEW_FRAGMENT}")) {
            Page::Review
        } else if fragment
            .as_deref()
            .and_then(crate::lesson_fetch::route)
            .is_some()
        {
            Page::Lessons
        } else {
            Page::Playground
        }
    });
    // Set once an object of the review was opened: the header offers the
    // way back to the review, whose inputs are kept.
    let from_review = use_state(|| false);
    let review = use_reducer(ReviewState::new);
    // An embed whose scenario could not be loaded (`#error=`, from
    // ssa-playground.js: a missing `src` file) shows why instead.
    let load_error = use_memo((), |_| embed_load_error(&embed));
    // A shared link wins, then what was autosaved, then the first preset.
    let state = use_reducer(|| {
        let shared = browser::fragment().and_then(|f| share::decode_fragment(&f).ok());
        let embed = EmbedOptions::current();
        let text = if embed_load_error(&embed).is_some() {
            String::new()
        } else {
            shared
                .or_else(browser::load_saved)
                .unwrap_or_else(|| PRESETS[0].text.to_string())
        };
        let mut state = State::new(&text);
        state.preset = PRESETS
            .iter()
            .position(|p| p.text == text)
            .unwrap_or(usize::MAX);
        if let Some(step) = embed.step.filter(|s| *s < state.step_count()) {
            state.selected = step;
        }
        state.with_views()
    });
    {
        // An embed shows its own scenario: it does not overwrite the
        // playground's autosave.
        let (text, embedded) = (state.text.clone(), embed.embed);
        use_effect_with(text, move |text| {
            if !embedded {
                browser::save(text);
            }
        });
    }
    // Embed mode: answer the embedding page, tell it our size and step.
    {
        let (state, embed) = (state.clone(), embed.clone());
        use_effect_with((), move |_| {
            if embed.embed {
                let dispatcher = state.dispatcher();
                listen(&embed, move |message| match message {
                    Incoming::Load(text) => dispatcher.dispatch(Action::Load(text)),
                    Incoming::Goto(step) => dispatcher.dispatch(Action::Select(step)),
                });
                report_size(&embed);
                post(&embed, "ready", &[]);
            }
        });
    }
    {
        let embed = embed.clone();
        let key = (state.selected, state.text.clone());
        let error = (*load_error)
            .clone()
            .or_else(|| state.result.as_ref().err().cloned());
        use_effect_with(key, move |(selected, _)| {
            if embed.embed {
                post(
                    &embed,
                    "step",
                    &[("step", JsValue::from_f64(*selected as f64 + 1.0))],
                );
                if let Some(message) = error {
                    post(&embed, "error", &[("message", JsValue::from_str(&message))]);
                }
                post(
                    &embed,
                    "resize",
                    &[("height", JsValue::from_f64(content_height()))],
                );
            }
        });
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
    let on_action = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };
    let managers = crate::scenario_edit::step_strings(&state.text, "manager");
    let labels = crate::scenario_edit::step_strings(&state.text, "name");
    let outcomes: Vec<String> = state
        .result
        .as_ref()
        .map(|r| {
            r.steps
                .iter()
                .map(|s| s.outcome.as_str().to_string())
                .collect()
        })
        .unwrap_or_default();
    // A step that could not be sent says why next to its inputs.
    let problems: Vec<String> = state
        .result
        .as_ref()
        .map(|r| {
            r.steps
                .iter()
                .map(|s| {
                    if s.outcome.as_str() == "error" {
                        s.message.clone()
                    } else {
                        String::new()
                    }
                })
                .collect()
        })
        .unwrap_or_default();
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
    let on_new = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Load(crate::presets::BLANK.to_string())))
    };
    // The live editor offers to review a pasted List or several documents.
    let open_review = {
        let (review, page) = (review.clone(), page.clone());
        OpenReview(Callback::from(move |export: String| {
            review.dispatch(ReviewAction::SetExport(export));
            browser::set_fragment(REVIEW_FRAGMENT);
            page.set(Page::Review);
        }))
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
            // Arrow keys step through the timeline, except while typing or
            // choosing in a form control.
            let typing = e
                .target_dyn_into::<web_sys::HtmlTextAreaElement>()
                .is_some()
                || e.target_dyn_into::<web_sys::HtmlInputElement>().is_some()
                || e.target_dyn_into::<web_sys::HtmlSelectElement>().is_some();
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
    let to_review = {
        let page = page.clone();
        Callback::from(move |_| {
            browser::set_fragment(REVIEW_FRAGMENT);
            page.set(Page::Review);
        })
    };
    let to_playground = {
        let (page, from_review) = (page.clone(), from_review.clone());
        Callback::from(move |_| {
            browser::set_fragment("");
            from_review.set(false);
            page.set(Page::Playground);
        })
    };
    let on_open_object = {
        let (state, page, from_review) = (state.clone(), page.clone(), from_review.clone());
        Callback::from(move |text: String| {
            state.dispatch(Action::Load(text));
            browser::set_fragment("");
            from_review.set(true);
            page.set(Page::Playground);
        })
    };
    let to_lessons = {
        let page = page.clone();
        Callback::from(move |_| {
            browser::set_fragment("lessons");
            page.set(Page::Lessons);
        })
    };
    let theme = embed.theme.as_deref().map(|t| format!("theme-{t}"));
    if embed.embed && *page == Page::Lessons {
        return html! {
            <div class={classes!("app", "app-embed", theme)}><LessonsPage embedded=true /></div>
        };
    }
    if embed.embed {
        return embed_view(
            &state,
            &embed,
            (*load_error).clone(),
            on_select,
            on_key,
            theme,
        );
    }
    html! {
        <div class={classes!("app", theme)} onkeydown={on_key}>
            <header class="app-header">
                <h1>{ "SSA Playground" }</h1>
                <p class="app-tagline">{ "What the Kubernetes API server does with each write: merge, ownership, prune, conflicts." }</p>
                if *page != Page::Lessons {
                    <button type="button" class="app-lessons" onclick={to_lessons}>{ "Lessons" }</button>
                }
                if *page != Page::Playground {
                    <button type="button" class="app-mode" onclick={to_playground}>{ "Back to the playground" }</button>
                } else {
                    <button type="button" class="app-mode" onclick={to_review.clone()}>{ "Review an apply" }</button>
                    if *from_review {
                        <button type="button" class="app-back" onclick={to_review}>{ "← Back to the review" }</button>
                    }
                }
                <label class="app-presets" hidden={*page != Page::Playground}>
                    { "Preset " }
                    <select onchange={on_preset} aria-label="Preset scenarios">
                        if state.preset >= PRESETS.len() {
                            <option value="" selected=true disabled=true>{ "Your scenario" }</option>
                        }
                        { for PRESETS.iter().enumerate().map(|(i, p)| html! { <option value={i.to_string()} selected={i == state.preset}>{ p.title }</option> }) }
                    </select>
                </label>
                <button type="button" class="app-new" hidden={*page != Page::Playground} onclick={on_new}>{ "New scenario" }</button>
            </header>
            if *page == Page::Lessons {
                <main class="app-lessons-page"><LessonsPage /></main>
            } else if *page == Page::Review {
                <main class="app-review">
                    <ReviewPage state={review.clone()} on_open={on_open_object} />
                </main>
            } else {
            <main class="app-main">
                <div class="app-input">
                    <Toolbar text={state.text.clone()} result={state.result.as_ref().ok().cloned()} selected={state.selected} on_load={on_load} />
                    <ContextProvider<OpenReview> context={open_review}>
                        <ScenarioForm text={state.text.clone()} drafts={state.drafts.clone()} outcomes={outcomes} problems={problems}
                                      selected={state.selected} on_action={on_action} />
                    </ContextProvider<OpenReview>>
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
                                    { scenario_description(&state.text, state.preset) }
                                    <Timeline result={result.clone()} selected={state.selected} on_select={on_select} managers={managers.clone()} labels={labels.clone()} />
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
            }
        </div>
    }
}

/// The compact view of embed mode: the timeline and one view of the
/// selected step, with a link to the full playground.
fn embed_view(
    state: &UseReducerHandle<State>,
    embed: &EmbedOptions,
    load_error: Option<String>,
    on_select: Callback<usize>,
    on_key: Callback<KeyboardEvent>,
    theme: Option<String>,
) -> Html {
    // "./": the playground beside this frame, wherever it is hosted.
    let open = format!("./#{}", share::encode_fragment(&state.text));
    let error = load_error.or_else(|| state.result.as_ref().err().cloned());
    let body = match (&state.result, error) {
        (_, Some(message)) => html! { <p class="app-error" role="alert">{ message }</p> },
        (Err(_), None) => html! {},
        (Ok(result), None) => {
            let step = result.steps.get(state.selected);
            let view = match (embed.view.as_deref(), step) {
                (_, None) => html! {},
                (Some("changes"), Some(step)) => html! {
                    <>{ changes_view(&step.changes) }{ crate::components::why_panel::why_view(&step.why) }</>
                },
                (Some("managed"), Some(step)) => html! {
                    <ul class="manager-fields">{ for step.blame.iter().filter(|l| !l.owners.is_empty()).map(|l| html! {
                        <li><code>{ l.field.clone().unwrap_or_default() }</code>{ format!(" — {}", l.owners.iter().map(|o| o.manager.clone()).collect::<Vec<_>>().join(", ")) }</li>
                    }) }</ul>
                },
                (_, Some(step)) => html! {
                    <div class="blame" role="table" aria-label="Object with the owner of each field">
                        { for step.blame.iter().map(blame_line) }
                    </div>
                },
            };
            let message = step.map(|s| s.message.clone()).filter(|m| !m.is_empty());
            html! {
                <>
                    <Timeline result={result.clone()} selected={state.selected} on_select={on_select}
                              managers={crate::scenario_edit::step_strings(&state.text, "manager")}
                              labels={crate::scenario_edit::step_strings(&state.text, "name")} />
                    if let Some(m) = message { <pre class="step-message">{ m }</pre> }
                    { view }
                </>
            }
        }
    };
    html! {
        <div class={classes!("app", "app-embed", theme)} onkeydown={on_key}>
            <div class="embed-header">
                <strong class="embed-name">{ state.result.as_ref().map(|r| r.scenario.clone()).unwrap_or_default() }</strong>
                <a class="embed-open" href={open} target="_blank" rel="noopener">{ "Open in playground" }</a>
            </div>
            { body }
        </div>
    }
}

/// The reason an embed's scenario could not be loaded (`#error=…`).
fn embed_load_error(embed: &EmbedOptions) -> Option<String> {
    if !embed.embed {
        return None;
    }
    let fragment = browser::fragment()?;
    Some(crate::embed::decode(fragment.strip_prefix("#error=")?))
}
