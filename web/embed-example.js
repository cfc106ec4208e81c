// The example page's own script: fills the plain iframe's link, wires the
// button to <ssa-playground>.goto(), and runs a scenario through the
// JavaScript API.
import init, { runScenario } from './pkg/ssa_wasm.js';
import { deflateRawBase64Url } from './ssa-playground.js';

const SCENARIO = `scenario: v1
name: api-example
steps:
- manager: a
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {k: "1"}}
- manager: b
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {k: "2"}}
`;

const iframe = document.getElementById('plain-iframe');
iframe.src = iframe.src.replace('#s=PLACEHOLDER', `#s=${await deflateRawBase64Url(SCENARIO)}`);
document.getElementById('goto-3').addEventListener('click', () => document.getElementById('element').goto(3));

await init();
const result = runScenario(SCENARIO);
document.getElementById('api-output').textContent =
  result.steps.map((s, i) => `step ${i + 1}: ${s.outcome}${s.message ? ` — ${s.message}` : ''}`).join('\n');
