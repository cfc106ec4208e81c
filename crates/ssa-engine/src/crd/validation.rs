//! A custom resource's validation, as apiextensions-apiserver refuses a
//! write with 422: the strategy (`pkg/registry/customresource/strategy.go`,
//! `status_strategy.go`) runs the validator (`validator.go`, here: the
//! metadata, the OpenAPI schema, the scale subresource's paths), then the
//! embedded resources and the list-type invariants (`structure`: the
//! `schema/objectmeta` and `schema/listtype` packages), then the CEL rules
//! (`rules`: `schema/cel`'s validator, through `super::cel`'s subset of
//! the language).
//!
//! The OpenAPI schema is checked by `schema`, after kube-openapi's
//! `pkg/validation/validate`; an update is ratcheted
//! (`CRDValidationRatcheting`, GA in 1.33) with the old values that
//! `correlation` finds, as `common.CorrelatedObject` does.
//!
//! Upstream walks Go maps of properties (no fixed order); here they come
//! in the schema's order.

use crate::builtin::validation::field::{self, BadValue, Errors, FieldError, child};
use crate::builtin::validation::meta;
use crate::schema::Validator;
use crate::value::Value;
use std::sync::OnceLock;

mod correlation;
mod rules;
mod schema;
mod structure;

use super::regexp::{Host, PatternMatcher, RegexpDialect};

static PATTERN_MATCHER: OnceLock<Host> = OnceLock::new();

/// Gives the engine a regular expression engine, and the syntax it reads.
/// The engine parses Go's syntax itself (`crate::crd::regexp`) and hands
/// the matching to this one: in wasm it has none of its own (the `regex`
/// crate's tables would weigh on the JavaScript API's download), and a
/// front end gives one (the JavaScript API, JavaScript's `RegExp`).
/// Natively the `regex` feature's is the default. Without either,
/// `pattern` and `matches()` are not checked.
pub fn set_pattern_matcher(dialect: RegexpDialect, matcher: PatternMatcher) {
    let _ = PATTERN_MATCHER.set(Host { dialect, matcher });
}

pub(super) fn pattern_matcher() -> Option<Host> {
    #[cfg(feature = "regex")]
    let default = Some(Host {
        dialect: RegexpDialect::Rust,
        matcher: regex_matches,
    });
    #[cfg(not(feature = "regex"))]
    let default: Option<Host> = None;
    PATTERN_MATCHER.get().copied().or(default)
}

/// The `regex` crate's first match at or after `start`, its compiled
/// patterns kept. Its size limit is raised to Go's (`maxSize`, 128 MiB
/// of instructions): `\pL{1000}` compiles in Go.
#[cfg(feature = "regex")]
fn regex_matches(pattern: &str, text: &str, start: usize) -> Option<Option<(usize, usize)>> {
    use super::regexp::CompiledPatterns;
    use std::cell::RefCell;
    thread_local! {
        static COMPILED: RefCell<CompiledPatterns<Option<regex::Regex>>> =
            const { RefCell::new(CompiledPatterns::new()) };
    }
    let compile = |p: &str| {
        regex::RegexBuilder::new(p)
            .size_limit(128 << 20)
            .build()
            .ok()
    };
    let re = COMPILED.with_borrow_mut(|compiled| compiled.get_or_compile(pattern, compile))?;
    Some(re.find_at(text, start).map(|m| (m.start(), m.end())))
}

/// Answers a build without this feature (see `crate::delegated`): the
/// request `[crd, apiVersion, kind, old, new, status]` as JSON; the
/// refusal's message, or `None` when the write passes (or the request
/// cannot be read).
pub fn answer_delegated(request: &str) -> Option<String> {
    let (identity, old, new, status) = crate::delegated::parse_request(request, 3)?;
    let [crd, api_version, kind] = identity.as_slice() else {
        return None;
    };
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    // The version's validation alone: none of the merge's schema is built.
    let validator =
        CustomResourceValidation::of(&super::served(crd, &text(api_version), &text(kind)).ok()?);
    let answer = match (&old, status) {
        (Some(old), true) => validator.validate_status(old, &new),
        _ => validator.validate(old.as_ref(), &new),
    };
    answer.err()
}

/// kube-openapi's validation of `value` against the schema node `schema`,
/// its field errors' paths under `prefix` (`ValidateCustomResource` with a
/// field path: a CRD's `default`, `ValidateDefaults`).
#[cfg(feature = "rare-kinds")]
pub(crate) fn schema_errors(schema: &Value, value: &Value, prefix: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut walk = schema::SchemaWalk {
        errs: &mut errs,
        prefix,
    };
    walk.value(schema, value, None, "");
    errs
}

/// The validation of one custom resource kind (one served version).
#[derive(Debug)]
pub(super) struct CustomResourceValidation {
    /// `Thing.example.com`, as `NewInvalid` names the kind.
    group_kind: String,
    /// The version's `openAPIV3Schema`.
    schema: Value,
    /// The version's scale subresource (`specReplicasPath`,
    /// `statusReplicasPath`, `labelSelectorPath`).
    scale: Option<Value>,
    /// The schema's CEL rules, parsed.
    rules: rules::Compiled,
}

impl CustomResourceValidation {
    pub(super) fn new(group_kind: String, schema: Value, scale: Option<Value>) -> Self {
        let rules = rules::Compiled::of(&schema);
        CustomResourceValidation {
            group_kind,
            schema,
            scale,
            rules,
        }
    }

    /// The validation of a CRD's served version.
    pub(super) fn of(served: &super::Served<'_>) -> Self {
        let scale = served
            .version
            .get("subresources")
            .or_else(|| served.spec.get("subresources"))
            .and_then(|s| s.get("scale"))
            .filter(|s| s.is_map())
            .cloned();
        let group_kind = format!("{}.{}", served.kind, served.group);
        CustomResourceValidation::new(group_kind, served.node.clone(), scale)
    }
}

impl Validator for CustomResourceValidation {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        // customResourceValidator.Validate / ValidateUpdate: the metadata
        // (a DNS subdomain name on create, the immutable uid on update),
        // then the schema.
        let mut errs = match old {
            None => meta::object_meta(new, meta::NameRule::Subdomain, false),
            Some(old) => meta::object_meta_update(new, old, false),
        };
        let mut walk = schema::SchemaWalk {
            errs: &mut errs,
            prefix: "",
        };
        walk.value(&self.schema, new, old, "");
        scale(&mut errs, self.scale.as_ref(), new, true);
        self.lists_and_rules(&mut errs, new, old, true);
        refusal(&self.group_kind, new, &errs)
    }

    /// `ValidateStatusUpdate`: the metadata, and the status against the
    /// status's own schema (its messages name the field without `status.`,
    /// the paths with it).
    fn validate_status(&self, old: &Value, new: &Value) -> Result<(), String> {
        let mut errs = meta::object_meta_update(new, old, false);
        if let (Some(status), Some(schema)) = (
            new.get("status"),
            self.schema.get_path(&["properties", "status"]),
        ) {
            let mut walk = schema::SchemaWalk {
                errs: &mut errs,
                prefix: "status",
            };
            walk.value(schema, status, old.get("status"), "");
        }
        scale(&mut errs, self.scale.as_ref(), new, false);
        self.lists_and_rules(&mut errs, new, Some(old), false);
        refusal(&self.group_kind, new, &errs)
    }
}

impl CustomResourceValidation {
    /// What the strategies check after the validator: the embedded
    /// resources (with `embedded`; a status write checks none), the list
    /// types (on an update only when the old object
    /// passes), then the CEL rules unless an error so far blocks them.
    fn lists_and_rules(
        &self,
        errs: &mut Vec<FieldError>,
        new: &Value,
        old: Option<&Value>,
        embedded: bool,
    ) {
        let mut lists = Vec::new();
        if let Some(old) = old {
            structure::structure(&self.schema, old, "", None, &mut lists);
        }
        let old_lists_pass = lists.is_empty();
        lists.clear();
        let mut found = Vec::new();
        structure::structure(
            &self.schema,
            new,
            "",
            embedded.then_some(&mut found),
            &mut lists,
        );
        errs.append(&mut found);
        if old_lists_pass {
            errs.append(&mut lists);
        }
        if self.rules.any() {
            if errs.iter().any(FieldError::blocks_rules) {
                errs.invalid(
                    NIL_PATH,
                    BadValue::Json("null".to_string()),
                    "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
                );
            } else {
                rules::rules(errs, &self.rules, &self.schema, new, old, old, "");
            }
        }
    }
}

/// How Go prints a nil `*field.Path` (`<nil>`): the path of the errors the
/// strategy makes without one (`ValidateCustomResource(nil, …)`, the CEL
/// validator's root, `hasBlockingErr`'s `field.Invalid(nil, …)`).
pub(super) const NIL_PATH: &str = "<nil>";

fn refusal(group_kind: &str, new: &Value, errs: &[FieldError]) -> Result<(), String> {
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    field::invalid_message(group_kind, name, errs).map_or(Ok(()), Err)
}

/// The bad value of a field error as `ErrorBody` prints it.
pub(crate) fn bad(value: &Value) -> BadValue {
    match value {
        Value::String(s) => BadValue::str(s),
        Value::Int(i) => BadValue::Int(*i),
        Value::Float(f) => BadValue::Json(crate::yaml::go_format_g(*f, false)),
        // A nil `Value` becomes "" (`kubeOpenAPIResultToFieldErrors`).
        Value::Null => BadValue::str(""),
        other => BadValue::Json(other.to_json_sorted()),
    }
}

/// `ValidateScaleSpec` (with `spec`) and `ValidateScaleStatus`: the
/// replicas at `specReplicasPath` and `statusReplicasPath` an int64 (absent
/// is 0) not negative and within an int32, the selector at
/// `labelSelectorPath` a string if there; a path is printed as the CRD
/// writes it (`.spec.replicas`).
fn scale(errs: &mut Vec<FieldError>, scale: Option<&Value>, object: &Value, spec: bool) {
    let Some(scale) = scale else {
        return;
    };
    let path = |key: &str| scale.get(key).and_then(Value::as_str);
    let replicas = if spec {
        vec![path("specReplicasPath"), path("statusReplicasPath")]
    } else {
        vec![path("statusReplicasPath")]
    };
    for path in replicas.into_iter().flatten() {
        let at = keys(path);
        let (replicas, message) = match object.get_path(&at) {
            None => continue,
            Some(Value::Int(n)) if *n < 0 => (*n, "should be a non-negative integer".to_string()),
            Some(Value::Int(n)) if *n > i64::from(i32::MAX) => {
                (*n, format!("should be less than or equal to {}", i32::MAX))
            }
            Some(Value::Int(_)) => continue,
            Some(other) => (0, accessor_error(&at, other, "int64")),
        };
        errs.invalid(path.to_string(), BadValue::Int(replicas), &message);
    }
    if let Some(path) = path("labelSelectorPath") {
        let at = keys(path);
        if let Some(other) = object.get_path(&at).filter(|v| v.as_str().is_none()) {
            errs.invalid(
                path.to_string(),
                BadValue::str(""),
                &accessor_error(&at, other, "string"),
            );
        }
    }
}

/// The keys of a scale subresource's JSON path (`.spec.replicas`).
fn keys(path: &str) -> Vec<&str> {
    path.trim_start_matches('.').split('.').collect()
}

/// unstructured's `NestedInt64` / `NestedString` error for a value of
/// another type: `.spec.replicas accessor error: 3 is of the type string,
/// expected int64`.
fn accessor_error(keys: &[&str], value: &Value, expected: &str) -> String {
    let go_type = match value {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::List(_) => "[]interface {}",
        Value::Map(_) => "map[string]interface {}",
    };
    format!(
        ".{} accessor error: {} is of the type {go_type}, expected {expected}",
        keys.join("."),
        crate::typed::go_print::v_of(value, true)
    )
}

/// `field.Path.Child`, from the root or not.
fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        child(path, key)
    }
}

#[cfg(test)]
mod tests;
