//! A YAML editor: the user's text in a transparent textarea over a
//! syntax-highlighted copy, with line numbers and the located error (its
//! line marked in the gutter and the text). The text is never reformatted.

use crate::highlight::highlight;
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

#[function_component(CodeEditor)]
pub fn code_editor(props: &Props) -> Html {
    let oninput = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                on_edit.emit(area.value());
            }
        })
    };
    let lines = highlight(&props.text);
    let error_line = props.error.as_deref().and_then(error_line);
    let prefix = props.prefix.as_str();
    let marked =
        |n: usize| (Some(n) == error_line).then(|| format!("{prefix}-line-error code-line-error"));
    html! {
        <div class={classes!("code", props.size.clone())}>
            <div class="code-scroll">
                <pre class="code-gutter" aria-hidden="true">
                    { for (1..=lines.len()).map(|n| html! {
                        <span class={classes!("code-number", marked(n))}>{ format!("{n}\n") }</span>
                    }) }
                </pre>
                <div class="code-area">
                    <pre class="code-highlight" aria-hidden="true">
                        { for lines.iter().enumerate().map(|(i, tokens)| html! {
                            <span class={classes!("code-row", (Some(i + 1) == error_line).then_some("code-row-error"))}>
                                { for tokens.iter().map(|(t, s)| html! { <span class={t.class()}>{ s.clone() }</span> }) }
                                { "\n" }
                            </span>
                        }) }
                    </pre>
                    <textarea class={classes!("code-text", format!("{prefix}-text"))} spellcheck="false" wrap="off"
                              autocapitalize="off" autocomplete="off"
                              rows={lines.len().max(1).to_string()} aria-label={props.label.clone()}
                              aria-invalid={props.error.is_some().then_some("true")}
                              placeholder={props.placeholder.clone()}
                              value={props.text.clone()} {oninput} />
                </div>
            </div>
            if let Some(error) = &props.error {
                <p class={classes!("code-error", format!("{prefix}-error"))} role="alert">{ error.clone() }</p>
            }
        </div>
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
