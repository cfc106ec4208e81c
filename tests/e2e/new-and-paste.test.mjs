// End-to-end tests of "New scenario" next to the presets, and of pasting
// a List or several documents (a `kubectl get -o yaml` of many objects)
// into the live object editor: it says what happened, keeps one object on
// request, or opens the review page with them as the export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { usePlayground } from './playground.mjs';

const playground = usePlayground();
const here = path.dirname(fileURLToPath(import.meta.url));
const exportText = fs.readFileSync(path.join(here, 'fixtures', 'review-export.yaml'), 'utf8');

test('New scenario starts from one step and no live object', async () => {
  const { page, context, foreign, errors } = await playground.open();
  await page.getByRole('button', { name: 'New scenario' }).click();
  await page.getByText('Empty: the first write creates the object.').waitFor();
  const editor = await page.getByLabel('Scenario YAML').inputValue();
  assert.match(editor, /^scenario: v1\nname: new-scenario\n/);
  assert.equal(await page.locator('.timeline-badge').count(), 1);
  assert.deepEqual(foreign, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pasted List in the live editor offers one of its objects or the review', async () => {
  const { page, context, errors } = await playground.open();
  const live = page.getByLabel('Live object YAML');
  await live.fill(exportText);
  const notice = page.locator('.live-several');
  await notice.waitFor();
  assert.equal(await notice.locator('p').textContent(), 'This is a List of 2 objects: the live object is one object.');
  const choose = page.getByLabel('Keep one object as the live object');
  assert.deepEqual(await choose.locator('option:not([disabled])').allTextContents(), [
    'Deployment checkout (namespace shop)',
    'ConfigMap checkout-config (namespace shop)',
  ]);
  await choose.selectOption({ label: 'ConfigMap checkout-config (namespace shop)' });
  await notice.waitFor({ state: 'detached' });
  assert.match(await live.inputValue(), /^apiVersion: v1\ndata:\n  LOG_LEVEL: info\nkind: ConfigMap\n/);

  await live.fill(exportText);
  await page.getByRole('button', { name: 'Review them all against manifests' }).click();
  await page.getByRole('heading', { name: 'Review an apply' }).waitFor();
  assert.match(page.url(), /#review$/);
  assert.equal(await page.getByLabel('Cluster export YAML').inputValue(), exportText);
  assert.deepEqual(errors, []);
  await context.close();
});
