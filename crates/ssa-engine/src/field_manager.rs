//! The API server's write path around the structured merge: what
//! kube-apiserver's field manager (apimachinery `pkg/util/managedfields`)
//! does to an object and its `metadata.managedFields` on every write.
//!
//! CONTRACT (owned by the `apiserver` engineer; signatures agreed with the
//! `runner` and `kubectl` engineers — change them only additively).

use crate::schema::ObjectSchema;
use crate::value::Value;

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
    /// HTTP 400/422/500; `message` word for word as the server says it.
    #[error("{message}")]
    Invalid { message: String },
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
        let _ = (live, request, force);
        Err(WriteError::Invalid {
            message: "server-side apply is not implemented yet".into(),
        })
    }

    /// A create or update (POST/PUT, and the update that every non-apply
    /// PATCH becomes once the server has applied the patch).
    pub fn update(
        &self,
        live: Option<&Value>,
        request: &WriteRequest<'_>,
    ) -> Result<WriteOutcome, WriteError> {
        let _ = (live, request);
        Err(WriteError::Invalid {
            message: "update is not implemented yet".into(),
        })
    }
}
