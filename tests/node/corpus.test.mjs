// The packaged JavaScript API (crates/ssa-wasm/pkg, built by
// scripts/test.sh with wasm-bindgen --target web) loaded in Node: every
// corpus scenario through runScenario, compared with its recorded result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, '../../crates/ssa-wasm/pkg');
const corpus = path.resolve(here, '../corpus');
const api = await import(path.join(pkg, 'ssa_wasm.js'));
await api.default({ module_or_path: fs.readFileSync(path.join(pkg, 'ssa_wasm_bg.wasm')) });

test('version', () => {
  assert.match(api.version(), /^\d+\.\d+\.\d+$/);
});

test('errors are JavaScript Errors with a line and column', () => {
  assert.throws(() => api.runScenario('scenario: v1\nsteps: [\n'), /^Error: line 3, column 1: /);
});

test('a scenario object works like its text', () => {
  const object = { scenario: 'v1', name: 'object', steps: [{ manager: 'a', op: 'apply', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { k: '1' } } }] };
  const result = api.runScenario(object);
  assert.equal(result.steps[0].outcome, 'applied');
  assert.equal(result.steps[0].object.metadata.managedFields[0].manager, 'a');
});

for (const file of fs.readdirSync(corpus).filter((f) => f.endsWith('.yaml')).sort()) {
  const recorded = path.join(corpus, file.replace(/\.yaml$/, '.result.json'));
  if (!fs.existsSync(recorded)) continue;
  test(`corpus ${file}`, () => {
    const result = api.runScenario(fs.readFileSync(path.join(corpus, file), 'utf8'));
    const expected = JSON.parse(fs.readFileSync(recorded, 'utf8'));
    assert.equal(api.compareResults(expected, result), undefined);
  });
}
