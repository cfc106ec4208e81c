//! A YAML editor: the user's text in a transparent textarea over a
//! syntax-highlighted copy, with line numbers and the located error (its
//! line marked in the gutter and the text). The text is never reformatted.
//! The box around the textarea scrolls; the highlighted copy and the line
//! numbers draw only the lines in view, and a text of thousands of lines
//! is windowed (`text_window`): the textarea holds the lines around the
//! view, and margins stand for the others.

use crate::components::{el, el_classes};
use crate::highlight::{Token, highlight_lines};
use crate::text_window::{
    TextWindow, byte_at_utf16, line_count, line_of, utf16_at_byte, widest_line,
};
use crate::virtual_rows::{Scroll, rows_to_draw, use_scroll};
use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;
use web_sys::HtmlTextAreaElement;
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

/// What the editor holds besides the DOM: the whole text as typed (the
/// textarea may hold only a window of it) and where the window is.
#[derive(Default)]
struct Held {
    text: String,
    total: usize,
    window: TextWindow,
    /// The selection, in bytes of the whole text, while the view is
    /// scrolled away from it and the window no longer holds it: the next
    /// key brings it back.
    away: Option<(usize, usize)>,
    /// A mouse button is down: the window stays while a selection is
    /// dragged.
    dragging: bool,
    /// An edit waits to be sent to the page (see `send_after_paint`) for
    /// this frame.
    unsent: Option<gloo_render::AnimationFrame>,
    /// The component is on the page (an edit is not sent after it left).
    mounted: bool,
    /// The page's callback for edits, as of the last render.
    on_edit: Callback<String>,
    /// The textarea's place as last set: first line, lines, lines below,
    /// widest line.
    placed: [usize; 4],
    /// A scroll to the caret waiting for the next frame (see `reveal`).
    revealing: Option<gloo_render::AnimationFrame>,
    /// The text last sent to the page: when it comes back as the `text`
    /// prop, the user may have typed on, and it is not a new text.
    sent: String,
}

type Shared = Rc<RefCell<Held>>;

#[function_component(CodeEditor)]
pub fn code_editor(props: &Props) -> Html {
    let (area, scroller) = (use_node_ref(), use_node_ref());
    let held: Shared = use_mut_ref(Held::default);
    // The text shown: what was typed, at once, even while the page takes
    // it in later (the form follows a long scenario once typing pauses).
    let shown_text = use_state(|| props.text.clone());
    let (scroll, on_scrolled) = use_scroll();
    held.borrow_mut().on_edit = props.on_edit.clone();
    {
        // Mounted; and the button may be released anywhere on the page
        // (one effect: each hook's type adds its own code to the wasm).
        let (area, held, scroller) = (area.clone(), held.clone(), scroller.clone());
        use_effect_with((), move |_| {
            held.borrow_mut().mounted = true;
            let listener = web_sys::window().map(|w| {
                let held = held.clone();
                gloo_events::EventListener::new(&w, "mouseup", move |_| {
                    let was = std::mem::take(&mut held.borrow_mut().dragging);
                    if let (true, Some(element)) = (was, scroller.cast::<web_sys::Element>()) {
                        follow_view(&area, &held, view(Scroll::of(&element)));
                    }
                })
            });
            move || {
                held.borrow_mut().mounted = false;
                drop(listener);
            }
        });
    }
    let oninput = {
        let (held, shown_text, scroller) = (held.clone(), shown_text.clone(), scroller.clone());
        Callback::from(move |e: InputEvent| {
            let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() else {
                return;
            };
            let text = {
                let mut held = held.borrow_mut();
                let mut window = held.window.clone();
                let text = window.splice(&held.text, &area.value());
                held.total = line_count(&text);
                held.text = text;
                held.window = window;
                held.away = None;
                let total = held.total;
                // A paste can make the window too large, or the text long
                // or short enough to change how it is held. Not while an
                // input method composes: a new value would end it.
                let resize = held.window.too_large(total)
                    || (total <= crate::text_window::WINDOWED_ABOVE
                        && held.window.should_move(total, &(0..0)));
                if resize && !e.is_composing() {
                    let kept = selection(&area, &held);
                    let at = kept.map_or(0, |(_, end)| end);
                    window_at(&area, &scroller, &mut held, at, kept);
                } else {
                    place(&area, &mut held);
                }
                held.text.clone()
            };
            shown_text.set(text);
            send_after_paint(&held);
        })
    };
    {
        let (area, held, shown_text) = (area.clone(), held.clone(), shown_text.clone());
        use_effect_with(props.text.clone(), move |text| {
            let mut held = held.borrow_mut();
            if held.text != *text
                && held.sent != *text
                && let Some(area) = area.cast::<HtmlTextAreaElement>()
            {
                held.text.clone_from(text);
                held.total = line_count(text);
                held.away = None;
                // A new text: no selection carries over.
                let window = TextWindow::around(text, held.total, view(scroll));
                put_window(&area, &mut held, window, None);
            }
            if *shown_text != *text {
                shown_text.set(text.clone());
            }
        });
    }
    let onscroll = {
        let (area, held) = (area.clone(), held.clone());
        Callback::from(move |e: Event| {
            on_scrolled.emit(e.clone());
            if let Some(element) = e.target_dyn_into::<web_sys::Element>() {
                follow_view(&area, &held, view(Scroll::of(&element)));
            }
        })
    };
    let onkeydown = {
        let (area, held, scroller) = (area.clone(), held.clone(), scroller.clone());
        Callback::from(move |e: KeyboardEvent| {
            let Some(area) = area.cast::<HtmlTextAreaElement>() else {
                return;
            };
            let mut held = held.borrow_mut();
            let total = held.total;
            let key = e.key();
            let command = e.ctrl_key() || e.meta_key();
            if command && key == "a" && held.window.lines < total {
                // Select All selects the whole text: the textarea takes
                // all of it until the next edit.
                e.prevent_default();
                let whole = TextWindow::lines(&held.text, 0..total);
                held.away = None;
                put_window(&area, &mut held, whole, None);
                area.select();
                return;
            }
            // The keys that move the caret beyond what the textarea holds
            // or shows: it does not scroll itself (its box does), so a
            // page key would scroll the box and leave the caret behind.
            let target = match key.as_str() {
                "PageDown" | "PageUp" if !command && !e.alt_key() => {
                    let page = scroller.cast::<web_sys::Element>().map_or(1.0, |b| {
                        (f64::from(b.client_height()) / LINE - 1.0).max(1.0)
                    });
                    let page = if key == "PageUp" { -page } else { page } as isize;
                    selection(&area, &held).map(|(from, to)| {
                        let focus = if page < 0 { from } else { to };
                        let anchor = if page < 0 { to } else { from };
                        (
                            anchor,
                            crate::text_window::move_lines(&held.text, focus, page),
                            page,
                        )
                    })
                }
                "Home" | "End" if command && held.window.lines < total => selection(&area, &held)
                    .map(|(from, to)| {
                        let (anchor, at) = if key == "Home" {
                            (to, 0)
                        } else {
                            (from, held.text.len())
                        };
                        (anchor, at, 0)
                    }),
                _ => None,
            };
            if let Some((anchor, at, page)) = target {
                e.prevent_default();
                let kept = if e.shift_key() {
                    (anchor.min(at), anchor.max(at))
                } else {
                    (at, at)
                };
                if let (Some(b), true) = (scroller.cast::<web_sys::Element>(), page != 0) {
                    b.set_scroll_top(b.scroll_top() + (page as f64 * LINE) as i32);
                }
                window_at(&area, &scroller, &mut held, at, Some(kept));
            } else if let Some((_, end)) = held.away
                && !matches!(key.as_str(), "Control" | "Shift" | "Alt" | "Meta")
            {
                // A key after scrolling away acts where the caret is, as
                // in any textarea: bring the window back to it first.
                let kept = held.away;
                window_at(&area, &scroller, &mut held, end, kept);
            }
        })
    };
    let onmousedown = {
        let held = held.clone();
        Callback::from(move |_: MouseEvent| {
            let mut held = held.borrow_mut();
            held.dragging = true;
            held.away = None;
        })
    };
    // The highlighted copy and the line numbers draw only the lines in
    // view: the copy scrolls with the textarea, the numbers are moved.
    let count = shown_text.split('\n').count();
    let shown = rows_to_draw(count, LINE, PAD, scroll);
    let lines = use_memo(((*shown_text).clone(), shown.clone()), |(text, shown)| {
        highlight_lines(text, shown.clone())
            .into_iter()
            .map(Rc::new)
            .collect::<Vec<_>>()
    });
    let (copy, gutter) = (use_node_ref(), use_node_ref());
    {
        let (copy, gutter) = (copy.clone(), gutter.clone());
        let first = shown.start;
        use_effect_with((first, scroll), move |(first, scroll)| {
            let down = *first as f64 * LINE;
            move_to(&copy, 0.0, down);
            move_to(&gutter, 0.0, down - scroll.top);
        });
    }
    let error_line = props.error.as_deref().and_then(error_line);
    let prefix = props.prefix.as_str();
    let marked =
        |n: usize| (Some(n) == error_line).then(|| format!("{prefix}-line-error code-line-error"));
    html! {
        { el_classes("div", classes!("code", props.size.clone()), html! { <>
            { el("div", "code-scroll", html! { <>
                { crate::el_attrs!("div", [("aria-hidden", "true"), ("class", "code-gutter-box")], html! { <>
                    <pre class="code-gutter" ref={gutter}>
                        { for shown.clone().map(|i| html! {
                            { el_classes("span", classes!("code-number", marked(i + 1)), format!("{}\n", i + 1)) }
                        }) }
                    </pre>
                </> }) }
                <div class="code-area" ref={scroller} {onscroll}>
                    <pre class="code-highlight" aria-hidden="true" ref={copy}>
                        { for lines.iter().zip(shown.clone()).map(|(tokens, i)| html! {
                            <CodeRow tokens={tokens.clone()} error={Some(i + 1) == error_line} />
                        }) }
                    </pre>
                    <textarea class={classes!("code-text", format!("{prefix}-text"))} spellcheck="false" wrap="off"
                              autocapitalize="off" autocomplete="off" ref={area}
                              aria-label={props.label.clone()}
                              aria-invalid={props.error.is_some().then_some("true")}
                              placeholder={props.placeholder.clone()}
                              {oninput} {onkeydown} {onmousedown} />
                </div>
            </> }) }
            if let Some(error) = &props.error {
                <p class={classes!("code-error", format!("{prefix}-error"))} role="alert">{ error.clone() }</p>
            }
        </> }) }
    }
}

#[derive(Properties, PartialEq)]
struct RowProps {
    tokens: Rc<Vec<(Token, String)>>,
    error: bool,
}

/// One highlighted line. A component of its own so that a keystroke
/// redraws the line it changed, not every line drawn (yew compares the
/// props and skips the others).
#[function_component(CodeRow)]
fn code_row(props: &RowProps) -> Html {
    html! {
        { el_classes("span", classes!("code-row", props.error.then_some("code-row-error")), html! { <>
            { for props.tokens.iter().map(|(t, s)| el("span", t.class(), s.clone())) }
            { "\n" }
        </> }) }
    }
}

/// Sends the text to the page once the keystroke's frame is painted: the
/// editor draws the typed character at once, and the page's own render of
/// the edit (the form, the run) does not hold that frame back. Keystrokes
/// within one frame send once, the latest text.
fn send_after_paint(held: &Shared) {
    if held.borrow().unsent.is_some() {
        return;
    }
    let sender = held.clone();
    // A timer set in the frame's animation callback fires once the frame
    // is out.
    let frame = gloo_render::request_animation_frame(move |_| {
        gloo_timers::callback::Timeout::new(0, move || {
            let (send, text) = {
                let mut guard = sender.borrow_mut();
                let held = &mut *guard;
                held.unsent = None;
                held.sent.clone_from(&held.text);
                (
                    held.mounted.then(|| held.on_edit.clone()),
                    held.text.clone(),
                )
            };
            if let Some(on_edit) = send {
                on_edit.emit(text);
            }
        })
        .forget();
    });
    held.borrow_mut().unsent = Some(frame);
}

/// The lines in view of a scrolled box.
fn view(scroll: Scroll) -> Range<usize> {
    let first = ((scroll.top - PAD) / LINE).max(0.0) as usize;
    first..first + (scroll.height / LINE).ceil() as usize + 1
}

/// Moves the window when the view nears its edge (not while a selection
/// is dragged: a new value would end it).
fn follow_view(area: &NodeRef, held: &Shared, view: Range<usize>) {
    let mut held = held.borrow_mut();
    if held.dragging || !held.window.should_move(held.total, &view) {
        return;
    }
    if let Some(area) = area.cast::<HtmlTextAreaElement>() {
        let kept = selection(&area, &held);
        let window = TextWindow::around(&held.text, held.total, view);
        put_window(&area, &mut held, window, kept);
    }
}

/// The textarea's selection in bytes of the whole text, if it has the
/// focus (or the selection kept while scrolled away).
fn selection(area: &HtmlTextAreaElement, held: &Held) -> Option<(usize, usize)> {
    if held.away.is_some() {
        return held.away;
    }
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|e| &e == AsRef::<web_sys::Element>::as_ref(area));
    if !focused {
        return None;
    }
    let value = held.text.get(held.window.start..held.window.end)?;
    let at = |units: Option<u32>| held.window.start + byte_at_utf16(value, units.unwrap_or(0));
    Some((
        at(area.selection_start().ok().flatten()),
        at(area.selection_end().ok().flatten()),
    ))
}

/// Puts the window around byte `at` in the textarea, with the selection
/// `kept`, and scrolls the box to it.
fn window_at(
    area: &HtmlTextAreaElement,
    scroller: &NodeRef,
    held: &mut Held,
    at: usize,
    kept: Option<(usize, usize)>,
) {
    let line = line_of(&held.text, at);
    let window = TextWindow::around(&held.text, held.total, line..line + 1);
    put_window(area, held, window, kept);
    reveal(scroller, line, held);
}

/// Puts `window` of the text in the textarea, with the selection `kept`
/// (bytes of the whole text) if it has one (or remembering it, if the
/// window does not hold it).
fn put_window(
    area: &HtmlTextAreaElement,
    held: &mut Held,
    window: TextWindow,
    kept: Option<(usize, usize)>,
) {
    held.window = window;
    let (start, end) = (held.window.start, held.window.end);
    area.set_value(held.text.get(start..end).unwrap_or_default());
    place(area, held);
    let value = held.text.get(start..end).unwrap_or_default();
    let Some((from, to)) = kept else { return };
    if (start..=end).contains(&from) && (start..=end).contains(&to) {
        let units = |at: usize| utf16_at_byte(value, at - start);
        let _ = area.set_selection_range(units(from), units(to));
        held.away = None;
    } else {
        // The caret goes out of view, at the window's edge nearest to it.
        let edge = if to < start {
            0
        } else {
            utf16_at_byte(value, value.len())
        };
        let _ = area.set_selection_range(edge, edge);
        held.away = Some((from, to));
    }
}

/// Sizes the textarea to its lines and puts margins for the lines it does
/// not hold, so the box scrolls as if it held the whole text.
fn place(area: &HtmlTextAreaElement, held: &mut Held) {
    let window = &held.window;
    let below = held.total.saturating_sub(window.first + window.lines);
    let wide = widest_line(held.text.get(window.start..window.end).unwrap_or_default());
    // Setting a style to the value it has still restyles the textarea.
    let placed = [window.first, window.lines, below, wide];
    if held.placed == placed {
        return;
    }
    held.placed = placed;
    let style = area.style();
    // Whole pixels, printed as integers: `{}` of an f64 would link core's
    // float printer into the wasm (the engine prints floats with its own,
    // `float::shortest`).
    let px = |lines: usize, extra: f64| format!("{}px", (lines as f64 * LINE + extra) as i64);
    let _ = style.set_property("margin-top", &px(window.first, 0.0));
    let _ = style.set_property("margin-bottom", &px(below, 0.0));
    let _ = style.set_property("height", &px(window.lines, 2.0 * PAD));
    let _ = style.set_property("min-width", &format!("calc({wide}ch + 1.2rem + 2px)"));
}

/// Scrolls the box so that `line` is in view.
/// In the next frame's animation callback: reading the box's scroll in
/// the input handler would lay the page out once more (after a paste, a
/// few milliseconds).
fn reveal(scroller: &NodeRef, line: usize, held: &mut Held) {
    let scroller = scroller.clone();
    held.revealing = Some(gloo_render::request_animation_frame(move |_| {
        let Some(element) = scroller.cast::<web_sys::Element>() else {
            return;
        };
        let (top, height) = (
            f64::from(element.scroll_top()),
            f64::from(element.client_height()),
        );
        let at = line as f64 * LINE;
        if at < top {
            element.set_scroll_top(at as i32);
        } else if at + LINE + 2.0 * PAD > top + height {
            element.set_scroll_top((at + LINE + 2.0 * PAD - height) as i32);
        }
    }));
}

/// Moves an element by `x`, `y` CSS pixels (through its style object, which
/// the page's Content-Security-Policy allows); both are whole numbers
/// (lines times the line height, scroll offsets), printed as integers.
fn move_to(node: &NodeRef, x: f64, y: f64) {
    if let Some(element) = node.cast::<web_sys::HtmlElement>() {
        let _ = element.style().set_property(
            "transform",
            &format!("translate({}px, {}px)", x as i64, y as i64),
        );
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
