//! structured-merge-diff's own merge test suite (`merge/*_test.go`), kept
//! as data in `tests/smd_suite/*.yaml` and run against the engine at the
//! SMD layer ([`ssa_engine::merge::Updater`]), without the API server's
//! field manager around it.
//!
//! A suite file holds named `schemas` (SMD `types` plus the root type) and
//! `cases`. A case names its schema (or `deduced`), lists its `ops` —
//! `apply`, `force-apply`, `update`, `extract-apply` (the fixture's
//! `ExtractApply`: extract what the manager owns, merge the object into
//! it, force-apply), each with `manager`, `apiVersion` and `object`, an
//! `apply` with the `conflicts` it must meet, and `change-schema` to swap the schema under the live object — and states
//! what must hold afterwards: the final `object`, the `managed` fields per
//! manager (`apiVersion` and `fields`, paths in kubectl's notation as the
//! engine prints them) and the `ignored` fields of the updater. As in the
//! Go fixture, an absent `object` or `managed` is not compared, and
//! conflicts compare as sets.
//!
//! The skip list (`tests/smd_suite/SKIP`, lines `FILE/CASE REASON`) names
//! the cases that cannot pass yet. It may only shrink: a skipped case that
//! passes fails its test.

use ssa_engine::fieldpath::{KeyFields, Path, PathElement, Set};
use ssa_engine::merge::{ManagedFields, MergeError, Updater};
use ssa_engine::schema::{ObjectSchema, Schema, TypeId};
use ssa_engine::typed::{Duplicates, Typed};
use ssa_engine::value::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path as FsPath, PathBuf};

fn suite_dir() -> PathBuf {
    FsPath::new(env!("CARGO_MANIFEST_DIR")).join("smd_suite")
}

/// `(FILE/CASE, reason)` of every skipped case.
pub fn skip_list() -> Vec<(String, String)> {
    crate::read_skip_list(&suite_dir().join("SKIP"))
}

/// One write of a case.
enum Op {
    Apply {
        manager: String,
        version: String,
        object: Value,
        force: bool,
        /// `None`: the apply must succeed (the fixture's nil `Conflicts`).
        conflicts: Option<Vec<(String, Path)>>,
        /// The write must be refused for a reason other than conflicts.
        must_fail: bool,
    },
    Update {
        manager: String,
        version: String,
        object: Value,
        must_fail: bool,
    },
    /// The fixture's `ExtractApply`: extract what `manager` owns from the
    /// live object, merge `object` into it and force-apply the result.
    ExtractApply {
        manager: String,
        version: String,
        object: Value,
    },
    ChangeSchema(String),
}

struct Expected {
    object: Option<Value>,
    managed: Option<BTreeMap<String, (String, Set)>>,
}

/// The object and managers after some ops.
struct State {
    schema: ObjectSchema,
    live: Value,
    managers: ManagedFields,
    /// Whether an op has written yet (the fixture's live object is unset
    /// before the first one).
    written: bool,
}

/// What one engine call returned: the new live object and managers, or the
/// conflicts that refused it.
enum WriteResult {
    Written {
        live: Option<Value>,
        managers: ManagedFields,
    },
    Conflicts(Vec<(String, Path)>),
}

/// The one place the engine is called (`Typed`, `Updater::apply` and
/// `update`, and for extract-apply `typed::extract_items` and
/// `typed::merge`), so that a change of their signatures is adapted here
/// only.
fn engine_write(
    schema: &Schema,
    root: TypeId,
    ignored: &Set,
    state: &State,
    op: &Op,
) -> Result<WriteResult, String> {
    let updater = Updater::new(schema, root, ignored);
    let live = Typed::new(schema, root, &state.live, Duplicates::Allow)
        .map_err(|e| format!("live object does not fit the schema: {e}"))?;
    let result = match op {
        Op::Apply {
            manager,
            version,
            object,
            force,
            ..
        } => {
            let config = Typed::new(schema, root, object, Duplicates::Refuse)
                .map_err(|e| format!("applied object does not fit the schema: {e}"))?;
            updater
                .apply(live, config, version, &state.managers, manager, *force)
                .map(|out| WriteResult::Written {
                    live: out.object,
                    managers: out.managers,
                })
        }
        Op::Update {
            manager,
            version,
            object,
            ..
        } => {
            // Updates may hold duplicates (the API server stores them); applies may not.
            let new = Typed::new(schema, root, object, Duplicates::Allow)
                .map_err(|e| format!("updated object does not fit the schema: {e}"))?;
            updater
                .update(live, new, version, &state.managers, manager)
                .map(|managers| WriteResult::Written {
                    live: Some(object.clone()),
                    managers,
                })
        }
        Op::ExtractApply {
            manager,
            version,
            object,
        } => {
            let owned = state.managers.get(manager);
            if let Some(owned) = owned.filter(|o| o.api_version != *version) {
                return Err(format!(
                    "cannot extract fields owned at {} as {version}",
                    owned.api_version
                ));
            }
            // Extracting by a set that names a node and nodes below it
            // would take the whole node: SMD extracts by the set's leaves.
            let leaves = owned.map(|o| leaves(&o.set)).unwrap_or_default();
            let config = if state.written {
                let extracted =
                    ssa_engine::typed::extract_items(schema, root, &state.live, &leaves);
                ssa_engine::typed::merge(schema, root, &extracted, object)
                    .map_err(|e| format!("merging into the extracted object: {e}"))?
            } else {
                object.clone()
            };
            let config = Typed::new(schema, root, &config, Duplicates::Refuse)
                .map_err(|e| format!("applied object does not fit the schema: {e}"))?;
            updater
                .apply(live, config, version, &state.managers, manager, true)
                .map(|out| WriteResult::Written {
                    live: out.object,
                    managers: out.managers,
                })
        }
        Op::ChangeSchema(_) => return Err("not a write".to_string()),
    };
    match result {
        Ok(written) => Ok(written),
        Err(MergeError::Conflicts(list)) => Ok(WriteResult::Conflicts(
            list.into_iter().map(|c| (c.manager, c.path)).collect(),
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// The paths of `set` that no other path of it continues (SMD's
/// `Set.Leaves`).
fn leaves(set: &Set) -> Set {
    let paths = set.paths();
    let leaves: Vec<Path> = paths
        .iter()
        .filter(|p| {
            !paths
                .iter()
                .any(|q| q.len() > p.len() && q.0.starts_with(&p.0))
        })
        .cloned()
        .collect();
    Set::from_paths(&leaves)
}

/// Parses a path in kubectl's notation, as [`Path`]'s `Display` writes it:
/// `.field`, `[key="a",id=1]`, `[="value"]`, `[3]`; values are JSON.
pub fn parse_path(text: &str) -> Result<Path, String> {
    let mut elements = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'.' => {
                let end = text[i + 1..]
                    .find(['.', '['])
                    .map_or(text.len(), |n| i + 1 + n);
                elements.push(PathElement::Field(text[i + 1..end].into()));
                i = end;
            }
            b'[' => {
                let end = closing_bracket(text, i)?;
                elements.push(parse_bracket(&text[i + 1..end])?);
                i = end + 1;
            }
            _ => return Err(format!("{text:?}: expected . or [ at byte {i}")),
        }
    }
    Ok(Path(elements))
}

/// The index of the `]` closing the `[` at `open`, skipping quoted text.
fn closing_bracket(text: &str, open: usize) -> Result<usize, String> {
    let (mut in_string, mut escaped, mut depth) = (false, false, 0usize);
    for (i, c) in text.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            ']' | '}' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
            _ => {}
        }
    }
    Err(format!("{text:?}: unclosed ["))
}

fn parse_bracket(inner: &str) -> Result<PathElement, String> {
    if let Some(value) = inner.strip_prefix('=') {
        return parse_value(value).map(PathElement::Value);
    }
    if let Ok(index) = inner.parse::<usize>() {
        return Ok(PathElement::Index(index));
    }
    let mut fields = Vec::new();
    let mut rest = inner;
    while !rest.is_empty() {
        let (name, after) = rest
            .split_once('=')
            .ok_or_else(|| format!("[{inner}]: expected name=value"))?;
        let end = value_end(after);
        fields.push((name.to_string(), parse_value(&after[..end])?));
        rest = after[end..].strip_prefix(',').unwrap_or(&after[end..]);
    }
    Ok(PathElement::Key(KeyFields::new(fields)))
}

/// Where the JSON value at the start of `text` ends (a top-level comma or
/// the end).
fn value_end(text: &str) -> usize {
    let (mut in_string, mut escaped, mut depth) = (false, false, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            ']' | '}' if !in_string => depth = depth.saturating_sub(1),
            ',' if !in_string && depth == 0 => return i,
            _ => {}
        }
    }
    text.len()
}

fn parse_value(text: &str) -> Result<Value, String> {
    Value::from_json_str(text).map_err(|e| format!("{text:?}: {e}"))
}

fn field<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.as_map().and_then(|m| m.get(key))
}

fn string_field(v: &Value, key: &str, what: &str) -> Result<String, String> {
    field(v, key)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("{what}: `{key}` must be a string"))
}

fn load_schema(schemas: Option<&Value>, name: &str) -> Result<ObjectSchema, String> {
    if name == "deduced" {
        return Ok(ObjectSchema::deduced());
    }
    let doc = schemas
        .and_then(|s| field(s, name))
        .ok_or_else(|| format!("no schema named {name:?}"))?;
    ssa_engine::smd::load(doc).map_err(|e| format!("schema {name}: {e}"))
}

fn parse_conflicts(list: &Value, what: &str) -> Result<Vec<(String, Path)>, String> {
    list.as_list()
        .ok_or_else(|| format!("{what}: `conflicts` must be a list"))?
        .iter()
        .map(|c| {
            Ok((
                string_field(c, "manager", what)?,
                parse_path(&string_field(c, "path", what)?)?,
            ))
        })
        .collect()
}

fn parse_paths(list: Option<&Value>, what: &str) -> Result<Set, String> {
    let paths: Vec<Path> = list
        .and_then(Value::as_list)
        .ok_or_else(|| format!("{what}: expected a list of paths"))?
        .iter()
        .map(|p| {
            p.as_str()
                .ok_or_else(|| format!("{what}: a path must be a string"))
                .and_then(parse_path)
        })
        .collect::<Result<_, _>>()?;
    Ok(Set::from_paths(&paths))
}

fn parse_op(op: &Value, what: &str) -> Result<Op, String> {
    let map = op
        .as_map()
        .filter(|m| m.len() == 1)
        .ok_or_else(|| format!("{what}: an op is a map with one key"))?;
    let Some((kind, body)) = map.iter().next() else {
        return Err(format!("{what}: empty op"));
    };
    if kind == "change-schema" {
        return body
            .as_str()
            .map(|s| Op::ChangeSchema(s.to_string()))
            .ok_or_else(|| format!("{what}: change-schema names a schema"));
    }
    let manager = string_field(body, "manager", what)?;
    let version = string_field(body, "apiVersion", what)?;
    let object = field(body, "object").cloned().unwrap_or(Value::Null);
    let must_fail = field(body, "error").and_then(Value::as_bool) == Some(true);
    match kind.as_str() {
        "extract-apply" => Ok(Op::ExtractApply {
            manager,
            version,
            object,
        }),
        "apply" | "force-apply" => Ok(Op::Apply {
            manager,
            version,
            object,
            force: kind == "force-apply",
            conflicts: field(body, "conflicts")
                .map(|c| parse_conflicts(c, what))
                .transpose()?,
            must_fail,
        }),
        "update" => Ok(Op::Update {
            manager,
            version,
            object,
            must_fail,
        }),
        other => Err(format!("{what}: unknown op {other:?}")),
    }
}

fn parse_expected(case: &Value, what: &str) -> Result<Expected, String> {
    let managed = match field(case, "managed") {
        None => None,
        Some(Value::Map(m)) => Some(
            m.iter()
                .map(|(manager, vs)| {
                    let what = format!("{what}.managed.{manager}");
                    Ok((
                        manager.clone(),
                        (
                            string_field(vs, "apiVersion", &what)?,
                            parse_paths(field(vs, "fields"), &what)?,
                        ),
                    ))
                })
                .collect::<Result<_, String>>()?,
        ),
        Some(_) => return Err(format!("{what}: `managed` must be a map")),
    };
    Ok(Expected {
        object: field(case, "object").cloned(),
        managed,
    })
}

fn paths_text(set: &Set) -> Vec<String> {
    set.paths().iter().map(ToString::to_string).collect()
}

fn conflicts_text(list: &[(String, Path)]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|(m, p)| format!("{m} {p}")).collect();
    out.sort();
    out
}

/// Runs case `case` of suite file `file` and lists every way it differs
/// from the expectation.
fn run(file: &str, case_name: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(suite_dir().join(format!("{file}.yaml")))
        .map_err(|e| format!("{file}.yaml: {e}"))?;
    let doc = ssa_engine::yaml::parse(&text)
        .map_err(|e| format!("{file}.yaml: {e}"))?
        .value;
    let schemas = field(&doc, "schemas");
    let case = field(&doc, "cases")
        .and_then(Value::as_list)
        .and_then(|cases| {
            cases
                .iter()
                .find(|c| field(c, "name").and_then(Value::as_str) == Some(case_name))
        })
        .ok_or_else(|| format!("{file}.yaml has no case {case_name:?}"))?;
    let what = case_name;
    let mut state = State {
        schema: load_schema(schemas, &string_field(case, "schema", what)?)?,
        // The fixture starts from an object made of nothing (null).
        live: Value::Null,
        managers: ManagedFields::new(),
        written: false,
    };
    let ignored = match field(case, "ignored") {
        Some(list) => parse_paths(Some(list), &format!("{what}.ignored"))?,
        None => Set::new(),
    };
    let ops = field(case, "ops")
        .and_then(Value::as_list)
        .ok_or_else(|| format!("{what}: `ops` must be a list"))?;
    for (i, op) in ops.iter().enumerate() {
        let op = parse_op(op, &format!("{what}.ops[{i}]"))?;
        if let Op::ChangeSchema(name) = &op {
            state.schema = load_schema(schemas, name)?;
            continue;
        }
        let schema = state.schema.schema.clone();
        let must_fail = matches!(
            op,
            Op::Apply {
                must_fail: true,
                ..
            } | Op::Update {
                must_fail: true,
                ..
            }
        );
        let written = match engine_write(&schema, state.schema.root, &ignored, &state, &op) {
            Err(_) if must_fail => continue,
            Err(e) => return Err(format!("ops[{i}] failed: {e}")),
            Ok(_) if must_fail => return Err(format!("ops[{i}] was accepted, expected an error")),
            Ok(written) => written,
        };
        let expected_conflicts = match &op {
            Op::Apply { conflicts, .. } => conflicts.clone(),
            _ => None,
        };
        match (written, expected_conflicts) {
            (WriteResult::Written { live, managers }, expected) => {
                if let Some(expected) = expected.filter(|c| !c.is_empty()) {
                    return Err(format!(
                        "ops[{i}]: expected conflicts {:?}, the write succeeded",
                        conflicts_text(&expected)
                    ));
                }
                if let Some(live) = live {
                    state.live = live;
                }
                state.managers = managers;
                state.written = true;
            }
            (WriteResult::Conflicts(got), Some(expected)) => {
                let (got, expected) = (conflicts_text(&got), conflicts_text(&expected));
                if got != expected {
                    return Err(format!(
                        "ops[{i}]: conflicts differ\n  expected: {expected:?}\n  got:      {got:?}"
                    ));
                }
            }
            (WriteResult::Conflicts(got), None) => {
                return Err(format!(
                    "ops[{i}]: unexpected conflicts {:?}",
                    conflicts_text(&got)
                ));
            }
        }
    }
    compare_final(&state, &parse_expected(case, what)?)
}

/// The object with a null root read as an empty map: the fixture compares
/// with SMD's typed comparison, which sees no difference between the two.
fn root_or_empty(v: &Value) -> Value {
    match v {
        Value::Null => Value::Map(ssa_engine::value::Map::new()),
        other => other.clone(),
    }
}

fn compare_final(state: &State, expected: &Expected) -> Result<(), String> {
    let mut diff = String::new();
    if let Some(object) = &expected.object
        && root_or_empty(object) != root_or_empty(&state.live)
    {
        let _ = write!(
            diff,
            "\nobject differs\n  expected: {}\n  got:      {}",
            object.to_json_sorted(),
            state.live.to_json_sorted()
        );
    }
    if let Some(managed) = &expected.managed {
        let names: std::collections::BTreeSet<&String> =
            managed.keys().chain(state.managers.keys()).collect();
        for name in names {
            match (managed.get(name), state.managers.get(name)) {
                (Some(_), None) => {
                    let _ = write!(diff, "\nmanager {name}: expected, absent");
                }
                (None, Some(got)) => {
                    let _ = write!(
                        diff,
                        "\nmanager {name}: unexpected, owns {:?}",
                        paths_text(&got.set)
                    );
                }
                (Some((version, set)), Some(got)) => {
                    if *version != got.api_version {
                        let _ = write!(
                            diff,
                            "\nmanager {name}: apiVersion {:?}, expected {version:?}",
                            got.api_version
                        );
                    }
                    let missing = set.difference(&got.set);
                    let extra = got.set.difference(set);
                    if !missing.is_empty() || !extra.is_empty() {
                        let _ = write!(
                            diff,
                            "\nmanager {name}: fields differ\n  missing: {:?}\n  extra:   {:?}",
                            paths_text(&missing),
                            paths_text(&extra)
                        );
                    }
                }
                (None, None) => {}
            }
        }
    }
    // The fixture also refuses a manager left with an empty set.
    for (name, vs) in &state.managers {
        if vs.set.is_empty() {
            let _ = write!(diff, "\nmanager {name} has an empty set");
        }
    }
    if diff.is_empty() { Ok(()) } else { Err(diff) }
}

/// The test of one suite case.
pub fn check_case(file: &str, case: &str) {
    let id = format!("{file}/{case}");
    let skipped = skip_list().into_iter().find(|(n, _)| *n == id);
    match (run(file, case), skipped) {
        (Ok(()), None) => {}
        (Err(diff), None) => panic!("{id}: {diff}"),
        (Err(_), Some((_, reason))) => eprintln!("{id}: skipped ({reason})"),
        (Ok(()), Some(_)) => panic!("{id} passes now: take it off tests/smd_suite/SKIP"),
    }
}

/// Every name on the skip list is a case of the suite, with a reason.
pub fn check_skip_list() {
    for (id, reason) in skip_list() {
        let (file, case) = id
            .split_once('/')
            .unwrap_or_else(|| panic!("SKIP line {id:?} is not FILE/CASE"));
        let text = std::fs::read_to_string(suite_dir().join(format!("{file}.yaml")))
            .unwrap_or_else(|e| panic!("SKIP names {id}: {e}"));
        assert!(
            text.lines().any(|l| l == format!("- name: {case}")),
            "SKIP names {id}, which is not a case of {file}.yaml"
        );
        assert!(!reason.is_empty(), "SKIP gives no reason for {id}");
    }
}
