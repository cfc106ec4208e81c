//! Review inputs: manifests and a cluster export as any text (documents,
//! Lists, JSON, broken YAML), reviewed with flags the first byte picks.
//! What must hold: no panic; every input error is located inside its text;
//! every object's diff, kubectl text and scenario can be built; an
//! object's scenario replays to the same outcome and message (the page's
//! "Open" and `ssa apply --share` rely on it); the blame of the export
//! reads whatever the review read.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ssa_engine::review::{self, DiffOptions, Options, Source, kubectl};

/// Separates the manifests from the export in the fuzzer's text.
const SEPARATOR: &str = "\n===\n";

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (manifests, live) = text.split_once(SEPARATOR).unwrap_or((&text, ""));
    let options = Options {
        server_side: flags & 1 != 0,
        force_conflicts: flags & 2 != 0,
        namespace: (flags & 4 != 0).then(|| "shop".to_string()),
        deduced_schema: flags & 8 != 0,
        changes: flags & 16 != 0,
        field_manager: (flags & 32 != 0).then(|| "helm".to_string()),
        subresource: None,
        // `ssa diff`'s dry run: its scenario (what --share gives) does not
        // say it is a dry run, so the replay below would not hold.
        dry_run: false,
    };
    let source = |name, text| [Source { name, text }];
    let result = review::review(
        &source("manifests", manifests),
        &source("live", live),
        &[],
        &options,
    );
    for error in &result.errors {
        let text = if error.origin.file == "manifests" { manifests } else { live };
        // Lines as YAML counts them: `\r\n`, `\r` and `\n` each end one.
        let breaks = text.matches('\n').count() + text.matches('\r').count()
            - text.matches("\r\n").count();
        let lines = u32::try_from(breaks + 1).unwrap_or(u32::MAX);
        let line = error.origin.location.line;
        assert!(line >= 1 && line <= lines.saturating_add(1), "{error} is outside its text");
    }
    for object in &result.objects {
        let _ = review::object_diff(object, DiffOptions::default());
        let _ = kubectl::error_text(object, kubectl::Command::Apply, true);
        let _ = kubectl::missing_annotation_warning(object, options.server_side);
        if flags & 64 != 0
            && let Some(scenario) = object.scenario_text()
        {
            let replay = ssa_engine::scenario::run_scenario_text_without_views(&scenario)
                .unwrap_or_else(|e| panic!("{e}\n{scenario}"));
            let step = &replay.steps[0];
            assert_eq!(step.message, object.message, "{scenario}");
        }
    }
    let _ = review::blame_objects(&source("live", live), &[]);
});
