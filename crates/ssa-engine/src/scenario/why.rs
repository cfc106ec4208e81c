//! Why a step ended as it did, in words built from the engine's facts:
//! for a conflict, each field with its owner, since which step it owns
//! it and what makes that owner another manager than the applier; for a
//! write, what was pruned (and that nobody else owned it) or kept (and
//! who still owns it), what is now shared, what moved and why, what
//! nobody owns (server defaults), the server's own entries
//! (`before-first-apply`, `ancient-changes`), a no-op's absent side
//! effects, and a client-side apply's three-way decision per field.
//!
//! Nothing here is canned per scenario: every sentence is filled from the
//! step's result, the objects before and after it and their
//! `managedFields`, so it says what the engine (and so the API server)
//! did.

use super::format::{Op, Scenario, Step};
use super::result::{Outcome, ScenarioResult, StepResult};
use super::sides::{Sides, holders, stripped};
use crate::field_manager::LAST_APPLIED_ANNOTATION;
use crate::fieldpath::{Path, Set};
use crate::managed_fields::{self, Managed, ManagerId, Operation};
use crate::schema::ObjectSchema;
use crate::value::Value;
use crate::value::go_quote;
use std::cell::OnceCell;
pub use texts::provide as provide_why_texts;
use texts::say;

mod texts;

/// The manager upstream gives an untracked object's fields on its first
/// apply (see `field_manager`).
const BEFORE_FIRST_APPLY: &str = "before-first-apply";
/// The bucket the oldest update entries are merged into.
const ANCIENT_CHANGES: &str = "ancient-changes";
/// The manager client-side `kubectl apply` writes as.
const CLIENT_SIDE_APPLY: &str = "kubectl-client-side-apply";

/// What a reason is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Created,
    Conflict,
    Refused,
    NoOp,
    Pruned,
    Kept,
    Removed,
    Shared,
    Owns,
    Changed,
    Moved,
    Unowned,
    BeforeFirstApply,
    AncientChanges,
    ClientSideDeleted,
    ClientSideKept,
    Deleted,
    Conversion,
}

impl Topic {
    /// A short title for the topic.
    pub fn title(self) -> &'static str {
        match self {
            Topic::Created => "created",
            Topic::Conflict => "conflict",
            Topic::Refused => "refused",
            Topic::NoOp => "no-op",
            Topic::Pruned => "pruned",
            Topic::Kept => "kept",
            Topic::Removed => "removed",
            Topic::Shared => "shared",
            Topic::Owns => "owns",
            Topic::Changed => "changed",
            Topic::Moved => "ownership moved",
            Topic::Unowned => "owned by nobody",
            Topic::BeforeFirstApply => "before-first-apply",
            Topic::AncientChanges => "ancient-changes",
            Topic::ClientSideDeleted => "three-way: deleted",
            Topic::ClientSideKept => "three-way: kept",
            Topic::Deleted => "deleted",
            Topic::Conversion => "real server",
        }
    }
}

/// One reason: a topic, the field it is about (kubectl's notation) and
/// the sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Reason {
    pub topic: Topic,
    pub field: Option<String>,
    pub text: String,
}

fn reason(topic: Topic, field: Option<&Path>, text: String) -> Reason {
    Reason {
        topic,
        field: field.map(Path::to_string),
        text,
    }
}

/// The reasons for step `index` of `result`, a run of `scenario` typed by
/// `schema`; empty when there is no such step.
pub fn why(
    scenario: &Scenario,
    schema: &ObjectSchema,
    result: &ScenarioResult,
    index: usize,
) -> Vec<Reason> {
    why_of(scenario, schema, result, index, &Sides::of(result, index))
}

/// [`why`] with the step's sides already made (`Sides::of(result, index)`),
/// shared with the step's other views.
pub(crate) fn why_of(
    scenario: &Scenario,
    schema: &ObjectSchema,
    result: &ScenarioResult,
    index: usize,
    sides: &Sides<'_>,
) -> Vec<Reason> {
    let (Some(step_result), Some(step)) = (result.steps.get(index), scenario.steps.get(index))
    else {
        return vec![];
    };
    let history = History::new(result, index);
    // The object the step found: `Sides::of` takes the same one.
    let before = sides.before;
    let mut out = Vec::new();
    let Ok(step) = step else {
        out.push(reason(
            Topic::Refused,
            None,
            say("unsent", &[("message", &step_result.message)]),
        ));
        return out;
    };
    match step_result.outcome {
        Outcome::Conflict => conflicts(schema, step, step_result, &history, sides, &mut out),
        Outcome::Invalid | Outcome::Error => {
            // A validation refusal (422, `NewInvalid`'s words) of a `/status`
            // write: the status strategy's rules, which a learner may take
            // for the spec's. A patch whose result does not decode is a 422
            // too (` "" is invalid: patch: ...`), but no strategy saw it.
            let status_rules = step.subresource == Some(crate::field_manager::Subresource::Status)
                && step_result.message.contains(" is invalid: ")
                && !step_result.message.contains(" is invalid: patch: ");
            // An error is what kubectl refuses to send
            // (`run::kubectl_refusal`); a client-side apply whose patch
            // kubectl could not compute sent nothing either.
            let unsent = step_result
                .notes
                .iter()
                .any(|n| n.starts_with("kubectl could not"));
            let who = match step_result.outcome {
                Outcome::Error => "kubectl",
                _ if unsent => "kubectl",
                _ => "The server",
            };
            let mut text = say(
                "refused",
                &[("who", who), ("message", &step_result.message)],
            );
            let mut hint = |sentence: String| {
                text.push(' ');
                text.push_str(&sentence);
            };
            if status_rules {
                hint(say("refused.status", &[]));
            }
            // kubectl's client-side apply keeps the whole manifest in an
            // annotation: the usual reason a large object (a CRD with its
            // schema) needs `--server-side`.
            if step.op == Op::ClientSideApply
                && step_result
                    .message
                    .contains("metadata.annotations: Too long")
            {
                hint(say("refused.last-applied-too-long", &[]));
            }
            // The way through the refusals whose words say enough: an
            // immutable field, a dropped storage version, a v1beta1
            // webhook, a CEL rule's types.
            texts::hints(&step_result.message)
                .into_iter()
                .for_each(&mut hint);
            out.push(reason(Topic::Refused, None, text));
        }
        Outcome::Applied => {
            let after = step_result.object.as_ref();
            match (step.op, before, after) {
                (Op::Delete, _, _) => out.push(reason(Topic::Deleted, None, say("deleted", &[]))),
                _ if !step_result.changed => out.push(reason(
                    Topic::NoOp,
                    None,
                    say("no-op", &[("manager", &quote(&step.manager))]),
                )),
                (_, None, Some(_)) => out.push(reason(
                    Topic::Created,
                    None,
                    say("created", &[("writer", &identity_of_step(step, after))]),
                )),
                _ => {}
            }
            if step_result.changed
                && let (Some(_), Some(after)) = (before, after)
            {
                written(schema, step, &history, sides, after, &mut out);
            }
            if step_result.changed && after.is_some() {
                server_entries(sides, &mut out);
                unowned(schema, sides, &mut out);
            }
            string_data(step, &mut out);
        }
    }
    out
}

/// A v1 Secret's `stringData`, which a real API server folds into `data`
/// when it converts the write into its internal Secret
/// (`Convert_v1_Secret_To_core_Secret`). The engine, like the recorded
/// reference it is checked against, runs no such conversion (see the
/// README's Limitations), so the learner is told what a cluster does.
fn string_data(step: &Step, out: &mut Vec<Reason>) {
    if let Some(note) = step.object.as_ref().and_then(string_data_note) {
        out.push(reason(Topic::Conversion, None, note));
    }
}

/// What a real API server does with the `stringData` of `object` when it
/// is a v1 Secret that sends some; shared with the review's notes.
pub(crate) fn string_data_note(object: &Value) -> Option<String> {
    let text = |key| object.get(key).and_then(Value::as_str);
    (text("apiVersion") == Some("v1")
        && text("kind") == Some("Secret")
        && object
            .get("stringData")
            .and_then(Value::as_map)
            .is_some_and(|m| !m.is_empty()))
    .then(|| say("string-data", &[]))
}

/// The objects the scenario held before each step up to `index`:
/// `states[0]` the live object it started from, `states[k]` the object
/// after step `k` (counting from 1).
struct History<'r> {
    states: Vec<Option<&'r Value>>,
    /// Each state's managers, decoded when first asked: every pruned or
    /// conflicting field walks back through them.
    managed: Vec<OnceCell<Managed>>,
}

impl<'r> History<'r> {
    fn new(result: &'r ScenarioResult, index: usize) -> Self {
        let mut states = vec![result.stored.as_ref()];
        states.extend(result.steps.iter().take(index).map(|s| s.object.as_ref()));
        let managed = states.iter().map(|_| OnceCell::new()).collect();
        History { states, managed }
    }

    /// Since when manager `id` has owned `path` without a break, as words:
    /// "since step 2", or "since before step 1" when the starting object's
    /// managedFields gave it to them.
    fn owned_since(&self, id: &str, path: &Path) -> String {
        let owns = |(state, managed): (&Option<&Value>, &OnceCell<Managed>)| {
            managed
                .get_or_init(|| {
                    state
                        .and_then(|o| managed_fields::decode(o).ok())
                        .unwrap_or_default()
                })
                .fields
                .get(id)
                .is_some_and(|vs| vs.set.has(path))
        };
        let held = self
            .states
            .iter()
            .zip(&self.managed)
            .rev()
            .take_while(|s| owns(*s))
            .count();
        match self.states.len().checked_sub(held) {
            Some(0) => "since before step 1 (the live object's managedFields)".into(),
            Some(k) => format!("since step {k}"),
            None => String::new(),
        }
    }
}

fn quote(name: &str) -> String {
    go_quote(name)
}

/// A manager as its identity: name, operation, subresource and, for
/// updates, the apiVersion.
fn identity(id: &ManagerId) -> String {
    let mut parts = vec![format!("operation {}", id.operation.as_str())];
    if !id.subresource.is_empty() {
        parts.push(format!("subresource {}", id.subresource));
    }
    if id.operation == Operation::Update && !id.api_version.is_empty() {
        parts.push(format!("apiVersion {}", id.api_version));
    }
    format!("{} ({})", quote(&id.manager), parts.join(", "))
}

fn identity_of_step(step: &Step, object: Option<&Value>) -> String {
    let sub = step.subresource.map(|s| s.as_str()).unwrap_or("");
    let api_version = object
        .and_then(|o| o.get("apiVersion"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let id = match step.op {
        Op::Apply => ManagerId::apply(&step.manager, sub),
        _ => ManagerId::update(&step.manager, api_version, sub),
    };
    identity(&id)
}

/// Each conflicting field: owner, since when, values, and why the owner
/// is another manager.
fn conflicts(
    schema: &ObjectSchema,
    step: &Step,
    step_result: &StepResult,
    history: &History<'_>,
    sides: &Sides<'_>,
    out: &mut Vec<Reason>,
) {
    let live = step_result.object.as_ref();
    // The object a refused step leaves: the side after it.
    let owners = &sides.managed_after;
    let sub = step.subresource.map(|s| s.as_str()).unwrap_or("");
    let applier = ManagerId::apply(&step.manager, sub);
    for c in &step_result.conflicts {
        let owner = owners.fields.iter().find_map(|(id, vs)| {
            let m = ManagerId::decode(id)?;
            (m.manager == c.manager
                && m.subresource == c.subresource.clone().unwrap_or_default()
                && vs.set.has(&c.path))
            .then(|| (id.clone(), m))
        });
        let who = match &owner {
            Some((id, m)) => format!("{} {}", identity(m), history.owned_since(id, &c.path)),
            None => quote(&c.manager),
        };
        let raw = |o: Option<&Value>| o.and_then(|o| super::resolve::value_at(schema, o, &c.path));
        let values = match (raw(step.object.as_ref()), raw(live)) {
            (Some(mine), Some(theirs)) if mine != theirs => {
                let mut text = String::new();
                let mut add = |sentence: String| {
                    text.push(' ');
                    text.push_str(&sentence);
                };
                add(say(
                    "conflict.values",
                    &[("mine", &mine.to_json()), ("theirs", &theirs.to_json())],
                ));
                let only = |added, dropped| differs_only_by(&mine, &theirs, added, dropped);
                let changed = if only(Value::is_null, |_| false) {
                    Some(say("conflict.nulls", &[]))
                } else if only(|_| true, |_| false) {
                    Some(say("conflict.defaults", &[]))
                } else if only(|_| false, is_zero) {
                    Some(say("conflict.omitted", &[]))
                } else {
                    None
                };
                if let Some(changed) = changed {
                    add(changed);
                    add(say("conflict.atomic", &[]));
                } else if canonical_quantity(&mine)
                    .is_some_and(|q| Some(q.as_str()) == theirs.as_str())
                {
                    add(say("conflict.quantity", &[]));
                }
                text
            }
            (Some(mine), None) => {
                format!(" {}", say("conflict.absent", &[("mine", &mine.to_json())]))
            }
            _ => String::new(),
        };
        let mut details = values;
        if let Some((_, m)) = owner.as_ref().filter(|(_, m)| m.manager == applier.manager) {
            details.push(' ');
            details.push_str(&say(
                "conflict.same-name",
                &[("applier", &identity(&applier)), ("owner", &identity(m))],
            ));
        }
        if c.manager == BEFORE_FIRST_APPLY {
            details.push(' ');
            details.push_str(&say("conflict.before-first-apply", &[]));
        }
        out.push(reason(
            Topic::Conflict,
            Some(&c.path),
            say(
                "conflict",
                &[("field", &c.field), ("owner", &who), ("details", &details)],
            ),
        ));
    }
    let refusal = if step_result.conflicts.is_empty() {
        // No field conflicts: the store's optimistic lock
        // (`registry::optimistic_lock`).
        let version = |o: Option<&Value>| {
            o.and_then(|o| o.get_path(&["metadata", "resourceVersion"]))
                .map_or_else(|| "?".to_string(), Value::to_json)
        };
        let sent = step.object.as_ref().or(step.patch.as_ref());
        say(
            "conflict.resource-version",
            &[("sent", &version(sent)), ("stored", &version(live))],
        )
    } else {
        say("conflict.refused", &[])
    };
    out.push(reason(Topic::Refused, None, refusal));
}

/// The canonical form of a quantity written as `value` (a string or a
/// number), as the server stores it.
fn canonical_quantity(value: &Value) -> Option<String> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Int(_) | Value::Float(_) => value.to_json(),
        _ => return None,
    };
    crate::builtin::goencoding::quantity::canonical(&text)
}

/// Whether `stored` differs from `sent` only in map fields: each one
/// only `stored` has passes `added`, each one only `sent` has passes
/// `dropped`. One walk answers "the server filled in defaults", "it wrote
/// null for unset pointers" and "encoding/json omitted zero values".
fn differs_only_by(
    sent: &Value,
    stored: &Value,
    added: fn(&Value) -> bool,
    dropped: fn(&Value) -> bool,
) -> bool {
    sent == stored
        || match (sent, stored) {
            (Value::Map(sent), Value::Map(stored)) => {
                stored.iter().all(|(k, s)| sent.contains_key(k) || added(s))
                    && sent.iter().all(|(k, v)| match stored.get(k) {
                        Some(s) => differs_only_by(v, s, added, dropped),
                        None => dropped(v),
                    })
            }
            (Value::List(sent), Value::List(stored)) => {
                sent.len() == stored.len()
                    && sent
                        .iter()
                        .zip(stored)
                        .all(|(a, b)| differs_only_by(a, b, added, dropped))
            }
            _ => false,
        }
}

/// A zero value: what encoding/json's omitempty leaves out.
fn is_zero(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) | Value::Int(0) => true,
        Value::Float(f) => *f == 0.0,
        Value::String(s) => s.is_empty(),
        Value::List(l) => l.is_empty(),
        Value::Map(m) => m.is_empty(),
        _ => false,
    }
}

/// A write that changed the object: what went, what stayed, what is now
/// shared or moved, and a client-side apply's decisions.
fn written(
    schema: &ObjectSchema,
    step: &Step,
    history: &History<'_>,
    sides: &Sides<'_>,
    after: &Value,
    out: &mut Vec<Reason>,
) {
    let Some(before) = sides.before else {
        return;
    };
    let Some(comparison) = sides.comparison(schema) else {
        return;
    };
    let (was, now) = (&sides.managed_before, &sides.managed_after);
    let applied = step.op == Op::Apply;
    let mine = |m: &Managed| {
        m.fields
            .iter()
            .filter(|(id, vs)| {
                vs.applied == applied
                    && ManagerId::decode(id).is_some_and(|m| m.manager == step.manager)
            })
            .fold(Set::new(), |acc, (_, vs)| acc.union(&vs.set))
    };
    let (mine_before, mine_after) = (mine(was), mine(now));
    let applier_id = was.fields.keys().find(|id| {
        ManagerId::decode(id).is_some_and(|m| {
            m.manager == step.manager && applied == (m.operation == Operation::Apply)
        })
    });
    let writer = identity_of_step(step, Some(after));
    let csa = step.op == Op::ClientSideApply;
    let three_way = csa.then(|| ThreeWay::new(schema, before, step.object.as_ref()));
    // One reason per removed subtree: what went with its parent is said
    // by the parent's reason.
    // In tree order a path's subtree follows it, so only the last
    // reported path can hold the next one.
    let mut reported: Option<Path> = None;
    for path in comparison.removed.paths_in_tree_order() {
        if reported.as_ref().is_some_and(|r| path.0.starts_with(&r.0)) {
            continue;
        }
        reported = Some(path.clone());
        if let Some(tw) = &three_way {
            out.push(tw.removed(&path));
        } else if applied && mine_before.has(&path) {
            let since = applier_id
                .map(|id| history.owned_since(id, &path))
                .unwrap_or_default();
            let under = if comparison.removed.has_below(&path) {
                format!(" {}", say("pruned.under", &[]))
            } else {
                String::new()
            };
            out.push(reason(
                Topic::Pruned,
                Some(&path),
                say(
                    "pruned",
                    &[
                        ("path", &path.to_string()),
                        ("manager", &quote(&step.manager)),
                        ("since", &since),
                        ("under", &under),
                    ],
                ),
            ));
        } else if applied {
            out.push(reason(
                Topic::Removed,
                Some(&path),
                say(
                    "removed.with-parent",
                    &[
                        ("path", &path.to_string()),
                        ("manager", &quote(&step.manager)),
                    ],
                ),
            ));
        } else {
            out.push(reason(
                Topic::Removed,
                Some(&path),
                say(
                    "removed.by-update",
                    &[
                        ("path", &path.to_string()),
                        ("manager", &quote(&step.manager)),
                        (
                            "write",
                            if step.op == Op::Patch {
                                "patch"
                            } else {
                                "update"
                            },
                        ),
                    ],
                ),
            ));
        }
    }
    if let Some(tw) = &three_way {
        for path in comparison.modified.paths_in_tree_order() {
            if let Some(r) = tw.deleted_then_defaulted(&path, after, schema) {
                out.push(r);
            }
        }
        tw.kept(now, out);
    }
    // The other managers of each side, decoded and described once: every
    // path below asks them.
    let (others_was, others_now) = (
        other_managers(was, step, applied),
        other_managers(now, step, applied),
    );
    let others = |managers: &[(&Set, String)], path: &Path| -> Vec<String> {
        managers
            .iter()
            .filter(|(set, _)| set.has(path))
            .map(|(_, name)| name.clone())
            .collect()
    };
    if applied {
        for path in mine_before.difference(&mine_after).paths_in_tree_order() {
            if comparison.removed.has(&path) {
                continue;
            }
            let keepers = others(&others_now, &path);
            if keepers.is_empty() {
                let value = super::resolve::value_at(schema, after, &path)
                    .map(|v| format!(" (now {})", v.to_json()))
                    .unwrap_or_default();
                out.push(reason(
                    Topic::Pruned,
                    Some(&path),
                    say(
                        "pruned.defaulted",
                        &[
                            ("path", &path.to_string()),
                            ("manager", &quote(&step.manager)),
                            ("now", &value),
                        ],
                    ),
                ));
            } else {
                out.push(reason(
                    Topic::Kept,
                    Some(&path),
                    say(
                        "kept",
                        &[
                            ("path", &path.to_string()),
                            ("manager", &quote(&step.manager)),
                            ("owners", &keepers.join(" and ")),
                        ],
                    ),
                ));
            }
        }
    }
    // Fields the writer now owns: shared with an owner who kept them, or
    // taken from owners who lost them.
    let mut shared: Vec<(String, Vec<String>)> = Vec::new();
    // The owners kept at the previous path and their group in `shared`:
    // neighbouring paths mostly share their owners, so the group's key
    // (their names joined) is built only when the owners change.
    let mut last_kept: Option<(Vec<&str>, usize)> = None;
    let mut fresh: Vec<String> = Vec::new();
    // Per-path lists of owners' names, reused from path to path.
    let (mut had, mut has, mut kept) = (Vec::new(), Vec::new(), Vec::new());
    // Walked once in tree order: each path's owners found from its parent's.
    let mut sets: Vec<&Set> = others_was
        .iter()
        .chain(&others_now)
        .map(|(s, _)| *s)
        .collect();
    sets.extend([&comparison.modified, &mine_after]);
    let gained = mine_after.difference(&mine_before);
    gained.for_each_in_tree_order(&sets, |path, name, held| {
        let (held_was, rest) = held.split_at(others_was.len().min(held.len()));
        let (held_now, rest) = rest.split_at(others_now.len().min(rest.len()));
        let (modified, parent) = match rest {
            [modified, after] => (modified.path, after.below),
            _ => (false, false),
        };
        had.clear();
        had.extend(holders(&others_was, held_was));
        has.clear();
        has.extend(holders(&others_now, held_now));
        if had.iter().any(|o| !has.contains(o)) {
            let lost: Vec<&str> = had.iter().filter(|o| !has.contains(o)).copied().collect();
            let how = match (step.op, step.force) {
                (Op::Apply, true) => say("moved.forced", &[]),
                (Op::Apply, false) if lost.iter().any(|o| o.contains(CLIENT_SIDE_APPLY)) => {
                    say("moved.migration", &[])
                }
                (Op::Apply, false) => say("moved.let-go", &[]),
                _ => say("moved.by-update", &[]),
            };
            out.push(reason(
                Topic::Moved,
                Some(path),
                say(
                    "moved",
                    &[
                        ("field", name),
                        ("owners", &lost.join(" and ")),
                        ("writer", &writer),
                        ("how", &how),
                    ],
                ),
            ));
        }
        if had.is_empty() {
            fresh.push(name.to_string());
        }
        kept.clear();
        kept.extend(has.iter().filter(|o| had.contains(o)));
        // A map that holds owned fields (`parent`) is said through them.
        if applied && !kept.is_empty() && !modified && !parent {
            let group = match &last_kept {
                Some((owners, group)) if *owners == kept => *group,
                _ => {
                    let key = kept.join(" and ");
                    let group = match shared.iter().position(|(k, _)| *k == key) {
                        Some(group) => group,
                        None => {
                            shared.push((key, Vec::new()));
                            shared.len() - 1
                        }
                    };
                    last_kept = Some((kept.clone(), group));
                    group
                }
            };
            if let Some((_, fields)) = shared.get_mut(group) {
                fields.push(name.to_string());
            }
        }
    });
    let changed_alone: Vec<String> = comparison
        .modified
        .paths_in_tree_order()
        .iter()
        .filter(|p| {
            applied && others(&others_was, p).is_empty() && mine_before.has(p) && mine_after.has(p)
        })
        .map(Path::to_string)
        .collect();
    // A change nobody owns afterwards: an update tracked by nobody.
    let owned_now = now
        .fields
        .values()
        .fold(Set::new(), |acc, vs| acc.union(&vs.set));
    for path in comparison.modified.paths_in_tree_order() {
        if owned_now.has(&path) || applied {
            continue;
        }
        let value = super::resolve::value_at(schema, after, &path)
            .map(|v| format!(" to {}", v.to_json()))
            .unwrap_or_default();
        let how = if step.subresource == Some(crate::field_manager::Subresource::Scale) {
            format!(" {}", say("unowned.scale", &[]))
        } else {
            String::new()
        };
        out.push(reason(
            Topic::Unowned,
            Some(&path),
            say(
                "unowned.change",
                &[
                    ("writer", &writer),
                    ("path", &path.to_string()),
                    ("now", &value),
                    ("how", &how),
                ],
            ),
        ));
    }
    if !changed_alone.is_empty() {
        out.push(Reason {
            topic: Topic::Changed,
            field: changed_alone.first().cloned(),
            text: say(
                "changed.alone",
                &[
                    ("manager", &quote(&step.manager)),
                    ("fields", &changed_alone.join(", ")),
                ],
            ),
        });
    }
    if comparison.added.is_empty()
        && comparison.modified.is_empty()
        && comparison.removed.is_empty()
    {
        let touched: Vec<String> = now
            .fields
            .iter()
            .filter(|(id, vs)| {
                was.fields.get(id).map(|v| &v.set) != Some(&vs.set)
                    || was.times.get(*id) != now.times.get(*id)
            })
            .map(|(id, _)| describe(id))
            .collect();
        let what = if touched.is_empty() {
            say("changed.entries-removed", &[])
        } else {
            say(
                "changed.entries-of",
                &[("managers", &touched.join(" and "))],
            )
        };
        out.push(reason(
            Topic::Changed,
            None,
            say("changed.managed-fields", &[("what", &what)]),
        ));
    }
    if !fresh.is_empty() {
        let how = match step.op {
            Op::Apply => say("owns.apply", &[]),
            Op::ClientSideApply => say("owns.client-side-apply", &[]),
            _ => say("owns.update", &[]),
        };
        out.push(Reason {
            topic: Topic::Owns,
            field: fresh.first().cloned(),
            text: say(
                "owns",
                &[
                    ("writer", &writer),
                    ("fields", &fresh.join(", ")),
                    ("how", &how),
                ],
            ),
        });
    }
    for (owners, fields) in shared {
        out.push(Reason {
            topic: Topic::Shared,
            field: fields.first().cloned(),
            text: say(
                "shared",
                &[
                    ("manager", &quote(&step.manager)),
                    ("owners", &owners),
                    ("fields", &fields.join(", ")),
                    ("them", if fields.len() == 1 { "it" } else { "them" }),
                ],
            ),
        });
    }
    // Whatever else changed, said once, with its owners now.

    let mut rest: Vec<String> = Vec::new();
    comparison.modified.for_each_in_tree_order(&[], |_, p, _| {
        if !out.iter().any(|r| r.text.contains(p)) && !changed_alone.iter().any(|c| c == p) {
            rest.push(p.to_string());
        }
    });
    for field in rest {
        let text = if field.ends_with(LAST_APPLIED_ANNOTATION) {
            say("changed.last-applied", &[("field", &field)])
        } else {
            say("changed", &[("field", &field)])
        };
        out.push(Reason {
            topic: Topic::Changed,
            field: Some(field),
            text,
        });
    }
}

/// The managers of `managed` other than the step's writer (its applier
/// entry when it applied, its update entry otherwise), with their
/// descriptions.
fn other_managers<'m>(managed: &'m Managed, step: &Step, applied: bool) -> Vec<(&'m Set, String)> {
    managed
        .fields
        .iter()
        .filter(|(id, _)| {
            ManagerId::decode(id).is_none_or(|m| {
                !(m.manager == step.manager && applied == (m.operation == Operation::Apply))
            })
        })
        .map(|(id, vs)| (&vs.set, describe(id)))
        .collect()
}

/// A manager identifier as the server describes it in messages.
fn describe(id: &str) -> String {
    ManagerId::decode(id)
        .map(|m| identity(&m))
        .unwrap_or_else(|| id.to_string())
}

/// The server's own entries appearing: `before-first-apply` and
/// `ancient-changes`.
fn server_entries(sides: &Sides<'_>, out: &mut Vec<Reason>) {
    let (was, now) = (&sides.managed_before, &sides.managed_after);
    let has = |m: &Managed, name: &str| {
        m.fields
            .iter()
            .find(|(id, _)| ManagerId::decode(id).is_some_and(|m| m.manager == name))
            .map(|(_, vs)| vs.set.clone())
    };
    if let (None, Some(set)) = (has(was, BEFORE_FIRST_APPLY), has(now, BEFORE_FIRST_APPLY)) {
        out.push(reason(
            Topic::BeforeFirstApply,
            None,
            say(
                "before-first-apply",
                &[("count", &set.paths().len().to_string())],
            ),
        ));
    }
    let grew = match (has(was, ANCIENT_CHANGES), has(now, ANCIENT_CHANGES)) {
        (None, Some(_)) => true,
        (Some(a), Some(b)) => a != b,
        _ => false,
    };
    if grew {
        let updates = now.fields.values().filter(|vs| !vs.applied).count();
        out.push(reason(
            Topic::AncientChanges,
            None,
            say("ancient-changes", &[("count", &updates.to_string())]),
        ));
    }
}

/// Fields this step left in the object that no manager owns: set by the
/// server (defaults) or left behind by a write.
fn unowned(schema: &ObjectSchema, sides: &Sides<'_>, out: &mut Vec<Reason>) {
    let unowned_in = |stripped: &Value, managed: &Managed| {
        let fields =
            crate::typed::to_field_set(&schema.schema, schema.root, stripped).unwrap_or_default();
        let owned = managed
            .fields
            .values()
            .fold(Set::new(), |acc, vs| acc.union(&vs.set));
        let mut loose = fields.difference(&owned);
        // The object's name and type are not anyone's to own.
        for k in ["apiVersion", "kind"] {
            loose = loose.difference(&Set::from_paths([&Path(vec![
                crate::fieldpath::PathElement::Field(k.into()),
            ])]));
        }
        loose
    };
    let Some(after) = &sides.stripped_after else {
        return;
    };
    let now = unowned_in(after, &sides.managed_after);
    let new = match &sides.stripped_before {
        Some(b) => now.difference(&unowned_in(b, &sides.managed_before)),
        None => now,
    };
    let fields: Vec<String> = new
        .paths_in_tree_order()
        .iter()
        .map(Path::to_string)
        .filter(|p| {
            !matches!(
                p.as_str(),
                ".metadata" | ".metadata.name" | ".metadata.namespace"
            )
        })
        .collect();
    if fields.is_empty() {
        return;
    }
    out.push(Reason {
        topic: Topic::Unowned,
        field: fields.first().cloned(),
        text: say(
            "unowned",
            &[
                ("fields", &fields.join(", ")),
                ("them", if fields.len() == 1 { "it" } else { "them" }),
            ],
        ),
    });
}

/// Client-side `kubectl apply`'s three-way decision: a field is deleted
/// when the last applied manifest had it and the new one does not; a
/// field kubectl never applied is left alone.
struct ThreeWay {
    last: Option<Set>,
    manifest: Set,
}

impl ThreeWay {
    fn new(schema: &ObjectSchema, before: &Value, manifest: Option<&Value>) -> Self {
        let set_of = |v: &Value| {
            crate::typed::to_field_set(&schema.schema, schema.root, &stripped(v))
                .unwrap_or_default()
        };
        let last = before
            .get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
            .and_then(Value::as_str)
            .and_then(|text| Value::from_json_str(text).ok())
            .map(|v| set_of(&v));
        ThreeWay {
            last,
            manifest: manifest.map(set_of).unwrap_or_default(),
        }
    }

    fn removed(&self, path: &Path) -> Reason {
        let text = match &self.last {
            Some(last) if last.has(path) && !self.manifest.has(path) => {
                say("three-way.deleted", &[("path", &path.to_string())])
            }
            _ => say("three-way.replaced", &[("path", &path.to_string())]),
        };
        reason(Topic::ClientSideDeleted, Some(path), text)
    }

    /// A field the patch deleted that the server's defaults set again.
    fn deleted_then_defaulted(
        &self,
        path: &Path,
        after: &Value,
        schema: &ObjectSchema,
    ) -> Option<Reason> {
        let last = self.last.as_ref()?;
        if !last.has(path) || self.manifest.has(path) {
            return None;
        }
        let now = super::resolve::value_at(schema, after, path)?.to_json();
        Some(reason(
            Topic::ClientSideDeleted,
            Some(path),
            say(
                "three-way.defaulted",
                &[("path", &path.to_string()), ("now", &now)],
            ),
        ))
    }

    /// Fields the manifest leaves out that stay, owned by a manager other
    /// than kubectl's client-side apply.
    fn kept(&self, now: &Managed, out: &mut Vec<Reason>) {
        let Some(last) = &self.last else {
            out.push(reason(
                Topic::ClientSideKept,
                None,
                say("three-way.no-annotation", &[]),
            ));
            return;
        };
        for (id, vs) in &now.fields {
            let Some(m) = ManagerId::decode(id) else {
                continue;
            };
            if m.manager == CLIENT_SIDE_APPLY {
                continue;
            }
            for path in vs.set.difference(&self.manifest).paths_in_tree_order() {
                if last.has(&path) {
                    continue;
                }
                out.push(reason(
                    Topic::ClientSideKept,
                    Some(&path),
                    say(
                        "three-way.kept",
                        &[("path", &path.to_string()), ("owner", &identity(&m))],
                    ),
                ));
            }
        }
    }
}

/// The reasons as text, one line each, indented under a step of the CLI's
/// text output.
pub fn render(reasons: &[Reason]) -> String {
    reasons
        .iter()
        .map(|r| format!("  why ({}): {}\n", r.topic.title(), r.text))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::super::run_scenario_text;
    use super::*;

    /// The reasons of every step of `text`, with their topics.
    fn reasons(text: &str) -> Vec<Vec<Reason>> {
        run_scenario_text(text)
            .unwrap()
            .steps
            .into_iter()
            .map(|s| s.why)
            .collect()
    }

    #[test]
    fn a_stored_value_differs_only_by_added_or_dropped_fields() {
        let json = |text: &str| Value::from_json_str(text).unwrap();
        let sent = json(r#"{"a":{"b":1},"l":[{"x":1}],"z":0}"#);
        // Defaults filled in below the top level.
        let filled = json(r#"{"a":{"b":1,"c":2},"l":[{"x":1,"y":null}],"z":0}"#);
        assert!(differs_only_by(&sent, &filled, |_| true, |_| false));
        assert!(!differs_only_by(&sent, &filled, Value::is_null, |_| false));
        // Zero values omitted; a changed value is neither.
        let omitted = json(r#"{"a":{"b":1},"l":[{"x":1}]}"#);
        assert!(differs_only_by(&sent, &omitted, |_| false, is_zero));
        assert!(!differs_only_by(&sent, &omitted, |_| true, |_| false));
        let changed = json(r#"{"a":{"b":2},"l":[{"x":1}],"z":0}"#);
        assert!(!differs_only_by(&sent, &changed, |_| true, is_zero));
        let longer = json(r#"{"a":{"b":1},"l":[{"x":1},{}],"z":0}"#);
        assert!(!differs_only_by(&sent, &longer, |_| true, |_| true));
    }

    fn of(reasons: &[Reason], topic: Topic) -> Vec<&Reason> {
        reasons.iter().filter(|r| r.topic == topic).collect()
    }

    const CM: &str = "apiVersion: v1, kind: ConfigMap, metadata: {name: d, namespace: default}";

    fn scenario(steps: &[&str]) -> String {
        let mut s = String::from("scenario: v1\nname: why\nsteps:\n");
        for step in steps {
            s.push_str(&step.replace("CM", CM));
            s.push('\n');
        }
        s
    }

    #[test]
    fn a_conflict_names_field_owner_since_when_values_and_identity() {
        let text = scenario(&[
            "- {manager: a, op: apply, object: {CM, data: {k: \"1\", other: x}}}",
            "- {manager: b, op: apply, object: {CM, data: {x: y}}}",
            "- {manager: a, op: update, object: {CM, data: {k: \"2\", other: x}}}",
            "- {manager: a, op: apply, object: {CM, data: {k: \"3\", other: x}}}",
        ]);
        let why = reasons(&text);
        let conflicts = of(&why[3], Topic::Conflict);
        assert_eq!(conflicts.len(), 1);
        let c = conflicts[0];
        assert_eq!(c.field.as_deref(), Some(".data.k"));
        assert!(
            c.text
                .contains("\"a\" (operation Update, apiVersion v1) since step 3"),
            "{}",
            c.text
        );
        assert!(
            c.text.contains("sets \"3\"; the object holds \"2\""),
            "{}",
            c.text
        );
        assert!(c.text.contains("Same name, another manager"), "{}", c.text);
        assert_eq!(of(&why[3], Topic::Refused).len(), 1);
        // The update took .data.k from the applier.
        let moved = of(&why[2], Topic::Moved);
        assert_eq!(moved.len(), 1);
        assert!(
            moved[0]
                .text
                .contains("from \"a\" (operation Apply) to \"a\" (operation Update")
        );
    }

    /// A `/status` write refused by validation says whose rules refused
    /// it (the status strategy's); a spec's refusal or a status patch that
    /// does not decode does not.
    #[test]
    fn a_refused_status_write_names_the_status_strategy() {
        let job = "apiVersion: batch/v1, kind: Job, metadata: {name: pi, namespace: default}";
        let text = scenario(&[
            &format!(
                "- {{manager: a, op: apply, object: {{{job}, spec: {{template: {{spec: {{restartPolicy: Never, containers: [{{name: pi, image: perl}}]}}}}}}}}}}"
            ),
            &format!(
                "- {{manager: c, op: update, subresource: status, object: {{{job}, status: {{conditions: [{{type: Complete, status: 'True'}}]}}}}}}"
            ),
            &format!(
                "- {{manager: a, op: apply, object: {{{job}, spec: {{template: {{spec: {{restartPolicy: Always, containers: [{{name: pi, image: perl}}]}}}}}}}}}}"
            ),
            "- {manager: c, op: patch, subresource: status, patchType: merge, patch: {status: {succeeded: 1.5}}}",
        ]);
        let why = reasons(&text);
        let refused = of(&why[1], Topic::Refused);
        assert_eq!(refused.len(), 1);
        assert!(
            refused[0].text.contains("completionTime is required for Complete jobs")
                && refused[0].text.ends_with("validated by the kind's status strategy: its status and metadata, not its spec, which the write cannot change."),
            "{}",
            refused[0].text
        );
        let spec_refusal = of(&why[2], Topic::Refused);
        assert!(
            !spec_refusal[0].text.contains("status strategy"),
            "{}",
            spec_refusal[0].text
        );
        // A status patch whose result does not decode: a 422 no strategy saw.
        let undecoded = of(&why[3], Topic::Refused);
        assert!(
            undecoded[0].text.contains("is invalid: patch: ")
                && !undecoded[0].text.contains("status strategy"),
            "{}",
            undecoded[0].text
        );
    }

    /// `Convert_v1_Secret_To_core_Secret`: a step that sends a Secret's
    /// `stringData` says what a real server stores; `data` alone, an
    /// empty `stringData` or another kind says nothing.
    #[test]
    fn a_secrets_string_data_tells_what_a_real_server_stores() {
        let secret = "apiVersion: v1, kind: Secret, metadata: {name: s, namespace: default}";
        let text = scenario(&[
            &format!("- {{manager: a, op: apply, object: {{{secret}, stringData: {{k: v}}}}}}"),
            &format!("- {{manager: a, op: apply, object: {{{secret}, data: {{k: dg==}}}}}}"),
            &format!("- {{manager: a, op: update, object: {{{secret}, stringData: {{}}}}}}"),
        ]);
        let why = reasons(&text);
        let notes: Vec<usize> = why.iter().map(|w| of(w, Topic::Conversion).len()).collect();
        assert_eq!(notes, [1, 0, 0]);
        assert!(
            of(&why[0], Topic::Conversion)[0]
                .text
                .contains("moves each value into data")
        );
        // A kind without the conversion (no schema: any field is taken).
        let other = reasons(&scenario(&[
            "- {manager: a, op: apply, object: {CM, stringData: {k: v}}}",
        ]));
        assert!(!other[0].is_empty(), "the apply was explained");
        assert!(of(&other[0], Topic::Conversion).is_empty());
    }

    #[test]
    fn pruned_when_nobody_else_owns_kept_when_someone_does() {
        let text = scenario(&[
            "- {manager: a, op: apply, object: {CM, data: {gone: \"1\", stays: \"2\"}}}",
            "- {manager: b, op: apply, object: {CM, data: {stays: \"2\"}}}",
            "- {manager: a, op: apply, object: {CM, data: {}}}",
        ]);
        let why = reasons(&text);
        let shared = of(&why[1], Topic::Shared);
        assert_eq!(shared.len(), 1);
        assert!(shared[0].text.contains(".data.stays"), "{}", shared[0].text);
        let pruned = of(&why[2], Topic::Pruned);
        assert_eq!(pruned.len(), 1);
        assert_eq!(pruned[0].field.as_deref(), Some(".data.gone"));
        assert!(
            pruned[0].text.contains("since step 1"),
            "{}",
            pruned[0].text
        );
        let kept = of(&why[2], Topic::Kept);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].field.as_deref(), Some(".data.stays"));
        assert!(
            kept[0]
                .text
                .contains("\"b\" (operation Apply) still owns it")
        );
    }

    #[test]
    fn a_no_op_says_nothing_was_stored() {
        let text = scenario(&[
            "- {manager: a, op: apply, object: {CM, data: {k: v}}}",
            "- {manager: a, op: apply, object: {CM, data: {k: v}}}",
        ]);
        let why = reasons(&text);
        assert_eq!(of(&why[0], Topic::Created).len(), 1);
        assert_eq!(of(&why[1], Topic::NoOp).len(), 1);
        assert_eq!(why[1].len(), 1, "a no-op has one reason: {:?}", why[1]);
    }

    #[test]
    fn server_defaults_are_owned_by_nobody() {
        let text = "scenario: v1\nname: d\nsteps:\n- manager: a\n  op: apply\n  object: {apiVersion: apps/v1, kind: Deployment, metadata: {name: d, namespace: default}, spec: {selector: {matchLabels: {app: x}}, template: {metadata: {labels: {app: x}}, spec: {containers: [{name: c, image: i}]}}}}\n";
        let why = reasons(text);
        let unowned = of(&why[0], Topic::Unowned);
        assert_eq!(unowned.len(), 1);
        for field in [
            ".spec.replicas",
            ".spec.strategy.type",
            ".spec.revisionHistoryLimit",
        ] {
            assert!(
                unowned[0].text.contains(field),
                "{field}: {}",
                unowned[0].text
            );
        }
        assert!(
            !unowned[0].text.contains(".spec.selector"),
            "applied fields are owned"
        );
    }

    #[test]
    fn before_first_apply_and_ancient_changes_are_explained() {
        let text = format!(
            "scenario: v1\nname: d\nlive: {{{CM}, data: {{mode: slow}}}}\nsteps:\n- {{manager: x, op: apply, object: {{{CM}, data: {{mode: fast}}}}}}\n- {{manager: x, op: apply, object: {{{CM}, data: {{mode: slow}}}}}}\n"
        );
        let why = reasons(&text);
        let conflict = of(&why[0], Topic::Conflict);
        assert!(
            conflict[0].text.contains("before-first-apply"),
            "{}",
            conflict[0].text
        );
        assert_eq!(of(&why[1], Topic::BeforeFirstApply).len(), 1);
        let mut steps = Vec::new();
        for i in 1..=11 {
            steps.push(format!(
                "- {{manager: u{i}, op: update, object: {{CM, data: {{{}}}}}}}",
                (1..=i)
                    .map(|j| format!("k{j}: v"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let steps: Vec<&str> = steps.iter().map(String::as_str).collect();
        let why = reasons(&scenario(&steps));
        assert!(
            why[..10]
                .iter()
                .all(|w| of(w, Topic::AncientChanges).is_empty())
        );
        assert_eq!(of(&why[10], Topic::AncientChanges).len(), 1);
    }

    #[test]
    fn client_side_apply_deletes_what_it_applied_and_keeps_the_rest() {
        let text = scenario(&[
            "- {manager: kubectl-client-side-apply, op: client-side-apply, object: {CM, data: {mine: \"1\", dropped: \"2\"}}}",
            "- {manager: someone, op: patch, patchType: merge, patch: {data: {theirs: \"3\"}}}",
            "- {manager: kubectl-client-side-apply, op: client-side-apply, object: {CM, data: {mine: \"1\"}}}",
        ]);
        let why = reasons(&text);
        let deleted = of(&why[2], Topic::ClientSideDeleted);
        assert_eq!(deleted.len(), 1, "{:?}", why[2]);
        assert_eq!(deleted[0].field.as_deref(), Some(".data.dropped"));
        assert!(deleted[0].text.contains("last-applied-configuration"));
        let kept = of(&why[2], Topic::ClientSideKept);
        assert!(
            kept.iter()
                .any(|k| k.field.as_deref() == Some(".data.theirs")),
            "{kept:?}"
        );
    }

    #[test]
    fn refused_steps_say_nothing_was_stored() {
        let text =
            scenario(&["- {manager: a, op: patch, patchType: merge, patch: {data: {k: v}}}"]);
        let why = reasons(&text);
        assert_eq!(of(&why[0], Topic::Refused).len(), 1);
        assert!(render(&why[0]).starts_with("  why (refused): "));
    }

    /// A 409 without field conflicts is the store's optimistic lock: the
    /// reason names both versions and the way out.
    #[test]
    fn a_stale_write_names_both_resource_versions() {
        let text = scenario(&[
            "- {manager: a, op: apply, object: {CM, data: {k: \"1\"}}}",
            "- {manager: a, op: update, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d, namespace: default, resourceVersion: \"7\"}, data: {k: \"2\"}}}",
        ]);
        let why = reasons(&text);
        let refused = of(&why[1], Topic::Refused);
        assert_eq!(refused.len(), 1, "{:?}", why[1]);
        assert!(
            refused[0]
                .text
                .starts_with("The write names resourceVersion \"7\", but the stored object is at \"1\": the server's optimistic lock"),
            "{}",
            refused[0].text
        );
        assert!(of(&why[1], Topic::Conflict).is_empty());
    }

    /// A CRD upgrade refused for a version still in
    /// `status.storedVersions`: the reason says how a storage migration
    /// lets the version go.
    #[test]
    fn a_dropped_stored_version_names_the_storage_migration() {
        let crd = |versions: &str| {
            format!(
                "- {{manager: a, op: apply, object: {{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, \
                metadata: {{name: widgets.example.com}}, spec: {{group: example.com, scope: Namespaced, \
                names: {{plural: widgets, kind: Widget}}, versions: [{versions}]}}}}}}"
            )
        };
        let version = |name: &str| {
            format!(
                "{{name: {name}, served: true, storage: true, schema: {{openAPIV3Schema: {{type: object}}}}}}"
            )
        };
        let text = scenario(&[&crd(&version("v1alpha1")), &crd(&version("v1"))]);
        let why = reasons(&text);
        let refused = of(&why[1], Topic::Refused);
        assert_eq!(refused.len(), 1, "{:?}", why[1]);
        assert!(
            refused[0].text.contains("missing from spec.versions")
                && refused[0]
                    .text
                    .contains("with a write to the /status subresource"),
            "{}",
            refused[0].text
        );
    }

    /// An immutable field's refusal says the field is set once, and the
    /// way to a new value is a new object.
    #[test]
    fn a_v1beta1_webhook_names_what_v1_requires() {
        let text = scenario(&[
            "- {manager: helm, op: apply, object: {apiVersion: admissionregistration.k8s.io/v1, kind: MutatingWebhookConfiguration, metadata: {name: m}, webhooks: [{name: m.example.com, clientConfig: {service: {name: hook, namespace: system}}}]}}",
        ]);
        let why = reasons(&text);
        let refused = of(&why[0], Topic::Refused);
        assert!(
            refused.len() == 1
                && refused[0]
                    .text
                    .contains("which v1beta1 defaulted: name them"),
            "{:?}",
            why[0]
        );
    }

    #[test]
    fn an_immutable_field_names_the_way_through() {
        let deployment = |app: &str| {
            format!(
                "- {{manager: a, op: apply, object: {{apiVersion: apps/v1, kind: Deployment, metadata: {{name: web, namespace: default}}, \
                spec: {{selector: {{matchLabels: {{app: {app}}}}}, template: {{metadata: {{labels: {{app: {app}}}}}, \
                spec: {{containers: [{{name: web, image: nginx}}]}}}}}}}}}}"
            )
        };
        let text = scenario(&[&deployment("web"), &deployment("site")]);
        let why = reasons(&text);
        let refused = of(&why[1], Topic::Refused);
        assert_eq!(refused.len(), 1, "{:?}", why[1]);
        assert!(
            refused[0].text.contains("spec.selector: Invalid value")
                && refused[0]
                    .text
                    .contains("delete the object and create it again"),
            "{}",
            refused[0].text
        );
    }

    /// A CRD whose rule selects a property named by a CEL reserved word
    /// (grafana-operator#2552, refused by servers of 1.31 and before) is
    /// taken by a 1.36 server, whose environment names the property by
    /// the word too: nothing to explain. A field that is merely
    /// undeclared is still refused with cel-go's words.
    #[test]
    fn a_reserved_word_in_a_rule_names_its_property() {
        let crd = |rule: &str| {
            format!(
                "- {{manager: a, op: apply, object: {{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, \
                metadata: {{name: dashboards.example.com}}, spec: {{group: example.com, scope: Namespaced, \
                names: {{plural: dashboards, singular: dashboard, kind: Dashboard, listKind: DashboardList}}, \
                versions: [{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {{type: object, properties: \
                {{spec: {{type: object, x-kubernetes-validations: [{{rule: \"{rule}\"}}], \
                properties: {{namespace: {{type: string}}}}}}}}}}}}}}]}}}}}}"
            )
        };
        let why = reasons(&scenario(&[&crd("self.namespace != ''")]));
        assert!(of(&why[0], Topic::Refused).is_empty(), "{:?}", why[0]);
        let why = reasons(&scenario(&[&crd("self.name != ''")]));
        let refused = of(&why[0], Topic::Refused);
        assert!(
            refused[0].text.contains("undefined field 'name'"),
            "{}",
            refused[0].text
        );
    }

    /// A rule's type errors end with CEL's way through: no truthiness,
    /// no number conversions.
    #[test]
    fn a_rule_type_error_says_what_cel_takes() {
        let crd = |rule: &str| {
            format!(
                "- {{manager: a, op: apply, object: {{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, \
                metadata: {{name: widgets.example.com}}, spec: {{group: example.com, scope: Namespaced, \
                names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}, \
                versions: [{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {{type: object, properties: \
                {{spec: {{type: object, x-kubernetes-validations: [{{rule: \"{rule}\"}}], \
                properties: {{name: {{type: string}}, ratio: {{type: number}}}}}}}}}}}}}}]}}}}}}"
            )
        };
        for (rule, words) in [
            ("has(self.name) && self.name", "CEL has no truthiness"),
            ("self.ratio == 0", "CEL converts no numbers"),
        ] {
            let why = reasons(&scenario(&[&crd(rule)]));
            let refused = of(&why[0], Topic::Refused);
            assert!(
                refused.len() == 1 && refused[0].text.contains(words),
                "{rule}: {:?}",
                why[0]
            );
        }
    }

    /// Two appliers of one manifest conflict where the server stored
    /// another value than the manifest's: a zero value encoding/json
    /// leaves out, and an atomic value completed with defaults
    /// (kubernetes/kubernetes#128924). The reasons say which.
    #[test]
    fn conflicts_on_values_the_server_changed_say_how() {
        let apply = |manager: &str| {
            format!(
                "- {{manager: {manager}, client: api, op: apply, object: {{apiVersion: apps/v1, kind: Deployment, metadata: {{name: web, namespace: default}}, \
                spec: {{selector: {{matchLabels: {{app: web}}}}, template: {{metadata: {{labels: {{app: web}}}}, spec: {{containers: [{{name: web, image: nginx, \
                env: [{{name: POD, valueFrom: {{fieldRef: {{fieldPath: metadata.name}}}}}}], volumeMounts: [{{name: d, mountPath: /d, readOnly: false}}]}}], \
                volumes: [{{name: d, emptyDir: {{}}}}]}}}}}}}}}}"
            )
        };
        let text = scenario(&[&apply("first"), &apply("second")]);
        let why = reasons(&text);
        let conflicts = of(&why[1], Topic::Conflict);
        assert_eq!(conflicts.len(), 2, "{:?}", why[1]);
        // A quantity: `cpu: 0.15` is stored "150m".
        let quantity = apply("first").replace(
            "image: nginx,",
            "image: nginx, resources: {limits: {cpu: 0.15}},",
        );
        let text = scenario(&[&quantity, &quantity.replace("first", "second")]);
        let why = reasons(&text);
        let cpu = of(&why[1], Topic::Conflict)
            .into_iter()
            .find(|r| r.text.contains("limits.cpu"))
            .unwrap();
        assert!(
            cpu.text.contains(
                "This apply sets 0.15; the object holds \"150m\". It is the same quantity"
            ),
            "{}",
            cpu.text
        );
        assert!(
            conflicts[0].text.contains(
                "the object holds {\"fieldPath\":\"metadata.name\",\"apiVersion\":\"v1\"}"
            ) && conflicts[0].text.contains("defaults the server filled in"),
            "{}",
            conflicts[0].text
        );
        // Zero values inside an atomic list: a CRD's printer column's
        // `priority: 0`.
        let definition = |manager: &str| {
            format!(
                "- {{manager: {manager}, client: api, op: apply, object: {{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, metadata: {{name: widgets.example.com}}, \
                spec: {{group: example.com, scope: Namespaced, names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}, versions: [{{name: v1, served: true, storage: true, \
                schema: {{openAPIV3Schema: {{type: object}}}}, additionalPrinterColumns: [{{name: Age, type: date, jsonPath: .metadata.creationTimestamp, priority: 0}}]}}]}}}}}}"
            )
        };
        let why = reasons(&scenario(&[&definition("first"), &definition("second")]));
        let versions = of(&why[1], Topic::Conflict);
        assert!(
            versions.len() == 1
                && versions[0]
                    .text
                    .contains("lacks the manifest's zero values"),
            "{:?}",
            why[1]
        );
        // A pointer without omitempty: a PVC's `dataSource.apiGroup`.
        let claim = |manager: &str| {
            format!(
                "- {{manager: {manager}, client: api, op: apply, object: {{apiVersion: v1, kind: PersistentVolumeClaim, metadata: {{name: c, namespace: default}}, \
                spec: {{dataSource: {{kind: PersistentVolumeClaim, name: old}}, accessModes: [ReadWriteOnce], resources: {{requests: {{storage: 1Gi}}}}}}}}}}"
            )
        };
        let why = reasons(&scenario(&[&claim("first"), &claim("second")]));
        let source = of(&why[1], Topic::Conflict);
        assert!(
            source.len() == 1
                && source[0].text.contains("\"apiGroup\":null")
                && source[0]
                    .text
                    .contains("adds null for the fields the manifest left out"),
            "{:?}",
            why[1]
        );
        assert!(
            conflicts[1]
                .text
                .contains("This apply sets false; the object does not hold the field")
                && conflicts[1].text.contains("encoding/json omits when empty"),
            "{}",
            conflicts[1].text
        );
    }
}
