//! What the structured inputs read from a scenario and how their edits
//! change it: the schema source, the live object and the ordered steps.
//!
//! The scenario text stays the source of truth: the form is read from it
//! on every render, and every edit returns a new text in the shared format
//! (`scenario-format.md`), written with [`scenario_text`] so that the
//! parts the edit did not touch keep their comments and layout.

use crate::scenario_text::{lines_of, node_source, node_source_in, rewrite, splice};
use ssa_engine::value::{Map, Value, ValuePath, go_quote};
use ssa_engine::yaml;

/// One YAML editor of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    Live,
    /// The pasted CRD, OpenAPI document or SMD schema.
    Schema,
    /// Step `i`'s manifest (`object`) or patch (`patch`).
    Step(usize),
}

/// Where the schema comes from (`schema:` in the scenario).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaKind {
    /// No `schema`: built-in when the kind is one, else deduced.
    Automatic,
    Builtin,
    Crd,
    Openapi,
    Smd,
    Deduced,
}

impl SchemaKind {
    pub const ALL: [SchemaKind; 6] = [
        SchemaKind::Automatic,
        SchemaKind::Builtin,
        SchemaKind::Crd,
        SchemaKind::Openapi,
        SchemaKind::Smd,
        SchemaKind::Deduced,
    ];

    /// The key under `schema:`.
    pub fn key(self) -> Option<&'static str> {
        match self {
            SchemaKind::Automatic => None,
            SchemaKind::Builtin => Some("builtin"),
            SchemaKind::Crd => Some("crd"),
            SchemaKind::Openapi => Some("openapi"),
            SchemaKind::Smd => Some("smd"),
            SchemaKind::Deduced => Some("deduced"),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SchemaKind::Automatic => "Automatic (built-in kind, else none)",
            SchemaKind::Builtin => "Built-in kind",
            SchemaKind::Crd => "CustomResourceDefinition (paste)",
            SchemaKind::Openapi => "OpenAPI document (paste)",
            SchemaKind::Smd => "structured-merge-diff schema",
            SchemaKind::Deduced => "None (deduced: maps granular, lists atomic)",
        }
    }

    /// Whether the source is a document pasted into an editor.
    pub fn is_document(self) -> bool {
        matches!(
            self,
            SchemaKind::Crd | SchemaKind::Openapi | SchemaKind::Smd
        )
    }

    fn from_key(key: &str) -> Option<SchemaKind> {
        SchemaKind::ALL.into_iter().find(|k| k.key() == Some(key))
    }
}

/// The operations a step can do, as the format spells them.
pub const OPS: [(&str, &str); 5] = [
    ("apply", "server-side apply"),
    ("update", "update (PUT)"),
    ("patch", "patch"),
    ("client-side-apply", "client-side apply"),
    ("delete", "delete"),
];

/// One step as the form shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct StepForm {
    pub manager: String,
    pub op: String,
    pub force: bool,
    /// `""`, `status` or `scale`.
    pub subresource: String,
    /// `kubectl` or `api`.
    pub client: String,
    /// `merge`, `strategic` or `json` for a patch.
    pub patch_type: String,
    /// The optional label shown in the timeline.
    pub name: String,
    /// The manifest (or patch) as written; `None` for a delete.
    pub body: Option<String>,
}

/// The whole form.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub schema: SchemaKind,
    /// `GROUP/VERSION/KIND` of a built-in schema.
    pub builtin: String,
    /// The pasted schema document.
    pub schema_document: String,
    pub live: String,
    pub steps: Vec<StepForm>,
}

/// A change to one step's settings.
#[derive(Clone, Debug, PartialEq)]
pub enum StepEdit {
    Manager(String),
    Op(String),
    Force(bool),
    Subresource(String),
    Client(String),
    PatchType(String),
    /// The step's label; empty removes it.
    Name(String),
}

/// Reads the form from a scenario text; the error is the YAML's, located.
pub fn read_form(text: &str) -> Result<Form, String> {
    // The places of the scenario's own keys are all the form locates by:
    // recording each field of a long manifest cost more than reading it.
    let parsed = yaml::parse_places(text, yaml::Places::Scenario).map_err(|e| e.to_string())?;
    let lines = lines_of(text);
    let doc = &parsed.value;
    let schema_map = doc.get("schema").and_then(Value::as_map);
    let schema = match schema_map.and_then(|m| m.keys().next()) {
        None => SchemaKind::Automatic,
        Some(key) => SchemaKind::from_key(key).unwrap_or(SchemaKind::Automatic),
    };
    let builtin = doc
        .get_path(&["schema", "builtin"])
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let source = |node: Node| {
        node_path(doc, node)
            .and_then(|p| node_source_in(&parsed, &lines, &p))
            .unwrap_or_default()
    };
    let steps = doc
        .get("steps")
        .and_then(Value::as_list)
        .map(|steps| {
            steps
                .iter()
                .enumerate()
                .map(|(i, step)| {
                    let text_of = |key: &str| {
                        step.get(key)
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .to_string()
                    };
                    let op = text_of("op");
                    StepForm {
                        manager: text_of("manager"),
                        force: step.get("force").and_then(Value::as_bool) == Some(true),
                        subresource: text_of("subresource"),
                        client: match text_of("client").as_str() {
                            "api" => "api".to_string(),
                            _ => "kubectl".to_string(),
                        },
                        patch_type: text_of("patchType"),
                        name: text_of("name"),
                        body: (op != "delete").then(|| source(Node::Step(i))),
                        op,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Form {
        schema,
        builtin,
        schema_document: if schema.is_document() {
            source(Node::Schema)
        } else {
            String::new()
        },
        live: source(Node::Live),
        steps,
    })
}

/// Where an editor's node sits in the scenario document.
pub fn node_path(doc: &Value, node: Node) -> Option<ValuePath> {
    let root = ValuePath::root();
    match node {
        Node::Live => Some(root.key("live")),
        Node::Schema => {
            let key = doc.get("schema")?.as_map()?.keys().next()?.clone();
            Some(root.key("schema").key(key))
        }
        Node::Step(i) => {
            let step = doc.get("steps")?.as_list()?.get(i)?;
            let key = if step.get("op").and_then(Value::as_str) == Some("patch") {
                "patch"
            } else {
                "object"
            };
            Some(root.key("steps").index(i).key(key))
        }
    }
}

/// The scenario's text of an editor's node (empty when absent).
#[cfg(test)]
pub fn node_text(text: &str, node: Node) -> String {
    yaml::parse(text)
        .ok()
        .and_then(|d| node_path(&d.value, node))
        .and_then(|p| node_source(text, &p))
        .unwrap_or_default()
}

/// The value an editor's text stands for (`Null` when it is empty).
pub fn node_value(source: &str) -> Result<Value, String> {
    yaml::parse(source)
        .map(|d| d.value)
        .map_err(|e| e.to_string())
}

/// An editor's text put into the scenario: the new text, and where the
/// editor's first line and column 1 landed in it (for moving a located
/// error back into the editor).
#[derive(Clone, Debug, PartialEq)]
pub struct NodeEdit {
    pub text: String,
    pub placed: Option<(u32, u32)>,
}

/// `text` with an editor's node replaced by `source` (removed when
/// empty). Invalid YAML is refused with its place in the editor.
pub fn set_node(text: &str, node: Node, source: &str) -> Result<NodeEdit, String> {
    let value = node_value(source)?;
    if node == Node::Live && !matches!(value, Value::Map(_) | Value::Null) {
        return Err(
            "line 1, column 1: the live object must be a map (or empty for a create)".into(),
        );
    }
    let doc = yaml::parse(text)
        .map_err(|e| format!("the scenario: {e}"))?
        .value;
    let path = node_path(&doc, node).ok_or("this part of the scenario is gone")?;
    let mut new = doc.clone();
    if value.is_null() {
        remove_at(&mut new, &path);
        return Ok(NodeEdit {
            text: rewrite(text, &new),
            placed: None,
        });
    }
    if let Some(spliced) = splice(text, &path, source) {
        return Ok(placed(spliced, &path));
    }
    // Absent, or in a layout splice does not follow: write the value, then
    // put the user's own text in its place.
    set_at(&mut new, &path, value);
    let written = rewrite(text, &new);
    Ok(match splice(&written, &path, source) {
        Some(spliced) => placed(spliced, &path),
        None => NodeEdit {
            text: written,
            placed: None,
        },
    })
}

fn placed(text: String, path: &ValuePath) -> NodeEdit {
    // A spliced node starts on the line after its key, indented by two.
    let at = yaml::parse(&text).ok().and_then(|d| {
        let key = d.source_map.key_location(path)?;
        Some((key.line + 1, key.column + 2))
    });
    NodeEdit { text, placed: at }
}

/// Moves a located message of the whole scenario into an editor's lines,
/// when it points inside the editor's node.
pub fn error_in_editor(message: &str, placed: (u32, u32), source: &str) -> Option<String> {
    let rest = message.strip_prefix("line ")?;
    let (line, rest) = rest.split_once(", column ")?;
    let (column, detail) = rest.split_once(": ")?;
    let (line, column): (u32, u32) = (line.parse().ok()?, column.parse().ok()?);
    let editor_line = line.checked_sub(placed.0)? + 1;
    let lines = u32::try_from(source.trim_end().split('\n').count()).ok()?;
    if editor_line > lines {
        return None;
    }
    let editor_column = column.saturating_sub(placed.1 - 1).max(1);
    Some(format!(
        "line {editor_line}, column {editor_column}: {detail}"
    ))
}

/// `text` with one step's setting changed.
pub fn edit_step(text: &str, index: usize, edit: &StepEdit) -> Result<String, String> {
    let mut doc = parse(text)?;
    let identity = identity(&doc);
    let step = steps_mut(&mut doc)?
        .get_mut(index)
        .and_then(Value::as_map_mut)
        .ok_or("no such step")?;
    let set = |step: &mut Map, key: &str, value: Option<Value>| match value {
        Some(v) => insert_ordered(step, key, v),
        None => {
            step.remove(key);
        }
    };
    match edit {
        StepEdit::Manager(name) => set(step, "manager", Some(Value::String(name.clone()))),
        StepEdit::Force(force) => {
            set(step, "force", force.then_some(Value::Bool(true)));
            step.remove("expect");
        }
        StepEdit::Subresource(s) => {
            set(
                step,
                "subresource",
                (!s.is_empty()).then(|| Value::String(s.clone())),
            );
            step.remove("expect");
        }
        StepEdit::Client(c) => {
            set(
                step,
                "client",
                (c == "api").then(|| Value::String(c.clone())),
            );
            step.remove("expect");
        }
        StepEdit::PatchType(t) => set(step, "patchType", Some(Value::String(t.clone()))),
        StepEdit::Name(name) => set(
            step,
            "name",
            (!name.is_empty()).then(|| Value::String(name.clone())),
        ),
        StepEdit::Op(op) => change_op(step, op, identity)?,
    }
    let written = rewrite(text, &doc);
    // A body that moved between `object` and `patch` keeps its layout.
    let source = node_path(&parse(text)?, Node::Step(index)).and_then(|p| node_source(text, &p));
    let moved = match (source, node_path(&doc, Node::Step(index))) {
        (Some(source), Some(path)) if matches!(edit, StepEdit::Op(_)) => {
            splice(&written, &path, &source)
        }
        _ => None,
    };
    Ok(moved.unwrap_or(written))
}

/// A new op, with the body the format asks for: `object` for the writes
/// that send an object, `patchType` and `patch` for a patch, none for a
/// delete; `force` only for an apply.
fn change_op(step: &mut Map, op: &str, identity: Value) -> Result<(), String> {
    if !OPS.iter().any(|(o, _)| *o == op) {
        return Err(format!("unknown op {op}", op = go_quote(op)));
    }
    let body = step
        .remove("object")
        .or_else(|| step.remove("patch").filter(Value::is_map));
    step.remove("patch");
    step.remove("patchType");
    step.remove("expect");
    if op != "apply" {
        step.remove("force");
    }
    insert_ordered(step, "op", Value::String(op.to_string()));
    match op {
        "delete" => {
            step.remove("subresource");
        }
        "patch" => {
            insert_ordered(step, "patchType", Value::String("merge".into()));
            insert_ordered(step, "patch", body.unwrap_or(identity));
        }
        _ => insert_ordered(step, "object", body.unwrap_or(identity)),
    }
    Ok(())
}

/// Appends a step: a new manager applying the last manifest.
pub fn add_step(text: &str) -> Result<String, String> {
    let mut doc = parse(text)?;
    let identity = identity(&doc);
    let steps = steps_mut(&mut doc)?;
    let object = steps
        .iter()
        .rev()
        .find_map(|s| s.get("object").filter(|o| o.get("kind").is_some()))
        .cloned()
        .unwrap_or(identity);
    let used: Vec<String> = steps
        .iter()
        .filter_map(|s| s.get("manager").and_then(Value::as_str).map(str::to_string))
        .collect();
    let manager = (steps.len() + 1..)
        .map(|n| format!("manager-{n}"))
        .find(|m| !used.contains(m))
        .unwrap_or_default();
    let mut step = Map::new();
    step.insert("manager", Value::String(manager));
    step.insert("op", Value::String("apply".into()));
    step.insert("object", object);
    steps.push(Value::Map(step));
    Ok(rewrite(text, &doc))
}

pub fn remove_step(text: &str, index: usize) -> Result<String, String> {
    let mut doc = parse(text)?;
    let steps = steps_mut(&mut doc)?;
    if index >= steps.len() {
        return Err("no such step".into());
    }
    steps.remove(index);
    Ok(rewrite(text, &doc))
}

pub fn duplicate_step(text: &str, index: usize) -> Result<String, String> {
    let mut doc = parse(text)?;
    let steps = steps_mut(&mut doc)?;
    let copy = steps.get(index).cloned().ok_or("no such step")?;
    steps.insert(index + 1, copy);
    Ok(rewrite(text, &doc))
}

/// Swaps step `index` with the one before (`up`) or after it.
pub fn move_step(text: &str, index: usize, up: bool) -> Result<String, String> {
    let mut doc = parse(text)?;
    let steps = steps_mut(&mut doc)?;
    let other = if up {
        index.checked_sub(1)
    } else {
        Some(index + 1)
    };
    match other {
        Some(o) if o < steps.len() && index < steps.len() => steps.swap(index, o),
        _ => return Err("the step cannot move further".into()),
    }
    Ok(rewrite(text, &doc))
}

/// A new schema source; a pasted one starts from `template` (the
/// JavaScript API's `schemaTemplate` of [`template_object`]), or empty.
pub fn set_schema_kind(
    text: &str,
    kind: SchemaKind,
    template: Option<Value>,
) -> Result<String, String> {
    let mut doc = parse(text)?;
    let object = template_object_of(&doc);
    let map = doc.as_map_mut().ok_or("the scenario is not a map")?;
    let Some(key) = kind.key() else {
        map.remove("schema");
        return Ok(rewrite(text, &doc));
    };
    let source = match kind {
        SchemaKind::Builtin => Value::String(gvk(&object)),
        _ => template.unwrap_or_else(|| Value::Map(Map::new())),
    };
    let mut schema = Map::new();
    schema.insert(key, source);
    insert_ordered_top(map, "schema", Value::Map(schema));
    Ok(rewrite(text, &doc))
}

/// The object a pasted schema's template describes: the one the scenario
/// writes first (or its live object), else a ConfigMap's identity.
pub fn template_object(text: &str) -> Value {
    parse(text)
        .map(|doc| template_object_of(&doc))
        .unwrap_or_default()
}

fn template_object_of(doc: &Value) -> Value {
    first_object(doc).unwrap_or_else(|| identity(doc))
}

/// A built-in schema's `GROUP/VERSION/KIND`.
pub fn set_builtin(text: &str, name: &str) -> Result<String, String> {
    let mut doc = parse(text)?;
    let map = doc.as_map_mut().ok_or("the scenario is not a map")?;
    let mut schema = Map::new();
    schema.insert("builtin", Value::String(name.to_string()));
    insert_ordered_top(map, "schema", Value::Map(schema));
    Ok(rewrite(text, &doc))
}

/// `apps/v1/Deployment` for a Deployment.
fn gvk(object: &Value) -> String {
    let api = object
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or("v1");
    let kind = object
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or("ConfigMap");
    format!("{api}/{kind}")
}

fn parse(text: &str) -> Result<Value, String> {
    yaml::parse(text)
        .map(|d| d.value)
        .map_err(|e| format!("the scenario: {e}"))
}

fn steps_mut(doc: &mut Value) -> Result<&mut Vec<Value>, String> {
    doc.as_map_mut()
        .and_then(|m| m.get_mut("steps"))
        .and_then(Value::as_list_mut)
        .ok_or_else(|| "the scenario has no list of steps".to_string())
}

/// The object the scenario writes: its first manifest, else the live one.
fn first_object(doc: &Value) -> Option<Value> {
    doc.get("steps")
        .and_then(Value::as_list)
        .and_then(|s| {
            s.iter()
                .find_map(|s| s.get("object").filter(|o| o.get("kind").is_some()))
        })
        .or_else(|| doc.get("live").filter(|l| l.is_map()))
        .cloned()
}

/// apiVersion, kind, name and namespace of the object the scenario writes.
fn identity(doc: &Value) -> Value {
    match first_object(doc) {
        Some(object) => Value::Map(crate::steps::identity(&object)),
        None => node_value(
            "{apiVersion: v1, kind: ConfigMap, metadata: {name: demo, namespace: default}}",
        )
        .unwrap_or_default(),
    }
}

/// The order keys of a step are written in.
const STEP_KEYS: [&str; 10] = [
    "manager",
    "op",
    "client",
    "force",
    "subresource",
    "name",
    "patchType",
    "object",
    "patch",
    "expect",
];
const TOP_KEYS: [&str; 6] = ["scenario", "name", "description", "schema", "live", "steps"];

fn insert_ordered(map: &mut Map, key: &str, value: Value) {
    insert_in_order(map, key, value, &STEP_KEYS);
}

fn insert_ordered_top(map: &mut Map, key: &str, value: Value) {
    insert_in_order(map, key, value, &TOP_KEYS);
}

/// Sets `key`, a new key going before the first key that the format's
/// order puts after it.
fn insert_in_order(map: &mut Map, key: &str, value: Value, order: &[&str]) {
    if let Some(v) = map.get_mut(key) {
        *v = value;
        return;
    }
    let rank = |k: &str| order.iter().position(|o| *o == k).unwrap_or(order.len());
    let mut out = Map::new();
    let mut value = Some(value);
    for (k, v) in map.iter() {
        if rank(k) > rank(key)
            && let Some(v) = value.take()
        {
            out.insert(key, v);
        }
        out.insert(k.clone(), v.clone());
    }
    if let Some(v) = value {
        out.insert(key, v);
    }
    *map = out;
}

fn set_at(doc: &mut Value, path: &ValuePath, value: Value) {
    use ssa_engine::value::PathSeg;
    let Some((last, parents)) = path.0.split_last() else {
        return;
    };
    let mut node = doc;
    for seg in parents {
        let next = match seg {
            PathSeg::Key(k) => node.as_map_mut().and_then(|m| m.get_mut(k)),
            PathSeg::Index(i) => node.as_list_mut().and_then(|l| l.get_mut(*i)),
        };
        let Some(next) = next else { return };
        node = next;
    }
    if let (PathSeg::Key(k), Some(map)) = (last, node.as_map_mut()) {
        if parents.is_empty() {
            insert_ordered_top(map, k, value);
        } else {
            insert_ordered(map, k, value);
        }
    }
}

fn remove_at(doc: &mut Value, path: &ValuePath) {
    use ssa_engine::value::PathSeg;
    let Some((PathSeg::Key(last), parents)) = path.0.split_last() else {
        return;
    };
    if let Some(map) = crate::scenario_text::value_at_mut(doc, &ValuePath(parents.to_vec()))
        .and_then(Value::as_map_mut)
    {
        map.remove(last);
    }
}

#[cfg(test)]
mod tests;
