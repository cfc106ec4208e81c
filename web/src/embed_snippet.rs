//! The snippets of the toolbar's "Embed" action: the HTML an author pastes
//! into a documentation page to show the current scenario at the current
//! step, as an iframe or as the `<ssa-playground>` element. Pure functions,
//! tested natively; the page supplies its own address.

/// What the embed shows and how.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedChoice {
    /// The step shown first, counted from 1.
    pub step: usize,
    /// `object`, `changes` or `managed`.
    pub view: String,
    /// `light`, `dark`, or empty for the reader's system setting.
    pub theme: String,
}

/// The views an embed can show, with their labels.
pub const VIEWS: &[(&str, &str)] = &[
    ("object", "Object and owners"),
    ("changes", "Changes"),
    ("managed", "Managed fields"),
];

/// The themes, with their labels (empty: the reader's system setting).
pub const THEMES: &[(&str, &str)] = &[("", "System"), ("light", "Light"), ("dark", "Dark")];

/// The folder the playground is served from, from the page's address
/// (`https://site/docs/ssa/index.html?x#y` → `https://site/docs/ssa/`).
pub fn playground_base(origin: &str, pathname: &str) -> String {
    let dir = match pathname.rfind('/') {
        Some(i) => &pathname[..=i],
        None => "/",
    };
    format!("{origin}{dir}")
}

/// The query of the embed's presentation options (without `origin`, which
/// the element adds for its messages).
fn query(choice: &EmbedChoice) -> String {
    let mut query = format!("embed=1&step={}", choice.step.max(1));
    if choice.view != "object" {
        query.push_str(&format!("&view={}", choice.view));
    }
    if !choice.theme.is_empty() {
        query.push_str(&format!("&theme={}", choice.theme));
    }
    query
}

/// An `<iframe>` of the embed mode with the scenario in its fragment
/// (`share::encode_fragment`).
pub fn iframe_snippet(base: &str, fragment: &str, choice: &EmbedChoice, title: &str) -> String {
    format!(
        "<iframe src=\"{base}index.html?{}#{}\" title=\"{}\" loading=\"lazy\" \
         style=\"width:100%;height:360px;border:1px solid #d6dbe3;border-radius:6px\"></iframe>",
        query(choice).replace('&', "&amp;"),
        fragment,
        attribute(title),
    )
}

/// The `<ssa-playground>` element with the scenario inline, and the script
/// tag that defines it.
pub fn element_snippet(base: &str, text: &str, choice: &EmbedChoice) -> String {
    let mut attributes = format!(" step=\"{}\"", choice.step.max(1));
    if choice.view != "object" {
        attributes.push_str(&format!(" view=\"{}\"", choice.view));
    }
    if !choice.theme.is_empty() {
        attributes.push_str(&format!(" theme=\"{}\"", choice.theme));
    }
    format!(
        "<script type=\"module\" src=\"{base}ssa-playground.js\"></script>\n\
         <ssa-playground{attributes}>\n<script type=\"application/yaml\">\n{}\n</script>\n</ssa-playground>",
        script_text(text.trim_end()),
    )
}

/// Text inside `<script>`: only `</script` would end it early, so that one
/// sequence is broken (`<\/script` reads the same in a YAML double-quoted
/// string, the only place it can occur in a scenario's data).
fn script_text(text: &str) -> String {
    text.replace("</script", "<\\/script")
}

/// Text inside a double-quoted attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "scenario: v1\nname: demo\nsteps: []\n";

    fn choice(view: &str, theme: &str) -> EmbedChoice {
        EmbedChoice {
            step: 2,
            view: view.into(),
            theme: theme.into(),
        }
    }

    #[test]
    fn the_base_is_the_folder_of_the_page() {
        assert_eq!(
            playground_base("https://docs.example", "/tools/ssa/index.html"),
            "https://docs.example/tools/ssa/"
        );
        assert_eq!(
            playground_base("http://127.0.0.1:8080", "/"),
            "http://127.0.0.1:8080/"
        );
        assert_eq!(
            playground_base("https://x", "/a/b/"),
            "https://x/a/b/",
            "a folder URL is its own base"
        );
    }

    #[test]
    fn the_iframe_carries_step_options_and_the_scenario() {
        let fragment = ssa_engine::share::encode_fragment(TEXT);
        let snippet = iframe_snippet(
            "https://x/ssa/",
            &fragment,
            &choice("changes", "dark"),
            "A \"demo\"",
        );
        assert!(snippet.starts_with(
            "<iframe src=\"https://x/ssa/index.html?embed=1&amp;step=2&amp;view=changes&amp;theme=dark#"
        ));
        assert!(snippet.contains(&format!("#{fragment}\"")));
        assert!(snippet.contains("title=\"A &quot;demo&quot;\""));
        assert!(snippet.contains("loading=\"lazy\""));
        // The fragment decodes back to the scenario.
        let src = snippet
            .split('#')
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or_default();
        assert_eq!(crate::share::decode_fragment(src).as_deref(), Ok(TEXT));
    }

    #[test]
    fn defaults_are_left_out() {
        let snippet = iframe_snippet("https://x/", TEXT, &choice("object", ""), "t");
        assert!(snippet.contains("index.html?embed=1&amp;step=2#"));
        let element = element_snippet("https://x/", TEXT, &choice("object", ""));
        assert!(element.contains("<ssa-playground step=\"2\">"));
    }

    #[test]
    fn the_element_has_its_script_and_the_scenario_inline() {
        let element = element_snippet("https://x/ssa/", TEXT, &choice("managed", "light"));
        assert_eq!(
            element,
            "<script type=\"module\" src=\"https://x/ssa/ssa-playground.js\"></script>\n\
             <ssa-playground step=\"2\" view=\"managed\" theme=\"light\">\n\
             <script type=\"application/yaml\">\nscenario: v1\nname: demo\nsteps: []\n</script>\n\
             </ssa-playground>"
        );
    }

    #[test]
    fn a_closing_script_tag_in_the_scenario_cannot_end_the_element() {
        let text = "data: {html: \"</script>\"}";
        let element = element_snippet("https://x/", text, &choice("object", ""));
        assert_eq!(element.matches("</script>").count(), 2, "{element}");
        assert!(element.contains("\"<\\/script>\""));
    }
}
