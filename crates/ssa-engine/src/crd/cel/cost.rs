//! The estimated cost of a CRD's CEL expressions, as apiextensions-apiserver
//! estimates it when it validates a CustomResourceDefinition
//! (`pkg/apiserver/schema/cel/compilation.go`: `compileRule`'s
//! `EstimateCost`, with apiserver's `library.CostEstimator` over cel-go's
//! `checker.Cost`), and the budgets it holds them to
//! (`pkg/apis/apiextensions/validation`: `StaticEstimatedCostLimit`,
//! `StaticEstimatedCRDCostLimit`, `getExpressionCost`,
//! `getCostErrorMessage`, `TotalCost`).
//!
//! A rule is parsed into cel-go's shape (`!!x` is `x`, macros expanded as
//! `parser/macro.go` expands them, `has()` a presence test), typed with
//! the overloads the checker picks, and costed by a port of
//! `checker/cost.go`: an identifier or a selection of an object's or a
//! map's field costs 1, a literal 0, a presence test 0 (Kubernetes'
//! `PresenceTestHasCost(false)`), a list literal 10, a call 1 unless its
//! cost depends on sizes (string equality and comparison, `+` of strings,
//! `in` a list, `contains`, `startsWith`, `endsWith`, `matches`, and the
//! Kubernetes libraries' string functions, IP, CIDR, URL and quantity
//! parsers, `find`), a comprehension its range's size times its step's
//! and condition's cost. Sizes come from literals, from results the
//! estimator sizes, and from the schema along the expression's field path
//! (`sizeEstimator`: `maxLength` (times 4 for a string), `maxItems`,
//! `maxProperties`, else what fits in a 3 MiB request given the smallest
//! serialized item, `SchemaDeclType`), Go's slice sharing between paths
//! included.
//!
//! The libraries of Kubernetes' base environment (1.34–1.36, cel-go
//! v0.26) are costed as upstream costs them: first the libraries'
//! `OverloadCostEstimate`s (`ext.Sets`' `sets.contains`, `equivalent`,
//! `intersects`; `ext.Lists` version 3's `lists.range`, `slice`,
//! `flatten`, `reverse`, `distinct`, `sort`), then apiserver's
//! `CostEstimator` (its lists library's `isSorted`, `sum`, `min`, `max`,
//! `indexOf`, `lastIndexOf`, `join`, semver, the format library's
//! `validate` and `format.named`, equality of semvers, formats and URLs),
//! then cel-go's own (`strings.quote`, a string's `format`); the others
//! (`optional.of`, `optional.none`, `or`, `first`, the `format.` names...)
//! cost 1. `optMap` and `optFlatMap` are expanded as cel-go's macros
//! expand them, their bindings costed as `costBind` costs them.
//!
//! DRA's device selectors are costed too
//! ([`device_selector_cost`], from `check::compile_device_selector`): `device` as
//! dynamic-resource-allocation's `cel/compile.go` declares it (1.36:
//! DRAConsumableCapacity on, DRAListTypeAttributes off), sized by its
//! `sizeEstimator`, with `cel.bind`.
//!
//! An expression with anything else (two-variable comprehensions,
//! `sortBy`, `unwrapOpt`, optional indexes, map literals; a dyn where the
//! overloads it could take cost differently) gets no estimate: `None`,
//! never a guess. (The parser reads `-1` as a literal and `-(1)` as
//! `-_` of one, as cel-go's grammar does; a negative literal is still
//! checked against the text, `plain_number`.)

use super::Expr;
use super::check::{escape, keeps_type_meta, type_of_type_name};
use crate::value::{Map, Value};
use std::cell::RefCell;
use std::rc::Rc;

/// `StaticEstimatedCostLimit`: the largest estimated cost of one rule (or
/// message expression).
pub(crate) const EXPRESSION_LIMIT: u64 = 10_000_000;
/// `StaticEstimatedCRDCostLimit`: the largest total of a schema's rules.
pub(crate) const CRD_LIMIT: u64 = 100_000_000;
/// `celconfig.MaxRequestSizeBytes`.
const MAX_REQUEST: i64 = 3 * 1024 * 1024;
/// cel-go's `parser.AccumulatorName`.
const ACCUMULATOR: &str = "__result__";

/// The estimated maximum cost of `expression` at a node of `schema`
/// (`root`: the resource's root; `optional_old_self`: `oldSelf` is an
/// optional), when its result is of type `output` (`"bool"` for a rule,
/// `"string"` for a message expression): cel-go's `CostEstimate.Max`.
/// `None` unless the expression is in the modelled subset.
#[cfg(test)]
pub(crate) fn estimate(
    expression: &str,
    schema: &Value,
    root: bool,
    optional_old_self: bool,
    output: &str,
) -> Option<u64> {
    let expr = super::parse(expression)?;
    estimate_parsed(&expr, expression, schema, root, optional_old_self, output)
}

impl super::Compiled {
    /// This compiled rule's (or message expression's) estimated maximum
    /// cost at a node of `schema`, as [`estimate`] gives it.
    pub(crate) fn estimated_cost(
        &self,
        schema: &Value,
        root: bool,
        optional_old_self: bool,
        output: &str,
    ) -> Option<u64> {
        estimate_parsed(
            &self.expr,
            &self.source,
            schema,
            root,
            optional_old_self,
            output,
        )
    }
}

/// [`estimate`] of the parsed `expr`, whose text is `expression` (the
/// estimate reads its places in the text).
fn estimate_parsed(
    expr: &Expr,
    expression: &str,
    schema: &Value,
    root: bool,
    optional_old_self: bool,
    output: &str,
) -> Option<u64> {
    let node = schema.as_map()?;
    let decl = Decl::Schema(node, root || flag(node, "x-kubernetes-embedded-resource"));
    let this = decl.ty()?;
    let old = if optional_old_self {
        Ty::Optional(Box::new(this.clone()))
    } else {
        this.clone()
    };
    let scope = vec![("self".to_string(), this), ("oldSelf".to_string(), old)];
    let typed = |result: &Ty<'_>| match output {
        "bool" => matches!(result, Ty::Bool),
        "string" => matches!(result, Ty::String),
        _ => false,
    };
    Some(estimate_range(expr, expression, scope, Sizer::Schema(decl), false, typed)?.max)
}

/// The estimated maximum cost of the parsed `expr` (whose text is
/// `expression`) as a DRA device selector (dynamic-resource-allocation
/// `cel/compile.go`, `CompileCELExpression`'s `env.EstimateCost` with
/// `newCostEstimator`: apiserver's estimator over DRA's `sizeEstimator`),
/// which `validateCELSelector` holds to `CELSelectorExpressionMaxCost`.
/// `None` outside the modelled subset, or when its result is neither a
/// bool nor an attribute's unknown type.
pub(super) fn device_selector_cost(expr: &Expr, expression: &str) -> Option<u64> {
    let device = Ty::Object(Decl::Dra(Dra::Device));
    let scope = vec![("device".to_string(), device)];
    // `bool`, or `AnyType` (an attribute).
    let typed = |result: &Ty<'_>| matches!(result, Ty::Bool | Ty::Dyn);
    Some(estimate_range(expr, expression, scope, Sizer::Device, true, typed)?.max)
}

/// cel-go's `CostEstimate` of `expr` (whose text is `expression`) with
/// the variables of `scope`, sizes from `sizer`, DRA's environment when
/// `device`; `None` unless its result is of a type `typed` takes.
fn estimate_range<'a>(
    expr: &Expr,
    expression: &str,
    scope: Vec<(String, Ty<'a>)>,
    sizer: Sizer<'a>,
    device: bool,
    typed: impl Fn(&Ty<'_>) -> bool,
) -> Option<Range> {
    let mut builder = Builder {
        source: expression.chars().collect(),
        nodes: Vec::new(),
        scope,
        device,
    };
    let top = builder.expr(expr)?;
    if !typed(&builder.nodes[top].ty) {
        return None;
    }
    let mut coster = Coster {
        nodes: &builder.nodes,
        sizer,
        paths: vec![None; builder.nodes.len()],
        sizes: vec![None; builder.nodes.len()],
        entries: vec![None; builder.nodes.len()],
        locals: Vec::new(),
    };
    coster.cost(top)
}

/// apiserver's `library/cost_test.go` `testCost`: the estimated cost
/// range of an expression with no variables, strings and bytes sized by
/// its `testCostEstimator`, whatever its result.
#[cfg(test)]
pub(crate) fn estimate_library(expression: &str) -> Option<(u64, u64)> {
    let expr = super::parse(expression)?;
    let range = estimate_range(&expr, expression, Vec::new(), Sizer::ByType, false, |_| {
        true
    })?;
    Some((range.min, range.max))
}

/// [`device_selector_cost`] of `expression`.
#[cfg(test)]
pub(crate) fn estimate_device_selector(expression: &str) -> Option<u64> {
    let expr = super::parse(expression)?;
    device_selector_cost(&expr, expression)
}

/// `maxCardinality(declType.MinSerializedSize)`: how many times the node
/// of `schema` could appear in a request, the cardinality of its rules
/// where the nodes above do not bound it.
pub(crate) fn max_cardinality(schema: &Value, root: bool) -> Option<u64> {
    let node = schema.as_map()?;
    let decl = Decl::Schema(node, root || flag(node, "x-kubernetes-embedded-resource"));
    decl.ty()?;
    u64::try_from(MAX_REQUEST / (decl.min_size().wrapping_add(1))).ok()
}

/// `childContext`'s `MaxCardinality` of a child of the node `parent`
/// whose own is `cardinality` (`None`: unbounded): times the parent's
/// `maxProperties` (a map) or `maxItems` (a list), unbounded without it;
/// an object's fields and scalars keep it (`extractMaxElements`).
pub(crate) fn child_cardinality(parent: &Map, cardinality: Option<u64>) -> Option<u64> {
    let cardinality = cardinality?;
    let limit = |key: &str| {
        parent
            .get(key)
            .and_then(Value::as_i64)
            .map(zero_if_negative)
    };
    let factor = match text(parent, "type") {
        "object"
            if parent
                .get("additionalProperties")
                .is_some_and(|a| !a.is_null()) =>
        {
            limit("maxProperties")?
        }
        "array" => limit("maxItems")?,
        _ => 1,
    };
    Some(cardinality.saturating_mul(u64::try_from(factor).unwrap_or(0)))
}

/// Whether `WithTypeAndObjectMeta` replaces the `kind`, `apiVersion` and
/// `metadata` of the resource root `schema` (it keeps them when the
/// schema declares them as it would): the types of rules below those
/// properties then come from the replacements, which the estimate does
/// not model.
pub(crate) fn replaces_type_meta(schema: &Map) -> bool {
    !keeps_type_meta(schema)
}

/// `getExpressionCost`: a rule's estimated cost times its cardinality
/// (`multiplyWithOverflowGuard`).
pub(crate) fn times(cost: u64, cardinality: u64) -> u64 {
    cost.saturating_mul(cardinality)
}

/// `getCostErrorMessage`.
pub(crate) fn cost_message(name: &str, cost: u64, limit: u64) -> String {
    let factor = cost as f64 / limit as f64;
    let factor = if factor > 100.0 {
        "more than 100x".to_string()
    } else if factor < 1.5 {
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    };
    format!(
        "{name} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)"
    )
}

/// `TotalCost`: the estimated costs of a schema's expressions added up,
/// and the (at most 4) most expensive of those above 1% of the budget,
/// by their paths; unknown once one expression's cost is.
#[derive(Debug)]
pub(crate) struct CostTotal {
    known: bool,
    total: u64,
    expensive: Vec<(String, u64)>,
}

impl CostTotal {
    pub(crate) fn new() -> Self {
        CostTotal {
            known: true,
            total: 0,
            expensive: Vec::new(),
        }
    }

    /// `ObserveExpressionCost` (`None`: an expression whose cost is not
    /// estimated, which leaves the total unknown).
    pub(crate) fn observe(&mut self, path: String, cost: Option<u64>) {
        let Some(cost) = cost else {
            self.known = false;
            return;
        };
        self.total = self.total.saturating_add(cost);
        if cost < CRD_LIMIT / 100 {
            return;
        }
        self.expensive.push((path, cost));
        // Go's sort.Slice on at most five items is an insertion sort:
        // stable.
        self.expensive.sort_by_key(|e| std::cmp::Reverse(e.1));
        self.expensive.truncate(4);
    }

    /// When the known total exceeds the budget: the paths of the most
    /// expensive expressions, and the message at the schema.
    pub(crate) fn exceeded(&self) -> Option<(Vec<&str>, String)> {
        if !self.known || self.total <= CRD_LIMIT {
            return None;
        }
        let paths = self.expensive.iter().map(|(p, _)| p.as_str()).collect();
        let message = cost_message(
            "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
            self.total,
            CRD_LIMIT,
        );
        Some((paths, message))
    }
}

// ----- the schema's CEL declarations -----

fn text<'a>(m: &'a Map, key: &str) -> &'a str {
    m.get(key).and_then(Value::as_str).unwrap_or("")
}

fn flag(m: &Map, key: &str) -> bool {
    m.get(key) == Some(&Value::Bool(true))
}

fn sub<'a>(m: &'a Map, key: &str) -> Option<&'a Map> {
    m.get(key).and_then(Value::as_map)
}

fn int(m: &Map, key: &str) -> Option<i64> {
    m.get(key).and_then(Value::as_i64)
}

fn zero_if_negative(v: i64) -> i64 {
    v.max(0)
}

/// A node of the schema's CEL declaration (apiserver's `DeclType`, as
/// `SchemaDeclType` makes it).
#[derive(Clone, Copy, Debug)]
enum Decl<'a> {
    /// A schema, and whether it is a resource's root (its own or an
    /// embedded resource), which `WithTypeAndObjectMeta` completes.
    Schema(&'a Map, bool),
    /// `kind` or `apiVersion` that `WithTypeAndObjectMeta` adds: a string.
    Plain,
    /// The `metadata` it adds, with the schema's own metadata.
    Meta(Option<&'a Map>),
    /// Its `name` (`generateName`): a string of at most this length.
    Capped(i64),
    /// A map's key: `StringType`.
    Key,
    /// A node of DRA's declared `device`.
    Dra(Dra),
}

/// The declared types of DRA's `device` variable (dynamic-resource-allocation
/// `cel/compile.go`, 1.36, DRAConsumableCapacity on and DRAListTypeAttributes
/// off: `newCompiler`'s `deviceTypeV134ConsumableCapacity`), each with the
/// `MaxElements` its `sizeEstimator` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dra {
    /// `kubernetes.DRADevice`: an object type (no `MaxElements`).
    Device,
    /// `outer…MapType` (by domain) or `inner…MapType` (by ID) of the
    /// attributes or (`capacity`) the capacities:
    /// `ResourceSliceMaxAttributesAndCapacitiesPerDevice` entries.
    Map { capacity: bool, outer: bool },
    /// `driverType`: `DriverNameMaxLength`.
    Driver,
    /// `domainType`: `DeviceMaxDomainLength`.
    Domain,
    /// `idType`: `DeviceMaxIDLength`.
    Id,
    /// `multiAllocType`: a bool of `MaxElements` 1.
    MultipleAllocations,
    /// `attributeType`: `AnyType` of `DeviceAttributeMaxValueLength`.
    Attribute,
    /// `QuantityDeclType` (no `MaxElements`).
    Quantity,
}

/// `ResourceSliceMaxAttributesAndCapacitiesPerDevice`.
const DRA_MAX_ATTRIBUTES: i64 = 32;

impl<'a> Decl<'a> {
    fn of(m: &'a Map) -> Decl<'a> {
        Decl::Schema(m, flag(m, "x-kubernetes-embedded-resource"))
    }

    fn same(self, other: Decl<'_>) -> bool {
        match (self, other) {
            (Decl::Schema(a, x), Decl::Schema(b, y)) => std::ptr::eq(a, b) && x == y,
            (Decl::Plain, Decl::Plain) | (Decl::Key, Decl::Key) => true,
            (Decl::Meta(a), Decl::Meta(b)) => match (a, b) {
                (Some(a), Some(b)) => std::ptr::eq(a, b),
                (None, None) => true,
                _ => false,
            },
            (Decl::Capped(a), Decl::Capped(b)) => a == b,
            (Decl::Dra(a), Decl::Dra(b)) => a == b,
            _ => false,
        }
    }

    /// The CEL type of the node; `None` where `SchemaDeclType` gives
    /// none (no type, a list or map of such).
    fn ty(self) -> Option<Ty<'a>> {
        let Decl::Schema(s, _) = self else {
            return Some(match self {
                Decl::Meta(_) | Decl::Dra(Dra::Device) => Ty::Object(self),
                Decl::Dra(Dra::Map { .. }) => Ty::Map(Box::new(self.elem()?.ty()?)),
                Decl::Dra(Dra::MultipleAllocations) => Ty::Bool,
                // `AnyType`: the checker takes it as it takes a dyn.
                Decl::Dra(Dra::Attribute) => Ty::Dyn,
                Decl::Dra(Dra::Quantity) => Ty::Quantity,
                _ => Ty::String,
            });
        };
        if flag(s, "x-kubernetes-int-or-string") {
            return Some(Ty::Dyn);
        }
        Some(match text(s, "type") {
            "array" => Ty::List(Box::new(Decl::of(sub(s, "items")?).ty()?)),
            "object" => match sub(s, "additionalProperties") {
                Some(values) => Ty::Map(Box::new(Decl::of(values).ty()?)),
                None => Ty::Object(self),
            },
            "string" => match text(s, "format") {
                "byte" => Ty::Bytes,
                "duration" => Ty::Duration,
                "date" | "date-time" => Ty::Timestamp,
                _ => Ty::String,
            },
            "boolean" => Ty::Bool,
            "number" => Ty::Double,
            "integer" => Ty::Int,
            _ => return None,
        })
    }

    /// What kind of node: a list, a map, an object.
    fn shape(self) -> Shape {
        match self {
            Decl::Meta(_) | Decl::Dra(Dra::Device) => Shape::Object,
            Decl::Dra(Dra::Map { .. }) => Shape::Map,
            Decl::Schema(s, _) if !flag(s, "x-kubernetes-int-or-string") => match text(s, "type") {
                "array" => Shape::List,
                "object" if sub(s, "additionalProperties").is_some() => Shape::Map,
                "object" => Shape::Object,
                _ => Shape::Scalar,
            },
            _ => Shape::Scalar,
        }
    }

    /// `ElemType`: a list's items, a map's values.
    fn elem(self) -> Option<Decl<'a>> {
        if let Decl::Dra(Dra::Map { capacity, outer }) = self {
            return Some(Decl::Dra(match (capacity, outer) {
                (_, true) => Dra::Map {
                    capacity,
                    outer: false,
                },
                (true, false) => Dra::Quantity,
                (false, false) => Dra::Attribute,
            }));
        }
        let Decl::Schema(s, _) = self else {
            return None;
        };
        match self.shape() {
            Shape::List => sub(s, "items").map(Decl::of),
            Shape::Map => sub(s, "additionalProperties").map(Decl::of),
            _ => None,
        }
    }

    /// `KeyType`: a map's.
    fn key(self) -> Option<Decl<'a>> {
        if let Decl::Dra(Dra::Map { outer, .. }) = self {
            return Some(Decl::Dra(if outer { Dra::Domain } else { Dra::Id }));
        }
        matches!(self.shape(), Shape::Map).then_some(Decl::Key)
    }

    /// The fields of an object node (`DeclType.Fields`), by their CEL
    /// names, each with its property name and whether it has a default.
    fn fields(self) -> Vec<(String, &'a str, Decl<'a>, bool)> {
        let mut out = Vec::new();
        match self {
            Decl::Meta(meta) => {
                let own = |name: &str, max: i64| {
                    let given = meta
                        .and_then(|m| sub(m, "properties"))
                        .and_then(|p| sub(p, name))
                        .and_then(|p| int(p, "maxLength"));
                    Decl::Capped(given.filter(|g| *g < max).unwrap_or(max))
                };
                out.push(("name".to_string(), "name", own("name", 253), false));
                out.push((
                    "generateName".to_string(),
                    "generateName",
                    own("generateName", 252),
                    false,
                ));
            }
            Decl::Dra(Dra::Device) => {
                for (name, dra) in [
                    ("allowMultipleAllocations", Dra::MultipleAllocations),
                    ("driver", Dra::Driver),
                    (
                        "attributes",
                        Dra::Map {
                            capacity: false,
                            outer: true,
                        },
                    ),
                    (
                        "capacity",
                        Dra::Map {
                            capacity: true,
                            outer: true,
                        },
                    ),
                ] {
                    out.push((name.to_string(), name, Decl::Dra(dra), false));
                }
            }
            Decl::Schema(s, root) if matches!(self.shape(), Shape::Object) => {
                let replaced = root && !keeps_type_meta(s);
                let props = sub(s, "properties");
                for (name, prop) in props.into_iter().flat_map(|p| p.iter()) {
                    if replaced && matches!(name.as_str(), "kind" | "apiVersion" | "metadata") {
                        continue;
                    }
                    let Some(prop) = prop.as_map() else { continue };
                    let decl = Decl::of(prop);
                    if decl.ty().is_none() {
                        continue;
                    }
                    let defaulted = prop.get("default").is_some_and(|d| !d.is_null());
                    if let Some(escaped) = escape(name) {
                        out.push((escaped, name.as_str(), decl, defaulted));
                    } else {
                        // Not a field, yet counted in the smallest size.
                        out.push((String::new(), name.as_str(), decl, defaulted));
                    }
                }
                if replaced {
                    let meta = props.and_then(|p| sub(p, "metadata"));
                    out.push(("kind".to_string(), "kind", Decl::Plain, false));
                    out.push(("apiVersion".to_string(), "apiVersion", Decl::Plain, false));
                    out.push(("metadata".to_string(), "metadata", Decl::Meta(meta), false));
                }
            }
            _ => {}
        }
        out
    }

    /// The field of an object node by its CEL name.
    fn field(self, name: &str) -> Option<Decl<'a>> {
        if name.is_empty() {
            return None;
        }
        let fields = self.fields();
        let find = |name: &str| {
            fields
                .iter()
                .find(|(escaped, ..)| escaped == name)
                .map(|(_, _, d, _)| *d)
        };
        // A reserved word names its property directly too (`check`'s
        // `object_field`).
        find(name).or_else(|| {
            crate::crd::CEL_RESERVED
                .contains(&name)
                .then(|| find(&format!("__{name}__")))
                .flatten()
        })
    }

    /// `MinSerializedSize`.
    fn min_size(self) -> i64 {
        let Decl::Schema(s, _) = self else {
            return 2;
        };
        if flag(s, "x-kubernetes-int-or-string") {
            return 1;
        }
        match text(s, "type") {
            "object" if matches!(self.shape(), Shape::Object) => {
                let required: Vec<&str> = s
                    .get("required")
                    .and_then(Value::as_list)
                    .map(|l| l.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let mut size: i64 = 2;
                for (_, name, decl, defaulted) in self.fields() {
                    if required.contains(&name) && !defaulted {
                        size = size
                            .wrapping_add(name.len() as i64)
                            .wrapping_add(decl.min_size())
                            .wrapping_add(4);
                    }
                }
                size
            }
            "string" => match text(s, "format") {
                "duration" => 3,
                "date" => 12,
                "date-time" => 21,
                _ => 2,
            },
            "boolean" => 4,
            "number" | "integer" => 1,
            _ => 2,
        }
    }

    /// `MaxElements`.
    fn max_elements(self) -> i64 {
        let s = match self {
            Decl::Plain => return MAX_REQUEST - 2,
            Decl::Capped(n) => return zero_if_negative(n).wrapping_mul(4),
            Decl::Key | Decl::Meta(_) => return 0,
            Decl::Dra(dra) => {
                return match dra {
                    Dra::Device | Dra::Quantity => 0,
                    Dra::Map { .. } => DRA_MAX_ATTRIBUTES,
                    Dra::Driver | Dra::Domain => 63,
                    Dra::Id => 32,
                    Dra::MultipleAllocations => 1,
                    Dra::Attribute => 64,
                };
            }
            Decl::Schema(s, _) => s,
        };
        let per_request = MAX_REQUEST - 2;
        if flag(s, "x-kubernetes-int-or-string") {
            return int(s, "maxLength")
                .map_or(per_request, |n| zero_if_negative(n).wrapping_mul(4));
        }
        match (text(s, "type"), self.shape()) {
            ("array", _) => int(s, "maxItems").map_or_else(
                || per_request / self.elem().map_or(2, Decl::min_size).wrapping_add(1),
                zero_if_negative,
            ),
            (_, Shape::Map) => int(s, "maxProperties").map_or_else(
                || per_request / self.elem().map_or(2, Decl::min_size).wrapping_add(6),
                zero_if_negative,
            ),
            ("string", _) => match text(s, "format") {
                "byte" => int(s, "maxLength").map_or(per_request, zero_if_negative),
                "duration" | "date-time" => 32,
                "date" => 12,
                _ => match int(s, "maxLength") {
                    Some(n) => zero_if_negative(n).wrapping_mul(4),
                    None => match s.get("enum").and_then(Value::as_list) {
                        Some(values) if !values.is_empty() => values
                            .iter()
                            .filter_map(Value::as_str)
                            .map(|v| v.len() as i64)
                            .max()
                            .unwrap_or(0),
                        _ => per_request,
                    },
                },
            },
            _ => 0,
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    List,
    Map,
    Object,
    Scalar,
}

/// A CEL type, as far as the estimate needs it.
#[derive(Clone, Debug)]
enum Ty<'a> {
    Bool,
    Int,
    Uint,
    Double,
    String,
    Bytes,
    Duration,
    Timestamp,
    Null,
    /// A type value (`type(x)`, `int`).
    Type,
    Dyn,
    List(Box<Ty<'a>>),
    /// A map from strings.
    Map(Box<Ty<'a>>),
    /// An object of the schema.
    Object(Decl<'a>),
    Optional(Box<Ty<'a>>),
    Ip,
    Cidr,
    Quantity,
    Url,
    /// apiserver's `kubernetes.Semver`.
    Semver,
    /// apiserver's `kubernetes.NamedFormat`.
    Format,
    /// An empty list literal's item, `optional.none()`'s value: a type
    /// parameter.
    Param,
}

impl Ty<'_> {
    fn same(&self, other: &Ty<'_>) -> bool {
        match (self, other) {
            (Ty::List(a), Ty::List(b)) | (Ty::Map(a), Ty::Map(b)) => a.same(b),
            (Ty::Optional(a), Ty::Optional(b)) => a.same(b),
            (Ty::Object(a), Ty::Object(b)) => a.same(*b),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// `isScalar`: a type of a constant size.
    fn scalar(&self) -> bool {
        match self {
            Ty::Bool | Ty::Double | Ty::Duration | Ty::Int | Ty::Timestamp | Ty::Uint => true,
            Ty::Optional(t) => t.scalar(),
            _ => false,
        }
    }

    fn numeric(&self) -> bool {
        matches!(self, Ty::Int | Ty::Uint | Ty::Double)
    }

    fn stringy(&self) -> bool {
        matches!(self, Ty::String | Ty::Dyn)
    }
}

// ----- sizes and costs -----

/// cel-go's `SizeEstimate` and `CostEstimate`: a range that saturates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    min: u64,
    max: u64,
}

const UNKNOWN: Range = Range {
    min: 0,
    max: u64::MAX,
};

impl Range {
    const fn fixed(n: u64) -> Range {
        Range { min: n, max: n }
    }

    fn add(self, o: Range) -> Range {
        Range {
            min: self.min.saturating_add(o.min),
            max: self.max.saturating_add(o.max),
        }
    }

    fn mul(self, o: Range) -> Range {
        Range {
            min: self.min.saturating_mul(o.min),
            max: self.max.saturating_mul(o.max),
        }
    }

    /// `MultiplyByCostFactor`: rounded up.
    fn factor(self, f: f64) -> Range {
        Range {
            min: by_factor(self.min, f),
            max: by_factor(self.max, f),
        }
    }

    fn union(self, o: Range) -> Range {
        Range {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }
}

/// `multiplyByCostFactor`.
fn by_factor(x: u64, y: f64) -> u64 {
    let xf = x as f64;
    if xf > 0.0 && y > 0.0 && xf > u64::MAX as f64 / y {
        return u64::MAX;
    }
    let ceil = (xf * y).ceil();
    if ceil >= 18_446_744_073_709_551_616.0 {
        return u64::MAX;
    }
    ceil as u64
}

/// `common.StringTraversalCostFactor`.
const TRAVERSAL: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
const REGEX: f64 = 0.25;

/// `entrySizeEstimate`: a list literal's (or a result's) key and item
/// sizes.
#[derive(Clone, Copy, Debug)]
struct Entry {
    list: bool,
    key: Range,
    val: Range,
}

fn union_entries(a: Option<Entry>, b: Option<Entry>) -> Option<Entry> {
    let (a, b) = (a?, b?);
    Some(Entry {
        list: a.list,
        key: a.key.union(b.key),
        val: a.val.union(b.val),
    })
}

/// A Go `[]string` field path: appending writes into the backing array
/// when it has room, so paths built from one another share it, as
/// cel-go's `exprPaths` do.
#[derive(Clone, Default)]
struct Path {
    buf: Option<Rc<RefCell<Vec<String>>>>,
    len: usize,
}

impl Path {
    /// `[]string{name}`.
    fn of(name: &str) -> Path {
        Path {
            buf: Some(Rc::new(RefCell::new(vec![name.to_string()]))),
            len: 1,
        }
    }

    /// Go's `append(path, name)`: in place while the capacity allows,
    /// else into a new array of twice the capacity (`growslice` for
    /// small slices of strings).
    fn append(&self, name: &str) -> Path {
        if let Some(buf) = &self.buf
            && self.len < buf.borrow().len()
        {
            buf.borrow_mut()[self.len] = name.to_string();
            return Path {
                buf: Some(buf.clone()),
                len: self.len + 1,
            };
        }
        let cap = self.buf.as_ref().map_or(0, |b| b.borrow().len());
        let new_cap = if cap == 0 { 1 } else { cap * 2 };
        let mut items: Vec<String> = self
            .buf
            .as_ref()
            .map(|b| b.borrow()[..self.len].to_vec())
            .unwrap_or_default();
        items.push(name.to_string());
        items.resize(new_cap.max(items.len()), String::new());
        Path {
            buf: Some(Rc::new(RefCell::new(items))),
            len: self.len + 1,
        }
    }

    /// `make` and `copy` into a new array, then the name: shares nothing.
    fn copy_append(&self, name: &str) -> Path {
        let mut items: Vec<String> = self
            .buf
            .as_ref()
            .map(|b| b.borrow().iter().take(self.len).cloned().collect())
            .unwrap_or_default();
        items.push(name.to_string());
        Path {
            len: items.len(),
            buf: Some(Rc::new(RefCell::new(items))),
        }
    }

    fn first_is(&self, name: &str) -> bool {
        self.len > 0 && self.buf.as_ref().is_some_and(|b| b.borrow()[0] == name)
    }
}

// ----- cel-go's expression -----

/// A node of the expression as cel-go parses, expands and checks it.
struct Node<'a> {
    kind: Kind,
    ty: Ty<'a>,
}

enum Kind {
    /// A literal, its size (`computeExprSize`) and its value if an int.
    Literal(u64, Option<i64>),
    Ident(String),
    /// A selection, or (`true`) a presence test.
    Select(usize, String, bool),
    /// A function, its receiver, arguments and overloads.
    Call(String, Option<usize>, Vec<usize>, Vec<&'static str>),
    List(Vec<usize>),
    /// A comprehension: range, variable, accumulator's initial value,
    /// condition, step, result.
    Comprehension(usize, String, usize, usize, usize, usize),
    /// A binding (`cel.bind`, the comprehension `optMap` and `optFlatMap`
    /// expand to, which `isBind` tells): its empty range, variable,
    /// value and result.
    Bind(usize, String, usize, usize),
}

/// The generic overload of constant cost (several where a dyn makes
/// several apply, all of cost 1).
const O1: &str = "";

struct Builder<'a> {
    source: Vec<char>,
    nodes: Vec<Node<'a>>,
    /// The variables in scope, the innermost last.
    scope: Vec<(String, Ty<'a>)>,
    /// DRA's environment, which adds `ext.Bindings` (`cel.bind`).
    device: bool,
}

impl<'a> Builder<'a> {
    fn push(&mut self, kind: Kind, ty: Ty<'a>) -> usize {
        self.nodes.push(Node { kind, ty });
        self.nodes.len() - 1
    }

    fn ty(&self, id: usize) -> &Ty<'a> {
        &self.nodes[id].ty
    }

    fn call(
        &mut self,
        fun: &str,
        target: Option<usize>,
        args: Vec<usize>,
        overloads: &[&'static str],
        ty: Ty<'a>,
    ) -> usize {
        self.push(
            Kind::Call(fun.to_string(), target, args, overloads.to_vec()),
            ty,
        )
    }

    fn literal(&mut self, size: u64, ty: Ty<'a>) -> usize {
        self.push(Kind::Literal(size, None), ty)
    }

    /// Whether only whitespace stands between characters `from` and `to`.
    fn blank_between(&self, from: usize, to: usize) -> bool {
        self.source
            .get(from..to)
            .is_some_and(|s| s.iter().all(|c| c.is_whitespace()))
    }

    /// A number literal starting at `at` as cel-go's grammar reads it
    /// too: digits, or a `-` then digits (not `-(1)` nor `--1`, which the
    /// engine folds and cel-go calls `-_` on).
    fn plain_number(&self, at: usize, negative: bool) -> bool {
        let starts_digit = |i: usize| self.source.get(i).is_some_and(char::is_ascii_digit);
        if !negative {
            return starts_digit(at);
        }
        if self.source.get(at) != Some(&'-') {
            return false;
        }
        let mut i = at + 1;
        while self.source.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        starts_digit(i)
    }

    fn lookup(&self, name: &str) -> Option<Ty<'a>> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.clone())
    }

    fn expr(&mut self, e: &Expr) -> Option<usize> {
        match e {
            Expr::Literal(v, at) => {
                let (ty, size) = match v {
                    Value::Int(i) => {
                        self.plain_number(*at, *i < 0).then_some(())?;
                        return Some(self.push(Kind::Literal(1, Some(*i)), Ty::Int));
                    }
                    Value::Float(f) => {
                        self.plain_number(*at, f.is_sign_negative()).then_some(())?;
                        (Ty::Double, 1)
                    }
                    Value::String(s) => (Ty::String, s.chars().count() as u64),
                    Value::Bool(_) => (Ty::Bool, 1),
                    Value::Null => (Ty::Null, 1),
                    _ => return None,
                };
                Some(self.literal(size, ty))
            }
            Expr::Ident(name, _) => {
                if name == ACCUMULATOR || name.starts_with('@') {
                    return None;
                }
                let ty = match self.lookup(name) {
                    Some(t) => t,
                    None if type_of_type_name(name).is_some() => Ty::Type,
                    None => return None,
                };
                Some(self.push(Kind::Ident(name.clone()), ty))
            }
            Expr::Select(operand, field, _) | Expr::Has(operand, field, _) => {
                let o = self.expr(operand)?;
                let found = select_type(self.ty(o), field)?;
                let test = matches!(e, Expr::Has(..));
                let ty = if test { Ty::Bool } else { found };
                Some(self.push(Kind::Select(o, field.clone(), test), ty))
            }
            Expr::Index(target, index, _) => {
                let (t, i) = (self.expr(target)?, self.expr(index)?);
                let (overload, ty) = match (self.ty(t), self.ty(i)) {
                    (Ty::List(item), Ty::Int | Ty::Dyn) => ("index_list", (**item).clone()),
                    (Ty::Map(value), Ty::String | Ty::Dyn) => ("index_map", (**value).clone()),
                    _ => return None,
                };
                if matches!(ty, Ty::Param) {
                    return None;
                }
                Some(self.call("_[_]", None, vec![t, i], &[overload], ty))
            }
            Expr::Macro(range, name, var, body, _) => {
                self.comprehension(range, name, var, None, body)
            }
            Expr::Call(Some(range), name, args, _) if name == "map" && args.len() == 3 => {
                let Expr::Ident(var, _) = &args[0] else {
                    return None;
                };
                self.comprehension(range, name, var, Some(&args[1]), &args[2])
            }
            Expr::Call(Some(target), name, args, _)
                if (name == "optMap" || name == "optFlatMap") && args.len() == 2 =>
            {
                let Expr::Ident(var, _) = &args[0] else {
                    return None;
                };
                self.opt_map(target, name == "optMap", var, &args[1])
            }
            Expr::Call(Some(target), name, args, _) if name == "?" => {
                let [Expr::Literal(Value::String(field), _)] = args.as_slice() else {
                    return None;
                };
                let o = self.expr(target)?;
                let found = match self.ty(o) {
                    Ty::Object(_) | Ty::Map(_) | Ty::Dyn => select_type(self.ty(o), field)?,
                    _ => return None,
                };
                let lit = self.literal(field.chars().count() as u64, Ty::String);
                let ty = Ty::Optional(Box::new(found));
                Some(self.call("_?._", None, vec![o, lit], &["select_optional_field"], ty))
            }
            Expr::Call(target, name, args, _) => {
                // A name before the `.` that makes a declared function's
                // name is that function (`sets.contains`), even beside a
                // variable of that name: cel-go's `checkCall` tries the
                // qualified name first. Another name outside the scope
                // is undeclared.
                if let Some(Expr::Ident(prefix, _)) = target.as_deref() {
                    let qualified = format!("{prefix}.{name}");
                    if self.device && qualified == "cel.bind" {
                        return self.bind(args);
                    }
                    if namespaced(&qualified) {
                        let args: Vec<usize> =
                            args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
                        let (overloads, ty) = self.function(&qualified, None, &args)?;
                        return Some(self.call(&qualified, None, args, &overloads, ty));
                    }
                    self.lookup(prefix)?;
                }
                // cel-go checks the arguments, then the receiver.
                let args: Vec<usize> = args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
                let receiver = match target {
                    Some(t) => Some(self.expr(t)?),
                    None => None,
                };
                let (overloads, ty) = self.function(name, receiver, &args)?;
                Some(self.call(name, receiver, args, &overloads, ty))
            }
            Expr::Not(..) | Expr::Negate(..) => self.unary(e),
            Expr::Binary(a, op, b, _) => {
                let (l, r) = (self.expr(a)?, self.expr(b)?);
                let (fun, overloads, ty) = self.operator(op, l, r)?;
                Some(self.call(fun, None, vec![l, r], &overloads, ty))
            }
            Expr::Conditional(c, a, b, _) => {
                let (c, a, b) = (self.expr(c)?, self.expr(a)?, self.expr(b)?);
                if !matches!(self.ty(c), Ty::Bool | Ty::Dyn) {
                    return None;
                }
                let ty = join(self.ty(a), self.ty(b))?;
                Some(self.call("_?_:_", None, vec![c, a, b], &["conditional"], ty))
            }
            Expr::List(items, _) => {
                let ids: Vec<usize> = items.iter().map(|i| self.expr(i)).collect::<Option<_>>()?;
                let mut item = Ty::Param;
                for id in &ids {
                    item = join(&item, self.ty(*id))?;
                }
                Some(self.push(Kind::List(ids), Ty::List(Box::new(item))))
            }
        }
    }

    /// `!x` and `-x`: cel-go's parser drops an even run of the same
    /// operator (`!!x` is `x`) and makes an odd one a single call.
    fn unary(&mut self, e: &Expr) -> Option<usize> {
        let (mut inner, mut at) = match e {
            Expr::Not(inner, at) | Expr::Negate(inner, at) => (&**inner, *at),
            _ => return None,
        };
        let not = matches!(e, Expr::Not(..));
        let mut count = 1;
        loop {
            match (not, inner) {
                (true, Expr::Not(next, next_at)) | (false, Expr::Negate(next, next_at))
                    if self.blank_between(at + 1, *next_at) =>
                {
                    count += 1;
                    at = *next_at;
                    inner = next;
                }
                _ => break,
            }
        }
        let operand = self.expr(inner)?;
        if count % 2 == 0 {
            return Some(operand);
        }
        let ty = self.ty(operand).clone();
        if not {
            matches!(ty, Ty::Bool | Ty::Dyn).then_some(())?;
            Some(self.call("!_", None, vec![operand], &["logical_not"], Ty::Bool))
        } else {
            let overloads: &[&str] = match ty {
                Ty::Int | Ty::Double | Ty::Dyn => &[O1],
                _ => return None,
            };
            Some(self.call("-_", None, vec![operand], overloads, ty))
        }
    }

    /// A binary operator's function, overloads and result type.
    fn operator(
        &self,
        op: &str,
        l: usize,
        r: usize,
    ) -> Option<(&'static str, Vec<&'static str>, Ty<'a>)> {
        let (lt, rt) = (self.ty(l), self.ty(r));
        let o1 = |fun: &'static str, ty: Ty<'a>| Some((fun, vec![O1], ty));
        match op {
            "&&" | "||" => {
                if !matches!(lt, Ty::Bool | Ty::Dyn) || !matches!(rt, Ty::Bool | Ty::Dyn) {
                    return None;
                }
                Some(if op == "&&" {
                    ("_&&_", vec!["logical_and"], Ty::Bool)
                } else {
                    ("_||_", vec!["logical_or"], Ty::Bool)
                })
            }
            "==" => Some(("_==_", vec!["equals"], Ty::Bool)),
            "!=" => Some(("_!=_", vec!["not_equals"], Ty::Bool)),
            "<" | "<=" | ">" | ">=" => {
                let fun = match op {
                    "<" => "_<_",
                    "<=" => "_<=_",
                    ">" => "_>_",
                    _ => "_>=_",
                };
                let sized = match op {
                    "<" => ["less_string", "less_bytes"],
                    "<=" => ["less_equals_string", "less_equals_bytes"],
                    ">" => ["greater_string", "greater_bytes"],
                    _ => ["greater_equals_string", "greater_equals_bytes"],
                };
                let constant = |t: &Ty<'_>| {
                    matches!(
                        t,
                        Ty::Int | Ty::Uint | Ty::Double | Ty::Bool | Ty::Timestamp | Ty::Duration
                    )
                };
                match (lt, rt) {
                    (Ty::String, Ty::String) => Some((fun, vec![sized[0]], Ty::Bool)),
                    (Ty::Bytes, Ty::Bytes) => Some((fun, vec![sized[1]], Ty::Bool)),
                    (a, b) if a.numeric() && b.numeric() => o1(fun, Ty::Bool),
                    (a, b) if constant(a) && a.same(b) => o1(fun, Ty::Bool),
                    // A dyn beside a type whose comparisons are all of
                    // constant cost.
                    (Ty::Dyn, t) | (t, Ty::Dyn) if constant(t) => o1(fun, Ty::Bool),
                    _ => None,
                }
            }
            "+" => match (lt, rt) {
                (Ty::String, Ty::String) => Some(("_+_", vec!["add_string"], Ty::String)),
                (Ty::Bytes, Ty::Bytes) => Some(("_+_", vec!["add_bytes"], Ty::Bytes)),
                (Ty::List(a), Ty::List(b)) => {
                    let item = join(a, b)?;
                    Some(("_+_", vec!["add_list"], Ty::List(Box::new(item))))
                }
                (Ty::Duration, Ty::Duration) => o1("_+_", Ty::Duration),
                (Ty::Timestamp, Ty::Duration) | (Ty::Duration, Ty::Timestamp) => {
                    o1("_+_", Ty::Timestamp)
                }
                (a, b) if a.numeric() && a.same(b) => o1("_+_", a.clone()),
                (Ty::Dyn, t) | (t, Ty::Dyn) if t.numeric() => o1("_+_", t.clone()),
                _ => None,
            },
            "-" => match (lt, rt) {
                (Ty::Timestamp, Ty::Timestamp) | (Ty::Duration, Ty::Duration) => {
                    o1("_-_", Ty::Duration)
                }
                (Ty::Timestamp, Ty::Duration) => o1("_-_", Ty::Timestamp),
                (a, b) if a.numeric() && a.same(b) => o1("_-_", a.clone()),
                (Ty::Dyn, t) | (t, Ty::Dyn) if t.numeric() => o1("_-_", t.clone()),
                _ => None,
            },
            "*" | "/" | "%" => {
                let fun = match op {
                    "*" => "_*_",
                    "/" => "_/_",
                    _ => "_%_",
                };
                let takes = |t: &Ty<'_>| {
                    if op == "%" {
                        matches!(t, Ty::Int | Ty::Uint)
                    } else {
                        t.numeric()
                    }
                };
                match (lt, rt) {
                    (a, b) if takes(a) && a.same(b) => o1(fun, a.clone()),
                    (Ty::Dyn, t) | (t, Ty::Dyn) if takes(t) => o1(fun, t.clone()),
                    _ => None,
                }
            }
            "in" => match rt {
                Ty::List(_) => Some(("@in", vec!["in_list"], Ty::Bool)),
                Ty::Map(_) => Some(("@in", vec!["in_map"], Ty::Bool)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A function's overloads and result type, for a call of `name` on
    /// `receiver` (a method) with `args`.
    fn function(
        &self,
        name: &str,
        receiver: Option<usize>,
        args: &[usize],
    ) -> Option<(Vec<&'static str>, Ty<'a>)> {
        let arg: Vec<Ty<'a>> = args.iter().map(|a| self.ty(*a).clone()).collect();
        let target: Option<Ty<'a>> = receiver.map(|r| self.ty(r).clone());
        let one = |overload: &'static str, ty: Ty<'a>| Some((vec![overload], ty));
        let string = |t: &Ty<'_>| t.stringy();
        let int_arg = |t: &Ty<'_>| matches!(t, Ty::Int | Ty::Dyn);
        let time = |t: &Ty<'_>| matches!(t, Ty::Timestamp | Ty::Dyn);
        let strings = || Ty::List(Box::new(Ty::String));
        // A list's item (a dyn's: dyn), as a `list(T)` parameter binds it.
        let item_of = |t: &Ty<'a>| match t {
            Ty::List(item) => Some((**item).clone()),
            Ty::Dyn => Some(Ty::Dyn),
            _ => None,
        };
        // The lists libraries' `comparableTypes` (or a type that could be
        // one).
        let comparable = |t: &Ty<'_>| {
            matches!(
                t,
                Ty::Int
                    | Ty::Uint
                    | Ty::Double
                    | Ty::Bool
                    | Ty::Duration
                    | Ty::Timestamp
                    | Ty::String
                    | Ty::Bytes
                    | Ty::Dyn
                    | Ty::Param
            )
        };
        // `join`'s target: a `list(string)`, or what could be one.
        let joinable =
            |t: &Ty<'a>| item_of(t).is_some_and(|i| matches!(i, Ty::String | Ty::Dyn | Ty::Param));
        // An unbound type parameter in a result is a dyn.
        let dyn_param = |t: Ty<'a>| if matches!(t, Ty::Param) { Ty::Dyn } else { t };
        match (target.as_ref(), name, arg.as_slice()) {
            // cel-go's standard library.
            (None, "size", [t]) | (Some(t), "size", []) => match t {
                Ty::String | Ty::Bytes | Ty::List(_) | Ty::Map(_) | Ty::Dyn => one(O1, Ty::Int),
                _ => None,
            },
            (
                None,
                "int",
                [
                    Ty::Int
                    | Ty::Uint
                    | Ty::Double
                    | Ty::String
                    | Ty::Duration
                    | Ty::Timestamp
                    | Ty::Dyn,
                ],
            ) => one(O1, Ty::Int),
            (None, "uint", [Ty::Int | Ty::Uint | Ty::Double | Ty::String | Ty::Dyn]) => {
                one(O1, Ty::Uint)
            }
            (None, "double", [Ty::Int | Ty::Uint | Ty::Double | Ty::String | Ty::Dyn]) => {
                one(O1, Ty::Double)
            }
            (None, "bool", [Ty::Bool | Ty::String | Ty::Dyn]) => one(O1, Ty::Bool),
            (None, "string", [t]) => match t {
                Ty::Bytes => one("bytes_to_string", Ty::String),
                Ty::String
                | Ty::Bool
                | Ty::Int
                | Ty::Uint
                | Ty::Double
                | Ty::Duration
                | Ty::Timestamp
                | Ty::Ip
                | Ty::Cidr => one(O1, Ty::String),
                _ => None,
            },
            (None, "bytes", [t]) => match t {
                Ty::String => one("string_to_bytes", Ty::Bytes),
                Ty::Bytes => one(O1, Ty::Bytes),
                _ => None,
            },
            (None, "duration", [Ty::String | Ty::Duration | Ty::Dyn]) => one(O1, Ty::Duration),
            (None, "timestamp", [Ty::String | Ty::Int | Ty::Timestamp | Ty::Dyn]) => {
                one(O1, Ty::Timestamp)
            }
            (None, "type", [_]) => one(O1, Ty::Type),
            (None, "dyn", [_]) => one(O1, Ty::Dyn),
            (None, "matches", [s, re]) if string(s) && string(re) => one(O1, Ty::Bool),
            (Some(t), "startsWith", [s]) if string(t) && string(s) => {
                one("starts_with_string", Ty::Bool)
            }
            (Some(t), "endsWith", [s]) if string(t) && string(s) => {
                one("ends_with_string", Ty::Bool)
            }
            (Some(t), "contains", [s]) if string(t) && string(s) => {
                one("contains_string", Ty::Bool)
            }
            (Some(t), "matches", [re]) if string(t) && string(re) => {
                one("matches_string", Ty::Bool)
            }
            (
                Some(t),
                "getFullYear" | "getMonth" | "getDayOfYear" | "getDayOfMonth" | "getDate"
                | "getDayOfWeek",
                [],
            ) if time(t) => one(O1, Ty::Int),
            (
                Some(t),
                "getFullYear" | "getMonth" | "getDayOfYear" | "getDayOfMonth" | "getDate"
                | "getDayOfWeek" | "getHours" | "getMinutes" | "getSeconds" | "getMilliseconds",
                [zone],
            ) if time(t) && string(zone) => one(O1, Ty::Int),
            (Some(t), "getHours" | "getMinutes" | "getSeconds" | "getMilliseconds", [])
                if time(t) || matches!(t, Ty::Duration) =>
            {
                one(O1, Ty::Int)
            }
            // ext.Strings version 2, as apiserver's estimator costs it.
            (Some(t), "lowerAscii" | "upperAscii" | "trim", []) if string(t) => one(O1, Ty::String),
            (Some(t), "substring", [i]) if string(t) && int_arg(i) => one(O1, Ty::String),
            (Some(t), "substring", [i, j]) if string(t) && int_arg(i) && int_arg(j) => {
                one(O1, Ty::String)
            }
            (Some(t), "replace", [a, b]) if string(t) && string(a) && string(b) => {
                one(O1, Ty::String)
            }
            (Some(t), "replace", [a, b, n])
                if string(t) && string(a) && string(b) && int_arg(n) =>
            {
                one(O1, Ty::String)
            }
            (Some(t), "split", [s]) if string(t) && string(s) => one(O1, strings()),
            (Some(t), "split", [s, n]) if string(t) && string(s) && int_arg(n) => {
                one(O1, strings())
            }
            (Some(Ty::String), "indexOf" | "lastIndexOf", [s]) if string(s) => one(O1, Ty::Int),
            (Some(Ty::String), "indexOf" | "lastIndexOf", [s, i]) if string(s) && int_arg(i) => {
                one(O1, Ty::Int)
            }
            (Some(t), "charAt", [i]) if string(t) && int_arg(i) => one(O1, Ty::String),
            // apiserver's regex library.
            (Some(t), "find", [re]) if string(t) && string(re) => one(O1, Ty::String),
            (Some(t), "findAll", [re]) if string(t) && string(re) => one(O1, strings()),
            (Some(t), "findAll", [re, n]) if string(t) && string(re) && int_arg(n) => {
                one(O1, strings())
            }
            // apiserver's quantity, IP, CIDR and URL libraries.
            (None, "quantity", [s]) if string(s) => one(O1, Ty::Quantity),
            (None, "isQuantity", [s]) if string(s) => one(O1, Ty::Bool),
            (Some(Ty::Quantity), "sign" | "asInteger", []) => one(O1, Ty::Int),
            (Some(Ty::Quantity), "isInteger", []) => one(O1, Ty::Bool),
            (Some(Ty::Quantity), "asApproximateFloat", []) => one(O1, Ty::Double),
            (Some(Ty::Quantity), "compareTo", [Ty::Quantity]) => one(O1, Ty::Int),
            (Some(Ty::Quantity), "isGreaterThan" | "isLessThan", [Ty::Quantity]) => {
                one(O1, Ty::Bool)
            }
            (Some(Ty::Quantity), "add" | "sub", [Ty::Quantity | Ty::Int]) => one(O1, Ty::Quantity),
            (None, "ip", [s]) if string(s) => one("string_to_ip", Ty::Ip),
            (None, "cidr", [s]) if string(s) => one("string_to_cidr", Ty::Cidr),
            (None, "isIP", [s]) if string(s) => one("is_ip", Ty::Bool),
            (None, "isCIDR", [s]) if string(s) => one("is_cidr", Ty::Bool),
            (None, "ip.isCanonical", [s]) if string(s) => one("ip_is_canonical", Ty::Bool),
            (Some(Ty::Ip), "family", []) => one(O1, Ty::Int),
            (
                Some(Ty::Ip),
                "isUnspecified"
                | "isLoopback"
                | "isLinkLocalMulticast"
                | "isLinkLocalUnicast"
                | "isGlobalUnicast",
                [],
            ) => one(O1, Ty::Bool),
            (Some(Ty::Cidr), "ip", []) => one("cidr_ip", Ty::Ip),
            (Some(Ty::Cidr), "prefixLength", []) => one(O1, Ty::Int),
            (Some(Ty::Cidr), "masked", []) => one(O1, Ty::Cidr),
            (Some(Ty::Cidr), "containsIP", [Ty::String]) => {
                one("cidr_contains_ip_string", Ty::Bool)
            }
            (Some(Ty::Cidr), "containsIP", [Ty::Ip]) => one("cidr_contains_ip_ip", Ty::Bool),
            (Some(Ty::Cidr), "containsCIDR", [Ty::String]) => {
                one("cidr_contains_cidr_string", Ty::Bool)
            }
            (Some(Ty::Cidr), "containsCIDR", [Ty::Cidr]) => one("cidr_contains_cidr", Ty::Bool),
            (None, "url", [s]) if string(s) => one("string_to_url", Ty::Url),
            (None, "isURL", [s]) if string(s) => one("is_url_string", Ty::Bool),
            (
                Some(Ty::Url),
                "getScheme" | "getHost" | "getHostname" | "getPort" | "getEscapedPath",
                [],
            ) => one(O1, Ty::String),
            (Some(Ty::Url), "getQuery", []) => one(O1, Ty::Map(Box::new(strings()))),
            // Optionals (cel-go's `OptionalTypes`, version 2 and on).
            (Some(Ty::Optional(_)), "hasValue", []) => one(O1, Ty::Bool),
            (Some(Ty::Optional(inner)), "value", []) => one(O1, (**inner).clone()),
            (Some(Ty::Optional(inner)), "orValue", [v]) => one(O1, join(inner, v)?),
            (Some(Ty::Optional(a)), "or", [Ty::Optional(b)]) => {
                one(O1, Ty::Optional(Box::new(join(a, b)?)))
            }
            (None, "optional.of" | "optional.ofNonZeroValue", [v]) => {
                one(O1, Ty::Optional(Box::new(v.clone())))
            }
            (None, "optional.none", []) => one(O1, Ty::Optional(Box::new(Ty::Param))),
            (None, "optional.unwrap", [Ty::List(item)]) => match &**item {
                Ty::Optional(inner) => one(O1, Ty::List(inner.clone())),
                _ => None,
            },
            (Some(t), "first" | "last", []) => one(O1, Ty::Optional(Box::new(item_of(t)?))),
            // apiserver's lists library: a list's (and for `indexOf`, a
            // string's, above) functions, which its estimator costs by
            // name whichever overload applies.
            (Some(t), "isSorted", []) if item_of(t).is_some_and(|i| comparable(&i)) => {
                one(O1, Ty::Bool)
            }
            (Some(t), "min" | "max", []) if item_of(t).is_some_and(|i| comparable(&i)) => {
                one(O1, dyn_param(item_of(t)?))
            }
            (Some(t), "sum", []) => match item_of(t)? {
                item @ (Ty::Int | Ty::Uint | Ty::Double | Ty::Duration | Ty::Dyn | Ty::Param) => {
                    one(O1, dyn_param(item))
                }
                _ => None,
            },
            (Some(t @ (Ty::List(_) | Ty::Dyn)), "indexOf" | "lastIndexOf", [a]) => {
                join(&item_of(t)?, a)?;
                one(O1, Ty::Int)
            }
            (Some(Ty::Dyn), "indexOf" | "lastIndexOf", [s, i]) if string(s) && int_arg(i) => {
                one(O1, Ty::Int)
            }
            // ext.Strings' `join` and `format`, `strings.quote`.
            (Some(t), "join", []) if joinable(t) => one(O1, Ty::String),
            (Some(t), "join", [sep]) if string(sep) && joinable(t) => one(O1, Ty::String),
            (Some(t), "format", [Ty::List(_) | Ty::Dyn]) if string(t) => {
                one("string_format", Ty::String)
            }
            (None, "strings.quote", [s]) if string(s) => one("strings_quote", Ty::String),
            // ext.Sets.
            (None, "sets.contains" | "sets.equivalent" | "sets.intersects", [a, b]) => {
                join(&item_of(a)?, &item_of(b)?)?;
                let overload = match name {
                    "sets.contains" => "list_sets_contains_list",
                    "sets.equivalent" => "list_sets_equivalent_list",
                    _ => "list_sets_intersects_list",
                };
                one(overload, Ty::Bool)
            }
            // ext.Lists version 3.
            (None, "lists.range", [n]) if int_arg(n) => {
                one("lists_range", Ty::List(Box::new(Ty::Int)))
            }
            (Some(t), "slice", [i, j]) if int_arg(i) && int_arg(j) => {
                one("list_slice", Ty::List(Box::new(item_of(t)?)))
            }
            (Some(t), "reverse" | "distinct", []) => {
                let overload = if name == "reverse" {
                    "list_reverse"
                } else {
                    "list_distinct"
                };
                one(overload, Ty::List(Box::new(item_of(t)?)))
            }
            // `flatten()` takes a list of lists, `flatten(n)` any list
            // (a `list(dyn)`).
            (Some(t), "flatten", []) => match item_of(t)? {
                Ty::List(inner) => one("list_flatten", Ty::List(inner)),
                Ty::Dyn | Ty::Param => one("list_flatten", Ty::List(Box::new(Ty::Dyn))),
                _ => None,
            },
            (Some(t), "flatten", [n]) if int_arg(n) => {
                item_of(t)?;
                one("list_flatten_int", Ty::List(Box::new(Ty::Dyn)))
            }
            // `sort`'s overloads by item type, `list_<T>_sort`, cost
            // alike but for strings' and bytes' (`list_sort_string`
            // stands for those two); a dyn takes them all.
            (Some(t), "sort", []) => {
                let item = item_of(t)?;
                let overloads = match item {
                    Ty::String | Ty::Bytes => vec!["list_sort_string"],
                    Ty::Dyn | Ty::Param => vec!["list_sort", "list_sort_string"],
                    ref i if comparable(i) => vec!["list_sort"],
                    _ => return None,
                };
                Some((overloads, Ty::List(Box::new(item))))
            }
            // apiserver's semver library (version 1).
            (None, "semver", [s]) if string(s) => one(O1, Ty::Semver),
            (None, "semver", [s, b]) if string(s) && matches!(b, Ty::Bool | Ty::Dyn) => {
                one(O1, Ty::Semver)
            }
            (None, "isSemver", [s]) if string(s) => one(O1, Ty::Bool),
            (None, "isSemver", [s, b]) if string(s) && matches!(b, Ty::Bool | Ty::Dyn) => {
                one(O1, Ty::Bool)
            }
            (Some(Ty::Semver | Ty::Dyn), "major" | "minor" | "patch", []) => one(O1, Ty::Int),
            (Some(Ty::Semver), "isGreaterThan" | "isLessThan", [Ty::Semver | Ty::Dyn]) => {
                one(O1, Ty::Bool)
            }
            (Some(Ty::Semver), "compareTo", [Ty::Semver | Ty::Dyn]) => one(O1, Ty::Int),
            // A dyn (a DRA attribute) beside a semver or a quantity:
            // both libraries' overloads cost 1.
            (
                Some(Ty::Dyn),
                "isGreaterThan" | "isLessThan",
                [Ty::Semver | Ty::Quantity | Ty::Dyn],
            ) => one(O1, Ty::Bool),
            (Some(Ty::Dyn), "compareTo", [Ty::Semver | Ty::Quantity | Ty::Dyn]) => one(O1, Ty::Int),
            // apiserver's format library.
            (None, "format.named", [s]) if string(s) => one(O1, Ty::Optional(Box::new(Ty::Format))),
            (None, f, [])
                if f.strip_prefix("format.")
                    .is_some_and(|n| super::FORMATS.contains(&n)) =>
            {
                one(O1, Ty::Format)
            }
            (Some(Ty::Format), "validate", [s]) if string(s) => {
                one(O1, Ty::Optional(Box::new(strings())))
            }
            _ => None,
        }
    }

    /// `cel.bind(var, init, result)`: ext.Bindings' macro, a binding
    /// comprehension (`celBind`).
    fn bind(&mut self, args: &[Expr]) -> Option<usize> {
        let [Expr::Ident(var, _), init, result] = args else {
            return None;
        };
        if var == ACCUMULATOR {
            return None;
        }
        let range = self.push(Kind::List(Vec::new()), Ty::List(Box::new(Ty::Param)));
        let init = self.expr(init)?;
        let ty = self.ty(init).clone();
        self.scope.push((var.clone(), ty));
        let result = self.expr(result);
        self.scope.pop();
        let result = result?;
        let ty = self.ty(result).clone();
        Some(self.push(Kind::Bind(range, var.clone(), init, result), ty))
    }

    /// `optMap` and `optFlatMap` (cel-go `library.go`): `target.hasValue()
    /// ? optional.of(<bind var to target.value() in expr>) :
    /// optional.none()`, without the `optional.of` for `optFlatMap`,
    /// whose expression gives an optional; the target twice.
    fn opt_map(&mut self, target: &Expr, map: bool, var: &str, body: &Expr) -> Option<usize> {
        if var == ACCUMULATOR {
            return None;
        }
        let first = self.expr(target)?;
        let Ty::Optional(inner) = self.ty(first).clone() else {
            return None;
        };
        let has = self.call("hasValue", Some(first), Vec::new(), &[O1], Ty::Bool);
        let range = self.push(Kind::List(Vec::new()), Ty::List(Box::new(Ty::Param)));
        let copy = self.expr(target)?;
        let value = self.call("value", Some(copy), Vec::new(), &[O1], (*inner).clone());
        self.scope.push((var.to_string(), *inner));
        let result = self.expr(body);
        self.scope.pop();
        let result = result?;
        let body_ty = self.ty(result).clone();
        let bound = self.push(
            Kind::Bind(range, var.to_string(), value, result),
            body_ty.clone(),
        );
        let (present, ty) = if map {
            let ty = Ty::Optional(Box::new(body_ty));
            let of = self.call("optional.of", None, vec![bound], &[O1], ty.clone());
            (of, ty)
        } else {
            if !matches!(body_ty, Ty::Optional(_)) {
                return None;
            }
            (bound, body_ty)
        };
        let none = self.call(
            "optional.none",
            None,
            Vec::new(),
            &[O1],
            Ty::Optional(Box::new(Ty::Param)),
        );
        let ty = join(&ty, self.ty(none))?;
        Some(self.call(
            "_?_:_",
            None,
            vec![has, present, none],
            &["conditional"],
            ty,
        ))
    }

    /// A comprehension macro (`all`, `exists`, `exists_one`, `map` with
    /// or without its filter, `filter`), expanded as cel-go's parser
    /// expands it.
    fn comprehension(
        &mut self,
        range: &Expr,
        name: &str,
        var: &str,
        filter: Option<&Expr>,
        body: &Expr,
    ) -> Option<usize> {
        if var == ACCUMULATOR {
            return None;
        }
        let r = self.expr(range)?;
        let item = match self.ty(r) {
            Ty::List(item) if !matches!(**item, Ty::Param) => (**item).clone(),
            Ty::Map(_) => Ty::String,
            _ => return None,
        };
        self.scope.push((var.to_string(), item.clone()));
        let filter = filter.map(|f| self.expr(f));
        let body = self.expr(body);
        self.scope.pop();
        let filter = match filter {
            Some(f) => Some(f?),
            None => None,
        };
        let body = body?;
        if let Some(f) = filter
            && !matches!(self.ty(f), Ty::Bool | Ty::Dyn)
        {
            return None;
        }
        let body_ty = self.ty(body).clone();
        let accu = |b: &mut Self, ty: Ty<'a>| b.push(Kind::Ident(ACCUMULATOR.to_string()), ty);
        let (init, cond, step, result, ty) = match name {
            "all" | "exists" => {
                if !matches!(body_ty, Ty::Bool | Ty::Dyn) {
                    return None;
                }
                let init = self.literal(1, Ty::Bool);
                let a = accu(self, Ty::Bool);
                let tested = if name == "all" {
                    a
                } else {
                    self.call("!_", None, vec![a], &["logical_not"], Ty::Bool)
                };
                let cond = self.call(
                    "@not_strictly_false",
                    None,
                    vec![tested],
                    &["not_strictly_false"],
                    Ty::Bool,
                );
                let a = accu(self, Ty::Bool);
                let step = if name == "all" {
                    self.call("_&&_", None, vec![a, body], &["logical_and"], Ty::Bool)
                } else {
                    self.call("_||_", None, vec![a, body], &["logical_or"], Ty::Bool)
                };
                let result = accu(self, Ty::Bool);
                (init, cond, step, result, Ty::Bool)
            }
            "exists_one" => {
                if !matches!(body_ty, Ty::Bool | Ty::Dyn) {
                    return None;
                }
                let init = self.push(Kind::Literal(1, Some(0)), Ty::Int);
                let cond = self.literal(1, Ty::Bool);
                let a = accu(self, Ty::Int);
                let one = self.push(Kind::Literal(1, Some(1)), Ty::Int);
                let add = self.call("_+_", None, vec![a, one], &[O1], Ty::Int);
                let a = accu(self, Ty::Int);
                let step = self.call("_?_:_", None, vec![body, add, a], &["conditional"], Ty::Int);
                let a = accu(self, Ty::Int);
                let one = self.push(Kind::Literal(1, Some(1)), Ty::Int);
                let result = self.call("_==_", None, vec![a, one], &["equals"], Ty::Bool);
                (init, cond, step, result, Ty::Bool)
            }
            "map" | "filter" => {
                let (keep, item_ty) = match name {
                    "map" => (filter, body_ty),
                    _ => {
                        if !matches!(body_ty, Ty::Bool | Ty::Dyn) {
                            return None;
                        }
                        (Some(body), item)
                    }
                };
                let list = Ty::List(Box::new(item_ty.clone()));
                let init = self.push(Kind::List(Vec::new()), Ty::List(Box::new(Ty::Param)));
                let cond = self.literal(1, Ty::Bool);
                let a = accu(self, list.clone());
                let element = if name == "map" {
                    body
                } else {
                    self.push(Kind::Ident(var.to_string()), item_ty.clone())
                };
                let single = self.push(Kind::List(vec![element]), list.clone());
                let mut step = self.call("_+_", None, vec![a, single], &["add_list"], list.clone());
                if let Some(keep) = keep {
                    let a = accu(self, list.clone());
                    step = self.call(
                        "_?_:_",
                        None,
                        vec![keep, step, a],
                        &["conditional"],
                        list.clone(),
                    );
                }
                let result = accu(self, list.clone());
                (init, cond, step, result, list)
            }
            _ => return None,
        };
        Some(self.push(
            Kind::Comprehension(r, var.to_string(), init, cond, step, result),
            ty,
        ))
    }
}

/// The functions Kubernetes' CEL environment declares under a namespace
/// (1.36: cel-go's optional types, `ext.Sets`, `ext.Lists` version 3,
/// `ext.Strings` version 2; apiserver's format library, whose formats are
/// `format.` and a name of `ConstantFormats`), as check.rs lists them.
fn namespaced(name: &str) -> bool {
    matches!(
        name,
        "optional.none"
            | "optional.of"
            | "optional.ofNonZeroValue"
            | "optional.unwrap"
            | "sets.contains"
            | "sets.equivalent"
            | "sets.intersects"
            | "lists.range"
            | "strings.quote"
            | "format.named"
    ) || name
        .strip_prefix("format.")
        .is_some_and(|n| super::FORMATS.contains(&n))
}

/// The conditional's branches' common type.
fn join<'a>(a: &Ty<'a>, b: &Ty<'a>) -> Option<Ty<'a>> {
    match (a, b) {
        (Ty::Param, t) | (t, Ty::Param) => Some(t.clone()),
        (Ty::List(x), Ty::List(y)) => Some(Ty::List(Box::new(join(x, y)?))),
        (Ty::Optional(x), Ty::Optional(y)) => Some(Ty::Optional(Box::new(join(x, y)?))),
        (x, y) if x.same(y) => Some(x.clone()),
        (Ty::Dyn, _) | (_, Ty::Dyn) => Some(Ty::Dyn),
        _ => None,
    }
}

/// The field `field` of a value of type `t`: an object's declared field,
/// a map's value, a dyn's dyn.
fn select_type<'a>(t: &Ty<'a>, field: &str) -> Option<Ty<'a>> {
    match t {
        Ty::Object(decl) => decl.field(field)?.ty(),
        Ty::Map(value) => Some((**value).clone()),
        Ty::Dyn => Some(Ty::Dyn),
        _ => None,
    }
}

// ----- cel-go's coster -----

/// A local variable's tracking (`localVar`).
#[derive(Clone)]
struct Local {
    path: Path,
    size: Option<Range>,
    entry: Option<Entry>,
}

/// An argument or receiver as the cost functions see it (`AstNode`).
struct AstNode<'n, 'a> {
    id: usize,
    path: Path,
    ty: &'n Ty<'a>,
    size: Option<Range>,
}

/// Where sizes come from (`CostEstimator.EstimateSize`).
#[derive(Clone, Copy)]
enum Sizer<'a> {
    /// apiextensions' `sizeEstimator` from the declaration of the
    /// expression's node (`self`).
    Schema(Decl<'a>),
    /// DRA's `sizeEstimator` (`cel/compile.go`) from `device`.
    Device,
    /// apiserver's `testCostEstimator` (`library/cost_test.go`): a string
    /// or bytes of 0 to 12, whatever the path.
    #[cfg(test)]
    ByType,
}

/// A port of cel-go's `coster` with apiserver's `CostEstimator` and the
/// schema's `sizeEstimator`.
struct Coster<'n, 'a> {
    nodes: &'n [Node<'a>],
    sizer: Sizer<'a>,
    paths: Vec<Option<Path>>,
    sizes: Vec<Option<Range>>,
    entries: Vec<Option<Entry>>,
    locals: Vec<(String, Local)>,
}

impl<'n, 'a> Coster<'n, 'a> {
    fn peek(&self, name: &str) -> Option<&Local> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, l)| l)
    }

    fn ident_name(&self, e: usize) -> Option<&'n str> {
        match &self.nodes[e].kind {
            Kind::Ident(name) => Some(name),
            _ => None,
        }
    }

    /// `getPath`.
    fn path(&self, e: usize) -> Path {
        if let Some(name) = self.ident_name(e)
            && let Some(local) = self.peek(name)
        {
            return local.path.clone();
        }
        self.paths[e].clone().unwrap_or_default()
    }

    /// The size estimate of a node of type `ty` along `path`
    /// (`EstimateSize`): the `MaxElements` of the declaration the path
    /// leads to from the expression's node (apiextensions'
    /// `sizeEstimator`), or from `device` (DRA's, where a name on a map of
    /// attributes is one of them).
    fn estimate_size(&self, path: &Path, ty: &Ty<'_>) -> Option<Range> {
        let mut node = match self.sizer {
            Sizer::Schema(root) => root,
            Sizer::Device => Decl::Dra(Dra::Device),
            #[cfg(test)]
            Sizer::ByType => {
                return matches!(ty, Ty::String | Ty::Bytes).then_some(Range { min: 0, max: 12 });
            }
        };
        let _ = ty;
        if path.len == 0 {
            return None;
        }
        let buf = path.buf.as_ref()?.borrow();
        if matches!(self.sizer, Sizer::Device) && buf[0] != "device" {
            return None;
        }
        for name in &buf[1..path.len] {
            node = match name.as_str() {
                "@items" | "@values" => node.elem()?,
                "@keys" => node.key()?,
                _ => match node.field(name) {
                    Some(field) => field,
                    None if matches!(node.elem(), Some(Decl::Dra(Dra::Attribute))) => {
                        Decl::Dra(Dra::Attribute)
                    }
                    None => return None,
                },
            };
        }
        Some(Range {
            min: 0,
            max: node.max_elements() as u64,
        })
    }

    /// `computeSize`.
    fn compute_size(&mut self, e: usize) -> Option<Range> {
        if let Some(size) = self.sizes[e] {
            return Some(size);
        }
        match &self.nodes[e].kind {
            Kind::Literal(size, _) => return Some(Range::fixed(*size)),
            Kind::List(items) => return Some(Range::fixed(items.len() as u64)),
            _ => {}
        }
        if let Some(size) = self.estimate_size(&self.path(e), &self.nodes[e].ty) {
            self.sizes[e] = Some(size);
            return Some(size);
        }
        if self.nodes[e].ty.scalar() {
            return Some(Range::fixed(1));
        }
        let name = self.ident_name(e)?;
        self.peek(name)?.size
    }

    /// `computeEntrySize`.
    fn compute_entry(&self, e: usize) -> Option<Entry> {
        if let Some(entry) = self.entries[e] {
            return Some(entry);
        }
        let name = self.ident_name(e)?;
        self.peek(name)?.entry
    }

    /// `newAstNode`.
    fn ast_node(&mut self, e: usize) -> AstNode<'n, 'a> {
        let mut path = self.path(e);
        if path.first_is(ACCUMULATOR) {
            path = Path::default();
        }
        AstNode {
            id: e,
            path,
            ty: &self.nodes[e].ty,
            size: self.compute_size(e),
        }
    }

    /// `sizeOrUnknown` of an `AstNode`.
    fn known(node: &AstNode<'_, '_>) -> Range {
        node.size.unwrap_or(UNKNOWN)
    }

    /// apiserver's `sizeEstimate`: the computed size, else the schema's
    /// along the node's path.
    fn library_size(&self, node: &AstNode<'_, '_>) -> Range {
        node.size
            .or_else(|| self.estimate_size(&node.path, node.ty))
            .unwrap_or(UNKNOWN)
    }

    /// apiserver's `listElementNode`: a list's item as a node of its own,
    /// on the list's path and `@items` (a copy), without a size.
    fn list_element(target: &AstNode<'n, 'a>) -> Option<AstNode<'n, 'a>> {
        let Ty::List(item) = target.ty else {
            return None;
        };
        let path = if target.path.len == 0 {
            Path::default()
        } else {
            target.path.copy_append("@items")
        };
        Some(AstNode {
            id: target.id,
            path,
            ty: item,
            size: None,
        })
    }

    fn cost(&mut self, e: usize) -> Option<Range> {
        let nodes = self.nodes;
        Some(match &nodes[e].kind {
            Kind::Literal(..) => Range::fixed(0),
            Kind::Ident(name) => {
                let path = match self.peek(name) {
                    Some(local) => local.path.clone(),
                    None => Path::of(name),
                };
                self.paths[e] = Some(path);
                Range::fixed(1)
            }
            Kind::Select(operand, field, test) => {
                // A presence test costs nothing itself.
                let sum = self.cost(*operand)?;
                if *test {
                    return Some(sum);
                }
                let sum = match nodes[*operand].ty {
                    Ty::Map(_) | Ty::Object(_) | Ty::Quantity | Ty::Url => sum.add(Range::fixed(1)),
                    _ => sum,
                };
                let path = self.path(*operand).append(field);
                self.paths[e] = Some(path);
                sum
            }
            Kind::Call(fun, target, args, overloads) => {
                self.cost_call(e, fun, *target, args, overloads)?
            }
            Kind::List(items) => {
                let mut sum = Range::fixed(0);
                let mut item = if items.is_empty() {
                    Range::fixed(0)
                } else {
                    Range {
                        min: u64::MAX,
                        max: 0,
                    }
                };
                for i in items {
                    sum = sum.add(self.cost(*i)?);
                    item = item.union(self.compute_size(*i).unwrap_or(UNKNOWN));
                }
                self.entries[e] = Some(Entry {
                    list: true,
                    key: Range::fixed(1),
                    val: item,
                });
                sum.add(Range::fixed(10))
            }
            Kind::Comprehension(range, var, init, cond, step, result) => {
                self.cost_comprehension(e, *range, var, *init, *cond, *step, *result)?
            }
            Kind::Bind(range, var, init, result) => {
                // costBind: the empty range and the value, then the
                // result with the variable bound (pushLocalVar).
                let mut sum = self.cost(*range)?;
                sum = sum.add(self.cost(*init)?);
                let local = Local {
                    path: self.path(*init),
                    size: self.compute_size(*init),
                    entry: self.compute_entry(*init),
                };
                self.locals.push((var.clone(), local));
                let result_cost = self.cost(*result);
                self.locals.pop();
                sum = sum.add(result_cost?);
                // copySizeEstimates.
                if let Some(size) = self.compute_size(*result) {
                    self.sizes[e] = Some(size);
                }
                if let Some(entry) = self.compute_entry(*result) {
                    self.entries[e] = Some(entry);
                }
                sum
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn cost_comprehension(
        &mut self,
        e: usize,
        range: usize,
        var: &str,
        init: usize,
        cond: usize,
        step: usize,
        result: usize,
    ) -> Option<Range> {
        let mut sum = self.cost(range)?;
        sum = sum.add(self.cost(init)?);
        // pushLocalVar of the accumulator.
        let accumulator = Local {
            path: self.path(init),
            size: self.compute_size(init),
            entry: self.compute_entry(init),
        };
        self.locals.push((ACCUMULATOR.to_string(), accumulator));
        // pushIterSingle.
        let entry = self.compute_entry(range);
        let list = match entry {
            Some(entry) => entry.list,
            None => matches!(self.nodes[range].ty, Ty::List(_)),
        };
        let size = entry.map(|entry| if list { entry.val } else { entry.key });
        let path = self
            .path(range)
            .append(if list { "@items" } else { "@keys" });
        self.locals.push((
            var.to_string(),
            Local {
                path,
                size,
                entry: None,
            },
        ));
        let loop_cost = self.cost(cond)?;
        let step_cost = self.cost(step)?;
        self.locals.pop();
        sum = sum.add(self.cost(result)?);
        self.locals.pop();
        let count = self.compute_size(range).unwrap_or(UNKNOWN);
        sum = sum.add(count.mul(step_cost.add(loop_cost)));
        match &self.nodes[init].kind {
            Kind::Literal(..) => self.sizes[e] = self.compute_size(init),
            _ => {
                self.sizes[e] = Some(count);
                if let Some(entry) = self.compute_entry(step) {
                    self.entries[e] = Some(entry);
                }
            }
        }
        Some(sum)
    }

    fn cost_call(
        &mut self,
        e: usize,
        fun: &str,
        target: Option<usize>,
        args: &[usize],
        overloads: &[&str],
    ) -> Option<Range> {
        if fun == "dyn" {
            // maybeUnwrapDynCall.
            let arg = *args.first()?;
            let cost = self.cost(arg)?;
            if let Some(size) = self.compute_size(arg) {
                self.sizes[e] = Some(size);
            }
            if let Some(entry) = self.compute_entry(arg) {
                self.entries[e] = Some(entry);
            }
            return Some(Range::fixed(1).add(cost));
        }
        let mut arg_costs = Vec::with_capacity(args.len());
        let mut arg_nodes = Vec::with_capacity(args.len());
        for arg in args {
            arg_costs.push(self.cost(*arg)?);
            arg_nodes.push(self.ast_node(*arg));
        }
        if overloads.is_empty() {
            return Some(Range::fixed(0));
        }
        let mut sum = Range::fixed(0);
        let target_node = match target {
            Some(t) => {
                sum = sum.add(self.cost(t)?);
                Some(self.ast_node(t))
            }
            None => None,
        };
        let mut fn_cost = Range {
            min: u64::MAX,
            max: 0,
        };
        let mut result_size: Option<Range> = None;
        for overload in overloads {
            let (cost, size) = self.function_cost(
                e,
                fun,
                overload,
                target_node.as_ref(),
                &arg_nodes,
                &arg_costs,
            )?;
            fn_cost = fn_cost.union(cost);
            if let Some(size) = size {
                result_size = Some(result_size.map_or(size, |r| r.union(size)));
            }
            let index = match *overload {
                "index_list" => Some("@items"),
                "index_map" => Some("@values"),
                _ => None,
            };
            if let (Some(step), Some(first)) = (index, args.first()) {
                result_size = self.compute_entry(*first).map(|entry| entry.val);
                let path = self.path(*first).append(step);
                self.paths[e] = Some(path);
            }
            if result_size.is_none() {
                result_size = self.compute_size(e);
            }
        }
        if let Some(size) = result_size {
            self.sizes[e] = Some(size);
        }
        Some(sum.add(fn_cost))
    }

    /// `functionCost`: apiserver's estimator first, then cel-go's.
    fn function_cost(
        &mut self,
        e: usize,
        fun: &str,
        overload: &str,
        target: Option<&AstNode<'n, 'a>>,
        args: &[AstNode<'n, 'a>],
        arg_costs: &[Range],
    ) -> Option<(Range, Option<Range>)> {
        let arg_sum = arg_costs.iter().fold(Range::fixed(0), |sum, c| sum.add(*c));
        // The libraries' `OverloadCostEstimate`s come first, then
        // apiserver's estimator.
        if let Some((cost, size)) = self.overload_estimate(overload, target, args) {
            return Some((cost.add(arg_sum), size));
        }
        if let Some((cost, size)) = self.library_cost(fun, overload, target, args)? {
            return Some((cost.add(arg_sum), size));
        }
        let one = Range::fixed(1);
        Some(match overload {
            "string_format" if target.is_some() => {
                let target = target?;
                (Self::known(target).factor(TRAVERSAL).add(arg_sum), None)
            }
            "strings_quote" if args.len() == 1 => {
                // At most each character escaped, and two quotes (Go's
                // unsigned arithmetic).
                let size = Self::known(&args[0]);
                let result = Range {
                    min: size.min.wrapping_add(2),
                    max: size.max.wrapping_mul(2).wrapping_add(2),
                };
                (size.factor(TRAVERSAL).add(arg_sum), Some(result))
            }
            "string_to_bytes" | "bytes_to_string" if args.len() == 1 => {
                let size = Self::known(&args[0]);
                let result = if overload == "string_to_bytes" {
                    Range {
                        min: size.min,
                        max: size.max.wrapping_mul(4),
                    }
                } else {
                    Range {
                        min: size.min / 4,
                        max: size.max,
                    }
                };
                (size.factor(TRAVERSAL).add(arg_sum), Some(result))
            }
            "starts_with_string" | "ends_with_string" if args.len() == 1 => {
                (Self::known(&args[0]).factor(TRAVERSAL).add(arg_sum), None)
            }
            "in_list" if args.len() == 2 => (Self::known(&args[1]).factor(1.0).add(arg_sum), None),
            "matches_string" if args.len() == 1 => {
                let target = target?;
                let text = Self::known(target).add(one).factor(TRAVERSAL);
                let regex = Self::known(&args[0]).factor(REGEX);
                (text.mul(regex).add(arg_sum), None)
            }
            "contains_string" if args.len() == 1 => {
                let target = target?;
                let text = Self::known(target).factor(TRAVERSAL);
                let part = Self::known(&args[0]).factor(TRAVERSAL);
                (text.mul(part).add(arg_sum), None)
            }
            "logical_or" | "logical_and" => {
                let (lhs, rhs) = (*arg_costs.first()?, *arg_costs.get(1)?);
                (
                    Range {
                        min: lhs.min,
                        max: lhs.add(rhs).max,
                    },
                    None,
                )
            }
            "conditional" => {
                let size = Self::known(args.get(1)?).union(Self::known(args.get(2)?));
                let entry = union_entries(
                    self.compute_entry(args[1].id),
                    self.compute_entry(args[2].id),
                );
                if let Some(entry) = entry {
                    self.entries[e] = Some(entry);
                }
                let cost = arg_costs[0].add(arg_costs[1].union(arg_costs[2]));
                (cost, Some(size))
            }
            "add_string" | "add_bytes" | "add_list" if args.len() == 2 => {
                let size = Self::known(&args[0]).add(Self::known(&args[1]));
                let entry = union_entries(
                    self.compute_entry(args[0].id),
                    self.compute_entry(args[1].id),
                );
                if let Some(entry) = entry {
                    self.entries[e] = Some(entry);
                }
                let cost = if overload == "add_list" {
                    one.add(arg_sum)
                } else {
                    size.factor(TRAVERSAL).add(arg_sum)
                };
                (cost, Some(size))
            }
            "less_string"
            | "greater_string"
            | "less_equals_string"
            | "greater_equals_string"
            | "less_bytes"
            | "greater_bytes"
            | "less_equals_bytes"
            | "greater_equals_bytes"
            | "equals"
            | "not_equals"
                if args.len() == 2 =>
            {
                let smallest = Self::known(&args[0]).max.min(Self::known(&args[1]).max);
                let cost = Range {
                    min: u64::from(smallest > 0),
                    max: smallest,
                };
                (cost.factor(TRAVERSAL).add(arg_sum), None)
            }
            _ => (one.add(arg_sum), None),
        })
    }

    /// The `OverloadCostEstimate`s of cel-go's `ext.Sets`
    /// (`estimateSetsCost`) and `ext.Lists` version 3 (`estimateListSlice`,
    /// `estimateListsRange`, `estimateListReverse`, `estimateListFlatten`,
    /// `estimateListDistinct`, `estimateListSort`), without the
    /// arguments' costs.
    fn overload_estimate(
        &self,
        overload: &str,
        target: Option<&AstNode<'n, 'a>>,
        args: &[AstNode<'n, 'a>],
    ) -> Option<(Range, Option<Range>)> {
        let size = |node: &AstNode<'_, '_>| self.library_size(node);
        // estimateAllocatingListCall.
        let allocating = |factor: f64, list: Range| {
            let cost = list
                .factor(factor)
                .add(Range::fixed(1))
                .add(Range::fixed(10));
            Some((cost, Some(list)))
        };
        match overload {
            "list_sets_contains_list"
            | "list_sets_intersects_list"
            | "list_sets_equivalent_list"
                if args.len() == 2 =>
            {
                // Equivalence is two containments.
                let factor = if overload == "list_sets_equivalent_list" {
                    2.0
                } else {
                    1.0
                };
                let cost = size(&args[0])
                    .mul(size(&args[1]))
                    .factor(factor)
                    .add(Range::fixed(1));
                Some((cost, None))
            }
            "list_slice" if args.len() == 2 => {
                let list = size(target?);
                let start = self.literal_count(args[0].id, 0);
                let end = self.literal_count(args[1].id, list.max);
                // Go's unsigned subtraction.
                allocating(1.0, Range::fixed(end.wrapping_sub(start)))
            }
            "lists_range" if target.is_none() && args.len() == 1 => {
                allocating(1.0, Range::fixed(self.literal_count(args[0].id, u64::MAX)))
            }
            "list_reverse" if args.is_empty() => allocating(1.0, size(target?)),
            "list_flatten" | "list_flatten_int" if args.len() <= 1 => {
                let target = target?;
                let depth = match args.first() {
                    Some(arg) => self.literal_count(arg.id, u64::MAX),
                    None => 1,
                };
                allocating(depth as f64, size(target))
            }
            "list_distinct" if args.is_empty() => {
                let list = size(target?);
                allocating(2.0, list.mul(list))
            }
            "list_sort" | "list_sort_string" if args.is_empty() => {
                let list = size(target?);
                let factor = if overload == "list_sort_string" {
                    2.0 + TRAVERSAL
                } else {
                    2.0
                };
                allocating(factor, list.mul(list))
            }
            _ => None,
        }
    }

    /// ext.Lists' `nodeAsIntValue`: an int literal's value (0 for a
    /// negative one), else `default`.
    fn literal_count(&self, e: usize, default: u64) -> u64 {
        match self.int_literal(e) {
            Some(n) => u64::try_from(n).unwrap_or(0),
            None => default,
        }
    }

    /// apiserver's `CostEstimator.EstimateCallCost` (without the
    /// arguments' costs): `Some(None)` where it gives no estimate,
    /// `None` where the estimate is not modelled.
    #[allow(clippy::option_option)]
    fn library_cost(
        &self,
        fun: &str,
        overload: &str,
        target: Option<&AstNode<'n, 'a>>,
        args: &[AstNode<'n, 'a>],
    ) -> Option<Option<(Range, Option<Range>)>> {
        let one = Range::fixed(1);
        let estimate = match fun {
            "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => {
                let Some(target) = target else {
                    return Some(None);
                };
                match Self::list_element(target) {
                    // A comparison per item, strings and bytes traversed.
                    Some(item) => {
                        let mut per_item = one;
                        if matches!(item.ty, Ty::String | Ty::Bytes) {
                            per_item = per_item.add(self.library_size(&item).factor(TRAVERSAL));
                        }
                        (self.library_size(target).mul(per_item), None)
                    }
                    // A string (or a dyn): its traversal.
                    None => (self.library_size(target).factor(TRAVERSAL), None),
                }
            }
            "join" => {
                let Some(target) = target else {
                    return Some(None);
                };
                let list = self.library_size(target);
                let mut size = Range::fixed(0);
                if let Some(item) = Self::list_element(target) {
                    size = list.mul(self.library_size(&item));
                }
                if let Some(separator) = args.first() {
                    let separators = Range {
                        min: list.min.saturating_sub(1),
                        max: list.max.saturating_sub(1),
                    };
                    size = size.add(self.library_size(separator).mul(separators));
                }
                (size.factor(TRAVERSAL), Some(size))
            }
            "validate" if !args.is_empty() => {
                // `MaxNameFormatRegexSize` times
                // `RegexStringLengthCostFactor`.
                let cost = self
                    .library_size(&args[0])
                    .factor(TRAVERSAL)
                    .factor(128.0 * REGEX);
                (cost, None)
            }
            "format.named" | "major" | "minor" | "patch" | "getQuery" => (one, None),
            "url" if args.len() == 1 => {
                let size = self.library_size(&args[0]);
                (size.factor(TRAVERSAL), Some(size))
            }
            "lowerAscii" | "upperAscii" | "substring" | "trim" => {
                let size = self.library_size(target?);
                (size.factor(TRAVERSAL), Some(size))
            }
            "replace" if args.len() >= 2 => {
                let size = self.library_size(target?);
                let (from, to) = (self.library_size(&args[0]), self.library_size(&args[1]));
                (
                    size.factor(2.0 * TRAVERSAL),
                    Some(replace_size(size, from, to)),
                )
            }
            "split" => {
                let size = self.library_size(target?);
                let mut max = size.max;
                if let Some(limit) = args.get(1)
                    && let Some(n) = self.int_literal(limit.id)
                {
                    max = n as u64;
                }
                (size.factor(2.0 * TRAVERSAL), Some(Range { min: 0, max }))
            }
            "find" | "findAll" if !args.is_empty() => {
                let size = self.library_size(target?);
                let text = size.add(one).factor(TRAVERSAL);
                let regex = self.library_size(&args[0]).factor(REGEX);
                (
                    text.mul(regex),
                    Some(Range {
                        min: 0,
                        max: size.max,
                    }),
                )
            }
            "cidr" | "isIP" | "isCIDR" | "quantity" | "isQuantity" | "semver" | "isSemver"
                if !args.is_empty() =>
            {
                (self.library_size(&args[0]).factor(TRAVERSAL), None)
            }
            "ip" if overload == "cidr_ip" => (one, None),
            "ip" if !args.is_empty() => (self.library_size(&args[0]).factor(TRAVERSAL), None),
            "ip.isCanonical" if !args.is_empty() => {
                (self.library_size(&args[0]).factor(2.0 * TRAVERSAL), None)
            }
            "masked"
            | "prefixLength"
            | "family"
            | "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast" => (one, None),
            "containsIP" | "containsCIDR" if !args.is_empty() => {
                let bytes = Range { min: 4, max: 16 };
                let mut cost = bytes.add(bytes).factor(TRAVERSAL);
                if fun == "containsCIDR" {
                    cost = cost.add(bytes.factor(TRAVERSAL)).add(one);
                }
                if matches!(
                    overload,
                    "cidr_contains_ip_string" | "cidr_contains_cidr_string"
                ) {
                    cost = cost.add(self.library_size(&args[0]).factor(TRAVERSAL));
                }
                (cost, None)
            }
            "sign" | "asInteger" | "isInteger" | "asApproximateFloat" | "isGreaterThan"
            | "isLessThan" | "compareTo" | "add" | "sub" => (one, None),
            "getScheme" | "getHostname" | "getHost" | "getPort" | "getEscapedPath" => (one, None),
            "_==_" if args.len() == 2 => match (args[0].ty, args[1].ty) {
                (Ty::Ip, Ty::Ip)
                | (Ty::Cidr, Ty::Cidr)
                | (Ty::Quantity, Ty::Quantity)
                | (Ty::Semver, Ty::Semver) => (one, None),
                // `MaxFormatSize`.
                (Ty::Format, Ty::Format) => (Range { min: 1, max: 64 }.factor(TRAVERSAL), None),
                // Upstream reads the right-hand side's size twice.
                (Ty::Url, Ty::Url) => {
                    let size = args[1].size.unwrap_or(one);
                    (
                        Range {
                            min: 1,
                            max: size.max,
                        }
                        .factor(TRAVERSAL),
                        None,
                    )
                }
                _ => return Some(None),
            },
            _ => return Some(None),
        };
        Some(Some(estimate))
    }

    /// An int literal's value (`split`'s limit).
    fn int_literal(&self, e: usize) -> Option<i64> {
        match self.nodes[e].kind {
            Kind::Literal(_, value) => value,
            _ => None,
        }
    }
}

/// apiserver's estimate of `replace`'s result size.
fn replace_size(size: Range, from: Range, to: Range) -> Range {
    let (mut count, mut kept) = (Range::fixed(0), Range::fixed(0));
    if from.min == 0 {
        count.max = if size.max < u64::MAX {
            size.max + 1
        } else {
            size.max
        };
        kept.max = size.max;
    } else if to.max <= from.min {
        count.max = 0;
        kept.max = size.max;
    } else {
        count.max = (size.max as f64 / from.min as f64).ceil() as u64;
    }
    if from.max == 0 {
        count.min = if size.min < u64::MAX {
            size.min + 1
        } else {
            size.min
        };
        kept.min = size.min;
    } else if from.max <= to.min {
        count.min = 0;
        kept.min = size.min;
    } else {
        count.min = (size.min as f64 / from.max as f64).ceil() as u64;
    }
    count.mul(to).add(kept)
}

#[cfg(test)]
mod tests;
