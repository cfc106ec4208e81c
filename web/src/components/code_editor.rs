//! A YAML editor: the user's text in a transparent textarea over a
//! syntax-highlighted copy, with line numbers and the located error (its
//! line marked in the gutter and the text). The text is never reformatted.
//! The textarea scrolls; a long text highlights and draws only the lines
//! in view (the textarea holds it all).

use crate::highlight::highlight_lines;
use crate::virtual_rows::{rows_to_draw, use_scroll};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub on_edit: Callback<String>,
    /// A message starting "line L, column C: ", in this editor's lines.
    pub error: Option<String>,
    /// The textarea's accessible name.
    pub label: AttrValue,
    /// Extra class prefix of the textarea, error and marked line
    /// (`editor` for the scenario editor: `editor-text`, ...).
    #[prop_or(AttrValue::Static("code"))]
    pub prefix: AttrValue,
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
    /// `code-tall` for the scenario, else compact.
    #[prop_or_default]
    pub size: Classes,
}

/// The editors' line height in CSS pixels (`.code-text` in `style.css`).
const LINE: f64 = 19.0;
/// The editors' padding above the first line (`.code-text`).
const PAD: f64 = 8.0;

#[function_component(CodeEditor)]
pub fn code_editor(props: &Props) -> Html {
    let area = use_node_ref();
    // What the user typed last: the textarea has it already, and setting
    // a long value again costs a layout of the whole text.
    let typed = use_mut_ref(String::new);
    // The text shown: what was typed, at once, even while the page takes
    // it in later (the form follows a long scenario once typing pauses).
    let shown_text = use_state(|| props.text.clone());
    let oninput = {
        let (on_edit, typed, shown_text) =
            (props.on_edit.clone(), typed.clone(), shown_text.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                let text = area.value();
                typed.borrow_mut().clone_from(&text);
                shown_text.set(text.clone());
                on_edit.emit(text);
            }
        })
    };
    {
        let (area, shown_text) = (area.clone(), shown_text.clone());
        use_effect_with(props.text.clone(), move |text| {
            if *typed.borrow() != *text
                && let Some(area) = area.cast::<web_sys::HtmlTextAreaElement>()
            {
                area.set_value(text);
                typed.borrow_mut().clone_from(text);
            }
            if *shown_text != *text {
                shown_text.set(text.clone());
            }
        });
    }
    // The textarea scrolls; the highlighted copy and the line numbers
    // draw only the lines in view, moved to where the textarea shows them.
    let (scroll, onscroll) = use_scroll();
    let count = shown_text.split('\n').count();
    let shown = rows_to_draw(count, LINE, PAD, scroll);
    let lines = use_memo(((*shown_text).clone(), shown.clone()), |(text, shown)| {
        highlight_lines(text, shown.clone())
    });
    let (copy, gutter) = (use_node_ref(), use_node_ref());
    {
        let (copy, gutter) = (copy.clone(), gutter.clone());
        let first = shown.start;
        use_effect_with((first, scroll), move |(first, scroll)| {
            let down = *first as f64 * LINE - scroll.top;
            move_to(&copy, -scroll.left, down);
            move_to(&gutter, 0.0, down);
        });
    }
    let error_line = props.error.as_deref().and_then(error_line);
    let prefix = props.prefix.as_str();
    let marked =
        |n: usize| (Some(n) == error_line).then(|| format!("{prefix}-line-error code-line-error"));
    html! {
        <div class={classes!("code", props.size.clone())}>
            <div class="code-scroll">
                <div class="code-gutter-box" aria-hidden="true">
                    <pre class="code-gutter" ref={gutter}>
                        { for shown.clone().map(|i| html! {
                            <span class={classes!("code-number", marked(i + 1))}>{ format!("{}\n", i + 1) }</span>
                        }) }
                    </pre>
                </div>
                <div class="code-area">
                    <pre class="code-highlight" aria-hidden="true" ref={copy}>
                        { for lines.iter().zip(shown.clone()).map(|(tokens, i)| html! {
                            <span class={classes!("code-row", (Some(i + 1) == error_line).then_some("code-row-error"))}>
                                { for tokens.iter().map(|(t, s)| html! { <span class={t.class()}>{ s.clone() }</span> }) }
                                { "\n" }
                            </span>
                        }) }
                    </pre>
                    <textarea class={classes!("code-text", format!("{prefix}-text"))} spellcheck="false" wrap="off"
                              autocapitalize="off" autocomplete="off" ref={area}
                              rows={count.to_string()} aria-label={props.label.clone()}
                              aria-invalid={props.error.is_some().then_some("true")}
                              placeholder={props.placeholder.clone()}
                              {oninput} {onscroll} />
                </div>
            </div>
            if let Some(error) = &props.error {
                <p class={classes!("code-error", format!("{prefix}-error"))} role="alert">{ error.clone() }</p>
            }
        </div>
    }
}

/// Moves an element by `x`, `y` CSS pixels (through its style object, which
/// the page's Content-Security-Policy allows).
fn move_to(node: &NodeRef, x: f64, y: f64) {
    if let Some(element) = node.cast::<web_sys::HtmlElement>() {
        let _ = element
            .style()
            .set_property("transform", &format!("translate({x}px, {y}px)"));
    }
}

/// The line number at the start of a located message.
pub fn error_line(message: &str) -> Option<usize> {
    let rest = message.strip_prefix("line ")?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn error_line_is_read_from_the_message() {
        assert_eq!(
            super::error_line("line 7, column 3: did not find expected node"),
            Some(7)
        );
        assert_eq!(super::error_line("something else"), None);
    }
}
