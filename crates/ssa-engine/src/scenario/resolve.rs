//! The three documented ways out of a conflict, as edits of a scenario:
//! force the apply, give the conflicting fields up (drop them from the
//! manifest), or share them (apply the live value, so both own it).

use super::{ScenarioError, parse_scenario, run_scenario, schema_for};
use crate::fieldpath::{Path, PathElement};
use crate::schema::{ObjectSchema, TypeId};
use crate::typed::{View, list_item_element, view};
use crate::value::Value;

/// How to resolve a step's conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// `--force-conflicts`: take the fields over.
    Force,
    /// Stop applying the conflicting fields.
    GiveUp,
    /// Apply the value the fields have now, and own them together.
    Share,
}

/// The scenario text with step `index` changed to resolve its conflict.
/// The text is written anew (comments and layout are not kept), so callers
/// keep the old text for undo.
pub fn resolve_conflict(
    text: &str,
    index: usize,
    how: Resolution,
) -> Result<String, ScenarioError> {
    let scenario = parse_scenario(text)?;
    let schema = schema_for(&scenario)?;
    let result = run_scenario(&scenario)?;
    let unusable = |m: &str| ScenarioError {
        message: m.to_string(),
        location: None,
    };
    let step = result
        .steps
        .get(index)
        .ok_or_else(|| unusable("no such step"))?;
    if step.conflicts.is_empty() {
        return Err(unusable("this step has no conflict to resolve"));
    }
    let mut doc = crate::yaml::parse(text)
        .map_err(|e| unusable(&e.message))?
        .value;
    let step_map = doc
        .as_map_mut()
        .and_then(|m| m.get_mut("steps"))
        .and_then(Value::as_list_mut)
        .and_then(|l| l.get_mut(index))
        .and_then(Value::as_map_mut)
        .ok_or_else(|| unusable("no such step"))?;
    // The step's expectations described the conflict.
    step_map.remove("expect");
    match how {
        Resolution::Force => {
            step_map.insert("force", Value::Bool(true));
        }
        Resolution::GiveUp | Resolution::Share => {
            let live = step.object.clone().unwrap_or_default();
            let Some(object) = step_map.get_mut("object") else {
                return Err(unusable("the step has no object"));
            };
            for conflict in &step.conflicts {
                match how {
                    Resolution::GiveUp => remove_at(&schema, object, &conflict.path),
                    // The value the object holds; a field it does not
                    // hold (a zero value the server left out) can only be
                    // shared by leaving it out.
                    _ => match value_at(&schema, &live, &conflict.path) {
                        Some(value) => {
                            if let Some(target) = value_at_mut(&schema, object, &conflict.path) {
                                *target = value;
                            }
                        }
                        None => remove_at(&schema, object, &conflict.path),
                    },
                }
            }
        }
    }
    Ok(crate::yaml::to_yaml_string(&doc))
}

/// The index of the list item or the map key that `pe` names in `node`.
fn locate(
    schema: &ObjectSchema,
    ty: TypeId,
    node: &Value,
    pe: &PathElement,
) -> Option<(Option<usize>, Option<String>, TypeId)> {
    let s = &schema.schema;
    match (view(s.atom(ty), Some(node)), pe) {
        (View::Map(m), PathElement::Field(name)) => Some((
            None,
            Some(name.to_string()),
            m.type_of(name).unwrap_or(s.untyped_atomic()),
        )),
        (View::List(l), pe) => {
            let items = node.as_list()?;
            let i = items
                .iter()
                .enumerate()
                .position(|(i, item)| list_item_element(s, l, i, item).ok().as_ref() == Some(pe))?;
            Some((Some(i), None, l.element_type))
        }
        _ => None,
    }
}

pub(super) fn value_at(schema: &ObjectSchema, object: &Value, path: &Path) -> Option<Value> {
    let mut node = object;
    let mut ty = schema.root;
    for pe in &path.0 {
        let (index, key, next) = locate(schema, ty, node, pe)?;
        node = match (index, key) {
            (Some(i), _) => node.as_list()?.get(i)?,
            (_, Some(k)) => node.get(&k)?,
            _ => return None,
        };
        ty = next;
    }
    Some(node.clone())
}

fn value_at_mut<'v>(
    schema: &ObjectSchema,
    object: &'v mut Value,
    path: &Path,
) -> Option<&'v mut Value> {
    let mut node = object;
    let mut ty = schema.root;
    for pe in &path.0 {
        let (index, key, next) = locate(schema, ty, node, pe)?;
        node = match (index, key) {
            (Some(i), _) => node.as_list_mut()?.get_mut(i)?,
            (_, Some(k)) => node.as_map_mut()?.get_mut(&k)?,
            _ => return None,
        };
        ty = next;
    }
    Some(node)
}

fn remove_at(schema: &ObjectSchema, object: &mut Value, path: &Path) {
    let Some((last, parent)) = path.0.split_last() else {
        return;
    };
    let parent_path = Path(parent.to_vec());
    let mut ty = schema.root;
    {
        // The type of the parent node.
        let mut node: &Value = object;
        for pe in &parent_path.0 {
            let Some((index, key, next)) = locate(schema, ty, node, pe) else {
                return;
            };
            let child = match (index, key) {
                (Some(i), _) => node.as_list().and_then(|l| l.get(i)),
                (_, Some(k)) => node.get(&k),
                _ => None,
            };
            let Some(child) = child else { return };
            node = child;
            ty = next;
        }
    }
    let Some(parent_node) = value_at_mut(schema, object, &parent_path) else {
        return;
    };
    let Some((index, key, _)) = locate(schema, ty, parent_node, last) else {
        return;
    };
    match (index, key, parent_node) {
        (Some(i), _, Value::List(items)) => {
            items.remove(i);
        }
        (_, Some(k), Value::Map(m)) => {
            m.remove(&k);
        }
        _ => {}
    }
}
