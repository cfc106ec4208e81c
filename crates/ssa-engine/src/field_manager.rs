//! The API server's write path around the structured merge: what
//! kube-apiserver's field manager (apimachinery `pkg/util/managedfields`)
//! and the registry strategies do to an object and its
//! `metadata.managedFields` on every write.
//!
//! The upstream field manager is a chain of layers; here they are steps of
//! [`FieldManager::apply`] and [`FieldManager::update`], in the same order:
//! version check and `managedFields must be nil`; kubectl's last-applied
//! special cases; `before-first-apply` for objects that were never
//! tracked; manager identity; timestamps only when a manager's fields
//! changed; system fields stripped from the writer's set; the structured
//! merge itself (`crate::merge`); defaulting of an applied result; at most
//! ten update entries. Status and scale subresources decide which part of
//! the object a write may touch.

use crate::fieldpath::{Path, Set};
use crate::managed_fields::{self, Managed, ManagerId};
use crate::merge::{MergeError, Updater, VersionedSet};
use crate::schema::ObjectSchema;
use crate::typed::{Duplicates, Typed, TypedErrors};
use crate::value::{Map, Value};

/// Which endpoint a write goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subresource {
    Status,
    /// The body is an `autoscaling/v1` Scale; its `spec.replicas` lands on
    /// the parent's replicas field.
    Scale,
}

impl Subresource {
    pub fn as_str(self) -> &'static str {
        match self {
            Subresource::Status => "status",
            Subresource::Scale => "scale",
        }
    }
}

/// One write request as the API server receives it.
#[derive(Clone, Debug)]
pub struct WriteRequest<'a> {
    pub manager: &'a str,
    pub subresource: Option<Subresource>,
    /// The request body: the applied configuration (apply) or the full new
    /// object (update; a Scale for `Subresource::Scale`).
    pub body: &'a Value,
    /// RFC 3339 time of the request from the simulated clock
    /// (`2024-01-01T00:00:02Z`).
    pub time: &'a str,
}

/// One conflicting field, as the result document reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConflictReport {
    pub manager: String,
    pub subresource: Option<String>,
    /// kubectl's path notation: `.spec.replicas`.
    pub field: String,
    /// The same field as a path, for tools that edit manifests.
    pub path: Path,
}

/// Why the server refused a write.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WriteError {
    /// HTTP 409; `message` word for word as the server says it.
    #[error("{message}")]
    Conflict {
        message: String,
        conflicts: Vec<ConflictReport>,
    },
    /// HTTP 400/404/422/500; `message` word for word as the server says it.
    #[error("{message}")]
    Invalid { message: String },
}

fn invalid(message: impl Into<String>) -> WriteError {
    WriteError::Invalid {
        message: message.into(),
    }
}

/// The object after an accepted write.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteOutcome {
    /// The stored object, `metadata.managedFields` included.
    pub object: Value,
    /// False when the write left the stored object as it was (a no-op
    /// apply stamps no time and bumps no resourceVersion).
    pub changed: bool,
}

/// The annotation client-side `kubectl apply` keeps its last manifest in.
pub const LAST_APPLIED_ANNOTATION: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// The manager upstream gives an untracked object's fields on its first apply.
const BEFORE_FIRST_APPLY: &str = "before-first-apply";
/// The bucket old update entries are merged into.
const ANCIENT_CHANGES: &str = "ancient-changes";
/// At most this many Update entries are kept.
const MAX_UPDATE_MANAGERS: usize = 10;

/// The field manager of one kind.
#[derive(Clone, Debug)]
pub struct FieldManager<'a> {
    pub schema: &'a ObjectSchema,
}

impl<'a> FieldManager<'a> {
    pub fn new(schema: &'a ObjectSchema) -> Self {
        FieldManager { schema }
    }

    /// A server-side apply (PATCH with `application/apply-patch+yaml`).
    /// `live` is `None` when the object does not exist yet (create).
    pub fn apply(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
        force: bool,
    ) -> Result<WriteOutcome, WriteError> {
        let body = request.body;
        if !body.is_map() {
            return Err(invalid(
                "error decoding YAML: the applied configuration is not an object",
            ));
        }
        if let Some(live) = live {
            check_version(live, body)?;
        }
        // Upstream asks `GetManagedFields() != nil`: any list, even an empty
        // one, is refused; `null` (or a value that is no list) reads as nil.
        if let Some(Value::List(_)) = body.get_path(&["metadata", "managedFields"]) {
            return Err(invalid("metadata.managedFields must be nil"));
        }
        let mut live_value = live.cloned().unwrap_or_else(empty_object);
        let managed = managed_fields::decode(&live_value)
            .map_err(|e| invalid(format!("failed to decode managed fields: {e}")))?;
        // Ownership lives in `managed` now; the fields themselves are not
        // typed against the schema, nor is what only the server writes.
        managed_fields::remove_from(&mut live_value);
        remove_system_metadata(&mut live_value);
        let version = api_version_of(body).to_string();

        let mut result = self.apply_tracked(
            live.is_some(),
            &live_value,
            request,
            &managed,
            &version,
            force,
        );
        // The server retries an apply by `kubectl` with force when every
        // conflict is on a field that an unchanged last-applied annotation
        // already sets (upstream `lastAppliedManager`).
        if request.manager == "kubectl"
            && let Err(Refusal::Conflicts(conflicts)) = &result
            && let Some(allowed) = self.allowed_by_last_applied(&live_value)
        {
            let remaining: Vec<_> = conflicts
                .iter()
                .filter(|(_, p)| !allowed.has(p))
                .cloned()
                .collect();
            result = if remaining.is_empty() {
                self.apply_tracked(
                    live.is_some(),
                    &live_value,
                    request,
                    &managed,
                    &version,
                    true,
                )
            } else {
                Err(Refusal::Conflicts(remaining))
            };
        }
        let (mut object, managed) = result.map_err(|r| r.into_write_error(self))?;
        // `kubectl` keeps an existing last-applied annotation in step with
        // what it applies (upstream `lastAppliedUpdater`).
        if request.manager == "kubectl" && last_applied(&object).is_some() {
            set_last_applied(&mut object, &last_applied_of(body));
        }
        managed_fields::encode_into(&mut object, &managed);
        preserve_system_metadata(&mut object, live);
        let changed = live != Some(&object);
        Ok(WriteOutcome { object, changed })
    }

    /// The apply itself, once the request is known to be well formed.
    fn apply_tracked(
        &self,
        exists: bool,
        live: &Value,
        request: &WriteRequest<'_>,
        managed: &Managed,
        version: &str,
        force: bool,
    ) -> Result<(Value, Managed), Refusal> {
        let mut managed = managed.clone();
        let mut live = live.clone();
        // An object that was never tracked gives what it has to
        // `before-first-apply`, so an apply can conflict with it.
        let subresource = request.subresource.map(Subresource::as_str).unwrap_or("");
        if managed.fields.is_empty() && exists {
            // The update goes through the same manager-info layer as any
            // other, so it carries the request's subresource.
            let id = ManagerId::update(BEFORE_FIRST_APPLY, version, subresource);
            let (tracked, m) = self.update_tracked(
                &empty_object(),
                &live,
                &managed,
                &id,
                request.time,
                &Set::new(),
            )?;
            live = tracked;
            managed = m;
        }
        let id = ManagerId::apply(request.manager, subresource).encode();
        let ignored = self.ignored_fields(request.subresource, &live);
        let updater = Updater::new(&self.schema.schema, self.schema.root, &ignored);
        // A status in the body is merged (and counts as a change) but is
        // owned by nobody and reset by the registry afterwards
        // (`keep_status`).
        let body = request.body.clone();
        let typed_patch = |e: TypedErrors| {
            Refusal::Invalid(format!(
                "failed to create typed patch object ({}): {e}",
                object_gvknn(&body)
            ))
        };
        // The applied configuration may not repeat a key; the stored object may.
        let config = Typed::new(
            &self.schema.schema,
            self.schema.root,
            &body,
            Duplicates::Refuse,
        )
        .map_err(typed_patch)?;
        let typed_live = Typed::new(
            &self.schema.schema,
            self.schema.root,
            &live,
            Duplicates::Allow,
        )
        .map_err(|e| Refusal::from(MergeError::InvalidLive(e)))?;
        let outcome = updater
            .apply(typed_live, config, version, &managed.fields, &id, force)
            .map_err(|e| match e {
                MergeError::InvalidConfig(e) => typed_patch(e),
                other => Refusal::from(other),
            })?;
        managed.fields = outcome.managers;
        strip_system_fields(&mut managed, &id);
        let object = match outcome.object {
            Some(mut object) => {
                managed.times.insert(id, request.time.to_string());
                if self.schema.omit_empty {
                    omit_empty(&mut object, &self.schema.schema, self.schema.root);
                }
                if let Some(defaulter) = &self.schema.defaulter {
                    defaulter.apply_defaults(&mut object);
                }
                self.keep_status(&mut object, &live, request.subresource, exists);
                self.validate(exists.then_some(&live), &object)?;
                object
            }
            None => live,
        };
        Ok((object, managed))
    }

    /// A create or update (POST/PUT, and the update that every non-apply
    /// PATCH becomes once the server has applied the patch).
    pub fn update(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
    ) -> Result<WriteOutcome, WriteError> {
        let live_value = live.cloned().unwrap_or_else(empty_object);
        let mut new = match request.subresource {
            Some(Subresource::Scale) => {
                let Some(live) = live else {
                    return Err(invalid("the server could not find the requested resource"));
                };
                self.scale_into(live, request.body)?
            }
            Some(Subresource::Status) => {
                let Some(live) = live else {
                    return Err(invalid("the server could not find the requested resource"));
                };
                let mut new = live.clone();
                match request.body.get("status") {
                    Some(status) => set_key(&mut new, "status", status.clone()),
                    None => remove_key(&mut new, "status"),
                }
                new
            }
            None => request.body.clone(),
        };
        if !new.is_map() {
            return Err(invalid("the object is not a map"));
        }
        let version = match request.subresource {
            Some(Subresource::Scale) => api_version_of(&live_value).to_string(),
            _ => api_version_of(&new).to_string(),
        };
        let managed = decode_live_or_new(&live_value, &new, request.subresource.is_some());
        managed_fields::remove_from(&mut new);
        remove_system_metadata(&mut new);
        let mut live_value = live_value;
        managed_fields::remove_from(&mut live_value);
        remove_system_metadata(&mut live_value);
        if self.schema.omit_empty {
            omit_empty(&mut new, &self.schema.schema, self.schema.root);
        }
        if let Some(defaulter) = &self.schema.defaulter {
            defaulter.apply_defaults(&mut new);
        }
        self.keep_status(&mut new, &live_value, request.subresource, live.is_some());
        self.validate(live.map(|_| &live_value), &new)
            .map_err(|r| r.into_write_error(self))?;
        // An existing object nobody tracks stays untracked by updates
        // (upstream `skipNonAppliedManager`).
        let mut object = match managed {
            managed if !(managed.fields.is_empty() && live.is_some()) => {
                let subresource = request.subresource.map(Subresource::as_str).unwrap_or("");
                let id = ManagerId::update(request.manager, &version, subresource);
                let ignored = self.ignored_fields(request.subresource, &live_value);
                let (mut object, mut managed) = self
                    .update_tracked(&live_value, &new, &managed, &id, request.time, &ignored)
                    .map_err(|r| r.into_write_error(self))?;
                if request.subresource == Some(Subresource::Scale) {
                    // The scale handler rebuilds the entries of /scale
                    // writers on the parent without a time.
                    managed.times.remove(&id.encode());
                }
                managed_fields::encode_into(&mut object, &managed);
                object
            }
            _ => new,
        };
        // Clients may not set what only the server writes.
        preserve_system_metadata(&mut object, live);
        let changed = live != Some(&object);
        Ok(WriteOutcome { object, changed })
    }

    /// An update by `id`: who changed what, merged into `id`'s entry and
    /// stamped only when it took fields; then the cap on update entries.
    fn update_tracked(
        &self,
        live: &Value,
        new: &Value,
        managed: &Managed,
        id: &ManagerId,
        time: &str,
        ignored: &Set,
    ) -> Result<(Value, Managed), Refusal> {
        const CURRENT: &str = "current-operation";
        let updater = Updater::new(&self.schema.schema, self.schema.root, ignored);
        let (schema, root) = (&self.schema.schema, self.schema.root);
        let typed_new = Typed::new(schema, root, new, Duplicates::Allow)
            .map_err(|e| Refusal::from(MergeError::InvalidNew(e)))?;
        let typed_live = Typed::new(schema, root, live, Duplicates::Allow)
            .map_err(|e| Refusal::from(MergeError::InvalidLive(e)))?;
        let mut fields = updater
            .update(
                typed_live,
                typed_new,
                &id.api_version,
                &managed.fields,
                CURRENT,
            )
            .map_err(Refusal::from)?;
        let mut managed = Managed {
            fields: std::mem::take(&mut fields),
            times: managed.times.clone(),
        };
        strip_system_fields(&mut managed, CURRENT);
        if let Some(vs) = managed.fields.remove(CURRENT) {
            let key = id.encode();
            let set = match managed.fields.get(&key) {
                Some(previous) => vs.set.union(&previous.set),
                None => vs.set,
            };
            managed.fields.insert(
                key.clone(),
                VersionedSet {
                    set,
                    api_version: vs.api_version,
                    applied: false,
                },
            );
            managed.times.insert(key, time.to_string());
        }
        cap_update_managers(&mut managed);
        Ok((new.clone(), managed))
    }

    /// The registry's validation of the object a write would store.
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), Refusal> {
        match &self.schema.validator {
            Some(v) => v.validate(old, new).map_err(Refusal::Invalid),
            None => Ok(()),
        }
    }

    /// Fields a write through this endpoint neither gains nor loses (the
    /// registry strategies' reset fields).
    fn ignored_fields(&self, subresource: Option<Subresource>, live: &Value) -> Set {
        let mut ignored = Set::new();
        match subresource {
            None if self.schema.subresources.status => ignored.insert(&Path::fields(&["status"])),
            Some(Subresource::Status) => {
                // Everything but status.
                if let Some(m) = live.as_map() {
                    for key in m.keys().filter(|k| *k != "status") {
                        ignored.insert(&Path::fields(&[key]));
                    }
                }
                for key in ["spec", "metadata"] {
                    ignored.insert(&Path::fields(&[key]));
                }
            }
            _ => {}
        }
        ignored
    }

    /// Status written only through `/status`: the main resource keeps the
    /// stored status (none on create), `/status` keeps the rest.
    fn keep_status(
        &self,
        object: &mut Value,
        live: &Value,
        subresource: Option<Subresource>,
        exists: bool,
    ) {
        if !self.schema.subresources.status || subresource.is_some() {
            return;
        }
        match (exists, live.get("status")) {
            (true, Some(status)) => set_key(object, "status", status.clone()),
            (true, None) => remove_key(object, "status"),
            (false, _) => {
                remove_key(object, "status");
                // A new object starts with the status its registry gives it.
                if let Some(status) = self
                    .schema
                    .defaulter
                    .as_ref()
                    .and_then(|d| d.initial_status(object))
                {
                    set_key(object, "status", status);
                }
            }
        }
    }

    /// The parent object with the Scale's replicas written to it.
    fn scale_into(&self, live: &Value, scale: &Value) -> Result<Value, WriteError> {
        let Some(path) = &self.schema.subresources.scale_replicas_path else {
            return Err(invalid("the server could not find the requested resource"));
        };
        let replicas = scale
            .get_path(&["spec", "replicas"])
            .cloned()
            .unwrap_or(Value::Int(0));
        let mut new = live.clone();
        let mut node = &mut new;
        for (i, key) in path.iter().enumerate() {
            let Some(map) = node.as_map_mut() else {
                return Err(invalid("the scale replicas path is not a map"));
            };
            if i + 1 == path.len() {
                map.insert(key.clone(), replicas);
                break;
            }
            node = map
                .entry(key.clone())
                .or_insert_with(|| Value::Map(Map::new()));
        }
        Ok(new)
    }

    /// The fields of the live object that its last-applied annotation
    /// sets to the value they still have: conflicts on these do not stop
    /// an apply by `kubectl`.
    fn allowed_by_last_applied(&self, live: &Value) -> Option<Set> {
        let text = last_applied(live)?;
        let last = Value::from_json_str(text).ok()?;
        let schema = &self.schema.schema;
        let set = crate::typed::to_field_set(schema, self.schema.root, &last).ok()?;
        let comparison = crate::typed::compare(schema, self.schema.root, &last, live).ok()?;
        Some(set.difference(&comparison.modified))
    }
}

/// A refusal before it is worded.
enum Refusal {
    Conflicts(Vec<(String, Path)>),
    Invalid(String),
}

impl From<MergeError> for Refusal {
    fn from(e: MergeError) -> Self {
        match e {
            MergeError::Conflicts(c) => {
                Refusal::Conflicts(c.into_iter().map(|c| (c.manager, c.path)).collect())
            }
            MergeError::InvalidConfig(e) => {
                Refusal::Invalid(format!("failed to create typed patch object: {e}"))
            }
            MergeError::InvalidLive(e) => {
                Refusal::Invalid(format!("failed to create typed live object: {e}"))
            }
            MergeError::InvalidNew(e) => {
                Refusal::Invalid(format!("failed to create typed new object: {e}"))
            }
        }
    }
}

impl Refusal {
    fn into_write_error(self, _fm: &FieldManager<'_>) -> WriteError {
        match self {
            Refusal::Invalid(message) => WriteError::Invalid { message },
            Refusal::Conflicts(mut conflicts) => {
                // The server lists conflicts by manager identifier.
                conflicts.sort_by(|a, b| a.0.cmp(&b.0));
                WriteError::Conflict {
                    message: conflict_message(&conflicts),
                    conflicts: reports(&conflicts),
                }
            }
        }
    }
}

fn reports(conflicts: &[(String, Path)]) -> Vec<ConflictReport> {
    conflicts
        .iter()
        .map(|(id, path)| {
            let decoded = ManagerId::decode(id);
            ConflictReport {
                manager: decoded
                    .as_ref()
                    .map(|d| d.manager.clone())
                    .unwrap_or_else(|| id.clone()),
                subresource: decoded
                    .and_then(|d| (!d.subresource.is_empty()).then_some(d.subresource)),
                field: path.to_string(),
                path: path.clone(),
            }
        })
        .collect()
}

/// The conflict message of upstream `NewConflictError`.
fn conflict_message(conflicts: &[(String, Path)]) -> String {
    let describe = |id: &str| {
        ManagerId::decode(id)
            .map(|d| d.describe())
            .unwrap_or_else(|| crate::value::go_quote(id))
    };
    if let [(id, path)] = conflicts {
        return format!(
            "Apply failed with 1 conflict: conflict with {}: {path}",
            describe(id)
        );
    }
    let mut lines = Vec::new();
    let mut current: Option<&str> = None;
    for (id, path) in conflicts {
        if current != Some(id.as_str()) {
            lines.push(format!("conflicts with {}:", describe(id)));
            current = Some(id);
        }
        lines.push(format!("- {path}"));
    }
    format!(
        "Apply failed with {} conflicts: {}",
        conflicts.len(),
        lines.join("\n")
    )
}

/// The paths no manager ever owns (upstream `stripMetaManager`).
fn system_fields() -> Set {
    let mut s = Set::new();
    for p in [
        &["apiVersion"][..],
        &["kind"],
        &["metadata"],
        &["metadata", "name"],
        &["metadata", "namespace"],
        &["metadata", "creationTimestamp"],
        &["metadata", "selfLink"],
        &["metadata", "uid"],
        &["metadata", "clusterName"],
        &["metadata", "generation"],
        &["metadata", "managedFields"],
        &["metadata", "resourceVersion"],
    ] {
        s.insert(&Path::fields(p));
    }
    s
}

fn strip_system_fields(managed: &mut Managed, id: &str) {
    if let Some(vs) = managed.fields.get_mut(id) {
        vs.set = vs.set.difference(&system_fields());
        if vs.set.is_empty() {
            managed.fields.remove(id);
        }
    }
}

/// Keeps at most ten Update entries: the oldest are merged into one
/// `ancient-changes` entry per API version (upstream `capManagersManager`).
fn cap_update_managers(managed: &mut Managed) {
    let mut updaters: Vec<String> = managed
        .fields
        .iter()
        .filter(|(_, vs)| !vs.applied)
        .map(|(k, _)| k.clone())
        .collect();
    if updaters.len() <= MAX_UPDATE_MANAGERS {
        return;
    }
    let time = |k: &String| managed.times.get(k).cloned().unwrap_or_default();
    updaters.sort_by(|a, b| time(a).cmp(&time(b)).then_with(|| a.cmp(b)));
    let mut first_per_version: std::collections::HashMap<String, String> =
        std::collections::HashMap::new();
    let mut length = updaters.len();
    for manager in updaters {
        if length <= MAX_UPDATE_MANAGERS {
            break;
        }
        let Some(vs) = managed.fields.get(&manager).cloned() else {
            continue;
        };
        let stamp = managed.times.get(&manager).cloned();
        let bucket = ManagerId::update(ANCIENT_CHANGES, &vs.api_version, "").encode();
        match first_per_version.get(&vs.api_version) {
            Some(first) => {
                if !managed.fields.contains_key(&bucket)
                    && let Some(s) = managed.fields.remove(first)
                {
                    managed.fields.insert(bucket.clone(), s);
                }
                let merged = match managed.fields.get(&bucket) {
                    Some(b) => vs.set.union(&b.set),
                    None => vs.set.clone(),
                };
                managed.fields.insert(
                    bucket.clone(),
                    VersionedSet {
                        set: merged,
                        api_version: vs.api_version.clone(),
                        applied: false,
                    },
                );
                managed.fields.remove(&manager);
                length -= 1;
                match stamp {
                    Some(t) => managed.times.insert(bucket, t),
                    None => managed.times.remove(&bucket),
                };
            }
            None => {
                first_per_version.insert(vs.api_version.clone(), manager);
            }
        }
    }
    managed.times.retain(|k, _| managed.fields.contains_key(k));
}

/// The managers of an update (upstream `decodeLiveOrNew`): a subresource
/// write keeps the stored ones; a body whose managedFields is `[]` or
/// `[{}]` resets them; other managedFields in the body are taken as given
/// unless they are empty or cannot be decoded, then the stored ones count.
/// Stored managedFields that cannot be decoded count as none.
fn decode_live_or_new(live: &Value, new: &Value, subresource: bool) -> Managed {
    let stored = || managed_fields::decode(live).unwrap_or_default();
    if subresource {
        return stored();
    }
    if is_reset_managed_fields(new.get_path(&["metadata", "managedFields"])) {
        return Managed::default();
    }
    match managed_fields::decode(new) {
        Ok(m) if !m.fields.is_empty() => m,
        _ => stored(),
    }
}

/// Upstream `isResetManagedFields`: an empty list, or a list of exactly one
/// empty entry.
fn is_reset_managed_fields(entries: Option<&Value>) -> bool {
    match entries {
        Some(Value::List(entries)) => match entries.as_slice() {
            [] => true,
            [only] => only.as_map().is_some_and(Map::is_empty),
            _ => false,
        },
        _ => false,
    }
}

/// Upstream `versionCheckManager`: an apply must name the group, version
/// and kind of the object it goes to.
fn check_version(live: &Value, body: &Value) -> Result<(), WriteError> {
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let (live_version, live_kind) = (text(live, "apiVersion"), text(live, "kind"));
    let (version, kind) = (text(body, "apiVersion"), text(body, "kind"));
    if live_version.is_empty() || (version == live_version && kind == live_kind) {
        return Ok(());
    }
    Err(invalid(format!(
        "invalid object type: {}",
        gvk_string(&version, &kind)
    )))
}

/// `schema.GroupVersionKind.String()`: `apps/v1, Kind=Deployment`,
/// `/v1, Kind=ConfigMap` for the core group.
fn gvk_string(api_version: &str, kind: &str) -> String {
    let group_version = if api_version.contains('/') {
        api_version.to_string()
    } else {
        format!("/{api_version}")
    };
    format!("{group_version}, Kind={kind}")
}

/// What a built-in kind keeps of a value once it went through its Go
/// struct: null fields and empty maps (of map type) and lists are dropped
/// (`omitempty`); empty structs stay (`resources: {}`).
fn omit_empty(value: &mut Value, schema: &crate::schema::Schema, ty: crate::schema::TypeId) {
    match value {
        Value::Map(m) => {
            let Some(map_type) = schema.atom(ty).map.as_ref() else {
                return;
            };
            m.retain(|k, v| {
                let Some(child_type) = map_type.type_of(k) else {
                    return true;
                };
                omit_empty(v, schema, child_type);
                let atom = schema.atom(child_type);
                let is_struct = atom
                    .map
                    .as_ref()
                    .is_some_and(|mt| mt.element_type.is_none() && !mt.fields.is_empty());
                match v {
                    Value::Null => false,
                    Value::Map(c) if c.is_empty() => is_struct,
                    Value::List(l) if l.is_empty() => false,
                    _ => true,
                }
            });
        }
        Value::List(items) => {
            let Some(list_type) = schema.atom(ty).list.as_ref() else {
                return;
            };
            for item in items {
                omit_empty(item, schema, list_type.element_type);
            }
        }
        _ => {}
    }
}

/// `metadata` fields only the server writes keep their stored values.
fn preserve_system_metadata(object: &mut Value, live: Option<&Value>) {
    let Some(live_meta) = live.and_then(|l| l.get("metadata")).and_then(Value::as_map) else {
        return;
    };
    let Some(meta) = object
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    else {
        return;
    };
    for key in SYSTEM_METADATA {
        if let Some(v) = live_meta.get(key) {
            meta.insert(key, v.clone());
        }
    }
}

/// The `metadata` fields only the server writes.
const SYSTEM_METADATA: [&str; 4] = ["uid", "creationTimestamp", "resourceVersion", "generation"];

/// Takes the server-written metadata out of an object before it is typed
/// (a user's schema may not declare it; nobody owns it anyway).
fn remove_system_metadata(object: &mut Value) {
    if let Some(meta) = object
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        for key in SYSTEM_METADATA {
            meta.remove(key);
        }
    }
}

/// `namespace/name; group/version, Kind=Kind`, as the API server names an
/// object in field manager errors.
fn object_gvknn(object: &Value) -> String {
    let text = |path: &[&str]| object.get_path(path).and_then(Value::as_str).unwrap_or("");
    format!(
        "{}/{}; {}",
        text(&["metadata", "namespace"]),
        text(&["metadata", "name"]),
        gvk_string(text(&["apiVersion"]), text(&["kind"]))
    )
}

fn empty_object() -> Value {
    Value::Map(Map::new())
}

fn api_version_of(v: &Value) -> &str {
    v.get("apiVersion").and_then(Value::as_str).unwrap_or("")
}

fn set_key(object: &mut Value, key: &str, value: Value) {
    if let Some(m) = object.as_map_mut() {
        m.insert(key, value);
    }
}

fn remove_key(object: &mut Value, key: &str) {
    if let Some(m) = object.as_map_mut() {
        m.remove(key);
    }
}

/// The last-applied annotation of an object, if it has a non-empty one.
pub fn last_applied(object: &Value) -> Option<&str> {
    object
        .get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION])
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
}

/// Sets the last-applied annotation.
pub fn set_last_applied(object: &mut Value, text: &str) {
    let annotations = object
        .child_map_mut("metadata")
        .and_then(|m| m.child_map_mut("annotations"));
    if let Some(a) = annotations {
        a.insert(LAST_APPLIED_ANNOTATION, Value::from(text));
    }
}

/// The annotation text for an applied configuration: its JSON without the
/// annotation itself (upstream `buildLastApplied`).
pub fn last_applied_of(config: &Value) -> String {
    let mut copy = config.clone();
    if let Some(meta) = copy
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        // Upstream deletes the key and sets the map back: an annotations
        // map that held only this annotation stays, empty.
        if let Some(a) = meta.get_mut("annotations").and_then(Value::as_map_mut) {
            a.remove(LAST_APPLIED_ANNOTATION);
        }
    }
    // Encoded as the API server encodes an object: with a newline.
    format!("{}\n", copy.to_json_sorted())
}
