//! The engine's JavaScript API, for documentation pages and embeds:
//! `runScenario(scenario)`, `review(exported, manifests, options)`,
//! `schemaTemplate(source, object)` and `version()`.
//!
//! The playground loads this package as a second wasm module when it first
//! needs `review` or `schemaTemplate` (see `web/boot.js`), which keeps
//! their code out of the page's own wasm.
//!
//! A thin adapter with no logic: it turns the argument into scenario text,
//! calls the same facade the CLI uses (`ssa_engine::scenario`), and turns
//! the result document into a plain JavaScript object, or an error into a
//! JavaScript `Error` whose message carries the line and column.

use wasm_bindgen::prelude::*;

mod schema_templates;

/// Gives the engine JavaScript's regular expressions before a run (custom
/// resource `pattern`s and CEL's `matches()`: see
/// `ssa_engine::crd::set_pattern_matcher`; the first call sets them, the
/// others do nothing). The engine parses Go's syntax and hands over the
/// pattern rewritten for `RegExp` with the `u` flag.
fn use_javascript_regexp() {
    #[cfg(target_arch = "wasm32")]
    ssa_engine::crd::set_pattern_matcher(
        ssa_engine::crd::RegexpDialect::JavaScript,
        regexp_matches,
    );
}

/// The first match of `pattern` in `text` at or after the byte `start`,
/// by JavaScript's `RegExp` (the `u` and `g` flags: the search starts at
/// `lastIndex` and sees the text before it), as byte offsets; `None` when
/// the pattern does not compile, the `SyntaxError` caught. Compiled
/// patterns are kept (a schema checks the same few on every value).
#[cfg(target_arch = "wasm32")]
fn regexp_matches(pattern: &str, text: &str, start: usize) -> Option<Option<(usize, usize)>> {
    use js_sys::{Array, Function, Reflect, RegExp};
    use ssa_engine::crd::CompiledPatterns;
    thread_local! {
        static COMPILED: std::cell::RefCell<CompiledPatterns<Option<RegExp>>> =
            const { std::cell::RefCell::new(CompiledPatterns::new()) };
    }
    let compile = |pattern: &str| -> Option<RegExp> {
        let constructor: Function = Reflect::get(&js_sys::global(), &"RegExp".into())
            .ok()?
            .dyn_into()
            .ok()?;
        let args = Array::of2(&pattern.into(), &"gu".into());
        Reflect::construct(&constructor, &args)
            .ok()?
            .dyn_into()
            .ok()
    };
    let regexp = COMPILED.with_borrow_mut(|compiled| compiled.get_or_compile(pattern, compile))?;
    // JavaScript counts UTF-16 code units.
    let units = |bytes: usize| text.get(..bytes).map_or(0, |t| t.encode_utf16().count());
    regexp.set_last_index(u32::try_from(units(start)).ok()?);
    let Some(found) = regexp.exec(text) else {
        return Some(None);
    };
    let from = Reflect::get(&found, &"index".into()).ok()?.as_f64()? as usize;
    // The match, read back into Rust: its length in UTF-8 bytes.
    let length = found.get(0).as_string().map_or(0, |m| m.len());
    let mut seen = 0;
    let byte = text
        .char_indices()
        .find(|(_, c)| {
            let here = seen;
            seen += c.len_utf16();
            here >= from
        })
        .map_or(text.len(), |(at, _)| at);
    Some(Some((byte, byte + length)))
}

/// Runs a scenario given as YAML/JSON text or as an object, and returns the
/// result document (see the shared scenario format).
#[wasm_bindgen(js_name = runScenario)]
pub fn run_scenario(scenario: JsValue) -> Result<JsValue, JsError> {
    let text = match scenario.as_string() {
        Some(text) => text,
        // An object is JSON, and JSON is YAML.
        None => js_sys::JSON::stringify(&scenario)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("runScenario takes YAML text or a scenario object"))?,
    };
    use_javascript_regexp();
    let result = ssa_engine::scenario::run_scenario_text_without_views(&text)
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&(&result.to_value()).into())
}

/// Validates a write of a custom resource for the playground page, whose
/// own engine leaves this validation out (its size budget): `request` is
/// JSON `[crd, apiVersion, kind, old, new, status]`; the answer is the API
/// server's refusal, or `undefined` when the write passes. The page calls
/// it synchronously while it runs a scenario, once this module is loaded
/// (`ssaApiSync` in `web/boot.js`).
#[wasm_bindgen(js_name = validateCustomResource)]
pub fn validate_custom_resource(request: &str) -> Option<String> {
    use_javascript_regexp();
    ssa_engine::crd::answer_delegated(request)
}

/// A built-in object's validation, for a page whose own engine leaves its
/// kind's rules out (the playground's, without the `rare-kinds` feature):
/// the request `[apiVersion, kind, old, new, status]` as JSON (`old`
/// `null` on create, `status` for a `/status` write); returns the
/// server's refusal, or `undefined` when the write passes. Called
/// synchronously, as `validateCustomResource` is.
#[wasm_bindgen(js_name = validateBuiltin)]
pub fn validate_builtin(request: &str) -> Option<String> {
    ssa_engine::builtin::answer_delegated(request)
}

/// Compares two result documents by the scenario format's rules; returns
/// `null` when they are the same, else the first difference as a string
/// (`steps[2].object.data.k: expected "1", got "2"`).
#[wasm_bindgen(js_name = compareResults)]
pub fn compare_results(expected: JsValue, actual: JsValue) -> Result<Option<String>, JsError> {
    // Through JSON text, as runScenario takes objects: the JSON reader's
    // depth limit refuses a deeply nested argument with an error, where a
    // recursive conversion of the JavaScript value would overflow the stack.
    let value = |v: &JsValue| -> Result<ssa_engine::value::Value, JsError> {
        let text = js_sys::JSON::stringify(v)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("compareResults takes result documents (JSON objects)"))?;
        ssa_engine::value::Value::from_json_str(&text).map_err(|e| JsError::new(&e.to_string()))
    };
    Ok(ssa_engine::scenario::compare_results(
        &value(&expected)?,
        &value(&actual)?,
    ))
}

/// Reviews an apply of `manifests` (YAML or JSON documents, Lists) to a
/// cluster whose objects `export` holds (`kubectl get -o yaml
/// --show-managed-fields` output; empty: every object is created), as the
/// CLI's `ssa apply` and the playground's review page do. `options` is an
/// object with kubectl's flags (all optional): `serverSide` (default
/// true), `fieldManager`, `forceConflicts`, `namespace`. Returns
/// `{objects: [{name, namespace, outcome, message, scenario}], errors}`:
/// per object kubectl's name (`deployment.apps/web`), its namespace or
/// null, kubectl's word for the outcome, the server's message, and the
/// object's write as a one-step scenario; and the inputs that could not
/// be read, each with its place.
#[wasm_bindgen]
pub fn review(exported: &str, manifests: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options = if options.is_undefined() || options.is_null() {
        serde_json::Value::Null
    } else {
        let text = js_sys::JSON::stringify(&options)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("review takes its options as an object"))?;
        serde_json::from_str(&text).map_err(|e| JsError::new(&e.to_string()))?
    };
    to_js(&review_document(exported, manifests, &options))
}

/// [`review`] on JSON text, for the playground's review page (which loads
/// this package when a review is first asked for) and for native tests:
/// `options` is the options object as JSON (malformed: the defaults).
pub fn review_json(exported: &str, manifests: &str, options: &str) -> String {
    let options = serde_json::from_str(options).unwrap_or_default();
    review_document(exported, manifests, &options).to_string()
}

/// The review's answer document, with kubectl's flags from `options`.
fn review_document(
    exported: &str,
    manifests: &str,
    options: &serde_json::Value,
) -> serde_json::Value {
    use_javascript_regexp();
    use ssa_engine::review::{Options, Source};
    let text = |key: &str| {
        options
            .get(key)
            .and_then(serde_json::Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let flag = |key: &str, default: bool| {
        options
            .get(key)
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(default)
    };
    let server_side = flag("serverSide", true);
    let options = Options {
        server_side,
        field_manager: text("fieldManager"),
        force_conflicts: server_side && flag("forceConflicts", false),
        namespace: text("namespace"),
        ..Options::default()
    };
    let result = ssa_engine::review::review(
        &[Source {
            name: "manifests",
            text: manifests,
        }],
        &[Source {
            name: "cluster export",
            text: exported,
        }],
        &[],
        &options,
    );
    let objects: Vec<serde_json::Value> = result
        .objects
        .iter()
        .map(|o| {
            serde_json::json!({
                "name": o.id.kubectl_name(),
                "namespace": o.id.namespace,
                "outcome": o.outcome.as_str(),
                "message": o.message,
                "scenario": o.scenario_text(),
            })
        })
        .collect();
    let errors: Vec<String> = result.errors.iter().map(ToString::to_string).collect();
    serde_json::json!({ "objects": objects, "errors": errors })
}

/// A starting point for a pasted schema describing `object` (the object a
/// scenario writes): `source` is `crd` (a CustomResourceDefinition),
/// `openapi` (an OpenAPI v3 document) or `smd` (a structured-merge-diff
/// schema). Returns the schema as an object; `null` for another source.
#[wasm_bindgen(js_name = schemaTemplate)]
pub fn schema_template(source: &str, object: JsValue) -> Result<JsValue, JsError> {
    let text = js_sys::JSON::stringify(&object)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default();
    to_js(&(&template_of(source, &text)).into())
}

/// [`schema_template`] on JSON text (`object` malformed: an empty one).
pub fn schema_template_json(source: &str, object: &str) -> String {
    template_of(source, object).to_json()
}

fn template_of(source: &str, object: &str) -> ssa_engine::value::Value {
    use ssa_engine::value::Value;
    let object = Value::from_json_str(object).unwrap_or_default();
    match source {
        "crd" => schema_templates::crd(&object),
        "openapi" => schema_templates::openapi(&object),
        "smd" => schema_templates::smd(&object),
        _ => Value::Null,
    }
}

/// A JSON document as a plain JavaScript value.
fn to_js(document: &serde_json::Value) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    serde::Serialize::serialize(document, &serializer).map_err(|e| JsError::new(&e.to_string()))
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
