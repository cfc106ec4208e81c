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
use crate::merge::{ManagedFields, MergeError, Updater, VersionedSet};
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

/// The group and version of the Scale every `/scale` endpoint serves.
const SCALE_VERSION: &str = "autoscaling/v1";
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
        self.check_subresource(request.subresource)?;
        if request.subresource == Some(Subresource::Scale) {
            return self.apply_to_scale(live, request, force);
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

    /// A kind serves only the subresources it declares (404 otherwise).
    fn check_subresource(&self, subresource: Option<Subresource>) -> Result<(), WriteError> {
        let served = match subresource {
            None => true,
            Some(Subresource::Status) => self.schema.subresources.status,
            Some(Subresource::Scale) => self.schema.subresources.scale_replicas_path.is_some(),
        };
        if served {
            Ok(())
        } else {
            Err(invalid("the server could not find the requested resource"))
        }
    }

    /// A server-side apply through `/scale`.
    fn apply_to_scale(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
        force: bool,
    ) -> Result<WriteOutcome, WriteError> {
        let Some(live) = live else {
            return Err(invalid("the server could not find the requested resource"));
        };
        // The Scale endpoint's version check; a scenario may leave the
        // Scale's apiVersion and kind out.
        let scale_identity = (
            request.body.get("apiVersion").and_then(Value::as_str),
            request.body.get("kind").and_then(Value::as_str),
        );
        if scale_identity != (None, None) && scale_identity != (Some(SCALE_VERSION), Some("Scale"))
        {
            return Err(invalid(format!(
                "invalid object type: {}",
                gvk_string(
                    scale_identity.0.unwrap_or(""),
                    scale_identity.1.unwrap_or("")
                )
            )));
        }
        if let Some(Value::List(_)) = request.body.get_path(&["metadata", "managedFields"]) {
            return Err(invalid("metadata.managedFields must be nil"));
        }
        let managed = managed_fields::decode(live)
            .map_err(|e| invalid(format!("failed to decode managed fields: {e}")))?;
        let mut live_value = live.clone();
        managed_fields::remove_from(&mut live_value);
        remove_system_metadata(&mut live_value);
        let (mut object, managed) = self
            .scale_apply(&live_value, &managed, request, force)
            .map_err(|r| r.into_write_error(self))?;
        managed_fields::encode_into(&mut object, &managed);
        preserve_system_metadata(&mut object, Some(live));
        let changed = Some(live) != Some(&object);
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
            let (tracked, m) = self
                .update_tracked(
                    &empty_object(),
                    &live,
                    &managed,
                    &id,
                    request.time,
                    &Set::new(),
                )
                .map_err(|r| match r {
                    Refusal::Invalid(m) => Refusal::Invalid(format!(
                        "failed to create manager for existing fields: {m}"
                    )),
                    other => other,
                })?;
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
        .map_err(|e| {
            Refusal::Invalid(format!(
                "failed to create typed live object ({}): {e}",
                object_gvknn(&live)
            ))
        })?;
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
                if let Some(defaulter) = &self.schema.defaulter {
                    defaulter.apply_defaults(&mut object);
                }
                self.keep_status(&mut object, &live, request.subresource, exists);
                if request.subresource == Some(Subresource::Status) {
                    self.prepare_status_write(&mut object, &live);
                }
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
        self.check_subresource(request.subresource)?;
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
                // The body is the whole object; the strategy resets the
                // rest once the field manager has seen it.
                if live.is_map() {
                    request.body.clone()
                } else {
                    return Err(invalid("the object is not a map"));
                }
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
        if let Some(defaulter) = &self.schema.defaulter {
            defaulter.apply_defaults(&mut new);
        }
        self.keep_status(&mut new, &live_value, request.subresource, live.is_some());
        let status_write = request.subresource == Some(Subresource::Status);
        let stored = |mut object: Value| {
            if status_write {
                self.prepare_status_write(&mut object, &live_value);
            }
            object
        };
        self.validate(live.map(|_| &live_value), &stored(new.clone()))
            .map_err(|r| r.into_write_error(self))?;
        // An existing object nobody tracks stays untracked by updates
        // (upstream `skipNonAppliedManager`).
        let object = match managed {
            // A /scale write is tracked on the Scale and mapped back.
            managed if request.subresource == Some(Subresource::Scale) => {
                let mut object = new;
                let managed = self.scale_managed(&live_value, &object, &managed, request);
                managed_fields::encode_into(&mut object, &managed);
                object
            }
            managed if !(managed.fields.is_empty() && live.is_some()) => {
                let subresource = request.subresource.map(Subresource::as_str).unwrap_or("");
                let id = ManagerId::update(request.manager, &version, subresource);
                let ignored = self.ignored_fields(request.subresource, &live_value);
                match self.update_tracked(&live_value, &new, &managed, &id, request.time, &ignored)
                {
                    Ok((mut object, managed)) => {
                        managed_fields::encode_into(&mut object, &managed);
                        object
                    }
                    // The handlers call `UpdateNoErrors`: a write the field
                    // manager cannot follow is stored anyway, with its
                    // managedFields dropped rather than left wrong.
                    Err(_) => new,
                }
            }
            _ => new,
        };
        let mut object = stored(object);
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
        // The wording is upstream `structuredMergeManager.Update`'s.
        let typed_new = Typed::new(schema, root, new, Duplicates::Allow).map_err(|e| {
            Refusal::Invalid(format!(
                "failed to convert new object ({}) to smd typed: {e}",
                object_gvknn(new)
            ))
        })?;
        let typed_live = Typed::new(schema, root, live, Duplicates::Allow).map_err(|e| {
            Refusal::Invalid(format!(
                "failed to convert live object ({}) to smd typed: {e}",
                object_gvknn(live)
            ))
        })?;
        let mut fields = updater
            .update(
                typed_live,
                typed_new,
                &id.api_version,
                &managed.fields,
                CURRENT,
            )
            .map_err(|e| match e {
                MergeError::Conflicts(_) => Refusal::from(e),
                other => Refusal::Invalid(format!(
                    "failed to update ManagedFields ({}): {other}",
                    object_gvknn(new)
                )),
            })?;
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
                for path in self.status_reset_fields(live) {
                    ignored.insert(&Path::fields(path));
                }
            }
            _ => {}
        }
        ignored
    }

    /// The reset fields of the kind's status strategy (`GetResetFields`):
    /// what a `/status` write neither owns nor changes. Custom resources
    /// reset `spec` only (and keep everything but `status` afterwards, see
    /// [`FieldManager::prepare_status_write`]).
    fn status_reset_fields(&self, live: &Value) -> &'static [&'static [&'static str]] {
        if !self.schema.omit_empty {
            return &[&["spec"]];
        }
        let kind = live.get("kind").and_then(Value::as_str).unwrap_or("");
        match (api_version_of(live), kind) {
            ("apps/v1", "Deployment") => &[&["spec"], &["metadata", "labels"]],
            ("v1", "Pod") => &[
                &["spec"],
                &["metadata", "deletionTimestamp"],
                &["metadata", "ownerReferences"],
            ],
            _ => &[&["spec"]],
        }
    }

    /// What the status strategy's `PrepareForUpdate` stores of a `/status`
    /// write: a built-in kind takes the body but its reset fields from the
    /// stored object; a custom resource keeps the stored object and takes
    /// only `status` (and the managedFields just computed) from the body.
    fn prepare_status_write(&self, object: &mut Value, live: &Value) {
        if self.schema.omit_empty {
            for path in self.status_reset_fields(live) {
                copy_path(object, live, path);
            }
            return;
        }
        let mut stored = live.clone();
        copy_path(&mut stored, object, &["status"]);
        copy_path(&mut stored, object, &["metadata", "managedFields"]);
        *object = stored;
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

    /// The parent's managers after a `/scale` update, as upstream's scale
    /// handler computes them: the parent's entries are shown to the Scale's
    /// field manager (`ToSubresource`: those owning the replicas field, as
    /// owners of `.spec.replicas` in `autoscaling/v1`), the update is
    /// tracked there (untracked when no entry is shown), and the result is
    /// mapped back (`ToParent`): parent entries the Scale no longer lists
    /// lose the replicas field, Scale entries owning `.spec.replicas` own
    /// the parent's replicas field with the parent's version and the
    /// parent's time for that identifier (none for an updater, whose
    /// identifier names `autoscaling/v1`).
    fn scale_managed(
        &self,
        live: &Value,
        new: &Value,
        parent: &Managed,
        request: &WriteRequest<'_>,
    ) -> Managed {
        let track = |view: &Managed, scale_live: &Value| {
            // With nothing shown the Scale's field manager tracks nothing
            // (`skipNonAppliedManager`: the Scale carries a uid).
            if view.fields.is_empty() {
                return Ok((None, Default::default()));
            }
            let deduced = ObjectSchema::deduced();
            let id = ManagerId::update(request.manager, SCALE_VERSION, "scale");
            let new_scale = self.scale_of(new);
            match FieldManager::new(&deduced).update_tracked(
                scale_live,
                &new_scale,
                view,
                &id,
                request.time,
                &Set::new(),
            ) {
                Ok((_, m)) => Ok((None, m.fields)),
                // `UpdateNoErrors`: the Scale keeps no managedFields.
                Err(_) => Ok((None, Default::default())),
            }
        };
        match self.scale_write(live, parent, track) {
            Ok((_, managed)) => managed,
            Err(_) => parent.clone(),
        }
    }

    /// A server-side apply to `/scale`: the Scale's field manager applies
    /// `.spec.replicas` to the Scale view of the parent (its conflicts name
    /// updaters with `autoscaling/v1`), then the result is mapped back as
    /// for an update.
    fn scale_apply(
        &self,
        live: &Value,
        parent: &Managed,
        request: &WriteRequest<'_>,
        force: bool,
    ) -> Result<(Value, Managed), Refusal> {
        let mut config = Map::new();
        if let Some(replicas) = request.body.get_path(&["spec", "replicas"]) {
            let mut spec = Map::new();
            spec.insert("replicas", replicas.clone());
            config.insert("spec", Value::Map(spec));
        }
        let config = Value::Map(config);
        let track = |view: &Managed, scale_live: &Value| {
            let deduced = ObjectSchema::deduced();
            let scale_request = WriteRequest {
                manager: request.manager,
                subresource: Some(Subresource::Scale),
                body: &config,
                time: request.time,
            };
            FieldManager::new(&deduced)
                .apply_tracked(true, scale_live, &scale_request, view, SCALE_VERSION, force)
                .map(|(object, m)| (Some(object), m.fields))
        };
        let (scale, managed) = self.scale_write(live, parent, track)?;
        let mut object = live.clone();
        if let Some(replicas) = scale
            .as_ref()
            .and_then(|s| s.get_path(&["spec", "replicas"]))
        {
            object = self
                .scale_into(live, &self.scale_with(replicas.clone()))
                .map_err(|e| Refusal::Invalid(e.to_string()))?;
        }
        Ok((object, managed))
    }

    /// The minimal `autoscaling/v1` Scale of a parent: its replicas.
    fn scale_of(&self, object: &Value) -> Value {
        let replicas = self
            .schema
            .subresources
            .scale_replicas_path
            .as_ref()
            .and_then(|p| object.get_path(&p.iter().map(String::as_str).collect::<Vec<_>>()))
            .cloned()
            .unwrap_or(Value::Int(0));
        self.scale_with(replicas)
    }

    fn scale_with(&self, replicas: Value) -> Value {
        let mut spec = Map::new();
        spec.insert("replicas", replicas);
        let mut scale = Map::new();
        scale.insert("spec", Value::Map(spec));
        Value::Map(scale)
    }

    /// The scale handler around one tracked write on the Scale: `track`
    /// gets the Scale view of the parent's managers and the stored Scale,
    /// and gives the written Scale (apply) and the Scale's managers.
    fn scale_write(
        &self,
        live: &Value,
        parent: &Managed,
        track: impl FnOnce(&Managed, &Value) -> Result<(Option<Value>, ManagedFields), Refusal>,
    ) -> Result<(Option<Value>, Managed), Refusal> {
        let Some(replicas_path) = &self.schema.subresources.scale_replicas_path else {
            return Err(Refusal::Invalid(
                "the server could not find the requested resource".into(),
            ));
        };
        let names: Vec<&str> = replicas_path.iter().map(String::as_str).collect();
        let in_parent = Path::fields(&names);
        let in_scale = Path::fields(&["spec", "replicas"]);
        let parent_version = api_version_of(live);

        // ToSubresource.
        let mut view = Managed::default();
        for (key, vs) in &parent.fields {
            if vs.api_version != parent_version || !vs.set.has(&in_parent) {
                continue;
            }
            let Some(mut id) = ManagerId::decode(key) else {
                continue;
            };
            if id.operation == managed_fields::Operation::Update {
                id.api_version = SCALE_VERSION.to_string();
            }
            let scale_key = id.encode();
            view.fields.insert(
                scale_key.clone(),
                VersionedSet {
                    set: Set::from_paths([in_scale.clone()].iter()),
                    api_version: SCALE_VERSION.to_string(),
                    applied: vs.applied,
                },
            );
            if let Some(t) = parent.times.get(key) {
                view.times.insert(scale_key, t.clone());
            }
        }

        let (scale, scale_fields) = track(&view, &self.scale_of(live))?;

        // ToParent.
        let mut scale_fields = scale_fields;
        let mut out = Managed::default();
        let keep = |out: &mut Managed, key: &String, vs: VersionedSet| {
            if let Some(t) = parent.times.get(key) {
                out.times.insert(key.clone(), t.clone());
            }
            out.fields.insert(key.clone(), vs);
        };
        for (key, vs) in &parent.fields {
            // Kept as they are: entries without replicas, and owners of
            // replicas the Scale still lists (which then need no new entry).
            if !vs.set.has(&in_parent) || scale_fields.remove(key).is_some() {
                keep(&mut out, key, vs.clone());
            } else {
                let rest = vs
                    .set
                    .difference(&Set::from_paths([in_parent.clone()].iter()));
                if !rest.is_empty() {
                    keep(
                        &mut out,
                        key,
                        VersionedSet {
                            set: rest,
                            api_version: vs.api_version.clone(),
                            applied: vs.applied,
                        },
                    );
                }
            }
        }
        for (key, vs) in scale_fields {
            if !vs.set.has(&in_scale) {
                continue;
            }
            out.times.remove(&key);
            if let Some(t) = parent.times.get(&key) {
                out.times.insert(key.clone(), t.clone());
            }
            out.fields.insert(
                key,
                VersionedSet {
                    set: Set::from_paths([in_parent.clone()].iter()),
                    api_version: parent_version.to_string(),
                    applied: vs.applied,
                },
            );
        }
        Ok((scale, out))
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
        // A last-applied of another version allows nothing.
        if api_version_of(&last) != api_version_of(live) {
            return None;
        }
        let schema = &self.schema.schema;
        let set = crate::typed::to_field_set(schema, self.schema.root, &last).ok()?;
        let comparison = crate::typed::compare(schema, self.schema.root, &last, live).ok()?;
        // What the annotation sets to another value than the object has,
        // or what only one of them has, is not the annotation's to give.
        Some(
            set.difference(&comparison.modified)
                .difference(&comparison.added)
                .difference(&comparison.removed),
        )
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

/// Sets `path` of `object` to its value in `from`, or removes it there
/// when `from` has none.
fn copy_path(object: &mut Value, from: &Value, path: &[&str]) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let value = from.get_path(path).cloned();
    let mut node = object;
    for key in parents {
        let Some(map) = node.as_map_mut() else {
            return;
        };
        if value.is_none() && map.get(key).is_none() {
            return;
        }
        node = map
            .entry(key.to_string())
            .or_insert_with(|| Value::Map(Map::new()));
    }
    if let Some(map) = node.as_map_mut() {
        match value {
            Some(v) => {
                map.insert(*last, v);
            }
            None => {
                map.remove(last);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        Value::from_json_str(text).unwrap()
    }

    fn cm(data: &str) -> Value {
        json(&format!(
            r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"c","namespace":"d"}},"data":{data}}}"#
        ))
    }

    fn request<'a>(manager: &'a str, body: &'a Value, time: &'a str) -> WriteRequest<'a> {
        WriteRequest {
            manager,
            subresource: None,
            body,
            time,
        }
    }

    /// `(manager, operation, apiVersion, time, subresource)` of each entry.
    fn entries(object: &Value) -> Vec<(String, String, String, String, String)> {
        let Some(list) = object
            .get_path(&["metadata", "managedFields"])
            .and_then(Value::as_list)
        else {
            return vec![];
        };
        let text = |e: &Value, k: &str| e.get(k).and_then(Value::as_str).unwrap_or("").to_string();
        list.iter()
            .map(|e| {
                (
                    text(e, "manager"),
                    text(e, "operation"),
                    text(e, "apiVersion"),
                    text(e, "time"),
                    text(e, "subresource"),
                )
            })
            .collect()
    }

    fn entry(
        m: &str,
        op: &str,
        v: &str,
        t: &str,
        s: &str,
    ) -> (String, String, String, String, String) {
        (m.into(), op.into(), v.into(), t.into(), s.into())
    }

    #[test]
    fn conflict_messages_word_for_word() {
        let path = |p: &[&str]| Path::fields(p);
        let a = ManagerId::apply("Mozilla", "").encode();
        let u = ManagerId::update("hpa", "apps/v1", "scale").encode();
        let e = ManagerId::apply("équipe-données (paris)", "").encode();
        let table: Vec<(Vec<(String, Path)>, &str)> = vec![
            (
                vec![(u.clone(), path(&["spec", "replicas"]))],
                r#"Apply failed with 1 conflict: conflict with "hpa" with subresource "scale" using apps/v1: .spec.replicas"#,
            ),
            (
                vec![
                    (a.clone(), path(&["data", "tier"])),
                    (e.clone(), path(&["data", "retention"])),
                ],
                "Apply failed with 2 conflicts: conflicts with \"Mozilla\":\n- .data.tier\nconflicts with \"équipe-données (paris)\":\n- .data.retention",
            ),
            (
                vec![
                    (a.clone(), path(&["data", "a"])),
                    (a.clone(), path(&["data", "b"])),
                ],
                "Apply failed with 2 conflicts: conflicts with \"Mozilla\":\n- .data.a\n- .data.b",
            ),
            (
                vec![("not an identifier".into(), path(&["x"]))],
                r#"Apply failed with 1 conflict: conflict with "not an identifier": .x"#,
            ),
        ];
        for (conflicts, message) in table {
            assert_eq!(conflict_message(&conflicts), message);
        }
    }

    #[test]
    fn conflict_reports_name_manager_and_subresource() {
        let refusal = Refusal::Conflicts(vec![
            (
                ManagerId::update("hpa", "apps/v1", "scale").encode(),
                Path::fields(&["spec", "replicas"]),
            ),
            (
                ManagerId::apply("a", "").encode(),
                Path::fields(&["spec", "paused"]),
            ),
        ]);
        let fm_schema = ObjectSchema::deduced();
        let WriteError::Conflict { conflicts, .. } =
            refusal.into_write_error(&FieldManager::new(&fm_schema))
        else {
            panic!("not a conflict")
        };
        let got: Vec<_> = conflicts
            .iter()
            .map(|c| {
                (
                    c.manager.as_str(),
                    c.subresource.as_deref(),
                    c.field.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("a", None, ".spec.paused"),
                ("hpa", Some("scale"), ".spec.replicas")
            ]
        );
    }

    #[test]
    fn apply_bodies_the_server_refuses() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let live = fm
            .apply(None, &request("a", &cm(r#"{"k":"v"}"#), "t1"), false)
            .unwrap()
            .object;
        let table = [
            (
                r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","managedFields":[]}}"#,
                Some("metadata.managedFields must be nil"),
            ),
            (
                r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","managedFields":[{"manager":"x"}]}}"#,
                Some("metadata.managedFields must be nil"),
            ),
            (
                r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","managedFields":null}}"#,
                None,
            ),
            (
                r#"{"apiVersion":"v2","kind":"ConfigMap","metadata":{"name":"c"}}"#,
                Some("invalid object type: /v2, Kind=ConfigMap"),
            ),
            (
                r#"{"apiVersion":"v1","kind":"Secret","metadata":{"name":"c","managedFields":[]}}"#,
                Some("invalid object type: /v1, Kind=Secret"),
            ),
        ];
        for (body, refusal) in table {
            let body = json(body);
            let got = fm.apply(Some(&live), &request("a", &body, "t2"), false);
            match refusal {
                Some(message) => assert_eq!(
                    got.unwrap_err(),
                    WriteError::Invalid {
                        message: message.into()
                    }
                ),
                None => assert!(got.is_ok(), "{body:?}"),
            }
        }
    }

    #[test]
    fn a_manager_is_name_operation_and_subresource() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let created = fm
            .update(
                None,
                &request("m", &cm(r#"{"k":"1"}"#), "2024-01-01T00:00:01Z"),
            )
            .unwrap()
            .object;
        let body = cm(r#"{"k":"2"}"#);
        let err = fm
            .apply(
                Some(&created),
                &request("m", &body, "2024-01-01T00:00:02Z"),
                false,
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"Apply failed with 1 conflict: conflict with "m" using v1: .data.k"#
        );
        let forced = fm
            .apply(
                Some(&created),
                &request("m", &body, "2024-01-01T00:00:02Z"),
                true,
            )
            .unwrap()
            .object;
        // Forced, the applier takes `.data.k` from its updater self, which
        // keeps `.data` itself.
        assert_eq!(
            entries(&forced),
            vec![
                entry("m", "Apply", "v1", "2024-01-01T00:00:02Z", ""),
                entry("m", "Update", "v1", "2024-01-01T00:00:01Z", ""),
            ]
        );
    }

    #[test]
    fn times_are_stamped_only_on_change() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let body = cm(r#"{"k":"1"}"#);
        let first = fm
            .apply(None, &request("a", &body, "2024-01-01T00:00:01Z"), false)
            .unwrap();
        assert!(first.changed);
        let again = fm
            .apply(
                Some(&first.object),
                &request("a", &body, "2024-01-01T00:00:05Z"),
                false,
            )
            .unwrap();
        assert!(!again.changed);
        assert_eq!(again.object, first.object);

        // An update that takes nothing leaves its entry's time alone; one
        // that takes fields merges them into its previous set.
        let u1 = fm
            .update(
                Some(&first.object),
                &request("u", &cm(r#"{"k":"1","x":"1"}"#), "2024-01-01T00:00:02Z"),
            )
            .unwrap()
            .object;
        let same = fm
            .update(Some(&u1), &request("u", &u1, "2024-01-01T00:00:03Z"))
            .unwrap();
        assert!(!same.changed);
        let u2 = fm
            .update(
                Some(&u1),
                &request(
                    "u",
                    &cm(r#"{"k":"1","x":"1","y":"1"}"#),
                    "2024-01-01T00:00:04Z",
                ),
            )
            .unwrap()
            .object;
        assert_eq!(
            entries(&u2),
            vec![
                entry("a", "Apply", "v1", "2024-01-01T00:00:01Z", ""),
                entry("u", "Update", "v1", "2024-01-01T00:00:04Z", ""),
            ]
        );
        let fields = u2
            .get_path(&["metadata", "managedFields"])
            .unwrap()
            .as_list()
            .unwrap()[1]
            .get("fieldsV1")
            .unwrap()
            .clone();
        assert_eq!(fields, json(r#"{"f:data":{"f:x":{},"f:y":{}}}"#));
    }

    #[test]
    fn at_most_ten_update_entries() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let mut object = fm
            .update(
                None,
                &request("u00", &cm(r#"{"k00":"v"}"#), "2024-01-01T00:00:00Z"),
            )
            .unwrap()
            .object;
        for i in 1..=11 {
            let mut data = object.get("data").unwrap().clone();
            data.as_map_mut()
                .unwrap()
                .insert(format!("k{i:02}"), Value::from("v"));
            let mut body = object.clone();
            body.as_map_mut().unwrap().insert("data", data);
            let time = format!("2024-01-01T00:00:{i:02}Z");
            object = fm
                .update(Some(&object), &request(&format!("u{i:02}"), &body, &time))
                .unwrap()
                .object;
        }
        let got = entries(&object);
        assert_eq!(got.len(), 10);
        // u00, u01 and u02 were the oldest: merged into one bucket that
        // keeps the time of the newest of them.
        assert_eq!(
            got[0],
            entry(
                "ancient-changes",
                "Update",
                "v1",
                "2024-01-01T00:00:02Z",
                ""
            )
        );
        assert_eq!(got[1].0, "u03");
        let bucket = object
            .get_path(&["metadata", "managedFields"])
            .unwrap()
            .as_list()
            .unwrap()[0]
            .get("fieldsV1")
            .unwrap()
            .clone();
        assert_eq!(
            bucket,
            json(r#"{"f:data":{".":{},"f:k00":{},"f:k01":{},"f:k02":{}}}"#)
        );
    }

    #[test]
    fn untracked_objects() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let untracked = cm(r#"{"old":"1"}"#);
        // An update leaves an untracked object untracked.
        let updated = fm
            .update(Some(&untracked), &request("u", &cm(r#"{"old":"2"}"#), "t1"))
            .unwrap()
            .object;
        assert_eq!(entries(&updated), vec![]);
        // The first apply gives what exists to before-first-apply.
        let body = cm(r#"{"new":"1"}"#);
        let applied = fm
            .apply(Some(&updated), &request("a", &body, "t2"), false)
            .unwrap()
            .object;
        assert_eq!(
            entries(&applied),
            vec![
                entry("a", "Apply", "v1", "t2", ""),
                entry("before-first-apply", "Update", "v1", "t2", ""),
            ]
        );
        let conflict = cm(r#"{"old":"3"}"#);
        assert_eq!(
            fm.apply(Some(&updated), &request("a", &conflict, "t2"), false)
                .unwrap_err()
                .to_string(),
            r#"Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.old"#
        );
    }

    #[test]
    fn managed_fields_in_an_update_body() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let live = fm
            .apply(None, &request("a", &cm(r#"{"k":"1"}"#), "t1"), false)
            .unwrap()
            .object;
        let with = |managed: &str| {
            let mut body = live.clone();
            body.child_map_mut("metadata")
                .unwrap()
                .insert("managedFields", json(managed));
            body
        };
        let given = r#"[{"manager":"given","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:k":{}}}}]"#;
        let table = [
            ("[]", vec![]),
            ("[{}]", vec![]),
            ("[{},{}]", vec![entry("a", "Apply", "v1", "t1", "")]),
            (given, vec![entry("given", "Update", "v1", "", "")]),
            ("null", vec![entry("a", "Apply", "v1", "t1", "")]),
        ];
        for (managed, expected) in table {
            let got = fm
                .update(Some(&live), &request("u", &with(managed), "t2"))
                .unwrap()
                .object;
            assert_eq!(entries(&got), expected, "{managed}");
        }
    }

    #[test]
    fn system_fields_are_never_owned() {
        let schema = ObjectSchema::deduced();
        let fm = FieldManager::new(&schema);
        let body = json(
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"d","labels":{"l":"1"}}}"#,
        );
        let object = fm
            .apply(None, &request("a", &body, "t1"), false)
            .unwrap()
            .object;
        let fields = object
            .get_path(&["metadata", "managedFields"])
            .unwrap()
            .as_list()
            .unwrap()[0]
            .get("fieldsV1")
            .unwrap()
            .clone();
        assert_eq!(
            fields,
            json(r#"{"f:metadata":{"f:labels":{".":{},"f:l":{}}}}"#)
        );
        // Nothing but system fields: no entry at all.
        let bare = json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#);
        let object = fm
            .apply(None, &request("a", &bare, "t1"), false)
            .unwrap()
            .object;
        assert_eq!(entries(&object), vec![]);
    }

    #[test]
    fn last_applied_text_as_upstream_builds_it() {
        let table = [
            (
                r#"{"b":1,"a":{"x":"<"}}"#,
                "{\"a\":{\"x\":\"\\u003c\"},\"b\":1}\n",
            ),
            (
                r#"{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"x"}}}"#,
                "{\"metadata\":{\"annotations\":{}}}\n",
            ),
            (
                r#"{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"x","o":"1"}}}"#,
                "{\"metadata\":{\"annotations\":{\"o\":\"1\"}}}\n",
            ),
        ];
        for (config, text) in table {
            assert_eq!(last_applied_of(&json(config)), text);
        }
    }

    #[test]
    fn scale_writes_are_tracked_on_the_scale_view() {
        let mut schema = ObjectSchema::deduced();
        schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
        let fm = FieldManager::new(&schema);
        let scale = json(r#"{"spec":{"replicas":4}}"#);
        // (parent applied by `a`, who owns replicas afterwards)
        let table = [
            // Nobody owns replicas: the Scale shows no entry and the write
            // stays untracked.
            (
                r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"paused":true}}"#,
                vec![entry("a", "Apply", "apps/v1", "t1", "")],
            ),
            // The applier owns replicas: the scale writer takes them.
            (
                r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"paused":true,"replicas":1}}"#,
                vec![
                    entry("a", "Apply", "apps/v1", "t1", ""),
                    entry("hpa", "Update", "apps/v1", "", "scale"),
                ],
            ),
        ];
        for (parent, expected) in table {
            let parent = json(parent);
            let live = fm
                .apply(None, &request("a", &parent, "t1"), false)
                .unwrap()
                .object;
            let mut req = request("hpa", &scale, "t2");
            req.subresource = Some(Subresource::Scale);
            let got = fm.update(Some(&live), &req).unwrap().object;
            assert_eq!(got.get_path(&["spec", "replicas"]), Some(&Value::Int(4)));
            assert_eq!(entries(&got), expected);
        }
    }

    #[test]
    fn applies_through_scale() {
        let mut schema = ObjectSchema::deduced();
        schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
        let fm = FieldManager::new(&schema);
        let parent = json(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"paused":true,"replicas":1}}"#,
        );
        let scale = json(
            r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"d"},"spec":{"replicas":3}}"#,
        );
        let by_apply = fm
            .apply(None, &request("a", &parent, "t1"), false)
            .unwrap()
            .object;
        let by_update = fm
            .update(None, &request("u", &parent, "t1"))
            .unwrap()
            .object;
        let table = [
            (
                by_apply,
                r#"Apply failed with 1 conflict: conflict with "a": .spec.replicas"#,
            ),
            (
                by_update,
                r#"Apply failed with 1 conflict: conflict with "u" using autoscaling/v1: .spec.replicas"#,
            ),
        ];
        for (live, message) in table {
            let mut req = request("s", &scale, "t2");
            req.subresource = Some(Subresource::Scale);
            assert_eq!(
                fm.apply(Some(&live), &req, false).unwrap_err().to_string(),
                message
            );
            let forced = fm.apply(Some(&live), &req, true).unwrap().object;
            assert_eq!(forced.get_path(&["spec", "replicas"]), Some(&Value::Int(3)));
            let got = entries(&forced);
            assert!(
                got.contains(&entry("s", "Apply", "apps/v1", "", "scale")),
                "{got:?}"
            );
        }
    }

    #[test]
    fn scale_writes_land_on_the_parent() {
        let mut schema = ObjectSchema::deduced();
        schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
        let fm = FieldManager::new(&schema);
        let parent = json(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":1}}"#,
        );
        let live = fm
            .apply(None, &request("a", &parent, "t1"), false)
            .unwrap()
            .object;
        let scale = json(
            r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"d"},"spec":{"replicas":4}}"#,
        );
        let mut req = request("hpa", &scale, "t2");
        req.subresource = Some(Subresource::Scale);
        let scaled = fm.update(Some(&live), &req).unwrap().object;
        assert_eq!(scaled.get_path(&["spec", "replicas"]), Some(&Value::Int(4)));
        assert_eq!(
            entries(&scaled),
            vec![
                entry("a", "Apply", "apps/v1", "t1", ""),
                entry("hpa", "Update", "apps/v1", "", "scale"),
            ]
        );
        let err = fm
            .apply(Some(&scaled), &request("a", &parent, "t3"), false)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"Apply failed with 1 conflict: conflict with "hpa" with subresource "scale" using apps/v1: .spec.replicas"#
        );
    }

    #[test]
    fn status_writes_keep_what_the_status_strategy_resets() {
        let live = json(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"l":"1"}},"spec":{"a":1},"status":{"s":1}}"#,
        );
        let body = json(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"l":"2"},"annotations":{"n":"2"}},"spec":{"a":2},"status":{"s":2}}"#,
        );
        // (built-in kind, stored labels, stored annotations, the writer's fields)
        let table = [
            (
                false,
                json(r#"{"l":"1"}"#),
                None,
                json(
                    r#"{"f:metadata":{"f:annotations":{".":{},"f:n":{}},"f:labels":{"f:l":{}}},"f:status":{"f:s":{}}}"#,
                ),
            ),
            (
                true,
                json(r#"{"l":"1"}"#),
                Some(json(r#"{"n":"2"}"#)),
                json(r#"{"f:metadata":{"f:annotations":{".":{},"f:n":{}}},"f:status":{"f:s":{}}}"#),
            ),
        ];
        for (builtin, labels, annotations, fields) in table {
            let mut schema = ObjectSchema::deduced();
            schema.subresources.status = true;
            schema.omit_empty = builtin;
            let fm = FieldManager::new(&schema);
            let created = fm.update(None, &request("c", &live, "t1")).unwrap().object;
            // Created through the main resource: the status is the
            // registry's, not the body's.
            assert_eq!(created.get("status"), None);
            let mut with_status = created.clone();
            with_status
                .as_map_mut()
                .unwrap()
                .insert("status", json(r#"{"s":1}"#));
            let mut req = request("ctl", &body, "t2");
            req.subresource = Some(Subresource::Status);
            let got = fm.update(Some(&with_status), &req).unwrap().object;
            assert_eq!(got.get("spec"), Some(&json(r#"{"a":1}"#)), "{builtin}");
            assert_eq!(got.get("status"), Some(&json(r#"{"s":2}"#)), "{builtin}");
            assert_eq!(
                got.get_path(&["metadata", "labels"]),
                Some(&labels),
                "{builtin}"
            );
            assert_eq!(
                got.get_path(&["metadata", "annotations"]),
                annotations.as_ref(),
                "{builtin}"
            );
            let entries = got
                .get_path(&["metadata", "managedFields"])
                .unwrap()
                .as_list()
                .unwrap();
            let ctl = entries
                .iter()
                .find(|e| e.get("manager") == Some(&Value::from("ctl")))
                .unwrap();
            assert_eq!(ctl.get("subresource"), Some(&Value::from("status")));
            assert_eq!(ctl.get("fieldsV1"), Some(&fields), "{builtin}");
        }
    }
}
