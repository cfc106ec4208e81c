//! The engine's own JSON reader (`ssa_engine::json`, which keeps
//! serde_json's reader out of the page's wasm) reads any text as serde_json
//! does: the same value (through `From<serde_json::Value>`), or an error
//! with the same message at the same line and column.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ssa_engine::value::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let ours = ssa_engine::json::from_str(text).map_err(|e| e.to_string());
    let reference = serde_json::from_str::<serde_json::Value>(text)
        .map(Value::from)
        .map_err(|e| e.to_string());
    match (&ours, &reference) {
        (Ok(a), Ok(b)) => assert!(a == b && a.to_json() == b.to_json(), "{text:?}: {a:?} != {b:?}"),
        _ => assert_eq!(ours, reference, "{text:?}"),
    }
});
