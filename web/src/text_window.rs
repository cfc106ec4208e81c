//! Which lines of a long text the editor's textarea holds. Chromium lays
//! out a textarea's whole value on every edit (about 110 ms per keystroke
//! for 50,000 lines here), so a text longer than `WINDOWED_ABOVE` lines is
//! held by the editor and the textarea gets only the lines around the view
//! (a window); margins above and below it keep the scroll height of the
//! whole text. Positions here are byte offsets into the whole text and
//! line indices (from 0); the textarea's selection is in UTF-16 units.

use std::ops::Range;

/// Texts of more lines than this are windowed.
pub const WINDOWED_ABOVE: usize = 3_000;
/// Lines the window holds above and below the view.
const MARGIN: usize = 300;
/// The window moves when the view comes this close to one of its edges.
const NEAR: usize = 100;

/// The part of the text the textarea holds: `start..end` in bytes, from
/// line `first` for `lines` lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextWindow {
    pub start: usize,
    pub end: usize,
    pub first: usize,
    pub lines: usize,
}

/// The number of lines of `text` (an empty text is one empty line).
pub fn line_count(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count() + 1
}

impl TextWindow {
    /// The window of `text` holding the lines around `view` (every line
    /// if the text is not long enough to be windowed).
    pub fn around(text: &str, total: usize, view: Range<usize>) -> Self {
        if total <= WINDOWED_ABOVE {
            return Self::lines(text, 0..total);
        }
        let first = view.start.saturating_sub(MARGIN).min(total - 1);
        let last = view.end.saturating_add(MARGIN).clamp(first + 1, total);
        Self::lines(text, first..last)
    }

    /// The window of `text` holding `lines` (within its line count).
    pub fn lines(text: &str, lines: Range<usize>) -> Self {
        let mut starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
        let start = starts.nth(lines.start).unwrap_or(text.len());
        let count = lines.end.saturating_sub(lines.start).max(1);
        // The byte after the window's last line: its newline, or the end.
        let end = starts
            .nth(count - 1)
            .map_or(text.len(), |next| next - 1)
            .max(start);
        TextWindow {
            start,
            end,
            first: lines.start,
            lines: count,
        }
    }

    /// Whether the window should move for a text of `total` lines viewed
    /// at `view`: the view is near an edge that is not the text's, or the
    /// window is the wrong size for the text (it holds every line of a
    /// windowed text, or only some lines of a short one).
    pub fn should_move(&self, total: usize, view: &Range<usize>) -> bool {
        if total <= WINDOWED_ABOVE {
            return self.first != 0 || self.lines != total;
        }
        let last = self.first + self.lines;
        (self.first > 0 && view.start < self.first + NEAR)
            || (last < total && view.end + NEAR > last)
    }

    /// Whether the window holds more lines than a window around a view
    /// needs (after a paste, or after Select All put the whole text in).
    pub fn too_large(&self, total: usize) -> bool {
        total > WINDOWED_ABOVE && self.lines > 4 * MARGIN
    }

    /// The whole text after the textarea's value became `value`.
    /// (A window that is not of `text` takes `value` as the whole text.)
    pub fn splice(&mut self, text: &str, value: &str) -> String {
        let (Some(before), Some(after)) = (text.get(..self.start), text.get(self.end..)) else {
            *self = Self::lines(value, 0..line_count(value));
            return value.to_string();
        };
        let mut whole = String::with_capacity(before.len() + value.len() + after.len());
        whole.push_str(before);
        whole.push_str(value);
        whole.push_str(after);
        self.end = self.start + value.len();
        self.lines = line_count(value);
        whole
    }
}

/// The line holding byte `at` of `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// The byte `lines` lines below (or above, if negative) byte `at` of
/// `text`, in the same column (in characters) or at the end of a shorter
/// line, as a page key moves a textarea's caret.
pub fn move_lines(text: &str, at: usize, lines: isize) -> usize {
    let at = at.min(text.len());
    let line_start = |at: usize| text[..at].rfind('\n').map_or(0, |i| i + 1);
    let start = line_start(at);
    let column = text[start..at].chars().count();
    let line = line_of(text, at);
    let target = line.saturating_add_signed(lines).min(line_count(text) - 1);
    let target_start = TextWindow::lines(text, target..target + 1).start;
    let rest = &text[target_start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    target_start
        + rest[..line_end]
            .char_indices()
            .nth(column)
            .map_or(line_end, |(i, _)| i)
}

/// The byte offset in `text` of `units` UTF-16 code units (a textarea's
/// selection offset), at a character boundary.
pub fn byte_at_utf16(text: &str, units: u32) -> usize {
    let mut seen = 0;
    for (i, c) in text.char_indices() {
        if seen >= units as usize {
            return i;
        }
        seen += c.len_utf16();
    }
    text.len()
}

/// The UTF-16 offset of byte `at` of `text`.
pub fn utf16_at_byte(text: &str, at: usize) -> u32 {
    let prefix = text.get(..at).unwrap_or(text);
    prefix.encode_utf16().count() as u32
}

/// The widest line of `text` in columns, at most: its length in bytes (a
/// character outside ASCII takes two to four bytes and at most two
/// columns). A generous width only adds room to scroll sideways; a narrow
/// one would let the textarea scroll inside, away from its copy.
pub fn widest_line(text: &str) -> usize {
    text.split('\n').map(str::len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(n: usize) -> String {
        (0..n)
            .map(|i| format!("line {i}"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_short_text_is_held_whole() {
        let text = "a: 1\nb: 2\n";
        let window = TextWindow::around(text, line_count(text), 0..50);
        assert_eq!(
            (window.start, window.end, window.first, window.lines),
            (0, text.len(), 0, 3)
        );
        assert!(!window.should_move(3, &(0..50)));
        assert!(TextWindow::default().should_move(3, &(0..50)));
    }

    #[test]
    fn a_long_text_is_held_around_the_view() {
        let text = numbered(10_000);
        let window = TextWindow::around(&text, 10_000, 5_000..5_040);
        assert_eq!((window.first, window.lines), (4_700, 640));
        let held = &text[window.start..window.end];
        assert!(held.starts_with("line 4700\n"), "{}", &held[..20]);
        assert!(held.ends_with("\nline 5339"));
        assert!(!window.should_move(10_000, &(5_000..5_040)));
        assert!(window.should_move(10_000, &(4_750..4_790)));
        assert!(window.should_move(10_000, &(5_250..5_290)));
        // At the text's edges the window stops there and does not move.
        let top = TextWindow::around(&text, 10_000, 0..40);
        assert_eq!((top.start, top.first, top.lines), (0, 0, 340));
        assert!(!top.should_move(10_000, &(0..40)));
        let bottom = TextWindow::around(&text, 10_000, 9_980..10_020);
        assert_eq!((bottom.first, bottom.end), (9_680, text.len()));
        assert!(!bottom.should_move(10_000, &(9_960..10_000)));
        // Past the end, it still holds the last line.
        let past = TextWindow::around(&text, 10_000, 20_000..20_040);
        assert_eq!((past.first, past.lines, past.end), (9_999, 1, text.len()));
    }

    #[test]
    fn an_edit_in_the_window_is_spliced_into_the_text() {
        let text = numbered(10_000);
        let mut window = TextWindow::around(&text, 10_000, 5_000..5_040);
        let value =
            text[window.start..window.end].replacen("line 4800", "line 4800 edited\nnew", 1);
        let whole = window.splice(&text, &value);
        assert_eq!(line_count(&whole), 10_001);
        assert!(whole.contains("\nline 4799\nline 4800 edited\nnew\nline 4801\n"));
        assert_eq!(&whole[window.start..window.end], value);
        assert_eq!(window.lines, 641);
        assert!(!window.too_large(10_001));
        assert!(TextWindow::around(&whole, 10_001, 0..10_001).too_large(10_001));
        // A window of another text never slices out of bounds.
        let mut stale = window.clone();
        assert_eq!(stale.splice("short", "new text"), "new text");
        assert_eq!((stale.start, stale.end, stale.lines), (0, 8, 1));
    }

    #[test]
    fn offsets_convert_between_bytes_and_utf16() {
        let text = "é🙂x\ny";
        assert_eq!(byte_at_utf16(text, 0), 0);
        assert_eq!(byte_at_utf16(text, 1), 2);
        assert_eq!(byte_at_utf16(text, 3), 6);
        assert_eq!(byte_at_utf16(text, 99), text.len());
        assert_eq!(utf16_at_byte(text, 6), 3);
        assert_eq!(utf16_at_byte(text, 99), 6);
        assert_eq!(line_of(text, 8), 1);
        assert_eq!(widest_line(text), 7);
    }

    #[test]
    fn a_page_key_moves_by_lines_in_the_same_column() {
        let text = "abcdef\nab\nabcdé\nabcdef";
        assert_eq!(move_lines(text, 4, 1), 9); // "ab" is shorter: its end
        assert_eq!(move_lines(text, 4, 2), 14); // after "abcd"
        assert_eq!(move_lines(text, 4, 99), 21); // the last line, same column
        assert_eq!(move_lines(text, 20, -99), 3);
        assert_eq!(move_lines(text, 16, 0), 16);
    }
}
