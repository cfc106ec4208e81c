//! The page: presets, the scenario editor, the timeline and the state at
//! the selected step.

use crate::components::lessons_page::LessonsPage;
use crate::components::object_view::ObjectView;
use crate::components::review_page::review_page;
use crate::components::scenario_description::scenario_description;
use crate::components::scenario_form::ScenarioForm;
use crate::components::side_by_side::SideBySide;
use crate::components::step_view::changes_view;
use crate::components::{button, el, el_classes};
use crate::components::{
    editor::editor,
    step_view::StepView,
    timeline::{Props as TimelineProps, timeline},
    toolbar::Toolbar,
};
use crate::components::{send, send_on_click};
use crate::embed::{EmbedOptions, Incoming, content_height, listen, post, report_size};
use crate::presets::presets;
use crate::review::{ReviewAction, ReviewState};
use crate::shared::Shared;
use crate::state::{Action, RUN_AFTER_MS, State};
use crate::{browser, share};
use std::rc::Rc;
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

/// Texts up to this long update the form on every keystroke.
const FORM_AT_ONCE_BYTES: usize = 8 * 1024;

/// The fragment that opens the review page.
const REVIEW_FRAGMENT: &str = "review";

#[function_component(App)]
pub fn app() -> Html {
    // An embed whose scenario could not be loaded (`#error=`, from
    // ssa-playground.js: a missing `src` file) shows why instead. One memo
    // for both (each hook's type adds its own code to the wasm).
    let first = use_memo((), |_| {
        let embed = EmbedOptions::current();
        let load_error = embed_load_error(&embed);
        (Rc::new(embed), Rc::new(load_error))
    });
    let (embed, load_error) = (first.0.clone(), first.1.clone());
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
    // `bool::default`, not `|| false`: the hook's code in the wasm once per
    // initial function, and a closure is one of its own at each place.
    let from_review = use_state(bool::default);
    let review = use_reducer(ReviewState::new);
    {
        // A review asked for runs asynchronously, in the JavaScript API's
        // module (`review_run`), and its answer comes back as an action.
        // Keyed by the request with an empty text: the key type of the
        // embed effect below (each hook's type adds its own code to the
        // wasm).
        let review = review.clone();
        use_effect_with((review.requested, String::new()), move |(request, _)| {
            if review.running {
                let request = *request;
                let inputs = (
                    review.export.clone(),
                    review.manifests.clone(),
                    review.flags.clone(),
                );
                wasm_bindgen_futures::spawn_local(async move {
                    let outcome = crate::review_run::review(inputs.0, inputs.1, inputs.2).await;
                    review.dispatch(ReviewAction::Reviewed(request, Rc::new(outcome)));
                });
            }
        });
    }
    // A shared link wins, then what was autosaved, then the first preset.
    let state = use_reducer({
        let (embed, load_error) = (embed.clone(), load_error.clone());
        move || {
            let shared = share::take_shared();
            let text = if load_error.is_some() {
                String::new()
            } else {
                shared
                    .or_else(browser::load_saved)
                    .unwrap_or_else(|| crate::presets::first_text().to_string())
            };
            let mut state = State::new(&text);
            state.preset = presets()
                .iter()
                .position(|p| p.text == text)
                .unwrap_or(usize::MAX);
            if let Some(step) = embed.step.filter(|s| *s < state.step_count()) {
                state.selected = step;
            }
            state.with_views()
        }
    });
    {
        // An embed shows its own scenario: it does not overwrite the
        // playground's autosave.
        // A text is saved once it has run and edits pause
        // (`browser::Autosave`), not in the keystroke's or the run's task.
        let (text, embedded) = (state.text.clone(), embed.embed);
        let ran = !state.stale;
        let autosave = use_mut_ref(browser::Autosave::default);
        use_effect_with((text, ran), move |(text, ran)| {
            if !embedded && *ran {
                browser::Autosave::later(&autosave, text.clone());
            }
        });
    }
    // The text the form and the step labels show. They follow the editor
    // at once while the text is short; a long one (its manifests are long:
    // the form holds a second editor of each) they follow once typing
    // pauses, as the run does.
    let form_text = use_state(|| state.text.clone());
    {
        // A long text runs once typing pauses (see State::stale): each new
        // text restarts the wait, dropping the timer cancels it. (A shorter
        // one runs with its edit, which the editor sends once the
        // keystroke's frame is painted.)
        // The run (the writes and the step's views) and the page's render
        // of it are two tasks: a key pressed meanwhile waits for one of
        // them only. (Three, the views apart, measured worse: the browser
        // ran the views' task before painting the key.)
        //
        // The text the form and the step labels show (`form_text`) in the
        // same effect (each hook's type adds its own code to the wasm).
        let (dispatcher, selected) = (state.dispatcher(), state.selected);
        let form_text = form_text.clone();
        use_effect_with((state.stale, state.text.clone()), move |(stale, text)| {
            let pause = stale.then(|| {
                let text = text.clone();
                gloo_timers::callback::Timeout::new(RUN_AFTER_MS, move || {
                    let result = crate::state::run_with_views(&text, selected);
                    gloo_timers::callback::Timeout::new(0, move || {
                        dispatcher.dispatch(Action::Ran(text, result))
                    })
                    .forget();
                })
            });
            // A text waiting for its run is followed once it has run: the
            // run and the form's reading of a long text are both long
            // tasks, and the form's, due at the same time as the run,
            // would otherwise come between the run and its render.
            let timer = if *stale || *form_text == *text {
                None
            } else if text.len() > FORM_AT_ONCE_BYTES {
                let text = text.clone();
                Some(gloo_timers::callback::Timeout::new(
                    RUN_AFTER_MS,
                    move || form_text.set(text),
                ))
            } else {
                form_text.set(text.clone());
                None
            };
            move || {
                drop(pause);
                drop(timer);
            }
        });
    }
    // Once, at the start: the JavaScript API package's arrival, and in embed
    // mode the embedding page (answer it, tell it our size and step).
    {
        let (state, embed) = (state.clone(), embed.clone());
        use_effect_with((), move |_| {
            // The JavaScript API package, loaded for a custom resource's
            // validation (`boot.js`): the scenario runs again with it.
            if let Some(window) = web_sys::window() {
                let dispatcher = state.dispatcher();
                gloo_events::EventListener::new(&window, "ssa-api-ready", move |_| {
                    dispatcher.dispatch(Action::Rerun)
                })
                .forget();
            }
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
    let on_action = {
        let state = state.clone();
        Callback::from(move |action: Action| match action {
            // A pasted schema source starts from a template describing the
            // scenario's object, which the JavaScript API's module makes
            // (`crate::api`, loaded when first needed).
            Action::SetSchemaKind(kind) if kind.is_document() => {
                let state = state.clone();
                let object = crate::scenario_edit::template_object(&state.text);
                wasm_bindgen_futures::spawn_local(async move {
                    let source = kind.key().unwrap_or_default();
                    let template = crate::api::schema_template(source, object)
                        .await
                        .unwrap_or_else(|| ssa_engine::value::Value::Map(Default::default()));
                    state.dispatch(Action::SetSchemaTemplate(kind, template));
                });
            }
            action => state.dispatch(action),
        })
    };
    let on_load = send(&on_action, Action::Load);
    let on_edit = send(&on_action, Action::Edit);
    let on_select = send(&on_action, Action::Select);
    let ran_text = if state.text.len() <= FORM_AT_ONCE_BYTES {
        state.text.clone()
    } else {
        (*form_text).clone()
    };
    // What the header and timeline read from the text: once per text run.
    let facts_text = if state.stale {
        (*form_text).clone()
    } else {
        state.text.clone()
    };
    let facts = use_memo(facts_text, |text| TextFacts::of(text));
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
    let shown_preset = state.shown_preset();
    let on_new = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Load(crate::presets::BLANK.to_string())))
    };
    // The live editor offers to review a pasted List or several documents.
    let open_review = {
        let (review, page) = (review.clone(), page.clone());
        Callback::from(move |export: String| {
            review.dispatch(ReviewAction::SetExport(export));
            browser::set_fragment(REVIEW_FRAGMENT);
            page.set(Page::Review);
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
    let on_compare = send_on_click(&on_action, Action::ToggleCompare);
    let on_undo = send_on_click(&on_action, Action::Undo);
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
    // Embed mode links to the playground with the scenario in the URL.
    let open = share::use_fragment(embed.embed.then(|| state.text.clone()));
    let theme = embed.theme.as_deref().map(|t| format!("theme-{t}"));
    if embed.embed && *page == Page::Lessons {
        return html! {
            { el_classes("div", classes!("app", "app-embed", theme), html! { <><LessonsPage embedded=true /></> }) }
        };
    }
    if embed.embed {
        return embed_view(
            &state,
            &facts,
            &embed,
            open,
            (*load_error).clone(),
            on_select,
            on_key,
        );
    }
    html! {
        <div class={classes!("app", theme)} onkeydown={on_key}>
            { el("header", "app-header", html! { <>
                { el("h1", "", "SSA Playground") }
                { el("p", "app-tagline", "What the Kubernetes API server does with each write: merge, ownership, prune, conflicts.") }
                if *page != Page::Lessons {
                    { button("app-lessons", to_lessons, "Lessons") }
                }
                if *page != Page::Playground {
                    { button("app-mode", to_playground, "Back to the playground") }
                } else {
                    { button("app-mode", to_review.clone(), "Review an apply") }
                    if *from_review {
                        { button("app-back", to_review, "← Back to the review") }
                    }
                }
                <label class="app-presets" hidden={*page != Page::Playground}>
                    { "Preset " }
                    <select onchange={on_preset} aria-label="Preset scenarios">
                        if shown_preset.is_none() {
                            <option value="" selected=true disabled=true>{ "Your scenario" }</option>
                        }
                        { for presets().iter().enumerate().map(|(i, p)| html! { <option value={i.to_string()} selected={Some(i) == shown_preset}>{ p.title }</option> }) }
                    </select>
                </label>
                <button type="button" class="app-new" hidden={*page != Page::Playground} onclick={on_new}>{ "New scenario" }</button>
            </> }) }
            if *page == Page::Lessons {
                { el("main", "app-lessons-page", html! { <><LessonsPage /></> }) }
            } else if *page == Page::Review {
                { el("main", "app-review", review_page(&review, &on_open_object)) }
            } else {
            { el("main", "app-main", html! { <>
                { el("div", "app-input", html! { <>
                    <Toolbar text={state.text.clone()} result={state.result.as_ref().ok().map(Shared::from)} selected={state.selected} on_load={on_load} />
                    <ScenarioForm text={ran_text.clone()} drafts={state.drafts.clone()} outcomes={outcomes} problems={problems}
                                  selected={state.selected} on_action={on_action} on_review={open_review} />
                    { editor(state.text.clone(), on_edit, state.result.as_ref().err().cloned()) }
                </> }) }
                <section class="app-result" aria-label="Result" aria-busy={state.stale.then_some("true")}>
                    { el("label", "app-add-step", html! { <>{ "Add a step " }
                        <select onchange={on_add_step} aria-label="Add a ready-made step">
                            <option value="" selected=true>{ "choose a writer…" }</option>
                            { for crate::steps::STEP_TEMPLATES.iter().enumerate().map(|(i, t)| html! { <option value={i.to_string()}>{ t.title }</option> }) }
                        </select>
                    </> }) }
                    <button type="button" class="app-compare" aria-pressed={state.compare.to_string()} onclick={on_compare}>
                        { "Client-side vs server-side" }
                    </button>
                    if !state.history.is_empty() {
                        { button("app-undo", on_undo, "Undo") }
                    }
                    if let Some(notice) = &state.notice {
                        { crate::el_attrs!("p", [("role", "status"), ("class", "app-notice")], notice.clone()) }
                    }
                    {
                        match &state.result {
                            Ok(result) => html! {
                                <>
                                    { scenario_description(facts.description.as_deref(), &state.text, state.preset) }
                                    if state.stale {
                                        { crate::el_attrs!("p", [("role", "status"), ("class", "app-stale")], "Running once you pause typing…") }
                                    }
                                    { timeline(TimelineProps { result, selected: state.selected, on_select: &on_select, managers: &facts.managers, labels: &facts.labels }) }
                                    if state.compare {
                                        <SideBySide text={state.text.clone()} selected={state.selected} />
                                    }
                                    if state.selected < result.steps.len() {
                                        <StepView index={state.selected} result={Shared::from(result)} on_resolve={on_resolve.clone()} />
                                    }
                                </>
                            },
                            Err(message) => crate::el_attrs!("p", [("role", "alert"), ("class", "app-error")], message.clone()),
                        }
                    }
                </section>
            </> }) }
            }
        </div>
    }
}

/// The compact view of embed mode: the timeline and one view of the
/// selected step, with a link to the full playground.
fn embed_view(
    state: &UseReducerHandle<State>,
    facts: &TextFacts,
    embed: &EmbedOptions,
    open: Option<String>,
    load_error: Option<String>,
    on_select: Callback<usize>,
    on_key: Callback<KeyboardEvent>,
) -> Html {
    let theme = embed.theme.as_deref().map(|t| format!("theme-{t}"));
    let error = load_error.or_else(|| state.result.as_ref().err().cloned());
    let body = match (&state.result, error) {
        (_, Some(message)) => {
            crate::el_attrs!("p", [("role", "alert"), ("class", "app-error")], message)
        }
        (Err(_), None) => html! {},
        (Ok(result), None) => {
            let step = result.steps.get(state.selected);
            let view = match (embed.view.as_deref(), step) {
                (_, None) => html! {},
                (Some("changes"), Some(step)) => html! {
                    <>{ changes_view(&step.changes) }{ crate::components::why_panel::why_view(&step.why, &step.message) }</>
                },
                (Some("managed"), Some(step)) => html! {
                    { el("ul", "manager-fields", html! { <>{ for step.blame.iter().filter(|l| !l.owners.is_empty()).map(|l| html! {
                        { el("li", "", html! { <>{ el("code", "", l.field.clone().unwrap_or_default()) }{ format!(" — {}", l.owners.iter().map(|o| o.manager.clone()).collect::<Vec<_>>().join(", ")) }</> }) }
                    }) }</> }) }
                },
                (_, Some(_)) => html! {
                    <ObjectView result={Shared::from(result)} index={state.selected} />
                },
            };
            let message = step.map(|s| s.message.clone()).filter(|m| !m.is_empty());
            html! {
                <>
                    { timeline(TimelineProps { result, selected: state.selected, on_select: &on_select,
                                               managers: &facts.managers, labels: &facts.labels }) }
                    if let Some(m) = message { { el("pre", "step-message", m) } }
                    { view }
                </>
            }
        }
    };
    html! {
        <div class={classes!("app", "app-embed", theme)} onkeydown={on_key}>
            { el("div", "embed-header", html! { <>
                { el("strong", "embed-name", state.result.as_ref().map(|r| r.scenario.clone()).unwrap_or_default()) }
                // "./": the playground beside this frame, wherever it is
                // hosted (the link appears once the scenario is compressed).
                if let Some(fragment) = open {
                    <a class="embed-open" href={format!("./#{fragment}")} target="_blank" rel="noopener">{ "Open in playground" }</a>
                }
            </> }) }
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

/// What the page shows from the scenario text itself, read in one pass:
/// each step's manager and name, and the description.
#[derive(PartialEq)]
struct TextFacts {
    managers: Vec<String>,
    labels: Vec<String>,
    description: Option<String>,
}

impl TextFacts {
    fn of(text: &str) -> Self {
        // The run read the text already, unless a step could not be read.
        if let Some(scenario) = crate::state::last_read(text)
            && scenario.steps.iter().all(Result::is_ok)
        {
            let steps = || scenario.steps.iter().filter_map(|s| s.as_ref().ok());
            // As written: a step without `manager` shows none (the reader
            // fills in kubectl's default).
            let written = |i: usize| {
                let at = ssa_engine::value::ValuePath::root()
                    .key("steps")
                    .index(i)
                    .key("manager");
                scenario.source_map.key_location(&at).is_some()
            };
            return TextFacts {
                managers: steps()
                    .enumerate()
                    .map(|(i, s)| {
                        if written(i) {
                            s.manager.clone()
                        } else {
                            String::new()
                        }
                    })
                    .collect(),
                labels: steps()
                    .map(|s| s.name.clone().unwrap_or_default())
                    .collect(),
                description: scenario
                    .description
                    .clone()
                    .filter(|d| !d.trim().is_empty()),
            };
        }
        let doc = ssa_engine::yaml::parse(text).map(|d| d.value).ok();
        let steps = doc
            .as_ref()
            .and_then(|d| d.get("steps"))
            .and_then(|s| s.as_list());
        let strings = |key: &str| {
            steps
                .map(|steps| {
                    steps
                        .iter()
                        .map(|s| {
                            s.get(key)
                                .and_then(|v| v.as_str())
                                .unwrap_or_default()
                                .to_string()
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        // As the scenario reader takes it: a string that is not blank.
        let description = doc
            .as_ref()
            .and_then(|d| d.get("description"))
            .and_then(|d| d.as_str())
            .filter(|d| !d.trim().is_empty())
            .map(str::to_string);
        TextFacts {
            managers: strings("manager"),
            labels: strings("name"),
            description,
        }
    }
}
