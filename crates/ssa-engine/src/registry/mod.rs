//! The API server's registry strategies (`pkg/registry/<group>/<kind>/
//! strategy.go` and the generic store around them): what happens to an
//! object besides the field manager on every write. The body is decoded
//! into the kind's Go struct and defaulted (the kind's defaulter,
//! `builtin::round_trip`); the strategy's
//! `PrepareForCreate`/`PrepareForUpdate` resets what the endpoint may not
//! write (`status`); the status strategy keeps what a `/status` write may
//! not change; `GetResetFields` names the fields the field manager ignores
//! for each endpoint; validation refuses what the kind forbids (422).
//!
//! The field manager (`crate::field_manager`) calls these in the order the
//! API server does. `generation` holds the strategies' generation rules,
//! which `crate::lifecycle` applies with the rest of an object's
//! bookkeeping (uid, resourceVersion).

mod encoding;
mod gated;
pub mod generation;
mod job;
mod meta;
mod pod;
mod service;
mod status;
mod store;

pub use meta::{check_name, ensure_namespace};
pub use store::{
    StoreRefusal, check_create, optimistic_lock, readable_version, storage_key, uid_precondition,
};

use crate::field_manager::Subresource;
use crate::fieldpath::{Path, Set};
use crate::schema::ObjectSchema;
use crate::value::Value;

/// The strategies of one kind, read from what its schema declares.
#[derive(Clone, Copy, Debug)]
pub struct Strategy<'a> {
    schema: &'a ObjectSchema,
}

impl<'a> Strategy<'a> {
    pub fn new(schema: &'a ObjectSchema) -> Self {
        Strategy { schema }
    }

    /// A kind serves only the subresources it declares (404 otherwise).
    pub fn serves(&self, subresource: Option<Subresource>) -> bool {
        match subresource {
            None => true,
            Some(Subresource::Status) => self.schema.subresources.status,
            Some(Subresource::Scale) => self.schema.subresources.scale_replicas_path.is_some(),
        }
    }

    /// Fields a write through this endpoint neither gains nor loses
    /// (`GetResetFields` of the endpoint's strategy).
    pub fn reset_fields(&self, subresource: Option<Subresource>, object: &Value) -> Set {
        let mut ignored = Set::new();
        for path in status::reset_fields(self.schema, object, subresource)
            .into_iter()
            .flatten()
        {
            ignored.insert(&Path::fields(path));
        }
        ignored
    }

    /// The object as the server holds it before validation: decoded into
    /// the kind's Go struct, defaulted, and with the status the
    /// main-resource strategy keeps (`PrepareForCreate`/`PrepareForUpdate`).
    /// `live` is the stored object (empty on create); `now` the request's
    /// time.
    pub fn prepare(
        &self,
        object: &mut Value,
        live: &Value,
        subresource: Option<Subresource>,
        exists: bool,
        now: &str,
    ) {
        // A built-in kind's defaulter also decodes the object into its Go
        // struct and encodes it back (builtin::round_trip).
        if let Some(defaulter) = &self.schema.defaulter {
            defaulter.apply_defaults(object, now);
        }

        status::keep_status(self.schema, object, live, subresource, exists, now);
    }

    /// What the store does to an update's object before the strategy
    /// (`BeginUpdate` hooks), after the field manager has seen the body:
    /// a Service keeps what the server allocated (`service`).
    pub fn begin_update(&self, object: &mut Value, live: &Value) {
        let kind = live.get("kind").and_then(Value::as_str).unwrap_or("");
        if self.schema.omit_empty && (api_version_of(live), kind) == ("v1", "Service") {
            service::patch_allocated_values(object, live);
        }
    }

    /// What the main-resource strategy's `PrepareForUpdate` changes once
    /// the field manager has seen the object (the store calls it after the
    /// handler's field manager): the stored fields a kind keeps (a
    /// Namespace's finalizers, a CertificateSigningRequest's spec) and the
    /// time of a changed value (a DeviceTaintRule's new effect gets a new
    /// `timeAdded`), by `status::strategy_of`; a Service's fields its new
    /// type does not use (`service`).
    pub fn prepare_for_update(&self, object: &mut Value, live: &Value, now: &str) {
        if self.schema.omit_empty {
            status::prepare_for_update(object, live, now);
            let kind = live.get("kind").and_then(Value::as_str).unwrap_or("");
            if (api_version_of(live), kind) == ("v1", "Service") {
                service::drop_type_dependent_fields(object, live);
            }
        }
    }

    /// What the main-resource strategy's `PrepareForCreate` changes once
    /// the field manager has seen a new object, besides its status (see
    /// [`Strategy::prepare`]), as `status::strategy_of` says per kind: a
    /// Pod's label-key merges and AppArmor fields (`pod`), owned by
    /// nobody. With `uid` (which `BeforeCreate` gives the object), first
    /// what the strategy derives from it ([`prepare_for_create_with_uid`]).
    pub fn prepare_for_create(&self, object: &mut Value, uid: Option<&str>) {
        if let Some(uid) = uid {
            prepare_for_create_with_uid(object, uid);
        }
        if self.schema.omit_empty {
            status::prepare_for_create(object);
        }
    }

    /// What the status strategy's `PrepareForUpdate` stores of a `/status`
    /// write.
    pub fn prepare_status_write(&self, object: &mut Value, live: &Value, now: &str) {
        status::prepare_status_write(self.schema, object, live, now);
    }

    /// The fields of a built-in `object` its Go struct has no field for,
    /// in the order a decoder meets them in kubectl's sorted JSON (none
    /// for other schemas, which are not decoded into a struct).
    pub fn unknown_fields(&self, object: &Value) -> Vec<String> {
        if !self.schema.omit_empty {
            return Vec::new();
        }
        let sorted = Value::from_json_str(&object.to_json_sorted());
        encoding::unknown_fields(
            sorted.as_ref().unwrap_or(object),
            &self.schema.schema,
            self.schema.root,
        )
    }

    /// The body of a create or update as decoding it into the kind's Go
    /// struct leaves it (`k8s.io/apiserver` `handlers/update.go`,
    /// `create.go`): a number its integer field cannot hold refuses the
    /// request (400, the decoder's error before any unknown field:
    /// sigs.k8s.io/json's `Unmarshal` returns strict errors only when
    /// there is no other); with `fieldValidation=Strict`, which kubectl
    /// sends, keys the struct has no field for refuse it too; a bare
    /// request's default (`Warn`) drops them. Both worded by
    /// `transformDecodeError`. `Ok(None)`: the body is kept as it is.
    /// Custom resources and other schemas are not decoded into a struct.
    /// `strict`: the client is kubectl, whose body is JSON marshalled
    /// from an unstructured map (keys sorted throughout, numbers as Go
    /// prints a float64), so the first number or unknown field the
    /// decoder meets is the first in sorted order.
    pub fn decode_body(&self, body: &Value, strict: bool) -> Result<Option<Value>, String> {
        if !self.schema.omit_empty {
            return Ok(None);
        }
        // What the decoder refuses (a number) or drops (unknown fields).
        let decoded = |body: &Value| -> Result<Vec<String>, String> {
            if let Some(defaulter) = &self.schema.defaulter {
                defaulter.decode_json(body)?;
            }
            Ok(encoding::unknown_fields(
                body,
                &self.schema.schema,
                self.schema.root,
            ))
        };
        let mut found = decoded(body);
        // Only which error comes first depends on the order: a kubectl
        // body with one is looked at again as kubectl sends it, sorted.
        if strict
            && !matches!(&found, Ok(unknown) if unknown.is_empty())
            && let Ok(sorted) = Value::from_json_str(&body.to_json_sorted())
        {
            found = decoded(&sorted);
        }
        // `transformDecodeError`: "<kind> in version "<v>" cannot be
        // handled as a <kind>: <error>".
        let refuse = |error: String| {
            let kind = body.get("kind").and_then(Value::as_str).unwrap_or("");
            let version = api_version_of(body).rsplit('/').next().unwrap_or("");
            format!(
                "{kind} in version {} cannot be handled as a {kind}: {error}",
                crate::value::go_quote(version)
            )
        };
        let unknown = found.map_err(refuse)?;
        if unknown.is_empty() {
            return Ok(None);
        }
        if strict {
            return Err(refuse(strict_decoding_error(&unknown)));
        }
        let mut kept = body.clone();
        encoding::drop_unknown_fields(&mut kept, &self.schema.schema, self.schema.root);
        Ok(Some(kept))
    }

    /// The kind's validation of the object a write through `subresource`
    /// would store (a `/status` write by the status strategy's rules);
    /// `Err` is the server's message.
    pub fn validate(
        &self,
        old: Option<&Value>,
        new: &Value,
        subresource: Option<Subresource>,
    ) -> Result<(), String> {
        // The stored object as the server reads it back: decoded with its
        // kind's defaults, which a scenario's `live` object may lack (an
        // update compared with it would otherwise change every default).
        let read = match (old, &self.schema.defaulter, &self.schema.validator) {
            (Some(stored), Some(defaulter), Some(_)) => {
                let mut read = stored.clone();
                defaulter.apply_defaults(&mut read, "");
                Some(read)
            }
            _ => None,
        };
        let old = read.as_ref().or(old);
        match (&self.schema.validator, old, subresource) {
            (None, _, _) => Ok(()),
            (Some(v), Some(old), Some(Subresource::Status)) => v.validate_status(old, new),
            (Some(v), old, _) => v.validate(old, new),
        }
    }
}

/// `runtime.NewStrictDecodingError`'s text for fields a Go struct lacks.
pub fn strict_decoding_error(unknown: &[String]) -> String {
    let fields: Vec<String> = unknown
        .iter()
        .map(|f| format!("unknown field {}", crate::value::go_quote(f)))
        .collect();
    format!("strict decoding error: {}", fields.join(", "))
}

/// The resource of a kind (`deployments`, `ingresses`,
/// `networkpolicies`), as apimachinery's `UnsafeGuessKindToResource`
/// guesses it without discovery; Endpoints, whose resource is not the
/// guess, named as the API server registers it.
pub fn guess_resource(kind: &str) -> String {
    // Kinds are ASCII (a CRD's kind must lower-case to a DNS-1035 label), so
    // ASCII lower-casing is Go's strings.ToLower here, without std's Unicode
    // case tables in the page's wasm.
    let kind = kind.to_ascii_lowercase();
    if kind == "endpoints" {
        kind
    } else if kind.ends_with('s') {
        format!("{kind}es")
    } else if let Some(stem) = kind.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{kind}s")
    }
}

/// What a create strategy's `PrepareForCreate` does with the uid the
/// server has just given the object (called where the uid is stamped).
pub fn prepare_for_create_with_uid(object: &mut Value, uid: &str) {
    let kind = object.get("kind").and_then(Value::as_str).unwrap_or("");
    if (api_version_of(object), kind) == ("batch/v1", "Job") {
        // The uid the validation of the generated selector compares with
        // (only a Job's: the others get theirs with the store's
        // bookkeeping, where the key order of their metadata is kept).
        if let Some(meta) = object.child_map_mut("metadata")
            && !meta.contains_key("uid")
        {
            meta.insert("uid", Value::from(uid));
        }
        job::generate_selector_if_needed(object, uid);
    }
}

/// The object's `apiVersion` (`""` when it has none).
pub(crate) fn api_version_of(v: &Value) -> &str {
    v.get("apiVersion").and_then(Value::as_str).unwrap_or("")
}
