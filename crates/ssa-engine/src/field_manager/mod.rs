//! The API server's write path around the structured merge: what
//! kube-apiserver's field manager (apimachinery
//! `pkg/util/managedfields/internal`) does to an object and its
//! `metadata.managedFields` on every write, one module per upstream layer.
//!
//! Upstream composes the layers in `NewDefaultFieldManager`, each wrapping
//! the next; here [`FieldManager::apply`] and [`FieldManager::update`]
//! call them in the same order, outermost first: `decode` (the
//! `FieldManager` itself: managedFields in and out), `versioncheck`,
//! `lastappliedupdater`, `lastappliedmanager`, `skipnonapplied`,
//! `capmanagers`, `buildmanagerinfo`, `managedfieldsupdater`, `stripmeta`
//! and `structuredmerge` (which calls `crate::merge`). `conflict` words
//! the refusals; `scalehandler` serves `/scale`. What the registry does
//! around the field manager (decoding into the Go struct, defaulting,
//! status resets, validation) is `crate::registry`'s, called where the
//! API server calls it.

mod buildmanagerinfo;
mod capmanagers;
mod conflict;
mod decode;
mod lastappliedmanager;
mod lastappliedupdater;
mod managedfieldsupdater;
mod scalehandler;
mod skipnonapplied;
mod stripmeta;
mod structuredmerge;
mod versioncheck;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_tests;

pub use lastappliedupdater::{
    LAST_APPLIED_ANNOTATION, last_applied, last_applied_of, set_last_applied,
};

use crate::fieldpath::{Path, Set};
use crate::managed_fields::{self, Managed, ManagerId};
pub(crate) use crate::registry::api_version_of;
use crate::registry::{StoreRefusal, Strategy};
use crate::schema::ObjectSchema;
use crate::value::{Map, Value};
use conflict::Refusal;
use decode::{preserve_system_metadata, remove_system_metadata};

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

/// The field manager of one kind.
#[derive(Clone, Debug)]
pub struct FieldManager<'a> {
    pub schema: &'a ObjectSchema,
    /// The uid a create gives the new object before its strategy runs
    /// (`rest.BeforeCreate`); without one the strategy's uid-derived
    /// fields wait for the store's bookkeeping.
    new_uid: Option<String>,
    /// The qualified resource (`deployments.apps`) the store's optimistic
    /// lock names in its conflict; without one the lock is not checked.
    resource: Option<String>,
    /// The namespace the request names (`""` for a cluster-scoped kind);
    /// without one (a kind no schema places) the body's is kept.
    request_namespace: Option<String>,
    /// The name in the request's URL; without one it is not checked.
    request_name: Option<String>,
}

impl<'a> FieldManager<'a> {
    pub fn new(schema: &'a ObjectSchema) -> Self {
        FieldManager {
            schema,
            new_uid: None,
            resource: None,
            request_namespace: None,
            request_name: None,
        }
    }

    /// A field manager whose writes are requests to `namespace` (`""`: a
    /// cluster-scoped kind's requests name none).
    #[must_use]
    pub fn with_request_namespace(mut self, namespace: String) -> Self {
        self.request_namespace = Some(namespace);
        self
    }

    /// A field manager whose writes are requests to the object `name`.
    #[must_use]
    pub fn with_request_name(mut self, name: String) -> Self {
        self.request_name = Some(name);
        self
    }

    /// What the update and patch handlers check of the object they hand
    /// the store: the request's namespace given to it
    /// (`crate::registry::ensure_namespace`), then its name
    /// (`crate::registry::check_name`). A Scale is mapped onto the stored
    /// object, whose identity it keeps.
    fn check_identity(
        &self,
        object: &mut Value,
        subresource: Option<Subresource>,
    ) -> Result<(), String> {
        if subresource == Some(Subresource::Scale) {
            return Ok(());
        }
        if let Some(namespace) = self.request_namespace.as_deref() {
            crate::registry::ensure_namespace(namespace, object)?;
        }
        match self.request_name.as_deref() {
            Some(name) => crate::registry::check_name(name, object),
            None => Ok(()),
        }
    }

    /// A field manager whose writes go through the store's optimistic
    /// lock (`crate::registry::optimistic_lock`) for `resource`.
    pub fn with_resource(mut self, resource: String) -> Self {
        self.resource = Some(resource);
        self
    }

    /// The store's optimistic lock (see `crate::registry::optimistic_lock`)
    /// on `object`, replacing `stored`. `Store.Update` checks it once the
    /// field manager has made the new object (an apply's own conflicts and
    /// typing errors come first) and before the strategy's work and
    /// validation. A create through an update or an apply (no `stored`)
    /// takes any version `ParseUint` reads; a create (POST, `post`) is
    /// `Store.Create`'s, which reads none here.
    fn lock(&self, object: &Value, stored: Option<&Value>, post: bool) -> Result<(), StoreRefusal> {
        match (&self.resource, stored) {
            (Some(resource), Some(stored)) => {
                crate::registry::optimistic_lock(resource, object, stored)
            }
            (Some(_), None) if !post => crate::registry::readable_version(object),
            _ => Ok(()),
        }
    }

    /// A create (POST): the write of an absent object as `update` makes
    /// it, then the storage's own check of the body.
    pub fn create(&self, request: &WriteRequest<'_>) -> Result<WriteOutcome, WriteError> {
        let outcome = self.write(None, request, true)?;
        crate::registry::check_create(request.body)?;
        Ok(outcome)
    }

    /// The same field manager, giving a created object `uid`.
    #[must_use]
    pub fn with_new_uid(mut self, uid: String) -> Self {
        self.new_uid = Some(uid);
        self
    }

    fn strategy(&self) -> Strategy<'a> {
        Strategy::new(self.schema)
    }

    /// A server-side apply (PATCH with `application/apply-patch+yaml`).
    /// `live` is `None` when the object does not exist yet (create).
    pub fn apply(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
        force: bool,
    ) -> Result<WriteOutcome, WriteError> {
        // In the order the request meets them: the handler's decoding and
        // endpoint, `versioncheck.go`, `structuredmerge.go`'s check of the
        // body, `fieldmanager.go`'s decoding, `lastappliedmanager.go` around
        // the inner layers (`apply_layers`), `lastappliedupdater.go`, and
        // `fieldmanager.go`'s encoding.
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
            versioncheck::check_apply(live, body)?;
        }
        structuredmerge::check_apply_body(body)?;
        let (live_value, managed) = decode::for_apply(live.unwrap_or(&empty_object()), body)?;
        let version = api_version_of(body).to_string();
        let exists = live.is_some();
        let (mut object, managed) =
            lastappliedmanager::apply(self.schema, request.manager, &live_value, force, |force| {
                self.apply_layers(exists, &live_value, request, &managed, &version, force)
            })
            .map_err(Refusal::into_write_error)?;
        lastappliedupdater::apply(request.manager, &mut object, body);
        managed_fields::encode_into(&mut object, &managed);
        preserve_system_metadata(&mut object, live);
        let changed = live != Some(&object);
        Ok(WriteOutcome { object, changed })
    }

    /// The inner layers of an apply, from `skipnonapplied` in, and the
    /// registry's work on the merged object.
    fn apply_layers(
        &self,
        exists: bool,
        live: &Value,
        request: &WriteRequest<'_>,
        managed: &Managed,
        version: &str,
        force: bool,
    ) -> Result<(Value, Managed), Refusal> {
        let strategy = self.strategy();
        let ignored = strategy.reset_fields(request.subresource, request.body);
        // The update goes through the same manager-info layer as any
        // other, so it carries the request's subresource, and through the
        // same structured merge manager, whose updater leaves out the
        // endpoint's reset fields (SMD `Updater.Update`'s `IgnoreFilter`).
        let (live, mut managed) = skipnonapplied::before_apply(
            exists,
            live,
            managed,
            |manager| buildmanagerinfo::update_id(manager, version, request),
            |id| {
                let empty = empty_object();
                self.update_layers(&empty, live, managed, id, request.time, &ignored)
            },
        )?;
        let id = buildmanagerinfo::apply_id(request);
        // A status in the body is merged (and counts as a change) but is
        // owned by nobody and reset by the registry afterwards.
        let (object, fields) = structuredmerge::apply(
            self.schema,
            &ignored,
            &live,
            request.body,
            &managed.fields,
            &id,
            version,
            force,
        )?;
        managed.fields = fields;
        stripmeta::strip(&mut managed, &id);
        managedfieldsupdater::after_apply(&mut managed, &id, object.is_some(), request.time);
        // The patch handler, once the patch is applied.
        let mut object = object;
        if let Some(object) = object.as_mut() {
            self.check_identity(object, request.subresource)
                .map_err(Refusal::Invalid)?;
        }
        // The live object keeps its resourceVersion when the body names
        // one (`decode::for_apply`).
        self.lock(request.body, exists.then_some(&live), false)
            .map_err(Refusal::Store)?;
        let object = match object {
            Some(mut object) => {
                strategy.prepare(
                    &mut object,
                    &live,
                    request.subresource,
                    exists,
                    request.time,
                );
                if !exists && request.subresource.is_none() {
                    strategy.prepare_for_create(&mut object, self.new_uid.as_deref());
                }
                if exists && request.subresource.is_none() {
                    // The patch handler hands the applied object to the
                    // store's Update, whose BeginUpdate runs first.
                    strategy.begin_update(&mut object, &live);
                    strategy.prepare_for_update(&mut object, &live, request.time);
                }
                if request.subresource == Some(Subresource::Status) {
                    strategy.prepare_status_write(&mut object, &live, request.time);
                }
                strategy
                    .validate(exists.then_some(&live), &object, request.subresource)
                    .map_err(Refusal::Invalid)?;
                object
            }
            None => live,
        };
        Ok((object, managed))
    }

    /// An update (PUT, and the update that every non-apply PATCH becomes
    /// once the server has applied the patch), or a create through one.
    pub fn update(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
    ) -> Result<WriteOutcome, WriteError> {
        self.write(live, request, false)
    }

    /// An update, or a create (`post`: POST) when `live` is `None`.
    fn write(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
        post: bool,
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
        // The update handler, once the body is decoded.
        self.check_identity(&mut new, request.subresource)
            .map_err(invalid)?;
        // The field manager's update layers never refuse, so the lock
        // comes next: on the new object (a /scale write's Scale names
        // the version) before the strategy.
        self.lock(request.body, live, post)?;
        let version = match request.subresource {
            Some(Subresource::Scale) => api_version_of(&live_value).to_string(),
            _ => api_version_of(&new).to_string(),
        };
        let managed = decode::live_or_new(&live_value, &new, request.subresource.is_some());
        let changed_uid = decode::changed_uid(&new, live);
        managed_fields::remove_from(&mut new);
        remove_system_metadata(&mut new);
        let mut live_value = live_value;
        managed_fields::remove_from(&mut live_value);
        remove_system_metadata(&mut live_value);
        let strategy = self.strategy();
        strategy.prepare(
            &mut new,
            &live_value,
            request.subresource,
            live.is_some(),
            request.time,
        );
        let status_write = request.subresource == Some(Subresource::Status);
        let main_update = live.is_some() && request.subresource.is_none();
        let create = live.is_none() && request.subresource.is_none();
        let stored = |mut object: Value| {
            if create {
                strategy.prepare_for_create(&mut object, self.new_uid.as_deref());
            }
            if status_write {
                strategy.prepare_status_write(&mut object, &live_value, request.time);
            }
            if main_update {
                strategy.begin_update(&mut object, &live_value);
                strategy.prepare_for_update(&mut object, &live_value, request.time);
            }
            object
        };
        // Validation sees the uid the write names (the stored one is left
        // out of `live_value`): `field is immutable`, unless the strategy
        // puts the stored metadata back (a custom resource's status).
        let mut checked = new.clone();
        if let Some(uid) = changed_uid
            && let Some(meta) = checked.child_map_mut("metadata")
        {
            meta.insert("uid", uid);
        }
        let checked = stored(checked);
        strategy
            .validate(live.map(|_| &live_value), &checked, request.subresource)
            .map_err(invalid)?;
        let object = if request.subresource == Some(Subresource::Scale) {
            // A /scale write is tracked on the Scale and mapped back.
            let mut object = new;
            let managed = self.scale_managed(&live_value, &object, &managed, request);
            managed_fields::encode_into(&mut object, &managed);
            object
        } else if skipnonapplied::skips_update(&managed, live.is_some()) {
            new
        } else {
            let id = buildmanagerinfo::update_id(request.manager, &version, request);
            let ignored = strategy.reset_fields(request.subresource, &new);
            match self.update_layers(&live_value, &new, &managed, &id, request.time, &ignored) {
                Ok((mut object, managed)) => {
                    managed_fields::encode_into(&mut object, &managed);
                    object
                }
                // The handlers call `UpdateNoErrors`: a write the field
                // manager cannot follow is stored anyway, with its
                // managedFields dropped rather than left wrong.
                Err(_) => new,
            }
        };
        let mut object = stored(object);
        // Clients may not set what only the server writes.
        preserve_system_metadata(&mut object, live);
        let changed = live != Some(&object);
        Ok(WriteOutcome { object, changed })
    }

    /// The inner layers of an update by `id`, from `capmanagers` in: who
    /// changed what, merged into `id`'s entry and stamped only when it took
    /// fields; then the cap on update entries.
    fn update_layers(
        &self,
        live: &Value,
        new: &Value,
        managed: &Managed,
        id: &ManagerId,
        time: &str,
        ignored: &Set,
    ) -> Result<(Value, Managed), Refusal> {
        let fields = structuredmerge::update(
            self.schema,
            ignored,
            live,
            new,
            &managed.fields,
            &id.api_version,
        )?;
        let mut managed = Managed {
            fields,
            times: managed.times.clone(),
        };
        stripmeta::strip(&mut managed, managedfieldsupdater::CURRENT_OPERATION);
        managedfieldsupdater::after_update(&mut managed, id, time);
        capmanagers::cap(&mut managed);
        Ok((new.clone(), managed))
    }

    /// A kind serves only the subresources it declares (404 otherwise).
    fn check_subresource(&self, subresource: Option<Subresource>) -> Result<(), WriteError> {
        if self.strategy().serves(subresource) {
            Ok(())
        } else {
            Err(invalid("the server could not find the requested resource"))
        }
    }
}

fn empty_object() -> Value {
    Value::Map(Map::new())
}
