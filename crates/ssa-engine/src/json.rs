//! Reading JSON text into a [`Value`], exactly as
//! `serde_json::from_str::<serde_json::Value>` followed by
//! `From<serde_json::Value>` reads it: the same values and the same error
//! messages, at the same line and column.
//!
//! Why not serde_json itself: its reader (with `float_roundtrip`, the
//! `lexical` float parser and its power tables) was 13 KB of the app's
//! gzipped wasm, beside the float parser std already links for YAML.
//! This reader follows serde_json 1.0's `de.rs` and `read.rs` step by step
//! (which byte an error points at included) and reads a float's digits
//! with `float::parse` (std's `f64::from_str` natively), which rounds
//! correctly as Go's `strconv` does. `tests` compares the two on fixed and
//! generated texts.

use crate::value::{Map, Value};
use std::fmt;

/// serde_json's `ErrorCode`s that reading a `Value` from a string can
/// meet, worded as serde_json words them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    EofWhileParsingList,
    EofWhileParsingObject,
    EofWhileParsingString,
    EofWhileParsingValue,
    ExpectedColon,
    ExpectedListCommaOrEnd,
    ExpectedObjectCommaOrEnd,
    ExpectedSomeIdent,
    ExpectedSomeValue,
    InvalidEscape,
    InvalidNumber,
    NumberOutOfRange,
    ControlCharacterWhileParsingString,
    KeyMustBeAString,
    LoneLeadingSurrogateInHexEscape,
    TrailingComma,
    TrailingCharacters,
    UnexpectedEndOfHexEscape,
    RecursionLimitExceeded,
}

impl Code {
    fn message(self) -> &'static str {
        match self {
            Code::EofWhileParsingList => "EOF while parsing a list",
            Code::EofWhileParsingObject => "EOF while parsing an object",
            Code::EofWhileParsingString => "EOF while parsing a string",
            Code::EofWhileParsingValue => "EOF while parsing a value",
            Code::ExpectedColon => "expected `:`",
            Code::ExpectedListCommaOrEnd => "expected `,` or `]`",
            Code::ExpectedObjectCommaOrEnd => "expected `,` or `}`",
            Code::ExpectedSomeIdent => "expected ident",
            Code::ExpectedSomeValue => "expected value",
            Code::InvalidEscape => "invalid escape",
            Code::InvalidNumber => "invalid number",
            Code::NumberOutOfRange => "number out of range",
            Code::ControlCharacterWhileParsingString => {
                "control character (\\u0000-\\u001F) found while parsing a string"
            }
            Code::KeyMustBeAString => "key must be a string",
            Code::LoneLeadingSurrogateInHexEscape => "lone leading surrogate in hex escape",
            Code::TrailingComma => "trailing comma",
            Code::TrailingCharacters => "trailing characters",
            Code::UnexpectedEndOfHexEscape => "unexpected end of hex escape",
            Code::RecursionLimitExceeded => "recursion limit exceeded",
        }
    }
}

/// Why a JSON text could not be read, and where: displayed as serde_json
/// displays its syntax errors (`expected value at line 1 column 2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    code: Code,
    line: usize,
    column: usize,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {} column {}",
            self.code.message(),
            self.line,
            self.column
        )
    }
}

impl std::error::Error for JsonError {}

/// Reads one JSON value from `text` (whitespace around it allowed).
pub fn from_str(text: &str) -> Result<Value> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        index: 0,
        remaining_depth: 128,
    };
    let value = reader.value()?;
    match reader.whitespace() {
        Some(_) => Err(reader.peek_error(Code::TrailingCharacters)),
        None => Ok(value),
    }
}

type Result<T> = std::result::Result<T, JsonError>;

/// A number as serde_json's `ParserNumber`.
enum Number {
    F64(f64),
    U64(u64),
    I64(i64),
}

/// `overflow!(a * 10 + b, max)` of serde_json: whether `a * 10 + b`
/// exceeds `max`.
fn overflows_u64(a: u64, b: u64) -> bool {
    a >= u64::MAX / 10 && (a > u64::MAX / 10 || b > u64::MAX % 10)
}

fn overflows_i32(a: i32, b: i32) -> bool {
    a >= i32::MAX / 10 && (a > i32::MAX / 10 || b > i32::MAX % 10)
}

struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    index: usize,
    /// serde_json's recursion limit: 128 levels of lists and maps.
    remaining_depth: u8,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.index).copied()
    }

    fn peek_or_null(&self) -> u8 {
        self.peek().unwrap_or(0)
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.index += 1;
        Some(b)
    }

    fn eat(&mut self) {
        self.index += 1;
    }

    /// Line and column (in bytes, from 0) of the byte at `index`, as
    /// serde_json's `position_of_index`.
    fn error_at(&self, code: Code, index: usize) -> JsonError {
        let before = self.bytes.get(..index).unwrap_or(self.bytes);
        let start_of_line = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before
            .get(..start_of_line)
            .unwrap_or(before)
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        JsonError {
            code,
            line,
            column: index - start_of_line,
        }
    }

    /// An error about a byte already read (serde_json's `error`).
    fn error(&self, code: Code) -> JsonError {
        self.error_at(code, self.index)
    }

    /// An error about the byte peeked at (serde_json's `peek_error`).
    fn peek_error(&self, code: Code) -> JsonError {
        self.error_at(code, self.bytes.len().min(self.index + 1))
    }

    fn whitespace(&mut self) -> Option<u8> {
        loop {
            match self.peek() {
                Some(b' ' | b'\n' | b'\t' | b'\r') => self.eat(),
                other => return other,
            }
        }
    }

    /// `deserialize_any` with serde_json's `Value` visitor, converted as
    /// `From<serde_json::Value>` converts.
    fn value(&mut self) -> Result<Value> {
        let Some(peek) = self.whitespace() else {
            return Err(self.peek_error(Code::EofWhileParsingValue));
        };
        match peek {
            b'n' => {
                self.eat();
                self.ident(b"ull")?;
                Ok(Value::Null)
            }
            b't' => {
                self.eat();
                self.ident(b"rue")?;
                Ok(Value::Bool(true))
            }
            b'f' => {
                self.eat();
                self.ident(b"alse")?;
                Ok(Value::Bool(false))
            }
            b'-' => {
                self.eat();
                Ok(number_value(self.integer(false)?))
            }
            b'0'..=b'9' => Ok(number_value(self.integer(true)?)),
            b'"' => {
                self.eat();
                Ok(Value::String(self.string()?))
            }
            b'[' => {
                self.enter()?;
                self.eat();
                let items = self.list_items();
                self.remaining_depth += 1;
                let end = self.end_list();
                let items = items?;
                end?;
                Ok(Value::List(items))
            }
            b'{' => {
                self.enter()?;
                self.eat();
                let entries = self.map_entries();
                self.remaining_depth += 1;
                let end = self.end_map();
                let entries = entries?;
                end?;
                Ok(Value::Map(entries))
            }
            _ => Err(self.peek_error(Code::ExpectedSomeValue)),
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.remaining_depth -= 1;
        if self.remaining_depth == 0 {
            return Err(self.peek_error(Code::RecursionLimitExceeded));
        }
        Ok(())
    }

    fn ident(&mut self, ident: &[u8]) -> Result<()> {
        for expected in ident {
            match self.next() {
                None => return Err(self.error(Code::EofWhileParsingValue)),
                Some(next) if next != *expected => {
                    return Err(self.error(Code::ExpectedSomeIdent));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    fn list_items(&mut self) -> Result<Vec<Value>> {
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let Some(peek) = self.whitespace() else {
                return Err(self.peek_error(Code::EofWhileParsingList));
            };
            if peek == b']' {
                return Ok(items);
            } else if first {
                first = false;
            } else if peek == b',' {
                self.eat();
                match self.whitespace() {
                    Some(b']') => return Err(self.peek_error(Code::TrailingComma)),
                    Some(_) => {}
                    None => return Err(self.peek_error(Code::EofWhileParsingValue)),
                }
            } else {
                return Err(self.peek_error(Code::ExpectedListCommaOrEnd));
            }
            items.push(self.value()?);
        }
    }

    /// A repeated key keeps its first place and takes the last value, as
    /// `serde_json::Map::insert` (with `preserve_order`).
    fn map_entries(&mut self) -> Result<Map> {
        let mut map = Map::new();
        let mut first = true;
        loop {
            let Some(peek) = self.whitespace() else {
                return Err(self.peek_error(Code::EofWhileParsingObject));
            };
            if peek == b'}' {
                return Ok(map);
            } else if first {
                first = false;
                if peek != b'"' {
                    return Err(self.peek_error(Code::KeyMustBeAString));
                }
            } else if peek == b',' {
                self.eat();
                match self.whitespace() {
                    Some(b'"') => {}
                    Some(b'}') => return Err(self.peek_error(Code::TrailingComma)),
                    Some(_) => return Err(self.peek_error(Code::KeyMustBeAString)),
                    None => return Err(self.peek_error(Code::EofWhileParsingValue)),
                }
            } else {
                return Err(self.peek_error(Code::ExpectedObjectCommaOrEnd));
            }
            self.eat();
            let key = self.string()?;
            match self.whitespace() {
                Some(b':') => self.eat(),
                Some(_) => return Err(self.peek_error(Code::ExpectedColon)),
                None => return Err(self.peek_error(Code::EofWhileParsingObject)),
            }
            let value = self.value()?;
            map.insert(key, value);
        }
    }

    fn end_list(&mut self) -> Result<()> {
        match self.whitespace() {
            Some(b']') => {
                self.eat();
                Ok(())
            }
            Some(b',') => {
                self.eat();
                match self.whitespace() {
                    Some(b']') => Err(self.peek_error(Code::TrailingComma)),
                    _ => Err(self.peek_error(Code::TrailingCharacters)),
                }
            }
            Some(_) => Err(self.peek_error(Code::TrailingCharacters)),
            None => Err(self.peek_error(Code::EofWhileParsingList)),
        }
    }

    fn end_map(&mut self) -> Result<()> {
        match self.whitespace() {
            Some(b'}') => {
                self.eat();
                Ok(())
            }
            Some(b',') => Err(self.peek_error(Code::TrailingComma)),
            Some(_) => Err(self.peek_error(Code::TrailingCharacters)),
            None => Err(self.peek_error(Code::EofWhileParsingObject)),
        }
    }

    /// A string's contents after its opening quote, up to and past its
    /// closing quote (serde_json's `SliceRead::parse_str_bytes`).
    fn string(&mut self) -> Result<String> {
        let mut out = String::new();
        let mut start = self.index;
        loop {
            while self
                .peek()
                .is_some_and(|b| b != b'"' && b != b'\\' && b >= 0x20)
            {
                self.eat();
            }
            let Some(b) = self.peek() else {
                return Err(self.error(Code::EofWhileParsingString));
            };
            // Quotes and backslashes are ASCII: the slice ends on a
            // character boundary.
            out.push_str(self.text.get(start..self.index).unwrap_or_default());
            self.eat();
            match b {
                b'"' => return Ok(out),
                b'\\' => {
                    self.escape(&mut out)?;
                    start = self.index;
                }
                _ => return Err(self.error(Code::ControlCharacterWhileParsingString)),
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<()> {
        let Some(b) = self.next() else {
            return Err(self.error(Code::EofWhileParsingString));
        };
        out.push(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\x08',
            b'f' => '\x0c',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode_escape()?,
            _ => return Err(self.error(Code::InvalidEscape)),
        });
        Ok(())
    }

    /// A `\u` escape (already read), a surrogate pair as one character.
    fn unicode_escape(&mut self) -> Result<char> {
        let n = self.hex_escape()?;
        if (0xDC00..=0xDFFF).contains(&n) {
            return Err(self.error(Code::LoneLeadingSurrogateInHexEscape));
        }
        if !(0xD800..=0xDBFF).contains(&n) {
            return char::from_u32(u32::from(n)).ok_or_else(|| self.error(Code::InvalidEscape));
        }
        for expected in [b'\\', b'u'] {
            match self.peek() {
                None => return Err(self.error(Code::EofWhileParsingString)),
                Some(b) => {
                    self.eat();
                    if b != expected {
                        return Err(self.error(Code::UnexpectedEndOfHexEscape));
                    }
                }
            }
        }
        let n2 = self.hex_escape()?;
        if !(0xDC00..=0xDFFF).contains(&n2) {
            return Err(self.error(Code::LoneLeadingSurrogateInHexEscape));
        }
        let c = (((u32::from(n) - 0xD800) << 10) | (u32::from(n2) - 0xDC00)) + 0x1_0000;
        char::from_u32(c).ok_or_else(|| self.error(Code::InvalidEscape))
    }

    fn hex_escape(&mut self) -> Result<u16> {
        let Some(digits) = self.bytes.get(self.index..self.index + 4) else {
            self.index = self.bytes.len();
            return Err(self.error(Code::EofWhileParsingString));
        };
        self.index += 4;
        let mut n = 0u16;
        for &d in digits {
            let v = match d {
                b'0'..=b'9' => d - b'0',
                b'A'..=b'F' => d - b'A' + 10,
                b'a'..=b'f' => d - b'a' + 10,
                _ => return Err(self.error(Code::InvalidEscape)),
            };
            n = (n << 4) | u16::from(v);
        }
        Ok(n)
    }

    /// serde_json's `parse_integer`; `self.index` is past the minus sign
    /// of a negative number.
    fn integer(&mut self, positive: bool) -> Result<Number> {
        // Where the number's text starts, sign included.
        let start = if positive { self.index } else { self.index - 1 };
        let Some(next) = self.next() else {
            return Err(self.error(Code::EofWhileParsingValue));
        };
        match next {
            b'0' => match self.peek_or_null() {
                b'0'..=b'9' => Err(self.peek_error(Code::InvalidNumber)),
                _ => self.number(start, positive, 0),
            },
            c @ b'1'..=b'9' => {
                let mut significand = u64::from(c - b'0');
                loop {
                    match self.peek_or_null() {
                        c @ b'0'..=b'9' => {
                            let digit = u64::from(c - b'0');
                            if overflows_u64(significand, digit) {
                                return self.long_number(start).map(Number::F64);
                            }
                            self.eat();
                            significand = significand * 10 + digit;
                        }
                        _ => return self.number(start, positive, significand),
                    }
                }
            }
            _ => Err(self.error(Code::InvalidNumber)),
        }
    }

    fn number(&mut self, start: usize, positive: bool, significand: u64) -> Result<Number> {
        Ok(match self.peek_or_null() {
            b'.' | b'e' | b'E' => Number::F64(self.float(start, significand == 0)?),
            _ if positive => Number::U64(significand),
            _ => {
                #[allow(clippy::cast_possible_wrap, reason = "serde_json's wrapping negation")]
                let neg = (significand as i64).wrapping_neg();
                // A float on underflow, or on `-0`, as serde_json.
                if neg >= 0 {
                    #[allow(clippy::cast_precision_loss, reason = "as serde_json converts")]
                    Number::F64(-(significand as f64))
                } else {
                    Number::I64(neg)
                }
            }
        })
    }

    /// A number whose integer digits do not fit a u64 (serde_json's
    /// `parse_long_integer`): the rest of its digits, then a fraction or
    /// exponent if any.
    fn long_number(&mut self, start: usize) -> Result<f64> {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.eat();
        }
        // Digits that overflowed a u64 are not all zeros.
        self.float(start, false)
    }

    /// The fraction and exponent of a number (either may be absent),
    /// read as serde_json's `parse_decimal` and `parse_exponent` read
    /// them, the value of the whole text rounded correctly. `zero`: the
    /// digits so far are all zeros.
    fn float(&mut self, start: usize, mut zero: bool) -> Result<f64> {
        let positive = self.bytes.get(start) != Some(&b'-');
        if self.peek() == Some(b'.') {
            self.eat();
            let digits_start = self.index;
            while let Some(c @ b'0'..=b'9') = self.peek() {
                zero &= c == b'0';
                self.eat();
            }
            if self.index == digits_start {
                return Err(match self.peek() {
                    Some(_) => self.peek_error(Code::InvalidNumber),
                    None => self.peek_error(Code::EofWhileParsingValue),
                });
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.eat();
            let positive_exp = match self.peek_or_null() {
                b'+' => {
                    self.eat();
                    true
                }
                b'-' => {
                    self.eat();
                    false
                }
                _ => true,
            };
            let Some(next) = self.next() else {
                return Err(self.error(Code::EofWhileParsingValue));
            };
            let mut exp = match next {
                c @ b'0'..=b'9' => i32::from(c - b'0'),
                _ => return Err(self.error(Code::InvalidNumber)),
            };
            while let Some(c @ b'0'..=b'9') = self.peek() {
                self.eat();
                let digit = i32::from(c - b'0');
                if overflows_i32(exp, digit) {
                    // serde_json's `parse_exponent_overflow`.
                    if !zero && positive_exp {
                        return Err(self.error(Code::NumberOutOfRange));
                    }
                    while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                        self.eat();
                    }
                    return Ok(if positive { 0.0 } else { -0.0 });
                }
                exp = exp * 10 + digit;
            }
        }
        // JSON's number syntax is a subset of what `float::parse` reads.
        let f = self
            .text
            .get(start..self.index)
            .and_then(crate::float::parse)
            .unwrap_or(0.0);
        if f.is_infinite() {
            return Err(self.error(Code::NumberOutOfRange));
        }
        Ok(f)
    }
}

/// serde_json's `Value` visitor and then `From<serde_json::Value>`.
fn number_value(n: Number) -> Value {
    match n {
        Number::I64(i) => Value::Int(i),
        // Beyond int64: a float64, as Go decodes it.
        #[allow(clippy::cast_precision_loss, reason = "Go decodes it as a float64")]
        Number::U64(u) => i64::try_from(u).map_or(Value::Float(u as f64), Value::Int),
        // `-0` and `-0.0` are the integer 0 (see `From<serde_json::Value>`);
        // a float pattern compares with `==`, so it matches -0.0 too.
        Number::F64(0.0) => Value::Int(0),
        Number::F64(f) => Value::Float(f),
    }
}

#[cfg(test)]
mod tests;
