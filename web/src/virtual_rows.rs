//! Long lists drawn virtually: only the rows in view, and a margin, are in
//! the DOM; spacers stand for the others. Rows have one fixed height in
//! CSS pixels (the editors' and the object view's line heights in
//! `style.css`), so a row's place is its index times that height.

use std::ops::Range;
use yew::prelude::*;

/// Lists this long or shorter are drawn whole.
pub const DRAW_ALL_UP_TO: usize = 150;

/// Rows drawn above and below the view.
const MARGIN: usize = 20;

/// Where a scrolled box is: its scroll offset and visible height, in CSS
/// pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scroll {
    pub top: f64,
    pub left: f64,
    pub height: f64,
}

impl Default for Scroll {
    /// Before the first scroll event: the top, and a view as tall as the
    /// tallest box (75% of a large screen).
    fn default() -> Self {
        Scroll {
            top: 0.0,
            left: 0.0,
            height: 1000.0,
        }
    }
}

impl Scroll {
    /// Where `element` is scrolled to now.
    pub fn of(element: &web_sys::Element) -> Self {
        Scroll {
            top: f64::from(element.scroll_top()),
            left: f64::from(element.scroll_left()),
            height: f64::from(element.client_height()),
        }
    }
}

/// The rows of `total` to draw when rows are `row` pixels high and start
/// `offset` pixels below the top of the scrolled box.
pub fn rows_to_draw(total: usize, row: f64, offset: f64, scroll: Scroll) -> Range<usize> {
    if total <= DRAW_ALL_UP_TO || row <= 0.0 {
        return 0..total;
    }
    let first = ((scroll.top - offset) / row).floor().max(0.0) as usize;
    let shown = (scroll.height / row).ceil().max(0.0) as usize + 1;
    let start = first.saturating_sub(MARGIN).min(total);
    let end = first
        .saturating_add(shown)
        .saturating_add(MARGIN)
        .min(total);
    start..end.max(start)
}

/// The scroll position of a box, kept up to date by the `onscroll`
/// callback given with it.
#[hook]
pub fn use_scroll() -> (Scroll, Callback<Event>) {
    let scroll = use_state(Scroll::default);
    let onscroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            if let Some(element) = e.target_dyn_into::<web_sys::Element>() {
                let now = Scroll::of(&element);
                if now != *scroll {
                    scroll.set(now);
                }
            }
        })
    };
    (*scroll, onscroll)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lists_are_drawn_whole() {
        assert_eq!(rows_to_draw(10, 19.0, 0.0, Scroll::default()), 0..10);
        assert_eq!(rows_to_draw(0, 19.0, 0.0, Scroll::default()), 0..0);
    }

    #[test]
    fn long_lists_draw_the_rows_in_view_and_a_margin() {
        let view = Scroll {
            top: 1900.0,
            left: 0.0,
            height: 190.0,
        };
        // Rows 100..110 are in view.
        assert_eq!(rows_to_draw(10_000, 19.0, 0.0, view), 80..131);
        assert_eq!(
            rows_to_draw(
                10_000,
                19.0,
                0.0,
                Scroll {
                    top: 0.0,
                    left: 0.0,
                    height: 190.0
                }
            ),
            0..31
        );
        let past = Scroll {
            top: 1e9,
            left: 0.0,
            height: 190.0,
        };
        assert_eq!(rows_to_draw(10_000, 19.0, 0.0, past), 10_000..10_000);
        assert_eq!(rows_to_draw(10_000, 0.0, 0.0, view), 0..10_000);
    }
}
