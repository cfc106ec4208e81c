//! One step of a field path, and the total order structured-merge-diff
//! puts on path elements and values.

use crate::value::{Value, format_float, go_quote, write_go_quoted};
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// The name in a [`PathElement::Field`]. Field sets name every field of
/// an object and are copied and compared on every write, so names are held
/// inline when short (nearly all Kubernetes field names are) and shared
/// when long: neither copying nor comparing one allocates.
#[derive(Clone)]
pub struct FieldName(NameRepr);

/// How many bytes a name may have to be held inline (the size of the
/// shared form, so that a name is never bigger than a `String`).
const INLINE_NAME: usize = 22;

#[derive(Clone)]
enum NameRepr {
    /// The length, then the bytes (UTF-8, since they come from a `&str`).
    Inline(u8, [u8; INLINE_NAME]),
    Shared(Arc<str>),
}

impl FieldName {
    pub fn new(name: &str) -> Self {
        let bytes = name.as_bytes();
        if bytes.len() <= INLINE_NAME {
            let mut inline = [0u8; INLINE_NAME];
            inline[..bytes.len()].copy_from_slice(bytes);
            FieldName(NameRepr::Inline(bytes.len() as u8, inline))
        } else {
            FieldName(NameRepr::Shared(Arc::from(name)))
        }
    }

    fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            NameRepr::Inline(len, bytes) => &bytes[..usize::from(*len)],
            NameRepr::Shared(s) => s.as_bytes(),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Always valid: the bytes were copied whole from a `&str`.
            NameRepr::Inline(..) => std::str::from_utf8(self.as_bytes()).unwrap_or_default(),
            NameRepr::Shared(s) => s,
        }
    }
}

impl std::ops::Deref for FieldName {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for FieldName {
    fn from(name: &str) -> Self {
        FieldName::new(name)
    }
}

impl From<&String> for FieldName {
    fn from(name: &String) -> Self {
        FieldName::new(name)
    }
}

impl From<String> for FieldName {
    fn from(name: String) -> Self {
        FieldName::new(&name)
    }
}

/// Equality, order and hash are those of the string (byte order is the
/// order of Go's string comparison).
impl PartialEq for FieldName {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for FieldName {}

impl PartialEq<str> for FieldName {
    fn eq(&self, other: &str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<&str> for FieldName {
    fn eq(&self, other: &&str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Ord for FieldName {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl PartialOrd for FieldName {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::hash::Hash for FieldName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl fmt::Debug for FieldName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for FieldName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The key of one item of a map list: its key fields and their values,
/// sorted by field name (as SMD keeps them). Shared, not copied: a path
/// element is cloned into every set, path and view that names the item,
/// and a copy was an allocation per field name and per string value. The
/// names are [`FieldName`]s, held inline: naming each of a large list's
/// items then allocates nothing per key field name, and comparing two
/// keys (sorting a list's items into a set) reads no name from the heap.
#[derive(Clone, Debug)]
pub struct KeyFields(Arc<[(FieldName, Value)]>);

impl Default for KeyFields {
    fn default() -> Self {
        KeyFields(Arc::from(Vec::new()))
    }
}

impl KeyFields {
    /// Builds a key from (field, value) pairs in any order.
    pub fn new<N: Into<FieldName>>(fields: impl IntoIterator<Item = (N, Value)>) -> Self {
        let mut fields: Vec<(FieldName, Value)> = fields
            .into_iter()
            .map(|(name, value)| (name.into(), value))
            .collect();
        crate::sort::sort_by(&mut fields, |a, b| a.0.cmp(&b.0));
        KeyFields(Arc::from(fields))
    }
    pub fn fields(&self) -> &[(FieldName, Value)] {
        &self.0
    }
    /// The key as a JSON object with sorted keys: the form of a FieldsV1
    /// `k:` entry, as SMD's `serializePathElementToWriter` writes it with
    /// json-iterator: names by `WriteObjectField` (not HTML-escaped),
    /// values by `WriteVal`.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// [`KeyFields::to_json`] appended to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push('{');
        for (i, (name, value)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            crate::value::write_jsoniter_string(name, out, false);
            out.push(':');
            value.write_jsoniter(out);
        }
        out.push('}');
    }
}

// Equality follows the order (and the hash): as in SMD, key values that
// are numbers compare by value, so 4 and 4.0 name the same item.
impl PartialEq for KeyFields {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for KeyFields {}

impl Ord for KeyFields {
    fn cmp(&self, other: &Self) -> Ordering {
        if Arc::ptr_eq(&self.0, &other.0) {
            return Ordering::Equal;
        }
        for (a, b) in self.0.iter().zip(other.0.iter()) {
            let c = a.0.cmp(&b.0).then_with(|| compare_values(&a.1, &b.1));
            if c != Ordering::Equal {
                return c;
            }
        }
        self.0.len().cmp(&other.0.len())
    }
}

impl PartialOrd for KeyFields {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::hash::Hash for KeyFields {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for (k, v) in self.0.iter() {
            k.hash(state);
            hash_value(v, state);
        }
    }
}

/// Hashes a value consistently with [`compare_values`] equality: ints and
/// floats that compare equal hash alike, map key order does not matter.
fn hash_value<H: std::hash::Hasher>(v: &Value, state: &mut H) {
    use std::hash::Hash;
    match v {
        Value::Null => 0u8.hash(state),
        Value::Bool(b) => b.hash(state),
        Value::Int(i) => (*i as f64).to_bits().hash(state),
        Value::Float(f) => f.to_bits().hash(state),
        Value::String(s) => s.hash(state),
        Value::List(items) => {
            items.len().hash(state);
            for item in items {
                hash_value(item, state);
            }
        }
        // Order-independent: only the size; equal maps still hash alike.
        Value::Map(m) => m.len().hash(state),
    }
}

/// One step of a path. The variant order is the sort order: field names
/// first, then map-list keys, then set values, then list indices.
#[derive(Clone, Debug)]
pub enum PathElement {
    /// A field of a struct or a key of a map.
    Field(FieldName),
    /// An item of a map list, by its key fields.
    Key(KeyFields),
    /// An item of a set, by its value.
    Value(Value),
    /// An item of an atomic-ish list by position (deduced or associative
    /// lists without keys whose items are not scalars).
    Index(usize),
}

impl PathElement {
    fn rank(&self) -> u8 {
        match self {
            PathElement::Field(_) => 0,
            PathElement::Key(_) => 1,
            PathElement::Value(_) => 2,
            PathElement::Index(_) => 3,
        }
    }
    pub fn field_name(&self) -> Option<&str> {
        match self {
            PathElement::Field(name) => Some(name),
            _ => None,
        }
    }
}

// Equality follows the order (and the hash): a set item 4.0 and the
// FieldsV1 entry "v:4" name the same item, as in SMD.
impl PartialEq for PathElement {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for PathElement {}

impl Ord for PathElement {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (PathElement::Field(a), PathElement::Field(b)) => a.cmp(b),
            (PathElement::Key(a), PathElement::Key(b)) => a.cmp(b),
            (PathElement::Value(a), PathElement::Value(b)) => compare_values(a, b),
            (PathElement::Index(a), PathElement::Index(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for PathElement {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::hash::Hash for PathElement {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rank().hash(state);
        match self {
            PathElement::Field(f) => f.hash(state),
            PathElement::Key(k) => k.hash(state),
            PathElement::Value(v) => hash_value(v, state),
            PathElement::Index(i) => i.hash(state),
        }
    }
}

/// `.name`, `[name="nginx"]`, `[=value]`, `[3]` — SMD's `PathElement.String`.
impl fmt::Display for PathElement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathElement::Field(name) => {
                f.write_str(".")?;
                f.write_str(name)
            }
            PathElement::Key(key) => {
                f.write_str("[")?;
                for (i, (name, value)) in key.0.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    f.write_str(name)?;
                    f.write_str("=")?;
                    write_value(value, f)?;
                }
                f.write_str("]")
            }
            PathElement::Value(v) => {
                f.write_str("[=")?;
                write_value(v, f)?;
                f.write_str("]")
            }
            PathElement::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// [`value_to_string`] written to `f`; a string (the usual key) is quoted
/// straight into it, without a copy of its own.
fn write_value(v: &Value, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match v {
        Value::String(s) => write_go_quoted(s, f),
        other => f.write_str(&value_to_string(other)),
    }
}

/// SMD's `value.ToString`: strings quoted Go-style (`%q`), lists in
/// brackets with commas, a map's entries as `key=value` with nothing
/// between them (in Go's map order upstream, which is random for two
/// entries or more: here in the object's order), other values as Go's
/// `%v` prints them.
fn value_to_string(v: &Value) -> String {
    match v {
        Value::String(s) => go_quote(s),
        Value::Float(x) => format_float(*x),
        Value::List(items) => {
            let inner: Vec<String> = items.iter().map(value_to_string).collect();
            format!("[{}]", inner.join(","))
        }
        Value::Map(m) => m
            .iter()
            .map(|(k, v)| format!("{k}={}", value_to_string(v)))
            .collect(),
        other => other.to_json(),
    }
}

/// The total order SMD puts on values (`value.Compare`): numbers (ints and
/// floats compared numerically) < strings < booleans < lists < maps < null.
pub fn compare_values(a: &Value, b: &Value) -> Ordering {
    fn rank(v: &Value) -> u8 {
        match v {
            Value::Int(_) | Value::Float(_) => 0,
            Value::String(_) => 1,
            Value::Bool(_) => 2,
            Value::List(_) => 3,
            Value::Map(_) => 4,
            Value::Null => 5,
        }
    }
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        (Value::Float(x), Value::Float(y)) => compare_floats(*x, *y),
        (Value::Int(x), Value::Float(y)) => compare_floats(*x as f64, *y),
        (Value::Float(x), Value::Int(y)) => compare_floats(*x, *y as f64),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::List(x), Value::List(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                let c = compare_values(p, q);
                if c != Ordering::Equal {
                    return c;
                }
            }
            x.len().cmp(&y.len())
        }
        (Value::Map(x), Value::Map(y)) => {
            // SMD compares maps by sorted keys, then values, then size.
            let mut xk: Vec<&String> = x.keys().collect();
            let mut yk: Vec<&String> = y.keys().collect();
            crate::sort::sort(&mut xk);
            crate::sort::sort(&mut yk);
            for (p, q) in xk.iter().zip(yk.iter()) {
                let c = p.cmp(q).then_with(|| match (x.get(p), y.get(q)) {
                    (Some(pv), Some(qv)) => compare_values(pv, qv),
                    _ => Ordering::Equal,
                });
                if c != Ordering::Equal {
                    return c;
                }
            }
            xk.len().cmp(&yk.len())
        }
        _ => rank(a).cmp(&rank(b)),
    }
}

fn compare_floats(x: f64, y: f64) -> Ordering {
    x.partial_cmp(&y).unwrap_or(Ordering::Equal)
}
