//! Who owns each line of an object printed as YAML: the ownership gutter
//! of the playground (like kubectl-blame, at any step of a scenario).

use crate::fieldpath::{Path, PathElement};
use crate::managed_fields::{self, Managed, ManagerId};
use crate::schema::{ObjectSchema, TypeId};
use crate::typed::{View, list_item_element, view};
use crate::value::{PathSeg, Value, ValuePath};

/// One line of the object's YAML and the managers that own the field it
/// shows.
#[derive(Clone, Debug, PartialEq)]
pub struct BlameLine {
    pub text: String,
    /// The field the line shows, in kubectl's notation (`None` for lines
    /// that continue a multi-line value).
    pub field: Option<String>,
    /// Whether the line shows a field a manager can own (a leaf, or a list
    /// item or atomic value): such a line without owners is owned by nobody
    /// (set by defaulting, or left behind).
    pub ownable: bool,
    /// Owners: manager name with operation and subresource.
    pub owners: Vec<Owner>,
}

/// One owner of a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Owner {
    pub manager: String,
    /// `Apply`, `Update`, `Update /scale`, …
    pub how: String,
    pub time: Option<String>,
}

/// The object (without `managedFields`) as YAML lines with their owners.
pub fn blame(schema: &ObjectSchema, object: &Value) -> Vec<BlameLine> {
    let managed = managed_fields::decode(object).unwrap_or_default();
    blame_with(schema, object, &managed)
}

/// [`blame`] with the object's managedFields already decoded (by the
/// step's other views).
pub(crate) fn blame_with(
    schema: &ObjectSchema,
    object: &Value,
    managed: &Managed,
) -> Vec<BlameLine> {
    let mut shown = object.clone();
    managed_fields::remove_from(&mut shown);
    // The emitter says which node starts on each line.
    let (text, line_paths) = crate::yaml::to_yaml_string_with_lines(&shown);
    // Each manager decoded once: every line looks its owners up.
    let owners: Vec<_> = managed
        .fields
        .iter()
        .map(|(id, vs)| (&vs.set, owner(id, managed.times.get(id))))
        .collect();
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let value_path = line_paths.get(i).and_then(Option::as_ref);
            let typed = value_path.and_then(|p| field_path(schema, &shown, p));
            let (field, ownable, owners) = match typed {
                Some((path, ownable)) => {
                    let owners = owners
                        .iter()
                        .filter(|(set, _)| set.has(&path))
                        .map(|(_, owner)| owner.clone())
                        .collect();
                    (Some(path.to_string()), ownable, owners)
                }
                None => (None, false, vec![]),
            };
            BlameLine {
                text: line.to_string(),
                field,
                ownable,
                owners,
            }
        })
        .collect()
}

fn owner(id: &str, time: Option<&String>) -> Owner {
    match ManagerId::decode(id) {
        Some(m) => {
            let mut how = m.operation.as_str().to_string();
            if !m.subresource.is_empty() {
                how.push_str(&format!(" /{}", m.subresource));
            }
            Owner {
                manager: m.manager,
                how,
                time: time.cloned(),
            }
        }
        None => Owner {
            manager: id.to_string(),
            how: String::new(),
            time: time.cloned(),
        },
    }
}

/// The field path of the node at `value_path`, and whether a manager can
/// own it as a whole (a leaf, an atomic value or a list item).
fn field_path(
    schema: &ObjectSchema,
    object: &Value,
    value_path: &ValuePath,
) -> Option<(Path, bool)> {
    let s = &schema.schema;
    let mut ty: TypeId = schema.root;
    let mut node = object;
    let mut path = Vec::with_capacity(value_path.0.len());
    let mut ownable = true;
    for seg in &value_path.0 {
        let atom = s.atom(ty);
        let current = view(atom, Some(node));
        let atomic = match current {
            View::Map(m) => m.relationship == crate::schema::ElementRelationship::Atomic,
            View::List(l) => l.relationship == crate::schema::ElementRelationship::Atomic,
            _ => false,
        };
        if atomic && !path.is_empty() {
            // Inside an atomic value, a line belongs to the value's owners.
            return Some((Path(path), true));
        }
        match (seg, current) {
            (PathSeg::Key(k), View::Map(m)) => {
                ty = m.type_of(k).unwrap_or(s.untyped_atomic());
                node = node.get(k)?;
                path.push(PathElement::Field(k.into()));
            }
            (PathSeg::Index(i), View::List(l)) => {
                let item = node.as_list()?.get(*i)?;
                path.push(list_item_element(s, l, *i, item).ok()?);
                ty = l.element_type;
                node = item;
            }
            // Inside an atomic value only the value itself is owned.
            _ => {
                ownable = false;
                break;
            }
        }
    }
    if path.is_empty() {
        return None;
    }
    // Identity and server-written metadata are never owned by anyone.
    let system = matches!(
        path.as_slice(),
        [PathElement::Field(f)] if f == "apiVersion" || f == "kind"
    ) || matches!(
        path.as_slice(),
        [PathElement::Field(m), PathElement::Field(f)] if m == "metadata"
            && ["name", "namespace", "uid", "resourceVersion", "generation", "creationTimestamp", "selfLink"].contains(&f.as_str())
    );
    if system {
        return Some((Path(path), false));
    }
    if ownable {
        ownable = match view(s.atom(ty), Some(node)) {
            View::Scalar(_) | View::Nothing => true,
            View::Map(m) => {
                m.relationship == crate::schema::ElementRelationship::Atomic
                    || node.as_map().is_some_and(|m| m.is_empty())
            }
            View::List(l) => l.relationship == crate::schema::ElementRelationship::Atomic,
        } || matches!(
            path.last(),
            Some(PathElement::Key(_) | PathElement::Value(_) | PathElement::Index(_))
        );
    }
    Some((Path(path), ownable))
}

#[cfg(test)]
mod tests {
    use crate::value::ValuePath;

    /// What the blame used to do: read the emitted text back, and give
    /// each line the deepest node that starts on it.
    fn read_back(text: &str) -> Vec<Option<ValuePath>> {
        let mut lines: Vec<Option<ValuePath>> = vec![None; text.lines().count()];
        let doc = crate::yaml::parse(text).unwrap();
        for (path, line) in doc.source_map.lines() {
            if let Some(slot) = lines.get_mut(line as usize - 1)
                && slot.as_ref().is_none_or(|p| p.0.len() < path.0.len())
            {
                *slot = Some(path.clone());
            }
        }
        lines
    }

    #[test]
    fn the_emitter_places_each_node_where_reading_back_finds_it() {
        let texts = [
            "a: 1\nb: {c: [1, {d: e}], f: []}\ng: {}\nh: |\n  two\n  lines\n",
            "- a\n- - b\n  - c\n- {d: [e, {f: g}]}\n",
            "plain\n",
            "a: \"\\n\\nlead\\n\"\nb: [\"x\\ny\\n\", \" z\\n\"]\n",
            "long: aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr\n'a key: with colon': {'? odd': x}\nempty: ''\nnone: null\n",
        ];
        for text in texts {
            let value = crate::yaml::parse(text).unwrap().value;
            let (emitted, lines) = crate::yaml::to_yaml_string_with_lines(&value);
            assert_eq!(lines, read_back(&emitted), "{emitted}");
        }
    }

    #[test]
    fn every_corpus_object_is_placed_as_reading_back_places_it() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus");
        let mut objects = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let Ok(result) = crate::scenario::run_scenario_text_without_views(&text) else {
                continue;
            };
            for object in result.steps.iter().filter_map(|s| s.object.as_ref()) {
                let (emitted, lines) = crate::yaml::to_yaml_string_with_lines(object);
                assert_eq!(lines, read_back(&emitted), "{}", path.display());
                objects += 1;
            }
        }
        assert!(objects > 100, "{objects} objects");
    }
}
