//! The scenario runner: reads a scenario in the shared format
//! (`scenario-format.md`), replays its writes against a simulated API
//! server and returns the result document.
//!
//! Reading is strict — unknown keys and values are refused with their line
//! and column — because a typo in a scenario would otherwise silently test
//! something else. A step that cannot be sent gets `outcome: error` and
//! the scenario goes on, as a user stepping through it would expect.

mod blame;
mod changes;
mod compare;
mod format;
mod resolve;
mod result;
mod run;
mod sides;
mod why;

pub use blame::{BlameLine, Owner, blame};
pub use changes::{Changes, changes};
pub use compare::{compare_results, strip_ignored};
pub use format::{Client, Expect, Op, PatchKind, Scenario, SchemaSource, Step, parse_scenario};
pub use resolve::{Resolution, resolve_conflict};
pub use result::{Outcome, ScenarioResult, StepResult};
pub(crate) use run::object_type;
pub use run::{run_scenario, run_scenario_with, run_scenario_with_schema, schema_for, step_views};
pub(crate) use why::string_data_note;
pub use why::{Reason, Topic, provide_why_texts, render as render_why, why};

use crate::yaml::Location;
use std::fmt;

/// The simulated clock's start: step N happens N seconds later.
pub const BASE_TIME: &str = "2024-01-01T00:00:00Z";

/// A scenario that cannot be run at all, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    pub message: String,
    pub location: Option<Location>,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some(l) => write!(f, "{l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Reads and runs a scenario: the one entry point of the CLI, the wasm
/// adapter, the web app and the tests.
pub fn run_scenario_text(text: &str) -> Result<ScenarioResult, ScenarioError> {
    let scenario = parse_scenario(text)?;
    run_scenario(&scenario)
}

/// [`run_scenario_text`] without the playground's views (see
/// [`run_scenario_with`]): what the CLI, the JavaScript API and the tests
/// of the result document need.
pub fn run_scenario_text_without_views(text: &str) -> Result<ScenarioResult, ScenarioError> {
    let scenario = parse_scenario(text)?;
    run_scenario_with(&scenario, false)
}

/// The time of step `index` on the simulated clock.
pub fn step_time(index: usize) -> String {
    let secs = index as u64;
    let (d, rem) = (secs / 86_400, secs % 86_400);
    let (h, m, s) = (rem / 3600, (rem % 3600) / 60, rem % 60);
    // Scenarios are short: days past the first only matter for very long ones.
    format!("2024-01-{:02}T{h:02}:{m:02}:{s:02}Z", 1 + d.min(30))
}

#[cfg(test)]
mod tests;
