//! OpenAPI documents as schemas (`schema: {openapi: ...}`): not converted
//! yet; a scenario that needs one is refused with a clear message.

use crate::schema::ObjectSchema;
use crate::smd::SchemaError;
use crate::value::{Value, ValuePath};

/// The schema of the type whose `x-kubernetes-group-version-kind` matches.
pub fn load(doc: &Value, api_version: &str, kind: &str) -> Result<ObjectSchema, SchemaError> {
    let _ = (doc, api_version, kind);
    Err(SchemaError {
        path: ValuePath::root(),
        message: "OpenAPI schemas are not supported yet; use `smd` or `deduced`".to_string(),
    })
}
