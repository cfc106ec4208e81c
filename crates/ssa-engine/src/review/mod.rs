//! Reviewing an apply of many objects against what a cluster holds: the
//! question of `kubectl diff --server-side`, answered offline. The inputs
//! are the manifests about to be applied (several documents, Lists) and an
//! export of the cluster (`kubectl get -o yaml --show-managed-fields`);
//! each manifest is matched to its live object by group, kind, namespace
//! and name and sent, as a one-step scenario, through the same simulated
//! API server as every scenario. The CLI's `ssa apply` / `ssa diff` and
//! the page's review call this one module.
//!
//! [`plan`] reads and matches (cheap, single pass); every [`Job`] it
//! returns is independent, so a caller with threads may [`Job::run`] them
//! in parallel; [`review`] runs them in order.

mod blame;
mod diff;
mod documents;
mod identity;
pub mod kubectl;

pub use blame::{ObjectBlame, blame_objects};
pub use diff::{DiffOptions, ObjectDiff, object_diff, sorted_keys, unified_diff};
pub use documents::{
    Chunk, ChunkRead, InputError, ObjectDoc, Origin, Source, chunks, collect, read_chunk,
    read_objects,
};
pub use identity::{ObjectId, builtin_cluster_scoped, group_of};

use crate::field_manager::{ConflictReport, Subresource};
use crate::scenario::{
    Changes, Client, Op, Outcome, Scenario, SchemaSource, Step, run_scenario_with_schema,
    schema_for,
};
use crate::schema::ObjectSchema;
use crate::value::{Map, Value};
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

/// kubectl's flags that decide the request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    /// `--server-side`; without it, client-side apply (the three-way
    /// merge with the last-applied annotation).
    pub server_side: bool,
    /// `--field-manager`; `None` is kubectl's default for the mode.
    pub field_manager: Option<String>,
    /// `--force-conflicts`.
    pub force_conflicts: bool,
    /// `-n`/`--namespace` when given: manifests naming another namespace
    /// are refused, as kubectl refuses them. Without it, `default`.
    pub namespace: Option<String>,
    /// `--subresource`.
    pub subresource: Option<Subresource>,
    /// Merge custom resources that have no schema with the deduced one
    /// (maps granular, lists atomic) instead of refusing them.
    pub deduced_schema: bool,
    /// Build each object's changes (fields added, changed, removed and
    /// why, ownership moved): the CLI's report needs them, the page builds
    /// them when it opens an object.
    pub changes: bool,
    /// `kubectl diff`: each apply is a server-side dry run, without the
    /// requests `kubectl apply` sends after it (see `Step::dry_run`).
    pub dry_run: bool,
}

impl Options {
    /// The manager the apply is sent as: `--field-manager`, else kubectl's
    /// default (`kubectl` server-side, `kubectl-client-side-apply`).
    pub fn manager(&self) -> &str {
        match self.field_manager.as_deref().map(str::trim) {
            Some(name) if !name.is_empty() => name,
            _ if self.server_side => "kubectl",
            _ => "kubectl-client-side-apply",
        }
    }

    fn namespace_or_default(&self) -> &str {
        self.namespace.as_deref().unwrap_or("default")
    }
}

/// How the apply of one object ended, in kubectl's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyOutcome {
    /// Client-side apply of an object the cluster does not hold.
    Created,
    /// Client-side apply that changed the object.
    Configured,
    /// Client-side apply that changed nothing.
    Unchanged,
    /// Any server-side apply that went through: kubectl prints
    /// `serverside-applied` whether or not it created or changed anything.
    ServerSideApplied,
    /// HTTP 409.
    Conflict,
    /// Refused by the server for another reason (422, 400, 500).
    Invalid,
    /// Not sent: kubectl could not map the object (no schema) or refused
    /// it before sending.
    Error,
}

impl ApplyOutcome {
    /// The word kubectl prints after the object's name, or the kind of
    /// refusal.
    pub fn as_str(self) -> &'static str {
        match self {
            ApplyOutcome::Created => "created",
            ApplyOutcome::Configured => "configured",
            ApplyOutcome::Unchanged => "unchanged",
            ApplyOutcome::ServerSideApplied => "serverside-applied",
            ApplyOutcome::Conflict => "conflict",
            ApplyOutcome::Invalid => "invalid",
            ApplyOutcome::Error => "error",
        }
    }

    /// Whether the object was written (or left as it was) without refusal.
    pub fn succeeded(self) -> bool {
        !matches!(
            self,
            ApplyOutcome::Conflict | ApplyOutcome::Invalid | ApplyOutcome::Error
        )
    }
}

/// The review of every object.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// One per manifest object, in the order kubectl would apply them.
    pub objects: Vec<ObjectReview>,
    /// Inputs that could not be used (unparsable documents, objects
    /// without a name, two manifests for one object), each located.
    pub errors: Vec<InputError>,
    /// Live objects no manifest names: an apply leaves them alone.
    pub untouched: Vec<ObjectId>,
}

impl Review {
    /// Whether some object was refused (conflict, invalid, error).
    pub fn has_refusals(&self) -> bool {
        self.objects.iter().any(|o| !o.outcome.succeeded())
    }
}

/// What the apply does to one object.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectReview {
    pub id: ObjectId,
    /// Where the manifest is; where the live object is, if there is one.
    pub origin: Origin,
    pub live_origin: Option<Origin>,
    pub outcome: ApplyOutcome,
    /// The API server's message word for word (empty when applied).
    pub message: String,
    pub conflicts: Vec<ConflictReport>,
    /// The object as the cluster holds it (`None`: it does not exist).
    pub before: Option<Value>,
    /// The object after the apply (the live one when refused).
    pub after: Option<Value>,
    /// Filled when [`Options::changes`] asks for it.
    pub changes: Changes,
    /// Extra requests kubectl made, in words.
    pub notes: Vec<String>,
    /// The object was merged with the deduced schema (`--deduced-schema`).
    pub deduced_schema: bool,
    /// The write as a one-step scenario (see [`ObjectReview::scenario_text`]).
    pub scenario: Option<Scenario>,
}

impl ObjectReview {
    /// Whether the apply was client-side (`kubectl apply` without
    /// `--server-side`).
    pub fn client_side(&self) -> bool {
        self.scenario
            .as_ref()
            .and_then(|s| s.steps.first())
            .and_then(|step| step.as_ref().ok())
            .is_some_and(|step| step.op == Op::ClientSideApply)
    }

    /// The manifest's apiVersion (`apps/v1`).
    pub fn api_version(&self) -> &str {
        self.scenario
            .as_ref()
            .and_then(|s| s.steps.first())
            .and_then(|step| step.as_ref().ok())
            .and_then(|step| step.object.as_ref())
            .and_then(|o| o.get("apiVersion"))
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// The write as a scenario document, to open in the playground or
    /// share: the same live object, manifest, schema and flags.
    pub fn scenario_text(&self) -> Option<String> {
        self.scenario.as_ref().map(scenario_document).map(|doc| {
            let mut text = crate::yaml::to_yaml_string(&doc);
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text
        })
    }
}

/// One object's apply, ready to run.
#[derive(Clone, Debug)]
pub struct Job {
    id: ObjectId,
    origin: Origin,
    live_origin: Option<Origin>,
    /// The one-step scenario and its schema, or why it cannot be sent.
    write: Result<(Scenario, ObjectSchema), String>,
    deduced_schema: bool,
    server_side: bool,
    changes: bool,
}

impl Job {
    pub fn id(&self) -> &ObjectId {
        &self.id
    }

    /// Sends the apply through the simulated API server.
    pub fn run(&self) -> ObjectReview {
        let (scenario, schema) = match &self.write {
            Ok(write) => write,
            Err(message) => {
                return ObjectReview {
                    id: self.id.clone(),
                    origin: self.origin.clone(),
                    live_origin: self.live_origin.clone(),
                    outcome: ApplyOutcome::Error,
                    message: message.clone(),
                    conflicts: Vec::new(),
                    before: None,
                    after: None,
                    changes: Changes::default(),
                    notes: Vec::new(),
                    deduced_schema: self.deduced_schema,
                    scenario: None,
                };
            }
        };
        // Without the step's views: the blame of every object costs more
        // than its write, and only the changes are reported.
        let mut result = run_scenario_with_schema(scenario, schema, false);
        let before = result.stored.take();
        let step = result.steps.pop();
        let (outcome, message, conflicts, after, changes, notes) = match step {
            Some(step) => {
                let changes = match scenario.steps.first() {
                    Some(Ok(sent)) if self.changes && step.changed => crate::scenario::changes(
                        schema,
                        before.as_ref(),
                        step.object.as_ref(),
                        &sent.manager,
                        matches!(sent.op, Op::Apply),
                    ),
                    _ => Changes::default(),
                };
                let outcome = match step.outcome {
                    Outcome::Applied if self.server_side => ApplyOutcome::ServerSideApplied,
                    Outcome::Applied if before.is_none() => ApplyOutcome::Created,
                    Outcome::Applied if step.changed => ApplyOutcome::Configured,
                    Outcome::Applied => ApplyOutcome::Unchanged,
                    Outcome::Conflict => ApplyOutcome::Conflict,
                    Outcome::Invalid => ApplyOutcome::Invalid,
                    Outcome::Error => ApplyOutcome::Error,
                };
                let mut notes = step.notes;
                // What the cluster stores of a Secret's stringData, which
                // the engine keeps as applied (see the scenario's Why?).
                let sent = scenario.steps.first().and_then(|s| s.as_ref().ok());
                if let Some(note) = sent
                    .and_then(|s| s.object.as_ref())
                    .and_then(crate::scenario::string_data_note)
                {
                    notes.push(note);
                }
                (
                    outcome,
                    step.message,
                    step.conflicts,
                    step.object,
                    changes,
                    notes,
                )
            }
            None => (
                ApplyOutcome::Error,
                "nothing was sent".to_string(),
                Vec::new(),
                before.clone(),
                Changes::default(),
                Vec::new(),
            ),
        };
        ObjectReview {
            id: self.id.clone(),
            origin: self.origin.clone(),
            live_origin: self.live_origin.clone(),
            outcome,
            message,
            conflicts,
            before,
            after,
            changes,
            notes,
            deduced_schema: self.deduced_schema,
            scenario: Some(scenario.clone()),
        }
    }
}

/// The objects to apply, matched with what the cluster holds.
#[derive(Clone, Debug)]
pub struct Plan {
    pub jobs: Vec<Job>,
    pub errors: Vec<InputError>,
    pub untouched: Vec<ObjectId>,
}

/// Reviews the apply of `manifests` to a cluster holding `live`, with the
/// extra schema documents `schemas` (CRDs, OpenAPI documents).
pub fn review(
    manifests: &[Source<'_>],
    live: &[Source<'_>],
    schemas: &[Source<'_>],
    options: &Options,
) -> Review {
    let plan = plan(manifests, live, schemas, options);
    Review {
        objects: plan.jobs.iter().map(Job::run).collect(),
        errors: plan.errors,
        untouched: plan.untouched,
    }
}

/// Reads and matches the inputs; see [`review`].
pub fn plan(
    manifests: &[Source<'_>],
    live: &[Source<'_>],
    schemas: &[Source<'_>],
    options: &Options,
) -> Plan {
    let mut errors = Vec::new();
    let inputs = Inputs {
        manifests: read_all(manifests, &mut errors),
        live: read_all(live, &mut errors),
        schemas: read_all(schemas, &mut errors),
        errors,
    };
    plan_objects(inputs, options)
}

/// The objects of a review, already read (a caller with threads reads the
/// documents of its sources in parallel: see [`chunks`], [`read_chunk`]).
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    pub manifests: Vec<ObjectDoc>,
    pub live: Vec<ObjectDoc>,
    pub schemas: Vec<ObjectDoc>,
    /// The documents that could not be read.
    pub errors: Vec<InputError>,
}

/// [`plan`] of objects already read.
pub fn plan_objects(inputs: Inputs, options: &Options) -> Plan {
    let Inputs {
        manifests: manifest_docs,
        live: live_docs,
        schemas: schema_docs,
        mut errors,
    } = inputs;
    let catalogue = SchemaCatalogue::new(&manifest_docs, &live_docs, &schema_docs);

    // What the cluster holds, by identity (live objects keep their own
    // namespace; one without takes the default, as the server gave it one).
    let mut held: IndexMap<ObjectId, &ObjectDoc, FxBuildHasher> = IndexMap::default();
    let live_default = Options {
        namespace: None,
        ..options.clone()
    };
    for doc in &live_docs {
        match identify(doc, &catalogue, &live_default) {
            Ok(id) => {
                if let Some(first) = held.get(&id) {
                    errors.push(InputError {
                        origin: doc.origin.clone(),
                        message: format!(
                            "{id} is also at {}: the export holds each object once",
                            first.origin
                        ),
                    });
                } else {
                    held.insert(id, doc);
                }
            }
            Err(message) => errors.push(InputError {
                origin: doc.origin.clone(),
                message,
            }),
        }
    }

    let mut jobs: Vec<Job> = Vec::new();
    let mut schemas = SchemaCache::default();
    // Each object's job, by the index of its manifest's job.
    let mut seen: IndexMap<ObjectId, (Origin, usize), FxBuildHasher> = IndexMap::default();
    for doc in &manifest_docs {
        let Some(id) = identify_or_report(doc, &catalogue, options, &mut errors) else {
            continue;
        };
        let live_doc = held.get(&id).copied();
        if let Some((first, at)) = seen.get(&id) {
            errors.push(InputError {
                origin: doc.origin.clone(),
                message: format!(
                    "{id} is also at {first}: two manifests for one object (kubectl would apply both, the last one winning); keep one"
                ),
            });
            // The review shows the object as the last one leaves it.
            jobs[*at] = job(id, doc, live_doc, &catalogue, &mut schemas, options);
            continue;
        }
        seen.insert(id.clone(), (doc.origin.clone(), jobs.len()));
        jobs.push(job(id, doc, live_doc, &catalogue, &mut schemas, options));
    }
    // In identity order.
    let mut untouched: Vec<ObjectId> = held
        .keys()
        .filter(|id| !seen.contains_key(*id))
        .cloned()
        .collect();
    crate::sort::sort(&mut untouched);
    Plan {
        jobs,
        errors,
        untouched,
    }
}

/// Every object of `sources`, the documents that could not be read added
/// to `errors`.
fn read_all(sources: &[Source<'_>], errors: &mut Vec<InputError>) -> Vec<ObjectDoc> {
    let mut all = Vec::new();
    for source in sources {
        let (objects, mut errs) = read_objects(source);
        all.extend(objects);
        errors.append(&mut errs);
    }
    all
}

/// The identity of an object document; why it has none goes to `errors`.
fn identify_or_report(
    doc: &ObjectDoc,
    catalogue: &SchemaCatalogue<'_>,
    options: &Options,
    errors: &mut Vec<InputError>,
) -> Option<ObjectId> {
    identify(doc, catalogue, options)
        .map_err(|message| {
            errors.push(InputError {
                origin: doc.origin.clone(),
                message,
            })
        })
        .ok()
}

/// The identity of an object document, or why it has none.
fn identify(
    doc: &ObjectDoc,
    catalogue: &SchemaCatalogue<'_>,
    options: &Options,
) -> Result<ObjectId, String> {
    let text = |path: &[&str]| doc.value.get_path(path).and_then(Value::as_str);
    let api_version = text(&["apiVersion"]).filter(|s| !s.is_empty());
    let kind = text(&["kind"]).filter(|s| !s.is_empty());
    let (Some(api_version), Some(kind)) = (api_version, kind) else {
        return Err("the object has no apiVersion and kind (every manifest names its type)".into());
    };
    let Some(name) = text(&["metadata", "name"]).filter(|s| !s.is_empty()) else {
        // kubectl's own words for a generated name (`applyOneObject`).
        return Err(
            match text(&["metadata", "generateName"]).filter(|s| !s.is_empty()) {
                Some(generate_name) => {
                    format!("from {generate_name}: cannot use generate name with apply")
                }
                None => {
                    format!("the {kind} has no metadata.name: apply needs the name of the object")
                }
            },
        );
    };
    let group = group_of(api_version);
    let namespace = if catalogue.cluster_scoped(group, kind) {
        None
    } else {
        let own = text(&["metadata", "namespace"]).filter(|s| !s.is_empty());
        match (own, options.namespace.as_deref()) {
            // kubectl's builder refuses a manifest whose namespace differs
            // from an explicit --namespace.
            (Some(own), Some(flag)) if own != flag => {
                return Err(format!(
                    "the namespace from the provided object \"{own}\" does not match the namespace \"{flag}\". You must pass '--namespace={own}' to perform this operation."
                ));
            }
            (Some(own), _) => Some(own.to_string()),
            (None, _) => Some(options.namespace_or_default().to_string()),
        }
    };
    Ok(ObjectId {
        group: group.to_string(),
        kind: kind.to_string(),
        namespace,
        name: name.to_string(),
    })
}

/// The one-step scenario of an object's apply.
/// Each kind's schema, loaded once per review: a release holds many
/// objects of few kinds, and loading a CRD's schema costs more than
/// applying an object. The key is what the schema depends on: the type
/// the scenario loads it for (the live object's when there is one, which
/// may name another version) and the manifest's apiVersion (which picked
/// the schema source).
type SchemaCache =
    IndexMap<((String, String), String), Result<ObjectSchema, String>, FxBuildHasher>;

fn job(
    id: ObjectId,
    doc: &ObjectDoc,
    live: Option<&ObjectDoc>,
    catalogue: &SchemaCatalogue<'_>,
    schemas: &mut SchemaCache,
    options: &Options,
) -> Job {
    let api_version = doc
        .value
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let (source, deduced) = match catalogue.source_for(api_version, &id.kind) {
        Some(source) => (source, false),
        None if options.deduced_schema => (Some(SchemaSource::Deduced), true),
        None => {
            return Job {
                write: Err(format!(
                    "no schema for {kind} ({api_version}): give its CustomResourceDefinition among the manifests or the export, or with --schema FILE (a CRD or an OpenAPI document); --deduced-schema merges it without one (maps granular, lists atomic)",
                    kind = id.kind
                )),
                id,
                origin: doc.origin.clone(),
                live_origin: live.map(|l| l.origin.clone()),
                deduced_schema: false,
                server_side: options.server_side,
                changes: options.changes,
            };
        }
    };
    let mut manifest = doc.value.clone();
    // kubectl sends a namespaced object to its namespace's URL; the server
    // then holds it with that namespace.
    if let (Some(ns), Some(meta)) = (&id.namespace, manifest.child_map_mut("metadata"))
        && !meta.contains_key("namespace")
    {
        meta.insert("namespace", Value::String(ns.clone()));
    }
    let op = if options.server_side {
        Op::Apply
    } else {
        Op::ClientSideApply
    };
    let flags = if options.server_side {
        format!(
            "kubectl apply --server-side{}",
            if options.force_conflicts {
                " --force-conflicts"
            } else {
                ""
            }
        )
    } else {
        "kubectl apply".to_string()
    };
    let scenario = Scenario {
        name: scenario_name(&id),
        description: Some(format!(
            "`{flags}` of {} ({}), reviewed against the cluster's export.",
            id.kubectl_name(),
            id.namespace.as_deref().unwrap_or("cluster-scoped")
        )),
        schema: source,
        live: live.map(|l| l.value.clone()),
        steps: vec![Ok(Step {
            manager: options.manager().to_string(),
            op,
            object: Some(manifest),
            force: options.server_side && options.force_conflicts,
            subresource: options.subresource,
            client: Client::Kubectl,
            name: Some(flags),
            patch_type: None,
            patch: None,
            expect: None,
            dry_run: options.dry_run,
        })],
        source_map: Default::default(),
    };
    let write = schemas
        .entry((
            crate::scenario::object_type(&scenario),
            api_version.to_string(),
        ))
        .or_insert_with(|| schema_for(&scenario).map_err(|e| e.message))
        .clone()
        .map(|schema| (scenario, schema));
    Job {
        id,
        origin: doc.origin.clone(),
        live_origin: live.map(|l| l.origin.clone()),
        write,
        deduced_schema: deduced,
        server_side: options.server_side,
        changes: options.changes,
    }
}

/// `review-deployment-checkout`: a scenario name of `[a-z0-9-]`.
fn scenario_name(id: &ObjectId) -> String {
    let raw = format!("review-{}-{}", id.kind, id.name).to_ascii_lowercase();
    let mut name = String::with_capacity(raw.len());
    for c in raw.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '-' };
        if !(c == '-' && name.ends_with('-')) {
            name.push(c);
        }
    }
    name.trim_end_matches('-').to_string()
}

/// The scenario as a document of the shared format.
fn scenario_document(scenario: &Scenario) -> Value {
    let mut doc = Map::new();
    doc.insert("scenario", Value::String("v1".into()));
    doc.insert("name", Value::String(scenario.name.clone()));
    if let Some(description) = &scenario.description {
        doc.insert("description", Value::String(description.clone()));
    }
    let schema = match &scenario.schema {
        None => None,
        Some(SchemaSource::Builtin(gvk)) => Some(("builtin", Value::String(gvk.clone()))),
        Some(SchemaSource::Crd(crd)) => Some(("crd", crd.clone())),
        Some(SchemaSource::Openapi(doc)) => Some(("openapi", doc.clone())),
        Some(SchemaSource::Smd(doc)) => Some(("smd", doc.clone())),
        Some(SchemaSource::Deduced) => Some(("deduced", Value::Map(Map::new()))),
    };
    if let Some((key, value)) = schema {
        let mut source = Map::new();
        source.insert(key, value);
        doc.insert("schema", Value::Map(source));
    }
    if let Some(live) = &scenario.live {
        doc.insert("live", live.clone());
    }
    let steps = scenario
        .steps
        .iter()
        .filter_map(|s| s.as_ref().ok())
        .map(|step| {
            let mut s = Map::new();
            if let Some(name) = &step.name {
                s.insert("name", Value::String(name.clone()));
            }
            s.insert("manager", Value::String(step.manager.clone()));
            s.insert("op", Value::String(step.op.as_str().into()));
            if step.force {
                s.insert("force", Value::Bool(true));
            }
            if let Some(sub) = step.subresource {
                s.insert("subresource", Value::String(sub.as_str().into()));
            }
            if let Some(object) = &step.object {
                s.insert("object", object.clone());
            }
            Value::Map(s)
        })
        .collect();
    doc.insert("steps", Value::List(steps));
    Value::Map(doc)
}

/// Where the schemas of custom resources come from: CRDs among the
/// manifests, the export and the schema documents, and OpenAPI documents.
struct SchemaCatalogue<'d> {
    /// (group, kind) → the CRD, the first one found (manifests first: they
    /// are what will be served after the apply).
    crds: IndexMap<(String, String), &'d Value, FxBuildHasher>,
    openapi: Vec<&'d Value>,
}

impl<'d> SchemaCatalogue<'d> {
    fn new(manifests: &'d [ObjectDoc], live: &'d [ObjectDoc], schemas: &'d [ObjectDoc]) -> Self {
        let mut crds = IndexMap::default();
        let mut openapi = Vec::new();
        for doc in manifests.iter().chain(schemas).chain(live) {
            let value = &doc.value;
            if value.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition") {
                let text = |path: &[&str]| {
                    value
                        .get_path(path)
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string()
                };
                crds.entry((text(&["spec", "group"]), text(&["spec", "names", "kind"])))
                    .or_insert(value);
            } else if value.get("openapi").is_some() || value.get("swagger").is_some() {
                openapi.push(value);
            }
        }
        SchemaCatalogue { crds, openapi }
    }

    fn crd(&self, group: &str, kind: &str) -> Option<&'d Value> {
        self.crds
            .get(&(group.to_string(), kind.to_string()))
            .copied()
    }

    fn cluster_scoped(&self, group: &str, kind: &str) -> bool {
        match self.crd(group, kind) {
            Some(crd) => identity::crd_cluster_scoped(crd),
            None => builtin_cluster_scoped(group, kind),
        }
    }

    /// The schema source of a kind: `Some(None)` for a built-in kind (the
    /// scenario's default), a CRD or OpenAPI document for a custom
    /// resource, `None` when nothing describes it.
    fn source_for(&self, api_version: &str, kind: &str) -> Option<Option<SchemaSource>> {
        if crate::builtin::lookup(api_version, kind).is_some() {
            return Some(None);
        }
        if let Some(crd) = self.crd(group_of(api_version), kind) {
            return Some(Some(SchemaSource::Crd(crd.clone())));
        }
        self.openapi
            .iter()
            .find(|doc| crate::openapi::load(doc, api_version, kind).is_ok())
            .map(|doc| Some(SchemaSource::Openapi((*doc).clone())))
    }
}

#[cfg(test)]
mod tests;
