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
//! `__namespace__`, and as itself too since the 1.31 environment:
//! `self.namespace`); not the unknown fields an
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
//! misspelt namespaced one, `sets.contian`, makes its namespace an
//! undeclared reference too).
//!
//! `null` stands beside a timestamp, a duration or an object, not a
//! string, a number or a list (`'_!=_' applied to '(string, null)'`); an
//! index takes an int on a list and a string on a map (`'_[_]'`); a list
//! has no fields; a comprehension ranges over a list, a map or a dyn, and
//! `all`'s and `exists`' bodies are bools; a conditional's branches have
//! one type, or one is `null` and the other nullable (`'_?_:_'`). Types are printed as cel-go's checker prints
//! them (`FormatCELType`: `timestamp`, `duration`, `null`).
//!
//! When the checker finds nothing, the AST validators Kubernetes adds
//! run: a list literal's items of the first one's type, a dyn differing
//! from any other (`expected type 'int' but found 'double'`, at the first
//! that differs), and `duration()` and `timestamp()` of a literal Go
//! parses (`invalid duration argument`), and a `matches` pattern Go's
//! regexp compiles (`invalid matches argument`).
//!
//! The output type is told where the check knows it: a rule must give a
//! bool, a message a string, an admission expression what its accessor
//! returns (`must evaluate to bool but got dyn`, printed by cel-go's
//! `Type.String()`).
//!
//! Only these are checked: a rule with another compile error (an
//! operator, function or comprehension given an object, whose type name
//! the server generates) is taken, or refused for these alone. "Unknown"
//! is not "dyn": a value the check does not follow (what a function
//! outside the overload table returns, `optional.none()`, an optional of
//! an optional) is taken by anything and names no type, while
//! cel-go's dyn (an int-or-string, an admission `object`) is a type of its
//! own, which an output check and a list literal tell.

use super::Expr;
use crate::crd::CEL_RESERVED as RESERVED;
use crate::value::{Map, Value};

/// A node's CEL type, as far as the check follows it.
#[derive(Clone, Copy)]
enum Decl<'a> {
    /// A type the check does not follow: what a function outside its
    /// overload table returns, `optional.none()`. Any parameter takes
    /// it, and it names no type.
    Unknown,
    /// cel-go's `!error!`: the type of an expression that failed (an
    /// undeclared name, an undefined field, a call no overload takes).
    /// Any parameter takes it, as a dyn, but messages print it, so that
    /// the errors cel-go reports after the first one are reported too.
    Error,
    /// cel-go's `dyn`: an int-or-string, an admission policy's `object`,
    /// `oldObject` and `params`, a field or item of a dyn.
    Dyn,
    /// A scalar of a schema, by its CEL type's name (`int`, `string`,
    /// `timestamp`...: cel-go's `FormatCELType`, which its messages
    /// print): it has no fields.
    Scalar(&'static str),
    /// A list of items of this schema.
    List(&'a Value),
    /// A map (`additionalProperties`) of values of this schema.
    Map(&'a Value),
    /// A list of values of one scalar type (or `dyn`): a literal's, a
    /// declared field's.
    ListOf(&'static str),
    /// A map from strings to values of one scalar type: a declared
    /// field's.
    MapOf(&'static str),
    /// An object of this schema; `true` at a resource's root.
    Object(&'a Value, bool),
    /// The `metadata` a resource's root exposes: `name`, `generateName`.
    RootMeta,
    /// One of the admission environment's declared object types: its
    /// name, its fields and their types.
    Declared(&'static str, Fields),
    /// An admission policy's `variables`: those declared so far, each
    /// with the type its expression gave.
    Variables(&'a [(String, VariableType)]),
    /// cel-go's `optional_type(T)` (`e.?f`, `optional.of(e)`, the
    /// `oldSelf` of a rule with `optionalOldSelf`), of a `T` the check
    /// follows.
    Optional(Wrapped<'a>),
    /// The type of a value of this type, `type(e)`'s (cel-go's
    /// `type(T)`).
    TypeOf(Wrapped<'a>),
}

/// The type an optional holds: one of [`Decl`]'s, but not an optional
/// (cel-go's optional of an optional is left unfollowed) nor a type the
/// check does not follow.
#[derive(Clone, Copy)]
enum Wrapped<'a> {
    Dyn,
    Error,
    Scalar(&'static str),
    List(&'a Value),
    Map(&'a Value),
    ListOf(&'static str),
    MapOf(&'static str),
    Object(&'a Value, bool),
    RootMeta,
    Declared(&'static str, Fields),
}

impl<'a> Decl<'a> {
    /// `optional_type(self)`: unknown where the check does not follow
    /// the type held.
    fn optional(self) -> Decl<'a> {
        self.wrapped().map_or(Decl::Unknown, Decl::Optional)
    }

    /// `type(self)`: unknown where the check does not follow the type.
    fn type_of(self) -> Decl<'a> {
        self.wrapped().map_or(Decl::Unknown, Decl::TypeOf)
    }

    /// This type, held by an optional or a type.
    fn wrapped(self) -> Option<Wrapped<'a>> {
        Some(match self {
            Decl::Dyn => Wrapped::Dyn,
            Decl::Error => Wrapped::Error,
            Decl::Scalar(t) => Wrapped::Scalar(t),
            Decl::List(items) => Wrapped::List(items),
            Decl::Map(values) => Wrapped::Map(values),
            Decl::ListOf(t) => Wrapped::ListOf(t),
            Decl::MapOf(t) => Wrapped::MapOf(t),
            Decl::Object(schema, root) => Wrapped::Object(schema, root),
            Decl::RootMeta => Wrapped::RootMeta,
            Decl::Declared(name, fields) => Wrapped::Declared(name, fields),
            Decl::Unknown | Decl::Variables(_) | Decl::Optional(_) | Decl::TypeOf(_) => {
                return None;
            }
        })
    }

    /// The type an optional holds, `None` for another type.
    fn held(self) -> Option<Decl<'a>> {
        match self {
            Decl::Optional(wrapped) => Some(wrapped.inner()),
            _ => None,
        }
    }
}

impl<'a> Wrapped<'a> {
    /// The type wrapped.
    fn inner(self) -> Decl<'a> {
        match self {
            Wrapped::Dyn => Decl::Dyn,
            Wrapped::Error => Decl::Error,
            Wrapped::Scalar(t) => Decl::Scalar(t),
            Wrapped::List(items) => Decl::List(items),
            Wrapped::Map(values) => Decl::Map(values),
            Wrapped::ListOf(t) => Decl::ListOf(t),
            Wrapped::MapOf(t) => Decl::MapOf(t),
            Wrapped::Object(schema, root) => Decl::Object(schema, root),
            Wrapped::RootMeta => Decl::RootMeta,
            Wrapped::Declared(name, fields) => Decl::Declared(name, fields),
        }
    }
}

/// The type an admission policy's variable is declared with: its
/// expression's output type, as `convertCelTypeToDeclType` keeps it (a
/// scalar, a list or map of them; dyn for another, or when the expression
/// did not compile).
#[derive(Clone, Copy)]
pub(crate) struct VariableType(Decl<'static>);

impl VariableType {
    /// The type of a variable whose expression the engine does not parse.
    pub(crate) const UNFOLLOWED: VariableType = VariableType(Decl::Unknown);
}

/// A declared object type's fields.
type Fields = &'static [(&'static str, Decl<'static>)];

/// The type of one of CEL's type names used as a value (`type == 'x'`, a
/// rule that forgot `self.` before a field named `type`), as cel-go prints
/// it; `None` for another name (a bare `dyn` is undeclared).
pub(super) fn type_of_type_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "bool" => "type(bool)",
        "bytes" => "type(bytes)",
        "double" => "type(double)",
        "int" => "type(int)",
        "list" => "type(list(dyn))",
        "map" => "type(map(dyn, dyn))",
        "null_type" => "type(null)",
        "optional_type" => "type(optional_type)",
        "string" => "type(string)",
        "type" => "type(type)",
        "uint" => "type(uint)",
        _ => return None,
    })
}

/// What compiling a rule tells: cel-go's issues (`ERROR: …`), if any;
/// else the name of its output type where the check knows it (a rule
/// must give a `bool`, a message expression a `string`; a schema
/// object's type, whose name the server generates, is `object` here);
/// and whether the compiled rule reads `oldSelf` (a rule that failed
/// does not). It keeps the parsed rule and its text, which its cost
/// estimate reads (`Compiled::estimated_cost`) without parsing it again.
pub(crate) struct Compiled {
    pub(crate) error: Option<String>,
    pub(crate) output: Option<String>,
    /// When it compiles, the error creating its program (a literal
    /// pattern of `find()` Go refuses: `super::program_error`).
    pub(crate) program_error: Option<String>,
    pub(crate) uses_old_self: bool,
    pub(super) expr: Expr,
    pub(super) source: String,
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
    let this = decl(schema, root || embedded(schema))?;
    if let Some(issues) = syntax_errors(rule) {
        return Some(Compiled::failed(rule, issues));
    }
    let expr = super::parse(rule)?;
    // An optional of the node's type.
    let old = if optional_old_self {
        this.optional()
    } else {
        this
    };
    let vars = vec![("self", this), ("oldSelf", old)];
    let (error, result) = issues(rule, &expr, vars, false);
    // Only a bool is a rule's result, a string a message's: any other
    // type the check knows is refused (`ast.OutputType() != cel.BoolType`,
    // a dyn too), named where cel-go's name is known, else `object` (a
    // list or map of objects too: the name is not printed).
    let output = match result {
        _ if error.is_some() => None,
        Decl::Unknown => None,
        result => Some(type_name(result).unwrap_or_else(|| "object".to_string())),
    };
    let uses_old_self = error.is_none()
        && output.as_deref().is_none_or(|t| t == "bool")
        && super::uses_old_self(&expr);
    let program_error = error
        .is_none()
        .then(|| super::program_error(&expr))
        .flatten();
    Some(Compiled {
        error,
        output,
        program_error,
        uses_old_self,
        expr,
        source: rule.to_string(),
    })
}

/// cel-go's syntax errors in `expression`; an absent one (empty), which
/// the server never compiles, has none.
fn syntax_errors(expression: &str) -> Option<String> {
    (!expression.is_empty())
        .then(|| super::syntax::errors(expression))
        .flatten()
}

impl Compiled {
    /// A rule cel-go does not parse: its syntax errors.
    fn failed(rule: &str, issues: String) -> Compiled {
        Compiled {
            error: Some(issues),
            output: None,
            program_error: None,
            uses_old_self: false,
            expr: Expr::Literal(Value::Null, 0),
            source: rule.to_string(),
        }
    }
}

/// What an admission expression's environment declares
/// (`plugin/cel/compile.go`'s `createEnvForOpts`, and the composited
/// compiler's `variables`).
pub(crate) struct AdmissionEnv<'a> {
    /// `params`: a policy with a `paramKind`.
    pub(crate) params: bool,
    /// `authorizer`.
    pub(crate) authorizer: bool,
    /// `variables` and those declared so far with their types, for a
    /// policy that has variables.
    pub(crate) variables: Option<&'a [(String, VariableType)]>,
}

/// An admission expression's compilation: cel-go's issues, if any, and
/// its output type.
pub(crate) struct AdmissionCompiled {
    pub(crate) error: Option<String>,
    /// When it compiles, the error creating its program
    /// (`super::program_error`).
    pub(crate) program_error: Option<String>,
    /// The output type's name (cel-go's `Type.String()`), where the
    /// check knows it.
    output: Option<String>,
    /// The type a variable of it is declared with.
    declared: Decl<'static>,
}

impl AdmissionCompiled {
    /// `compile.go`'s check of the output type against the types the
    /// expression may give (`ReturnTypes`: a validation `bool`, a message
    /// `string`, an audit annotation's value `string` or `null_type`):
    /// `must evaluate to bool but got dyn`, where the check knows the
    /// type. Compile errors come first.
    pub(crate) fn wrong_output(&self, returns: &[&str]) -> Option<String> {
        if self.error.is_some() || returns.is_empty() {
            return None;
        }
        let found = self.output.as_deref()?;
        if returns.contains(&found) {
            return None;
        }
        Some(match returns {
            [one] => format!("must evaluate to {one} but got {found}"),
            _ => format!(
                "must evaluate to one of [{}] but got {found}",
                returns.join(" ")
            ),
        })
    }

    /// The type a variable of this expression is declared with.
    pub(crate) fn variable_type(&self) -> VariableType {
        if self.error.is_some() || self.program_error.is_some() {
            return VariableType(Decl::Dyn);
        }
        VariableType(self.declared)
    }
}

/// The compilation of the admission expression `expression` in `env`
/// (`object`, `oldObject` and `params` are dyn; `request` and
/// `namespaceObject` have their declared types: `BuildRequestType`,
/// `BuildNamespaceType`); `None` for an expression outside the subset
/// the engine parses.
pub(crate) fn compile_admission(expression: &str, env: &AdmissionEnv) -> Option<AdmissionCompiled> {
    if let Some(issues) = syntax_errors(expression) {
        return Some(AdmissionCompiled {
            error: Some(issues),
            program_error: None,
            output: None,
            declared: Decl::Dyn,
        });
    }
    let expr = super::parse(expression)?;
    let mut vars = vec![
        ("object", Decl::Dyn),
        ("oldObject", Decl::Dyn),
        ("namespaceObject", NAMESPACE),
        ("request", REQUEST),
    ];
    if env.params {
        vars.push(("params", Decl::Dyn));
    }
    if env.authorizer {
        vars.push(("authorizer", Decl::Scalar(AUTHORIZER)));
    }
    if let Some(declared) = env.variables {
        vars.push(("variables", Decl::Variables(declared)));
    }
    let (error, output) = issues(expression, &expr, vars, false);
    let program_error = error
        .is_none()
        .then(|| super::program_error(&expr))
        .flatten();
    Some(AdmissionCompiled {
        error,
        program_error,
        output: type_name(output).map(|t| declared_name(&t)),
        declared: declared_type(output),
    })
}

/// cel-go's `Type.String()` of a type `FormatCELType` printed as
/// `formatted`: the well-known types by their full names.
fn declared_name(formatted: &str) -> String {
    let mut out = String::new();
    for part in formatted.split_inclusive(['(', ')', ',', ' ']) {
        let name = part.trim_end_matches(['(', ')', ',', ' ']);
        let full = match name {
            TIMESTAMP_TYPE => "google.protobuf.Timestamp",
            DURATION_TYPE => "google.protobuf.Duration",
            NULL_TYPE => "null_type",
            _ => name,
        };
        out.push_str(full);
        out.push_str(&part[name.len()..]);
    }
    out
}

/// `convertCelTypeToDeclType`: a scalar, a list or map of them, or what
/// the check does not follow, kept; dyn for another.
fn declared_type(d: Decl<'_>) -> Decl<'static> {
    match d {
        Decl::Unknown => Decl::Unknown,
        Decl::Scalar(t) => Decl::Scalar(t),
        Decl::ListOf(t) => Decl::ListOf(t),
        Decl::MapOf(t) => Decl::MapOf(t),
        _ => Decl::Dyn,
    }
}

/// A DRA device selector's compilation (`dynamic-resource-allocation/cel`'s
/// `CompileCELExpression`, Kubernetes' base environment with cel-go's
/// bindings and `device`, a `kubernetes.DRADevice`): `compilation
/// failed: …`, or an output other than a bool or the unknown type an
/// attribute has (`must evaluate to bool or the unknown type, not
/// string`); else its estimated cost (`MaxCost`, `super::cost`), `None`
/// where the estimate does not model it or the engine does not parse it.
pub(crate) fn compile_device_selector(expression: &str) -> Result<Option<u64>, String> {
    if let Some(issues) = syntax_errors(expression) {
        return Err(["compilation failed: ", &issues].concat());
    }
    let Some(expr) = super::parse(expression) else {
        return Ok(None);
    };
    let (error, output) = issues(expression, &expr, vec![("device", DEVICE)], true);
    if let Some(issues) = error {
        return Err(["compilation failed: ", &issues].concat());
    }
    match output {
        Decl::Scalar("bool") | Decl::Unknown | Decl::Dyn => {
            Ok(super::cost::device_selector_cost(&expr, expression))
        }
        output => match type_name(output) {
            Some(t) => Err(format!(
                "must evaluate to bool or the unknown type, not {}",
                declared_name(&t)
            )),
            None => Ok(None),
        },
    }
}

/// `kubernetes.DRADevice`: its attributes and capacities are maps by
/// domain of maps by name, of values of any type and quantities (not
/// followed); `allowMultipleAllocations` is declared when
/// DRAConsumableCapacity is on.
const DEVICE: Decl<'static> = Decl::Declared(
    "kubernetes.DRADevice",
    &[
        ("driver", STRING_FIELD),
        ("allowMultipleAllocations", Decl::Scalar("bool")),
        ("attributes", Decl::Unknown),
        ("capacity", Decl::Unknown),
    ],
);

const STRING_FIELD: Decl<'static> = Decl::Scalar("string");
const STRINGS: Decl<'static> = Decl::ListOf("string");
const GROUP_VERSION_KIND: Decl<'static> = Decl::Declared(
    "kubernetes.GroupVersionKind",
    &[
        ("group", STRING_FIELD),
        ("version", STRING_FIELD),
        ("kind", STRING_FIELD),
    ],
);
const GROUP_VERSION_RESOURCE: Decl<'static> = Decl::Declared(
    "kubernetes.GroupVersionResource",
    &[
        ("group", STRING_FIELD),
        ("version", STRING_FIELD),
        ("resource", STRING_FIELD),
    ],
);
/// `kubernetes.AdmissionRequest` (no `uid`, `object` or `oldObject`).
const REQUEST: Decl<'static> = Decl::Declared(
    "kubernetes.AdmissionRequest",
    &[
        ("kind", GROUP_VERSION_KIND),
        ("resource", GROUP_VERSION_RESOURCE),
        ("subResource", STRING_FIELD),
        ("requestKind", GROUP_VERSION_KIND),
        ("requestResource", GROUP_VERSION_RESOURCE),
        ("requestSubResource", STRING_FIELD),
        ("name", STRING_FIELD),
        ("namespace", STRING_FIELD),
        ("operation", STRING_FIELD),
        (
            "userInfo",
            Decl::Declared(
                "kubernetes.UserInfo",
                &[
                    ("username", STRING_FIELD),
                    ("uid", STRING_FIELD),
                    ("groups", STRINGS),
                    // A map of lists of strings.
                    ("extra", Decl::Unknown),
                ],
            ),
        ),
        ("dryRun", Decl::Scalar("bool")),
        ("options", Decl::Dyn),
    ],
);
/// `kubernetes.Namespace`, of its fields those `BuildNamespaceType`
/// keeps.
const NAMESPACE: Decl<'static> = Decl::Declared(
    "kubernetes.Namespace",
    &[
        (
            "metadata",
            Decl::Declared(
                "kubernetes.NamespaceMetadata",
                &[
                    ("name", STRING_FIELD),
                    ("generateName", STRING_FIELD),
                    ("namespace", STRING_FIELD),
                    ("labels", Decl::MapOf("string")),
                    ("annotations", Decl::MapOf("string")),
                    ("UID", STRING_FIELD),
                    ("creationTimestamp", Decl::Scalar(TIMESTAMP_TYPE)),
                    ("deletionGracePeriodSeconds", Decl::Scalar("int")),
                    ("deletionTimestamp", Decl::Scalar(TIMESTAMP_TYPE)),
                    ("generation", Decl::Scalar("int")),
                    ("resourceVersion", STRING_FIELD),
                    ("finalizers", STRINGS),
                ],
            ),
        ),
        (
            "spec",
            Decl::Declared("kubernetes.NamespaceSpec", &[("finalizers", STRINGS)]),
        ),
        (
            "status",
            Decl::Declared(
                "kubernetes.NamespaceStatus",
                // A list of `kubernetes.NamespaceCondition` objects.
                &[("conditions", Decl::Unknown), ("phase", STRING_FIELD)],
            ),
        ),
    ],
);

const TIMESTAMP_TYPE: &str = "timestamp";
const DURATION_TYPE: &str = "duration";
const NULL_TYPE: &str = "null";
/// cel-go's name of the type of an expression that failed.
const ERROR_TYPE: &str = "!error!";
/// apiserver's authz library's types (`library/authz.go`): the
/// `authorizer` variable's, and what its checks give.
const AUTHORIZER: &str = "kubernetes.authorization.Authorizer";
const PATH_CHECK: &str = "kubernetes.authorization.PathCheck";
const GROUP_CHECK: &str = "kubernetes.authorization.GroupCheck";
const RESOURCE_CHECK: &str = "kubernetes.authorization.ResourceCheck";
const DECISION: &str = "kubernetes.authorization.Decision";

/// The check of `expr` (the text `source`) with the variables `vars`:
/// cel-go's issues, in the order of their places, if any, and the type
/// of the result. The checker's errors come first; only an expression
/// without them goes through the AST validators Kubernetes adds (a list
/// literal's items of one type). `bindings`: the environment has cel-go's
/// `cel.bind` macro (DRA's does, the others do not).
fn issues<'a>(
    source: &str,
    expr: &Expr,
    vars: Vec<(&str, Decl<'a>)>,
    bindings: bool,
) -> (Option<String>, Decl<'a>) {
    let mut checker = Checker {
        vars: vars.into_iter().map(|(n, d)| (n.to_string(), d)).collect(),
        errors: Vec::new(),
        validator_errors: Vec::new(),
        bindings,
    };
    let result = checker.check(expr);
    let mut errors = if checker.errors.is_empty() {
        checker.validator_errors
    } else {
        checker.errors
    };
    if errors.is_empty() {
        return (None, result);
    }
    errors.sort_by_key(|(at, _)| *at);
    let issues: Vec<String> = errors
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
    /// The AST validators' (Kubernetes adds cel-go's homogeneous-literal
    /// and duration and timestamp literal validators), reported when the
    /// checker found nothing.
    validator_errors: Vec<(usize, String)>,
    /// Whether `cel.bind(name, value, body)` binds `name` in `body`.
    bindings: bool,
}

impl<'a> Checker<'a> {
    /// The type of `e`, its errors recorded.
    fn check(&mut self, e: &Expr) -> Decl<'a> {
        match e {
            Expr::Ident(name, at) => match self.vars.iter().rev().find(|(n, _)| n == name) {
                Some((_, d)) => *d,
                // CEL's type names are declared too, as types.
                None if let Some(t) = type_of_type_name(name) => Decl::Scalar(t),
                None => {
                    let message = format!("undeclared reference to '{name}' (in container '')");
                    self.errors.push((*at, message));
                    Decl::Error
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
            Expr::Index(target, index, at) => {
                let (target, index) = (self.check(target), self.check(index));
                self.index(target, index, *at)
            }
            Expr::Macro(range, name, var, body, at) => {
                self.comprehension(range, name, &[var], std::slice::from_ref(body), *at)
            }
            Expr::Literal(v, _) => match v {
                Value::Int(_) => Decl::Scalar("int"),
                Value::Float(_) => Decl::Scalar("double"),
                Value::String(_) => Decl::Scalar("string"),
                Value::Bool(_) => Decl::Scalar("bool"),
                Value::Null => Decl::Scalar(NULL_TYPE),
                _ => Decl::Unknown,
            },
            Expr::List(items, _) => self.list(items),
            // cel-go checks a logical operator's operands one by one; one
            // that is not a bool leaves the operator untyped.
            Expr::Binary(a, "&&" | "||", b, _) => {
                let mut typed = true;
                for operand in [a, b] {
                    let found = self.check(operand);
                    typed &= self.expect_bool(found, location(operand));
                }
                if typed {
                    Decl::Scalar("bool")
                } else {
                    Decl::Error
                }
            }
            Expr::Binary(a, op, b, at) => {
                let (left, right) = (self.check(a), self.check(b));
                self.operator(op, left, right, *at)
            }
            Expr::Not(..) | Expr::Negate(..) => self.unary(e),
            Expr::Conditional(condition, yes, no, at) => {
                let given = [self.check(condition), self.check(yes), self.check(no)];
                self.conditional(given, *at)
            }
            // `e.?field`: an optional of the field (cel-go's
            // `checkSelectField`, optional).
            Expr::Call(Some(target), name, args, at) if name == "?" => {
                let target = self.check(target);
                match args.first() {
                    // A selection on an optional is one already.
                    Some(Expr::Literal(Value::String(field), _)) => match target {
                        Decl::Optional(_) => self.select(target, field, *at),
                        _ => self.select(target, field, *at).optional(),
                    },
                    _ => Decl::Unknown,
                }
            }
            // A macro the parser leaves a call: its leading arguments are
            // the variables it binds.
            Expr::Call(Some(range), name, args, at)
                if let Some((vars, bodies)) = comprehension_shape(name, args) =>
            {
                self.comprehension(range, name, &vars, bodies, *at)
            }
            // `sets.contains(…)`, `format.dns1123Label()`: a name outside
            // the scope before the `.` may make a namespaced function.
            Expr::Call(Some(target), name, args, at) if matches!(&**target, Expr::Ident(n, _) if !self.in_scope(n)) => {
                self.namespaced(target, name, args, *at)
            }
            // A name the environment does not declare: cel-go checks the
            // arguments (which a misspelt macro's variable fails), the
            // receiver, then refuses the name, at the call's `(`.
            Expr::Call(target, name, args, at)
                if !DECLARED_FUNCTIONS.contains(&name.as_str())
                    || macro_only(name, target.is_some(), args) =>
            {
                for arg in args {
                    self.check(arg);
                }
                if let Some(target) = target {
                    self.check(target);
                }
                let message = format!("undeclared reference to '{name}' (in container '')");
                self.errors.push((*at, message));
                Decl::Error
            }
            // `type(e)`: the type of `e`'s type.
            Expr::Call(None, name, args, _) if name == "type" && args.len() == 1 => {
                self.check(&args[0]).type_of()
            }
            // `dyn(e)`: any value, as a dyn.
            Expr::Call(None, name, args, _) if name == "dyn" && args.len() == 1 => {
                self.check(&args[0]);
                Decl::Dyn
            }
            // A declared function the check follows; another (a macro
            // outside the subset, whose arguments bind names) is not
            // followed.
            Expr::Call(target, name, args, at) => {
                let receiver = target.as_deref().map(|t| self.check(t));
                let types: Vec<Decl<'a>> = args.iter().map(|a| self.check(a)).collect();
                self.apply(name, receiver, args, &types, *at)
            }
        }
    }

    /// The call of the declared function `name` on `receiver` (a method)
    /// with `args` of types `types`, at `at`.
    fn apply(
        &mut self,
        name: &str,
        receiver: Option<Decl<'a>>,
        args: &[Expr],
        types: &[Decl<'a>],
        at: usize,
    ) -> Decl<'a> {
        if let Some(receiver) = receiver
            && OPTIONAL_METHODS.contains(&name)
        {
            return self.optional_method(name, receiver, types, at);
        }
        let Some(overloads) = overloads(name, receiver.is_some()) else {
            return Decl::Unknown;
        };
        self.literal_argument(name, args);
        self.call(name, overloads, receiver, types, at)
    }

    /// `prefix.name(args)` where `prefix` is no variable (cel-go's
    /// `checkCall`): a function the environment declares by that
    /// qualified name, or else a method on `prefix`, which is then an
    /// undeclared reference itself (after the arguments' errors), and so
    /// is `name` when no function has it (`sets.contian(…)`: both).
    fn namespaced(&mut self, target: &Expr, name: &str, args: &[Expr], at: usize) -> Decl<'a> {
        if let (true, Expr::Ident(prefix, _), "bind", [Expr::Ident(var, _), value, body]) =
            (self.bindings, target, name, args)
            && prefix == "cel"
        {
            let bound = self.check(value);
            self.vars.push((var.clone(), bound));
            let result = self.check(body);
            self.vars.pop();
            return result;
        }
        let types: Vec<Decl<'a>> = args.iter().map(|a| self.check(a)).collect();
        let Expr::Ident(prefix, _) = target else {
            return Decl::Unknown;
        };
        let qualified = [prefix.as_str(), ".", name].concat();
        if NAMESPACED_FUNCTIONS.contains(&qualified.as_str()) {
            // `optional.of(e)`, `optional.ofNonZeroValue(e)`: an optional
            // of `e`'s type (`optional.none()`'s is a free type parameter,
            // not followed).
            return match (qualified.as_str(), types.as_slice()) {
                ("optional.of" | "optional.ofNonZeroValue", [value]) => value.optional(),
                _ => Decl::Unknown,
            };
        }
        let receiver = self.check(target);
        if !DECLARED_FUNCTIONS.contains(&name) {
            let message = format!("undeclared reference to '{name}' (in container '')");
            self.errors.push((at, message));
            return Decl::Error;
        }
        self.apply(name, Some(receiver), args, &types, at)
    }

    /// Whether `name` is a variable in scope or a type name.
    fn in_scope(&self, name: &str) -> bool {
        self.vars.iter().any(|(n, _)| n == name) || type_of_type_name(name).is_some()
    }

    /// A comprehension macro over `range` (cel-go's and its two-variable
    /// extension's, `ext.Lists`' `sortBy`, the optional library's
    /// `optMap`): `vars` bound in `bodies` (the last is the result's; a
    /// `map`'s or a transform's filter comes before it). One variable is
    /// an item of a list, a key of a map, a dyn of a dyn; two are a
    /// list's index and item, a map's key and value. Another range is
    /// cel-go's `expression of type 'string' cannot be range of a
    /// comprehension`, at the range. `all`'s and `exists`' bodies are an
    /// operand of `&&` and `||` in the expansion, so they must be bools,
    /// and `exists_one`'s the condition of a `_?_:_` counting matches.
    fn comprehension(
        &mut self,
        range: &Expr,
        name: &str,
        vars: &[&str],
        bodies: &[Expr],
        at: usize,
    ) -> Decl<'a> {
        let range_type = self.check(range);
        let optional_macro = name.starts_with("opt");
        let (key, item) = match range_type {
            // `optMap`'s variable is the value an optional holds; its
            // expansion calls `hasValue()` and `value()` on another type.
            Decl::Optional(_) if optional_macro => {
                (range_type.held().unwrap_or(Decl::Unknown), Decl::Unknown)
            }
            Decl::Dyn | Decl::Error if optional_macro => (Decl::Dyn, Decl::Unknown),
            Decl::Unknown => (Decl::Unknown, Decl::Unknown),
            _ if optional_macro => {
                for method in ["hasValue", "value"] {
                    self.optional_method(method, range_type, &[], at);
                }
                (Decl::Unknown, Decl::Unknown)
            }
            Decl::List(_) | Decl::ListOf(_) | Decl::Map(_) | Decl::MapOf(_) => (
                Decl::Scalar(key_of(range_type)),
                item_of(range_type).unwrap_or(Decl::Unknown),
            ),
            Decl::Dyn | Decl::Error => (Decl::Dyn, Decl::Dyn),
            Decl::Scalar(_) | Decl::Optional(_) | Decl::TypeOf(_) => {
                let Some(t) = type_name(range_type) else {
                    return Decl::Unknown;
                };
                let message = format!(
                    "expression of type '{t}' cannot be range of a comprehension (must be list, map, or dynamic)"
                );
                self.errors.push((location(range), message));
                (Decl::Error, Decl::Error)
            }
            _ => (Decl::Unknown, Decl::Unknown),
        };
        let bound = match (vars, range_type) {
            ([_, _], _) => vec![key, item],
            (_, Decl::List(_) | Decl::ListOf(_)) => vec![item],
            _ => vec![key],
        };
        for (var, d) in vars.iter().zip(bound) {
            self.vars.push((var.to_string(), d));
        }
        let types: Vec<Decl<'a>> = bodies.iter().map(|b| self.check(b)).collect();
        self.vars.truncate(self.vars.len() - vars.len());
        let (Some(body), Some(&body_type)) = (bodies.last(), types.last()) else {
            return Decl::Unknown;
        };
        match name {
            "all" | "exists" => {
                self.expect_bool(body_type, location(body));
                Decl::Scalar("bool")
            }
            "exists_one" | "existsOne" => {
                let counted = type_name(body_type)
                    .filter(|t| !["bool", "dyn", ERROR_TYPE].contains(&t.as_str()));
                if let Some(t) = counted {
                    let message = format!(
                        "found no matching overload for '_?_:_' applied to '({t}, int, int)'"
                    );
                    self.errors.push((at, message));
                }
                Decl::Scalar("bool")
            }
            // The accumulator's type: a list of the items kept or made (a
            // dyn's after a dyn or an error).
            "filter" => match range_type {
                Decl::List(_) | Decl::ListOf(_) => range_type,
                Decl::Map(_) | Decl::MapOf(_) => Decl::ListOf("string"),
                Decl::Dyn | Decl::Error => Decl::ListOf("dyn"),
                _ if matches!(item, Decl::Error) => Decl::ListOf(ERROR_TYPE),
                _ => Decl::Unknown,
            },
            "map" | "transformList" => match body_type {
                Decl::Scalar(t) => Decl::ListOf(t),
                Decl::Dyn => Decl::ListOf("dyn"),
                Decl::Error => Decl::ListOf(ERROR_TYPE),
                _ => Decl::Unknown,
            },
            "sortBy" => match range_type {
                Decl::List(_) | Decl::ListOf(_) => range_type,
                _ => Decl::Unknown,
            },
            "optMap" if matches!(range_type, Decl::Optional(_)) => body_type.optional(),
            "optFlatMap" if matches!(range_type, Decl::Optional(_)) => match body_type {
                Decl::Optional(_) => body_type,
                _ => Decl::Unknown,
            },
            _ => Decl::Unknown,
        }
    }

    /// A list literal: a list of its items' type when they are scalars of
    /// one type. Kubernetes' `HomogeneousAggregateLiterals` validator
    /// compares each item with the first (a dyn differs from an int):
    /// `expected type 'int' but found 'double'`, at the first item that
    /// differs.
    fn list(&mut self, items: &[Expr]) -> Decl<'a> {
        let types: Vec<Decl<'a>> = items.iter().map(|i| self.check(i)).collect();
        let Some(names) = types
            .iter()
            .map(|d| type_name(*d))
            .collect::<Option<Vec<_>>>()
        else {
            return Decl::Unknown;
        };
        // `[]`: a list of anything.
        let Some(first) = names.first() else {
            return Decl::ListOf("dyn");
        };
        // After an error (the validator does not run then), cel-go's
        // `joinTypes`: an item of the error type gives way to the next
        // item's type, and an item after others takes their place.
        if types.iter().any(|t| matches!(t, Decl::Error)) {
            let joined = types[1..]
                .iter()
                .fold(types[0], |before, item| match before {
                    Decl::Error => *item,
                    _ if matches!(item, Decl::Error) => Decl::Error,
                    _ => before,
                });
            return match joined {
                Decl::Error => Decl::ListOf(ERROR_TYPE),
                Decl::Scalar(t) => Decl::ListOf(t),
                Decl::Dyn => Decl::ListOf("dyn"),
                _ => Decl::Unknown,
            };
        }
        if let Some((item, found)) = items.iter().zip(&names).find(|(_, n)| *n != first) {
            let message = format!("expected type '{first}' but found '{found}'");
            self.validator_errors.push((location(item), message));
            return Decl::ListOf("dyn");
        }
        match types[0] {
            Decl::Scalar(t) => Decl::ListOf(t),
            Decl::Dyn => Decl::ListOf("dyn"),
            _ => Decl::Unknown,
        }
    }

    /// `ValidateDurationLiterals`, `ValidateTimestampLiterals`: a string
    /// literal given to `duration()` or `timestamp()` is converted when
    /// the expression is compiled (Go's `time.ParseDuration`, RFC 3339
    /// within years 1 to 9999): `invalid duration argument`, at the
    /// literal (`duration('1d')`: Go has no day unit; `duration(5)`: the
    /// conversion of an int is declared, not run).
    ///
    /// `ValidateRegexLiterals`: the first argument of `matches` (the
    /// pattern of `s.matches(p)`, but the text of `matches(s, p)`), when
    /// a string literal, must compile as Go's regexp: `invalid matches
    /// argument`.
    fn literal_argument(&mut self, name: &str, args: &[Expr]) {
        // cel-go's `formatValidator`: the first argument, of a call with
        // or without a receiver.
        let Some(Expr::Literal(literal, at)) = args.first() else {
            return;
        };
        let valid = match (name, literal) {
            ("duration" | "timestamp", Value::String(_)) => {
                matches!(super::time::call(name, literal, false), Some(Ok(_)))
            }
            // The validator evaluates the call without its checked
            // overloads, and cel-go's runtime has no `duration(int)`.
            ("duration", Value::Int(_)) | ("duration" | "timestamp", Value::Null) => false,
            ("matches", Value::String(pattern)) => {
                super::super::regexp::compile_error(pattern).is_none()
            }
            _ => true,
        };
        if !valid {
            self.validator_errors
                .push((*at, format!("invalid {name} argument")));
        }
    }

    /// `e[i]`: a list's item by an int, a map's value by a string key;
    /// cel-go's `found no matching overload for '_[_]'` for other known
    /// types, at the `[`.
    fn index(&mut self, target: Decl<'a>, index: Decl<'a>, at: usize) -> Decl<'a> {
        // An optional list's or map's item is an optional (the optional
        // library's `_[_]` overloads); an optional dyn's is not followed.
        let (held, optional) = match target.held() {
            Some(Decl::Dyn) => return Decl::Unknown,
            Some(held) => (held, true),
            None => (target, false),
        };
        let wrap = |item: Decl<'a>| if optional { item.optional() } else { item };
        let (item, key) = match held {
            Decl::List(_) | Decl::ListOf(_) | Decl::Map(_) | Decl::MapOf(_) => {
                (item_of(held).unwrap_or(Decl::Unknown), key_of(held))
            }
            // A list's and a map's overloads both take it: a dyn.
            Decl::Dyn | Decl::Error => return Decl::Dyn,
            Decl::Scalar(_) | Decl::Declared(..) | Decl::Optional(_) | Decl::TypeOf(_) => {
                (Decl::Unknown, "")
            }
            _ => return Decl::Unknown,
        };
        if matches!(index, Decl::Dyn | Decl::Unknown | Decl::Error) && !key.is_empty() {
            return wrap(item);
        }
        if type_name(index).as_deref() == Some(key) {
            return wrap(item);
        }
        let (Some(target), Some(index)) = (type_name(target), type_name(index)) else {
            return Decl::Unknown;
        };
        let message =
            format!("found no matching overload for '_[_]' applied to '({target}, {index})'");
        self.errors.push((at, message));
        Decl::Error
    }

    /// `c ? a : b`, cel-go's `_?_:_` of `(bool, A, A)`: the branches'
    /// type when both have it.
    fn conditional(&mut self, given: [Decl<'a>; 3], at: usize) -> Decl<'a> {
        let names = given.map(type_name);
        let [Some(condition), Some(yes), Some(no)] = &names else {
            return Decl::Unknown;
        };
        // A dyn takes any type; `null` joins only a nullable branch
        // (cel-go's `internalIsAssignableNull`): `c ? 'a' : null` is
        // refused, `c ? timestamp(…) : null` taken.
        let joined = unifies(yes, no) || null_beside(yes, no) || null_beside(no, yes);
        if !joined || !["bool", "dyn", ERROR_TYPE].contains(&condition.as_str()) {
            let message = format!(
                "found no matching overload for '_?_:_' applied to '({condition}, {yes}, {no})'"
            );
            self.errors.push((at, message));
            return Decl::Error;
        }
        // The overload's `A`, bound by the first branch and made more
        // general by the second (`mostGeneral`): a dyn wins, an error
        // gives way to a type after it.
        match (given[1], given[2]) {
            _ if yes == no => given[1],
            (Decl::Dyn, _) | (_, Decl::Dyn) => Decl::Dyn,
            (Decl::Error, _) => Decl::Error,
            (_, Decl::Error) => given[1],
            _ => Decl::Unknown,
        }
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
        match (operand, type_name(operand)) {
            (Decl::Scalar(t), _) if takes.contains(&t) => operand,
            // `!_` has one overload, `-_` two.
            (Decl::Dyn | Decl::Unknown | Decl::Error, _) if name == "!_" => Decl::Scalar("bool"),
            // Both of `-_`'s overloads take an error: a dyn.
            (Decl::Error, _) => Decl::Dyn,
            (Decl::Dyn | Decl::Unknown, _) => operand,
            (_, Some(found)) => {
                let message =
                    format!("found no matching overload for '{name}' applied to '({found})'");
                self.errors.push((first, message));
                Decl::Error
            }
            _ => Decl::Unknown,
        }
    }

    /// An operand of `&&` or `||` (or the body of `all` and `exists`),
    /// which must be a bool: cel-go's `expected type 'bool' but found
    /// 'int'`, at the operand. Whether it is one (or may be).
    fn expect_bool(&mut self, found: Decl<'a>, at: usize) -> bool {
        if matches!(
            found,
            Decl::Scalar("bool") | Decl::Dyn | Decl::Unknown | Decl::Error
        ) {
            return true;
        }
        if let Some(name) = type_name(found) {
            self.errors
                .push((at, format!("expected type 'bool' but found '{name}'")));
        }
        false
    }

    /// The type of `left op right` when both types are known (scalars of
    /// a schema or literals, lists and maps of them, dyn): cel-go's `found
    /// no matching overload` (at the operator) for a pair its standard
    /// overloads do not take, a dyn taking the place of any type.
    /// Equality takes two values of types that unify (or `null` beside a
    /// nullable one); `in` looks for a value in a list of its type or a
    /// key in a map; `+` joins two lists of one type; the other operators
    /// are [`scalar_operator`]'s.
    fn operator(&mut self, op: &str, left: Decl<'a>, right: Decl<'a>, at: usize) -> Decl<'a> {
        let relation = matches!(op, "==" | "!=" | "<" | "<=" | ">" | ">=" | "in");
        let unchecked = if relation {
            Decl::Scalar("bool")
        } else {
            Decl::Unknown
        };
        let (Some(l_name), Some(r_name)) = (type_name(left), type_name(right)) else {
            return unchecked;
        };
        let is_list = |d: Decl<'_>| matches!(d, Decl::List(_) | Decl::ListOf(_));
        let found = match op {
            "==" | "!=" => (unifies(&l_name, &r_name)
                || null_beside(&l_name, &r_name)
                || null_beside(&r_name, &l_name))
            .then_some(Decl::Scalar("bool")),
            "in" => match right {
                Decl::Dyn | Decl::Error => Some(Decl::Scalar("bool")),
                Decl::List(_) | Decl::ListOf(_) => item_of(right)
                    .and_then(type_name)
                    .is_none_or(|item| unifies(&item, &l_name) || null_beside(&l_name, &item))
                    .then_some(Decl::Scalar("bool")),
                Decl::Map(_) | Decl::MapOf(_) => ["string", "dyn"]
                    .contains(&l_name.as_str())
                    .then_some(Decl::Scalar("bool")),
                _ => None,
            },
            // `list(A) + list(A)`: a dyn is a list of anything.
            "+" if is_list(left) || is_list(right) => match (left, right) {
                (Decl::Dyn | Decl::Error, list) | (list, Decl::Dyn | Decl::Error) => Some(list),
                _ if is_list(left) && is_list(right) && unifies(&l_name, &r_name) => Some(left),
                _ => None,
            },
            _ => scalar_operator(op, &l_name, &r_name),
        };
        found.unwrap_or_else(|| {
            let name = if op == "in" {
                "@in".to_string()
            } else {
                format!("_{op}_")
            };
            let message = format!(
                "found no matching overload for '{name}' applied to '({l_name}, {r_name})'"
            );
            self.errors.push((at, message));
            Decl::Error
        })
    }

    /// The type of the call of `name` (of `overloads`) on `receiver` (a
    /// method) with `args`, at `at` (its `(`): cel-go's `found no matching
    /// overload` when none of the overloads takes the types, all of which
    /// are known (scalars, and lists and maps of them); else the result
    /// type of the overloads that take them, dyn where they differ.
    fn call(
        &mut self,
        name: &str,
        overloads: &[Overload],
        receiver: Option<Decl<'a>>,
        args: &[Decl<'a>],
        at: usize,
    ) -> Decl<'a> {
        let given: Vec<Decl<'a>> = receiver.into_iter().chain(args.iter().copied()).collect();
        // A value of the receiver's item type (`list(A).indexOf(A)`).
        let element = |param: Param, g: Decl<'a>| {
            param != Param::Element || given.first().is_none_or(|list| element_fits(*list, g))
        };
        let mut results = overloads.iter().filter_map(|(params, result)| {
            (params.len() == given.len()
                && params
                    .iter()
                    .zip(&given)
                    .all(|(p, g)| takes(*p, *g) && element(*p, *g)))
            .then_some(*result)
        });
        if let Some(first) = results.next() {
            let same = results.all(|r| r == first);
            let known = !given.iter().any(|g| matches!(g, Decl::Unknown));
            let receiver = given.first().copied().unwrap_or(Decl::Unknown);
            return match first {
                Param::Scalar(t) if same => Decl::Scalar(t),
                Param::Strings if same => Decl::ListOf("string"),
                // A list of the overloads' unbound `A`.
                Param::Same | Param::Flat
                    if same && matches!(receiver, Decl::Dyn | Decl::Error) =>
                {
                    Decl::ListOf("dyn")
                }
                Param::Same if same => receiver,
                Param::Item if same => item_of(receiver).unwrap_or(Decl::Unknown),
                Param::Flat if same => match item_of(receiver) {
                    Some(item @ (Decl::List(_) | Decl::ListOf(_))) => item,
                    Some(Decl::Dyn) => Decl::ListOf("dyn"),
                    _ => Decl::Unknown,
                },
                _ if !same && known => Decl::Dyn,
                _ => Decl::Unknown,
            };
        }
        // A type the check cannot name (an object's generated type name)
        // is left to the server.
        let Some(names) = given
            .iter()
            .map(|d| type_name(*d))
            .collect::<Option<Vec<_>>>()
        else {
            return Decl::Unknown;
        };
        let signature = match (receiver, names.split_first()) {
            (Some(_), Some((target, args))) => format!("{target}.({})", args.join(", ")),
            _ => format!("({})", names.join(", ")),
        };
        let message = format!("found no matching overload for '{name}' applied to '{signature}'");
        self.errors.push((at, message));
        Decl::Error
    }

    /// A method of cel-go's optional library called on `receiver` with
    /// `args`, at `at`: `hasValue()`, `value()`, `or(optional)`,
    /// `orValue(value)`, and ext.Lists' `first()` and `last()`, whose
    /// item is an optional. The type an optional holds binds the
    /// overloads' type parameter, and a dyn on either side makes it dyn
    /// (cel-go's `mostGeneral`). A receiver of another known type, or an
    /// argument that does not unify, has no overload.
    fn optional_method(
        &mut self,
        name: &str,
        receiver: Decl<'a>,
        args: &[Decl<'a>],
        at: usize,
    ) -> Decl<'a> {
        // The overloads' `V` from the optional's `held` and a value `given`
        // for it; `None` where they do not unify.
        let bind = |held: Decl<'a>, given: Decl<'a>| -> Option<Decl<'a>> {
            let (Some(h), Some(g)) = (type_name(held), type_name(given)) else {
                return Some(Decl::Unknown);
            };
            // An error binds nothing (cel-go's `mostGeneral` keeps the
            // other type, or the error that came first).
            Some(
                if h == g || null_beside(&g, &h) || h == ERROR_TYPE || g == ERROR_TYPE {
                    held
                } else if h == "dyn" || g == "dyn" {
                    Decl::Dyn
                } else if unifies(&h, &g) {
                    Decl::Unknown
                } else {
                    return None;
                },
            )
        };
        // Any overload takes an error, as a dyn, and `null` (an
        // optional is nullable), its `V` unbound.
        let receiver = match receiver {
            Decl::Error | Decl::Scalar(NULL_TYPE) => Decl::Dyn,
            other => other,
        };
        let found = match (name, receiver, args) {
            (_, Decl::Unknown, _) => Some(Decl::Unknown),
            ("hasValue", Decl::Optional(_) | Decl::Dyn, []) => Some(Decl::Scalar("bool")),
            ("value", Decl::Dyn, []) => Some(Decl::Dyn),
            ("value", Decl::Optional(_), []) => receiver.held(),
            ("orValue", Decl::Dyn, [value]) => Some(*value),
            ("orValue", Decl::Optional(_), [value]) => {
                receiver.held().and_then(|held| bind(held, *value))
            }
            ("or", Decl::Dyn, [other]) => Some(match other {
                Decl::Optional(_) | Decl::Unknown => *other,
                _ => Decl::Unknown,
            }),
            ("or", Decl::Optional(_), [Decl::Dyn | Decl::Unknown]) => Some(receiver),
            ("or", Decl::Optional(_), [other @ Decl::Optional(_)]) => receiver
                .held()
                .zip(other.held())
                .and_then(|(held, given)| bind(held, given))
                .map(|held| match held {
                    Decl::Unknown => Decl::Unknown,
                    held => held.optional(),
                }),
            ("first" | "last", Decl::List(_) | Decl::ListOf(_), []) => {
                item_of(receiver).map(Decl::optional)
            }
            ("first" | "last", Decl::Dyn, []) => Some(Decl::Unknown),
            _ => None,
        };
        // No overload takes them: cel-go's message where it names the types.
        found.unwrap_or_else(|| self.call(name, &[], Some(receiver), args, at))
    }

    /// The field `field` of a value of type `target`, selected at `at`:
    /// an error when an object does not declare it, or when the value is
    /// a scalar or a list.
    fn select(&mut self, target: Decl<'a>, field: &str, at: usize) -> Decl<'a> {
        // A field of an optional is an optional of the field.
        if let Some(held) = target.held() {
            return self.select(held, field, at).optional();
        }
        let found = match target {
            Decl::Object(schema, root) => object_field(schema, root, field),
            Decl::RootMeta => {
                matches!(field, "name" | "generateName").then_some(Decl::Scalar("string"))
            }
            Decl::Declared(_, fields) => fields.iter().find(|(n, _)| *n == field).map(|(_, d)| *d),
            Decl::Variables(declared) => {
                declared.iter().find(|(n, _)| n == field).map(|(_, t)| t.0)
            }
            Decl::Map(_) | Decl::MapOf(_) => return item_of(target).unwrap_or(Decl::Unknown),
            // `authorizer.requestResource`, a variable of its own.
            Decl::Scalar(AUTHORIZER) if field == "requestResource" => {
                return Decl::Scalar(RESOURCE_CHECK);
            }
            // The authz library's object types, which have no fields.
            Decl::Scalar(t) if t.starts_with("kubernetes.authorization.") => {
                let message = format!("unexpected failed resolution of '{t}'");
                self.errors.push((at, message));
                return Decl::Error;
            }
            // cel-go goes on with a dyn.
            Decl::Scalar(_) | Decl::List(_) | Decl::ListOf(_) | Decl::TypeOf(_) => {
                if let Some(t) = type_name(target) {
                    let message = format!("type '{t}' does not support field selection");
                    self.errors.push((at, message));
                }
                return Decl::Dyn;
            }
            Decl::Dyn | Decl::Error => return Decl::Dyn,
            Decl::Unknown => return target,
            Decl::Optional(_) => return Decl::Unknown,
        };
        found.unwrap_or_else(|| {
            self.errors.push((at, format!("undefined field '{field}'")));
            Decl::Error
        })
    }
}

/// The type of `l op r` for the scalar overloads of an arithmetic
/// operator or a relation (cel-go's standard library, with Kubernetes'
/// `CrossTypeNumericComparisons`), `l` and `r` being type names and `dyn`
/// standing for any: the result of the overloads that take them (dyn
/// where those differ), `None` where none does.
fn scalar_operator(op: &str, l: &str, r: &str) -> Option<Decl<'static>> {
    const TIME: &str = TIMESTAMP_TYPE;
    const SPAN: &str = DURATION_TYPE;
    const NUMBERS: [&str; 3] = ["int", "uint", "double"];
    // The scalars cel-go orders (not a library type's: `net.CIDR`,
    // `kubernetes.Quantity`).
    const ORDERED: [&str; 8] = [
        "int", "uint", "double", "string", "bytes", "bool", TIME, SPAN,
    ];
    let same = |types: &[&'static str], result: Option<&'static str>| {
        types
            .iter()
            .map(|t| (*t, *t, result.unwrap_or(t)))
            .collect::<Vec<_>>()
    };
    let overloads: Vec<(&str, &str, &str)> = match op {
        "<" | "<=" | ">" | ">=" => {
            let mut all = same(&ORDERED, Some("bool"));
            for a in NUMBERS {
                all.extend(NUMBERS.iter().filter(|b| **b != a).map(|b| (a, *b, "bool")));
            }
            all
        }
        "+" => {
            let mut all = same(&["int", "uint", "double", "string", "bytes", SPAN], None);
            all.extend([(TIME, SPAN, TIME), (SPAN, TIME, TIME)]);
            all
        }
        "-" => {
            let mut all = same(&["int", "uint", "double", SPAN], None);
            all.extend([(TIME, TIME, SPAN), (TIME, SPAN, TIME)]);
            all
        }
        "*" | "/" => same(&NUMBERS, None),
        "%" => same(&["int", "uint"], None),
        _ => return None,
    };
    let fits = |given: &str, param: &str| {
        ["dyn", ERROR_TYPE, param].contains(&given) || null_beside(given, param)
    };
    let mut results = overloads
        .iter()
        .filter(|(a, b, _)| fits(l, a) && fits(r, b))
        .map(|(_, _, result)| *result);
    let first = results.next()?;
    Some(if results.all(|other| other == first) {
        Decl::Scalar(first)
    } else {
        Decl::Dyn
    })
}

impl Decl<'static> {
    /// The type a scalar type's name stands for (`dyn` too).
    fn named(t: &'static str) -> Self {
        match t {
            "dyn" => Decl::Dyn,
            ERROR_TYPE => Decl::Error,
            _ => Decl::Scalar(t),
        }
    }
}

/// Whether `null` may stand beside a value of the type `t` (cel-go's
/// legacy nullable types: timestamps, durations, objects, and opaque
/// types: the IP and CIDR libraries' types, optionals).
fn nullable(t: &str) -> bool {
    [TIMESTAMP_TYPE, DURATION_TYPE, NULL_TYPE].contains(&t)
        || ["kubernetes.", "net.", "optional_type("]
            .iter()
            .any(|kind| t.starts_with(kind))
}

/// Whether `a` is `null_type` and `b` a type it may stand beside.
fn null_beside(a: &str, b: &str) -> bool {
    a == NULL_TYPE && nullable(b)
}

/// Whether two types cel-go prints as `a` and `b` unify: the same
/// constructor with parameters that unify, `dyn` standing for any
/// (`list(dyn)` takes `list(string)`, not `string`).
fn unifies(a: &str, b: &str) -> bool {
    /// A type's constructor and its parameters' texts.
    fn split(t: &str) -> (&str, Vec<&str>) {
        let Some(open) = t.find('(') else {
            return (t, Vec::new());
        };
        let inner = &t[open + 1..t.len().saturating_sub(1)];
        let (mut params, mut depth, mut start) = (Vec::new(), 0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                ',' if depth == 0 => {
                    params.push(inner[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        params.push(inner[start..].trim());
        (&t[..open], params)
    }
    if a == b || [a, b].iter().any(|t| ["dyn", ERROR_TYPE].contains(t)) {
        return true;
    }
    // Any type's type is assignable to another's (cel-go's `TypeKind`).
    if a.starts_with("type(") && b.starts_with("type(") {
        return true;
    }
    let ((a_name, a_params), (b_name, b_params)) = (split(a), split(b));
    a_name == b_name
        && !a_params.is_empty()
        && a_params.len() == b_params.len()
        && a_params.iter().zip(&b_params).all(|(x, y)| unifies(x, y))
}

/// The variables and bodies of a call of `name` with `args` that is one
/// of the receiver macros the parser leaves a call (cel-go's `map` with a
/// filter, the two-variable comprehensions, `sortBy`,
/// `optMap`, `optFlatMap`), when its variables are names; `None` for
/// another call.
fn comprehension_shape<'e>(name: &str, args: &'e [Expr]) -> Option<(Vec<&'e str>, &'e [Expr])> {
    let variables = match (name, args.len()) {
        ("all" | "exists" | "existsOne" | "exists_one", 3)
        | ("transformList" | "transformMap" | "transformMapEntry", 3 | 4) => 2,
        ("sortBy" | "optMap" | "optFlatMap", 2) | ("map", 3) => 1,
        _ => return None,
    };
    let (vars, bodies) = args.split_at(variables);
    let vars = vars
        .iter()
        .map(|v| match v {
            Expr::Ident(name, _) => Some(name.as_str()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some((vars, bodies))
}

/// The methods [`Checker::optional_method`] types: cel-go's optional
/// library's, and ext.Lists' `first()` and `last()`, which give one.
const OPTIONAL_METHODS: [&str; 6] = ["hasValue", "value", "or", "orValue", "first", "last"];

/// A macro's name called the other way (`all(x, p)` without a receiver,
/// `x.has(f)`, `l.existsOne(x, p)`: that macro takes two variables): no
/// macro expands it, and no function has the name, so it is an
/// undeclared reference.
fn macro_only(name: &str, member: bool, args: &[Expr]) -> bool {
    const RECEIVER_MACROS: [&str; 12] = [
        "all",
        "exists",
        "exists_one",
        "existsOne",
        "map",
        "filter",
        "transformList",
        "transformMap",
        "transformMapEntry",
        "optMap",
        "optFlatMap",
        "sortBy",
    ];
    if member {
        name == "has"
            || (RECEIVER_MACROS.contains(&name) && comprehension_shape(name, args).is_none())
    } else {
        RECEIVER_MACROS.contains(&name)
    }
}

/// The functions and macros Kubernetes' CEL environment declares (1.36:
/// cel-go's standard library and macros, its optional types, two-variable
/// comprehensions and `ext.Strings`, `ext.Lists`; apiserver's libraries:
/// URLs, regex, lists, authz, quantity, IP, CIDR, format, semver), by the
/// name a call uses after its `.` or as a global: a name not here is
/// `undeclared reference`. Namespaced ones are [`NAMESPACED_FUNCTIONS`].
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
    "namespace",
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

/// The functions Kubernetes' CEL environment declares under a namespace
/// (1.36: cel-go's optional types, `ext.Sets`, `ext.Lists` version 3,
/// `ext.Strings` version 2; apiserver's IP and format libraries, whose
/// formats are `format.` and a name of `ConstantFormats`). cel-go's
/// `cel.bind` is not among them: Kubernetes does not add `ext.Bindings`.
const NAMESPACED_FUNCTIONS: &[&str] = &[
    "optional.none",
    "optional.of",
    "optional.ofNonZeroValue",
    "optional.unwrap",
    "sets.contains",
    "sets.equivalent",
    "sets.intersects",
    "lists.range",
    "strings.quote",
    "ip.isCanonical",
    "format.named",
    "format.dns1123Label",
    "format.dns1123Subdomain",
    "format.dns1035Label",
    "format.qualifiedName",
    "format.dns1123LabelPrefix",
    "format.dns1123SubdomainPrefix",
    "format.dns1035LabelPrefix",
    "format.labelValue",
    "format.uri",
    "format.uuid",
    "format.byte",
    "format.date",
    "format.datetime",
];

/// A parameter or result of an overload: a scalar type (a library's type
/// by its name), any list, a list of strings, any map, or anything. A
/// list library's parameters are typed by their receiver's: a list of
/// items of one of some types (cel-go's templated overloads), a list of
/// lists, a value of the receiver's item type; and so are its results:
/// the receiver's type, its item's, its items' items'.
#[derive(Clone, Copy, PartialEq)]
enum Param {
    Scalar(&'static str),
    List,
    Strings,
    Map,
    Any,
    Items(&'static [&'static str]),
    Lists,
    Element,
    Same,
    Item,
    Flat,
}

const STRING: Param = Param::Scalar("string");
const INT: Param = Param::Scalar("int");
const BOOL: Param = Param::Scalar("bool");
const TIMESTAMP: Param = Param::Scalar(TIMESTAMP_TYPE);
const DURATION: Param = Param::Scalar(DURATION_TYPE);

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
        (&[Param::List, Param::Element], INT),
    ];
    // The item types apiserver's lists library and ext.Lists' `sort()`
    // order, and those `sum()` adds.
    const COMPARABLE: Param = Param::Items(&[
        "int",
        "uint",
        "double",
        "bool",
        DURATION_TYPE,
        TIMESTAMP_TYPE,
        "string",
        "bytes",
    ]);
    const SUMMABLE: Param = Param::Items(&["int", "uint", "double", DURATION_TYPE]);
    // A string's argument makes the Kubernetes type (IP, CIDR, URL,
    // quantity) or tells whether it would.
    // The Kubernetes libraries' types, by the names cel-go prints.
    const QUANTITY: Param = Param::Scalar("kubernetes.Quantity");
    const IP: Param = Param::Scalar("net.IP");
    const CIDR: Param = Param::Scalar("net.CIDR");
    const URL: Param = Param::Scalar("kubernetes.URL");
    const IS: &[Overload] = &[(&[STRING], BOOL)];
    Some(match (name, member) {
        ("size", _) => SIZE,
        ("int", false) => &[
            (&[INT], INT),
            (&[Param::Scalar("double")], INT),
            (&[DURATION], INT),
            (&[STRING], INT),
            (&[TIMESTAMP], INT),
            (&[Param::Scalar("uint")], INT),
        ],
        ("string", false) => &[
            (&[STRING], STRING),
            (&[IP], STRING),
            (&[CIDR], STRING),
            (&[BOOL], STRING),
            (&[Param::Scalar("bytes")], STRING),
            (&[Param::Scalar("double")], STRING),
            (&[DURATION], STRING),
            (&[INT], STRING),
            (&[TIMESTAMP], STRING),
            (&[Param::Scalar("uint")], STRING),
        ],
        ("double", false) => &[
            (&[Param::Scalar("double")], Param::Scalar("double")),
            (&[INT], Param::Scalar("double")),
            (&[STRING], Param::Scalar("double")),
            (&[Param::Scalar("uint")], Param::Scalar("double")),
        ],
        ("duration", false) => &[
            (&[DURATION], DURATION),
            (&[INT], DURATION),
            (&[STRING], DURATION),
        ],
        ("timestamp", false) => &[
            (&[TIMESTAMP], TIMESTAMP),
            (&[INT], TIMESTAMP),
            (&[STRING], TIMESTAMP),
        ],
        ("bool", false) => &[(&[BOOL], BOOL), (&[STRING], BOOL)],
        ("bytes", false) => &[
            (&[Param::Scalar("bytes")], Param::Scalar("bytes")),
            (&[STRING], Param::Scalar("bytes")),
        ],
        ("uint", false) => &[
            (&[Param::Scalar("uint")], Param::Scalar("uint")),
            (&[INT], Param::Scalar("uint")),
            (&[Param::Scalar("double")], Param::Scalar("uint")),
            (&[STRING], Param::Scalar("uint")),
        ],
        ("matches", false) => STRING_TESTS,
        // Methods alone: called as a global, no overload takes them.
        (
            "startsWith" | "endsWith" | "contains" | "lowerAscii" | "upperAscii" | "trim" | "split"
            | "join" | "substring" | "replace" | "getFullYear" | "getMonth" | "getDayOfYear"
            | "getDayOfMonth" | "getDate" | "getDayOfWeek" | "getHours" | "getMinutes"
            | "getSeconds" | "getMilliseconds",
            false,
        ) => &[],
        ("quantity", false) => &[(&[STRING], QUANTITY)],
        ("ip", false) => &[(&[STRING], IP)],
        ("cidr", false) => &[(&[STRING], CIDR)],
        ("url", false) => &[(&[STRING], URL)],
        ("isQuantity" | "isIP" | "ip.isCanonical" | "isCIDR" | "isURL", false) => IS,
        ("startsWith" | "endsWith" | "contains" | "matches", true) => STRING_TESTS,
        ("lowerAscii" | "upperAscii" | "trim", true) => STRING_CASES,
        ("split", true) => &[
            (&[STRING, STRING], Param::Strings),
            (&[STRING, STRING, INT], Param::Strings),
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
        // The libraries' methods (`library/quantity.go`, `ip.go`,
        // `cidr.go`, `urls.go`); `sign` is a global function.
        ("sign", false) => &[(&[QUANTITY], INT)],
        ("sign", true) => &[],
        ("isLessThan" | "isGreaterThan", true) => &[(&[QUANTITY, QUANTITY], BOOL)],
        ("compareTo", true) => &[(&[QUANTITY, QUANTITY], INT)],
        ("asInteger", true) => &[(&[QUANTITY], INT)],
        ("asApproximateFloat", true) => &[(&[QUANTITY], Param::Scalar("double"))],
        ("isInteger", true) => &[(&[QUANTITY], BOOL)],
        ("add" | "sub", true) => &[
            (&[QUANTITY, QUANTITY], QUANTITY),
            (&[QUANTITY, INT], QUANTITY),
        ],
        ("family", true) => &[(&[IP], INT)],
        (
            "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast",
            true,
        ) => &[(&[IP], BOOL)],
        ("containsIP", true) => &[(&[CIDR, STRING], BOOL), (&[CIDR, IP], BOOL)],
        ("containsCIDR", true) => &[(&[CIDR, STRING], BOOL), (&[CIDR, CIDR], BOOL)],
        ("ip", true) => &[(&[CIDR], IP)],
        ("masked", true) => &[(&[CIDR], CIDR)],
        ("prefixLength", true) => &[(&[CIDR], INT)],
        ("getScheme" | "getHost" | "getHostname" | "getPort" | "getEscapedPath", true) => {
            &[(&[URL], STRING)]
        }
        // Methods alone (the optional library's are
        // `Checker::optional_method`'s).
        ("hasValue" | "value" | "or" | "orValue" | "first" | "last", false) => &[],
        // Kubernetes' regex library.
        ("find", true) => &[(&[STRING, STRING], STRING)],
        ("findAll", true) => &[
            (&[STRING, STRING], Param::Strings),
            (&[STRING, STRING, INT], Param::Strings),
        ],
        ("find" | "findAll", false) => &[],
        // apiserver's authz library.
        ("path", true) => &[(
            &[Param::Scalar(AUTHORIZER), STRING],
            Param::Scalar(PATH_CHECK),
        )],
        ("group", true) => &[(
            &[Param::Scalar(AUTHORIZER), STRING],
            Param::Scalar(GROUP_CHECK),
        )],
        ("serviceAccount", true) => &[(
            &[Param::Scalar(AUTHORIZER), STRING, STRING],
            Param::Scalar(AUTHORIZER),
        )],
        ("resource", true) => &[(
            &[Param::Scalar(GROUP_CHECK), STRING],
            Param::Scalar(RESOURCE_CHECK),
        )],
        ("subresource" | "namespace" | "name" | "fieldSelector" | "labelSelector", true) => &[(
            &[Param::Scalar(RESOURCE_CHECK), STRING],
            Param::Scalar(RESOURCE_CHECK),
        )],
        ("check", true) => &[
            (
                &[Param::Scalar(PATH_CHECK), STRING],
                Param::Scalar(DECISION),
            ),
            (
                &[Param::Scalar(RESOURCE_CHECK), STRING],
                Param::Scalar(DECISION),
            ),
        ],
        ("allowed" | "errored", true) => &[(&[Param::Scalar(DECISION)], BOOL)],
        ("reason" | "error", true) => &[(&[Param::Scalar(DECISION)], STRING)],
        (
            "path" | "group" | "serviceAccount" | "resource" | "subresource" | "namespace" | "name"
            | "fieldSelector" | "labelSelector" | "check" | "allowed" | "errored" | "reason"
            | "error",
            false,
        ) => &[],
        // apiserver's lists library, ext.Lists version 3 and ext.Strings'
        // `charAt` and `format` (its `reverse` is version 3's).
        ("isSorted", true) => &[(&[COMPARABLE], BOOL)],
        ("min" | "max", true) => &[(&[COMPARABLE], Param::Item)],
        ("sum", true) => &[(&[SUMMABLE], Param::Item)],
        ("sort", true) => &[(&[COMPARABLE], Param::Same)],
        ("reverse" | "distinct", true) => &[(&[Param::List], Param::Same)],
        ("slice", true) => &[(&[Param::List, INT, INT], Param::Same)],
        ("flatten", true) => &[
            (&[Param::Lists], Param::Flat),
            (&[Param::List, INT], Param::Any),
        ],
        ("charAt", true) => &[(&[STRING, INT], STRING)],
        ("format", true) => &[(&[STRING, Param::List], STRING)],
        (
            "isSorted" | "min" | "max" | "sum" | "sort" | "reverse" | "distinct" | "slice"
            | "flatten" | "charAt" | "format" | "indexOf" | "lastIndexOf",
            false,
        ) => &[],
        // The libraries' global functions, called as methods.
        ("isQuantity" | "quantity" | "isIP" | "isCIDR" | "cidr" | "isURL" | "url", true) => &[],
        _ => return None,
    })
}

/// Whether a parameter takes a value of type `given`: a type the check
/// does not follow (dyn, an object, a library type) is taken by any, as
/// cel-go takes a dyn.
fn takes(param: Param, given: Decl<'_>) -> bool {
    match (param, given) {
        (Param::Any, _) | (_, Decl::Dyn | Decl::Unknown | Decl::Error) => true,
        (Param::Scalar(p), Decl::Scalar(g)) => p == g || null_beside(g, p),
        (Param::List, Decl::List(_) | Decl::ListOf(_))
        | (Param::Map, Decl::Map(_) | Decl::MapOf(_)) => true,
        (Param::Strings, Decl::List(item)) => {
            matches!(
                decl(item, embedded(item)),
                Some(Decl::Scalar("string") | Decl::Dyn)
            )
        }
        // An item of the error type is taken as a dyn item.
        (Param::Strings, Decl::ListOf(t)) => ["string", "dyn", ERROR_TYPE].contains(&t),
        (Param::Items(types), Decl::List(_) | Decl::ListOf(_)) => match item_of(given) {
            Some(Decl::Scalar(t)) => types.contains(&t),
            item => matches!(item, Some(Decl::Dyn | Decl::Error)),
        },
        (Param::Lists, Decl::List(_) | Decl::ListOf(_)) => matches!(
            item_of(given),
            Some(Decl::List(_) | Decl::ListOf(_) | Decl::Dyn | Decl::Error)
        ),
        (Param::Element, _) => true,
        (_, Decl::Scalar(_) | Decl::List(_) | Decl::Map(_) | Decl::ListOf(_) | Decl::MapOf(_)) => {
            false
        }
        // Objects, declared types and optionals: not a scalar, a list
        // nor a map.
        _ => false,
    }
}

/// The item type of a list, or the value type of a map (a dyn's is a
/// dyn); `None` for another type.
fn item_of(container: Decl<'_>) -> Option<Decl<'_>> {
    match container {
        Decl::List(item) | Decl::Map(item) => {
            Some(decl(item, embedded(item)).unwrap_or(Decl::Unknown))
        }
        Decl::ListOf(t) | Decl::MapOf(t) => Some(Decl::named(t)),
        Decl::Dyn | Decl::Error => Some(Decl::Dyn),
        _ => None,
    }
}

/// The type a list (`int`) or a map (`string`) is indexed by.
fn key_of(container: Decl<'_>) -> &'static str {
    match container {
        Decl::Map(_) | Decl::MapOf(_) => "string",
        _ => "int",
    }
}

/// Whether `value` may be an item of `list` (the overloads' `A` of
/// `list(A)` and `A`): types that unify, or either one not named.
fn element_fits(list: Decl<'_>, value: Decl<'_>) -> bool {
    let item = item_of(list).and_then(type_name);
    match (item, type_name(value)) {
        (Some(item), Some(value)) => unifies(&item, &value) || null_beside(&value, &item),
        _ => true,
    }
}

/// cel-go's `FormatCELType` of a type the check knows whole: a scalar, a
/// list or map of them, `dyn`; `None` for an object, whose type name the
/// server generates.
fn type_name(d: Decl<'_>) -> Option<String> {
    Some(match d {
        Decl::Dyn => "dyn".to_string(),
        Decl::Error => ERROR_TYPE.to_string(),
        Decl::Scalar(t) => t.to_string(),
        Decl::List(item) => format!("list({})", type_name(decl(item, embedded(item))?)?),
        Decl::Map(values) => format!(
            "map(string, {})",
            type_name(decl(values, embedded(values))?)?
        ),
        Decl::ListOf(t) => format!("list({t})"),
        Decl::MapOf(t) => format!("map(string, {t})"),
        Decl::Declared(name, _) => name.to_string(),
        Decl::Optional(wrapped) => format!("optional_type({})", type_name(wrapped.inner())?),
        Decl::TypeOf(wrapped) => format!("type({})", type_name(wrapped.inner())?),
        _ => return None,
    })
}

/// Where cel-go places an expression: a name's or a literal's start, a
/// selection's `.`, a `has(`'s or a call's (a macro's) `(`, an operator,
/// an index's or a list's `[`, a conditional's `?`; an even run of `!`
/// or `-`, which its parser drops, is its operand's place.
fn location(e: &Expr) -> usize {
    match e {
        Expr::Not(inner, _) if let Expr::Not(operand, _) = &**inner => location(operand),
        Expr::Negate(inner, _) if let Expr::Negate(operand, _) = &**inner => location(operand),
        Expr::Literal(_, at)
        | Expr::Ident(_, at)
        | Expr::Select(_, _, at)
        | Expr::Has(_, _, at)
        | Expr::Index(_, _, at)
        | Expr::Call(_, _, _, at)
        | Expr::Macro(_, _, _, _, at)
        | Expr::Binary(_, _, _, at)
        | Expr::Not(_, at)
        | Expr::Negate(_, at)
        | Expr::Conditional(_, _, _, at)
        | Expr::List(_, at) => *at,
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
                Some("duration") => DURATION_TYPE,
                Some("date" | "date-time") => TIMESTAMP_TYPE,
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
    if root && !schema.as_map().is_some_and(keeps_type_meta) {
        match field {
            "kind" | "apiVersion" => return Some(Decl::Scalar("string")),
            "metadata" => return Some(Decl::RootMeta),
            _ => {}
        }
    }
    let find = |field: &str| {
        properties?.iter().find_map(|(name, s)| {
            (escape(name).as_deref() == Some(field))
                .then(|| decl(s, embedded(s)))
                .flatten()
        })
    };
    // Since 1.31's environment (`SetRecognizeKeywordAsFieldName`), a
    // reserved word names its property directly too: `self.namespace` is
    // `self.__namespace__` (`DeclTypeProvider.FindStructFieldType`).
    find(field).or_else(|| {
        RESERVED
            .contains(&field)
            .then(|| find(&format!("__{field}__")))
            .flatten()
    })
}

/// Whether `WithTypeAndObjectMeta` keeps a resource root's schema as
/// written: when it declares `kind` and `apiVersion` strings and a
/// `metadata` object of string `name` and `generateName`. Else it puts
/// those in (the checker and the cost estimate both read them so).
pub(super) fn keeps_type_meta(schema: &Map) -> bool {
    let typed = |v: Option<&Value>, t: &str| {
        v.and_then(|v| v.get("type")).and_then(Value::as_str) == Some(t)
    };
    let property = |name: &str| schema.get("properties").and_then(|p| p.get(name));
    let meta = property("metadata");
    let meta_field = |n: &str| meta.and_then(|m| m.get_path(&["properties", n]));
    typed(property("kind"), "string")
        && typed(property("apiVersion"), "string")
        && typed(meta, "object")
        && typed(meta_field("name"), "string")
        && typed(meta_field("generateName"), "string")
}

/// apiserver's `cel.Escape`: the CEL name of a property, `None` when it
/// has none (empty, a leading digit, another character than letters,
/// digits, `_`, `.`, `-` and `/`).
pub(super) fn escape(name: &str) -> Option<String> {
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
pub(super) fn display(source: &str, at: usize, message: &str) -> String {
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
