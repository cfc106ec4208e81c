//! The `/scale` subresource: upstream's scale handler
//! (apimachinery `managedfields/scalehandler.go`) around a field manager
//! of the Scale, and the registry's scale storage that writes the Scale's
//! replicas to the parent (`scaleUpdatedObjectInfo`). The Scale's field
//! manager sees the parent's owners of the replicas field as owners of
//! `.spec.replicas` (`ToSubresource`) and its result is mapped back
//! (`ToParent`).

use super::conflict::Refusal;
use super::decode::preserve_system_metadata;
use super::versioncheck::gvk_string;
use super::{
    FieldManager, Subresource, WriteError, WriteOutcome, WriteRequest, api_version_of, invalid,
};
use crate::fieldpath::{Path, Set};
use crate::lifecycle::api_group;
use crate::managed_fields::{self, Managed, ManagerId};
use crate::merge::{ManagedFields, VersionedSet};
use crate::schema::ObjectSchema;
use crate::value::{Map, Value};

/// The group and version of the Scale every `/scale` endpoint serves.
const SCALE_VERSION: &str = "autoscaling/v1";

impl FieldManager<'_> {
    /// A server-side apply through `/scale`.
    pub(super) fn apply_to_scale(
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
        super::structuredmerge::check_apply_body(request.body)?;
        let (live_value, managed) = super::decode::for_apply(live, &Value::Null)?;
        let (mut object, managed) = self
            .scale_apply(&live_value, &managed, request, force)
            .map_err(|r| r.into_write_error())?;
        self.lock(request.body, Some(live), false)?;
        managed_fields::encode_into(&mut object, &managed);
        preserve_system_metadata(&mut object, Some(live));
        let changed = Some(live) != Some(&object);
        Ok(WriteOutcome { object, changed })
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
    pub(super) fn scale_managed(
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
            match FieldManager::new(&deduced).update_layers(
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
                .apply_layers(true, scale_live, &scale_request, view, SCALE_VERSION, force)
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

    /// Where the scale handler's `ResourcePathMappings` put the replicas in
    /// a `kind` object of `api_version`: `None` for a version they do not
    /// know, `Some(None)` for one without a scale. The registries'
    /// (`pkg/registry/{apps,core}/*/storage/storage.go`) list the versions
    /// each kind was served at, the replicas at the schema's path in all.
    /// Otherwise (a custom resource, whose CRD's other versions are not
    /// modelled) the object's own version is the one with a scale, and any
    /// other is taken to have none.
    fn replicas_path_in(
        &self,
        api_version: &str,
        kind: &str,
        parent_version: &str,
    ) -> Option<Option<Path>> {
        let registry: &[&str] = match (api_group(parent_version), kind) {
            ("apps", "Deployment" | "StatefulSet") => &["apps/v1beta1", "apps/v1beta2", "apps/v1"],
            ("apps", "ReplicaSet") => &["apps/v1beta2", "apps/v1"],
            ("", "ReplicationController") => &["v1"],
            _ => &[],
        };
        let mapped = if registry.is_empty() {
            api_version == parent_version
        } else if registry.contains(&api_version) {
            true
        } else {
            return None;
        };
        let path = self.schema.subresources.scale_replicas_path.as_ref();
        Some(
            path.filter(|_| mapped)
                .map(|p| Path::fields(&p.iter().map(String::as_str).collect::<Vec<_>>())),
        )
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
    pub(super) fn scale_write(
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
        let kind = live.get("kind").and_then(Value::as_str).unwrap_or("");

        // ToSubresource: the owners of the replicas, in any version the
        // handler maps to a replicas path.
        let mut view = Managed::default();
        for (key, vs) in &parent.fields {
            match self.replicas_path_in(&vs.api_version, kind, parent_version) {
                Some(Some(path)) if vs.set.has(&path) => {}
                _ => continue,
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
            // Dropped: an entry of a version the handler does not know.
            let Some(path) = self.replicas_path_in(&vs.api_version, kind, parent_version) else {
                continue;
            };
            // Kept as they are: entries without replicas (or of a version
            // without a scale), and owners of replicas the Scale still
            // lists (which then need no new entry).
            let path = path.filter(|path| vs.set.has(path));
            let Some(path) = path.filter(|_| scale_fields.remove(key).is_none()) else {
                keep(&mut out, key, vs.clone());
                continue;
            };
            // The Scale's writer took the replicas: the rest stays.
            let rest = vs.set.difference(&Set::from_paths([path].iter()));
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
    pub(super) fn scale_into(&self, live: &Value, scale: &Value) -> Result<Value, WriteError> {
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
}
