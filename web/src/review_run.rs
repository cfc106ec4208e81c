//! The review page's call into the engine: the same `ssa_engine::review`
//! that `ssa apply` uses, with the page's two editors as the inputs.

use crate::review::{Flags, ObjectRow, ReviewOutcome};
use ssa_engine::review::{self, Options, Source};

/// The file names errors are located in: the page's editors.
pub const EXPORT_NAME: &str = "cluster export";
pub const MANIFESTS_NAME: &str = "manifests";

/// Reviews the manifests against the export with the page's flags.
pub fn review(export: &str, manifests: &str, flags: &Flags) -> ReviewOutcome {
    let options = Options {
        server_side: flags.server_side,
        field_manager: Some(flags.field_manager.clone()).filter(|m| !m.trim().is_empty()),
        force_conflicts: flags.server_side && flags.force_conflicts,
        namespace: Some(flags.namespace.trim().to_string()).filter(|n| !n.is_empty()),
        ..Options::default()
    };
    let result = review::review(
        &[Source {
            name: MANIFESTS_NAME,
            text: manifests,
        }],
        &[Source {
            name: EXPORT_NAME,
            text: export,
        }],
        &[],
        &options,
    );
    ReviewOutcome {
        objects: result
            .objects
            .iter()
            .map(|o| ObjectRow {
                name: o.id.kubectl_name(),
                namespace: o.id.namespace.clone(),
                outcome: o.outcome.as_str().to_string(),
                message: o.message.clone(),
                scenario: o.scenario_text(),
            })
            .collect(),
        errors: result.errors.iter().map(ToString::to_string).collect(),
    }
}
