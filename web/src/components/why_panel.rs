//! "Why?": the reasons the engine gives for a step's outcome (conflicts
//! with their owners, prunes, shares, defaults nobody owns, …), beside
//! the Changes panel.

use crate::components::{el, el_classes};
use ssa_engine::scenario::Reason;
use yew::prelude::*;

/// The reasons of a step (nothing when there are none). `message`, the
/// step's message, is shown above them in its own box: a long one (a
/// refusal listing cel-go's errors, whose carets need the box's fixed
/// width) is not repeated inside a reason, which points to it instead.
pub fn why_view(reasons: &[Reason], message: &str) -> Html {
    if reasons.is_empty() {
        return html! {};
    }
    html! {
        { crate::el_attrs!("section", [("aria-label", "Why"), ("class", "why")], html! { <>
            { el("h3", "", "Why?") }
            { el("ul", "why-list", html! { <>
                { for reasons.iter().map(|r| html! {
                    { el_classes("li", classes!("why-item", format!("why-{}", r.topic.title().replace([' ', ':'], "-").replace("--", "-"))), html! { <>
                        { el("span", "why-topic", r.topic.title()) }{ " " }
                        { el("span", "why-text", without_message(&r.text, message)) }
                    </> }) }
                }) }
            </> }) }
        </> }) }
    }
}

/// `text` with a long or multi-line `message` in it replaced by a pointer
/// to the message box (`The server refused the write (the message
/// above). Nothing was stored.`).
fn without_message(text: &str, message: &str) -> String {
    let long = message.contains('\n') || message.len() > 160;
    match text.find(message) {
        Some(at) if long && !message.is_empty() => {
            let before = text[..at].trim_end_matches([':', ' ']);
            format!(
                "{before} (the message above){}",
                &text[at + message.len()..]
            )
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::without_message;

    /// A refusal listing cel-go's errors is not printed twice; a short
    /// message reads on in the reason.
    #[test]
    fn a_long_message_is_pointed_to() {
        let message = "Widget \"w\" is invalid: spec.id: Invalid value: \"x\": compilation failed: ERROR: <input>:1:14: Syntax error\n | self\n | ^";
        let text = format!("The server refused the write: {message}. Nothing was stored. A hint.");
        assert_eq!(
            without_message(&text, message),
            "The server refused the write (the message above). Nothing was stored. A hint."
        );
        let short =
            "Widget \"w\" is invalid: spec.name: Invalid value: \"api\": Value is immutable";
        let text = format!("The server refused the write: {short}. Nothing was stored.");
        assert_eq!(without_message(&text, short), text);
        assert_eq!(without_message("Nothing changed.", ""), "Nothing changed.");
    }
}
