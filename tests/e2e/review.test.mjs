// End-to-end tests of the review page (#review): a cluster export and the
// manifests of a release (real-shaped fixtures in tests/e2e/fixtures/),
// kubectl's flags, one row per object with the server's message, and
// "Open" showing one object's write in the playground and back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { usePlayground, shots } from './playground.mjs';

const playground = usePlayground();
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');
const rows = (page) => page.locator('.review-table tbody tr').evaluateAll((trs) =>
  trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 3).map((c) => c.textContent.trim())));

async function openReview(options) {
  const opened = await playground.open(options);
  await opened.page.getByRole('button', { name: 'Review an apply' }).click();
  await opened.page.getByRole('heading', { name: 'Review an apply' }).waitFor();
  return opened;
}

test('a release reviewed against a cluster export, object by object', async () => {
  const { page, context, foreign, errors } = await openReview();
  assert.match(page.url(), /#review$/);
  await page.getByLabel('Cluster export YAML').fill(fixture('review-export.yaml'));
  await page.getByLabel('Manifests YAML').fill(fixture('review-manifests.yaml'));
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.locator('.review-table').waitFor();
  assert.deepEqual(await rows(page), [
    ['configmap/checkout-config', 'shop', 'conflict'],
    ['deployment.apps/checkout', 'shop', 'conflict'],
    ['service/checkout', 'shop', 'serverside-applied'],
  ]);
  assert.equal(await page.locator('.review-summary').textContent(), '3 objects: 2 conflict, 1 serverside-applied');
  const messages = await page.locator('.review-message').allTextContents();
  assert.equal(messages[0], 'Apply failed with 1 conflict: conflict with "helm": .data.LOG_LEVEL');
  assert.match(messages[1], /^Apply failed with 2 conflicts: conflicts with "helm":\n- \.spec\.template\.spec\.containers\[name="checkout"\]\.image\nconflicts with "kube-controller-manager" with subresource "scale" using autoscaling\/v2:\n- \.spec\.replicas$/);
  await page.screenshot({ path: path.join(shots, 'review-light.png'), fullPage: true });

  // As Helm (--field-manager helm) only the autoscaler's replicas conflict.
  const manager = page.locator('.review-flags input[type=text]').first();
  await manager.fill('helm');
  await manager.press('Tab');
  await page.waitForFunction(() => document.querySelector('.review-summary')?.textContent.includes('1 conflict'));
  assert.deepEqual((await rows(page)).map((r) => r[2]), ['serverside-applied', 'conflict', 'serverside-applied']);

  // Open the Deployment: its write in the playground, with the conflict panel.
  await page.getByRole('button', { name: 'Open deployment.apps/checkout in the playground' }).click();
  await page.locator('.timeline-badge').first().waitFor();
  assert.deepEqual(await page.locator('.timeline-badge').evaluateAll((els) => els.map((e) => e.dataset.outcome)), ['conflict']);
  assert.match(await page.locator('.step-message').first().textContent(), /conflict with "kube-controller-manager" with subresource "scale"/);
  assert.equal(await page.getByLabel('Step 1 manager').inputValue(), 'helm');
  await page.screenshot({ path: path.join(shots, 'review-opened.png') });

  // Back to the review: the inputs and the outcome are still there.
  await page.getByRole('button', { name: '← Back to the review' }).click();
  assert.equal((await rows(page)).length, 3);
  assert.match(await page.getByLabel('Cluster export YAML').inputValue(), /kind: List/);
  assert.deepEqual(foreign, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad documents are located and the others still reviewed; ctrl+enter reviews', async () => {
  const { page, context, errors } = await openReview({ colorScheme: 'dark' });
  await page.getByLabel('Manifests YAML').fill([
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {labels: {x: y}}',
    'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1}',
    'kind: [',
  ].join('\n---\n'));
  await page.getByLabel('Manifests YAML').press('Control+Enter');
  await page.locator('.review-table').waitFor();
  assert.deepEqual(await rows(page), [
    ['configmap/a', 'default', 'serverside-applied'],
    ['widget.example.com/w', 'default', 'error'],
  ]);
  assert.match(await page.locator('.review-message').first().textContent(), /^no schema for Widget \(example\.com\/v1\): give its CustomResourceDefinition/);
  const problems = await page.locator('.review-errors li').allTextContents();
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^manifests:\d+:\d+: /);
  assert.match(problems[1], /^manifests:6:1: the ConfigMap has no metadata\.name/);
  await page.screenshot({ path: path.join(shots, 'review-dark.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the review page opens from its link and fits a phone', async () => {
  const { page, context } = await playground.open({ viewport: { width: 390, height: 844 } });
  await page.goto(page.url().replace(/#.*$/, '') + '#review');
  await page.reload();
  await page.getByRole('heading', { name: 'Review an apply' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page wider than the screen by ${overflow}px`);
  await page.screenshot({ path: path.join(shots, 'review-phone.png'), fullPage: true });
  await context.close();
});
