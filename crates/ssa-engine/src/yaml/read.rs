//! Building values from yaml-rust2's events: an explicit stack of open
//! maps and lists (no recursion), the source map filled on the way, and
//! go-yaml v2's rules for keys, repeated keys and `<<` merges.

use super::lenient;
use super::scalar::{self, Scalar};
use super::{
    Document, Location, MAX_ALIAS_NODES, MAX_DEPTH, MAX_INPUT_BYTES, Places, SourceMap, YamlError,
};
use crate::value::{Map, Value, ValuePath};
use std::collections::{HashMap, HashSet};

/// Most repeated keys per document whose earlier value's places are
/// forgotten (each costs a pass over the source map); past it they stay.
const MAX_FORGOTTEN: usize = 1000;
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, TScalarStyle};

/// A document read from a stream, with the place its `---` (or its first
/// node) is.
pub(super) struct StreamDocument {
    pub(super) document: Document,
    pub(super) start: Location,
}

/// Every document of `text` with content (not empty, not `null`), read
/// as kubectl reads a stream: apimachinery's `YAMLReader` splits it at
/// every line that starts with `---` and ends each line with a line
/// break (the last one too), then go-yaml v2 reads the first document of
/// each part: what follows a `...` in a part is never read.
pub(super) fn documents(text: &str, places: Places) -> Result<Vec<StreamDocument>, YamlError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(YamlError::new(
            format!(
                "the input is {} bytes, more than the {} accepted",
                text.len(),
                MAX_INPUT_BYTES
            ),
            Location::new(1, 1),
        ));
    }
    // go-yaml reads a byte order mark as the encoding, not as content.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut docs = Vec::new();
    for (first_line, part) in parts(text)? {
        let shift = |at: Location| Location::new(at.line.saturating_add(first_line - 1), at.column);
        match first_document(part, places) {
            Ok(Some(mut doc)) => {
                // A document after a separator starts at its `---`.
                doc.start = match first_line {
                    1 => shift(doc.start),
                    _ => Location::new(first_line - 1, 1),
                };
                doc.document.source_map.relocate(shift);
                docs.push(doc);
            }
            Ok(None) => {}
            Err(e) => return Err(YamlError::new(e.message, shift(e.location))),
        }
    }
    Ok(docs)
}

/// The parts of a stream between its `---` lines, each with the number of
/// its first line; a `---` line with more than a comment after the dashes
/// (`--- a`, `----`) is refused as `YAMLReader.Read` refuses it.
fn parts(text: &str) -> Result<Vec<(u32, &str)>, YamlError> {
    let mut parts = Vec::new();
    let (mut start, mut first_line, mut offset) = (0, 1, 0);
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        if let Some(rest) = line.strip_prefix("---") {
            let rest = rest.trim();
            if !rest.is_empty() && !rest.starts_with('#') {
                return Err(YamlError::new(
                    format!("invalid Yaml document separator: {rest}"),
                    Location::new(number, 1),
                ));
            }
            parts.push((first_line, &text[start..offset]));
            (start, first_line) = (offset + line.len(), number.saturating_add(1));
        }
        offset += line.len();
    }
    parts.push((first_line, &text[start..]));
    Ok(parts)
}

/// The first document of a part of a stream, if it has content.
fn first_document(part: &str, places: Places) -> Result<Option<StreamDocument>, YamlError> {
    // Every line ends with a line break, as kubectl's line reader ends it
    // (yaml-rust2 reads a block scalar's last line differently without
    // one: `|`, `  x` is "x" there, "x\n" for kubectl).
    let ended;
    let part = if part.is_empty() || part.ends_with('\n') {
        part
    } else {
        ended = format!("{part}\n");
        ended.as_str()
    };
    let error = match stream(part, places) {
        Ok(doc) => return Ok(doc),
        Err(e) => e,
    };
    // What kubectl reads and yaml-rust2 does not, read again rewritten,
    // with its places put back where the user wrote them.
    let Some(rewritten) = lenient::rewrite(part) else {
        return Err(error);
    };
    let back = |at| rewritten.original(at);
    match stream(&rewritten.text, places) {
        Ok(mut doc) => {
            if let Some(doc) = doc.as_mut() {
                doc.start = back(doc.start);
                doc.document.source_map.relocate(back);
            }
            Ok(doc)
        }
        Err(e) => Err(YamlError::new(e.message, back(e.location))),
    }
}

/// The first document of a text yaml-rust2 reads as it is, if it has
/// content: go-yaml v2 reads no further.
fn stream(text: &str, places: Places) -> Result<Option<StreamDocument>, YamlError> {
    let mut cursor = Cursor::new(text);
    let mut parser = Parser::new_from_str(text);
    let mut builder = Builder::new(places);
    let mut start = Location::new(1, 1);
    loop {
        let (event, mark) = parser.next_token().map_err(scan_error)?;
        match event {
            Event::StreamEnd => return Ok(None),
            Event::DocumentStart => start = location(mark),
            Event::DocumentEnd => {
                // Where yaml-rust2 ends a document before `...` or the
                // end of the text, go-yaml is still reading it: an error
                // right after is its error too.
                let explicit = cursor.text_at(mark).starts_with("...");
                if !explicit {
                    parser.next_token().map_err(scan_error)?;
                }
                let document = builder.finish();
                let content = !document.value.is_null();
                return Ok(content.then_some(StreamDocument { document, start }));
            }
            Event::SequenceStart(anchor, tag) => {
                let here = cursor.list_start(mark);
                builder.event_at(Event::SequenceStart(anchor, tag), here)?;
            }
            Event::Scalar(value, style @ (TScalarStyle::Literal | TScalarStyle::Folded), a, t) => {
                let value = match value.bytes().all(|b| b == b'\n') {
                    true => cursor.empty_block_at_end(mark).unwrap_or(value),
                    false => value,
                };
                builder.event_at(Event::Scalar(value, style, a, t), location(mark))?;
            }
            other => builder.event_at(other, location(mark))?,
        }
    }
}

/// Finds the text at a mark. Marks count characters; the list starts it
/// is asked about come in document order, so one forward walk serves all.
struct Cursor<'a> {
    text: &'a str,
    chars: usize,
    bytes: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Cursor {
            text,
            chars: 0,
            bytes: 0,
        }
    }

    /// The byte offset of the character at `char_index`.
    fn byte_offset(&mut self, char_index: usize) -> usize {
        if char_index < self.chars {
            *self = Cursor::new(self.text);
        }
        let rest = self.text.get(self.bytes..).unwrap_or_default();
        for c in rest.chars().take(char_index - self.chars) {
            self.bytes += c.len_utf8();
            self.chars += 1;
        }
        self.bytes
    }

    /// The text from a mark on.
    fn text_at(&mut self, mark: Marker) -> &'a str {
        let offset = self.byte_offset(mark.index());
        self.text.get(offset..).unwrap_or_default()
    }

    /// The value of a block scalar that has no text, only empty lines to
    /// the end of the stream (yaml-rust2 reads it as line breaks alone and
    /// marks it at its `|` or `>`), as libyaml reads it: nothing, or with
    /// `+` each empty line's break. yaml-rust2 gives such a scalar one
    /// break more (`"\n"` for `a: |` at the end).
    fn empty_block_at_end(&mut self, mark: Marker) -> Option<String> {
        let here = self.text_at(mark);
        let (header, rest) = here.split_once('\n').unwrap_or((here, ""));
        if !here.starts_with(['|', '>']) || !rest.chars().all(char::is_whitespace) {
            return None;
        }
        let keep = header.split('#').next().is_some_and(|h| h.contains('+'));
        Some(if keep {
            "\n".repeat(rest.matches('\n').count())
        } else {
            String::new()
        })
    }

    /// A list that is a map's value without indent (`key:\n- a`) has its
    /// start event marked at its first item's content; the list starts at
    /// that item's `-`. (Other lists are marked at their `-` or `[`.)
    fn list_start(&mut self, mark: Marker) -> Location {
        let at = location(mark);
        let offset = self.byte_offset(mark.index());
        let (Some(before), Some(here)) = (self.text.get(..offset), self.text.get(offset..)) else {
            return at;
        };
        if here.starts_with(['-', '[']) {
            return at;
        }
        let trimmed = before.trim_end_matches(' ');
        if !trimmed.ends_with('-') {
            return at;
        }
        let back = u32::try_from(before.len() - trimmed.len() + 1).unwrap_or(0);
        if back >= at.column {
            return at;
        }
        Location::new(at.line, at.column - back)
    }
}

fn location(mark: Marker) -> Location {
    Location::new(
        u32::try_from(mark.line()).unwrap_or(u32::MAX),
        u32::try_from(mark.col()).map_or(u32::MAX, |c| c.saturating_add(1)),
    )
}

fn scan_error(e: ScanError) -> YamlError {
    let here = location(*e.marker());
    // The scanner counts `[` and `{` levels in a byte.
    let message = if e.info().contains("recursion limit") {
        format!(
            "nesting deeper than 255 levels of [ ] or {{ }} at line {}",
            here.line
        )
    } else {
        e.info().to_string()
    };
    YamlError::new(message, here)
}

/// What the next node of an open map is.
enum Pending {
    /// The next node is a key.
    Key,
    /// The next node is the value of this key.
    Value(String),
    /// The next node is merged into the map (`<<: …`).
    Merge(Location),
}

/// A map or list being read.
enum Frame {
    List {
        items: Vec<Value>,
        anchor: usize,
        path: ValuePath,
        mapped: bool,
    },
    Map {
        map: Map,
        anchor: usize,
        path: ValuePath,
        mapped: bool,
        pending: Pending,
        /// Where the map was placed so far (a block map's start event
        /// is marked one column past its first key).
        start: Location,
        seen_key: bool,
        /// Keys whose value has places recorded below it (a map or list
        /// written out here, not an alias).
        nested: HashSet<String>,
    },
}

struct Builder {
    stack: Vec<Frame>,
    root: Option<Value>,
    anchors: HashMap<usize, Value>,
    alias_nodes: usize,
    forgotten: usize,
    source_map: SourceMap,
    /// Which nodes have their place recorded.
    places: Places,
}

impl Builder {
    fn new(places: Places) -> Self {
        Builder {
            stack: Vec::new(),
            root: None,
            anchors: HashMap::new(),
            alias_nodes: 0,
            forgotten: 0,
            source_map: SourceMap::default(),
            places,
        }
    }

    fn finish(self) -> Document {
        Document {
            value: self.root.unwrap_or(Value::Null),
            source_map: self.source_map,
        }
    }

    fn next_is_key(&self) -> bool {
        matches!(
            self.stack.last(),
            Some(Frame::Map {
                pending: Pending::Key,
                ..
            })
        )
    }

    /// The path of the next value node, and whether its place and places
    /// below it are recorded (not inside a `<<` value, whose nodes land
    /// elsewhere, nor where [`Places`] does not ask for them).
    fn next_value_path(&self) -> (ValuePath, bool) {
        // Below an unrecorded node nothing is recorded: no path is built.
        let unrecorded = || (ValuePath::root(), false);
        match self.stack.last() {
            None => (ValuePath::root(), true),
            Some(Frame::List {
                items,
                path,
                mapped: true,
                ..
            }) if self.places.records_item(path) => (path.index(items.len()), true),
            Some(Frame::Map {
                path,
                mapped: true,
                pending: Pending::Value(k),
                ..
            }) if self.places.records_key(path, k) => (path.key(k.clone()), true),
            Some(_) => unrecorded(),
        }
    }

    fn event_at(&mut self, event: Event, here: Location) -> Result<(), YamlError> {
        match event {
            Event::Scalar(text, style, anchor, tag) => {
                if self.next_is_key() {
                    self.scalar_key(text, style, anchor, tag.as_ref(), here)
                } else {
                    let value = scalar::resolve(text, style, tag.as_ref())
                        .and_then(Scalar::into_value)
                        .map_err(|m| YamlError::new(m, here))?;
                    self.remember(anchor, &value);
                    self.place(value, here)
                }
            }
            Event::SequenceStart(anchor, _) => self.open(anchor, false, here),
            Event::MappingStart(anchor, _) => self.open(anchor, true, here),
            Event::SequenceEnd | Event::MappingEnd => self.close(here),
            Event::Alias(id) => self.alias(id, here),
            Event::StreamStart
            | Event::StreamEnd
            | Event::DocumentStart
            | Event::DocumentEnd
            | Event::Nothing => Ok(()),
        }
    }

    fn remember(&mut self, anchor: usize, value: &Value) {
        if anchor > 0 {
            self.anchors.insert(anchor, value.clone());
        }
    }

    fn scalar_key(
        &mut self,
        text: String,
        style: TScalarStyle,
        anchor: usize,
        tag: Option<&Tag>,
        here: Location,
    ) -> Result<(), YamlError> {
        if scalar::is_merge_key(&text, style, tag) {
            return self.set_key(Pending::Merge(here), here);
        }
        let resolved = scalar::resolve(text, style, tag).map_err(|m| YamlError::new(m, here))?;
        if anchor > 0
            && let Ok(value) = resolved.clone().into_value()
        {
            self.remember(anchor, &value);
        }
        let key = resolved.into_key().map_err(|m| YamlError::new(m, here))?;
        self.set_key(Pending::Value(key), here)
    }

    /// Makes `pending` the open map's next step; records a key's place,
    /// and forgets what an earlier entry with the same key held (the last
    /// value wins, as in go-yaml v2's non-strict decoding kubectl uses).
    fn set_key(&mut self, next: Pending, here: Location) -> Result<(), YamlError> {
        let Some(Frame::Map {
            map,
            path,
            mapped,
            pending,
            start,
            seen_key,
            nested,
            ..
        }) = self.stack.last_mut()
        else {
            return Err(YamlError::new("a map key outside a map", here));
        };
        if !*seen_key {
            *seen_key = true;
            if here < *start {
                *start = here;
                if *mapped {
                    self.source_map.values.insert(path.clone(), here);
                }
            }
        }
        if let (Pending::Value(key), true) = (&next, *mapped)
            && self.places.records_key(path, key)
        {
            let entry = path.key(key.clone());
            if map.contains_key(key) {
                let first = self.source_map.keys.get(&entry).copied().unwrap_or(here);
                self.source_map.repeated.push((entry.clone(), here, first));
                if nested.remove(key) {
                    forget_below(&mut self.source_map, &mut self.forgotten, &entry);
                }
            }
            self.source_map.keys.insert(entry, here);
        }
        *pending = next;
        Ok(())
    }

    fn open(&mut self, anchor: usize, is_map: bool, here: Location) -> Result<(), YamlError> {
        if self.next_is_key() {
            return Err(YamlError::new("a map or list cannot be a map key", here));
        }
        if self.stack.len() >= MAX_DEPTH {
            return Err(YamlError::new(
                format!(
                    "nesting deeper than {MAX_DEPTH} levels at line {}",
                    here.line
                ),
                here,
            ));
        }
        let (path, mapped) = self.next_value_path();
        if mapped {
            self.source_map.values.insert(path.clone(), here);
        }
        self.stack.push(if is_map {
            Frame::Map {
                map: Map::new(),
                anchor,
                path,
                mapped,
                pending: Pending::Key,
                start: here,
                seen_key: false,
                nested: HashSet::new(),
            }
        } else {
            Frame::List {
                items: Vec::new(),
                anchor,
                path,
                mapped,
            }
        });
        Ok(())
    }

    fn close(&mut self, here: Location) -> Result<(), YamlError> {
        let (value, anchor, mapped) = match self.stack.pop() {
            Some(Frame::List {
                items,
                anchor,
                mapped,
                ..
            }) => (Value::List(items), anchor, mapped),
            Some(Frame::Map {
                map,
                anchor,
                mapped,
                ..
            }) => (Value::Map(map), anchor, mapped),
            None => {
                return Err(YamlError::new(
                    "the end of a map or list that is not open",
                    here,
                ));
            }
        };
        self.remember(anchor, &value);
        self.push(value, here, mapped)
    }

    fn alias(&mut self, id: usize, here: Location) -> Result<(), YamlError> {
        let Some(value) = self.anchors.get(&id) else {
            return Err(YamlError::new("an alias to an unknown anchor", here));
        };
        self.alias_nodes = self.alias_nodes.saturating_add(count_nodes(value));
        if self.alias_nodes > MAX_ALIAS_NODES {
            return Err(YamlError::new(
                format!(
                    "aliases expand to more than {MAX_ALIAS_NODES} nodes (is this a billion laughs?)"
                ),
                here,
            ));
        }
        if self.next_is_key() {
            let key = scalar::value_key(value).map_err(|m| YamlError::new(m, here))?;
            return self.set_key(Pending::Value(key), here);
        }
        // go-yaml v2 merges an alias only when it names a map.
        if let Some(Frame::Map {
            pending: Pending::Merge(at),
            ..
        }) = self.stack.last()
            && !value.is_map()
        {
            return Err(YamlError::new(MERGE_WANTS_MAP, *at));
        }
        let value = value.clone();
        self.place(value, here)
    }

    /// Records where a finished scalar or alias value is, then places it.
    fn place(&mut self, value: Value, here: Location) -> Result<(), YamlError> {
        let (path, mapped) = self.next_value_path();
        if mapped {
            self.source_map.values.insert(path, here);
        }
        self.push(value, here, false)
    }

    /// Puts a finished value into its parent (or makes it the root);
    /// `places_below` tells whether places were recorded inside it.
    fn push(&mut self, value: Value, here: Location, places_below: bool) -> Result<(), YamlError> {
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
                map,
                path,
                mapped,
                pending,
                nested,
                ..
            }) => match std::mem::replace(pending, Pending::Key) {
                Pending::Value(key) => {
                    if places_below {
                        nested.insert(key.clone());
                    }
                    map.insert(key, value);
                    Ok(())
                }
                Pending::Merge(at) => {
                    let merged = merge(map, value).map_err(|m| YamlError::new(m, at))?;
                    if *mapped {
                        let recorded = merged
                            .into_iter()
                            .filter(|(key, _)| self.places.records_key(path, key));
                        for (key, replaced) in recorded {
                            let had_places = replaced && nested.remove(&key);
                            let entry = path.key(key);
                            if had_places {
                                forget_below(&mut self.source_map, &mut self.forgotten, &entry);
                            }
                            self.source_map.values.insert(entry, at);
                        }
                    }
                    Ok(())
                }
                Pending::Key => Err(YamlError::new("a map key that is not a string", here)),
            },
        }
    }
}

/// Forgets the places below a replaced entry, within the budget.
fn forget_below(source_map: &mut SourceMap, forgotten: &mut usize, entry: &ValuePath) {
    if *forgotten < MAX_FORGOTTEN {
        *forgotten += 1;
        source_map.forget_below(entry);
    }
}

/// go-yaml v2's `failWantMap`.
const MERGE_WANTS_MAP: &str = "map merge requires map or sequence of maps as the value";

/// go-yaml v2's `<<`: the merged map's entries are set into the map where
/// the `<<` stands, over what earlier keys set; later keys set over them.
/// From a list of maps the earlier maps win. Returns the keys set, each
/// with whether it replaced an entry.
fn merge(map: &mut Map, value: Value) -> Result<Vec<(String, bool)>, String> {
    let want_map = || MERGE_WANTS_MAP.to_string();
    let sources = match value {
        Value::Map(m) => vec![m],
        Value::List(items) => {
            let mut maps = items
                .into_iter()
                .map(|item| match item {
                    Value::Map(m) => Ok(m),
                    _ => Err(want_map()),
                })
                .collect::<Result<Vec<_>, _>>()?;
            maps.reverse();
            maps
        }
        _ => return Err(want_map()),
    };
    let mut keys = Vec::new();
    for source in sources {
        for (k, v) in source {
            let replaced = map.insert(k.clone(), v).is_some();
            keys.push((k, replaced));
        }
    }
    Ok(keys)
}

/// Nodes in a value, for the alias budget.
fn count_nodes(v: &Value) -> usize {
    let mut n = 0usize;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        n = n.saturating_add(1);
        match v {
            Value::List(items) => stack.extend(items.iter()),
            Value::Map(m) => stack.extend(m.values()),
            _ => {}
        }
    }
    n
}
