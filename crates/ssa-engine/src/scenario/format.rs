//! The scenario document, read strictly.

use super::ScenarioError;
use crate::value::go_quote;
use crate::value::{Map, Value, ValuePath};
use crate::yaml::{self, SourceMap};

/// How a schema is given.
#[derive(Clone, Debug, PartialEq)]
pub enum SchemaSource {
    Builtin(String),
    Crd(Value),
    Openapi(Value),
    Smd(Value),
    Deduced,
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Apply,
    Update,
    Patch,
    ClientSideApply,
    Delete,
}

impl Op {
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Apply => "apply",
            Op::Update => "update",
            Op::Patch => "patch",
            Op::ClientSideApply => "client-side-apply",
            Op::Delete => "delete",
        }
    }
}

/// `patchType` of a patch step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatchKind {
    Merge,
    Strategic,
    Json,
}

/// Who sends the request: kubectl (with its extra requests) or a bare API
/// client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Client {
    #[default]
    Kubectl,
    Api,
}

/// What a step expects (for tests and tutorials).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Expect {
    pub outcome: Option<String>,
    pub message: Option<String>,
    pub conflicts: Option<Vec<(String, Option<String>, String)>>,
}

/// One step, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub manager: String,
    pub op: Op,
    pub object: Option<Value>,
    pub force: bool,
    pub subresource: Option<crate::field_manager::Subresource>,
    pub client: Client,
    pub name: Option<String>,
    pub patch_type: Option<PatchKind>,
    pub patch: Option<Value>,
    pub expect: Option<Expect>,
    /// A server-side dry run, as `kubectl diff --server-side` sends it: the
    /// apply request alone, without the requests kubectl's `apply` makes
    /// after it (saving the last-applied annotation, migrating client-side
    /// managers, applying again). Not part of the scenario format: set by
    /// the review for `ssa diff`.
    pub dry_run: bool,
}

/// A step that could not be read: it runs as `outcome: error`.
#[derive(Clone, Debug, PartialEq)]
pub struct BadStep {
    pub message: String,
}

/// A whole scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub description: Option<String>,
    pub schema: Option<SchemaSource>,
    pub live: Option<Value>,
    pub steps: Vec<Result<Step, BadStep>>,
    /// Where the scenario's own keys and its schema's nodes are, for
    /// messages about them (read with [`yaml::Places::Scenario`]: the
    /// fields inside the manifests have no place of their own).
    pub source_map: SourceMap,
}

/// A key of the scenario format itself (top level, `schema`, a step, a
/// step's `expect`) given twice is an error: "last one wins" would run
/// another scenario than the one the reader sees. Manifests inside the
/// scenario (`live`, `object`, `patch`) keep the last value, as kubectl's
/// YAML reader (go-yaml v2, non-strict) does.
fn refuse_repeated_keys(map: &SourceMap) -> Result<(), ScenarioError> {
    use crate::value::PathSeg::{Index, Key};
    for (path, here, first) in map.repeated_keys() {
        let key = match path.0.as_slice() {
            [Key(k)] => k,
            [Key(s), Key(k)] if s == "schema" => k,
            [Key(s), Index(_), Key(k)] if s == "steps" => k,
            [Key(s), Index(_), Key(e), Key(k)] if s == "steps" && e == "expect" => k,
            _ => continue,
        };
        return Err(ScenarioError {
            message: format!(
                "key {key} repeated (first given at line {}): each key of the scenario may appear once",
                first.line,
                key = go_quote(key)
            ),
            location: Some(*here),
        });
    }
    Ok(())
}

/// Reads a scenario document.
pub fn parse_scenario(text: &str) -> Result<Scenario, ScenarioError> {
    // Only the places an error can point at: every message of the reader
    // and of `schema_for` names a scenario key or a node of the schema.
    read_scenario(text, yaml::Places::Scenario)
}

/// [`parse_scenario`] recording `places` (the tests check that every
/// place found is the one a reading of every node finds).
pub(super) fn read_scenario(text: &str, places: yaml::Places) -> Result<Scenario, ScenarioError> {
    let doc = yaml::parse_places(text, places).map_err(|e| ScenarioError {
        message: e.message,
        location: Some(e.location),
    })?;
    let map = &doc.source_map;
    let at = |path: &ValuePath, message: String| ScenarioError {
        message,
        location: Some(map.nearest(path)),
    };
    refuse_repeated_keys(map)?;
    let root = ValuePath::root();
    let Value::Map(top) = &doc.value else {
        return Err(at(
            &root,
            "a scenario is a map with `scenario: v1`, `name` and `steps`".into(),
        ));
    };
    if let Some(key) = top.keys().find(|k| {
        !["scenario", "name", "description", "schema", "live", "steps"].contains(&k.as_str())
    }) {
        let path = root.key(key.clone());
        return Err(ScenarioError {
            message: format!(
                "unknown key {key} (expected scenario, name, description, schema, live, steps)",
                key = go_quote(key)
            ),
            location: map.key_location(&path).or(Some(map.nearest(&path))),
        });
    }
    match top.get("scenario") {
        Some(Value::String(v)) if v == "v1" => {}
        Some(_) => {
            return Err(at(
                &root.key("scenario"),
                "unsupported scenario version: expected `scenario: v1`".into(),
            ));
        }
        None => return Err(at(&root, "missing `scenario: v1`".into())),
    }
    let name = match top.get("name") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(at(&root.key("name"), "`name` must be a string".into())),
        None => String::new(),
    };
    let description = match top.get("description") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => {
            return Err(at(
                &root.key("description"),
                "`description` must be a string".into(),
            ));
        }
    };
    let schema = match top.get("schema") {
        None | Some(Value::Null) => None,
        Some(v) => {
            Some(parse_schema(v).map_err(|(path, m)| at(&path.prefixed(&root.key("schema")), m))?)
        }
    };
    let live = match top.get("live") {
        None | Some(Value::Null) => None,
        Some(v @ Value::Map(_)) => Some(v.clone()),
        Some(_) => {
            return Err(at(
                &root.key("live"),
                "`live` must be an object (or absent for a create)".into(),
            ));
        }
    };
    let steps_value = top
        .get("steps")
        .ok_or_else(|| at(&root, "missing `steps`".into()))?;
    let Value::List(items) = steps_value else {
        return Err(at(&root.key("steps"), "`steps` must be a list".into()));
    };
    // A scenario follows one object: every step writes the kind its
    // `live` object is, else its first step's (a Scale apart).
    let kind_of = |v: &Value| v.get("kind").and_then(Value::as_str).map(str::to_string);
    let mut kind = live.as_ref().and_then(kind_of);
    let steps = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let path = root.key("steps").index(i);
            parse_step(item)
                .and_then(|step| {
                    let own = match (&step.object, step.subresource) {
                        (Some(object), None | Some(crate::field_manager::Subresource::Status)) => {
                            kind_of(object)
                        }
                        _ => None,
                    };
                    match (own, &kind) {
                        (Some(own), Some(kind)) if own != *kind => Err((
                            ValuePath::root().key("object").key("kind"),
                            format!("the scenario's object is a {kind}, this step writes a {own} (a scenario follows one object)"),
                        )),
                        (own, _) => {
                            kind = kind.take().or(own);
                            Ok(step)
                        }
                    }
                })
                .map_err(|(sub, message)| {
                let full = sub.prefixed(&path);
                let l = map
                    .key_location(&full)
                    .unwrap_or_else(|| map.nearest(&full));
                BadStep {
                    message: format!("{l}: steps[{i}]: {message}"),
                }
            })
        })
        .collect();
    Ok(Scenario {
        name,
        description,
        schema,
        live,
        steps,
        source_map: doc.source_map.clone(),
    })
}

type Located = (ValuePath, String);

fn parse_schema(v: &Value) -> Result<SchemaSource, Located> {
    let root = ValuePath::root();
    let Value::Map(m) = v else {
        return Err((
            root,
            "`schema` has exactly one key: builtin, crd, openapi, smd or deduced".into(),
        ));
    };
    if m.len() != 1 {
        return Err((
            root,
            "`schema` has exactly one key: builtin, crd, openapi, smd or deduced".into(),
        ));
    }
    let Some((key, value)) = m.iter().next() else {
        return Err((root, "empty `schema`".into()));
    };
    let path = root.key(key.clone());
    match key.as_str() {
        "builtin" => match value {
            Value::String(s) => Ok(SchemaSource::Builtin(s.clone())),
            _ => Err((
                path,
                "`builtin` is GROUP/VERSION/KIND, e.g. apps/v1/Deployment".into(),
            )),
        },
        "crd" => Ok(SchemaSource::Crd(value.clone())),
        "openapi" => Ok(SchemaSource::Openapi(value.clone())),
        "smd" => Ok(SchemaSource::Smd(value.clone())),
        "deduced" => Ok(SchemaSource::Deduced),
        other => Err((
            path,
            format!(
                "unknown schema source {other} (expected builtin, crd, openapi, smd or deduced)",
                other = go_quote(other)
            ),
        )),
    }
}

fn parse_step(v: &Value) -> Result<Step, Located> {
    let root = ValuePath::root();
    let Value::Map(m) = v else {
        return Err((root, "a step is a map with `manager` and `op`".into()));
    };
    const KEYS: [&str; 10] = [
        "manager",
        "op",
        "object",
        "force",
        "subresource",
        "client",
        "name",
        "expect",
        "patchType",
        "patch",
    ];
    if let Some(key) = m.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err((
            root.key(key.clone()),
            format!(
                "unknown key {key} (expected one of {})",
                KEYS.join(", "),
                key = go_quote(key)
            ),
        ));
    }
    let text = |key: &str| -> Result<Option<String>, Located> {
        match m.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err((root.key(key), format!("`{key}` must be a string"))),
        }
    };
    let op = match text("op")?.as_deref() {
        Some("apply") => Op::Apply,
        Some("update") => Op::Update,
        Some("patch") => Op::Patch,
        Some("client-side-apply") => Op::ClientSideApply,
        Some("delete") => Op::Delete,
        Some(other) => {
            return Err((
                root.key("op"),
                format!(
                    "unknown op {other} (expected apply, update, patch, client-side-apply or delete)",
                    other = go_quote(other)
                ),
            ));
        }
        None => return Err((root.key("op"), "missing `op`".into())),
    };
    let manager = match text("manager")? {
        Some(s) if !s.is_empty() => s,
        _ => match op {
            // kubectl's own defaults.
            Op::Apply => "kubectl".to_string(),
            Op::ClientSideApply => "kubectl-client-side-apply".to_string(),
            Op::Delete => String::new(),
            Op::Update | Op::Patch => {
                return Err((root.key("manager"), "missing `manager`".into()));
            }
        },
    };
    let force = match m.get("force") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err((root.key("force"), "`force` must be true or false".into())),
    };
    if force && op != Op::Apply {
        return Err((
            root.key("force"),
            "`force` only applies to `op: apply`".into(),
        ));
    }
    let subresource = match text("subresource")?.as_deref() {
        None => None,
        Some("status") => Some(crate::field_manager::Subresource::Status),
        Some("scale") => Some(crate::field_manager::Subresource::Scale),
        Some(other) => {
            return Err((
                root.key("subresource"),
                format!(
                    "unknown subresource {other} (expected status or scale)",
                    other = go_quote(other)
                ),
            ));
        }
    };
    let client = match text("client")?.as_deref() {
        None | Some("kubectl") => Client::Kubectl,
        Some("api") => Client::Api,
        Some(other) => {
            return Err((
                root.key("client"),
                format!(
                    "unknown client {other} (expected kubectl or api)",
                    other = go_quote(other)
                ),
            ));
        }
    };
    let object = match m.get("object") {
        None | Some(Value::Null) => None,
        Some(v @ Value::Map(_)) => Some(v.clone()),
        Some(_) => return Err((root.key("object"), "`object` must be a map".into())),
    };
    if object.is_none() && matches!(op, Op::Apply | Op::Update | Op::ClientSideApply) {
        return Err((root, format!("`op: {}` needs an `object`", op.as_str())));
    }
    let patch_type = match text("patchType")?.as_deref() {
        None => None,
        Some("merge") => Some(PatchKind::Merge),
        Some("strategic") => Some(PatchKind::Strategic),
        Some("json") => Some(PatchKind::Json),
        Some(other) => {
            return Err((
                root.key("patchType"),
                format!(
                    "unknown patchType {other} (expected merge, strategic or json)",
                    other = go_quote(other)
                ),
            ));
        }
    };
    let patch = m.get("patch").cloned();
    if op == Op::Patch {
        if patch_type.is_none() {
            return Err((
                root,
                "`op: patch` needs a `patchType` (merge, strategic or json)".into(),
            ));
        }
        if patch.is_none() {
            return Err((root, "`op: patch` needs a `patch`".into()));
        }
    }
    let expect = match m.get("expect") {
        None | Some(Value::Null) => None,
        Some(Value::Map(e)) => {
            Some(parse_expect(e).map_err(|(p, msg)| (p.prefixed(&root.key("expect")), msg))?)
        }
        Some(_) => return Err((root.key("expect"), "`expect` must be a map".into())),
    };
    Ok(Step {
        manager,
        op,
        object,
        force,
        subresource,
        client,
        name: text("name")?,
        patch_type,
        patch,
        expect,
        dry_run: false,
    })
}

fn parse_expect(m: &Map) -> Result<Expect, Located> {
    let root = ValuePath::root();
    if let Some(key) = m
        .keys()
        .find(|k| !["outcome", "message", "conflicts"].contains(&k.as_str()))
    {
        return Err((
            root.key(key.clone()),
            format!(
                "unknown key {key} (expected outcome, message, conflicts)",
                key = go_quote(key)
            ),
        ));
    }
    let outcome = match m.get("outcome") {
        None => None,
        Some(Value::String(s))
            if ["applied", "conflict", "invalid", "error"].contains(&s.as_str()) =>
        {
            Some(s.clone())
        }
        Some(_) => {
            return Err((
                root.key("outcome"),
                "`outcome` is applied, conflict, invalid or error".into(),
            ));
        }
    };
    let message = match m.get("message") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err((root.key("message"), "`message` must be a string".into())),
    };
    let conflicts = match m.get("conflicts") {
        None => None,
        Some(Value::List(items)) => {
            let mut out = Vec::new();
            for (i, c) in items.iter().enumerate() {
                let p = root.key("conflicts").index(i);
                let get = |k: &str| c.get(k).and_then(Value::as_str).map(str::to_string);
                let (Some(manager), Some(field)) = (get("manager"), get("field")) else {
                    return Err((
                        p,
                        "a conflict has `manager` and `field` (and `subresource`)".into(),
                    ));
                };
                out.push((manager, get("subresource"), field));
            }
            Some(out)
        }
        Some(_) => return Err((root.key("conflicts"), "`conflicts` must be a list".into())),
    };
    Ok(Expect {
        outcome,
        message,
        conflicts,
    })
}
