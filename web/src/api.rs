//! Calls into the JavaScript API package (`crates/ssa-wasm`, the engine
//! with its catalogue compiled in), which the page loads as a second wasm
//! module the first time it is needed (`globalThis.ssaApi`, `web/boot.js`;
//! [`call_global`] calls the loader's other functions too):
//! the review page's `review` and the scenario form's `schemaTemplate`.
//! Their code (about 11 KB of the page's gzipped wasm) is then not
//! fetched by a page that does not use them. Arguments and answers cross
//! as JSON text.

use ssa_engine::value::Value;

/// Calls the API's function `name` with `args`; its answer as JSON text,
/// or why there is none.
#[cfg(target_arch = "wasm32")]
pub async fn call(name: &str, args: &[Value]) -> Result<String, String> {
    use wasm_bindgen::JsValue;
    let args = Value::List(args.to_vec()).to_json();
    let answer = call_global(
        "ssaApi",
        &[JsValue::from_str(name), JsValue::from_str(&args)],
    )
    .await?;
    answer.as_string().ok_or_else(|| "no answer".to_string())
}

/// Calls the asynchronous function `name` that `web/boot.js` puts on
/// `globalThis`, and awaits its answer; why there is none as text.
#[cfg(target_arch = "wasm32")]
pub async fn call_global(
    name: &str,
    args: &[wasm_bindgen::JsValue],
) -> Result<wasm_bindgen::JsValue, String> {
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::js_sys;
    let function = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str(name))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or("the page's loader (boot.js) did not provide it")?;
    let args: js_sys::Array = args.iter().collect();
    let answer = match function.apply(&JsValue::NULL, &args) {
        Ok(promise) => {
            wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&promise)).await
        }
        Err(e) => Err(e),
    };
    answer.map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_default()
    })
}

/// Natively (the page's tests) there is no second module to load.
#[cfg(not(target_arch = "wasm32"))]
pub async fn call(_name: &str, _args: &[Value]) -> Result<String, String> {
    Err("the API module runs in the browser".to_string())
}

/// The API's `schemaTemplate` for the scenario form: a pasted schema's
/// starting point describing `object`; `None` when it could not be had
/// (the source then starts empty, as one the user pastes).
pub async fn schema_template(source: &str, object: Value) -> Option<Value> {
    let json = call("schemaTemplate", &[Value::from(source), object])
        .await
        .ok()?;
    Value::from_json_str(&json).ok().filter(|v| !v.is_null())
}
