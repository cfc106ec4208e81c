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

test('review: each manifest against the export, with kubectl\'s flags', () => {
  const exported = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {f:data: {f:k: {}}}, manager: helm, operation: Apply, time: "2026-01-01T00:00:00Z"}\ndata: {k: a}\n';
  const manifests = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: b}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {p: q}\n---\n[\n';
  const result = api.review(exported, manifests);
  assert.deepEqual(result.objects.map((o) => [o.name, o.namespace, o.outcome]), [
    ['configmap/c', 'default', 'conflict'],
    ['secret/s', 'default', 'serverside-applied'],
  ]);
  assert.equal(result.objects[0].message, 'Apply failed with 1 conflict: conflict with "helm": .data.k');
  assert.match(result.objects[0].scenario, /^scenario: v1/);
  assert.match(result.errors[0], /^manifests:\d+:\d+: /);
  const forced = api.review(exported, manifests, { forceConflicts: true, fieldManager: 'ci' });
  assert.equal(forced.objects[0].outcome, 'serverside-applied');
  const clientSide = api.review(exported, manifests, { serverSide: false });
  assert.equal(clientSide.objects[1].outcome, 'created');
});

test('schemaTemplate: a pasted schema\'s starting point for an object', () => {
  const object = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 1, tags: ['a'] } };
  const crd = api.schemaTemplate('crd', object);
  assert.equal(crd.metadata.name, 'widgets.example.com');
  assert.deepEqual(crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size, { type: 'integer' });
  assert.equal(api.schemaTemplate('smd', object).root, 'object');
  assert.ok(api.schemaTemplate('openapi', object).components.schemas['example.com.v1.Widget']);
  assert.equal(api.schemaTemplate('other', object), null);
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

test('a CRD rule nested as deep as the engine checks compiles on the package\'s own stack', () => {
  const nested = `${'('.repeat(64)}1 +${')'.repeat(64)}`;
  const chain = `${'self.a ? self.b : '.repeat(260)}true`;
  const scenario = [
    'scenario: v1',
    'name: deep-rules',
    'steps:',
    '- manager: author',
    '  op: apply',
    '  object:',
    '    apiVersion: apiextensions.k8s.io/v1',
    '    kind: CustomResourceDefinition',
    '    metadata: {name: widgets.example.com}',
    '    spec:',
    '      group: example.com',
    '      scope: Namespaced',
    '      names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}',
    '      versions:',
    '      - name: v1',
    '        served: true',
    '        storage: true',
    '        schema:',
    '          openAPIV3Schema:',
    '            type: object',
    '            properties:',
    '              spec:',
    '                type: object',
    '                properties: {a: {type: boolean}, b: {type: boolean}}',
    '                x-kubernetes-validations:',
    `                - rule: "${nested}"`,
    `                - rule: "${chain}"`,
    '',
  ].join('\n');
  const step = api.runScenario(scenario).steps[0];
  assert.equal(step.outcome, 'invalid');
  assert.match(step.message, /x-kubernetes-validations\[0\]\.rule: .*compilation failed: ERROR: <input>:1:68: Syntax error: mismatched input '\)' expecting/s);
  assert.match(step.message, /x-kubernetes-validations\[1\]\.rule: .*compilation failed: ERROR: <input>:-1:0: expression recursion limit exceeded: 250/s);
});
