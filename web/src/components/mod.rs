//! The page's parts, one component per file.

pub mod code_editor;
pub mod editor;
pub mod field_list;
pub mod lesson_step;
pub mod lessons_page;
pub mod live_editor;
pub mod object_view;
pub mod predict;
pub mod prose;
pub mod raw_managed_fields;
pub mod review_page;
pub mod scenario_description;
pub mod scenario_form;
pub mod schema_picker;
pub mod side_by_side;
pub mod spacer;
pub mod step_card;
pub mod step_list;
pub mod step_view;
pub mod timeline;
pub mod toolbar;
pub mod why_panel;

use crate::scenario_edit::Node;
use crate::state::Action;
use yew::{Callback, Classes, Html, html};

// Callbacks that send an action are made by these few functions rather
// than by a closure at each place: every closure is its own code in the
// wasm (its call, its drop, its vtable), these are one per input type.

/// A callback that sends `make` of its input.
pub fn send<T: 'static>(on_action: &Callback<Action>, make: fn(T) -> Action) -> Callback<T> {
    let on_action = on_action.clone();
    Callback::from(move |input| on_action.emit(make(input)))
}

/// A button's callback that sends `action`.
pub fn send_on_click(
    on_action: &Callback<Action>,
    action: Action,
) -> Callback<web_sys::MouseEvent> {
    let on_action = on_action.clone();
    Callback::from(move |_| on_action.emit(action.clone()))
}

/// An editor's callback that sends its text as the new source of `node`.
pub fn send_node_edit(on_action: &Callback<Action>, node: Node) -> Callback<String> {
    let on_action = on_action.clone();
    Callback::from(move |text| on_action.emit(Action::EditNode(node, text)))
}

/// `<tag class={class}>{ child }</tag>` (no class when `class` is
/// empty), built by this one function: each `html!` element is its own
/// code in the wasm (the tag, its node reference, attributes, listeners
/// and children, boxed), a call to this a few bytes. For the elements
/// with one class or none and no listener, about 170 places; several
/// children come as one `html! { <>...</> }` fragment (the same DOM).
pub fn el(tag: &'static str, class: &'static str, child: impl Into<Html>) -> Html {
    el_of(tag, class, child.into())
}

/// `<button type="button" class={class} {onclick}>{ child }</button>`
/// (no class when `class` is empty), one function for the same reason as
/// [`el`].
pub fn button(
    class: &'static str,
    onclick: Callback<web_sys::MouseEvent>,
    child: impl Into<Html>,
) -> Html {
    button_of(class, onclick, child.into())
}

#[inline(never)]
fn button_of(class: &'static str, onclick: Callback<web_sys::MouseEvent>, child: Html) -> Html {
    let class = (!class.is_empty()).then_some(class);
    html! { <button type="button" {class} {onclick}>{ child }</button> }
}

/// `<tag k1="v1" k2="v2"...>{ child }</tag>` (see [`el`]): literal
/// attributes as `html!` sets them, in the order it sets them (a class
/// last), so that the DOM is the same.
#[macro_export]
macro_rules! el_attrs {
    ($tag:literal, [$(($key:literal, $value:literal)),* $(,)?], $child:expr) => {
        $crate::components::el_with(
            $tag,
            ::yew::virtual_dom::Attributes::Static(&[$((
                $key,
                ::yew::virtual_dom::AttributeOrProperty::Static($value),
            )),*]),
            $child,
        )
    };
}

/// [`el_attrs!`]'s element (one copy per child type).
pub fn el_with(
    tag: &'static str,
    attributes: yew::virtual_dom::Attributes,
    child: impl Into<Html>,
) -> Html {
    el_with_of(tag, attributes, child.into())
}

#[inline(never)]
fn el_with_of(tag: &'static str, attributes: yew::virtual_dom::Attributes, child: Html) -> Html {
    let mut node = el_of(tag, "", child);
    // Just made: the only reference.
    if let Html::VTag(vtag) = &mut node
        && let Some(vtag) = std::rc::Rc::get_mut(vtag)
    {
        vtag.attributes = attributes;
    }
    node
}

/// `<tag class={classes}>{ child }</tag>`, a computed class list (see
/// [`el`]).
pub fn el_classes(tag: &'static str, classes: Classes, child: impl Into<Html>) -> Html {
    el_classes_of(tag, classes, child.into())
}

#[inline(never)]
fn el_classes_of(tag: &'static str, class: Classes, child: Html) -> Html {
    html! { <@{tag} {class}>{ child }</@> }
}

#[inline(never)]
fn el_of(tag: &'static str, class: &'static str, child: Html) -> Html {
    let class = (!class.is_empty()).then_some(class);
    html! { <@{tag} {class}>{ child }</@> }
}
