//! "Copy as Markdown": a scenario and what happened at each step, for an
//! issue or a chat. Pure, tested natively.

use ssa_engine::scenario::{ScenarioResult, parse_scenario};

/// The scenario text and a table of the steps' outcomes.
pub fn to_markdown(text: &str, result: &ScenarioResult) -> String {
    let scenario = parse_scenario(text).ok();
    let mut out = format!(
        "**SSA Playground scenario `{}`**\n\n```yaml\n{}\n```\n\n",
        result.scenario,
        text.trim_end()
    );
    out.push_str("| step | manager | op | outcome | message |\n|---|---|---|---|---|\n");
    for (i, step) in result.steps.iter().enumerate() {
        let (manager, op) = scenario
            .as_ref()
            .and_then(|s| s.steps.get(i))
            .and_then(|s| s.as_ref().ok())
            .map(|s| (s.manager.clone(), s.op.as_str().to_string()))
            .unwrap_or_default();
        let message = step.message.replace('|', "\\|").replace('\n', "<br>");
        out.push_str(&format!(
            "| {} | {manager} | {op} | {} | {message} |\n",
            i + 1,
            step.outcome.as_str()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::presets;

    #[test]
    fn markdown_has_the_scenario_and_a_row_per_step() {
        let text = presets()[0].text;
        let result = ssa_engine::scenario::run_scenario_text(text).unwrap();
        let md = to_markdown(text, &result);
        assert!(md.contains("```yaml\nscenario: v1\nname: conflict-then-force"));
        assert!(md.contains("| 2 | team-b | apply | conflict | Apply failed with 1 conflict: conflict with \"team-a\": .data.color |"), "{md}");
        assert_eq!(md.matches("\n| ").count(), 1 + result.steps.len());
    }
}
