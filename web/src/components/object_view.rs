//! The object at a step as YAML, each line with its owners in a gutter
//! (names; colour only repeats what the name says), "nobody" for a field
//! nobody owns, and every owner with operation and time on hover or focus.
//!
//! A long object draws only the lines in view, in a box of its own that
//! scrolls both ways: long lines scroll sideways (the owners stay in view)
//! instead of being cut, and the gutter is as wide as its owners.

use crate::components::spacer::{set_height, spacer};
use crate::components::{el, el_classes};
use crate::shared::Shared;
use crate::virtual_rows::{rows_to_draw, use_scroll};
use ssa_engine::scenario::{BlameLine, ScenarioResult};
use yew::prelude::*;

/// The height of a line in CSS pixels (`.object-view .blame-line`).
const LINE: f64 = 20.0;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub result: Shared<ScenarioResult>,
    /// The step whose object is shown.
    pub index: usize,
}

#[function_component(ObjectView)]
pub fn object_view(props: &Props) -> Html {
    let (scroll, onscroll) = use_scroll();
    // The spacers above and below the drawn lines.
    let spacers = (use_node_ref(), use_node_ref());
    let lines: &[BlameLine] = props
        .result
        .steps
        .get(props.index)
        .map(|s| s.blame.as_slice())
        .unwrap_or_default();
    let shown = rows_to_draw(lines.len(), LINE, 0.0, scroll);
    let (above, below) = (
        shown.start as f64 * LINE,
        (lines.len() - shown.end) as f64 * LINE,
    );
    {
        // After every render: a spacer may be drawn anew (another step's
        // object) at the height the last one had.
        let spacers = spacers.clone();
        use_effect(move || {
            set_height(&spacers.0, above);
            set_height(&spacers.1, below);
        });
    }
    if lines.is_empty() {
        return el("p", "step-none", "(no object)");
    }
    html! {
        <div class="blame object-view" {onscroll}>
            { crate::el_attrs!("table", [("aria-label", "Object with the owner of each field"), ("class", "object-lines")], el("tbody", "", html! { <>
                    if above > 0.0 { { crate::el_attrs!("tr", [("aria-hidden", "true"), ("class", "spacer-row")], crate::el_attrs!("td", [("colspan", "2")], spacer(&spacers.0))) } }
                    { for lines.get(shown).unwrap_or_default().iter().map(blame_line) }
                    if below > 0.0 { { crate::el_attrs!("tr", [("aria-hidden", "true"), ("class", "spacer-row")], crate::el_attrs!("td", [("colspan", "2")], spacer(&spacers.1))) } }
                </> })) }
        </div>
    }
}

/// One line of the object with its owners in the gutter.
fn blame_line(line: &BlameLine) -> Html {
    let detail = line.field.as_ref().map(|f| {
        let owners: Vec<String> = line
            .owners
            .iter()
            .map(|o| {
                format!(
                    "{} ({}{})",
                    o.manager,
                    o.how,
                    o.time
                        .as_ref()
                        .map(|t| format!(", {t}"))
                        .unwrap_or_default()
                )
            })
            .collect();
        if owners.is_empty() {
            format!("{f}: owned by nobody")
        } else {
            format!("{f}: {}", owners.join("; "))
        }
    });
    let gutter = if !line.owners.is_empty() {
        line.owners
            .iter()
            .map(|o| html! {
                { el_classes("span", classes!("blame-owner", crate::colours::class(&o.manager)), o.manager.clone()) }
            })
            .collect::<Html>()
    } else if line.ownable && line.field.is_some() {
        el("span", "blame-nobody", "nobody")
    } else {
        html! {}
    };
    let focusable = detail.is_some() && (line.ownable || !line.owners.is_empty());
    html! {
        <tr class="blame-line" title={detail.clone()} aria-label={detail}
            tabindex={focusable.then_some("0")}>
            { el("td", "blame-gutter", gutter) }
            { el("td", "blame-cell", el("code", "blame-text", line.text.clone())) }
        </tr>
    }
}
