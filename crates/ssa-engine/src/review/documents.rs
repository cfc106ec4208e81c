//! Reading many objects from YAML or JSON streams, as `kubectl apply -f`
//! and `kubectl get -o yaml` write them: documents separated by `---`,
//! `kind: List` (and every `*List`) flattened into its items, each object
//! remembered with the file, line and column it came from.
//!
//! Each document is read on its own, so that one that is not YAML is
//! reported at its place while the others are still reviewed.

use crate::value::{Value, ValuePath};
use crate::yaml::{self, Location, Places};
use std::fmt;

/// A named input text: a file's path (or `-` for standard input, or a
/// label of the page's editor) and its content.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// Where an object or an error comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub file: String,
    pub location: Location,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}",
            self.file, self.location.line, self.location.column
        )
    }
}

/// An input that could not be used, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub origin: Origin,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.origin, self.message)
    }
}

/// One object of a stream.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectDoc {
    pub value: Value,
    pub origin: Origin,
}

/// Every object of `source`, Lists flattened, and the documents that
/// could not be read.
pub fn read_objects(source: &Source<'_>) -> (Vec<ObjectDoc>, Vec<InputError>) {
    let chunks = chunks(source);
    let reads = chunks.iter().map(read_chunk).collect();
    collect(&chunks, reads)
}

/// One document's objects and errors ([`read_chunk`]).
#[derive(Debug, Default)]
pub struct ChunkRead {
    pub objects: Vec<ObjectDoc>,
    pub errors: Vec<InputError>,
    /// The document is not YAML (or JSON): kubectl's stream reader stops
    /// there.
    pub unreadable: bool,
}

/// The reads of `chunks` (in order, as [`read_chunk`] made them), as
/// kubectl reads its files: a document that is not YAML ends its file
/// (cli-runtime's `StreamVisitor` returns "error parsing"), so the objects
/// after it are not applied; the first of them gets an error that says
/// so.
pub fn collect(chunks: &[Chunk<'_>], reads: Vec<ChunkRead>) -> (Vec<ObjectDoc>, Vec<InputError>) {
    let mut objects = Vec::new();
    let mut errors = Vec::new();
    // The file whose reading stopped, and where.
    let mut stopped: Option<(&str, Origin, bool)> = None;
    for (chunk, mut read) in chunks.iter().zip(reads) {
        match &mut stopped {
            Some((file, at, told)) if *file == chunk.file => {
                if let Some(first) = read.objects.first().filter(|_| !*told) {
                    errors.push(InputError {
                        origin: first.origin.clone(),
                        message: format!(
                            "not applied: kubectl stops reading this file at its error on line {}, before this object and the ones after it",
                            at.location.line
                        ),
                    });
                    *told = true;
                }
                continue;
            }
            _ => {}
        }
        if read.unreadable {
            let at = read.errors.first().map(|e| e.origin.clone());
            stopped = at.map(|at| (chunk.file, at, false));
        }
        objects.append(&mut read.objects);
        errors.append(&mut read.errors);
    }
    (objects, errors)
}

/// The objects of one document of a stream (a List flattened), or why it
/// cannot be read. Documents are independent: a caller with threads may
/// read the [`chunks`] of a stream in parallel, then [`collect`] them.
pub fn read_chunk(chunk: &Chunk<'_>) -> ChunkRead {
    let mut objects = Vec::new();
    let mut errors = Vec::new();
    let mut unreadable = false;
    let at = |location: Location| Origin {
        file: chunk.file.to_string(),
        location: Location::new(
            location.line.saturating_add(chunk.first_line - 1),
            location.column,
        ),
    };
    // Only the places of objects and List items: messages about an
    // object's fields come from its own scenario, not from this place.
    match yaml::parse_places(chunk.text, Places::ListItems) {
        Err(e) => {
            unreadable = true;
            errors.push(InputError {
                origin: at(e.location),
                message: e.message,
            });
        }
        Ok(doc) => {
            let place = |path: &ValuePath| at(doc.source_map.nearest(path));
            flatten(
                doc.value,
                ValuePath::root(),
                &place,
                &mut objects,
                &mut errors,
            );
        }
    }
    ChunkRead {
        objects,
        errors,
        unreadable,
    }
}

/// Adds `value` (a document, or an item of a List) to `objects`, or the
/// items of a List, recursively, as kubectl's flattening visitor does.
fn flatten(
    value: Value,
    path: ValuePath,
    place: &dyn Fn(&ValuePath) -> Origin,
    objects: &mut Vec<ObjectDoc>,
    errors: &mut Vec<InputError>,
) {
    match value {
        // An empty document (or one of comments) holds nothing, as kubectl
        // skips it.
        Value::Null => {}
        Value::Map(map) => {
            let is_list = map
                .get("kind")
                .and_then(Value::as_str)
                .is_some_and(|k| k.ends_with("List"))
                && map.get("items").is_some();
            if !is_list {
                objects.push(ObjectDoc {
                    value: Value::Map(map),
                    origin: place(&path),
                });
                return;
            }
            match map.get("items") {
                Some(Value::List(items)) => {
                    for (i, item) in items.iter().enumerate() {
                        let item_path = path.key("items").index(i);
                        flatten(item.clone(), item_path, place, objects, errors);
                    }
                }
                Some(Value::Null) => {}
                Some(other) => errors.push(InputError {
                    origin: place(&path.key("items")),
                    message: format!(
                        "the items of a List must be a list, not {}",
                        other.kind_name()
                    ),
                }),
                None => {}
            }
        }
        other => errors.push(InputError {
            origin: place(&path),
            message: format!(
                "expected a Kubernetes object (a map with apiVersion, kind and metadata), found {}",
                other.kind_name()
            ),
        }),
    }
}

/// One document's text, its file and the line it starts on.
#[derive(Clone, Copy, Debug)]
pub struct Chunk<'t> {
    pub file: &'t str,
    pub text: &'t str,
    pub first_line: u32,
}

/// The documents of a stream: a line starting with `---` at column 1
/// separates them, as apimachinery's `YAMLReader` splits a stream (a `...`
/// line ends a document, and what follows it up to the next `---` is
/// never read: `yaml::parse_places` reads the first document only).
pub fn chunks<'t>(source: &Source<'t>) -> Vec<Chunk<'t>> {
    let (file, text) = (source.name, source.text);
    // A stream that starts with `{` is JSON (apimachinery's
    // `GuessJSONStream`): one object after another, as `jq -c` writes them.
    if text.trim_start().starts_with('{') {
        return json_values(source);
    }
    let mut chunks = Vec::new();
    let (mut start, mut start_line) = (0usize, 1u32);
    let mut offset = 0usize;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let line_number = u32::try_from(index).unwrap_or(u32::MAX).saturating_add(1);
        if line.starts_with("---") {
            chunks.push(Chunk {
                file,
                text: &text[start..offset],
                first_line: start_line,
            });
            // The `---` line starts the next document, whose reading
            // refuses one with content after the dashes.
            start = offset;
            start_line = line_number;
        }
        offset += line.len();
    }
    chunks.push(Chunk {
        file,
        text: &text[start..],
        first_line: start_line,
    });
    chunks
}

/// The top-level values of a JSON stream, each from its `{` to the `}`
/// that closes it (braces in strings skipped); what follows the last
/// complete one, if anything, is a chunk of its own, whose parse error
/// then names its place.
fn json_values<'t>(source: &Source<'t>) -> Vec<Chunk<'t>> {
    let text = source.text;
    let mut chunks = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let (mut start, mut start_line, mut line) = (None, 1u32, 1u32);
    let mut rest = 0;
    for (i, c) in text.char_indices() {
        match c {
            '\n' => line = line.saturating_add(1),
            _ if in_string => {}
            '{' | '[' => {
                if depth == 0 {
                    start = Some(i);
                    start_line = line;
                }
                depth += 1;
            }
            '}' | ']' if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && let Some(from) = start.take()
                {
                    chunks.push(Chunk {
                        file: source.name,
                        text: &text[from..=i],
                        first_line: start_line,
                    });
                    rest = i + 1;
                }
            }
            _ => {}
        }
        // A string's quotes and escapes, outside and inside it.
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        }
    }
    let tail = &text[rest..];
    if !tail.trim().is_empty() {
        let tail_line = text[..rest].matches('\n').count();
        chunks.push(Chunk {
            file: source.name,
            text: tail,
            first_line: u32::try_from(tail_line)
                .unwrap_or(u32::MAX)
                .saturating_add(1),
        });
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Vec<ObjectDoc>, Vec<InputError>) {
        read_objects(&Source {
            name: "in.yaml",
            text,
        })
    }

    fn names(objects: &[ObjectDoc]) -> Vec<String> {
        objects
            .iter()
            .map(|o| {
                let name = o.value.get_path(&["metadata", "name"]);
                format!(
                    "{} {}",
                    name.and_then(Value::as_str).unwrap_or("?"),
                    o.origin
                )
            })
            .collect()
    }

    #[test]
    fn documents_and_lists_are_flattened_with_their_places() {
        let text = "\
apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
# only a comment
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: b}
- apiVersion: v1
  kind: ConfigMapList
  items:
  - {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}
---
{\"apiVersion\": \"v1\", \"kind\": \"Secret\", \"metadata\": {\"name\": \"d\"}}
";
        let (objects, errors) = read(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            names(&objects),
            [
                "a in.yaml:1:1",
                "b in.yaml:10:3",
                "c in.yaml:16:5",
                "d in.yaml:18:1"
            ]
        );
    }

    #[test]
    fn a_broken_document_is_located() {
        let text = "\
apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: [b
---
apiVersion: v1
kind: ConfigMap
metadata: {name: c}
";
        let (objects, errors) = read(text);
        assert_eq!(names(&objects), ["a in.yaml:1:1"]);
        assert_eq!(errors.len(), 2);
        assert!(
            errors[0].to_string().starts_with("in.yaml:8:"),
            "{}",
            errors[0]
        );
        assert!(
            errors[1]
                .to_string()
                .starts_with("in.yaml:9:1: not applied")
        );
    }

    /// kubectl's reader refuses a separator with content after it, and
    /// reads nothing after a `...` up to the next `---`.
    #[test]
    fn content_after_the_marker_and_document_ends() {
        let (objects, errors) = read(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n...\nkind: ignored\n--- \napiVersion: v1\nkind: Secret\nmetadata: {name: b}\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(names(&objects), ["a in.yaml:1:1", "b in.yaml:7:1"]);
        let (objects, errors) = read(
            "--- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: b}\n",
        );
        assert!(objects.is_empty());
        assert_eq!(
            errors[0].to_string(),
            "in.yaml:1:1: invalid Yaml document separator: {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}"
        );
    }

    /// A JSON stream (`jq -c '.items[]'`): each object in turn, at its
    /// line.
    #[test]
    fn concatenated_json_objects_are_read_one_by_one() {
        let (objects, errors) = read(
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"a\"},\"data\":{\"x\":\"}{\"}}\n{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"b\"}}\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(names(&objects), ["a in.yaml:1:1", "b in.yaml:2:1"]);
        let (objects, errors) =
            read("{\"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"a\"}}\n{\"kind\": ");
        assert_eq!(objects.len(), 1);
        assert_eq!(errors.len(), 1);
    }

    /// kubectl's stream reader stops at a document that is not YAML: the
    /// objects after it, in that file, are not applied, and the first of
    /// them says so.
    #[test]
    fn a_file_is_read_up_to_its_first_unreadable_document() {
        let (objects, errors) = read(
            "kind: ConfigMap\nmetadata: {name: a}\n---\nkey: [unclosed\n---\nkind: ConfigMap\nmetadata: {name: b}\n---\nkind: ConfigMap\nmetadata: {name: c}\n",
        );
        assert_eq!(names(&objects), ["a in.yaml:1:1"]);
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(
            errors[1],
            "in.yaml:6:1: not applied: kubectl stops reading this file at its error on line 5, before this object and the ones after it"
        );
    }

    #[test]
    fn a_scalar_document_is_not_an_object() {
        let (objects, errors) = read("just text\n");
        assert!(objects.is_empty());
        assert_eq!(
            errors[0].to_string(),
            "in.yaml:1:1: expected a Kubernetes object (a map with apiVersion, kind and metadata), found string"
        );
    }
}
