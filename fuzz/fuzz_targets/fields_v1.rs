//! FieldsV1 decoding never panics, and encoding what it decoded gives a
//! document that decodes to the same set.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ssa_engine::fieldpath::Set;
use ssa_engine::value::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(v) = Value::from_json_str(text) else { return };
    if let Ok(set) = Set::from_fields_v1(&v) {
        assert_eq!(Set::from_fields_v1(&set.to_fields_v1()).ok(), Some(set));
    }
});
