//! Whole scenarios (apply and update on generated objects under generated
//! schemas): a result or a located error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = ssa_engine::scenario::run_scenario_text(text);
});
