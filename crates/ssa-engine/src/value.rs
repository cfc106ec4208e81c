//! Values as Kubernetes sees them: the JSON data model with integers kept
//! apart from floats, maps that keep their key order, and `null` kept apart
//! from an absent field.
//!
//! Every other module works on [`Value`]; the YAML reader (`crate::yaml`)
//! and serde_json produce it, and the result document is serialised from it.

use indexmap::IndexMap;
use std::fmt;
use std::fmt::Write as _;
use std::sync::Arc;

/// One JSON value. Integers and floats are distinct because the API server
/// keeps them distinct (`replicas: 1` is an int64, `1.0` a float64).
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    String(String),
    List(Vec<Value>),
    Map(Map),
}

/// A map with insertion-ordered keys. Order is kept so that objects are
/// printed back the way the user wrote them; equality ignores order, as JSON
/// object equality does.
///
/// The entries are shared between clones and copied on the first write
/// (`Arc::make_mut`): merging a configuration into an object copies whole
/// subtrees of it, and a shared map makes each such copy O(1) (the way Go's
/// structured-merge-diff keeps references to the input's maps).
#[derive(Clone, Debug)]
pub struct Map(Arc<Entries>);

type Entries = IndexMap<String, Value, FastHash>;

/// Map keys are short field names, hashed on every lookup of every walk:
/// a fast non-cryptographic hash (no untrusted-input DoS concern in a
/// playground that runs the user's own input in their own browser).
type FastHash = rustc_hash::FxBuildHasher;

impl PartialEq for Map {
    fn eq(&self, other: &Self) -> bool {
        // A shared map is equal to itself without a look (values that
        // never equal themselves, NaN floats, cannot occur in an object the
        // API server stores: JSON has no NaN).
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.len() == other.0.len()
                && self
                    .0
                    .iter()
                    .all(|(k, v)| other.0.get(k).is_some_and(|w| v == w)))
    }
}

impl Default for Map {
    fn default() -> Self {
        Map::new()
    }
}

impl Map {
    /// An empty map. Empty maps share one allocation (per thread) until
    /// something is inserted: they are the most common maps there are
    /// (every leaf of a FieldsV1 set is `{}`), and each of their own was
    /// an allocation kept as long as the object.
    pub fn new() -> Self {
        thread_local! {
            static EMPTY: Map = Map(Arc::new(IndexMap::with_hasher(FastHash::default())));
        }
        EMPTY.with(Map::clone)
    }
    pub fn with_capacity(n: usize) -> Self {
        Self(Arc::new(IndexMap::with_capacity_and_hasher(
            n,
            FastHash::default(),
        )))
    }
    /// Whether both are clones of one map (then they are equal).
    pub fn shares_entries_with(&self, other: &Map) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// The entries for writing, copied first if another clone shares them.
    fn entries_mut(&mut self) -> &mut Entries {
        Arc::make_mut(&mut self.0)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }
    /// The value of `key`, looked for first at `index`: walks of two
    /// maps side by side ask each about the other's key at the same
    /// position, and maps written from one another mostly keep their keys'
    /// order; a key found there costs no hashing and no probe of the
    /// map's table.
    pub fn get_beside(&self, index: usize, key: &str) -> Option<&Value> {
        match self.0.get_index(index) {
            Some((k, v)) if k == key => Some(v),
            _ => self.0.get(key),
        }
    }
    /// The entry at `index` in key order.
    pub fn get_index(&self, index: usize) -> Option<(&String, &Value)> {
        self.0.get_index(index)
    }
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.entries_mut().get_mut(key)
    }
    pub fn contains_key(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }
    /// Inserts or replaces; a replaced key keeps its position.
    pub fn insert(&mut self, key: impl Into<String>, value: Value) -> Option<Value> {
        self.entries_mut().insert(key.into(), value)
    }
    /// Removes a key and keeps the order of the others.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.entries_mut().shift_remove(key)
    }
    pub fn entry(&mut self, key: impl Into<String>) -> indexmap::map::Entry<'_, String, Value> {
        self.entries_mut().entry(key.into())
    }
    pub fn iter(&self) -> indexmap::map::Iter<'_, String, Value> {
        self.0.iter()
    }
    pub fn iter_mut(&mut self) -> indexmap::map::IterMut<'_, String, Value> {
        self.entries_mut().iter_mut()
    }
    pub fn keys(&self) -> indexmap::map::Keys<'_, String, Value> {
        self.0.keys()
    }
    pub fn values(&self) -> indexmap::map::Values<'_, String, Value> {
        self.0.values()
    }
    pub fn retain(&mut self, keep: impl FnMut(&String, &mut Value) -> bool) {
        self.entries_mut().retain(keep)
    }
    /// The map under `key`, created empty when absent or null; `None` when
    /// the key holds something else.
    pub fn child_map_mut(&mut self, key: &str) -> Option<&mut Map> {
        if self.get(key).is_none_or(Value::is_null) {
            self.insert(key, Value::Map(Map::new()));
        }
        self.get_mut(key).and_then(Value::as_map_mut)
    }

    /// A copy of the value at a chain of map keys below this map.
    pub fn get_path_value(&self, keys: &[&str]) -> Option<Value> {
        let (first, rest) = keys.split_first()?;
        self.get(first)?.get_path(rest).cloned()
    }

    /// Sorts keys by byte order, as Go's encoding/json writes them.
    pub fn sort_keys(&mut self) {
        self.entries_mut().sort_keys()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = indexmap::map::Iter<'a, String, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = indexmap::map::IntoIter<String, Value>;
    fn into_iter(self) -> Self::IntoIter {
        Arc::unwrap_or_clone(self.0).into_iter()
    }
}

impl FromIterator<(String, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        Self(Arc::new(iter.into_iter().collect()))
    }
}

impl Value {
    /// Whether both are the same map, shared (see [`Map`]): equal without
    /// a look. `false` for anything else, equal or not.
    pub fn is_shared_map(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Map(a), Value::Map(b)) => a.shares_entries_with(b),
            _ => false,
        }
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
    pub fn is_map(&self) -> bool {
        matches!(self, Value::Map(_))
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_list(&self) -> Option<&Vec<Value>> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }
    pub fn as_list_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }
    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_map_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }
    /// The map under `key` of this map (see [`Map::child_map_mut`]).
    pub fn child_map_mut(&mut self, key: &str) -> Option<&mut Map> {
        self.as_map_mut().and_then(|m| m.child_map_mut(key))
    }

    /// `self[key]` for maps; `None` for a missing key or a non-map.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_map().and_then(|m| m.get(key))
    }
    /// Follows a chain of map keys.
    pub fn get_path(&self, keys: &[&str]) -> Option<&Value> {
        keys.iter().try_fold(self, |v, k| v.get(k))
    }
    /// A short name of the kind of value, for error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Int(_) => "integer",
            Value::Float(_) => "number",
            Value::String(_) => "string",
            Value::List(_) => "list",
            Value::Map(_) => "map",
        }
    }

    /// Compact JSON, keys in the map's own order.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        write_json(self, &mut out, false, false);
        out
    }

    /// Compact JSON with map keys sorted, as Go's encoding/json writes a
    /// map (the last-applied annotation, patches, hashes).
    pub fn to_json_sorted(&self) -> String {
        let mut out = String::new();
        write_json(self, &mut out, true, false);
        out
    }

    /// Compact JSON with map keys sorted, as json-iterator writes it for
    /// the `k:` and `v:` keys of FieldsV1 ([`write_jsoniter_string`]).
    pub fn to_jsoniter(&self) -> String {
        let mut out = String::new();
        self.write_jsoniter(&mut out);
        out
    }

    /// [`Value::to_jsoniter`] appended to `out`: a FieldsV1 key is written
    /// whole into one string, not assembled from a string per value.
    pub fn write_jsoniter(&self, out: &mut String) {
        write_json(self, out, true, true);
    }

    /// Reads JSON text, keeping key order and the int/float distinction
    /// (as serde_json reads it: see [`crate::json`]).
    pub fn from_json_str(text: &str) -> Result<Value, crate::json::JsonError> {
        crate::json::from_str(text)
    }
}

fn write_json(v: &Value, out: &mut String, sorted: bool, jsoniter: bool) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Float(f) => out.push_str(&format_float(*f)),
        Value::String(s) => write_escaped(s, out, !jsoniter, true),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out, sorted, jsoniter);
            }
            out.push(']');
        }
        Value::Map(m) => {
            out.push('{');
            let mut entries: Vec<(&String, &Value)> = m.iter().collect();
            if sorted {
                crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(b.0));
            }
            for (i, (k, val)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_escaped(k, out, !jsoniter, true);
                out.push(':');
                write_json(val, out, sorted, jsoniter);
            }
            out.push('}');
        }
    }
}

/// Formats a float as Go's encoding/json writes a float64 (`floatEncoder`
/// in encoding/json's encode.go): strconv's shortest digits that read back
/// the same, in plain notation, or in exponent notation below 1e-6 and
/// from 1e21 on, where Go trims the exponent's leading zero (`1e-7`,
/// `1e+21`). Zero is `0` (a negative zero reads back as the integer 0).
pub fn format_float(f: f64) -> String {
    if !f.is_finite() {
        return "null".to_string();
    }
    if f == 0.0 {
        return "0".to_string();
    }
    let (negative, digits, exp) = crate::float::shortest(f, false);
    let mut out = String::from(if negative { "-" } else { "" });
    if (1e-6..1e21).contains(&f.abs()) {
        // strconv's 'f' with precision -1.
        write_positional(&mut out, &digits, exp);
    } else {
        // `{:e}`'s digits, with the sign of a positive exponent as Go
        // writes it ("1e-7", "1e+21").
        write_mantissa(&mut out, &digits);
        let _ = write!(
            out,
            "e{}{}",
            if exp < 0 { "-" } else { "+" },
            exp.unsigned_abs()
        );
    }
    out
}

/// The digits with a point after the first (`1.25`; `1` alone).
pub(crate) fn write_mantissa(out: &mut String, digits: &[u8]) {
    let (first, rest) = digits.split_first().unwrap_or((&b'0', &[]));
    out.push(char::from(*first));
    if !rest.is_empty() {
        out.push('.');
        out.extend(rest.iter().map(|&d| char::from(d)));
    }
}

/// The digits times ten to `exp` (the exponent of the first digit) in
/// plain notation: `1500`, `0.015`.
pub(crate) fn write_positional(out: &mut String, digits: &[u8], exp: i32) {
    // `dp` digits before the point.
    let dp = exp + 1;
    let digit = |i: i32| -> char {
        usize::try_from(i)
            .ok()
            .and_then(|i| digits.get(i))
            .map_or('0', |&d| char::from(d))
    };
    if dp > 0 {
        (0..dp).for_each(|i| out.push(digit(i)));
    } else {
        out.push('0');
    }
    let decimals = digits.len() as i32 - dp;
    if decimals > 0 {
        out.push('.');
        (dp..dp + decimals).for_each(|i| out.push(digit(i)));
    }
}

/// The int64 a number is once Go's encoder has printed it and
/// `strconv.ParseInt` reads the text back: an integer, or an integral
/// float within int64 (printed without a fraction or an exponent, as
/// below 1e21 Go prints them); `None` for any other number or value.
pub fn wire_int(v: &Value) -> Option<i64> {
    // 2^63, the first float past int64.
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    match *v {
        Value::Int(i) => Some(i),
        Value::Float(f) if f == f.trunc() && (-TWO_63..TWO_63).contains(&f) => Some(f as i64),
        _ => None,
    }
}

/// Go's `%q` of a string (`strconv.Quote`), as messages quote names and
/// values: what Go's `IsPrint` takes for printable stays as it is, the
/// rest is escaped as `appendEscapedRune` escapes it.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    let _ = write_go_quoted(s, &mut out);
    out
}

/// [`go_quote`] written to `out`: paths in kubectl's notation quote
/// their keys' strings, and a copy of each was an allocation per path.
pub fn write_go_quoted(s: &str, out: &mut impl fmt::Write) -> fmt::Result {
    out.write_char('"')?;
    // Runs of characters that need no escape are written whole.
    let mut plain_from = 0;
    for (at, c) in s.char_indices() {
        if c != '"' && c != '\\' && go_printable(c) {
            continue;
        }
        out.write_str(s.get(plain_from..at).unwrap_or_default())?;
        plain_from = at + c.len_utf8();
        let code = c as u32;
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\u{7}' => out.write_str("\\a")?,
            '\u{8}' => out.write_str("\\b")?,
            '\u{c}' => out.write_str("\\f")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            '\u{b}' => out.write_str("\\v")?,
            _ if code < 0x20 || code == 0x7f => write!(out, "\\x{code:02x}")?,
            _ if code < 0x10000 => write!(out, "\\u{code:04x}")?,
            _ => write!(out, "\\U{code:08x}")?,
        }
    }
    out.write_str(s.get(plain_from..).unwrap_or_default())?;
    out.write_char('"')
}

/// Go's `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols
/// and the ASCII space. Outside ASCII and Latin-1 this follows the
/// categories Go leaves out by their ranges (other spaces, line and
/// paragraph separators, format characters, private use, noncharacters)
/// rather than Go's tables; characters Unicode has not assigned are taken
/// as printable.
pub(crate) fn go_printable(c: char) -> bool {
    let code = c as u32;
    match code {
        0x20..=0x7e => true,
        ..=0xff => code >= 0xa1 && code != 0xad,
        _ => {
            !matches!(
                code,
                0x0600..=0x0605
                    | 0x061c
                    | 0x06dd
                    | 0x070f
                    | 0x0890..=0x0891
                    | 0x08e2
                    | 0x1680
                    | 0x180e
                    | 0x2000..=0x200f
                    | 0x2028..=0x202f
                    | 0x205f..=0x2064
                    | 0x2066..=0x206f
                    | 0x3000
                    | 0xe000..=0xf8ff
                    | 0xfdd0..=0xfdef
                    | 0xfeff
                    | 0xfff9..=0xfffb
                    | 0x110bd
                    | 0x110cd
                    | 0x13430..=0x1343f
                    | 0x1bca0..=0x1bca3
                    | 0x1d173..=0x1d17a
                    | 0xe0001
                    | 0xe0020..=0xe007f
                    | 0xf0000..
            ) && code & 0xfffe != 0xfffe
        }
    }
}

/// Writes a JSON string literal as Go's encoding/json writes it: the
/// encoder of API responses (apimachinery v0.36.0
/// `runtime/serializer/json/json.go` `doEncode`: `json.NewEncoder(w)`;
/// unstructured objects through `util/json`'s `NewEncoder`), of the
/// last-applied annotation (`unstructured.UnstructuredJSONScheme`) and of
/// manager identifiers (`managedfields/internal/managedfields.go`:
/// `json.Marshal`). Kubernetes 1.36 is built with Go 1.26 (`go 1.26.0` in
/// apimachinery v0.36.0's go.mod), whose encoding/json (since Go 1.22)
/// writes U+0008 and U+000C as `\b` and `\f`; `<`, `>`, `&`, U+2028 and
/// U+2029 are escaped (HTML escaping is on by default).
pub fn write_json_string(s: &str, out: &mut String) {
    write_escaped(s, out, true, true);
}

/// Writes a JSON string literal as json-iterator v1.1.12 writes it with
/// `ConfigCompatibleWithStandardLibrary`, the encoder of FieldsV1
/// (structured-merge-diff v6.3.2, the version apimachinery v0.36.0
/// requires: `fieldpath/serialize-pe.go`'s `writePool`). Its
/// `stream_str.go` is a copy of encoding/json before Go 1.22: control
/// characters other than `\n`, `\r`, `\t` are `\u00XX`, so U+0008 is
/// `\u0008`. `html` is false for object field names, which
/// `WriteObjectField` writes with `WriteString`: no HTML escaping, and
/// U+2028 and U+2029 as they are.
pub fn write_jsoniter_string(s: &str, out: &mut String, html: bool) {
    write_escaped(s, out, false, html);
}

// Out of line: inlined into the recursive `write_json`, its formatting
// would enlarge every level's stack frame.
#[inline(never)]
fn write_escaped(s: &str, out: &mut String, short_bf: bool, html: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' if short_bf => out.push_str("\\b"),
            '\u{c}' if short_bf => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' if html => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// One step of a [`ValuePath`]: a map key or a list index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathSeg {
    Key(String),
    Index(usize),
}

/// Where a value sits inside a document, as map keys and list indices.
/// Errors carry one so that the boundary (CLI, web app) can turn it into a
/// line and column with the YAML reader's source map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct ValuePath(pub Vec<PathSeg>);

impl ValuePath {
    pub fn root() -> Self {
        ValuePath(Vec::new())
    }
    /// This path with a map key appended.
    pub fn key(&self, key: impl Into<String>) -> Self {
        let mut p = self.clone();
        p.0.push(PathSeg::Key(key.into()));
        p
    }
    /// This path with a list index appended.
    pub fn index(&self, i: usize) -> Self {
        let mut p = self.clone();
        p.0.push(PathSeg::Index(i));
        p
    }
    /// `prefix` followed by this path (errors are prefixed while the
    /// recursion unwinds, like SMD's `WithPrefix`).
    pub fn prefixed(&self, prefix: &ValuePath) -> Self {
        let mut p = prefix.clone();
        p.0.extend(self.0.iter().cloned());
        p
    }
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
}

/// `.spec.containers[0].name`; the root is `.`.
impl fmt::Display for ValuePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str(".");
        }
        for seg in &self.0 {
            match seg {
                PathSeg::Key(k) => write!(f, ".{k}")?,
                PathSeg::Index(i) => write!(f, "[{i}]")?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

impl From<serde_json::Value> for Value {
    fn from(v: serde_json::Value) -> Self {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Value::Int(i)
                } else if let Some(u) = n.as_u64() {
                    // Beyond int64: Go decodes it as a float64 as well.
                    Value::Float(u as f64)
                } else {
                    // Go reads the JSON number `-0` as the integer 0;
                    // serde_json reads it as -0.0 (and cannot tell it from
                    // `-0.0`, which upstream compares equal to 0). Found by
                    // fuzzing FieldsV1: "v:-0" must name the same item as
                    // "v:0".
                    let f = n.as_f64().unwrap_or(0.0);
                    if f == 0.0 {
                        Value::Int(0)
                    } else {
                        Value::Float(f)
                    }
                }
            }
            serde_json::Value::String(s) => Value::String(s),
            serde_json::Value::Array(a) => Value::List(a.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(o) => {
                Value::Map(o.into_iter().map(|(k, v)| (k, Value::from(v))).collect())
            }
        }
    }
}

impl From<&Value> for serde_json::Value {
    fn from(v: &Value) -> Self {
        match v {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Int(i) => serde_json::Value::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f)
                .map(serde_json::Value::Number)
                .unwrap_or(serde_json::Value::Null),
            Value::String(s) => serde_json::Value::String(s.clone()),
            Value::List(l) => serde_json::Value::Array(l.iter().map(Into::into).collect()),
            Value::Map(m) => {
                serde_json::Value::Object(m.iter().map(|(k, v)| (k.clone(), v.into())).collect())
            }
        }
    }
}

impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => s.serialize_i64(*i),
            Value::Float(f) => s.serialize_f64(*f),
            Value::String(v) => s.serialize_str(v),
            Value::List(l) => {
                let mut seq = s.serialize_seq(Some(l.len()))?;
                for item in l {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Map(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_string())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Self {
        Value::Int(i)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}
impl From<Map> for Value {
    fn from(m: Map) -> Self {
        Value::Map(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `to_json_pretty` writes what it wrote through `serde_json::Value`.
    #[test]
    fn pretty_json_matches_the_serde_json_value_path() {
        let mut m = Map::new();
        m.insert("f", Value::Float(f64::NAN));
        m.insert("g", Value::Float(1.5e300));
        m.insert("e", Value::Map(Map::new()));
        m.insert("l", Value::List(vec![]));
        m.insert(
            "z",
            Value::List(vec![Value::Int(-1), Value::Null, Value::from("é\n")]),
        );
        let v = Value::Map(m);
        let old = serde_json::to_string_pretty(&serde_json::Value::from(&v)).unwrap();
        assert_eq!(serde_json::to_string_pretty(&v).unwrap(), old);
    }

    /// Go 1.26's `strconv.Quote` (`appendEscapedRune`, `IsPrint`): named
    /// escapes for the seven C escapes, `\x` for other ASCII controls,
    /// `\u` and `\U` for what is not printable beyond ASCII; letters,
    /// marks, symbols (an emoji) and punctuation beyond ASCII as they are.
    #[test]
    fn go_quote_escapes_what_strconv_quote_escapes() {
        let cases = [
            ("web-1", r#""web-1""#),
            ("a\"b\\c", r#""a\"b\\c""#),
            ("\u{7}\u{8}\u{c}\n\r\t\u{b}", r#""\a\b\f\n\r\t\v""#),
            ("\u{0}\u{1b}\u{7f}", r#""\x00\x1b\x7f""#),
            ("\u{85}\u{a0}\u{ad}", r#""\u0085\u00a0\u00ad""#),
            ("é ü ½ ¡", r#""é ü ½ ¡""#),
            (
                "a\u{200b}b\u{2028}\u{feff}\u{3000}",
                r#""a\u200bb\u2028\ufeff\u3000""#,
            ),
            ("\u{e000}\u{fffe}", r#""\ue000\ufffe""#),
            ("日本 — 😀", r#""日本 — 😀""#),
            ("\u{e0001}\u{10fffd}", r#""\U000e0001\U0010fffd""#),
        ];
        for (text, quoted) in cases {
            assert_eq!(go_quote(text), quoted, "{text:?}");
        }
    }

    #[test]
    fn map_equality_ignores_order() {
        let a = Value::from_json_str(r#"{"a":1,"b":[1,2]}"#).unwrap();
        let b = Value::from_json_str(r#"{"b":[1,2],"a":1}"#).unwrap();
        assert_eq!(a, b);
        let c = Value::from_json_str(r#"{"b":[2,1],"a":1}"#).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn value_path_display() {
        let p = ValuePath::root()
            .key("spec")
            .key("containers")
            .index(0)
            .key("name");
        assert_eq!(p.to_string(), ".spec.containers[0].name");
        assert_eq!(ValuePath::root().to_string(), ".");
        assert_eq!(
            p.prefixed(&ValuePath::root().key("steps").index(2))
                .to_string(),
            ".steps[2].spec.containers[0].name"
        );
    }

    #[test]
    fn int_and_float_differ() {
        assert_eq!(Value::from_json_str("1").unwrap(), Value::Int(1));
        assert_eq!(Value::from_json_str("1.5").unwrap(), Value::Float(1.5));
        assert_ne!(Value::Int(1), Value::Float(1.0));
    }

    /// Floats as encoding/json writes them (values checked against Go's
    /// `json.Marshal` of a float64).
    #[test]
    fn floats_as_go_json_writes_them() {
        for (f, go) in [
            (5.0, "5"),
            (-2.5, "-2.5"),
            (0.1, "0.1"),
            (-0.0, "0"),
            (1e20, "100000000000000000000"),
            (123456789012345678901.0, "123456789012345680000"),
            (9007199254740993.0, "9007199254740992"),
            (1e21, "1e+21"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (-1.25e-10, "-1.25e-10"),
            (f64::NAN, "null"),
        ] {
            assert_eq!(format_float(f), go, "{f:e}");
        }
    }

    /// Plain notation built from `{:e}`'s digits is what `{}` prints.
    #[test]
    fn plain_floats_as_display_prints_them() {
        let mut bits = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200_000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            // Exponents from about 1e-7 to 1e22.
            let f = f64::from_bits(
                (bits & 0x800F_FFFF_FFFF_FFFF) | ((0x3E7 + (bits >> 52) % 0x5F) << 52),
            );
            if (1e-6..1e21).contains(&f.abs()) {
                assert_eq!(format_float(f), format!("{f}"), "{f:e}");
            }
        }
        for f in [
            1.0,
            10.0,
            1e20,
            123456.0,
            0.5,
            0.000001,
            0.0000012345,
            99.99,
            1e-6,
            9.99e20,
        ] {
            assert_eq!(format_float(f), format!("{f}"));
            assert_eq!(format_float(-f), format!("{}", -f));
        }
    }

    #[test]
    fn sorted_json_as_go_writes_it() {
        let v = Value::from_json_str(r#"{"protocol":"TCP","containerPort":80}"#).unwrap();
        assert_eq!(
            v.to_json_sorted(),
            r#"{"containerPort":80,"protocol":"TCP"}"#
        );
        assert_eq!(v.to_json(), r#"{"protocol":"TCP","containerPort":80}"#);
        assert_eq!(Value::from("a<b").to_json(), r#""a\u003cb""#);
    }

    /// Go 1.22's encoding/json (the release notes: "Marshaling and
    /// encoding functionality now escapes '\b' and '\f' characters as \b
    /// and \f instead of \u0008 and \u000c"), which Kubernetes 1.36 is
    /// built with; json-iterator v1.1.12 `stream_str.go` (SMD's FieldsV1
    /// encoder) keeps `\u00XX`, and `WriteObjectField` skips HTML escapes.
    #[test]
    fn string_escapes_of_each_encoder() {
        let s = "a\u{8}b\u{c}c\u{1}<&>\u{2028}\n\"\\";
        let mut go = String::new();
        write_json_string(s, &mut go);
        assert_eq!(go, r#""a\bb\fc\u0001\u003c\u0026\u003e\u2028\n\"\\""#);
        let mut iter = String::new();
        write_jsoniter_string(s, &mut iter, true);
        assert_eq!(
            iter,
            r#""a\u0008b\u000cc\u0001\u003c\u0026\u003e\u2028\n\"\\""#
        );
        let mut name = String::new();
        write_jsoniter_string(s, &mut name, false);
        assert_eq!(name, "\"a\\u0008b\\u000cc\\u0001<&>\u{2028}\\n\\\"\\\\\"");
        let v = Value::from_json_str(r#"{"b":"\b","a":"\f"}"#).unwrap();
        assert_eq!(v.to_json_sorted(), r#"{"a":"\f","b":"\b"}"#);
        assert_eq!(v.to_jsoniter(), r#"{"a":"\u000c","b":"\u0008"}"#);
    }
}
