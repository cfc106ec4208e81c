// End-to-end tests of the structured inputs next to the scenario YAML: the
// schema source, the live object, the ordered steps (add, duplicate,
// remove, reorder, operation, force), a located error inside a manifest
// editor, syntax highlighting and the managers' stable colours.
// Screenshots of the inputs go to tests/e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { usePlayground, shots, fullPageShot } from './playground.mjs';

const playground = usePlayground();
const open = (options) => playground.open(options);

const badges = (page) => page.locator('.timeline-badge').evaluateAll((els) => els.map((e) => e.dataset.outcome));
const timelineManagers = (page) => page.locator('.timeline-manager').allTextContents();
const yaml = (page) => page.locator('.editor-text').inputValue();
const card = (page, n) => page.locator('.step-card').nth(n - 1);
/** Waits until the timeline shows `count` steps. */
const steps = (page, count) => page.waitForFunction((n) => document.querySelectorAll('.timeline-badge').length === n, count);
const colourOf = (locator) => locator.evaluate((e) => [...e.classList].find((c) => c.startsWith('owner-colour-')));

test('the inputs show the scenario: schema, live object, steps', async () => {
  const { page, context, foreign, errors } = await open();
  assert.equal(await page.locator('select[aria-label="Schema source"]').inputValue(), '0', 'automatic');
  assert.equal(await page.locator('.schema-hint').textContent(), 'Uses the built-in v1/ConfigMap schema.');
  assert.equal(await page.getByLabel('Live object YAML').inputValue(), '', 'no live object: a create');
  assert.equal(await page.locator('.step-card').count(), 3);
  assert.equal(await page.getByLabel('Step 2 manager').inputValue(), 'team-b');
  assert.equal(await page.getByLabel('Step 2 operation').inputValue(), 'apply');
  assert.equal(await page.getByLabel('Step 3 force').isChecked(), true);
  assert.match(await page.getByLabel('Step 1 manifest').inputValue(), /^apiVersion: v1\nkind: ConfigMap\nmetadata: \{name: settings, namespace: default\}\ndata: \{color: blue, size: large\}$/);
  assert.deepEqual(await page.locator('.step-card-outcome').allTextContents(), ['applied', 'conflict', 'applied']);
  await page.screenshot({ path: path.join(shots, 'inputs-light.png') });
  await fullPageShot(page, path.join(shots, 'inputs-light-full.png'));
  // Scrolled down to the last step, the timeline is still in view.
  await page.getByLabel('Step 3 manifest').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 400));
  const timeline = await page.locator('.timeline').boundingBox();
  assert.ok(timeline.y >= -1 && timeline.y < 100, `timeline at ${timeline.y}px`);
  assert.deepEqual(foreign, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('force and the operation change the outcome', async () => {
  const { page, context } = await open();
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied']);
  // A label is shown with the step in the timeline.
  await page.getByLabel('Step 1 label').fill('team-a sets the defaults');
  await page.waitForFunction(() => document.querySelector('.timeline button').title === 'team-a sets the defaults');
  assert.match(await yaml(page), /- manager: team-a\n  op: apply\n  name: team-a sets the defaults\n/);
  await page.getByLabel('Step 2 force').check();
  await page.waitForFunction(() => document.querySelectorAll('.timeline-badge')[1].dataset.outcome === 'applied');
  assert.match(await yaml(page), /- manager: team-b\n  op: apply\n  force: true\n  name: team-b applies another color\n/);
  await page.getByLabel('Step 2 force').uncheck();
  await page.waitForFunction(() => document.querySelectorAll('.timeline-badge')[1].dataset.outcome === 'conflict');
  // An update (PUT) never conflicts: it takes the field over.
  await page.getByLabel('Step 2 operation').selectOption('update');
  await page.waitForFunction(() => document.querySelectorAll('.timeline-badge')[1].dataset.outcome === 'applied');
  assert.match(await yaml(page), /- manager: team-b\n  op: update\n/);
  assert.equal(await page.getByLabel('Step 2 force').count(), 0, 'force is only for an apply');
  // A patch gets a patch type and its body is the patch.
  await page.getByLabel('Step 2 operation').selectOption('patch');
  await page.getByLabel('Step 2 patch type').waitFor();
  assert.equal(await page.getByLabel('Step 2 patch type').inputValue(), 'merge');
  assert.match(await page.getByLabel('Step 2 patch', { exact: true }).inputValue(), /data: \{color: red\}/);
  // A delete has no body; the object is gone after it.
  await page.getByLabel('Step 2 operation').selectOption('delete');
  await page.waitForFunction(() => !document.querySelector('textarea[aria-label="Step 2 patch"]'));
  await page.locator('.timeline button').nth(1).click();
  assert.equal(await page.locator('.step-panel .step-none').first().textContent(), '(no object)');
  await page.locator('.app-undo').click();
  await page.getByLabel('Step 2 patch', { exact: true }).waitFor();
  await context.close();
});

test('steps are added, duplicated, removed and reordered', async () => {
  const { page, context } = await open();
  assert.deepEqual(await timelineManagers(page), ['team-a', 'team-b', 'team-b']);
  await page.getByRole('button', { name: '+ Add a step' }).click();
  await steps(page, 4);
  assert.equal(await page.getByLabel('Step 4 manager').inputValue(), 'manager-4');
  assert.deepEqual(await timelineManagers(page), ['team-a', 'team-b', 'team-b', 'manager-4']);
  // The focus is on the new step's manager: name it from the keyboard.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Step 4 manager');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('autoscaler');
  await page.waitForFunction(() => document.querySelectorAll('.timeline-manager')[3]?.textContent === 'autoscaler');
  assert.match(await yaml(page), /\n- manager: autoscaler\n  op: apply\n/);
  await page.getByRole('button', { name: 'Duplicate step 1' }).click();
  await steps(page, 5);
  assert.deepEqual(await timelineManagers(page), ['team-a', 'team-a', 'team-b', 'team-b', 'autoscaler']);
  await page.getByRole('button', { name: 'Remove step 5' }).click();
  await page.getByRole('button', { name: 'Remove step 2' }).click();
  await steps(page, 3);
  assert.deepEqual(await timelineManagers(page), ['team-a', 'team-b', 'team-b']);
  // Keyboard: move team-b's refused apply to the front. It now applies,
  // and team-a's apply conflicts with team-b instead.
  await page.getByRole('button', { name: 'Move step 2 up' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.timeline-manager').textContent === 'team-b');
  assert.deepEqual(await timelineManagers(page), ['team-b', 'team-a', 'team-b']);
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied']);
  // The focus moved with the step: at the top, "up" is disabled, so it is on "down".
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move step 1 down');
  await page.locator('.timeline button').nth(1).click();
  assert.equal(await page.locator('.step-message').textContent(), 'Apply failed with 1 conflict: conflict with "team-b": .data.color');
  assert.equal(await page.getByRole('button', { name: 'Move step 1 up' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Move step 1 down' }).focus();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('.timeline-manager').textContent === 'team-a');
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied']);
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move step 2 down');
  // From the top: a full-page shot of a scrolled page draws the sticky timeline mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, path.join(shots, 'inputs-steps-edited.png'));
  await context.close();
});

test('an invalid manifest is marked at its line and kept; the page keeps working', async () => {
  const { page, context, errors } = await open();
  const manifest = page.getByLabel('Step 2 manifest');
  const broken = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\n# the colour\ndata: {color: [red\n';
  await manifest.fill(broken);
  const error = card(page, 2).locator('.code-error');
  await error.waitFor();
  assert.match(await error.textContent(), /^line 6, column 1: /);
  assert.equal((await card(page, 2).locator('.code-line-error').textContent()).trim(), '6');
  assert.equal(await manifest.inputValue(), broken, 'the text is kept as typed');
  assert.equal(await manifest.getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied'], 'the last good scenario still runs');
  assert.equal(await page.locator('.editor-error').count(), 0, 'the scenario YAML has no error');
  await page.screenshot({ path: path.join(shots, 'inputs-manifest-error.png') });
  // Fixed, it goes into the scenario as typed, comment included.
  await manifest.fill(broken.replace('[red\n', 'green}\n'));
  await page.waitForFunction(() => document.querySelector('.editor-text').value.includes('    # the colour\n    data: {color: green}\n'));
  assert.equal(await error.count(), 0);
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied']);
  // A manifest that is YAML but not a map is the step's own error.
  await manifest.fill('just a string');
  await page.waitForFunction(() => document.querySelectorAll('.timeline-badge')[1].dataset.outcome === 'error');
  assert.match(await card(page, 2).locator('.step-card-problem').textContent(), /^Not sent\. Scenario YAML, line \d+, column \d+: steps\[1\]: `object` must be a map/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the live object: set it, and the first apply meets its fields', async () => {
  const { page, context } = await open();
  const live = page.getByLabel('Live object YAML');
  await live.fill('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\ndata: {color: green}\n');
  await page.waitForFunction(() => document.querySelector('.timeline-badge').dataset.outcome === 'conflict');
  assert.match(await yaml(page), /\nlive:\n  apiVersion: v1\n  kind: ConfigMap\n/);
  await page.locator('.timeline button').first().click();
  assert.match(await page.locator('.step-message').textContent(), /conflict with "before-first-apply"/);
  // Not a map: marked in the live editor, the rest keeps running.
  await live.fill('- a list\n');
  await page.locator('.live .code-error').waitFor();
  assert.match(await page.locator('.live .code-error').textContent(), /^line 1, column 1: .*must be a map/);
  await live.fill('');
  await page.waitForFunction(() => document.querySelector('.timeline-badge').dataset.outcome === 'applied');
  assert.doesNotMatch(await yaml(page), /\nlive:/, 'empty means create');
  await context.close();
});

test('picking a schema source', async () => {
  const { page, context } = await open();
  const source = page.locator('select[aria-label="Schema source"]');
  await source.selectOption({ label: 'None (deduced: maps granular, lists atomic)' });
  await page.waitForFunction(() => document.querySelector('.editor-text').value.includes('schema:\n  deduced: {}\nsteps:'));
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied']);
  await source.selectOption({ label: 'Built-in kind' });
  const kind = page.getByLabel('Built-in kind (GROUP/VERSION/KIND)');
  await kind.waitFor();
  assert.equal(await kind.inputValue(), 'v1/ConfigMap');
  // The wrong kind: the scenario's own error, located in the YAML.
  // Another kind's schema: the server refuses the ConfigMap's fields.
  await kind.fill('apps/v1/Deployment');
  await page.waitForFunction(() => document.querySelector('.timeline-badge').dataset.outcome === 'invalid');
  await page.locator('.timeline button').first().click();
  assert.match(await page.locator('.step-message').textContent(), /\.data: field not declared in schema/);
  // An unknown one: the scenario's own error, located in the YAML.
  await kind.fill('v1/NoSuchKind');
  await page.locator('.editor-error').waitFor();
  await kind.fill('v1/ConfigMap');
  await page.locator('.timeline-badge').first().waitFor();
  assert.deepEqual(await badges(page), ['applied', 'conflict', 'applied']);
  // A structured-merge-diff schema made from the object; make data atomic
  // and team-b's apply conflicts on the whole map.
  await source.selectOption({ label: 'structured-merge-diff schema' });
  const schema = page.getByLabel('Schema: structured-merge-diff schema');
  await schema.waitFor();
  const lines = (await schema.inputValue()).split('\n');
  const at = lines.findIndex((l) => l.trim() === '- name: data');
  assert.ok(at > 0, 'the schema has a field for data');
  const indent = lines[at].indexOf('-');
  let end = at + 1;
  while (end < lines.length && lines[end].search(/\S/) > indent) end++;
  const atomic = `${' '.repeat(indent + 2)}type: {map: {elementType: {scalar: string}, elementRelationship: atomic}}`;
  await schema.fill([...lines.slice(0, at + 1), atomic, ...lines.slice(end)].join('\n'));
  await page.waitForFunction(() => document.querySelector('.editor-text').value.includes('elementRelationship: atomic}}'));
  await page.locator('.timeline button').nth(1).click();
  assert.equal(await page.locator('.step-message').textContent(), 'Apply failed with 1 conflict: conflict with "team-a": .data');
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, path.join(shots, 'inputs-schema-smd.png'));
  await context.close();
});

test('syntax highlighting and stable manager colours', async () => {
  const { page, context } = await open();
  const scenario = page.locator('.editor');
  assert.equal(await scenario.locator('.tok-key').first().textContent(), 'scenario');
  assert.ok((await scenario.locator('.tok-dash').count()) >= 3, 'list dashes');
  assert.deepEqual(await scenario.locator('.tok-literal').allTextContents(), ['true'], 'force: true');
  // The highlighted copy says exactly what the textarea holds.
  assert.equal(await scenario.locator('.code-highlight').textContent(), `${await yaml(page)}\n`);
  // A manager's colour is the same in the timeline, the step list, the
  // ownership gutter and the managed fields, and it follows the name.
  const teamA = await colourOf(page.locator('.timeline-manager').first());
  assert.equal(await colourOf(card(page, 1).locator('.step-card-chip')), teamA);
  assert.equal(await colourOf(page.locator('.manager-name', { hasText: 'team-a' }).first()), teamA);
  assert.equal(await colourOf(page.locator('.blame-line .blame-owner', { hasText: 'team-a' }).first()), teamA);
  const teamB = await colourOf(card(page, 2).locator('.step-card-chip'));
  assert.notEqual(teamB, teamA);
  await page.getByLabel('Step 2 manager').fill('team-a');
  await page.waitForFunction(() => document.querySelectorAll('.timeline-manager')[1].textContent === 'team-a');
  assert.equal(await colourOf(card(page, 2).locator('.step-card-chip')), teamA);
  assert.equal(await colourOf(page.locator('.timeline-manager').nth(1)), teamA);
  // The name is always shown with the colour.
  assert.deepEqual(await timelineManagers(page), ['team-a', 'team-a', 'team-b']);
  // Typed key by key at the end of a manifest (blank line, comment,
  // half a key: invalid for a moment), the text stays as typed.
  const manifest = page.getByLabel('Step 1 manifest');
  const before = await manifest.inputValue();
  await manifest.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n\n# later\nimmutable: true');
  assert.equal(await manifest.inputValue(), `${before}\n\n# later\nimmutable: true`);
  await page.waitForFunction(() => document.querySelector('.editor-text').value.includes('    # later\n    immutable: true\n'));
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Step 1 manifest');
  // A comment typed in a manifest is highlighted as one.
  await page.getByLabel('Step 1 manifest').fill('# blue is the default\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\ndata: {color: blue, size: large}');
  await page.waitForFunction(() => document.querySelector('.step-card .tok-comment')?.textContent === '# blue is the default');
  assert.equal(await card(page, 1).locator('.tok-literal').count(), 0, 'immutable: true is gone again');
  await context.close();
});

for (const [scheme, name] of [['light', 'inputs-light-focus.png'], ['dark', 'inputs-dark.png']]) {
  test(`keyboard focus is visible (${scheme})`, async () => {
    const { page, context } = await open({ colorScheme: scheme });
    await page.getByLabel('Step 2 manager').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Step 2 operation');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Step 2 force');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none');
    await page.getByLabel('Step 1 manifest').focus();
    await page.screenshot({ path: path.join(shots, name) });
    await context.close();
  });
}

test('a narrow screen stacks the inputs', async () => {
  const { page, context } = await open({ viewport: { width: 420, height: 900 } });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 420, `no sideways scrolling of the page (${width}px)`);
  const first = await card(page, 1).boundingBox();
  assert.ok(first.width <= 420 && first.x >= 0);
  await fullPageShot(page, path.join(shots, 'inputs-narrow.png'));
  const dark = await playground.browser.newContext({ viewport: { width: 420, height: 900 }, colorScheme: 'dark' });
  const darkPage = await dark.newPage();
  await darkPage.goto(playground.server.url);
  await darkPage.locator('.step-card').first().waitFor();
  await fullPageShot(darkPage, path.join(shots, 'inputs-narrow-dark.png'));
  await dark.close();
  await context.close();
});
