//! The first of cel-go's compile errors a CRD author meets: a field the
//! rule selects that its schema does not declare (`undefined field 'x'`),
//! and a name that is not `self`, `oldSelf` or a comprehension's
//! variable (`undeclared reference to 'spec' (in container '')`, at the
//! name: a rule that forgot `self.`).
//!
//! apiextensions-apiserver compiles each rule against the CEL type of its
//! schema node (`SchemaDeclType`, apiserver `pkg/cel/common/schemas.go`):
//! an object exposes the properties whose own schema has a CEL type, by
//! their escaped names (`foo__dash__bar`, and a CEL reserved word as
//! `__namespace__`: `self.namespace` is undefined even where `namespace`
//! is a property); not the unknown fields an
//! `x-kubernetes-preserve-unknown-fields` object keeps, nor a property
//! without a type. A resource's root (and an embedded resource) also has
//! `apiVersion`, `kind` and a `metadata` of `name` and `generateName`
//! alone. A map's values and a list's items have their schemas' types;
//! a comprehension's variable, its range's item (a map's key is a
//! string).
//!
//! The error is printed as cel-go prints its issues
//! (`common/errors.go`): `ERROR: <input>:LINE:COLUMN: message`, the
//! source line, and a caret under the selection's `.` (a `has()`'s
//! `(`), the line's earlier characters as dots (full-width ones under
//! characters of several bytes); several errors in the order of their
//! places, one per line.
//!
//! A schema's scalar has no fields (`type 'int' does not support field
//! selection`), and a rule whose result is one tells its type, which the
//! caller checks (a rule gives a bool, a message a string).
//!
//! An operator on two values of known types (scalars of the schema or
//! literals, lists and maps of them) that none of its standard overloads
//! takes is `found no matching overload for '_+_' applied to '(string,
//! int)'`, at the operator; an operand of `&&` or `||` that is not a bool
//! is `expected type 'bool' but found 'string'`, at the operand.
//!
//! A function or method of the subset the engine parses, given scalars,
//! lists or maps of them that none of its overloads takes (cel-go's
//! standard library, `ext.Strings` version 2 and apiserver's libraries,
//! as Kubernetes' base environment declares them) is `found no matching
//! overload for 'getHost' applied to 'string.()'`, at the call's `(`;
//! its result's type is known where it is a scalar.
//!
//! A function the environment does not declare is an `undeclared
//! reference` at its `(`, after its arguments' and receiver's errors (a
//! namespaced one, `sets.contains`, is not checked).
//!
//! Only these are checked: a rule with another compile error (a list
//! literal's mixed types, an operator or function given an object, whose
//! type name the server generates) is taken, or refused for these alone.

use super::Expr;
use crate::crd::CEL_RESERVED as RESERVED;
use crate::value::Value;

/// A node's CEL type, as far as the check follows it.
#[derive(Clone, Copy)]
enum Decl<'a> {
    /// A value whose fields are not checked: an int-or-string, a
    /// comprehension's result, what a function or operator returns.
    Dyn,
    /// A scalar of a schema, by its CEL type's name (`int`, `string`,
    /// `google.protobuf.Timestamp`...): it has no fields.
    Scalar(&'static str),
    /// A list of items of this schema.
    List(&'a Value),
    /// A map (`additionalProperties`) of values of this schema.
    Map(&'a Value),
    /// An object of this schema; `true` at a resource's root.
    Object(&'a Value, bool),
    /// The `metadata` a resource's root exposes: `name`, `generateName`.
    RootMeta,
    /// One of the admission environment's declared object types: its
    /// fields and their types.
    Declared(Fields),
    /// An admission policy's `variables`: the names declared so far.
    Variables(&'a [String]),
}

/// A declared object type's fields.
type Fields = &'static [(&'static str, Decl<'static>)];

/// The type names cel-go's standard environment declares as identifiers.
const TYPE_NAMES: [&str; 11] = [
    "bool",
    "bytes",
    "double",
    "dyn",
    "int",
    "list",
    "map",
    "null_type",
    "string",
    "type",
    "uint",
];

/// What compiling a rule tells: cel-go's issues (`ERROR: …`), if any;
/// else its result's type when that is a schema's scalar (a rule must
/// give a bool, a message expression a string); and whether the
/// compiled rule reads `oldSelf` (a rule that failed does not).
pub(crate) struct Compiled {
    pub(crate) error: Option<String>,
    pub(crate) scalar: Option<&'static str>,
    pub(crate) uses_old_self: bool,
}

/// The compilation of the rule `rule` at a node of `schema` (`root`: the
/// resource's root); `None` when the rule is outside the subset the
/// engine parses, or the node has no CEL type.
pub(crate) fn compile(
    rule: &str,
    schema: &Value,
    root: bool,
    optional_old_self: bool,
) -> Option<Compiled> {
    let expr = super::parse(rule)?;
    let this = decl(schema, root || embedded(schema))?;
    let old = if optional_old_self { Decl::Dyn } else { this };
    let vars = vec![("self", this), ("oldSelf", old)];
    let (error, result) = issues(rule, &expr, vars);
    let scalar = match result {
        Decl::Scalar(t) if error.is_none() => Some(t),
        _ => None,
    };
    let uses_old_self =
        error.is_none() && scalar.is_none_or(|t| t == "bool") && super::uses_old_self(&expr);
    Some(Compiled {
        error,
        scalar,
        uses_old_self,
    })
}

/// What an admission expression's environment declares
/// (`plugin/cel/compile.go`'s `createEnvForOpts`, and the composited
/// compiler's `variables`).
pub(crate) struct AdmissionEnv<'a> {
    /// `params`: a policy with a `paramKind`.
    pub(crate) params: bool,
    /// `authorizer`.
    pub(crate) authorizer: bool,
    /// `variables` and the names declared so far, for a policy that has
    /// variables.
    pub(crate) variables: Option<&'a [String]>,
}

/// cel-go's issues compiling the admission expression `expression` in
/// `env`, if any (`object`, `oldObject` and `params` are dyn; `request`
/// and `namespaceObject` have their declared types: `BuildRequestType`,
/// `BuildNamespaceType`); `None` too for an expression outside the
/// subset the engine parses.
pub(crate) fn compile_admission(expression: &str, env: &AdmissionEnv) -> Option<String> {
    let expr = super::parse(expression)?;
    let mut vars = vec![
        ("object", Decl::Dyn),
        ("oldObject", Decl::Dyn),
        ("namespaceObject", Decl::Declared(NAMESPACE)),
        ("request", Decl::Declared(REQUEST)),
    ];
    if env.params {
        vars.push(("params", Decl::Dyn));
    }
    if env.authorizer {
        vars.push(("authorizer", Decl::Dyn));
    }
    if let Some(names) = env.variables {
        vars.push(("variables", Decl::Variables(names)));
    }
    issues(expression, &expr, vars).0
}

const GROUP_VERSION_KIND: Fields = &[
    ("group", Decl::Dyn),
    ("version", Decl::Dyn),
    ("kind", Decl::Dyn),
];
const GROUP_VERSION_RESOURCE: Fields = &[
    ("group", Decl::Dyn),
    ("version", Decl::Dyn),
    ("resource", Decl::Dyn),
];
const USER_INFO: Fields = &[
    ("username", Decl::Dyn),
    ("uid", Decl::Dyn),
    ("groups", Decl::Dyn),
    ("extra", Decl::Dyn),
];
/// `kubernetes.AdmissionRequest` (no `uid`, `object` or `oldObject`).
const REQUEST: Fields = &[
    ("kind", Decl::Declared(GROUP_VERSION_KIND)),
    ("resource", Decl::Declared(GROUP_VERSION_RESOURCE)),
    ("subResource", Decl::Dyn),
    ("requestKind", Decl::Declared(GROUP_VERSION_KIND)),
    ("requestResource", Decl::Declared(GROUP_VERSION_RESOURCE)),
    ("requestSubResource", Decl::Dyn),
    ("name", Decl::Dyn),
    ("namespace", Decl::Dyn),
    ("operation", Decl::Dyn),
    ("userInfo", Decl::Declared(USER_INFO)),
    ("dryRun", Decl::Dyn),
    ("options", Decl::Dyn),
];
/// `kubernetes.Namespace`, of its fields those `BuildNamespaceType`
/// keeps.
const NAMESPACE: Fields = &[
    (
        "metadata",
        Decl::Declared(&[
            ("name", Decl::Dyn),
            ("generateName", Decl::Dyn),
            ("namespace", Decl::Dyn),
            ("labels", Decl::Dyn),
            ("annotations", Decl::Dyn),
            ("UID", Decl::Dyn),
            ("creationTimestamp", Decl::Dyn),
            ("deletionGracePeriodSeconds", Decl::Dyn),
            ("deletionTimestamp", Decl::Dyn),
            ("generation", Decl::Dyn),
            ("resourceVersion", Decl::Dyn),
            ("finalizers", Decl::Dyn),
        ]),
    ),
    ("spec", Decl::Declared(&[("finalizers", Decl::Dyn)])),
    (
        "status",
        Decl::Declared(&[("conditions", Decl::Dyn), ("phase", Decl::Dyn)]),
    ),
];

/// The check of `expr` (the text `source`) with the variables `vars`:
/// cel-go's issues, in the order of their places, if any, and the type
/// of the result.
fn issues<'a>(
    source: &str,
    expr: &Expr,
    vars: Vec<(&str, Decl<'a>)>,
) -> (Option<String>, Decl<'a>) {
    let mut checker = Checker {
        vars: vars.into_iter().map(|(n, d)| (n.to_string(), d)).collect(),
        errors: Vec::new(),
    };
    let result = checker.check(expr);
    if checker.errors.is_empty() {
        return (None, result);
    }
    checker.errors.sort_by_key(|(at, _)| *at);
    let issues: Vec<String> = checker
        .errors
        .iter()
        .map(|(at, message)| display(source, *at, message))
        .collect();
    (Some(issues.join("\n")), result)
}

struct Checker<'a> {
    /// The variables in scope, the innermost last.
    vars: Vec<(String, Decl<'a>)>,
    /// Each error's place (in characters) and message.
    errors: Vec<(usize, String)>,
}

impl<'a> Checker<'a> {
    /// The type of `e`, its errors recorded.
    fn check(&mut self, e: &Expr) -> Decl<'a> {
        match e {
            Expr::Ident(name, at) => match self.vars.iter().rev().find(|(n, _)| n == name) {
                Some((_, d)) => *d,
                // CEL's type names are declared too.
                None if TYPE_NAMES.contains(&name.as_str()) => Decl::Dyn,
                None => {
                    let message = format!("undeclared reference to '{name}' (in container '')");
                    self.errors.push((*at, message));
                    Decl::Dyn
                }
            },
            Expr::Select(target, field, at) | Expr::Has(target, field, at) => {
                let target = self.check(target);
                let found = self.select(target, field, *at);
                if matches!(e, Expr::Has(..)) {
                    Decl::Scalar("bool")
                } else {
                    found
                }
            }
            Expr::Index(target, index) => {
                let target = self.check(target);
                self.check(index);
                match target {
                    Decl::List(item) | Decl::Map(item) => {
                        decl(item, embedded(item)).unwrap_or(Decl::Dyn)
                    }
                    _ => Decl::Dyn,
                }
            }
            Expr::Macro(range, name, var, body) => {
                let range = self.check(range);
                let item = match range {
                    Decl::List(item) => decl(item, embedded(item)).unwrap_or(Decl::Dyn),
                    _ => Decl::Dyn,
                };
                self.vars.push((var.clone(), item));
                self.check(body);
                self.vars.pop();
                match (name.as_str(), range) {
                    ("filter", range) => range,
                    ("all" | "exists" | "exists_one", _) => Decl::Scalar("bool"),
                    _ => Decl::Dyn,
                }
            }
            Expr::Literal(v) => match v {
                Value::Int(_) => Decl::Scalar("int"),
                Value::Float(_) => Decl::Scalar("double"),
                Value::String(_) => Decl::Scalar("string"),
                Value::Bool(_) => Decl::Scalar("bool"),
                _ => Decl::Dyn,
            },
            // cel-go checks a logical operator's operands one by one.
            Expr::Binary(a, "&&" | "||", b, _) => {
                for operand in [a, b] {
                    let found = self.check(operand);
                    self.expect_bool(found, location(operand));
                }
                Decl::Scalar("bool")
            }
            Expr::Binary(a, op, b, at) => {
                let (left, right) = (self.check(a), self.check(b));
                self.operator(op, left, right, *at)
            }
            Expr::Not(..) | Expr::Negate(..) => self.unary(e),
            // `e.?field`: an optional, whose field is not checked.
            Expr::Call(Some(target), name, _, _) if name == "?" => {
                self.check(target);
                Decl::Dyn
            }
            // `sets.contains(…)`, `format.dns1123Label()`, `cel.bind(…)`: a
            // name outside the scope before the `.` makes a namespaced
            // function, whose names the check does not list.
            Expr::Call(Some(target), _, _, _) if matches!(&**target, Expr::Ident(n, _) if !self.in_scope(n)) => {
                Decl::Dyn
            }
            // A name the environment does not declare: cel-go checks the
            // arguments (which a misspelt macro's variable fails), the
            // receiver, then refuses the name, at the call's `(`.
            Expr::Call(target, name, args, at) if !DECLARED_FUNCTIONS.contains(&name.as_str()) => {
                for arg in args {
                    self.check(arg);
                }
                if let Some(target) = target {
                    self.check(target);
                }
                let message = format!("undeclared reference to '{name}' (in container '')");
                self.errors.push((*at, message));
                Decl::Dyn
            }
            // A declared function the check follows; another (a macro
            // outside the subset, whose arguments bind names) is dyn.
            Expr::Call(target, name, args, at) => {
                let receiver = target.as_deref().map(|t| self.check(t));
                let Some(overloads) = overloads(name, receiver.is_some()) else {
                    return Decl::Dyn;
                };
                let args: Vec<Decl<'a>> = args.iter().map(|a| self.check(a)).collect();
                self.call(name, overloads, receiver, &args, *at)
            }
            _ => {
                for child in e.children() {
                    self.check(child);
                }
                Decl::Dyn
            }
        }
    }

    /// Whether `name` is a variable in scope or a type name.
    fn in_scope(&self, name: &str) -> bool {
        self.vars.iter().any(|(n, _)| n == name) || TYPE_NAMES.contains(&name)
    }

    /// `!e` or `-e`. cel-go's parser drops an even run of the same
    /// operator and makes an odd one a single call at its first operator:
    /// `!_` takes a bool, `-_` an int or a double (`found no matching
    /// overload for '!_' applied to '(string)'`).
    fn unary(&mut self, e: &Expr) -> Decl<'a> {
        let (mut inner, mut count, first) = match e {
            Expr::Not(inner, at) | Expr::Negate(inner, at) => (&**inner, 1, *at),
            _ => return self.check(e),
        };
        while let (Expr::Not(..), Expr::Not(next, _)) | (Expr::Negate(..), Expr::Negate(next, _)) =
            (e, inner)
        {
            inner = next;
            count += 1;
        }
        let operand = self.check(inner);
        if count % 2 == 0 {
            return operand;
        }
        let (name, takes): (&str, &[&str]) = match e {
            Expr::Not(..) => ("!_", &["bool"]),
            _ => ("-_", &["int", "double"]),
        };
        match operand {
            Decl::Scalar(t) if takes.contains(&t) => operand,
            Decl::Dyn => operand,
            _ => {
                if let Some(found) = type_name(operand).filter(|n| !n.contains("dyn")) {
                    let message =
                        format!("found no matching overload for '{name}' applied to '({found})'");
                    self.errors.push((first, message));
                }
                Decl::Dyn
            }
        }
    }

    /// An operand of `&&` or `||`, which must be a bool: cel-go's `expected
    /// type 'bool' but found 'int'`, at the operand (where the engine
    /// knows its place).
    fn expect_bool(&mut self, found: Decl<'a>, at: Option<usize>) {
        if matches!(found, Decl::Scalar("bool") | Decl::Dyn) {
            return;
        }
        if let (Some(name), Some(at)) = (type_name(found), at) {
            self.errors
                .push((at, format!("expected type 'bool' but found '{name}'")));
        }
    }

    /// The type of `left op right` when both types are known (scalars of
    /// a schema or literals, lists and maps of them): cel-go's `found no
    /// matching overload` (at the operator) for a pair its standard
    /// overloads do not take. Equality takes two values of one type; the
    /// relations compare numbers across int and double, as Kubernetes'
    /// environment allows (`CrossTypeNumericComparisons`); arithmetic
    /// takes the same type on both sides, and a timestamp's and
    /// duration's sums and differences; `+` joins two lists of one type;
    /// `in` looks for a value in a list of its type or a key in a map.
    fn operator(&mut self, op: &str, left: Decl<'a>, right: Decl<'a>, at: usize) -> Decl<'a> {
        const NUMBERS: [&str; 2] = ["int", "double"];
        const TIME: &str = "google.protobuf.Timestamp";
        const SPAN: &str = "google.protobuf.Duration";
        let relation = matches!(op, "==" | "!=" | "<" | "<=" | ">" | ">=" | "in");
        let unchecked = if relation {
            Decl::Scalar("bool")
        } else {
            Decl::Dyn
        };
        // A dyn anywhere in either type is taken by any overload.
        let (Some(l_name), Some(r_name)) = (type_name(left), type_name(right)) else {
            return unchecked;
        };
        if l_name.contains("dyn") || r_name.contains("dyn") {
            return unchecked;
        }
        let no_overload = |checker: &mut Self| {
            let name = if op == "in" {
                "@in".to_string()
            } else {
                format!("_{op}_")
            };
            let message = format!(
                "found no matching overload for '{name}' applied to '({l_name}, {r_name})'"
            );
            checker.errors.push((at, message));
            Decl::Dyn
        };
        let (Decl::Scalar(l), Decl::Scalar(r)) = (left, right) else {
            let taken = match (op, right) {
                ("==" | "!=", _) => l_name == r_name,
                ("+", Decl::List(_)) => l_name == r_name,
                ("in", Decl::List(item)) => {
                    decl(item, embedded(item)).and_then(type_name).as_deref() == Some(&l_name)
                }
                ("in", Decl::Map(_)) => l_name == "string",
                _ => false,
            };
            return match (taken, op) {
                (false, _) => no_overload(self),
                (true, "+") => left,
                (true, _) => Decl::Scalar("bool"),
            };
        };
        let result = match op {
            "==" | "!=" => (l == r).then_some("bool"),
            "<" | "<=" | ">" | ">=" => {
                (l == r || (NUMBERS.contains(&l) && NUMBERS.contains(&r))).then_some("bool")
            }
            "+" => match (l, r) {
                (TIME, SPAN) | (SPAN, TIME) => Some(TIME),
                _ if l == r && l != "bool" && l != TIME => Some(l),
                _ => None,
            },
            "-" => match (l, r) {
                (TIME, TIME) => Some(SPAN),
                (TIME, SPAN) => Some(TIME),
                _ if l == r && (NUMBERS.contains(&l) || l == SPAN) => Some(l),
                _ => None,
            },
            "*" | "/" => (l == r && NUMBERS.contains(&l)).then_some(l),
            "%" => (l == "int" && r == "int").then_some(l),
            // A scalar is neither a list nor a map.
            "in" => None,
            _ => return Decl::Dyn,
        };
        match result {
            Some(t) => Decl::Scalar(t),
            None => no_overload(self),
        }
    }

    /// The type of the call of `name` (of `overloads`) on `receiver` (a
    /// method) with `args`, at `at` (its `(`): cel-go's `found no matching
    /// overload` when none of the overloads takes the types, all of which
    /// are known (scalars, and lists and maps of them); the overload's
    /// result type else.
    fn call(
        &mut self,
        name: &str,
        overloads: &[Overload],
        receiver: Option<Decl<'a>>,
        args: &[Decl<'a>],
        at: usize,
    ) -> Decl<'a> {
        let given: Vec<Decl<'a>> = receiver.into_iter().chain(args.iter().copied()).collect();
        let taken = overloads.iter().find(|(params, _)| {
            params.len() == given.len() && params.iter().zip(&given).all(|(p, g)| takes(*p, *g))
        });
        if let Some((_, result)) = taken {
            return match result {
                Param::Scalar(t) => Decl::Scalar(t),
                _ => Decl::Dyn,
            };
        }
        // A type the check cannot name (an object's generated type name)
        // is left to the server.
        let Some(names) = given
            .iter()
            .map(|d| type_name(*d))
            .collect::<Option<Vec<_>>>()
        else {
            return Decl::Dyn;
        };
        let signature = match (receiver, names.split_first()) {
            (Some(_), Some((target, args))) => format!("{target}.({})", args.join(", ")),
            _ => format!("({})", names.join(", ")),
        };
        let message = format!("found no matching overload for '{name}' applied to '{signature}'");
        self.errors.push((at, message));
        Decl::Dyn
    }

    /// The field `field` of a value of type `target`, selected at `at`:
    /// an error when an object does not declare it.
    fn select(&mut self, target: Decl<'a>, field: &str, at: usize) -> Decl<'a> {
        let found = match target {
            Decl::Object(schema, root) => object_field(schema, root, field),
            Decl::RootMeta => matches!(field, "name" | "generateName").then_some(Decl::Dyn),
            Decl::Declared(fields) => fields.iter().find(|(n, _)| *n == field).map(|(_, d)| *d),
            Decl::Variables(names) => names.iter().any(|n| n == field).then_some(Decl::Dyn),
            Decl::Map(values) => return decl(values, embedded(values)).unwrap_or(Decl::Dyn),
            Decl::Scalar(t) => {
                let message = format!("type '{t}' does not support field selection");
                self.errors.push((at, message));
                return Decl::Dyn;
            }
            Decl::List(_) | Decl::Dyn => return Decl::Dyn,
        };
        found.unwrap_or_else(|| {
            self.errors.push((at, format!("undefined field '{field}'")));
            Decl::Dyn
        })
    }
}

/// The functions and macros Kubernetes' CEL environment declares (1.36:
/// cel-go's standard library and macros, its optional types, two-variable
/// comprehensions and `ext.Strings`, `ext.Lists`; apiserver's libraries:
/// URLs, regex, lists, authz, quantity, IP, CIDR, format, semver), by the
/// name a call uses after its `.` or as a global: a name not here is
/// `undeclared reference`. Namespaced functions (`sets.contains`) are
/// not checked.
const DECLARED_FUNCTIONS: &[&str] = &[
    // cel-go's standard library and macros.
    "size",
    "matches",
    "contains",
    "endsWith",
    "startsWith",
    "getDate",
    "getDayOfMonth",
    "getDayOfWeek",
    "getDayOfYear",
    "getFullYear",
    "getHours",
    "getMilliseconds",
    "getMinutes",
    "getMonth",
    "getSeconds",
    "bool",
    "bytes",
    "double",
    "duration",
    "dyn",
    "int",
    "string",
    "timestamp",
    "type",
    "uint",
    "has",
    "all",
    "exists",
    "exists_one",
    "map",
    "filter",
    // Two-variable comprehensions, optional types, ext.Lists.
    "existsOne",
    "transformList",
    "transformMap",
    "transformMapEntry",
    "optMap",
    "optFlatMap",
    "hasValue",
    "value",
    "or",
    "orValue",
    "first",
    "last",
    "distinct",
    "flatten",
    "slice",
    "sort",
    "sortBy",
    "reverse",
    // ext.Strings.
    "charAt",
    "format",
    "indexOf",
    "join",
    "lastIndexOf",
    "lowerAscii",
    "replace",
    "split",
    "substring",
    "trim",
    "upperAscii",
    // apiserver's libraries.
    "isSorted",
    "sum",
    "max",
    "min",
    "includes",
    "find",
    "findAll",
    "url",
    "isURL",
    "getEscapedPath",
    "getHost",
    "getHostname",
    "getPort",
    "getQuery",
    "getScheme",
    "allowed",
    "check",
    "error",
    "errored",
    "fieldSelector",
    "group",
    "labelSelector",
    "name",
    "path",
    "reason",
    "resource",
    "serviceAccount",
    "subresource",
    "add",
    "asApproximateFloat",
    "asInteger",
    "compareTo",
    "isGreaterThan",
    "isInteger",
    "isLessThan",
    "isQuantity",
    "quantity",
    "sign",
    "sub",
    "family",
    "ip",
    "ip.isCanonical",
    "isGlobalUnicast",
    "isIP",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isLoopback",
    "isUnspecified",
    "cidr",
    "containsCIDR",
    "containsIP",
    "isCIDR",
    "masked",
    "prefixLength",
    "validate",
    "isSemver",
    "major",
    "minor",
    "patch",
    "semver",
    // The optional field selection `e.?f` (the engine's own call).
    "?",
];

/// A parameter of an overload: a scalar type, any list, a list of
/// strings, any map, one of the library types the check does not follow
/// (an IP, a CIDR, a quantity, a URL, an optional: never a scalar, a list
/// or a map), or anything.
#[derive(Clone, Copy)]
enum Param {
    Scalar(&'static str),
    List,
    Strings,
    Map,
    Library,
    Any,
}

const STRING: Param = Param::Scalar("string");
const INT: Param = Param::Scalar("int");
const BOOL: Param = Param::Scalar("bool");
const TIMESTAMP: Param = Param::Scalar("google.protobuf.Timestamp");
const DURATION: Param = Param::Scalar("google.protobuf.Duration");

/// An overload: its parameters (a method's receiver first) and result.
type Overload = (&'static [Param], Param);

/// The overloads of the functions the engine's CEL subset parses, as
/// Kubernetes' environment declares them (cel-go's standard library,
/// `ext.Strings` version 2, and apiserver's `library`: lists, URLs,
/// quantities, IPs and CIDRs, semver). `None` for a function whose
/// overloads the check does not follow.
fn overloads(name: &str, member: bool) -> Option<&'static [Overload]> {
    const STRING_TESTS: &[Overload] = &[(&[STRING, STRING], BOOL)];
    const STRING_CASES: &[Overload] = &[(&[STRING], STRING)];
    const SIZE: &[Overload] = &[
        (&[Param::Scalar("bytes")], INT),
        (&[Param::List], INT),
        (&[Param::Map], INT),
        (&[STRING], INT),
    ];
    const DATE: &[Overload] = &[(&[TIMESTAMP], INT), (&[TIMESTAMP, STRING], INT)];
    const TIME: &[Overload] = &[
        (&[TIMESTAMP], INT),
        (&[TIMESTAMP, STRING], INT),
        (&[DURATION], INT),
    ];
    // A string's index, or (apiserver's lists library) a list's.
    const INDEX: &[Overload] = &[
        (&[STRING, STRING], INT),
        (&[STRING, STRING, INT], INT),
        (&[Param::List, Param::Any], INT),
    ];
    // A string's argument makes the Kubernetes type (IP, CIDR, URL,
    // quantity) or tells whether it would.
    const PARSE: &[Overload] = &[(&[STRING], Param::Any)];
    const IS: &[Overload] = &[(&[STRING], BOOL)];
    // Methods of the library types alone: never a scalar's.
    const LIBRARY_TYPE: &[Overload] = &[
        (&[Param::Library], Param::Any),
        (&[Param::Library, Param::Any], Param::Any),
    ];
    Some(match (name, member) {
        ("size", _) => SIZE,
        ("int", false) => &[
            (&[INT], INT),
            (&[Param::Scalar("double")], INT),
            (&[DURATION], INT),
            (&[STRING], INT),
            (&[TIMESTAMP], INT),
        ],
        ("string", false) => &[
            (&[STRING], STRING),
            (&[BOOL], STRING),
            (&[Param::Scalar("bytes")], STRING),
            (&[Param::Scalar("double")], STRING),
            (&[DURATION], STRING),
            (&[INT], STRING),
            (&[TIMESTAMP], STRING),
        ],
        ("double", false) => &[
            (&[Param::Scalar("double")], Param::Scalar("double")),
            (&[INT], Param::Scalar("double")),
            (&[STRING], Param::Scalar("double")),
        ],
        ("duration", false) => &[(&[DURATION], DURATION), (&[STRING], DURATION)],
        ("timestamp", false) => &[
            (&[TIMESTAMP], TIMESTAMP),
            (&[INT], TIMESTAMP),
            (&[STRING], TIMESTAMP),
        ],
        ("quantity" | "ip" | "cidr" | "url", false) => PARSE,
        ("isQuantity" | "isIP" | "ip.isCanonical" | "isCIDR" | "isURL", false) => IS,
        ("startsWith" | "endsWith" | "contains" | "matches", true) => STRING_TESTS,
        ("lowerAscii" | "upperAscii" | "trim", true) => STRING_CASES,
        ("split", true) => &[
            (&[STRING, STRING], Param::Any),
            (&[STRING, STRING, INT], Param::Any),
        ],
        ("join", true) => &[
            (&[Param::Strings], STRING),
            (&[Param::Strings, STRING], STRING),
        ],
        ("indexOf" | "lastIndexOf", true) => INDEX,
        ("substring", true) => &[(&[STRING, INT], STRING), (&[STRING, INT, INT], STRING)],
        ("replace", true) => &[
            (&[STRING, STRING, STRING], STRING),
            (&[STRING, STRING, STRING, INT], STRING),
        ],
        (
            "getFullYear" | "getMonth" | "getDayOfYear" | "getDayOfMonth" | "getDate"
            | "getDayOfWeek",
            true,
        ) => DATE,
        ("getHours" | "getMinutes" | "getSeconds" | "getMilliseconds", true) => TIME,
        // Quantities', IPs', CIDRs', URLs' and optionals' methods.
        (
            "sign"
            | "isLessThan"
            | "isGreaterThan"
            | "compareTo"
            | "family"
            | "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast"
            | "prefixLength"
            | "masked"
            | "containsIP"
            | "containsCIDR"
            | "getScheme"
            | "getHost"
            | "getHostname"
            | "getPort"
            | "hasValue"
            | "value"
            | "orValue",
            true,
        ) => LIBRARY_TYPE,
        _ => return None,
    })
}

/// Whether a parameter takes a value of type `given`: a type the check
/// does not follow (dyn, an object, a library type) is taken by any, as
/// cel-go takes a dyn.
fn takes(param: Param, given: Decl<'_>) -> bool {
    match (param, given) {
        (Param::Any, _) | (_, Decl::Dyn) => true,
        (Param::Scalar(p), Decl::Scalar(g)) => p == g,
        (Param::List, Decl::List(_)) | (Param::Map, Decl::Map(_)) => true,
        (Param::Strings, Decl::List(item)) => {
            matches!(
                decl(item, embedded(item)),
                Some(Decl::Scalar("string") | Decl::Dyn)
            )
        }
        (_, Decl::Scalar(_) | Decl::List(_) | Decl::Map(_)) => false,
        // Objects and declared types: not a scalar, a list, a map, nor a
        // library type.
        (Param::Scalar(_) | Param::List | Param::Strings | Param::Map | Param::Library, _) => false,
    }
}

/// cel-go's `FormatCELType` of a type the check knows whole: a scalar, a
/// list or map of them, `dyn`; `None` for an object, whose type name the
/// server generates.
fn type_name(d: Decl<'_>) -> Option<String> {
    Some(match d {
        Decl::Dyn => "dyn".to_string(),
        Decl::Scalar(t) => t.to_string(),
        Decl::List(item) => format!("list({})", type_name(decl(item, embedded(item))?)?),
        Decl::Map(values) => format!(
            "map(string, {})",
            type_name(decl(values, embedded(values))?)?
        ),
        _ => return None,
    })
}

/// Where cel-go places an expression, where the engine keeps it: a name,
/// a selection's `.`, a `has(`'s or a call's `(`, an operator.
fn location(e: &Expr) -> Option<usize> {
    match e {
        Expr::Ident(_, at)
        | Expr::Select(_, _, at)
        | Expr::Has(_, _, at)
        | Expr::Call(_, _, _, at)
        | Expr::Binary(_, _, _, at)
        | Expr::Not(_, at)
        | Expr::Negate(_, at) => Some(*at),
        _ => None,
    }
}

fn flag(schema: &Value, key: &str) -> bool {
    schema.get(key).and_then(Value::as_bool) == Some(true)
}

fn embedded(schema: &Value) -> bool {
    flag(schema, "x-kubernetes-embedded-resource")
}

/// `SchemaDeclType`: `None` for a schema CEL does not expose (no type, a
/// list or map of such).
fn decl(schema: &Value, root: bool) -> Option<Decl<'_>> {
    if flag(schema, "x-kubernetes-int-or-string") {
        return Some(Decl::Dyn);
    }
    match schema.get("type").and_then(Value::as_str).unwrap_or("") {
        "array" => {
            let items = schema.get("items").filter(|i| i.is_map())?;
            decl(items, embedded(items))?;
            Some(Decl::List(items))
        }
        "object" => match schema.get("additionalProperties").filter(|a| a.is_map()) {
            Some(values) => {
                decl(values, embedded(values))?;
                Some(Decl::Map(values))
            }
            None => Some(Decl::Object(schema, root)),
        },
        "string" => Some(Decl::Scalar(
            match schema.get("format").and_then(Value::as_str) {
                Some("byte") => "bytes",
                Some("duration") => "google.protobuf.Duration",
                Some("date" | "date-time") => "google.protobuf.Timestamp",
                _ => "string",
            },
        )),
        "boolean" => Some(Decl::Scalar("bool")),
        "number" => Some(Decl::Scalar("double")),
        "integer" => Some(Decl::Scalar("int")),
        _ => None,
    }
}

/// The type of the field a rule names `field` in an object of `schema`:
/// the property it escapes, if that has a CEL type. At a resource's root,
/// `WithTypeAndObjectMeta` declares `kind`, `apiVersion` and `metadata`
/// unless the schema already has them, with a metadata of string `name`
/// and `generateName`.
fn object_field<'a>(schema: &'a Value, root: bool, field: &str) -> Option<Decl<'a>> {
    let properties = schema.get("properties").and_then(Value::as_map);
    let property = |name: &str| properties.and_then(|p| p.get(name));
    let typed = |v: Option<&Value>, t: &str| {
        v.and_then(|v| v.get("type")).and_then(Value::as_str) == Some(t)
    };
    if root {
        let meta = property("metadata");
        let meta_field = |n: &str| meta.and_then(|m| m.get_path(&["properties", n]));
        let complete = typed(property("kind"), "string")
            && typed(property("apiVersion"), "string")
            && typed(meta, "object")
            && typed(meta_field("name"), "string")
            && typed(meta_field("generateName"), "string");
        if !complete {
            match field {
                "kind" | "apiVersion" => return Some(Decl::Dyn),
                "metadata" => return Some(Decl::RootMeta),
                _ => {}
            }
        }
    }
    properties?.iter().find_map(|(name, s)| {
        (escape(name).as_deref() == Some(field))
            .then(|| decl(s, embedded(s)))
            .flatten()
    })
}

/// apiserver's `cel.Escape`: the CEL name of a property, `None` when it
/// has none (empty, a leading digit, another character than letters,
/// digits, `_`, `.`, `-` and `/`).
fn escape(name: &str) -> Option<String> {
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("__") {
            out.push_str("__underscores__");
            rest = &rest[2..];
            continue;
        }
        match c {
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
        rest = &rest[c.len_utf8()..];
    }
    Some(out)
}

/// cel-go's `Error.ToDisplayString` of `message` at character `at` of
/// `source`.
fn display(source: &str, at: usize, message: &str) -> String {
    let before: Vec<char> = source.chars().take(at).collect();
    let line = before.iter().filter(|&&c| c == '\n').count() + 1;
    let column = before.iter().rev().take_while(|&&c| c != '\n').count();
    let snippet: String = source
        .split('\n')
        .nth(line - 1)
        .unwrap_or("")
        .replace('\t', " ");
    let mut caret = String::new();
    let mut chars = snippet.chars();
    for c in chars.by_ref().take(column) {
        caret.push(if c.len_utf8() > 1 { '\u{ff0e}' } else { '.' });
    }
    caret.push(match chars.next() {
        Some(c) if c.len_utf8() > 1 => '\u{ff3e}',
        _ => '^',
    });
    format!(
        "ERROR: <input>:{line}:{}: {message}\n | {snippet}\n | {caret}",
        column + 1
    )
}

#[cfg(test)]
mod tests;
