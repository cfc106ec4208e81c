//! Operations on a value typed by a schema: validate, field set, merge,
//! compare, remove and extract, and reconciling an old field set with a
//! changed schema.
//!
//! Each operation lives in its own file and walks the value together with
//! its type the same way: resolve the type, look at the value to pick the
//! map, scalar or list side of the type ([`view`]), and descend. This is
//! structured-merge-diff's `typed` package; the error texts are its texts,
//! because the API server shows them to users.

mod compare;
pub(crate) mod go_print;
pub(crate) mod merge;
mod reconcile;
mod remove;
mod to_field_set;
mod validate;

pub use compare::{Comparison, compare};
pub use merge::merge;
pub use reconcile::reconcile_field_set;
pub use remove::{extract_items, remove_items};
pub use to_field_set::to_field_set;
pub(crate) use to_field_set::to_field_set_skipping_unnamed;
pub use validate::{Duplicates, validate};

use crate::fieldpath::{FieldName, KeyFields, PathElement};
use crate::schema::{Atom, ListType, MapType, ScalarKind, Schema};
use crate::value::Value;
use crate::value::go_quote;
use std::fmt;

/// A value known to fit its schema: the argument of the apply and update
/// operations (SMD's `TypedValue`). Validation happens once, when the value
/// is made, not in every operation on it.
#[derive(Clone, Copy, Debug)]
pub struct Typed<'v> {
    value: &'v Value,
    /// Validated with [`Duplicates::Refuse`]: every item of every
    /// associative list has a key, and no key occurs twice.
    unique_keys: bool,
}

impl<'v> Typed<'v> {
    /// Validates `value` as type `ty`.
    pub fn new(
        schema: &Schema,
        ty: crate::schema::TypeId,
        value: &'v Value,
        duplicates: Duplicates,
    ) -> Result<Self, TypedErrors> {
        validate(schema, ty, value, duplicates)?;
        Ok(Typed {
            value,
            unique_keys: duplicates == Duplicates::Refuse,
        })
    }

    /// A value the engine itself produced from typed values (an apply's
    /// merged object), which needs no second validation.
    pub fn already_validated(value: &'v Value) -> Self {
        Typed {
            value,
            unique_keys: false,
        }
    }

    pub fn value(self) -> &'v Value {
        self.value
    }

    /// Whether the value is known to hold no duplicated list keys.
    pub fn has_unique_keys(self) -> bool {
        self.unique_keys
    }
}

/// One problem with a value against its schema, at a path in kubectl's
/// notation (SMD's `ValidationError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedError {
    pub path: String,
    pub message: String,
}

/// SMD's `ValidationError.Error`: an error at the root (empty path) is
/// its message alone.
impl fmt::Display for TypedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

/// All problems found in one value (SMD's `ValidationErrors`).
#[derive(Clone, Debug, PartialEq, Eq, Default, thiserror::Error)]
pub struct TypedErrors(pub Vec<TypedError>);

/// One error prints as `path: message`; several as SMD lists them.
impl fmt::Display for TypedErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => write!(f, "{one}"),
            many => {
                f.write_str("errors:")?;
                for e in many {
                    write!(f, "\n  {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl TypedErrors {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The side of a type that a value is walked as.
#[derive(Clone, Copy, Debug)]
pub enum View<'s> {
    Map(&'s MapType),
    Scalar(ScalarKind),
    List(&'s ListType),
    /// A type with no side at all (an empty atom): nothing to walk.
    Nothing,
}

/// Picks the side of `atom` that fits `value` (SMD's `deduceAtom` followed
/// by `handleAtom`): a scalar value takes the scalar side, a list the list
/// side, a map the map side; otherwise — an absent or null value, or one
/// that fits no side — maps are preferred, then scalars, then lists.
pub fn view<'s>(atom: &'s Atom, value: Option<&Value>) -> View<'s> {
    match value {
        Some(Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::String(_)) => {
            if let Some(s) = atom.scalar {
                return View::Scalar(s);
            }
        }
        Some(Value::List(_)) => {
            if let Some(l) = &atom.list {
                return View::List(l);
            }
        }
        Some(Value::Map(_)) => {
            if let Some(m) = &atom.map {
                return View::Map(m);
            }
        }
        Some(Value::Null) | None => {}
    }
    if let Some(m) = &atom.map {
        View::Map(m)
    } else if let Some(s) = atom.scalar {
        View::Scalar(s)
    } else if let Some(l) = &atom.list {
        View::List(l)
    } else {
        View::Nothing
    }
}

/// The path element naming item `index` of a list (SMD's
/// `listItemToPathElement`): its index for non-associative lists, its key
/// fields for map lists (missing keys take the schema's default, or are left out), its value
/// for sets.
pub fn list_item_element(
    schema: &Schema,
    list: &ListType,
    index: usize,
    item: &Value,
) -> Result<PathElement, String> {
    if list.relationship != crate::schema::ElementRelationship::Associative {
        return Ok(PathElement::Index(index));
    }
    if !list.keys.is_empty() {
        return keyed_item_element(schema, list, item);
    }
    match item {
        Value::Map(_) => {
            Err("associative list without keys has an element that's a map type".to_string())
        }
        Value::List(_) => Err("not supported: associative list with lists as elements".to_string()),
        Value::Null => {
            Err("associative list without keys has an element that's an explicit null".to_string())
        }
        scalar => Ok(PathElement::Value(scalar.clone())),
    }
}

fn keyed_item_element(
    schema: &Schema,
    list: &ListType,
    item: &Value,
) -> Result<PathElement, String> {
    let map = match item {
        Value::Null => {
            return Err("associative list with keys may not have a null element".to_string());
        }
        Value::Map(m) => m,
        _ => {
            return Err("associative list with keys may not have non-map elements".to_string());
        }
    };
    let element_map = schema.atom(list.element_type).map.as_ref();
    let mut fields = Vec::with_capacity(list.keys.len());
    for key in &list.keys {
        if let Some(v) = map.get(key) {
            fields.push((FieldName::from(key), v.clone()));
        } else if let Some(default) = element_map
            .and_then(|m| m.field(key))
            .and_then(|f| f.default.clone())
        {
            fields.push((FieldName::from(key), default));
        }
        // SMD v6.3 (optional map keys): a key field the item lacks and that
        // has no default is left out, so the item is named by the key
        // fields it has; an item with a field set is a different item.
    }
    if fields.is_empty() {
        // Go's %q of a []string: ["a" "b"].
        let keys: Vec<String> = list.keys.iter().map(|k| go_quote(k)).collect();
        return Err(format!(
            "associative list with keys has an element that omits all key fields [{}] (and doesn't have default values for any key fields)",
            keys.join(" ")
        ));
    }
    Ok(PathElement::Key(KeyFields::new(fields)))
}

/// A path under construction during a walk, printed lazily for errors.
pub(crate) fn path_string(path: &[PathElement]) -> String {
    path.iter().map(|pe| pe.to_string()).collect()
}

/// The errors of a walk that keeps no path of its own: an error is
/// recorded with an empty path where it is found, and every level the
/// recursion unwinds through adds its element (so walking costs nothing
/// for paths unless something fails).
#[derive(Debug, Default)]
pub(crate) struct WalkErrors(Vec<(Vec<PathElement>, String)>);

impl WalkErrors {
    pub(crate) fn push(&mut self, message: String) {
        self.0.push((Vec::new(), message));
    }

    /// How many errors there are so far: pass it to
    /// [`WalkErrors::prefix_since`] after walking below `pe`.
    #[inline]
    pub(crate) fn mark(&self) -> usize {
        self.0.len()
    }

    /// Puts `pe` in front of the paths of the errors found since `mark`.
    #[inline]
    pub(crate) fn prefix_since(&mut self, mark: usize, pe: &PathElement) {
        if mark == self.0.len() {
            return;
        }
        for (reversed_path, _) in &mut self.0[mark..] {
            reversed_path.push(pe.clone());
        }
    }

    pub(crate) fn into_result(self) -> Result<(), TypedErrors> {
        if self.0.is_empty() {
            return Ok(());
        }
        Err(TypedErrors(
            self.0
                .into_iter()
                .map(|(reversed_path, message)| TypedError {
                    path: reversed_path
                        .iter()
                        .rev()
                        .map(|pe| pe.to_string())
                        .collect(),
                    message,
                })
                .collect(),
        ))
    }
}

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod upstream_tests;
