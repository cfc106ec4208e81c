//! The structured-merge-diff schema model: how each part of an object
//! merges.
//!
//! A [`Schema`] is an arena of [`Atom`]s addressed by [`TypeId`]. Named
//! types and references are resolved once when the schema is built, so a
//! walk over a value follows plain indices and never looks a name up or
//! copies a type (the lesson of the earlier Rust port, see STYLE.md).
//!
//! Every schema source (SMD, the built-in catalogue, CRDs, OpenAPI, the
//! deduced type) is converted into this one form by a loader; the typed
//! operations only ever see a `Schema` and a root `TypeId`.

use crate::value::Value;
use std::collections::HashMap;

/// Index of an [`Atom`] in a [`Schema`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// How the parts of a map or list relate: `Separable` parts are owned and
/// merged one by one (granular), an `Atomic` value is owned and replaced
/// whole. (`Associative` is the list form of separable.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ElementRelationship {
    #[default]
    Separable,
    Atomic,
    Associative,
}

/// Which scalars a scalar type accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    Numeric,
    String,
    Boolean,
    /// Any scalar (`untyped`): strings, numbers, booleans, null.
    Untyped,
}

/// One named field of a struct-like map.
#[derive(Clone, Debug, PartialEq)]
pub struct StructField {
    pub name: String,
    pub ty: TypeId,
    /// The value the server gives this field when it is absent. Only used
    /// for the key fields of map lists (SMD's `StructField.Default`), e.g.
    /// `protocol: TCP` of container ports.
    pub default: Option<Value>,
    /// Strategic-merge-patch facts from the Go struct tag / OpenAPI
    /// extensions (`x-kubernetes-patch-strategy`: `merge`, `replace`,
    /// `retainKeys`, `merge,retainKeys`; `x-kubernetes-patch-merge-key`).
    /// Only kubectl's client-side apply and `patch --type strategic` read
    /// them; server-side apply merges by `ListType::keys`.
    pub patch_strategy: Option<String>,
    pub patch_merge_key: Option<String>,
}

impl StructField {
    pub fn new(name: impl Into<String>, ty: TypeId) -> Self {
        StructField {
            name: name.into(),
            ty,
            default: None,
            patch_strategy: None,
            patch_merge_key: None,
        }
    }
}

/// A map: either a struct (named `fields`), a map of one `element_type`,
/// or both (a struct whose unknown keys have the element type).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MapType {
    pub fields: Vec<StructField>,
    /// Position of each field in `fields`, by name (looked up for every
    /// map entry of every walk, hence the fast hasher).
    pub field_index: rustc_hash::FxHashMap<String, usize>,
    pub element_type: Option<TypeId>,
    /// `Separable` (granular) or `Atomic`.
    pub relationship: ElementRelationship,
}

impl MapType {
    pub fn field(&self, name: &str) -> Option<&StructField> {
        self.field_index.get(name).map(|&i| &self.fields[i])
    }
    /// The type of the value under `key`: the named field's type, else the
    /// element type.
    pub fn type_of(&self, key: &str) -> Option<TypeId> {
        self.field(key).map(|f| f.ty).or(self.element_type)
    }
    pub fn push_field(&mut self, field: StructField) {
        self.field_index
            .insert(field.name.clone(), self.fields.len());
        self.fields.push(field);
    }
}

/// A list: `Atomic`, or `Associative` — a set when `keys` is empty and the
/// elements are scalars, a map list keyed by `keys` otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct ListType {
    pub element_type: TypeId,
    pub relationship: ElementRelationship,
    pub keys: Vec<String>,
}

/// One type. Usually exactly one of the three is set; the untyped types set
/// several (a value of `__untyped_deduced_` may be a scalar, a list or a
/// map), which is why this is a struct of options and not an enum.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Atom {
    pub scalar: Option<ScalarKind>,
    pub list: Option<ListType>,
    pub map: Option<MapType>,
}

/// Name of SMD's built-in atomic untyped type.
pub const UNTYPED_ATOMIC: &str = "__untyped_atomic_";
/// Name of SMD's built-in deduced untyped type.
pub const UNTYPED_DEDUCED: &str = "__untyped_deduced_";

/// Extra facts about a kind that are not merge semantics but change what
/// the API server does with a write.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Subresources {
    /// The kind has a `status` subresource: main-resource writes leave
    /// `.status` alone and status writes touch only `.status`.
    pub status: bool,
    /// The kind has a `scale` subresource: the path of the replicas field
    /// in the parent (e.g. `["spec", "replicas"]`).
    pub scale_replicas_path: Option<Vec<String>>,
}

/// A resolved schema: an arena of atoms plus the names that point into it.
#[derive(Clone, Debug)]
pub struct Schema {
    atoms: Vec<Atom>,
    names: HashMap<String, TypeId>,
}

impl Default for Schema {
    fn default() -> Self {
        Self::new()
    }
}

impl Schema {
    /// A schema holding only SMD's two built-in untyped types.
    pub fn new() -> Self {
        let mut s = Schema {
            atoms: Vec::new(),
            names: HashMap::new(),
        };
        // __untyped_atomic_: any scalar, atomic list, atomic map of itself.
        let atomic = s.push(Atom::default());
        s.names.insert(UNTYPED_ATOMIC.to_string(), atomic);
        s.atoms[atomic.0 as usize] = Atom {
            scalar: Some(ScalarKind::Untyped),
            list: Some(ListType {
                element_type: atomic,
                relationship: ElementRelationship::Atomic,
                keys: vec![],
            }),
            map: Some(MapType {
                element_type: Some(atomic),
                relationship: ElementRelationship::Atomic,
                ..MapType::default()
            }),
        };
        // __untyped_deduced_: granular maps of itself, atomic lists.
        let deduced = s.push(Atom::default());
        s.names.insert(UNTYPED_DEDUCED.to_string(), deduced);
        s.atoms[deduced.0 as usize] = Atom {
            scalar: Some(ScalarKind::Untyped),
            list: Some(ListType {
                element_type: atomic,
                relationship: ElementRelationship::Atomic,
                keys: vec![],
            }),
            map: Some(MapType {
                element_type: Some(deduced),
                relationship: ElementRelationship::Separable,
                ..MapType::default()
            }),
        };
        s
    }

    /// Adds an atom and returns its id.
    pub fn push(&mut self, atom: Atom) -> TypeId {
        let id = TypeId(self.atoms.len() as u32);
        self.atoms.push(atom);
        id
    }

    /// Replaces the atom behind `id` (loaders reserve an id for a named
    /// type first, so that recursive references resolve, then fill it in).
    pub fn set(&mut self, id: TypeId, atom: Atom) {
        self.atoms[id.0 as usize] = atom;
    }

    /// Gives `id` a name that references can resolve.
    pub fn name(&mut self, name: impl Into<String>, id: TypeId) {
        self.names.insert(name.into(), id);
    }

    pub fn atom(&self, id: TypeId) -> &Atom {
        &self.atoms[id.0 as usize]
    }

    pub fn lookup(&self, name: &str) -> Option<TypeId> {
        self.names.get(name).copied()
    }

    /// `__untyped_atomic_`: always the first atom (see [`Schema::new`]).
    pub fn untyped_atomic(&self) -> TypeId {
        TypeId(0)
    }

    /// `__untyped_deduced_`: always the second atom (see [`Schema::new`]).
    pub fn untyped_deduced(&self) -> TypeId {
        TypeId(1)
    }

    pub fn len(&self) -> usize {
        self.atoms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty()
    }
}

/// Server-side defaulting of a kind: what the API server fills in when a
/// request body leaves a field out (built-in defaulting functions, CRD
/// structural defaults).
///
/// Not `Debug`: a supertrait puts `fmt` in every implementor's vtable,
/// which keeps the Go tables' and defaulters' `Debug` code in the app's
/// wasm although nothing prints them (`ObjectSchema`'s `Debug` says
/// whether there is one).
pub trait Defaulter: Send + Sync {
    /// Fills in the defaults of `object` in place. `now` is the request's
    /// time on the scenario's clock (RFC 3339, to the second), for the
    /// defaulters that stamp it where upstream reads `time.Now()`.
    fn apply_defaults(&self, object: &mut Value, now: &str);

    /// The merged object of a server-side apply converted into the kind's
    /// Go struct (`runtime.DefaultUnstructuredConverter.FromUnstructured`,
    /// reached from `structuredMergeManager.Apply`): numbers narrowed to
    /// their field's width; `Err` with the converter's message when one
    /// does not convert. Kinds without a Go struct keep the object.
    fn convert_applied(&self, object: &mut Value) -> Result<(), String> {
        let _ = object;
        Ok(())
    }

    /// The JSON decoding of a body into the kind's Go struct (the update,
    /// create and JSON/merge patch handlers): `Err` with the decoder's
    /// message when a number does not fit its integer field. Kinds
    /// without a Go struct decode anything.
    fn decode_json(&self, object: &Value) -> Result<(), String> {
        let _ = object;
        Ok(())
    }

    /// The status a new object of this kind is stored with (the Go zero
    /// value of a built-in kind's status struct, as the registry leaves
    /// it on create); `None`: no status.
    /// `now`: the request's time, for the statuses that stamp it.
    fn initial_status(&self, object: &Value, now: &str) -> Option<Value> {
        let _ = (object, now);
        None
    }
}

/// The registry's validation of a kind: what the API server refuses
/// (422) beyond the schema, e.g. a Deployment whose Recreate strategy has
/// rollingUpdate parameters.
///
/// Not `Debug`, as [`Defaulter`].
pub trait Validator: Send + Sync {
    /// `Err(message)` with the server's message when `new` (replacing
    /// `old`, `None` on create) is refused.
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String>;

    /// The same for a `/status` write, which the status strategy's
    /// `ValidateUpdate` checks: by default as any update.
    fn validate_status(&self, old: &Value, new: &Value) -> Result<(), String> {
        self.validate(Some(old), new)
    }
}

/// A schema together with the type of the object's root and what the kind
/// declares about subresources and defaults: everything the engine needs to
/// type one object.
#[derive(Clone)]
pub struct ObjectSchema {
    pub schema: std::sync::Arc<Schema>,
    pub root: TypeId,
    pub subresources: Subresources,
    /// `None`: the server defaults nothing (SMD and deduced schemas).
    pub defaulter: Option<std::sync::Arc<dyn Defaulter>>,
    /// `None`: nothing beyond the schema is checked.
    pub validator: Option<std::sync::Arc<dyn Validator>>,
    /// The kind is stored through Go structs (built-in kinds): null fields
    /// and empty optional maps and lists do not survive a write.
    pub omit_empty: bool,
}

/// The defaulter and validator are trait objects without `Debug` (see
/// [`Defaulter`]): shown as whether the kind has one.
impl std::fmt::Debug for ObjectSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ObjectSchema")
            .field("schema", &self.schema)
            .field("root", &self.root)
            .field("subresources", &self.subresources)
            .field("defaulter", &self.defaulter.is_some())
            .field("validator", &self.validator.is_some())
            .field("omit_empty", &self.omit_empty)
            .finish()
    }
}

impl ObjectSchema {
    /// The deduced schema: maps granular, lists atomic.
    pub fn deduced() -> Self {
        let schema = Schema::new();
        let root = schema.untyped_deduced();
        ObjectSchema {
            schema: std::sync::Arc::new(schema),
            root,
            subresources: Subresources::default(),
            defaulter: None,
            validator: None,
            omit_empty: false,
        }
    }
}
