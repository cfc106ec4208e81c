//! YAML as kubectl reads it, with the place of every node.
//!
//! kubectl turns YAML into JSON with go-yaml v2 rules (YAML 1.1 plain
//! scalars: `yes`, `no`, `on`, `off`, `y`, `n` are booleans, also as map
//! keys; `0x1F` and `017` are integers), so that is what [`parse`] does.
//! Every node's line and column is kept in a [`SourceMap`] keyed by its
//! [`ValuePath`], so an error found anywhere later (a bad step, a type
//! error in a manifest) can point at the user's text.
//!
//! The reader is iterative (an explicit stack, no recursion) and bounded:
//! nesting depth, input size and alias expansion are limited, so no input
//! can overflow the stack or blow up memory.

mod emit;
mod scalar;

pub use emit::to_yaml_string;

use crate::value::{Map, PathSeg, Value, ValuePath};
use std::collections::HashMap;
use std::fmt;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Deepest nesting of maps and lists accepted.
pub const MAX_DEPTH: usize = 1000;
/// Largest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;
/// Most nodes that aliases may expand to in one document.
pub const MAX_ALIAS_NODES: usize = 1_000_000;

/// A place in the text: 1-based line and column (column in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Location {
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

fn location(mark: Marker) -> Location {
    Location {
        line: mark.line() as u32,
        column: mark.col() as u32 + 1,
    }
}

/// Text that is not YAML kubectl would read, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct YamlError {
    pub message: String,
    pub location: Location,
}

/// Where each node of a document starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SourceMap {
    values: HashMap<ValuePath, Location>,
    keys: HashMap<ValuePath, Location>,
}

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
        let mut p = path.0.as_slice();
        loop {
            let key = ValuePath(p.to_vec());
            if let Some(l) = self.values.get(&key) {
                return *l;
            }
            match p.split_last() {
                Some((_, init)) => p = init,
                None => return Location { line: 1, column: 1 },
            }
        }
    }

    /// Every node's path with the line its value starts on, and the line
    /// of its key for map entries.
    pub fn lines(&self) -> impl Iterator<Item = (&ValuePath, u32)> {
        self.values
            .iter()
            .map(|(p, l)| (p, l.line))
            .chain(self.keys.iter().map(|(p, l)| (p, l.line)))
    }

    /// This map with every path put below `prefix`.
    pub fn prefixed(&self, prefix: &ValuePath) -> SourceMap {
        SourceMap {
            values: self
                .values
                .iter()
                .map(|(k, v)| (k.prefixed(prefix), *v))
                .collect(),
            keys: self
                .keys
                .iter()
                .map(|(k, v)| (k.prefixed(prefix), *v))
                .collect(),
        }
    }
}

/// One YAML document: its value and where each node is.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub value: Value,
    pub source_map: SourceMap,
}

/// Reads a text holding one document (JSON is YAML too). An empty text is
/// `null`; several documents are an error.
pub fn parse(text: &str) -> Result<Document, YamlError> {
    let mut docs = parse_all(text)?;
    match docs.len() {
        0 => Ok(Document {
            value: Value::Null,
            source_map: SourceMap::default(),
        }),
        1 => Ok(docs.remove(0)),
        _ => Err(YamlError {
            message: "expected one YAML document, found several (separated by ---)".to_string(),
            location: docs[1].source_map.nearest(&ValuePath::root()),
        }),
    }
}

/// Reads every document of a stream.
pub fn parse_all(text: &str) -> Result<Vec<Document>, YamlError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(YamlError {
            message: format!(
                "input is {} bytes, more than the {} accepted",
                text.len(),
                MAX_INPUT_BYTES
            ),
            location: Location { line: 1, column: 1 },
        });
    }
    let mut parser = Parser::new_from_str(text);
    let mut builder = Builder::default();
    let mut docs = Vec::new();
    loop {
        let (event, mark) = parser.next_token().map_err(|e| {
            let here = location(*e.marker());
            // The scanner has a nesting limit of its own, below ours.
            let message = if e.info().contains("recursion limit") {
                format!(
                    "nesting deeper than the YAML reader allows at line {}",
                    here.line
                )
            } else {
                e.info().to_string()
            };
            YamlError {
                message,
                location: here,
            }
        })?;
        match event {
            Event::StreamEnd => break,
            Event::DocumentStart => builder = Builder::default(),
            Event::DocumentEnd => {
                let b = std::mem::take(&mut builder);
                docs.push(b.finish());
            }
            other => builder.event(other, mark)?,
        }
    }
    Ok(docs)
}

/// A map or list being read.
enum Frame {
    List {
        items: Vec<Value>,
        anchor: usize,
        path: ValuePath,
    },
    Map {
        map: Map,
        anchor: usize,
        path: ValuePath,
        key: Option<(String, Location)>,
        merged: Vec<Map>,
    },
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    root: Option<Value>,
    anchors: HashMap<usize, Value>,
    alias_budget: usize,
    source_map: SourceMap,
}

impl Builder {
    fn finish(self) -> Document {
        Document {
            value: self.root.unwrap_or(Value::Null),
            source_map: self.source_map,
        }
    }

    /// The path of the node that comes next, and whether it is a map key.
    fn next_path(&self) -> (ValuePath, bool) {
        match self.stack.last() {
            None => (ValuePath::root(), false),
            Some(Frame::List { items, path, .. }) => (path.index(items.len()), false),
            Some(Frame::Map {
                key: Some((k, _)),
                path,
                ..
            }) => (path.key(k.clone()), false),
            Some(Frame::Map {
                key: None, path, ..
            }) => (path.clone(), true),
        }
    }

    fn event(&mut self, event: Event, mark: Marker) -> Result<(), YamlError> {
        let here = location(mark);
        let err = |message: String| YamlError {
            message,
            location: here,
        };
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                let (path, is_key) = self.next_path();
                let value = scalar::resolve(&text, style, tag.as_ref()).map_err(err)?;
                if is_key {
                    let key = scalar::key_string(&value, &text, style).map_err(err)?;
                    self.source_map.keys.insert(self.path_below_top(&key), here);
                    if let Some(Frame::Map { key: slot, .. }) = self.stack.last_mut() {
                        *slot = Some((key, here));
                    }
                    return Ok(());
                }
                self.source_map.values.insert(path, here);
                if anchor > 0 {
                    self.anchors.insert(anchor, value.clone());
                }
                self.push_value(value, here)
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                let (path, is_key) = self.next_path();
                if is_key {
                    return Err(err("a map or list cannot be a map key".to_string()));
                }
                if self.stack.len() >= MAX_DEPTH {
                    return Err(err(format!(
                        "nesting deeper than {MAX_DEPTH} levels at line {}",
                        here.line
                    )));
                }
                self.source_map.values.insert(path.clone(), here);
                self.stack
                    .push(if matches!(event, Event::SequenceStart(..)) {
                        Frame::List {
                            items: Vec::new(),
                            anchor,
                            path,
                        }
                    } else {
                        Frame::Map {
                            map: Map::new(),
                            anchor,
                            path,
                            key: None,
                            merged: Vec::new(),
                        }
                    });
                Ok(())
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(frame) = self.stack.pop() else {
                    return Err(err("unbalanced end of a map or list".into()));
                };
                let (value, anchor) = match frame {
                    Frame::List { items, anchor, .. } => (Value::List(items), anchor),
                    Frame::Map {
                        mut map,
                        anchor,
                        merged,
                        ..
                    } => {
                        // `<<` merges: keys of the map itself win, then the
                        // first merged map's, and so on.
                        for m in merged {
                            for (k, v) in m {
                                if !map.contains_key(&k) {
                                    map.insert(k, v);
                                }
                            }
                        }
                        (Value::Map(map), anchor)
                    }
                };
                if anchor > 0 {
                    self.anchors.insert(anchor, value.clone());
                }
                self.push_value(value, here)
            }
            Event::Alias(id) => {
                let (path, is_key) = self.next_path();
                let Some(value) = self.anchors.get(&id).cloned() else {
                    return Err(err("unknown anchor".to_string()));
                };
                self.alias_budget += count_nodes(&value);
                if self.alias_budget > MAX_ALIAS_NODES {
                    return Err(err(format!(
                        "aliases expand to more than {MAX_ALIAS_NODES} nodes"
                    )));
                }
                if is_key {
                    let key = scalar::key_string(&value, "", TScalarStyle::Plain).map_err(err)?;
                    if let Some(Frame::Map { key: slot, .. }) = self.stack.last_mut() {
                        *slot = Some((key, here));
                    }
                    return Ok(());
                }
                self.source_map.values.insert(path, here);
                self.push_value(value, here)
            }
            Event::StreamStart
            | Event::StreamEnd
            | Event::DocumentStart
            | Event::DocumentEnd
            | Event::Nothing => Ok(()),
        }
    }

    fn path_below_top(&self, key: &str) -> ValuePath {
        match self.stack.last() {
            Some(Frame::Map { path, .. }) => path.key(key),
            _ => ValuePath(vec![PathSeg::Key(key.to_string())]),
        }
    }

    /// Places a finished value into its parent (or as the root).
    fn push_value(&mut self, value: Value, here: Location) -> Result<(), YamlError> {
        match self.stack.last_mut() {
            None => {
                self.root = Some(value);
                Ok(())
            }
            Some(Frame::List { items, .. }) => {
                items.push(value);
                Ok(())
            }
            Some(Frame::Map {
                map, key, merged, ..
            }) => {
                let Some((k, _)) = key.take() else {
                    return Err(YamlError {
                        message: "a map value without a key".into(),
                        location: here,
                    });
                };
                if k == "<<" {
                    match value {
                        Value::Map(m) => merged.push(m),
                        Value::List(items) => {
                            for item in items {
                                match item {
                                    Value::Map(m) => merged.push(m),
                                    _ => {
                                        return Err(YamlError {
                                            message: "map merge requires a map or a list of maps"
                                                .into(),
                                            location: here,
                                        });
                                    }
                                }
                            }
                        }
                        _ => {
                            return Err(YamlError {
                                message: "map merge requires a map or a list of maps".into(),
                                location: here,
                            });
                        }
                    }
                    return Ok(());
                }
                // A repeated key: the last one wins, as kubectl's YAML-to-JSON
                // conversion keeps it.
                map.insert(k, value);
                Ok(())
            }
        }
    }
}

/// Nodes in a value, for the alias budget.
fn count_nodes(v: &Value) -> usize {
    let mut n = 0;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        n += 1;
        match v {
            Value::List(items) => stack.extend(items.iter()),
            Value::Map(m) => stack.extend(m.values()),
            _ => {}
        }
    }
    n
}

#[cfg(test)]
mod tests;
