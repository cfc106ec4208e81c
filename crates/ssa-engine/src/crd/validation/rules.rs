//! The CEL rules of a CRD (`x-kubernetes-validations`) as apiextensions'
//! `schema/cel` validator runs them, through `super::super::cel`'s subset
//! of the language.

use super::correlation::{OldItems, unchanged};
use super::{bad, join, pattern_matcher};
use crate::builtin::validation::field::{self, BadValue, Errors, FieldError, index};
use crate::crd::cel::Expr;
use crate::value::Value;

/// The expressions of a schema's rules (`rule` and `messageExpression`),
/// each parsed once for the CRD's version rather than at every value it
/// applies to; `None` for a text outside the subset.
#[derive(Debug)]
pub(super) struct Compiled(pub(super) rustc_hash::FxHashMap<String, Option<Expr>>);

impl Compiled {
    pub(super) fn of(schema: &Value) -> Self {
        fn walk(v: &Value, out: &mut rustc_hash::FxHashMap<String, Option<Expr>>) {
            match v {
                Value::Map(m) => {
                    for rule in m
                        .get("x-kubernetes-validations")
                        .and_then(Value::as_list)
                        .into_iter()
                        .flatten()
                    {
                        for key in ["rule", "messageExpression"] {
                            if let Some(text) = rule.get(key).and_then(Value::as_str) {
                                let text = text.trim();
                                out.entry(text.to_string())
                                    .or_insert_with(|| crate::crd::cel::parse(text));
                            }
                        }
                    }
                    m.values().for_each(|v| walk(v, out));
                }
                Value::List(items) => items.iter().for_each(|v| walk(v, out)),
                _ => {}
            }
        }
        let mut texts = rustc_hash::FxHashMap::default();
        walk(schema, &mut texts);
        Compiled(texts)
    }

    /// Whether the schema has rules (without, the strategy has no CEL
    /// validator).
    pub(super) fn any(&self) -> bool {
        !self.0.is_empty()
    }

    fn get(&self, text: &str) -> Option<&Expr> {
        self.0.get(text).and_then(Option::as_ref)
    }
}

/// The CEL rules (`x-kubernetes-validations`) of every node the object
/// has, as apiextensions' `cel.Validator` runs them: a node's own rules in
/// order, then its properties' and items'. `old_self` is the old value a
/// transition rule reads (properties of maps that are not atomic, items of
/// map lists by their keys); `correlated` is what ratcheting compares with
/// (as the schema's own rules correlate): a rule without `oldSelf` that
/// fails on an unchanged value is let through. A rule outside
/// [`super::cel`]'s subset is not checked.
pub(super) fn rules(
    errs: &mut Vec<FieldError>,
    compiled: &Compiled,
    schema: &Value,
    value: &Value,
    old_self: Option<&Value>,
    correlated: Option<&Value>,
    path: &str,
) {
    let node = Node {
        compiled,
        old_self,
        correlated,
        ancestor_unchanged: false,
    };
    node_rules(errs, node, schema, value, path);
}

/// What a node's rules read besides its schema and value: the old value
/// of its transition rules, the one it correlates with, and whether the
/// nearest ancestor that correlates is unchanged (`shouldRatchetError`: a
/// node that does not correlate, an atomic list's item, ratchets as that
/// ancestor does).
#[derive(Clone, Copy)]
struct Node<'a> {
    compiled: &'a Compiled,
    old_self: Option<&'a Value>,
    correlated: Option<&'a Value>,
    ancestor_unchanged: bool,
}

fn node_rules(
    errs: &mut Vec<FieldError>,
    node: Node<'_>,
    schema: &Value,
    value: &Value,
    path: &str,
) {
    let Node {
        compiled,
        old_self,
        correlated,
        ..
    } = node;
    if value.is_null() {
        return;
    }
    let schema_type = schema.get("type").and_then(Value::as_str).unwrap_or("");
    let unchanged = match correlated {
        Some(old) => unchanged(schema, old, value),
        None => node.ancestor_unchanged,
    };
    // `self` and `oldSelf` as CEL sees them, typed by the schema; made
    // once for the node's rules, and only where it has some.
    let mut typed: Option<(Value, Option<Value>)> = None;
    for rule in schema
        .get("x-kubernetes-validations")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
    {
        let text = |k: &str| rule.get(k).and_then(Value::as_str).unwrap_or("").trim();
        let Some(expr) = compiled.get(text("rule")) else {
            continue;
        };
        let transition = crate::crd::cel::uses_old_self(expr);
        // `optionalOldSelf`: the rule runs without an old value too, its
        // `oldSelf` an optional.
        let optional_old_self = rule.get("optionalOldSelf").and_then(Value::as_bool) == Some(true);
        if transition && old_self.is_none() && !optional_old_self {
            continue;
        }
        let (this, old) = typed.get_or_insert_with(|| {
            (
                crate::crd::cel::typed(value, schema),
                old_self.map(|o| crate::crd::cel::typed(o, schema)),
            )
        });
        let mut scope = if optional_old_self {
            crate::crd::cel::Scope::with_optional_old_self(this, old.as_ref(), pattern_matcher())
        } else {
            crate::crd::cel::Scope::new(this, old.as_ref(), pattern_matcher())
        };
        // `ruleErrorString`: the message, else the rule.
        let named = if text("message").is_empty() {
            text("rule")
        } else {
            text("message")
        };
        // The root's errors are at the validator's nil path.
        let here = if path.is_empty() {
            super::NIL_PATH
        } else {
            path
        };
        let at = match text("fieldPath").trim_start_matches('.') {
            "" => here.to_string(),
            field => join(path, field),
        };
        let error = match crate::crd::cel::eval(expr, &mut scope) {
            Ok(Value::Bool(true)) | Err(crate::crd::cel::Failure::Unsupported) => continue,
            Err(crate::crd::cel::Failure::Error(e)) => {
                // An overload error at run time (an int-or-string given to a
                // string's function) gets its own words.
                let detail = if e.starts_with("no such overload") {
                    format!(
                        "'{e}': call arguments did not match a supported operator, function or macro signature for rule: {named}"
                    )
                } else {
                    format!("{e} evaluating rule: {named}")
                };
                errs.invalid(here.to_string(), BadValue::str(schema_type), &detail);
                continue;
            }
            Ok(_) => {
                let evaluated = compiled
                    .get(text("messageExpression"))
                    .and_then(|m| crate::crd::cel::eval(m, &mut scope).ok());
                let detail = match evaluated {
                    Some(Value::String(m)) => m,
                    _ if text("message").is_empty() => format!("failed rule: {named}"),
                    _ => named.to_string(),
                };
                let bad = match schema_type {
                    "object" | "array" => None,
                    _ => Some(bad(value)),
                };
                match (text("reason"), bad) {
                    ("FieldValueForbidden", _) => field::forbidden(at, &detail),
                    ("FieldValueRequired", _) => field::required(at, &detail),
                    ("FieldValueDuplicate", Some(v)) => field::duplicate(at, v),
                    // An object's or a list's value is omitted, and so is
                    // the detail (`field.Duplicate` has none).
                    ("FieldValueDuplicate", None) => field::duplicate_omitted(at),
                    (_, Some(v)) => field::invalid(at, v, &detail),
                    (_, None) => field::invalid_omitted(at, &detail),
                }
            }
        };
        if transition || !unchanged {
            errs.push(error);
        }
    }
    match value {
        Value::Map(map) => {
            let properties = schema.get("properties");
            let additional = schema.get("additionalProperties").filter(|a| a.is_map());
            let atomic =
                schema.get("x-kubernetes-map-type").and_then(Value::as_str) == Some("atomic");
            for (key, v) in map.iter() {
                let (child_schema, at) = match (properties.and_then(|p| p.get(key)), additional) {
                    (Some(p), _) => (p, join(path, key)),
                    (None, Some(a)) => (a, format!("{path}[{key}]")),
                    (None, None) => continue,
                };
                let child = Node {
                    old_self: old_self.and_then(|o| o.get(key)).filter(|_| !atomic),
                    correlated: correlated.and_then(|o| o.get(key)),
                    ancestor_unchanged: unchanged,
                    ..node
                };
                node_rules(errs, child, child_schema, v, &at);
            }
        }
        Value::List(items) => {
            let Some(item_schema) = schema.get("items") else {
                return;
            };
            let map_list =
                schema.get("x-kubernetes-list-type").and_then(Value::as_str) == Some("map");
            let (old_selves, correlated) = (
                OldItems::new(schema, old_self.filter(|_| map_list)),
                OldItems::new(schema, correlated),
            );
            for (i, item) in items.iter().enumerate() {
                let child = Node {
                    old_self: old_selves.get(item),
                    correlated: correlated.get(item),
                    ancestor_unchanged: unchanged,
                    ..node
                };
                node_rules(errs, child, item_schema, item, &index(path, i));
            }
        }
        _ => {}
    }
}
