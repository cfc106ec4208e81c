//! Checks a value against its schema (SMD's `typed/validate.go`): every map
//! key declared, every scalar of the right kind, every map-list item keyed
//! and, unless allowed, no key twice.

use super::{TypedError, TypedErrors, View, go_print, list_item_element, path_string, view};
use crate::fieldpath::PathElement;
use crate::schema::{ElementRelationship, ListType, MapType, ScalarKind, Schema, TypeId};
use crate::value::Value;
use std::collections::HashSet;

/// Whether two items of a map list or set may share a key. The API server
/// allows it in a stored object (older objects may have them) and refuses
/// it in an applied configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplicates {
    Allow,
    Refuse,
}

/// Validates `value` as type `ty`.
pub fn validate(
    schema: &Schema,
    ty: TypeId,
    value: &Value,
    duplicates: Duplicates,
) -> Result<(), TypedErrors> {
    let mut w = Validator {
        schema,
        duplicates,
        path: Vec::new(),
        errors: Vec::new(),
    };
    w.walk(ty, value);
    if w.errors.is_empty() {
        Ok(())
    } else {
        Err(TypedErrors(w.errors))
    }
}

struct Validator<'s> {
    schema: &'s Schema,
    duplicates: Duplicates,
    path: Vec<PathElement>,
    errors: Vec<TypedError>,
}

impl Validator<'_> {
    fn error(&mut self, message: String) {
        self.errors.push(TypedError {
            path: path_string(&self.path),
            message,
        });
    }

    fn walk(&mut self, ty: TypeId, value: &Value) {
        match view(self.schema.atom(ty), Some(value)) {
            View::Scalar(kind) => self.scalar(kind, value),
            View::Map(map) => self.map(map, value),
            View::List(list) => self.list(list, value),
            View::Nothing => {}
        }
    }

    fn scalar(&mut self, kind: ScalarKind, value: &Value) {
        let ok = matches!(
            (kind, value),
            (_, Value::Null)
                | (ScalarKind::Numeric, Value::Int(_) | Value::Float(_))
                | (ScalarKind::String, Value::String(_))
                | (ScalarKind::Boolean, Value::Bool(_))
                | (
                    ScalarKind::Untyped,
                    Value::Int(_) | Value::Float(_) | Value::String(_) | Value::Bool(_)
                )
        );
        if !ok {
            // SMD's `validateScalar`, each with its own `fmt` verb.
            let message = match kind {
                ScalarKind::Numeric => format!(
                    "expected numeric (int or float), got {}",
                    go_print::go_type(value)
                ),
                ScalarKind::String => {
                    format!("expected string, got {}", go_print::value_sharp_v(value))
                }
                ScalarKind::Boolean => {
                    format!("expected boolean, got {}", go_print::value_v(value))
                }
                ScalarKind::Untyped => {
                    format!("expected any scalar, got {}", go_print::value_v(value))
                }
            };
            self.error(message);
        }
    }

    fn map(&mut self, map: &MapType, value: &Value) {
        let m = match value {
            Value::Null => return,
            Value::Map(m) => m,
            other => return self.error(format!("expected map, got {}", go_print::value_v(other))),
        };
        for (key, child) in m {
            let Some(child_type) = map.type_of(key) else {
                // SMD stops at the first undeclared field of a map.
                self.path.push(PathElement::Field(key.into()));
                self.error("field not declared in schema".to_string());
                self.path.pop();
                return;
            };
            self.path.push(PathElement::Field(key.into()));
            self.walk(child_type, child);
            self.path.pop();
        }
    }

    fn list(&mut self, list: &ListType, value: &Value) {
        let items = match value {
            Value::Null => return,
            Value::List(items) => items,
            other => return self.error(format!("expected list, got {}", go_print::value_v(other))),
        };
        let mut seen = HashSet::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let pe = if list.relationship == ElementRelationship::Associative {
                match list_item_element(self.schema, list, i, item) {
                    Ok(pe) => pe,
                    Err(e) => {
                        // Without a key nothing deeper can be named.
                        self.error(format!("element {i}: {e}"));
                        return;
                    }
                }
            } else {
                PathElement::Index(i)
            };
            if list.relationship == ElementRelationship::Associative
                && !seen.insert(pe.clone())
                && self.duplicates == Duplicates::Refuse
            {
                self.error(format!("duplicate entries for key {pe}"));
            }
            self.path.push(pe);
            self.walk(list.element_type, item);
            self.path.pop();
        }
    }
}
