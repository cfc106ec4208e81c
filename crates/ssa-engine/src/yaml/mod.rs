//! YAML as kubectl reads it, with the place of every node.
//!
//! kubectl turns YAML into JSON with sigs.k8s.io/yaml over go-yaml v2
//! (YAML 1.1 plain scalars: `yes`, `no`, `on`, `off`, `y`, `n` are
//! booleans, also as map keys; `0x1F` and `017` are integers; a repeated
//! key keeps its last value; `<<` merges in document order), and
//! [`parse`] reads the same value. Every node's line and column is kept in
//! a [`SourceMap`] keyed by its [`ValuePath`], so an error found anywhere
//! later (a bad step, a type error in a manifest) can point at the user's
//! text. [`to_yaml_string`] writes a value back as `kubectl get -o yaml`
//! prints it.
//!
//! The reader is iterative (an explicit stack, no recursion) and bounded:
//! nesting depth, input size and alias expansion are limited, so no input
//! can overflow the stack or blow up memory.

mod emit;
mod lenient;
mod read;
mod scalar;

pub use emit::{
    LineNode, LineNodes, to_yaml_string, to_yaml_string_with_lines, to_yaml_string_with_nodes,
};
#[cfg(feature = "crd-validation")]
pub(crate) use scalar::decode_base64_url;
pub(crate) use scalar::{decode_base64, encode_base64, go_format_g};

use crate::value::{PathSeg, Value, ValuePath};
use indexmap::IndexMap;
use std::fmt;

/// Deepest nesting of maps and lists accepted.
pub const MAX_DEPTH: usize = 1000;
/// Largest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;
/// Most nodes that aliases may expand to in one document.
pub const MAX_ALIAS_NODES: usize = 1_000_000;

/// A place in the text: 1-based line and column, the column counted in
/// Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Location {
    pub line: u32,
    pub column: u32,
}

impl Location {
    pub fn new(line: u32, column: u32) -> Self {
        Location { line, column }
    }

    /// The 1-based column in UTF-16 code units, as browser editors count,
    /// of this place in `text` (the text the location was read from).
    pub fn utf16_column(&self, text: &str) -> u32 {
        let Some(line) = text.split('\n').nth(self.line.saturating_sub(1) as usize) else {
            return self.column;
        };
        let before = self.column.saturating_sub(1) as usize;
        let units: usize = line.chars().take(before).map(char::len_utf16).sum();
        u32::try_from(units).map_or(u32::MAX, |u| u.saturating_add(1))
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Text that is not YAML kubectl would read, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct YamlError {
    pub message: String,
    pub location: Location,
}

impl YamlError {
    fn new(message: impl Into<String>, location: Location) -> Self {
        YamlError {
            message: message.into(),
            location,
        }
    }
}

/// Where each node of a document starts, in document order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SourceMap {
    values: PlaceMap,
    keys: PlaceMap,
    /// Keys repeated in their map: the path, where the repetition is and
    /// where the key first was. The value read keeps the last one, as
    /// kubectl does; callers that must refuse them (the scenario format)
    /// can.
    repeated: Vec<(ValuePath, Location, Location)>,
}

/// Paths to places, hashed with the fast hasher `value::Map` uses: a
/// document records one entry per node, and SipHash over every path stood
/// out in profiles of reading a cluster export.
type PlaceMap = IndexMap<ValuePath, Location, rustc_hash::FxBuildHasher>;

impl SourceMap {
    /// Where the value at `path` starts.
    pub fn location(&self, path: &ValuePath) -> Option<Location> {
        self.values.get(path).copied()
    }

    /// Where the map key naming the last segment of `path` is.
    pub fn key_location(&self, path: &ValuePath) -> Option<Location> {
        self.keys.get(path).copied()
    }

    /// The place of `path`, or of its longest prefix the document has (an
    /// error about a missing field points at the map that lacks it).
    pub fn nearest(&self, path: &ValuePath) -> Location {
        let mut probe = path.clone();
        loop {
            if let Some(l) = self.values.get(&probe) {
                return *l;
            }
            if probe.0.pop().is_none() {
                return Location::new(1, 1);
            }
        }
    }

    /// Every repeated map key (its path, where it is repeated and where it
    /// first was), in document order.
    pub fn repeated_keys(&self) -> &[(ValuePath, Location, Location)] {
        &self.repeated
    }

    /// Every node's path with the line its value starts on, and the line
    /// of its key for map entries, in document order.
    pub fn lines(&self) -> impl Iterator<Item = (&ValuePath, u32)> {
        self.values
            .iter()
            .map(|(p, l)| (p, l.line))
            .chain(self.keys.iter().map(|(p, l)| (p, l.line)))
    }

    /// This map with every path put below `prefix`.
    pub fn prefixed(&self, prefix: &ValuePath) -> SourceMap {
        let below = |m: &PlaceMap| m.iter().map(|(k, v)| (k.prefixed(prefix), *v)).collect();
        SourceMap {
            values: below(&self.values),
            keys: below(&self.keys),
            repeated: self
                .repeated
                .iter()
                .map(|(p, l, first)| (p.prefixed(prefix), *l, *first))
                .collect(),
        }
    }

    /// Every place moved by `to` (a text read rewritten, back to the
    /// text the user wrote).
    fn relocate(&mut self, to: impl Fn(Location) -> Location) {
        for at in self.values.values_mut().chain(self.keys.values_mut()) {
            *at = to(*at);
        }
        for (_, at, first) in &mut self.repeated {
            *at = to(*at);
            *first = to(*first);
        }
    }

    /// Forgets every place at or below `path` (a repeated key replaces
    /// the earlier value and all it held).
    fn forget_below(&mut self, path: &ValuePath) {
        let keep = |p: &ValuePath, _: &mut Location| !p.0.starts_with(&path.0);
        self.values.retain(keep);
        self.keys.retain(keep);
    }
}

/// One YAML document: its value and where each node is.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub value: Value,
    pub source_map: SourceMap,
}

/// Reads a text holding one document (JSON is YAML too). An empty text,
/// or one of only comments, is `null`. Documents that are empty or
/// `null` are skipped as kubectl skips them; two documents with content
/// are an error at the start of the second.
pub fn parse(text: &str) -> Result<Document, YamlError> {
    parse_places(text, Places::All)
}

/// Which nodes of a document a reading records the place of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Places {
    /// Every node: a scenario's errors point anywhere into it.
    All,
    /// The document itself and, through Lists, their items: every value
    /// of a key `items` and every item of such a value, at any depth (a
    /// stream of objects needs the place of each object, of Lists nested
    /// in Lists too; recording every field of every object, managedFields
    /// included, cost as much as the reading).
    ListItems,
    /// A scenario's own keys (top level, each step, each step's `expect`
    /// and its conflicts) and everything in its `schema`, but not the
    /// fields of the manifests (`live`, a step's `object` and `patch`),
    /// which only their own nodes are recorded of: the scenario's errors
    /// are about its keys or its schema, never inside a manifest, and
    /// recording each field of a large manifest cost more than reading
    /// it.
    Scenario,
}

impl Places {
    /// Whether the value of `key` is recorded, in the map at `map` that
    /// is.
    fn records_key(self, map: &ValuePath, key: &str) -> bool {
        match self {
            Places::All => true,
            Places::ListItems => key == "items",
            Places::Scenario => {
                use PathSeg::{Index, Key};
                match map.0.as_slice() {
                    [] => true,
                    [Key(s), ..] if s == "schema" => true,
                    [Key(s), Index(_)] if s == "steps" => true,
                    [Key(s), Index(_), Key(e)] => s == "steps" && e == "expect",
                    [Key(s), Index(_), Key(e), Key(c), Index(_)] => {
                        s == "steps" && e == "expect" && c == "conflicts"
                    }
                    _ => false,
                }
            }
        }
    }

    /// Whether the items of the list at `list` are recorded, when the
    /// list is.
    fn records_item(self, list: &ValuePath) -> bool {
        match self {
            Places::All => true,
            Places::ListItems => matches!(list.0.last(), Some(PathSeg::Key(k)) if k == "items"),
            Places::Scenario => {
                use PathSeg::{Index, Key};
                match list.0.as_slice() {
                    [Key(s)] if s == "steps" => true,
                    [Key(s), ..] if s == "schema" => true,
                    [Key(s), Index(_), Key(e), Key(c)] => {
                        s == "steps" && e == "expect" && c == "conflicts"
                    }
                    _ => false,
                }
            }
        }
    }
}

/// [`parse`] recording only the places `places` asks for (other paths
/// report their nearest recorded ancestor).
pub fn parse_places(text: &str, places: Places) -> Result<Document, YamlError> {
    let mut docs = read::documents(text, places)?.into_iter();
    let Some(first) = docs.next() else {
        return Ok(Document {
            value: Value::Null,
            source_map: SourceMap::default(),
        });
    };
    match docs.next() {
        None => Ok(first.document),
        Some(second) => Err(YamlError::new(
            "expected one YAML document, found another here (documents are separated by ---)",
            second.start,
        )),
    }
}

/// Reads every document of a stream (`---` separated), skipping the ones
/// that are empty or `null`, as kubectl does.
pub fn parse_all(text: &str) -> Result<Vec<Document>, YamlError> {
    Ok(read::documents(text, Places::All)?
        .into_iter()
        .map(|d| d.document)
        .collect())
}

#[cfg(test)]
mod tests;
