//! What changed between two values of one type (SMD's `typed/compare.go`).

use super::merge::{Rules, Walk};
use crate::fieldpath::{PathElement, Set};
use crate::schema::{Schema, TypeId};
use crate::value::Value;

/// The paths added, modified and removed going from one value to another.
/// A changed leaf is `modified`; a map or list node is only ever `added`
/// or `removed` (its changed children say the rest).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Comparison {
    pub added: Set,
    pub modified: Set,
    pub removed: Set,
}

impl Comparison {
    pub fn is_same(&self) -> bool {
        self.added.is_empty() && self.modified.is_empty() && self.removed.is_empty()
    }
}

/// Paths collected during the walk; the sets are built once at the end.
#[derive(Default)]
struct Collect {
    added: Vec<Vec<PathElement>>,
    modified: Vec<Vec<PathElement>>,
    removed: Vec<Vec<PathElement>>,
}

impl Rules for Collect {
    const BUILD: bool = false;
    fn leaf(
        &mut self,
        path: &[PathElement],
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> Option<Value> {
        match (lhs, rhs) {
            (None, _) => self.added.push(path.to_vec()),
            (_, None) => self.removed.push(path.to_vec()),
            (Some(l), Some(r)) if l != r => self.modified.push(path.to_vec()),
            _ => {}
        }
        None
    }
    fn after_node(&mut self, path: &[PathElement], lhs: Option<&Value>, rhs: Option<&Value>) {
        match (lhs, rhs) {
            (None, _) => self.added.push(path.to_vec()),
            (_, None) => self.removed.push(path.to_vec()),
            _ => {}
        }
    }
}

/// Compares `lhs` (before) with `rhs` (after), both typed as `ty`.
pub fn compare(
    schema: &Schema,
    ty: TypeId,
    lhs: &Value,
    rhs: &Value,
) -> Result<Comparison, super::TypedErrors> {
    let mut w = Walk::new(schema, Collect::default());
    w.node(ty, Some(lhs), Some(rhs));
    let c = w.into_result()?;
    Ok(Comparison {
        added: Set::from_path_elements(c.added),
        modified: Set::from_path_elements(c.modified),
        removed: Set::from_path_elements(c.removed),
    })
}
