//! Apply and update on generated objects under generated schemas.
//!
//! Mutating scenario text (the `scenario` target) rarely gets past the
//! reader, so this target spends its bytes on structure instead: they pick
//! a structured-merge-diff schema (structs, granular and atomic maps,
//! atomic lists, sets, map lists with one or two keys, scalars, recursion),
//! a few managers' objects that mostly follow it (and sometimes do not),
//! and a sequence of applies, forced applies and updates. What must hold:
//! every run gives a result or a located error, never a panic, and the
//! same scenario always gives the same result.
//!
//! Speed (it managed 16 k runs in ten minutes, then about 400 a second;
//! the issue asks for a million in ten minutes): the scenario is built as
//! the engine's structure directly (building it as serde_json values and
//! reading their JSON text back was a quarter of each run, and added the
//! edges of two JSON codecs to every run's coverage), its schema is
//! loaded once for both runs, the views are built for one input in four,
//! and `fuzz/run-all.sh` runs it without AddressSanitizer (the engine
//! forbids unsafe code; what is looked for is panics, hangs and
//! nondeterminism) and without comparison tracing (the bytes are choices,
//! never compared with constants; the hooks took 40% of a run).
#![no_main]
use libfuzzer_sys::fuzz_target;
use ssa_engine::scenario::{
    Client, Op, Scenario, SchemaSource, Step, run_scenario_with_schema, schema_for,
};
use ssa_engine::value::{Map, Value};

/// A map of `entries`, in their order.
fn map<const N: usize>(entries: [(&str, Value); N]) -> Value {
    let mut map = Map::with_capacity(N);
    for (key, value) in entries {
        map.insert(key, value);
    }
    Value::Map(map)
}

fn text(s: &str) -> Value {
    Value::from(s)
}

/// Reads choices from the fuzzer's bytes; zeros once they run out, so every
/// input is a complete scenario.
struct Choices<'a>(&'a [u8]);

impl Choices<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    fn below(&mut self, n: u8) -> u8 {
        self.byte() % n
    }
    fn chance(&mut self, in_eight: u8) -> bool {
        self.below(8) < in_eight
    }
}

const FIELD_NAMES: [&str; 4] = ["a", "b", "c", "d"];
const KEY_VALUES: [&str; 3] = ["x", "y", "z"];

/// A generated type, kept beside its SMD form so objects can follow it.
enum Shape {
    Scalar(&'static str),
    Struct(Vec<(&'static str, Shape)>),
    Map { element: Box<Shape>, atomic: bool },
    List { element: Box<Shape>, relationship: &'static str, keys: Vec<&'static str> },
    /// The schema's own root type again (a recursive reference).
    Root,
}

fn shape(c: &mut Choices, depth: u8) -> Shape {
    let pick = if depth >= 3 { 0 } else { c.below(7) };
    match pick {
        1 => {
            let n = 1 + c.below(3) as usize;
            Shape::Struct(FIELD_NAMES[..n].iter().map(|name| (*name, shape(c, depth + 1))).collect())
        }
        2 => Shape::Map { element: Box::new(shape(c, depth + 1)), atomic: c.chance(2) },
        3 => Shape::List { element: Box::new(shape(c, depth + 1)), relationship: "atomic", keys: vec![] },
        4 => Shape::List { element: Box::new(Shape::Scalar("string")), relationship: "associative", keys: vec![] },
        5 => {
            // A map list: items are structs holding their keys.
            let keys = if c.chance(3) { vec!["name", "port"] } else { vec!["name"] };
            let mut fields: Vec<(&'static str, Shape)> = vec![("name", Shape::Scalar("string"))];
            if keys.len() == 2 {
                fields.push(("port", Shape::Scalar("numeric")));
            }
            fields.push(("value", shape(c, depth + 1)));
            Shape::List { element: Box::new(Shape::Struct(fields)), relationship: "associative", keys }
        }
        6 if depth > 0 => Shape::Root,
        _ => Shape::Scalar(["string", "numeric", "boolean", "untyped"][c.below(4) as usize]),
    }
}

/// The SMD type reference of `s`, with named types for structs pushed to `types`.
fn type_ref(s: &Shape, types: &mut Vec<Value>) -> Value {
    match s {
        Shape::Scalar(kind) => map([("scalar", text(kind))]),
        Shape::Root => map([("namedType", text("root"))]),
        Shape::Struct(fields) => {
            let name = format!("t{}", types.len());
            types.push(Value::Null); // reserve the slot before the fields push theirs
            let slot = types.len() - 1;
            let fields: Vec<Value> =
                fields.iter().map(|(n, f)| map([("name", text(n)), ("type", type_ref(f, types))])).collect();
            types[slot] = map([("name", Value::String(name.clone())), ("map", map([("fields", Value::List(fields))]))]);
            map([("namedType", Value::String(name))])
        }
        Shape::Map { element, atomic } => {
            let element = type_ref(element, types);
            let map_type = if *atomic {
                map([("elementType", element), ("elementRelationship", text("atomic"))])
            } else {
                map([("elementType", element)])
            };
            map([("map", map_type)])
        }
        Shape::List { element, relationship, keys } => {
            let element = type_ref(element, types);
            let list = if keys.is_empty() {
                map([("elementType", element), ("elementRelationship", text(relationship))])
            } else {
                let keys = keys.iter().map(|k| text(k)).collect();
                map([("elementType", element), ("elementRelationship", text(relationship)), ("keys", Value::List(keys))])
            };
            map([("list", list)])
        }
    }
}

/// A value for `s`; now and then one of the wrong type.
fn value(c: &mut Choices, s: &Shape, root: &Shape, depth: u8) -> Value {
    if c.below(16) == 0 {
        return match c.below(5) {
            0 => Value::Null,
            1 => text("oops"),
            2 => Value::Int(7),
            3 => Value::List(vec![Value::Int(1)]),
            _ => map([("q", Value::Int(1))]),
        };
    }
    match s {
        Shape::Scalar("numeric") => Value::Int(i64::from(c.below(4))),
        Shape::Scalar("boolean") => Value::Bool(c.chance(4)),
        Shape::Scalar(_) => text(KEY_VALUES[c.below(3) as usize]),
        Shape::Root if depth > 4 => Value::Map(Map::new()),
        Shape::Root => spec_value(c, root, depth + 1),
        Shape::Struct(fields) => {
            let mut map = Map::new();
            for (name, f) in fields {
                if c.chance(5) {
                    map.insert(*name, value(c, f, root, depth + 1));
                }
            }
            Value::Map(map)
        }
        Shape::Map { element, .. } => {
            let mut map = Map::new();
            for _ in 0..c.below(3) {
                map.insert(KEY_VALUES[c.below(3) as usize], value(c, element, root, depth + 1));
            }
            Value::Map(map)
        }
        Shape::List { element, .. } => {
            Value::List((0..c.below(4)).map(|_| value(c, element, root, depth + 1)).collect())
        }
    }
}

fn spec_value(c: &mut Choices, root: &Shape, depth: u8) -> Value {
    value(c, root, root, depth)
}

fn object(c: &mut Choices, spec: &Shape) -> Value {
    // The choices in the order the seeds were made with.
    let spec = c.chance(7).then(|| spec_value(c, spec, 0));
    let mut metadata = Map::new();
    metadata.insert("name", text("fuzz"));
    if c.chance(1) {
        metadata.insert("labels", map([(KEY_VALUES[c.below(3) as usize], text("l"))]));
    }
    let mut object = Map::new();
    object.insert("apiVersion", text("v1"));
    object.insert("kind", text("Thing"));
    object.insert("metadata", Value::Map(metadata));
    if let Some(spec) = spec {
        object.insert("spec", spec);
    }
    Value::Map(object)
}

/// The scenario the bytes choose, built as the engine's own structure:
/// reading scenario text is the `scenario` target's work, and here it cost
/// more than the writes.
fn scenario(c: &mut Choices) -> Scenario {
    let spec = shape(c, 0);
    let mut types = vec![Value::Null];
    let spec_type = type_ref(&spec, &mut types);
    let field = |name: &str, ty: Value| map([("name", text(name)), ("type", ty)]);
    let string = || map([("scalar", text("string"))]);
    types[0] = map([
        ("name", text("root")),
        ("map", map([("fields", Value::List(vec![
            field("apiVersion", string()),
            field("kind", string()),
            field("metadata", map([("namedType", text("__untyped_deduced_"))])),
            field("spec", spec_type),
        ]))])),
    ]);
    let untyped = |name: &str, maps: &str, relationship: &str| {
        map([
            ("name", text(name)),
            ("scalar", text("untyped")),
            ("list", map([("elementType", map([("namedType", text("__untyped_atomic_"))])), ("elementRelationship", text("atomic"))])),
            ("map", map([("elementType", map([("namedType", text(maps))])), ("elementRelationship", text(relationship))])),
        ])
    };
    types.push(untyped("__untyped_deduced_", "__untyped_deduced_", "separable"));
    types.push(untyped("__untyped_atomic_", "__untyped_atomic_", "atomic"));
    let steps = (0..1 + c.below(5))
        .map(|_| {
            let manager = ["a", "b", "c"][c.below(3) as usize];
            let op = if c.chance(5) { Op::Apply } else { Op::Update };
            let force = op == Op::Apply && c.chance(2);
            Ok(Step {
                manager: manager.to_string(),
                op,
                object: Some(object(c, &spec)),
                force,
                subresource: None,
                client: Client::Api,
                name: None,
                patch_type: None,
                patch: None,
                expect: None,
                dry_run: false,
            })
        })
        .collect();
    Scenario {
        name: "fuzz".into(),
        description: None,
        schema: Some(SchemaSource::Smd(map([("root", text("root")), ("types", Value::List(types))]))),
        live: None,
        steps,
        source_map: Default::default(),
    }
}

fuzz_target!(|data: &[u8]| {
    let scenario = scenario(&mut Choices(data));
    // An SMD schema the loader refuses is a located error, not a panic.
    let Ok(schema) = schema_for(&scenario) else {
        return;
    };
    // Twice: the same scenario must give the same result. One input in
    // four builds the playground's views (blame and changes of every step)
    // in the first run, which must not change the result either; views
    // cost more than the writes, so building them for every input halved
    // the runs.
    let views = data.len() % 4 == 0;
    let first = run_scenario_with_schema(&scenario, &schema, views);
    let second = run_scenario_with_schema(&scenario, &schema, false);
    assert_eq!(
        first.to_value(),
        second.to_value(),
        "the same scenario gave two results: {scenario:?}"
    );
});
