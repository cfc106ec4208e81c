//! The two sides of a step that its views compare: the object before and
//! after it, each with its `managedFields` decoded and its values without
//! what only the server writes, and their comparison. The blame, the
//! changes and the reasons all read these; decoding FieldsV1, copying the
//! object and comparing it once per view cost, for a large object, as
//! much again as the views' own work.

use super::result::ScenarioResult;
use crate::fieldpath::{Holds, Set};
use crate::managed_fields::{self, Managed};
use crate::schema::ObjectSchema;
use crate::typed::Comparison;
use crate::value::Value;
use std::cell::OnceCell;

pub(crate) struct Sides<'v> {
    pub before: Option<&'v Value>,
    pub after: Option<&'v Value>,
    /// The managers of each side (none where its managedFields cannot be
    /// read, as every view has always taken them).
    pub managed_before: Managed,
    pub managed_after: Managed,
    /// Each side without managedFields and the fields the server alone
    /// writes (`super::compare::strip_ignored`).
    pub stripped_before: Option<Value>,
    pub stripped_after: Option<Value>,
    /// The comparison of the stripped sides (a missing side is an empty
    /// object), made when a view first asks; `None` where typing fails.
    comparison: OnceCell<Option<Comparison>>,
}

impl<'v> Sides<'v> {
    pub fn new(before: Option<&'v Value>, after: Option<&'v Value>) -> Self {
        Sides {
            before,
            after,
            managed_before: managed(before),
            managed_after: managed(after),
            stripped_before: before.map(stripped),
            stripped_after: after.map(stripped),
            comparison: OnceCell::new(),
        }
    }

    /// The sides of step `index` of `result`: the object the step found
    /// (the stored object for the first step) and the object it left.
    pub fn of(result: &'v ScenarioResult, index: usize) -> Self {
        let before = match index.checked_sub(1) {
            None => result.stored.as_ref(),
            Some(previous) => result.steps.get(previous).and_then(|s| s.object.as_ref()),
        };
        let after = result.steps.get(index).and_then(|s| s.object.as_ref());
        Sides::new(before, after)
    }

    /// What changed from before to after, typed by `schema` (the views of
    /// one step share one schema).
    pub fn comparison(&self, schema: &ObjectSchema) -> Option<&Comparison> {
        self.comparison
            .get_or_init(|| {
                let empty = Value::Map(Default::default());
                let b = self.stripped_before.as_ref().unwrap_or(&empty);
                let a = self.stripped_after.as_ref().unwrap_or(&empty);
                crate::typed::compare(&schema.schema, schema.root, b, a).ok()
            })
            .as_ref()
    }
}

fn managed(object: Option<&Value>) -> Managed {
    object
        .and_then(|o| managed_fields::decode(o).ok())
        .unwrap_or_default()
}

/// The object without managedFields (not a change anyone made: the
/// ownership views say who changed what) and what only the server writes.
pub(crate) fn stripped(v: &Value) -> Value {
    let mut v = v.clone();
    managed_fields::remove_from(&mut v);
    super::compare::strip_ignored(&mut v);
    v
}

/// The descriptions of the managers (each set with its manager's
/// description) that hold a path, given what each holds there. Borrowed:
/// the views ask this of every path whose owners may have changed, and
/// keep the names only where they report something.
pub(crate) fn holders<'m>(
    managers: &'m [(&Set, String)],
    held: &[Holds],
) -> impl Iterator<Item = &'m str> + Clone {
    managers
        .iter()
        .zip(held)
        .filter(|(_, held)| held.path)
        .map(|((_, name), _)| name.as_str())
}

/// Copies of `names` (see [`holders`]) in a vector of their number: the
/// changes keep such a list for every path that changed hands, and a
/// vector grown by pushes holds room for at least four.
pub(crate) fn owned_names<'m>(names: impl Iterator<Item = &'m str> + Clone) -> Vec<String> {
    let mut owned = Vec::with_capacity(names.clone().count());
    owned.extend(names.map(str::to_string));
    owned
}
