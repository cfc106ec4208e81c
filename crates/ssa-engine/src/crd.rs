//! CustomResourceDefinition schemas (`schema: {crd: ...}`): not converted
//! yet; a scenario that needs one is refused with a clear message.

use crate::schema::ObjectSchema;
use crate::smd::SchemaError;
use crate::value::{Value, ValuePath};

/// The schema of the CRD's served version matching `api_version`.
pub fn load(crd: &Value, api_version: &str, kind: &str) -> Result<ObjectSchema, SchemaError> {
    let _ = (crd, api_version, kind);
    Err(SchemaError {
        path: ValuePath::root(),
        message: "CRD schemas are not supported yet; use `smd` or `deduced`".to_string(),
    })
}
