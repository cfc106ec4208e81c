//! Who owns each line of an object printed as YAML: the ownership gutter
//! of the playground (like kubectl-blame, at any step of a scenario).

use crate::fieldpath::{NodeIndex, PathElement, Set};
use crate::managed_fields::{self, Managed, ManagerId};
use crate::schema::{ObjectSchema, TypeId};
use crate::typed::{View, list_item_element, view};
use crate::value::{PathSeg, Value};
use crate::yaml::LineNodes;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;
use std::sync::Arc;

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
    /// Owners: manager name with operation and subresource. Shared by
    /// every line with the same owners: a large object has thousands of
    /// lines and few sets of owners, and a copy per line was most of the
    /// memory of a step's views.
    pub owners: Arc<[Owner]>,
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
    let (text, tree) = crate::yaml::to_yaml_string_with_nodes(&shown);
    // Each manager decoded once: every line looks its owners up.
    let owners: Vec<_> = managed
        .fields
        .iter()
        .map(|(id, vs)| (&vs.set, owner(id, managed.times.get(id))))
        .collect();
    let sets: Vec<&Set> = owners.iter().map(|(set, _)| *set).collect();
    let fields = Fields::of(schema, &shown, &tree, &sets);
    // The lines of a large object are most of a step's memory: their
    // vector is allocated at its final size (one grown by pushes holds
    // room for up to twice the lines), and each list of owners once.
    let mut lines = Vec::with_capacity(tree.lines.len());
    let nobody: Arc<[Owner]> = Arc::from([]);
    let mut owner_lists: FxHashMap<&[bool], Arc<[Owner]>> = FxHashMap::default();
    for (i, line) in text.lines().enumerate() {
        let node = tree.lines.get(i).copied().flatten();
        let (field, ownable, owners) = match node.and_then(|n| fields.line(n)) {
            Some((field, ownable, held)) => {
                let line_owners = owner_lists.entry(held).or_insert_with(|| {
                    owners
                        .iter()
                        .zip(held)
                        .filter(|(_, held)| **held)
                        .map(|((_, owner), _)| owner.clone())
                        .collect()
                });
                (Some(field.to_string()), ownable, Arc::clone(line_owners))
            }
            None => (None, false, Arc::clone(&nobody)),
        };
        lines.push(BlameLine {
            text: line.to_string(),
            field,
            ownable,
            owners,
        });
    }
    lines
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

/// The field each emitted node shows, found node by node from its
/// parent's (a walk from the root for every line cost the square of the
/// object's depth).
struct Fields<'a> {
    schema: &'a ObjectSchema,
    tree: &'a LineNodes,
    nodes: Vec<NodeField<'a>>,
    /// Each manager's set below each typed node's path, `managers` per
    /// node (`None` where the set holds nothing below it).
    below: Vec<Option<&'a Set>>,
    /// Whether each manager's set holds each typed node's path, laid out
    /// as `below`.
    held: Vec<bool>,
    managers: usize,
    /// The large set nodes searched so far, by typed node and manager
    /// (see [`holds`]).
    indexes: FxHashMap<(usize, usize), NodeIndex<'a>>,
}

/// A set node of at least this many elements is searched through a hash
/// index ([`Set::node_index`]), built the first time the node is asked:
/// a large list's items are looked up one by one, in the list's order.
const INDEXED_FROM: usize = 64;

/// What `set`, the set of `manager` below the typed node `node`, holds at
/// `pe` (see [`Set::holds`]).
fn holds<'a>(
    indexes: &mut FxHashMap<(usize, usize), NodeIndex<'a>>,
    (node, manager): (usize, usize),
    set: &'a Set,
    pe: &PathElement,
) -> (bool, Option<&'a Set>) {
    if set.node_len() < INDEXED_FROM {
        return set.holds(pe);
    }
    indexes
        .entry((node, manager))
        .or_insert_with(|| set.node_index())
        .holds(pe)
}

/// What names one node of the object.
enum NodeField<'a> {
    /// Nothing a manager owns (a node the schema's walk cannot reach).
    Nothing,
    /// The node's own field: its type and value, the path element from its
    /// parent, the path's length and the path in kubectl's notation.
    Typed {
        ty: TypeId,
        value: &'a Value,
        pe: Option<PathElement>,
        len: usize,
        name: String,
        /// Whether a manager can own the node as a whole (see
        /// [`Fields::ownable`]), found while the walk has its value at
        /// hand: asked later, for its line, the value of a large object
        /// has left the cache.
        whole: bool,
    },
    /// The field of the typed node `node` (inside an atomic value, or past
    /// what the schema describes), ownable as a whole or not.
    Within { node: usize, ownable: bool },
}

impl<'a> Fields<'a> {
    fn of(
        schema: &'a ObjectSchema,
        object: &'a Value,
        tree: &'a LineNodes,
        sets: &[&'a Set],
    ) -> Self {
        let managers = sets.len();
        let mut fields = Fields {
            schema,
            tree,
            nodes: Vec::with_capacity(tree.nodes.len()),
            below: Vec::with_capacity(tree.nodes.len() * managers),
            held: Vec::with_capacity(tree.nodes.len() * managers),
            managers,
            indexes: FxHashMap::default(),
        };
        for node in &tree.nodes {
            let field = match &node.seg {
                None => NodeField::Typed {
                    ty: schema.root,
                    value: object,
                    pe: None,
                    len: 0,
                    name: String::new(),
                    whole: false,
                },
                Some(seg) => fields.child(node.parent, seg),
            };
            match &field {
                NodeField::Typed { pe: None, .. } => {
                    fields.below.extend(sets.iter().map(|s| Some(*s)));
                    fields.held.extend(std::iter::repeat_n(false, managers));
                }
                NodeField::Typed { pe: Some(pe), .. } => {
                    for m in 0..managers {
                        let holds = fields
                            .below(node.parent, m)
                            .map(|s| holds(&mut fields.indexes, (node.parent, m), s, pe));
                        let (held, below) = holds.unwrap_or((false, None));
                        fields.below.push(below);
                        fields.held.push(held);
                    }
                }
                _ => {
                    fields.below.extend(std::iter::repeat_n(None, managers));
                    fields.held.extend(std::iter::repeat_n(false, managers));
                }
            }
            fields.nodes.push(field);
        }
        fields
    }

    fn below(&self, node: usize, manager: usize) -> Option<&'a Set> {
        self.below
            .get(node * self.managers + manager)
            .copied()
            .flatten()
    }

    /// The field of the node at `seg` below node `parent` (SMD's walk of
    /// one step, as the typed operations walk it).
    fn child(&self, parent: usize, seg: &PathSeg) -> NodeField<'a> {
        let s = &self.schema.schema;
        let (ty, value, len, name) = match self.nodes.get(parent) {
            Some(NodeField::Typed {
                ty,
                value,
                len,
                name,
                ..
            }) => (*ty, *value, *len, name),
            Some(NodeField::Within { node, ownable }) => {
                return NodeField::Within {
                    node: *node,
                    ownable: *ownable,
                };
            }
            Some(NodeField::Nothing) | None => return NodeField::Nothing,
        };
        let current = view(s.atom(ty), Some(value));
        let atomic = match current {
            View::Map(m) => m.relationship == crate::schema::ElementRelationship::Atomic,
            View::List(l) => l.relationship == crate::schema::ElementRelationship::Atomic,
            _ => false,
        };
        if atomic && len > 0 {
            // Inside an atomic value, a line belongs to the value's owners.
            return NodeField::Within {
                node: parent,
                ownable: true,
            };
        }
        let step = match (seg, current) {
            (PathSeg::Key(k), View::Map(m)) => value.get(k).map(|v| {
                let ty = m.type_of(k).unwrap_or(s.untyped_atomic());
                Some((ty, v, PathElement::Field(k.into())))
            }),
            (PathSeg::Index(i), View::List(l)) => value
                .as_list()
                .and_then(|items| items.get(*i))
                .and_then(|item| {
                    let pe = list_item_element(s, l, *i, item).ok()?;
                    Some(Some((l.element_type, item, pe)))
                }),
            // Inside an atomic value only the value itself is owned.
            _ => Some(None),
        };
        match step {
            None => NodeField::Nothing,
            Some(None) => NodeField::Within {
                node: parent,
                ownable: false,
            },
            Some(Some((ty, value, pe))) => {
                let mut name = name.clone();
                let _ = write!(name, "{pe}");
                let whole = self.ownable(ty, value, &pe);
                NodeField::Typed {
                    ty,
                    value,
                    pe: Some(pe),
                    len: len + 1,
                    name,
                    whole,
                }
            }
        }
    }

    /// The field node `n` shows, whether a manager can own it as a whole
    /// (a leaf, an atomic value or a list item), and which managers own it.
    fn line(&self, n: usize) -> Option<(&str, bool, &[bool])> {
        let (typed, ownable) = match self.nodes.get(n)? {
            NodeField::Nothing => return None,
            NodeField::Typed { .. } => (n, None),
            NodeField::Within { node, ownable } => (*node, Some(*ownable)),
        };
        let Some(NodeField::Typed {
            pe: Some(pe),
            len,
            name,
            whole,
            ..
        }) = self.nodes.get(typed)
        else {
            return None;
        };
        let parent = self.parent_of(typed);
        let at = typed * self.managers;
        let held = self.held.get(at..at + self.managers).unwrap_or_default();
        let ownable = match ownable {
            Some(ownable) => ownable,
            None if self.system(parent, pe, *len) => false,
            None => *whole,
        };
        Some((name, ownable, held))
    }

    /// Identity and server-written metadata are never owned by anyone.
    fn system(&self, parent: usize, pe: &PathElement, len: usize) -> bool {
        let PathElement::Field(f) = pe else {
            return false;
        };
        match len {
            1 => f == "apiVersion" || f == "kind",
            2 => {
                matches!(self.nodes.get(parent), Some(NodeField::Typed { pe: Some(PathElement::Field(m)), .. }) if m == "metadata")
                    && [
                        "name",
                        "namespace",
                        "uid",
                        "resourceVersion",
                        "generation",
                        "creationTimestamp",
                        "selfLink",
                    ]
                    .contains(&f.as_str())
            }
            _ => false,
        }
    }

    fn parent_of(&self, n: usize) -> usize {
        self.tree.nodes.get(n).map_or(0, |node| node.parent)
    }

    /// Whether a manager can own the typed node as a whole.
    fn ownable(&self, ty: TypeId, value: &Value, pe: &PathElement) -> bool {
        (match view(self.schema.schema.atom(ty), Some(value)) {
            View::Scalar(_) | View::Nothing => true,
            View::Map(m) => {
                m.relationship == crate::schema::ElementRelationship::Atomic
                    || value.as_map().is_some_and(|m| m.is_empty())
            }
            View::List(l) => l.relationship == crate::schema::ElementRelationship::Atomic,
        }) || matches!(
            pe,
            PathElement::Key(_) | PathElement::Value(_) | PathElement::Index(_)
        )
    }
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
