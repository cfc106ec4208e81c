//! YAML reading never panics, and what it reads survives the emitter.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(doc) = ssa_engine::yaml::parse(text) {
        let again = ssa_engine::yaml::parse(&ssa_engine::yaml::to_yaml_string(&doc.value));
        assert_eq!(again.map(|d| d.value).ok(), Some(doc.value));
    }
});
