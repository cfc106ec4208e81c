//! The scenario's description above the timeline. A preset's description
//! describes the preset: once the text is edited, it is replaced by a
//! note saying so (with a way back to the preset), so the page never
//! claims to explain what it no longer shows.

use crate::components::el;
use crate::presets::presets;
use yew::prelude::*;

/// What to show: the description, or the preset the text was edited from.
#[derive(Debug, PartialEq, Eq)]
pub enum Shown {
    Nothing,
    Description(String),
    EditedPreset(&'static str),
}

/// `own` is the description `text` holds (read once, with the run).
pub fn shown(own: Option<&str>, text: &str, preset: usize) -> Shown {
    let description = |t: &str| {
        ssa_engine::scenario::parse_scenario(t)
            .ok()
            .and_then(|s| s.description)
            .filter(|d| !d.trim().is_empty())
    };
    let Some(own) = own.filter(|d| !d.trim().is_empty()) else {
        return Shown::Nothing;
    };
    match presets().get(preset) {
        Some(p) if p.text != text && description(p.text).as_deref() == Some(own) => {
            Shown::EditedPreset(p.title)
        }
        _ => Shown::Description(own.to_string()),
    }
}

/// The description `own` of `text`, which came from preset `preset`
/// (`usize::MAX`: none).
pub fn scenario_description(own: Option<&str>, text: &str, preset: usize) -> Html {
    match shown(own, text, preset) {
        Shown::Nothing => html! {},
        Shown::Description(d) => el("p", "app-description", d),
        Shown::EditedPreset(title) => html! {
            { crate::el_attrs!("p", [("role", "note"), ("class", "app-description app-description-edited")], html! { <>
                { format!("Edited from the preset “{title}”: its description no longer describes what is shown. Choose the preset again to restore it, or write your own ") }
                { el("code", "", "description:") }{ "." }
            </> }) }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As the page calls it: with the description the run read.
    fn shown_for(text: &str, preset: usize) -> Shown {
        let own = ssa_engine::scenario::parse_scenario(text)
            .ok()
            .and_then(|s| s.description);
        shown(own.as_deref(), text, preset)
    }

    #[test]
    fn an_edited_preset_no_longer_claims_its_description() {
        let preset = presets()[0].text;
        assert!(matches!(shown_for(preset, 0), Shown::Description(_)));
        let edited = preset.replace("color: red", "color: green");
        assert_eq!(
            shown_for(&edited, 0),
            Shown::EditedPreset(presets()[0].title)
        );
        // A description the user rewrote is theirs: shown.
        let rewritten = edited.replacen(
            "description: |\n  Two teams",
            "description: |\n  My teams",
            1,
        );
        assert!(
            matches!(shown_for(&rewritten, 0), Shown::Description(d) if d.starts_with("My teams"))
        );
        // Not from a preset: its own description.
        assert!(matches!(
            shown_for(preset, usize::MAX),
            Shown::Description(_)
        ));
    }
}
