//! The scenario editor: the user's text, never reformatted, with line
//! numbers and the error (line and column) under it.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub text: String,
    pub on_edit: Callback<String>,
    pub error: Option<String>,
}

#[function_component(Editor)]
pub fn editor(props: &Props) -> Html {
    let oninput = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                on_edit.emit(area.value());
            }
        })
    };
    let lines = props.text.split('\n').count().max(1);
    // The line an error names ("line 7, column 3: …"), marked in the gutter.
    let error_line = props.error.as_deref().and_then(error_line);
    html! {
        <section class="editor" aria-label="Scenario">
            <h2 class="editor-title">{ "Scenario" }</h2>
            <div class="editor-body">
                <pre class="editor-gutter" aria-hidden="true">
                    { for (1..=lines).map(|n| html! {
                        <span class={classes!("editor-line", (Some(n) == error_line).then_some("editor-line-error"))}>{ format!("{n}\n") }</span>
                    }) }
                </pre>
                <textarea class="editor-text" spellcheck="false" aria-label="Scenario YAML"
                          value={props.text.clone()} {oninput} />
            </div>
            if let Some(error) = &props.error {
                <p class="editor-error" role="alert">{ error.clone() }</p>
            }
        </section>
    }
}

/// The line number at the start of a located message.
fn error_line(message: &str) -> Option<usize> {
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
