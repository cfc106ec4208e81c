// Go's regular expressions in the JavaScript API: a CRD's `pattern`s and
// CEL's `matches()` are parsed as Go parses them and matched by
// JavaScript's RegExp with Go's meaning (ASCII `\d` and `\w`, `(?i)` with
// Go's case folding, `(?m)` lines split at `\n` only), so the page and the
// CLI give the API server's answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, '../../crates/ssa-wasm/pkg');
const api = await import(path.join(pkg, 'ssa_wasm.js'));
await api.default({ module_or_path: fs.readFileSync(path.join(pkg, 'ssa_wasm_bg.wasm')) });

const crd = (line, rule) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: {
        count: { type: 'string', pattern: '^\\d+$' },
        host: { type: 'string', pattern: '(?i)^[a-z]+$' },
        line: { type: 'string', pattern: line },
        name: { type: 'string', 'x-kubernetes-validations': [{ rule, message: 'not a word' }] },
      } } } } },
    }],
  },
});

const widget = (spec) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec });

test('each recorded case, rewritten for RegExp, gives Go\'s answer', () => {
  // [Go pattern, JavaScript pattern, text, Go's regexp.MatchString], kept
  // current by the engine's javascript_cases_are_current test.
  const file = path.resolve(here, '../../crates/ssa-engine/src/crd/regexp/javascript-cases.json');
  const cases = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.ok(cases.length > 90);
  for (const [go, js, text, matched] of cases) {
    assert.equal(new RegExp(js, 'u').test(text), matched, `${go} on ${JSON.stringify(text)} as /${js}/u`);
  }
});

test('patterns and matches() mean what they mean in Go', () => {
  const result = api.runScenario({
    scenario: 'v1',
    name: 'go-regexp',
    schema: { crd: crd('(?m)^end$', "self.matches('^\\\\w+$')") },
    steps: [
      { manager: 'a', op: 'apply', object: widget({ count: '42', host: 'KELVIN', line: 'start\nend', name: 'abc_1' }) },
      // Arabic-Indic digits are no `\d`, the Kelvin sign folds to `k`, a
      // `\r` ends no line, `é` is no `\w`.
      { manager: 'a', op: 'apply', object: widget({ count: '٤٢', host: '\u212Aelvin', line: 'start\rend', name: 'é' }) },
    ],
  });
  assert.equal(result.steps[0].outcome, 'applied', result.steps[0].message);
  assert.equal(result.steps[1].outcome, 'invalid');
  assert.equal(
    result.steps[1].message,
    'Widget.example.com "w" is invalid: [spec.count: Invalid value: "٤٢": spec.count in body should match \'^\\d+$\', '
      + 'spec.line: Invalid value: "start\\rend": spec.line in body should match \'(?m)^end$\', '
      + 'spec.name: Invalid value: "é": not a word]',
  );
});

test('find() and findAll() give Go\'s matches', () => {
  const rules = [
    // Karpenter's restricted label domains.
    { rule: "self.key in ['karpenter.sh/capacity-type'] || !self.key.find('^([^/]+)').endsWith('karpenter.sh')", message: 'restricted' },
    // Offsets past characters JavaScript counts twice (UTF-16).
    { rule: "self.text.find(r'\\d+') == '12' && self.text.findAll('😀+') == ['😀😀', '😀']", message: 'find' },
    // A lazy repetition's empty matches, stepped over as Go steps.
    { rule: "self.lazy.findAll('a*?').size() == 6 && self.lazy.findAll('a*', 2) == ['', 'aaa']", message: 'empty' },
  ];
  // The same CRD, its spec's schema replaced: three strings and the rules.
  const base = crd('x', 'true');
  const spec = { type: 'object', 'x-kubernetes-validations': rules,
    properties: { key: { type: 'string' }, text: { type: 'string' }, lazy: { type: 'string' } } };
  base.spec.versions[0].schema.openAPIV3Schema.properties.spec = spec;
  const result = api.runScenario({
    scenario: 'v1',
    name: 'go-find',
    schema: { crd: base },
    steps: [
      { manager: 'a', op: 'apply', object: widget({ key: 'karpenter.sh/capacity-type', text: 'x😀😀12😀', lazy: 'baaab' }) },
      { manager: 'a', op: 'apply', object: widget({ key: 'karpenter.sh/other', text: 'x😀😀13😀', lazy: 'baab' }) },
    ],
  });
  assert.equal(result.steps[0].outcome, 'applied', result.steps[0].message);
  assert.equal(result.steps[1].outcome, 'invalid');
  assert.equal(result.steps[1].message, 'Widget.example.com "w" is invalid: [spec: Invalid value: restricted, spec: Invalid value: find, spec: Invalid value: empty]');
});

test('a pattern Go refuses is refused with Go\'s message', () => {
  const result = api.runScenario({
    scenario: 'v1',
    name: 'go-regexp-errors',
    steps: [
      { manager: 'a', op: 'apply', object: crd('(?=end)', "self.matches('x')") },
      { manager: 'a', op: 'apply', object: crd('end', "self.matches('x{2}{3}')") },
    ],
  });
  assert.match(
    result.steps[0].message,
    /properties\[line\]\.pattern: Invalid value: "\(\?=end\)": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `\(\?=`$/,
  );
  assert.match(result.steps[1].message, /compilation failed: ERROR: <input>:1:14: invalid matches argument\n/);
});
