//! `ssa blame`: who owns each line of objects exported from a cluster,
//! read from their own `managedFields`, offline (what kubectl-blame shows
//! against a live cluster). Each object is typed by the schema a review
//! would use, so list items and atomic values are owned as the server
//! tracks them.

use super::{ObjectId, Options, SchemaCatalogue, identify_or_report, read_all};
use crate::review::{InputError, Origin, Source};
use crate::scenario::{BlameLine, Scenario, blame, schema_for};
use crate::schema::ObjectSchema;
use crate::value::Value;

/// One object's lines with their owners.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectBlame {
    pub id: ObjectId,
    pub origin: Origin,
    pub lines: Vec<BlameLine>,
    /// Why owners may be missing: unreadable managedFields (the server
    /// would treat the object as untracked), a kind without a schema.
    pub notes: Vec<String>,
}

/// The blame of every object of `objects`, with the CRDs and OpenAPI
/// documents among them and in `schemas`.
pub fn blame_objects(
    objects: &[Source<'_>],
    schemas: &[Source<'_>],
) -> (Vec<ObjectBlame>, Vec<InputError>) {
    let mut errors = Vec::new();
    let docs = read_all(objects, &mut errors);
    let schema_docs = read_all(schemas, &mut errors);
    let catalogue = SchemaCatalogue::new(&docs, &[], &schema_docs);
    let mut out = Vec::new();
    for doc in &docs {
        let Some(id) = identify_or_report(doc, &catalogue, &Options::default(), &mut errors) else {
            continue;
        };
        let mut notes = Vec::new();
        if let Err(e) = crate::managed_fields::decode(&doc.value) {
            notes.push(format!(
                "metadata.managedFields cannot be read ({e}): the API server refuses a server-side apply to it (\"failed to decode managed fields\"), and an update resets them (the object becomes untracked)"
            ));
        }
        let schema = schema_of(&doc.value, &id, &catalogue, &mut notes);
        out.push(ObjectBlame {
            lines: blame(&schema, &doc.value),
            id,
            origin: doc.origin.clone(),
            notes,
        });
    }
    (out, errors)
}

fn schema_of(
    object: &Value,
    id: &ObjectId,
    catalogue: &SchemaCatalogue<'_>,
    notes: &mut Vec<String>,
) -> ObjectSchema {
    let api_version = object
        .get("apiVersion")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let Some(source) = catalogue.source_for(api_version, &id.kind) else {
        notes.push(format!(
            "no schema for {} ({api_version}): lists are shown as atomic (give its CRD with --schema FILE)",
            id.kind
        ));
        return ObjectSchema::deduced();
    };
    let scenario = Scenario {
        name: "blame".into(),
        description: None,
        schema: source,
        live: Some(object.clone()),
        steps: Vec::new(),
        source_map: Default::default(),
    };
    schema_for(&scenario).unwrap_or_else(|e| {
        notes.push(format!(
            "its schema cannot be used ({}): lists are shown as atomic",
            e.message
        ));
        ObjectSchema::deduced()
    })
}
