//! encoding/json's `Unmarshal` of bytes into a `map[string]interface{}`,
//! for its error alone: what `ValidateSecret` reports when a dockercfg or
//! dockerconfigjson Secret's config is not a JSON object.
//!
//! `Unmarshal` first runs `checkValid`, the scanner of Go's
//! `encoding/json/scanner.go`, over the whole text: the states below are
//! that file's step functions, one arm each under its Go name, and a
//! syntax error is worded as its `error` method words it
//! (`invalid character 'x' looking for beginning of value`, or
//! `unexpected end of JSON input` from `eof`). A valid text then fails
//! only when its value is not an object or `null` (`decode.go`'s
//! `UnmarshalTypeError`, `json: cannot unmarshal array into Go value of
//! type map[string]interface {}`), or holds a number past a float64's
//! range.

use crate::value::go_quote;

/// `maxNestingDepth`: deeper nesting is a syntax error.
const MAX_NESTING_DEPTH: usize = 10_000;

/// The error `json.Unmarshal(text, &map[string]interface{}{})` returns.
pub(crate) fn unmarshal_map_error(text: &[u8]) -> Option<String> {
    let mut scanner = Scanner::default();
    for &c in text {
        scanner.step(c);
        if let Some(err) = scanner.err.take() {
            return Some(err);
        }
    }
    if let Some(err) = scanner.eof() {
        return Some(err);
    }
    // A valid text: its first byte that is not a space says its type.
    let kind = match text.iter().find(|c| !is_space(**c))? {
        b'{' => return overflowing_number(text),
        b'n' => return None,
        b'[' => "array",
        b'"' => "string",
        b't' | b'f' => "bool",
        _ => "number",
    };
    Some(format!(
        "json: cannot unmarshal {kind} into Go value of type map[string]interface {{}}"
    ))
}

/// The first number of a valid `text` that does not fit a float64, which
/// a map's values (`interface{}`) hold: decode.go's `convertNumber`
/// refuses it (`strconv.ParseFloat`'s range error; a number too small
/// for one is 0, no error), and the first error in the text is the one
/// returned.
fn overflowing_number(text: &[u8]) -> Option<String> {
    let mut at = 0;
    while let Some(&c) = text.get(at) {
        match c {
            b'"' => {
                // Past the string: its escapes hide no quote.
                at += 1;
                while let Some(&c) = text.get(at) {
                    at += if c == b'\\' { 2 } else { 1 };
                    if c == b'"' {
                        break;
                    }
                }
            }
            b'-' | b'0'..=b'9' => {
                let end = text[at..]
                    .iter()
                    .position(|c| !matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .map_or(text.len(), |n| at + n);
                let number = std::str::from_utf8(&text[at..end]).unwrap_or_default();
                if crate::float::parse(number).is_some_and(f64::is_infinite) {
                    return Some(format!(
                        "json: cannot unmarshal number {number} into Go value of type float64"
                    ));
                }
                at = end;
            }
            _ => at += 1,
        }
    }
    None
}

/// The scanner's `parseState` entries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parse {
    ObjectKey,
    ObjectValue,
    ArrayValue,
}

/// The scanner's step functions (`stateBeginValue` …).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum State {
    #[default]
    BeginValue,
    BeginValueOrEmpty,
    BeginStringOrEmpty,
    BeginString,
    EndValue,
    EndTop,
    InString,
    InStringEsc,
    /// `stateInStringEscU`, `…U1`, `…U12`, `…U123`: hex digits read.
    InStringEscU(u8),
    Neg,
    /// `state1`: in the digits of a number that does not start with 0.
    One,
    /// `state0`: after a number's integer part.
    Zero,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    /// `stateT`, `stateTr` … `stateNul`: the literal and the index of
    /// the byte it expects next.
    Literal(&'static [u8], usize),
    Error,
}

#[derive(Default)]
struct Scanner {
    state: State,
    parse: Vec<Parse>,
    end_top: bool,
    err: Option<String>,
}

/// `isSpace`.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

impl Scanner {
    fn step(&mut self, c: u8) {
        self.run(self.state, c);
    }

    /// `eof`: the end of the text, stepped as a space.
    fn eof(&mut self) -> Option<String> {
        if self.end_top {
            return None;
        }
        self.step(b' ');
        if self.end_top {
            return None;
        }
        Some(
            self.err
                .take()
                .unwrap_or_else(|| "unexpected end of JSON input".to_string()),
        )
    }

    /// `error`: the scanner stops at `c`.
    fn error(&mut self, c: u8, context: &str) {
        self.state = State::Error;
        // `quoteChar`: the byte as a rune, quoted as strconv.Quote quotes
        // it but between apostrophes.
        let quoted = match c {
            b'\'' => r"'\''".to_string(),
            b'"' => "'\"'".to_string(),
            _ => {
                let text = go_quote(char::from(c).encode_utf8(&mut [0; 4]));
                format!("'{}'", &text[1..text.len() - 1])
            }
        };
        self.err = Some(format!("invalid character {quoted} {context}"));
    }

    /// `pushParseState`.
    fn push(&mut self, c: u8, parse: Parse, next: State) {
        self.parse.push(parse);
        self.state = next;
        if self.parse.len() > MAX_NESTING_DEPTH {
            self.error(c, "exceeded max depth");
        }
    }

    /// `popParseState`.
    fn pop(&mut self) {
        self.parse.pop();
        if self.parse.is_empty() {
            self.state = State::EndTop;
            self.end_top = true;
        } else {
            self.state = State::EndValue;
        }
    }

    fn set_top(&mut self, parse: Parse) {
        if let Some(top) = self.parse.last_mut() {
            *top = parse;
        }
    }

    /// The step function `state` on byte `c`.
    fn run(&mut self, state: State, c: u8) {
        use State::*;
        match state {
            BeginValueOrEmpty if is_space(c) => {}
            BeginValueOrEmpty if c == b']' => self.run(EndValue, c),
            BeginValueOrEmpty => self.run(BeginValue, c),
            BeginValue if is_space(c) => {}
            BeginValue => match c {
                b'{' => self.push(c, Parse::ObjectKey, BeginStringOrEmpty),
                b'[' => self.push(c, Parse::ArrayValue, BeginValueOrEmpty),
                b'"' => self.state = InString,
                b'-' => self.state = Neg,
                b'0' => self.state = Zero,
                b't' => self.state = Literal(b"true", 1),
                b'f' => self.state = Literal(b"false", 1),
                b'n' => self.state = Literal(b"null", 1),
                b'1'..=b'9' => self.state = One,
                _ => self.error(c, "looking for beginning of value"),
            },
            BeginStringOrEmpty if is_space(c) => {}
            BeginStringOrEmpty if c == b'}' => {
                self.set_top(Parse::ObjectValue);
                self.run(EndValue, c);
            }
            BeginStringOrEmpty => self.run(BeginString, c),
            BeginString if is_space(c) => {}
            BeginString if c == b'"' => self.state = InString,
            BeginString => self.error(c, "looking for beginning of object key string"),
            EndValue => self.end_value(c),
            EndTop if !is_space(c) => self.error(c, "after top-level value"),
            EndTop | Error => {}
            InString => match c {
                b'"' => self.state = EndValue,
                b'\\' => self.state = InStringEsc,
                0..0x20 => self.error(c, "in string literal"),
                _ => {}
            },
            InStringEsc => match c {
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => self.state = InString,
                b'u' => self.state = InStringEscU(0),
                _ => self.error(c, "in string escape code"),
            },
            InStringEscU(read) if c.is_ascii_hexdigit() => {
                self.state = if read == 3 {
                    InString
                } else {
                    InStringEscU(read + 1)
                };
            }
            InStringEscU(_) => self.error(c, "in \\u hexadecimal character escape"),
            Neg => match c {
                b'0' => self.state = Zero,
                b'1'..=b'9' => self.state = One,
                _ => self.error(c, "in numeric literal"),
            },
            One if c.is_ascii_digit() => {}
            One => self.run(Zero, c),
            Zero => match c {
                b'.' => self.state = Dot,
                b'e' | b'E' => self.state = E,
                _ => self.run(EndValue, c),
            },
            Dot if c.is_ascii_digit() => self.state = Dot0,
            Dot => self.error(c, "after decimal point in numeric literal"),
            Dot0 if c.is_ascii_digit() => {}
            Dot0 if matches!(c, b'e' | b'E') => self.state = E,
            Dot0 => self.run(EndValue, c),
            E if matches!(c, b'+' | b'-') => self.state = ESign,
            E => self.run(ESign, c),
            ESign if c.is_ascii_digit() => self.state = E0,
            ESign => self.error(c, "in exponent of numeric literal"),
            E0 if c.is_ascii_digit() => {}
            E0 => self.run(EndValue, c),
            Literal(word, at) => {
                if word.get(at) != Some(&c) {
                    let (name, expected) = (
                        std::str::from_utf8(word).unwrap_or_default(),
                        char::from(word.get(at).copied().unwrap_or_default()),
                    );
                    return self.error(c, &format!("in literal {name} (expecting '{expected}')"));
                }
                self.state = if at + 1 == word.len() {
                    EndValue
                } else {
                    Literal(word, at + 1)
                };
            }
        }
    }

    /// `stateEndValue`: after a value, what its container allows.
    fn end_value(&mut self, c: u8) {
        let Some(&top) = self.parse.last() else {
            self.state = State::EndTop;
            self.end_top = true;
            return self.run(State::EndTop, c);
        };
        if is_space(c) {
            self.state = State::EndValue;
            return;
        }
        match (top, c) {
            (Parse::ObjectKey, b':') => {
                self.set_top(Parse::ObjectValue);
                self.state = State::BeginValue;
            }
            (Parse::ObjectKey, _) => self.error(c, "after object key"),
            (Parse::ObjectValue, b',') => {
                self.set_top(Parse::ObjectKey);
                self.state = State::BeginString;
            }
            (Parse::ObjectValue | Parse::ArrayValue, b'}' | b']')
                if (top == Parse::ObjectValue) == (c == b'}') =>
            {
                self.pop();
            }
            (Parse::ObjectValue, _) => self.error(c, "after object key:value pair"),
            (Parse::ArrayValue, b',') => self.state = State::BeginValue,
            (Parse::ArrayValue, _) => self.error(c, "after array element"),
        }
    }
}

#[cfg(test)]
mod tests;
