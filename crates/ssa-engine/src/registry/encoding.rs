//! A built-in object as it comes out of its Go struct: the API server
//! decodes every built-in object into the types of k8s.io/api, so what
//! `encoding/json` drops (`omitempty`) does not survive a write.

use crate::schema::{Schema, TypeId};
use crate::value::Value;

/// What a built-in kind keeps of a value once it went through its Go
/// struct: null fields and empty maps (of map type) and lists are dropped
/// (`omitempty`); empty structs stay (`resources: {}`).
pub(super) fn omit_empty(value: &mut Value, schema: &Schema, ty: TypeId) {
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
