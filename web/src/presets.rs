//! Ready-made scenarios, each with a short explanation.

use std::sync::OnceLock;

/// One preset of the gallery.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    pub title: &'static str,
    pub text: &'static str,
}

/// "New scenario": one step to start from, no live object.
pub const BLANK: &str = r#"scenario: v1
name: new-scenario
description: A blank scenario. Paste the live object (or leave it empty, the first write creates it) and write the steps.
steps:
- manager: my-manager
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: example
    data:
      key: value
"#;

/// The presets' file (`web/presets.txt`): compiled in for native builds
/// (the tests), fetched by the page (web/boot.js) and handed over with
/// [`provide`], which keeps 12 KB of text out of the app's wasm.
#[cfg(not(target_arch = "wasm32"))]
const COMPILED_IN: Option<&str> = Some(include_str!("../presets.txt"));
#[cfg(target_arch = "wasm32")]
const COMPILED_IN: Option<&str> = None;

static PROVIDED: OnceLock<String> = OnceLock::new();

/// Gives the app the presets' file the page fetched; `false` when it was
/// given already.
pub fn provide(text: String) -> bool {
    PROVIDED.set(text).is_ok()
}

/// The presets in menu order; none when the page could not fetch them
/// (the menu is then empty and the page starts blank).
pub fn presets() -> &'static [Preset] {
    static PARSED: OnceLock<Vec<Preset>> = OnceLock::new();
    if let Some(parsed) = PARSED.get() {
        return parsed;
    }
    // Not decided until there is a text, as for the catalogue.
    match COMPILED_IN.or_else(|| PROVIDED.get().map(String::as_str)) {
        Some(text) => PARSED.get_or_init(|| parse(text)),
        None => &[],
    }
}

/// The text a page without a shared link or an autosave starts with.
pub fn first_text() -> &'static str {
    presets().first().map_or(BLANK, |p| p.text)
}

/// Reads the presets' file: each preset starts with a line `=== TITLE`
/// and runs to the next such line; lines before the first are comments.
fn parse(text: &'static str) -> Vec<Preset> {
    let mut presets: Vec<Preset> = Vec::new();
    let mut open: Option<(&'static str, usize)> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if let Some(title) = line.strip_prefix("=== ") {
            if let Some((title, from)) = open {
                presets.push(Preset {
                    title,
                    text: &text[from..at],
                });
            }
            open = Some((title.trim_end(), at + line.len()));
        }
        at += line.len();
    }
    if let Some((title, from)) = open {
        presets.push(Preset {
            title,
            text: &text[from..],
        });
    }
    presets
}

#[cfg(test)]
mod blank_tests {
    use super::BLANK;

    #[test]
    fn the_blank_scenario_runs_and_creates_its_object() {
        let result = ssa_engine::scenario::run_scenario_text_without_views(BLANK).unwrap();
        assert_eq!(result.steps.len(), 1);
        assert_eq!(result.steps[0].outcome.as_str(), "applied");
    }

    /// The file reads into its presets, each text whole (from its first
    /// line to its last newline) and in menu order.
    #[test]
    fn the_presets_file_reads_into_titles_and_texts() {
        let presets = super::presets();
        assert_eq!(presets.len(), 11);
        assert_eq!(presets[0].title, "Two managers, a conflict, then force");
        assert_eq!(
            presets[10].title,
            "A CRD with a map list and an atomic list"
        );
        for preset in presets {
            assert!(
                preset.text.starts_with("scenario: v1\n"),
                "{}",
                preset.title
            );
            assert!(preset.text.ends_with("}\n") || preset.text.ends_with("\n"));
            assert!(!preset.text.ends_with("\n\n"), "{}", preset.title);
            assert!(!preset.text.contains("=== "), "{}", preset.title);
        }
        let parsed = super::parse("# comment\n=== A\nx: 1\n=== B\ny: 2\n");
        assert_eq!(
            parsed,
            [
                super::Preset {
                    title: "A",
                    text: "x: 1\n"
                },
                super::Preset {
                    title: "B",
                    text: "y: 2\n"
                },
            ]
        );
    }
}
