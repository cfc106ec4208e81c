//! Replaying a scenario's steps against the simulated API server.

use super::format::{BadStep, Client, Op, PatchKind, Scenario, SchemaSource, Step};
use super::result::{Outcome, ScenarioResult, StepResult};
use super::sides::Sides;
use super::{ScenarioError, step_time};
use crate::client_side;
use crate::field_manager::{FieldManager, Subresource, WriteError, WriteOutcome, WriteRequest};
use crate::patch::{self, PatchType};
use crate::schema::ObjectSchema;
use crate::value::go_quote;
use crate::value::{Map, Value, ValuePath};

/// The schema a scenario's object is typed with: its `schema`, else the
/// built-in type its apiVersion and kind name, else the deduced type.
pub fn schema_for(scenario: &Scenario) -> Result<ObjectSchema, ScenarioError> {
    let (api_version, kind) = object_type(scenario);
    let at = |path: ValuePath, message: String| ScenarioError {
        message,
        location: Some(
            scenario
                .source_map
                .nearest(&path.prefixed(&ValuePath::root().key("schema"))),
        ),
    };
    match &scenario.schema {
        None => {
            Ok(crate::builtin::lookup(&api_version, &kind).unwrap_or_else(ObjectSchema::deduced))
        }
        Some(SchemaSource::Deduced) => Ok(ObjectSchema::deduced()),
        Some(SchemaSource::Builtin(gvk)) => {
            let (av, k) = builtin_type(gvk);
            crate::builtin::lookup(&av, &k).ok_or_else(|| {
                at(
                    ValuePath::root().key("builtin"),
                    format!("{gvk} is not a built-in kind this playground knows"),
                )
            })
        }
        Some(SchemaSource::Smd(doc)) => crate::smd::load(doc)
            .map_err(|e| at(e.path.prefixed(&ValuePath::root().key("smd")), e.message)),
        Some(SchemaSource::Crd(doc)) => crate::crd::load(doc, &api_version, &kind)
            .map_err(|e| at(e.path.prefixed(&ValuePath::root().key("crd")), e.message)),
        Some(SchemaSource::Openapi(doc)) => {
            crate::openapi::load(doc, &api_version, &kind).map_err(|e| {
                at(
                    e.path.prefixed(&ValuePath::root().key("openapi")),
                    e.message,
                )
            })
        }
    }
}

/// The apiVersion and kind a `schema: {builtin: GROUP/VERSION/KIND}` names.
fn builtin_type(gvk: &str) -> (String, String) {
    match gvk.rsplit_once('/') {
        Some((av, k)) => (av.to_string(), k.to_string()),
        None => (String::new(), gvk.to_string()),
    }
}

/// The (apiVersion, kind) a scenario's schema is loaded for: the live
/// object's, else the first step object's.
pub(crate) fn object_type(scenario: &Scenario) -> (String, String) {
    let of = |v: &Value| {
        let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
        text("apiVersion").zip(text("kind"))
    };
    scenario
        .live
        .as_ref()
        .and_then(of)
        .or_else(|| {
            scenario
                .steps
                .iter()
                .filter_map(|s| s.as_ref().ok())
                .filter_map(|s| s.object.as_ref())
                .find_map(of)
        })
        .unwrap_or_default()
}

/// The version a step writes a custom resource in (the API server serves
/// every served version of a CRD from one stored object), with that
/// version's schema when it is not the one the scenario's schema was
/// loaded for; `None` for another kind of step. A version the CRD does
/// not serve has no endpoint: the step's refusal, the 404 of a path
/// nothing serves.
fn served_version(
    scenario: &Scenario,
    step: &Step,
) -> Option<Result<(String, Option<ObjectSchema>), String>> {
    let Some(SchemaSource::Crd(crd)) = &scenario.schema else {
        return None;
    };
    let body = step.object.as_ref()?;
    let text = |k: &str| body.get(k).and_then(Value::as_str).unwrap_or("");
    let (api_version, kind) = object_type(scenario);
    let group = |v: &str| v.rsplit_once('/').map(|(g, _)| g.to_string());
    let version = text("apiVersion");
    if text("kind") != kind || group(version) != group(&api_version) {
        return None;
    }
    if version == api_version {
        return Some(Ok((version.to_string(), None)));
    }
    Some(match crate::crd::load(crd, version, &kind) {
        Ok(schema) => Ok((version.to_string(), Some(schema))),
        Err(_) => Err("the server could not find the requested resource".to_string()),
    })
}

/// Runs every step and returns the result document with every step's
/// views (see [`run_scenario_with`]). Fails only when the schema itself
/// cannot be loaded.
pub fn run_scenario(scenario: &Scenario) -> Result<ScenarioResult, ScenarioError> {
    run_scenario_with(scenario, true)
}

/// Runs every step; with `views`, also builds each step's playground views
/// (its ownership blame and its changes). The views cost more than the
/// writes themselves and a page shows one step at a time, so the
/// playground runs without them and asks [`step_views`] for the step it
/// shows; the result document does not include them.
pub fn run_scenario_with(
    scenario: &Scenario,
    views: bool,
) -> Result<ScenarioResult, ScenarioError> {
    let schema = schema_for(scenario)?;
    Ok(run_scenario_with_schema(scenario, &schema, views))
}

/// [`run_scenario_with`] with the scenario's schema already loaded (by
/// [`schema_for`]): a review runs many one-step scenarios of one kind and
/// loads each kind's schema once.
pub fn run_scenario_with_schema(
    scenario: &Scenario,
    schema: &ObjectSchema,
    views: bool,
) -> ScenarioResult {
    let target = Target::of(scenario);
    let mut live = scenario.live.clone();
    if let Some(stored) = live.as_mut() {
        take_named_uid(stored, scenario);
        // A stored object is in the namespace its requests name (none
        // for a cluster-scoped kind), which a hand-written `live` may
        // leave out. (The requests' namespace is the one `live` names,
        // if it names one: no mismatch to refuse.)
        if let Some(namespace) = &target.request_namespace {
            let _ = crate::registry::ensure_namespace(namespace, stored);
        }
    }
    let mut bookkeeping = crate::lifecycle::Bookkeeping::new(&scenario.name, live.as_ref());
    let generation = generation_of(scenario, schema);
    if let Some(stored) = live.as_mut() {
        bookkeeping.stamp_stored(stored, generation);
        // A stored object went through its create strategy: what that
        // derives from the uid (a Job's generated selector) is there even
        // when a hand-written `live` leaves it out.
        let uid = stored
            .get_path(&["metadata", "uid"])
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        crate::registry::prepare_for_create_with_uid(stored, &uid);
        // The server reads a stored object back through its kind's
        // defaulters (the storage codec defaults on decode; a custom
        // resource gets its schema's defaults on read from etcd): the
        // object every step sees, and the fields `before-first-apply`
        // is given, carry the defaults a hand-written `live` leaves out.
        if let Some(defaulter) = &schema.defaulter {
            defaulter.apply_defaults(stored, "");
        }
    }
    let stored = live.clone();
    let mut steps = Vec::with_capacity(scenario.steps.len());
    for (i, step) in scenario.steps.iter().enumerate() {
        let time = step_time(i);
        let result = match step {
            Err(BadStep { message }) => {
                StepResult::refused(Outcome::Error, message.clone(), vec![], live.clone())
            }
            Ok(step) => {
                // A custom resource written in another served version of
                // its CRD: that version's schema, and the stored object
                // read in that version (the CRD's `None` conversion
                // changes only its apiVersion).
                let other = served_version(scenario, step);
                let other = match other {
                    Some(Err(message)) => {
                        let mut r =
                            StepResult::refused(Outcome::Invalid, message, vec![], live.clone());
                        r.expectation_failures = check_expect(step, &r);
                        steps.push(r);
                        continue;
                    }
                    Some(Ok(other)) => Some(other),
                    None => None,
                };
                let schema = other
                    .as_ref()
                    .and_then(|(_, s)| s.as_ref())
                    .unwrap_or(schema);
                if let (Some((version, _)), Some(stored)) = (&other, live.as_mut())
                    && let Value::Map(m) = stored
                {
                    m.insert("apiVersion", Value::from(version.as_str()));
                }
                if let Some(message) = kubectl_refusal(step, &target) {
                    let mut r = StepResult::refused(Outcome::Error, message, vec![], live.clone());
                    r.expectation_failures = check_expect(step, &r);
                    steps.push(r);
                    continue;
                }
                let mut fm = FieldManager::new(schema).with_resource(target.resource.clone());
                if let Some(namespace) = &target.request_namespace {
                    fm = fm.with_request_namespace(namespace.clone());
                }
                if !target.name.is_empty() {
                    fm = fm.with_request_name(target.name.clone());
                }
                // A create gets the uid the store will record for it.
                let fm = match (&live, &step.object) {
                    (None, Some(body)) => fm.with_new_uid(bookkeeping.uid_of_next_create(body)),
                    _ => fm,
                };
                let (result, notes) = run_step(&fm, schema, &target, live.as_ref(), step, &time);
                let mut r = match result {
                    Ok(Some(WriteOutcome { object, changed })) => {
                        live = Some(object);
                        ok_step(live.clone(), changed)
                    }
                    Ok(None) => {
                        let changed = live.is_some();
                        live = None;
                        ok_step(None, changed)
                    }
                    Err(WriteError::Conflict { message, conflicts }) => {
                        StepResult::refused(Outcome::Conflict, message, conflicts, live.clone())
                    }
                    Err(WriteError::Invalid { message }) => {
                        StepResult::refused(Outcome::Invalid, message, vec![], live.clone())
                    }
                };
                r.notes = notes;
                r.expectation_failures = check_expect(step, &r);
                r
            }
        };
        let mut result = result;
        if result.outcome == Outcome::Applied {
            let before = steps
                .last()
                .map_or(stored.as_ref(), |s: &StepResult| s.object.as_ref());
            let status_write = matches!(step, Ok(s) if s.subresource == Some(Subresource::Status));
            let (event, rollout) = bookkeeping.record(
                before,
                result.object.as_mut(),
                result.changed,
                if status_write {
                    generation.for_status_write()
                } else {
                    generation
                },
                &time,
            );
            result.event = event;
            result.rollout = rollout;
            // The store decodes what it wrote through the kind's
            // defaulters: a default that reads a field the strategy set
            // after the request was defaulted shows in the response (a
            // Job's labels, copied from its template once the selector's
            // labels were added to it).
            if let (Some(object), Some(defaulter)) = (result.object.as_mut(), &schema.defaulter) {
                defaulter.apply_defaults(object, &time);
            }
            live.clone_from(&result.object);
        }
        steps.push(result);
    }
    let mut result = ScenarioResult {
        scenario: scenario.name.clone(),
        stored,
        steps,
    };
    if views {
        for index in 0..result.steps.len() {
            fill_views(scenario, schema, &mut result, index);
        }
    }
    result
}

/// Builds the views of step `index` of `result`, a run of `scenario`
/// without them (see [`run_scenario_with`]); nothing when there is no
/// such step or its views are there already.
pub fn step_views(
    scenario: &Scenario,
    result: &mut ScenarioResult,
    index: usize,
) -> Result<(), ScenarioError> {
    if result.steps.get(index).is_none_or(|s| s.has_views) {
        return Ok(());
    }
    let schema = schema_for(scenario)?;
    fill_views(scenario, &schema, result, index);
    Ok(())
}

fn fill_views(
    scenario: &Scenario,
    schema: &ObjectSchema,
    result: &mut ScenarioResult,
    index: usize,
) {
    let Some(step_result) = result.steps.get(index) else {
        return;
    };
    // Every view reads the same two sides, decoded and compared once.
    let sides = Sides::of(result, index);
    let why = super::why::why_of(scenario, schema, result, index, &sides);
    let blame = sides
        .after
        .map(|object| super::blame::blame_with(schema, object, &sides.managed_after));
    let changes = match (scenario.steps.get(index), step_result.changed) {
        (Some(Ok(step)), true) => Some(super::changes::changes_of(
            schema,
            &sides,
            &step.manager,
            matches!(step.op, Op::Apply),
        )),
        _ => None,
    };
    let managed = sides.after.is_some().then_some(sides.managed_after);
    let Some(step_result) = result.steps.get_mut(index) else {
        return;
    };
    step_result.why = why;
    step_result.managed = managed;
    step_result.has_views = true;
    if let Some(blame) = blame {
        step_result.blame = blame;
    }
    if let Some(changes) = changes {
        step_result.changes = changes;
    }
}

fn ok_step(object: Option<Value>, changed: bool) -> StepResult {
    StepResult {
        changed,
        ..StepResult::refused(Outcome::Applied, String::new(), vec![], object)
    }
}

/// How the scenario's kind tracks `metadata.generation`: a built-in
/// kind's registry strategy decides, a custom resource's CRD (its status
/// subresource) does.
fn generation_of(scenario: &Scenario, schema: &ObjectSchema) -> crate::lifecycle::Generation {
    let (api_version, kind) = object_type(scenario);
    let builtin = !matches!(scenario.schema, Some(SchemaSource::Crd(_)))
        && crate::builtin::lookup(&api_version, &kind).is_some();
    crate::lifecycle::Generation::of(&api_version, &kind, builtin, schema.subresources.status)
}

/// One step: `Ok(Some(..))` the stored object, `Ok(None)` deleted.
fn run_step(
    fm: &FieldManager<'_>,
    schema: &ObjectSchema,
    target: &Target,
    live: Option<&Value>,
    step: &Step,
    time: &str,
) -> (Result<Option<WriteOutcome>, WriteError>, Vec<String>) {
    // A subresource never creates (the status and scale endpoints pass
    // the store no forceAllowCreate): a missing object is a 404.
    if step.subresource.is_some()
        && live.is_none()
        && step.op != Op::Delete
        && crate::registry::Strategy::new(schema).serves(step.subresource)
    {
        return (Err(not_found(step, target)), vec![]);
    }
    let empty = Value::Map(Map::new());
    let body = step.object.as_ref().unwrap_or(&empty);
    // kubectl sends an object that names no namespace to its context's
    // namespace, which the scenario's object lives in.
    let kubectl_body = match (&target.request_namespace, step.subresource) {
        (Some(namespace), None | Some(Subresource::Status))
            if step.client == Client::Kubectl && step.object.is_some() =>
        {
            client_side::with_namespace(body, namespace)
        }
        _ => None,
    };
    let body = kubectl_body.as_ref().unwrap_or(body);
    let request = WriteRequest {
        manager: &step.manager,
        subresource: step.subresource,
        body,
        time,
    };
    match step.op {
        Op::Apply => {
            if step.client == Client::Kubectl && step.subresource.is_none() && !step.dry_run {
                let out = client_side::kubectl_server_side_apply(
                    fm,
                    live,
                    body,
                    &step.manager,
                    step.force,
                    time,
                );
                (out.result.map(Some), out.notes)
            } else {
                (fm.apply(live, &request, step.force).map(Some), vec![])
            }
        }
        Op::Update => {
            // The body is decoded into the kind's Go struct first; the
            // scale endpoint's body is a Scale.
            let strict = step.client == Client::Kubectl;
            let decoded = match step.subresource {
                Some(Subresource::Scale) => Ok(None),
                _ => crate::registry::Strategy::new(schema).decode_body(body, strict),
            };
            // Then the store's UID precondition, before anything else.
            let precondition = crate::registry::uid_precondition(
                &target.resource,
                &target.key,
                &target.name,
                body,
                live,
            );
            match (decoded, precondition) {
                (Err(message), _) => (Err(WriteError::Invalid { message }), vec![]),
                (Ok(_), Err(refusal)) => (Err(refusal.into()), vec![]),
                (Ok(None), Ok(())) => (fm.update(live, &request).map(Some), vec![]),
                (Ok(Some(kept)), Ok(())) => {
                    let request = WriteRequest {
                        body: &kept,
                        ..request
                    };
                    (fm.update(live, &request).map(Some), vec![])
                }
            }
        }
        Op::ClientSideApply => {
            // A first `kubectl apply` creates the object: a POST decoded
            // strictly, as kubectl asks (`fieldValidation=Strict`).
            if live.is_none()
                && let Err(message) = crate::registry::Strategy::new(schema).decode_body(body, true)
            {
                return (Err(WriteError::Invalid { message }), vec![]);
            }
            let out = client_side::client_side_apply(fm, live, body, &step.manager, time);
            (out.result.map(Some), out.notes)
        }
        Op::Delete => match live {
            Some(_) => (Ok(None), vec![]),
            None => (Err(not_found(step, target)), vec![]),
        },
        Op::Patch => {
            let mut notes = vec![];
            let result = run_patch(fm, schema, target, live, step, time, &mut notes).map(Some);
            (result, notes)
        }
    }
}

/// A patch: applied by the server to the stored object (or its Scale), then
/// stored as an update by the step's manager.
fn run_patch(
    fm: &FieldManager<'_>,
    schema: &ObjectSchema,
    target: &Target,
    live: Option<&Value>,
    step: &Step,
    time: &str,
    notes: &mut Vec<String>,
) -> Result<WriteOutcome, WriteError> {
    let Some(live) = live else {
        return Err(not_found(step, target));
    };
    let patch_type = match step.patch_type {
        Some(PatchKind::Merge) => PatchType::Merge,
        Some(PatchKind::Strategic) => PatchType::Strategic,
        Some(PatchKind::Json) | None => PatchType::Json,
    };
    let empty = Value::Null;
    let patch_body = step.patch.as_ref().unwrap_or(&empty);
    let target = match step.subresource {
        Some(Subresource::Scale) => scale_of(schema, live),
        _ => live.clone(),
    };
    let patched = match step.subresource {
        // The scale endpoint's result is a Scale, not the kind's struct.
        Some(Subresource::Scale) => patch::apply_patch(schema, &target, patch_type, patch_body),
        // `kubectl patch` sends no fieldValidation: the server's default
        // (Warn) drops unknown fields.
        _ => patch::patch_object(schema, &target, patch_type, patch_body, false),
    };
    let patched = patched.map_err(|e| {
        // The server's message may not say what failed; the note does.
        if let Some(detail) = e.detail {
            notes.push(detail);
        }
        WriteError::Invalid { message: e.message }
    })?;
    let request = WriteRequest {
        manager: &step.manager,
        subresource: step.subresource,
        body: &patched,
        time,
    };
    fm.update(Some(live), &request)
}

/// The `autoscaling/v1` Scale the API server shows for an object.
fn scale_of(schema: &ObjectSchema, live: &Value) -> Value {
    let replicas = schema
        .subresources
        .scale_replicas_path
        .as_ref()
        .and_then(|p| {
            live.get_path(&p.iter().map(String::as_str).collect::<Vec<_>>())
                .cloned()
        })
        .unwrap_or(Value::Int(0));
    let mut spec = Map::new();
    spec.insert("replicas", replicas);
    let mut scale = Map::new();
    scale.insert("apiVersion", Value::from("autoscaling/v1"));
    scale.insert("kind", Value::from("Scale"));
    scale.insert("spec", Value::Map(spec));
    Value::Map(scale)
}

/// The server's 404 for a write to an object that does not exist.
fn not_found(step: &Step, target: &Target) -> WriteError {
    let name = step
        .object
        .as_ref()
        .and_then(|o| o.get_path(&["metadata", "name"]))
        .and_then(Value::as_str)
        .unwrap_or(&target.name);
    WriteError::Invalid {
        message: format!("{} {} not found", target.resource, go_quote(name)),
    }
}

/// A `live` object written without a uid is the object whose uid the
/// steps name, if one does (the first): a body copied from the real
/// object carries its uid, which the store's UID checks then find
/// unchanged. Without one the bookkeeping gives it a uid of its own.
fn take_named_uid(live: &mut Value, scenario: &Scenario) {
    let uid_of = |v: &Value| v.get_path(&["metadata", "uid"]).cloned();
    if uid_of(live).is_some() {
        return;
    }
    let named = scenario
        .steps
        .iter()
        .filter_map(|s| s.as_ref().ok()?.object.as_ref())
        .find_map(uid_of);
    if let Some(uid) = named
        && let Some(meta) = live.child_map_mut("metadata")
    {
        meta.insert("uid", uid);
    }
}

/// Why kubectl would not send a step's object to the scenario's object:
/// what kubectl says where it refuses to send it (`applyOneObject`'s
/// generated name; client-go's `Request.Name` for an object without a
/// name), or, for an object that names another name or namespace, that
/// kubectl would write another object than the one a scenario follows.
fn kubectl_refusal(step: &Step, target: &Target) -> Option<String> {
    let object = step.object.as_ref()?;
    let sent = step.client == Client::Kubectl
        && matches!(step.op, Op::Apply | Op::ClientSideApply | Op::Update)
        && step.subresource != Some(Subresource::Scale);
    if !sent {
        return None;
    }
    let text = |field: &str| {
        object
            .get_path(&["metadata", field])
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let (name, namespace) = (text("name"), text("namespace"));
    let generate_name = text("generateName");
    if name.is_empty() {
        return Some(if generate_name.is_empty() || step.op == Op::Update {
            "resource name may not be empty".to_string()
        } else {
            format!("from {generate_name}: cannot use generate name with apply")
        });
    }
    let resource = &target.resource;
    if name != target.name {
        return Some(format!(
            "kubectl would write {resource} {}, another object than the scenario's {resource} {}",
            go_quote(name),
            go_quote(&target.name)
        ));
    }
    match target.request_namespace.as_deref() {
        Some(ours) if !ours.is_empty() && !namespace.is_empty() && namespace != ours => {
            Some(format!(
                "kubectl would write {resource} {} in namespace {}, another object than the scenario's in namespace {}",
                go_quote(name),
                go_quote(namespace),
                go_quote(ours)
            ))
        }
        _ => None,
    }
}

/// What a 404 names (`NewNotFound(qualifiedResource, name)`): the
/// scenario's resource with its group (`deployments.apps`, `configmaps`;
/// a custom resource's plural from its CRD) and the object's name.
struct Target {
    resource: String,
    name: String,
    /// The object's key in etcd (`registry::storage_key`).
    key: String,
    /// The namespace of every request (`""` for a cluster-scoped kind);
    /// `None` when no schema says the kind's scope (an unknown kind
    /// without a CRD keeps what its bodies say).
    request_namespace: Option<String>,
}

impl Target {
    fn of(scenario: &Scenario) -> Target {
        // A built-in schema names the kind even when the only body is a
        // Scale.
        let (api_version, kind) = match &scenario.schema {
            Some(SchemaSource::Builtin(gvk)) => builtin_type(gvk),
            _ => object_type(scenario),
        };
        let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let plural = match &scenario.schema {
            Some(SchemaSource::Crd(crd)) => crd
                .get_path(&["spec", "names", "plural"])
                .and_then(Value::as_str)
                .map(str::to_string),
            _ => None,
        }
        .unwrap_or_else(|| crate::registry::guess_resource(&kind));
        // The first of the live object's and the steps' objects that
        // names it.
        let named = |field: &str| {
            let of = |v: &Value| {
                v.get_path(&["metadata", field])
                    .and_then(Value::as_str)
                    .map(str::to_string)
            };
            scenario.live.as_ref().and_then(of).or_else(|| {
                scenario
                    .steps
                    .iter()
                    .filter_map(|s| s.as_ref().ok()?.object.as_ref())
                    .find_map(of)
            })
        };
        let name = named("name").unwrap_or_default();
        let crd = match &scenario.schema {
            Some(SchemaSource::Crd(crd)) => Some(crd),
            _ => None,
        };
        // What the extension servers store: custom resources (a CRD, or a
        // kind the catalogue does not know), CRDs and APIServices.
        let builtin = crate::builtin::kinds().any(|k| k == (api_version.as_str(), kind.as_str()));
        let extension = crd.is_some()
            || matches!(group, "apiextensions.k8s.io" | "apiregistration.k8s.io")
            || !builtin;
        let cluster_scoped = match crd {
            Some(crd) => {
                crd.get_path(&["spec", "scope"]).and_then(Value::as_str) == Some("Cluster")
            }
            None => crate::builtin::cluster_scoped(group, &kind),
        };
        let scope_known = crd.is_some() || builtin;
        // kubectl's namespace when the object names none.
        let namespace =
            (!cluster_scoped).then(|| named("namespace").unwrap_or_else(|| "default".to_string()));
        let key =
            crate::registry::storage_key(group, &plural, namespace.as_deref(), &name, extension);
        Target {
            resource: if group.is_empty() {
                plural
            } else {
                format!("{plural}.{group}")
            },
            name,
            key,
            request_namespace: scope_known.then(|| namespace.unwrap_or_default()),
        }
    }
}

/// Where the step's `expect` disagrees with its result.
fn check_expect(step: &Step, result: &StepResult) -> Vec<String> {
    let Some(expect) = &step.expect else {
        return vec![];
    };
    let mut failures = Vec::new();
    if let Some(o) = &expect.outcome
        && o != result.outcome.as_str()
    {
        failures.push(format!(
            "expected outcome {o}, got {} ({})",
            result.outcome.as_str(),
            result.message
        ));
    }
    if let Some(m) = &expect.message
        && *m != result.message
    {
        failures.push(format!(
            "expected message {}, got {}",
            go_quote(m),
            go_quote(&result.message)
        ));
    }
    if let Some(c) = &expect.conflicts {
        let got: Vec<(String, Option<String>, String)> = result
            .conflicts
            .iter()
            .map(|c| (c.manager.clone(), c.subresource.clone(), c.field.clone()))
            .collect();
        if *c != got {
            failures.push(format!(
                "expected conflicts {}, got {}",
                conflict_list(c),
                conflict_list(&got)
            ));
        }
    }
    failures
}

/// Conflicts as the scenario format writes them, quoted as messages quote
/// names: `["hpa" (scale) ".spec.replicas"]`.
fn conflict_list(conflicts: &[(String, Option<String>, String)]) -> String {
    let items: Vec<String> = conflicts
        .iter()
        .map(|(manager, subresource, field)| match subresource {
            Some(sub) => format!("{} ({sub}) {}", go_quote(manager), go_quote(field)),
            None => format!("{} {}", go_quote(manager), go_quote(field)),
        })
        .collect();
    format!("[{}]", items.join(", "))
}
