//! Field paths and field sets: how ownership is named.
//!
//! A [`Path`] names one field, map key, list item or set member inside an
//! object; a [`Set`] is a trie of paths, the unit of ownership that
//! `metadata.managedFields` records per manager. The order of path elements
//! is structured-merge-diff's (field names, then keys, then values, then
//! indices), so that sets, their wire form (FieldsV1, see [`fields_v1`]) and
//! conflict lists come out in the order the API server writes them.

mod element;
pub mod fields_v1;
mod set;

pub use element::{FieldName, KeyFields, PathElement, compare_values};
pub use set::{Holds, NodeIndex, Set};
pub(crate) use set::{OnRepeat, SetEntry};

use std::fmt;

/// A sequence of path elements from the root of an object.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Path(pub Vec<PathElement>);

impl Path {
    pub fn root() -> Self {
        Path(Vec::new())
    }
    /// This path with `pe` appended.
    pub fn child(&self, pe: PathElement) -> Self {
        let mut p = self.0.clone();
        p.push(pe);
        Path(p)
    }
    /// A path of field names, e.g. `Path::fields(&["spec", "replicas"])`.
    pub fn fields(names: &[&str]) -> Self {
        Path(
            names
                .iter()
                .map(|n| PathElement::Field((*n).into()))
                .collect(),
        )
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// kubectl's notation, as the API server prints paths in conflict
/// messages: `.spec.template.spec.containers[name="nginx"].image`.
impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for pe in &self.0 {
            write!(f, "{pe}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_set_tests;
#[cfg(test)]
mod upstream_tests;
