//! Loading a structured-merge-diff schema (`schema: {smd: {types, root}}`):
//! the `types` list of sigs.k8s.io/structured-merge-diff's `schema`
//! package, as YAML or JSON, into the engine's [`Schema`].
//!
//! Named types are given ids first and filled in second, so types may
//! refer to themselves and to types defined later. The built-in catalogue
//! is stored in this same form, with two extra per-field keys
//! (`patchStrategy`, `patchMergeKey`) that only kubectl's strategic merge
//! reads.

use crate::schema::{
    Atom, ElementRelationship, ListType, MapType, ObjectSchema, ScalarKind, Schema, StructField,
    Subresources, TypeId, UNTYPED_ATOMIC, UNTYPED_DEDUCED,
};
use crate::value::go_quote;
use crate::value::{Map, Value, ValuePath};
use std::sync::Arc;

/// A schema document that does not load, and where in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct SchemaError {
    pub path: ValuePath,
    pub message: String,
}

fn error(path: &ValuePath, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: path.clone(),
        message: message.into(),
    }
}

/// Loads `{types: [...], root: NAME}`.
pub fn load(doc: &Value) -> Result<ObjectSchema, SchemaError> {
    let root_path = ValuePath::root();
    let map = doc
        .as_map()
        .ok_or_else(|| error(&root_path, "expected a map with `types` and `root`"))?;
    check_keys(map, &["types", "root"], &root_path)?;
    let schema = load_types(doc)?;
    let root_name = map.get("root").and_then(Value::as_str).ok_or_else(|| {
        error(
            &root_path.key("root"),
            "`root` must name the type of the object",
        )
    })?;
    let root = schema.lookup(root_name).ok_or_else(|| {
        error(
            &root_path.key("root"),
            format!(
                "no type named {root_name} in `types`",
                root_name = go_quote(root_name)
            ),
        )
    })?;
    Ok(ObjectSchema {
        schema: Arc::new(schema),
        root,
        subresources: Subresources::default(),
        defaulter: None,
        validator: None,
        omit_empty: false,
    })
}

/// Loads the `types` of a schema document; `Schema::lookup` finds a type
/// by name.
pub fn load_types(doc: &Value) -> Result<Schema, SchemaError> {
    load_types_into(Schema::new(), doc)
}

/// Adds the `types` of a schema document to `schema` (names must not be
/// taken yet) and returns it.
pub fn load_types_into(schema: Schema, doc: &Value) -> Result<Schema, SchemaError> {
    let types_path = ValuePath::root().key("types");
    let types = doc
        .get("types")
        .and_then(Value::as_list)
        .ok_or_else(|| error(&types_path, "expected a list of types"))?;
    let mut loader = Loader {
        schema,
        overrides: Vec::new(),
    };
    // Reserve an id per name first, so references resolve in any order.
    let mut ids = Vec::with_capacity(types.len());
    for (i, t) in types.iter().enumerate() {
        let path = types_path.index(i);
        let name = t
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| error(&path.key("name"), "every type needs a name"))?;
        let id = match loader.schema.lookup(name) {
            Some(id) if name == UNTYPED_ATOMIC || name == UNTYPED_DEDUCED => id,
            Some(_) => {
                return Err(error(
                    &path.key("name"),
                    format!("type {name} is defined twice", name = go_quote(name)),
                ));
            }
            None => {
                let id = loader.schema.push(Atom::default());
                loader.schema.name(name, id);
                id
            }
        };
        ids.push(id);
    }
    for (i, (t, id)) in types.iter().zip(ids).enumerate() {
        let path = types_path.index(i);
        let map = t.as_map().ok_or_else(|| error(&path, "expected a map"))?;
        check_keys(map, &["name", "scalar", "list", "map", "untyped"], &path)?;
        let atom = loader.atom(map, &path)?;
        loader.schema.set(id, atom);
    }
    loader.apply_overrides()?;
    Ok(loader.schema)
}

struct Loader {
    schema: Schema,
    /// References that override the relationship of a named type: (the id
    /// standing for the reference, the named type, the relationship).
    overrides: Vec<(TypeId, TypeId, ElementRelationship, ValuePath)>,
}

impl Loader {
    /// The atom described by a map holding `scalar`, `list` and/or `map`.
    fn atom(&mut self, map: &Map, path: &ValuePath) -> Result<Atom, SchemaError> {
        let mut atom = Atom::default();
        if let Some(s) = map.get("scalar") {
            atom.scalar = Some(scalar_kind(s, &path.key("scalar"))?);
        }
        if let Some(l) = map.get("list") {
            atom.list = Some(self.list(l, &path.key("list"))?);
        }
        if let Some(m) = map.get("map") {
            atom.map = Some(self.map(m, &path.key("map"))?);
        }
        if map.contains_key("untyped") {
            // The old spelling of the deduced type.
            let deduced = self.schema.atom(self.schema.untyped_deduced()).clone();
            atom = deduced;
        }
        Ok(atom)
    }

    fn list(&mut self, v: &Value, path: &ValuePath) -> Result<ListType, SchemaError> {
        let map = v.as_map().ok_or_else(|| error(path, "expected a map"))?;
        check_keys(map, &["elementType", "elementRelationship", "keys"], path)?;
        let element_type = match map.get("elementType") {
            Some(t) => self.type_ref(t, &path.key("elementType"))?,
            None => return Err(error(path, "a list needs an elementType")),
        };
        // SMD gives lists no default relationship: a list that states none
        // (or `separable`) is neither atomic nor associative, and its items
        // are merged by position (`Separable` stands for that here).
        let relationship = match map.get("elementRelationship") {
            None => ElementRelationship::Separable,
            Some(r) => relationship(r, &path.key("elementRelationship"))?,
        };
        let keys = match map.get("keys") {
            None => Vec::new(),
            Some(Value::List(items)) => items
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    k.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| error(&path.key("keys").index(i), "expected a string"))
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(error(&path.key("keys"), "expected a list of field names")),
        };
        Ok(ListType {
            element_type,
            relationship,
            keys,
        })
    }

    fn map(&mut self, v: &Value, path: &ValuePath) -> Result<MapType, SchemaError> {
        let map = v.as_map().ok_or_else(|| error(path, "expected a map"))?;
        check_keys(
            map,
            &["fields", "elementType", "elementRelationship", "unions"],
            path,
        )?;
        let mut out = MapType::default();
        if let Some(fields) = map.get("fields") {
            let fields_path = path.key("fields");
            let items = fields
                .as_list()
                .ok_or_else(|| error(&fields_path, "expected a list"))?;
            for (i, f) in items.iter().enumerate() {
                let fpath = fields_path.index(i);
                let fmap = f.as_map().ok_or_else(|| error(&fpath, "expected a map"))?;
                check_keys(
                    fmap,
                    &["name", "type", "default", "patchStrategy", "patchMergeKey"],
                    &fpath,
                )?;
                let name = fmap
                    .get("name")
                    .and_then(Value::as_str)
                    .ok_or_else(|| error(&fpath.key("name"), "every field needs a name"))?;
                if out.field(name).is_some() {
                    return Err(error(
                        &fpath.key("name"),
                        format!("field {name} is listed twice", name = go_quote(name)),
                    ));
                }
                let ty = match fmap.get("type") {
                    Some(t) => self.type_ref(t, &fpath.key("type"))?,
                    None => return Err(error(&fpath, "every field needs a type")),
                };
                let text = |key: &str| -> Result<Option<String>, SchemaError> {
                    match fmap.get(key) {
                        None => Ok(None),
                        Some(Value::String(s)) => Ok(Some(s.clone())),
                        Some(_) => Err(error(&fpath.key(key), "expected a string")),
                    }
                };
                out.push_field(StructField {
                    name: name.to_string(),
                    ty,
                    default: fmap.get("default").cloned(),
                    patch_strategy: text("patchStrategy")?,
                    patch_merge_key: text("patchMergeKey")?,
                });
            }
        }
        if let Some(t) = map.get("elementType") {
            out.element_type = Some(self.type_ref(t, &path.key("elementType"))?);
        }
        out.relationship = match map.get("elementRelationship") {
            None => ElementRelationship::Separable,
            Some(r) => map_relationship(relationship(r, &path.key("elementRelationship"))?),
        };
        Ok(out)
    }

    /// A reference to a type: a named type (optionally with another
    /// relationship) or an inline atom.
    fn type_ref(&mut self, v: &Value, path: &ValuePath) -> Result<TypeId, SchemaError> {
        let map = v.as_map().ok_or_else(|| error(path, "expected a map"))?;
        check_keys(
            map,
            &[
                "namedType",
                "scalar",
                "list",
                "map",
                "elementRelationship",
                "untyped",
            ],
            path,
        )?;
        if let Some(name) = map.get("namedType") {
            let name = name
                .as_str()
                .ok_or_else(|| error(&path.key("namedType"), "expected a type name"))?;
            let id = self.schema.lookup(name).ok_or_else(|| {
                error(
                    &path.key("namedType"),
                    format!("no type named {name}", name = go_quote(name)),
                )
            })?;
            return match map.get("elementRelationship") {
                None => Ok(id),
                Some(r) => {
                    let rel_path = path.key("elementRelationship");
                    let rel = relationship(r, &rel_path)?;
                    let placeholder = self.schema.push(Atom::default());
                    self.overrides.push((placeholder, id, rel, rel_path));
                    Ok(placeholder)
                }
            };
        }
        if map.contains_key("untyped") && !map.contains_key("elementRelationship") {
            // The deduced type itself, so that walks recognise it.
            return Ok(self.schema.untyped_deduced());
        }
        let mut atom = self.atom(map, path)?;
        if let Some(r) = map.get("elementRelationship") {
            let rel_path = path.key("elementRelationship");
            atom = with_relationship(atom, relationship(r, &rel_path)?)
                .ok_or_else(|| error(&rel_path, SCALAR_OVERRIDE))?;
        }
        Ok(self.schema.push(atom))
    }

    /// Fills the references that override a named type's relationship,
    /// now that every named type is known.
    fn apply_overrides(&mut self) -> Result<(), SchemaError> {
        for (placeholder, target, rel, path) in std::mem::take(&mut self.overrides) {
            let atom = with_relationship(self.schema.atom(target).clone(), rel)
                .ok_or_else(|| error(&path, SCALAR_OVERRIDE))?;
            self.schema.set(placeholder, atom);
        }
        Ok(())
    }
}

const SCALAR_OVERRIDE: &str = "an elementRelationship only applies to a map or list type";

/// The atom a reference with an `elementRelationship` resolves to, as SMD's
/// `Schema.Resolve` does it: the map's relationship is replaced when the
/// type has a map, else the list's; `None` for a scalar type, which SMD
/// cannot resolve with an override.
pub(crate) fn with_relationship(mut atom: Atom, rel: ElementRelationship) -> Option<Atom> {
    if let Some(m) = atom.map.as_mut() {
        m.relationship = map_relationship(rel);
    } else if let Some(l) = atom.list.as_mut() {
        l.relationship = rel;
    } else {
        return None;
    }
    Some(atom)
}

/// A map is atomic or not: SMD treats every other relationship of a map
/// (even `associative`) as separable.
fn map_relationship(rel: ElementRelationship) -> ElementRelationship {
    match rel {
        ElementRelationship::Atomic => ElementRelationship::Atomic,
        _ => ElementRelationship::Separable,
    }
}

fn scalar_kind(v: &Value, path: &ValuePath) -> Result<ScalarKind, SchemaError> {
    match v.as_str() {
        Some("numeric") => Ok(ScalarKind::Numeric),
        Some("string") => Ok(ScalarKind::String),
        Some("boolean") => Ok(ScalarKind::Boolean),
        // SMD's `Scalar` is any string, and validation checks only the
        // three kinds it knows: any other name (`number`, used by SMD's own
        // tests) accepts every scalar, as `untyped` does.
        Some(_) => Ok(ScalarKind::Untyped),
        None => Err(error(
            path,
            "a scalar is `numeric`, `string`, `boolean` or `untyped`",
        )),
    }
}

fn relationship(v: &Value, path: &ValuePath) -> Result<ElementRelationship, SchemaError> {
    match v.as_str() {
        Some("atomic") => Ok(ElementRelationship::Atomic),
        Some("separable") => Ok(ElementRelationship::Separable),
        Some("associative") => Ok(ElementRelationship::Associative),
        _ => Err(error(
            path,
            "an elementRelationship is `atomic`, `separable` or `associative`",
        )),
    }
}

/// Refuses keys the format does not have (a typo would otherwise silently
/// change the merge semantics).
fn check_keys(map: &Map, allowed: &[&str], path: &ValuePath) -> Result<(), SchemaError> {
    for key in map.keys() {
        if !allowed.contains(&key.as_str()) {
            return Err(error(
                &path.key(key.clone()),
                format!(
                    "unknown key {key} (expected one of {})",
                    allowed.join(", "),
                    key = go_quote(key)
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::yaml;

    fn load_text(text: &str) -> Result<ObjectSchema, SchemaError> {
        load(&yaml::parse(text).unwrap().value)
    }

    #[test]
    fn loads_named_inline_and_recursive_types() {
        let s = load_text(
            "root: node\ntypes:\n- name: node\n  map:\n    fields:\n    - name: children\n      type:\n        list:\n          elementType: {namedType: node}\n          elementRelationship: associative\n          keys: [name]\n    - name: name\n      type: {scalar: string}\n    - name: labels\n      type: {map: {elementType: {scalar: string}, elementRelationship: atomic}}\n",
        )
        .unwrap();
        let root = s.schema.atom(s.root).map.as_ref().unwrap();
        let children = s
            .schema
            .atom(root.field("children").unwrap().ty)
            .list
            .as_ref()
            .unwrap();
        assert_eq!(children.element_type, s.root);
        assert_eq!(children.keys, vec!["name"]);
        let labels = s
            .schema
            .atom(root.field("labels").unwrap().ty)
            .map
            .as_ref()
            .unwrap();
        assert_eq!(labels.relationship, ElementRelationship::Atomic);
    }

    /// The type of field `f` of the root type `r`, with `types` (YAML list
    /// items) beside it.
    fn field_shape(field: &str, types: &str) -> Result<String, SchemaError> {
        let s = load_text(&format!(
            "root: r\ntypes:\n- name: r\n  map:\n    fields:\n    - name: f\n      type: {field}\n{types}"
        ))?;
        let root = s.schema.atom(s.root).map.clone().unwrap();
        Ok(crate::openapi::tests::shape(
            &s.schema,
            root.field("f").unwrap().ty,
        ))
    }

    const NAMED: &str = "- name: m\n  map: {elementType: {scalar: string}}\n- name: l\n  list: {elementType: {scalar: string}, elementRelationship: associative}\n- name: s\n  scalar: string\n";

    /// Type references as SMD resolves them (`Schema.Resolve`): a named or
    /// inline type, and an `elementRelationship` beside it that replaces
    /// the map's relationship when the type has a map, else the list's.
    #[test]
    fn references_and_relationship_overrides() {
        let cases = [
            ("{namedType: m}", "map:Separable{}<String>"),
            (
                "{namedType: m, elementRelationship: atomic}",
                "map:Atomic{}<String>",
            ),
            ("{namedType: l}", "list:Associative[]<String>"),
            (
                "{namedType: l, elementRelationship: atomic}",
                "list:Atomic[]<String>",
            ),
            ("{namedType: s}", "scalar:String"),
            ("{namedType: __untyped_atomic_}", "untyped_atomic"),
            ("{namedType: __untyped_deduced_}", "deduced"),
            (
                "{namedType: __untyped_deduced_, elementRelationship: atomic}",
                "scalar:Untyped | list:Atomic[]<untyped_atomic> | map:Atomic{}<deduced>",
            ),
            (
                "{map: {elementType: {scalar: numeric}}, elementRelationship: atomic}",
                "map:Atomic{}<Numeric>",
            ),
            // A list states its relationship; one that does not is merged
            // by position, neither atomic nor associative.
            (
                "{list: {elementType: {scalar: string}}}",
                "list:Separable[]<String>",
            ),
            (
                "{list: {elementType: {scalar: string}, elementRelationship: atomic}}",
                "list:Atomic[]<String>",
            ),
            (
                "{list: {elementType: {namedType: m}, elementRelationship: associative, keys: [a, b]}}",
                "list:Associative[\"a\", \"b\"]<map>",
            ),
            // A map is atomic or separable; `associative` reads as separable.
            (
                "{map: {elementType: {scalar: boolean}, elementRelationship: associative}}",
                "map:Separable{}<Boolean>",
            ),
            ("{scalar: untyped}", "scalar:Untyped"),
            ("{untyped: {}}", "deduced"),
        ];
        for (field, expected) in cases {
            assert_eq!(field_shape(field, NAMED).unwrap(), expected, "{field}");
        }
    }

    #[test]
    fn bad_references_are_located() {
        let at = ".types[0].map.fields[0].type";
        let cases = [
            ("{namedType: nope}", format!("{at}.namedType")),
            (
                "{namedType: s, elementRelationship: atomic}",
                format!("{at}.elementRelationship"),
            ),
            (
                "{scalar: string, elementRelationship: atomic}",
                format!("{at}.elementRelationship"),
            ),
            (
                "{namedType: m, elementRelationship: sometimes}",
                format!("{at}.elementRelationship"),
            ),
            ("{list: {}}", format!("{at}.list")),
            (
                "{list: {elementType: {scalar: string}, keys: a}}",
                format!("{at}.list.keys"),
            ),
            (
                "{map: {fields: [{name: x}]}}",
                format!("{at}.map.fields[0]"),
            ),
            (
                "{map: {fields: [{type: {scalar: string}}]}}",
                format!("{at}.map.fields[0].name"),
            ),
            ("{namedType: m, typo: 1}", format!("{at}.typo")),
        ];
        for (field, path) in cases {
            let e = field_shape(field, NAMED).unwrap_err();
            assert_eq!(e.path.to_string(), path, "{field}: {e}");
        }
        let e = load_text(
            "root: r\ntypes:\n- name: r\n  scalar: string\n- name: r\n  scalar: string\n",
        )
        .unwrap_err();
        assert_eq!(e.to_string(), ".types[1].name: type \"r\" is defined twice");
        let e = load_text("types: []\n").unwrap_err();
        assert_eq!(e.path.to_string(), ".root");
    }

    /// Unions are part of the format; SSA does not act on them.
    #[test]
    fn unions_are_accepted() {
        let s = load_text(
            "root: r\ntypes:\n- name: r\n  map:\n    fields:\n    - {name: a, type: {scalar: string}}\n    unions:\n    - fields: [{fieldName: a, discriminatorValue: A}]\n",
        );
        assert!(s.is_ok(), "{s:?}");
    }

    /// SMD checks only `numeric`, `string` and `boolean` scalars; a scalar
    /// of any other name (SMD's tests write `number`) takes any scalar.
    #[test]
    fn unknown_scalar_names_accept_any_scalar() {
        let s = load_text("root: r\ntypes:\n- name: r\n  scalar: number\n").unwrap();
        assert_eq!(s.schema.atom(s.root).scalar, Some(ScalarKind::Untyped));
        for v in [Value::from("x"), Value::Int(1), Value::Bool(true)] {
            assert!(
                crate::typed::validate(&s.schema, s.root, &v, crate::typed::Duplicates::Refuse)
                    .is_ok()
            );
        }
    }

    #[test]
    fn key_defaults_and_patch_facts_are_kept() {
        let s = load_text(
            "root: p\ntypes:\n- name: p\n  map:\n    fields:\n    - {name: protocol, type: {scalar: string}, default: TCP}\n    - {name: c, type: {scalar: string}, patchStrategy: merge, patchMergeKey: name}\n",
        )
        .unwrap();
        let root = s.schema.atom(s.root).map.as_ref().unwrap();
        assert_eq!(
            root.field("protocol").unwrap().default,
            Some(Value::from("TCP"))
        );
        assert_eq!(
            root.field("c").unwrap().patch_merge_key.as_deref(),
            Some("name")
        );
    }

    #[test]
    fn errors_name_the_place() {
        let cases = [
            (
                "root: x\ntypes: []\n",
                ".root: no type named \"x\" in `types`",
            ),
            (
                "root: r\ntypes:\n- name: r\n  map:\n    fields:\n    - name: a\n      type: {namedType: nope}\n",
                ".types[0].map.fields[0].type.namedType: no type named \"nope\"",
            ),
            (
                "root: r\ntypes:\n- name: r\n  scalar: [string]\n",
                ".types[0].scalar: a scalar is `numeric`, `string`, `boolean` or `untyped`",
            ),
            (
                "root: r\ntypes:\n- name: r\n  mpa: {}\n",
                ".types[0].mpa: unknown key \"mpa\" (expected one of name, scalar, list, map, untyped)",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(load_text(text).unwrap_err().to_string(), expected);
        }
    }
}
