//! Every schema loader (SMD, CRD, OpenAPI, built-in lookup) refuses bad
//! input with an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(doc) = ssa_engine::yaml::parse(text) else { return };
    let v = &doc.value;
    let _ = ssa_engine::smd::load(v);
    let _ = ssa_engine::crd::load(v, "example.com/v1", "Widget");
    let _ = ssa_engine::openapi::load(v, "example.com/v1", "Widget");
    if let (Some(av), Some(k)) = (v.get("apiVersion").and_then(|x| x.as_str()), v.get("kind").and_then(|x| x.as_str())) {
        let _ = ssa_engine::builtin::lookup(av, k);
    }
});
