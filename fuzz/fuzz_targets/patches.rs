//! The three patch types on arbitrary documents: a result or an error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ssa_engine::patch::{PatchType, apply_patch};
use ssa_engine::value::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Some((target, patch)) = text.split_once('\n') else { return };
    let (Ok(target), Ok(patch)) = (Value::from_json_str(target), Value::from_json_str(patch)) else { return };
    let schema = ssa_engine::builtin::lookup("apps/v1", "Deployment").unwrap_or_else(ssa_engine::schema::ObjectSchema::deduced);
    for kind in [PatchType::Merge, PatchType::Json, PatchType::Strategic] {
        let _ = apply_patch(&schema, &target, kind, &patch);
    }
});
