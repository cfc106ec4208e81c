//! The lessons page: `#lessons` lists the lessons, `#lesson=ID&step=N`
//! opens one at a step. It fetches the lesson files, follows the URL
//! fragment (back and forward included), keeps the fragment on the step
//! shown and saves the learner's progress in the browser.

use crate::components::lesson_step::lesson_step;
use crate::components::prose::prose;
use crate::components::{el, el_classes};
use crate::lesson_fetch::{fetch, fragment_of, load_progress, route, save_progress};
use crate::lessons::{Fetch, LessonAction, LessonsState, shown};
use crate::{browser, share};
use ssa_engine::value::go_quote;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// Embed mode: no header links out of the frame but "Open".
    #[prop_or_default]
    pub embedded: bool,
}

#[function_component(LessonsPage)]
pub fn lessons_page(props: &Props) -> Html {
    let state = use_reducer(|| LessonsState::new(load_progress()));
    // The index, once; then whatever the fragment asks for.
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            let d = dispatcher.clone();
            wasm_bindgen_futures::spawn_local(async move {
                d.dispatch(LessonAction::IndexLoaded(fetch("index.txt").await));
            });
            let show = move || {
                if let Some(target) = browser::fragment().and_then(|f| route(&f)) {
                    dispatcher.dispatch(LessonAction::Show(target));
                }
            };
            show();
            let listener = web_sys::window()
                .map(|w| gloo_events::EventListener::new(&w, "hashchange", move |_| show()));
            move || drop(listener)
        });
    }
    // A lesson to load: its files, once the index names them.
    {
        let dispatcher = state.dispatcher();
        let wanted = state
            .open
            .as_ref()
            .filter(|o| o.content == Fetch::Loading)
            .and_then(|o| state.entry(&o.id).map(|e| (o.id.clone(), e.stem.clone())));
        let missing = match (&state.open, &state.index) {
            (Some(o), Fetch::Ready(_)) if o.content == Fetch::Loading && wanted.is_none() => {
                Some(o.id.clone())
            }
            _ => None,
        };
        use_effect_with((wanted, missing), move |(wanted, missing)| {
            if let Some((id, stem)) = wanted.clone() {
                wasm_bindgen_futures::spawn_local(async move {
                    let scenario = fetch(&format!("{stem}.yaml")).await;
                    let narrative = fetch(&format!("{stem}.md")).await;
                    dispatcher.dispatch(LessonAction::LessonLoaded {
                        id,
                        scenario,
                        narrative,
                    });
                });
            } else if let Some(id) = missing.clone() {
                dispatcher.dispatch(LessonAction::LessonLoaded {
                    id: id.clone(),
                    scenario: Err(format!("there is no lesson {id}", id = go_quote(&id))),
                    narrative: Err(String::new()),
                });
            }
        });
    }
    // The fragment follows the step shown; progress is saved.
    {
        let at = state.loaded().map(|(o, _)| (o.id.clone(), o.step));
        use_effect_with(at, |at| {
            if let Some((id, step)) = at {
                browser::set_fragment(&fragment_of(id, *step));
            }
        });
        use_effect_with(state.progress.clone(), save_progress);
    }
    // "Open in the playground" carries the lesson's scenario, compressed.
    let playground = share::use_fragment(state.loaded().map(|(_, l)| l.text.clone()))
        .map(|fragment| format!("./#{fragment}"));
    let dispatch = |action: LessonAction| {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(action.clone()))
    };
    let body = match (&state.open, &state.index) {
        (None, Fetch::Loading) => {
            crate::el_attrs!(
                "p",
                [("role", "status"), ("class", "lessons-status")],
                "Loading the lessons…"
            )
        }
        (None, Fetch::Failed(e)) => {
            crate::el_attrs!(
                "p",
                [("role", "alert"), ("class", "app-error")],
                format!("The lessons could not be loaded: {e}")
            )
        }
        (None, Fetch::Ready(entries)) => html! {
            <>
                { el("h2", "lessons-title", "Lessons") }
                { el("p", "lessons-intro", "Learn Server-Side Apply step by step, in the order of the Kubernetes documentation. Before each step is shown, predict what the API server will do; then see what it did, and why.") }
                { el("ol", "lessons-list", html! { <>
                    { for entries.iter().map(|e| {
                        let p = state.progress.get(&e.id).copied().unwrap_or_default();
                        let status = if p.done() {
                            format!("done, {} of {} predictions right", p.right, p.answered)
                        } else if p.seen > 0 {
                            format!("step {} of {}", p.seen, p.steps)
                        } else {
                            String::new()
                        };
                        html! {
                            { el_classes("li", classes!("lessons-item", p.done().then_some("lessons-item-done")), html! { <>
                                <a href={format!("#lesson={}", e.id)}>{ e.title.clone() }</a>
                                if !status.is_empty() { { el("span", "lessons-progress", format!(" — {status}")) } }
                            </> }) }
                        }
                    }) }
                </> }) }
            </>
        },
        (Some(open), _) => match &open.content {
            Fetch::Loading => {
                crate::el_attrs!(
                    "p",
                    [("role", "status"), ("class", "lessons-status")],
                    "Loading the lesson…"
                )
            }
            Fetch::Failed(e) => html! {
                <>
                    { crate::el_attrs!("p", [("role", "alert"), ("class", "app-error")], format!("This lesson could not be loaded: {e}")) }
                    { crate::el_attrs!("a", [("href", "#lessons")], "All lessons") }
                </>
            },
            Fetch::Ready(loaded) => {
                let count = loaded.result.steps.len();
                let step = open.step;
                let can_next = shown(loaded, step) && step + 1 < count;
                let next_lesson = state
                    .next_lesson(&open.id)
                    .filter(|_| shown(loaded, step) && step + 1 == count);
                let on_choose = {
                    let state = state.clone();
                    Callback::from(move |i| state.dispatch(LessonAction::Choose(i)))
                };
                let on_reveal = {
                    let state = state.clone();
                    Callback::from(move |_| state.dispatch(LessonAction::Reveal))
                };
                html! {
                    <article class="lesson" aria-labelledby="lesson-title">
                        { el("header", "lesson-header", html! { <>
                            if !props.embedded { { crate::el_attrs!("a", [("href", "#lessons"), ("class", "lesson-all")], "← All lessons") } }
                            { crate::el_attrs!("h2", [("id", "lesson-title")], loaded.narrative.title.clone()) }
                            { el("p", "lesson-docs", html! { <>{ "Kubernetes documentation: " }
                                { for loaded.narrative.docs.iter().enumerate().map(|(i, (title, url))| html! {
                                    <>{ if i > 0 { ", " } else { "" } }<a href={url.clone()} target="_blank" rel="noopener">{ title.clone() }</a></>
                                }) }
                            </> }) }
                            { crate::el_attrs!("nav", [("aria-label", "Steps of the lesson"), ("class", "lesson-steps")], el("ol", "", html! { <>
                                    { for (0..count).map(|i| {
                                        let reachable = (0..i).all(|j| shown(loaded, j));
                                        let current = i == step;
                                        let label = format!("Step {}{}", i + 1, if shown(loaded, i) && loaded.keys.get(i).is_some_and(Option::is_some) { ", answered" } else { "" });
                                        html! {
                                            { el("li", "", html! { <>
                                                <button type="button" class={classes!("lesson-dot", current.then_some("lesson-dot-current"), shown(loaded, i).then_some("lesson-dot-seen"))}
                                                        disabled={!reachable} aria-current={current.then_some("step")} aria-label={label}
                                                        onclick={dispatch(LessonAction::Goto(i))}>{ (i + 1).to_string() }</button>
                                            </> }) }
                                        }
                                    }) }
                                </> })) }
                        </> }) }
                        if step == 0 && !loaded.narrative.intro.is_empty() {
                            { prose(&loaded.narrative.intro, "lesson-intro") }
                        }
                        { lesson_step(loaded, step, &on_choose, &on_reveal) }
                        { crate::el_attrs!("nav", [("aria-label", "Lesson navigation"), ("class", "lesson-nav")], html! { <>
                            <button type="button" class="lesson-previous" disabled={step == 0} onclick={dispatch(LessonAction::Previous)}>{ "← Previous step" }</button>
                            <button type="button" class="lesson-next" disabled={!can_next} onclick={dispatch(LessonAction::Next)}>{ "Next step →" }</button>
                            if let Some(next) = next_lesson {
                                <a class="lesson-next-lesson" href={format!("#lesson={}", next.id)}>{ format!("Next lesson: {} →", next.title) }</a>
                            }
                            if let Some(href) = playground.clone() {
                                <a class="lesson-playground" {href} target={props.embedded.then_some("_blank")}>{ "Open in the playground" }</a>
                            }
                        </> }) }
                    </article>
                }
            }
        },
    };
    el("div", "lessons", body)
}
