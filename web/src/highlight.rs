//! YAML syntax highlighting for the editors: each line cut into tokens
//! (keys, strings, numbers, booleans and null, comments, list dashes,
//! punctuation) whose texts put together give the line back exactly, so the
//! highlighted copy under the transparent textarea lines up with it.
//!
//! A line-by-line scanner, not a parser: it only has to look right while
//! the user types, including on invalid YAML; the one state kept between
//! lines is "inside a block scalar" (`|`, `>`).

/// What a piece of a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Plain,
    Key,
    String,
    Number,
    /// `true`, `false`, `null`, `~` (and YAML 1.1's yes/no/on/off).
    Literal,
    Comment,
    Dash,
    Punct,
}

impl Token {
    /// The CSS class of the token's span.
    pub fn class(self) -> &'static str {
        match self {
            Token::Plain => "tok-plain",
            Token::Key => "tok-key",
            Token::String => "tok-string",
            Token::Number => "tok-number",
            Token::Literal => "tok-literal",
            Token::Comment => "tok-comment",
            Token::Dash => "tok-dash",
            Token::Punct => "tok-punct",
        }
    }
}

/// Every line of `text` as tokens.
#[cfg(test)]
pub fn highlight(text: &str) -> Vec<Vec<(Token, String)>> {
    highlight_lines(text, 0..usize::MAX)
}

/// The lines of `text` numbered `lines` (from 0) as tokens: an editor draws
/// only the lines in view. The lines before are only scanned for the one
/// state kept between lines, and only a line holding `|` or `>` is cut
/// into tokens for it, so a line far down a long text costs little more
/// than one near the top.
pub fn highlight_lines(text: &str, lines: std::ops::Range<usize>) -> Vec<Vec<(Token, String)>> {
    let mut block_parent: Option<usize> = None;
    let mut out = Vec::with_capacity(lines.len().min(4096));
    for (i, line) in text.split('\n').enumerate() {
        if i >= lines.end {
            break;
        }
        let shown = i >= lines.start;
        if let Some(parent) = block_parent {
            let indent = line.bytes().take_while(|c| *c == b' ').count();
            if line.trim().is_empty() || indent > parent {
                if shown {
                    out.push(vec![(Token::String, line.to_string())]);
                }
                continue;
            }
            block_parent = None;
        }
        if !shown && !line.contains(['|', '>']) {
            continue;
        }
        let tokens = line_tokens(line);
        if opens_block_scalar(&tokens) {
            block_parent = Some(key_column(&tokens));
        }
        if shown {
            out.push(tokens);
        }
    }
    out
}

/// The value ends in `|` or `>` (with chomping and indent indicators).
fn opens_block_scalar(tokens: &[(Token, String)]) -> bool {
    tokens
        .iter()
        .rev()
        .find(|(t, s)| *t != Token::Comment && !s.trim().is_empty())
        .is_some_and(|(_, s)| {
            let s = s.trim();
            s.starts_with(['|', '>'])
                && s.chars()
                    .skip(1)
                    .all(|c| c == '-' || c == '+' || c.is_ascii_digit())
        })
}

/// The column of the line's key (after any dashes): block content must be
/// indented further.
fn key_column(tokens: &[(Token, String)]) -> usize {
    let mut column = 0;
    for (t, s) in tokens {
        if *t == Token::Key {
            return column;
        }
        column += s.chars().count();
    }
    tokens
        .first()
        .map_or(0, |(_, s)| s.chars().take_while(|c| *c == ' ').count())
}

fn line_tokens(line: &str) -> Vec<(Token, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out: Vec<(Token, String)> = Vec::new();
    let mut push = |t: Token, s: String| {
        if s.is_empty() {
            return;
        }
        match out.last_mut() {
            Some((last, text)) if *last == t => text.push_str(&s),
            _ => out.push((t, s)),
        }
    };
    let mut i = 0;
    let take = |from: usize, to: usize| {
        chars
            .get(from..to)
            .map(|c| c.iter().collect::<String>())
            .unwrap_or_default()
    };
    // Indentation and list dashes.
    loop {
        let start = i;
        while chars.get(i) == Some(&' ') {
            i += 1;
        }
        push(Token::Plain, take(start, i));
        if chars.get(i) == Some(&'-') && matches!(chars.get(i + 1), None | Some(' ')) {
            push(Token::Dash, "-".into());
            i += 1;
            continue;
        }
        break;
    }
    let rest: String = take(i, chars.len());
    if rest == "---" || rest == "..." {
        push(Token::Punct, rest);
        return out;
    }
    let mut depth = 0usize; // inside flow collections
    while i < chars.len() {
        let c = chars.get(i).copied().unwrap_or(' ');
        let after_space = i == 0 || chars.get(i - 1).is_some_and(|p| p.is_whitespace());
        match c {
            '#' if after_space => {
                push(Token::Comment, take(i, chars.len()));
                return out;
            }
            ' ' | '\t' | '\r' => {
                push(Token::Plain, c.to_string());
                i += 1;
            }
            '{' | '[' => {
                depth += 1;
                push(Token::Punct, c.to_string());
                i += 1;
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                push(Token::Punct, c.to_string());
                i += 1;
            }
            ',' if depth > 0 => {
                push(Token::Punct, ",".into());
                i += 1;
            }
            '"' | '\'' => {
                let end = quoted_end(&chars, i);
                let word = take(i, end);
                let is_key = is_key_at(&chars, end);
                push(if is_key { Token::Key } else { Token::String }, word);
                i = end;
                if is_key {
                    push(Token::Punct, ":".into());
                    i += 1;
                }
            }
            _ => {
                let end = plain_end(&chars, i, depth > 0);
                let word = take(i, end);
                if is_key_at(&chars, end) {
                    push(Token::Key, word);
                    push(Token::Punct, ":".into());
                    i = end + 1;
                } else {
                    push(classify(&word), word);
                    i = end.max(i + 1);
                }
            }
        }
    }
    out
}

/// Just past the closing quote of the string opening at `start` (or the
/// line's end when it is not closed).
fn quoted_end(chars: &[char], start: usize) -> usize {
    let quote = chars.get(start).copied().unwrap_or('"');
    let mut i = start + 1;
    while let Some(&c) = chars.get(i) {
        if quote == '"' && c == '\\' {
            i += 2;
            continue;
        }
        if c == quote {
            if quote == '\'' && chars.get(i + 1) == Some(&'\'') {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i += 1;
    }
    chars.len()
}

/// The end of a plain scalar: before `: `, ` #`, or a flow indicator in
/// a flow collection.
fn plain_end(chars: &[char], start: usize, in_flow: bool) -> usize {
    let mut i = start;
    while let Some(&c) = chars.get(i) {
        if c == ':' && i > start && is_key_at(chars, i) {
            return i;
        }
        if c == '#' && i > start && chars.get(i - 1).is_some_and(|p| p.is_whitespace()) {
            // Trailing spaces before a comment are not part of the word.
            let mut end = i;
            while end > start && chars.get(end - 1).is_some_and(|p| p.is_whitespace()) {
                end -= 1;
            }
            return end;
        }
        if in_flow && matches!(c, ',' | '{' | '}' | '[' | ']') {
            return i;
        }
        i += 1;
    }
    chars.len()
}

/// A `:` at `i` that ends a key: followed by a space, the line's end or
/// (in flow) an indicator.
fn is_key_at(chars: &[char], i: usize) -> bool {
    chars.get(i) == Some(&':')
        && matches!(chars.get(i + 1), None | Some(' ' | ',' | '}' | ']' | '\r'))
}

fn classify(word: &str) -> Token {
    let w = word.trim();
    const LITERALS: [&str; 16] = [
        "true", "false", "True", "False", "TRUE", "FALSE", "null", "Null", "NULL", "~", "yes",
        "no", "on", "off", "y", "n",
    ];
    let numeric = w.parse::<i64>().is_ok()
        || w.strip_prefix("0x")
            .is_some_and(|h| i64::from_str_radix(h, 16).is_ok())
        || ssa_engine::float::parse(w).is_some();
    if LITERALS.contains(&w) {
        Token::Literal
    } else if numeric {
        Token::Number
    } else if w.starts_with(['|', '>', '&', '*', '!']) {
        Token::Punct
    } else {
        Token::String
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::presets;

    fn kinds(line: &str) -> Vec<(Token, &str)> {
        // Leaks are fine in a test: it keeps the assertion readable.
        let tokens = highlight(line).remove(0);
        tokens
            .into_iter()
            .map(|(t, s)| (t, &*Box::leak(s.into_boxed_str())))
            .collect()
    }

    #[test]
    fn tokens_give_the_text_back() {
        for preset in presets() {
            let lines = highlight(preset.text);
            let back: Vec<String> = lines
                .iter()
                .map(|l| l.iter().map(|(_, s)| s.as_str()).collect())
                .collect();
            assert_eq!(back.join("\n"), preset.text, "{}", preset.title);
        }
        for odd in [
            "a: 'unclosed",
            "- - -",
            "{a: [b, {c: d}]}",
            "key: \"esc \\\" q\" # c",
            "ä: ü # ö",
            ":",
            "- ",
        ] {
            let back: String = highlight(odd)[0].iter().map(|(_, s)| s.as_str()).collect();
            assert_eq!(back, odd);
        }
    }

    #[test]
    fn each_kind_is_recognised() {
        use Token::*;
        assert_eq!(
            kinds("- name: web  # the container"),
            vec![
                (Dash, "-"),
                (Plain, " "),
                (Key, "name"),
                (Punct, ":"),
                (Plain, " "),
                (String, "web"),
                (Plain, "  "),
                (Comment, "# the container")
            ]
        );
        assert_eq!(
            kinds("replicas: 3"),
            vec![(Key, "replicas"), (Punct, ":"), (Plain, " "), (Number, "3")]
        );
        assert_eq!(
            kinds("data: {on: true, x: null, 'q': \"s\"}"),
            vec![
                (Key, "data"),
                (Punct, ":"),
                (Plain, " "),
                (Punct, "{"),
                (Key, "on"),
                (Punct, ":"),
                (Plain, " "),
                (Literal, "true"),
                (Punct, ","),
                (Plain, " "),
                (Key, "x"),
                (Punct, ":"),
                (Plain, " "),
                (Literal, "null"),
                (Punct, ","),
                (Plain, " "),
                (Key, "'q'"),
                (Punct, ":"),
                (Plain, " "),
                (String, "\"s\""),
                (Punct, "}"),
            ]
        );
        assert_eq!(kinds("image: nginx:1.27")[3], (String, "nginx:1.27"));
        assert_eq!(
            kinds("# only a comment"),
            vec![(Comment, "# only a comment")]
        );
    }

    #[test]
    fn block_scalars_are_strings() {
        let lines = highlight("description: |\n  two: words\n  # not a comment\nnext: 1");
        assert_eq!(lines[1], vec![(Token::String, "  two: words".to_string())]);
        assert_eq!(
            lines[2],
            vec![(Token::String, "  # not a comment".to_string())]
        );
        assert_eq!(lines[3][0], (Token::Key, "next".to_string()));
    }

    #[test]
    fn a_range_of_lines_is_highlighted_as_in_the_whole_text() {
        let text = "a: |\n  b: c\n  - d\ne: [f, g]\nh: >-\n  i\n\n  j\nk: l # m\n";
        let whole = highlight(text);
        for start in 0..whole.len() {
            for end in start..=whole.len() + 1 {
                assert_eq!(
                    highlight_lines(text, start..end),
                    whole[start..end.min(whole.len())],
                    "{start}..{end}"
                );
            }
        }
        for preset in crate::presets::presets() {
            let whole = highlight(preset.text);
            assert_eq!(highlight_lines(preset.text, 3..9), whole[3..9]);
        }
    }
}
