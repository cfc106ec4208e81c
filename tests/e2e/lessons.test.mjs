// End-to-end tests of the lessons (#lessons, #lesson=ID&step=N): the list,
// a lesson walked with the keyboard (predict, reveal, explanation and the
// engine's "Why?"), deep links, progress kept in the browser, embed mode;
// screenshots in light, dark and at phone width. Also the first-visit
// fixes: no 404 on load (favicon) and the "Why?" panel in the playground.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { usePlayground, shots, fullPageShot } from './playground.mjs';

const playground = usePlayground();

/** Opens the app at `suffix` (a query and/or fragment); records failed responses too. */
async function openAt(suffix, options = {}) {
  const context = await playground.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const foreign = [];
  const errors = [];
  const failed = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(playground.server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(playground.server.url + suffix);
  return { page, context, foreign, errors, failed };
}

const predict = (page) => page.locator('form.predict');
const outcome = (page) => page.locator('.lesson-outcome .step-outcome').textContent();

test('the list, then a lesson walked with the keyboard: predict, reveal, explanation, why', async () => {
  const { page, context, foreign, errors, failed } = await openAt('index.html#lessons');
  await page.getByRole('heading', { name: 'Lessons' }).waitFor();
  const links = page.locator('.lessons-list a');
  assert.ok(await links.count() >= 12, 'at least 12 lessons');
  assert.equal(await links.nth(1).getAttribute('href'), '#lesson=conflicts');
  await fullPageShot(page, path.join(shots, 'lessons-list-light.png'));

  await links.nth(1).click();
  await page.getByRole('heading', { name: 'Conflicts', level: 2 }).waitFor();
  assert.match(page.url(), /#lesson=conflicts&step=1$/);
  assert.ok(await page.getByRole('link', { name: /Server-Side Apply › Conflicts/ }).count() >= 1, 'cites the docs');
  // Step 1 asks nothing: its result is there, and Next goes on.
  assert.equal(await predict(page).count(), 0);
  await page.getByRole('button', { name: 'Next step →' }).click();
  assert.match(page.url(), /&step=2$/);

  // Step 2: a question, answered with the keyboard only.
  const group = page.getByRole('group', { name: /Will this apply conflict\?/ });
  await group.waitFor();
  assert.equal(await page.locator('.lesson-result').count(), 0, 'the result waits for the prediction');
  const reveal = page.getByRole('button', { name: 'Reveal the step' });
  assert.ok(await reveal.isDisabled(), 'nothing to reveal before a choice');
  assert.ok(await page.getByRole('button', { name: 'Next step →' }).isDisabled(), 'no skipping');
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  assert.ok(await page.getByRole('radio').first().isChecked(), 'arrow keys choose');
  await page.keyboard.press('Enter');
  await page.locator('.lesson-result').waitFor();
  // The answer key agrees with what the step shows.
  const right = await page.locator('.predict-correct label').textContent();
  const shown = await outcome(page);
  assert.equal(right.startsWith('Yes'), shown === 'conflict', `${right} / ${shown}`);
  assert.match(await page.getByRole('status').filter({ hasText: /Right|Not quite/ }).textContent(), /^(Right\.|Not quite: the answer is “.+”\.)$/);
  assert.ok((await page.locator('.lesson-explanation').textContent()).length > 20, 'the explanation is shown');
  const why = page.getByRole('region', { name: 'Why' });
  assert.match(await why.textContent(), /\.data\.color is owned by "team-a" \(operation Apply\) since step 1/);
  assert.ok(await page.getByRole('radio').first().isDisabled(), 'an answer once revealed stays');
  await fullPageShot(page, path.join(shots, 'lessons-light.png'));

  // Step 3 with a wrong answer on purpose: the right one is named.
  await page.getByRole('button', { name: 'Next step →' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: /Who owns/ }).waitFor();
  const choices = await page.getByRole('radio').count();
  assert.ok(choices >= 3);
  await page.getByRole('radio').last().check();
  await page.keyboard.press('Enter');
  await page.locator('.lesson-result').waitFor();
  const verdict = await page.locator('.predict-verdict').textContent();
  const correct = await page.locator('.predict-correct label').textContent();
  if (correct !== await page.getByRole('radio').last().evaluate((r) => r.labels[0].textContent)) {
    assert.equal(verdict, `Not quite: the answer is “${correct}”.`);
  }
  assert.deepEqual(foreign, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);

  // Progress is kept: the list says how far the lesson went.
  await page.getByRole('link', { name: '← All lessons' }).click();
  await page.getByRole('heading', { name: 'Lessons' }).waitFor();
  assert.match(await page.locator('.lessons-item').nth(1).textContent(), /step 3 of 4/);
  await page.reload();
  await page.getByRole('heading', { name: 'Lessons' }).waitFor();
  assert.match(await page.locator('.lessons-item').nth(1).textContent(), /step 3 of 4/);
  await context.close();
});

test('a deep link opens a lesson at its step, in dark and at phone width', async () => {
  const { page, context, errors, failed } = await openAt('index.html#lesson=managers&step=3', { colorScheme: 'dark' });
  await page.getByRole('heading', { name: 'Field managers and their identity' }).waitFor();
  assert.equal(await page.getByRole('button', { name: /^Step 3/ }).getAttribute('aria-current'), 'step');
  assert.equal(await page.locator('.lesson-step-title').first().textContent().then((t) => t.startsWith('Step 3')), true);
  assert.ok(!(await page.getByRole('button', { name: /^Step 2/ }).isDisabled()), 'earlier steps are reachable');
  await page.getByRole('group', { name: /conflict/ }).waitFor();
  await page.getByRole('radio', { name: 'Yes, it conflicts' }).check();
  await page.getByRole('button', { name: 'Reveal the step' }).click();
  await page.locator('.lesson-result').waitFor();
  assert.equal(await outcome(page), 'conflict');
  assert.match(await page.getByRole('region', { name: 'Why' }).textContent(), /Same name, another manager/);
  await fullPageShot(page, path.join(shots, 'lessons-dark.png'));
  // Back in history: the browser's own navigation follows the fragment.
  await page.getByRole('button', { name: /^Step 1/ }).click();
  assert.match(page.url(), /&step=1$/);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await context.close();

  const phone = await openAt('index.html#lesson=hpa-handover&step=2', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.page.getByRole('group', { name: /Who owns/ }).waitFor();
  await phone.page.getByRole('radio').first().check();
  await phone.page.getByRole('button', { name: 'Reveal the step' }).click();
  await phone.page.locator('.lesson-result').waitFor();
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at phone width (${overflow}px)`);
  await fullPageShot(phone.page, path.join(shots, 'lessons-phone.png'));
  await phone.context.close();
});

test('lessons in embed mode; an unknown lesson says so', async () => {
  const { page, context, errors, failed } = await openAt('index.html?embed=1#lesson=field-management&step=2');
  await page.getByRole('heading', { name: 'Field management' }).waitFor();
  assert.equal(await page.locator('.app-header').count(), 0, 'no page header in an embed');
  assert.equal(await page.getByRole('link', { name: '← All lessons' }).count(), 0);
  const openLink = page.getByRole('link', { name: 'Open in the playground' });
  assert.equal(await openLink.getAttribute('target'), '_blank');
  // The link carries the lesson's scenario (compressed by the browser).
  assert.match(await openLink.getAttribute('href'), /^\.\/#s=[A-Za-z0-9_-]{40,}$/);
  await page.getByRole('radio', { name: 'No, it is gone' }).check();
  await page.getByRole('button', { name: 'Reveal the step' }).click();
  await page.locator('.lesson-result').waitFor();
  assert.match(await page.getByRole('region', { name: 'Why' }).textContent(), /\.data\.size was applied by "kubectl"/);
  await page.screenshot({ path: path.join(shots, 'lessons-embed.png') });
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);

  await page.goto(playground.server.url + 'index.html#lesson=no-such-lesson');
  await page.reload();
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').textContent(), /no lesson "no-such-lesson"/);
  await context.close();
});

test('the playground: a favicon (no 404), the Why? panel beside Changes, a Lessons button', async () => {
  const { page, context, errors, failed } = await openAt('');
  await page.locator('.timeline-badge').first().waitFor();
  assert.equal(await page.locator('link[rel=icon]').getAttribute('href'), 'favicon.svg');
  await page.evaluate(() => fetch('favicon.svg').then((r) => r.status)).then((s) => assert.equal(s, 200));
  const why = page.getByRole('region', { name: 'Why' });
  await why.waitFor();
  assert.ok((await why.textContent()).length > 20);
  await page.screenshot({ path: path.join(shots, 'playground-why.png') });
  await page.getByRole('button', { name: 'Lessons' }).click();
  await page.getByRole('heading', { name: 'Lessons' }).waitFor();
  assert.match(page.url(), /#lessons$/);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await context.close();
});

test('the "Why?" sentences are data beside the wasm: without them, a banner and the facts alone', async () => {
  const context = await playground.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/why.txt', (route) => route.fulfill({ status: 404, body: 'not found' }));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(playground.server.url);
  await page.locator('.timeline-badge').first().waitFor();
  // Said once the app has started (Yew empties the body it mounts in).
  assert.match(await page.getByRole('alert').textContent(), /The explanations \(why\.txt\) could not be loaded: Error: HTTP 404/);
  // The default scenario's conflict: its field and owner still named.
  await page.locator('.timeline-badge').nth(1).click();
  const why = page.getByRole('region', { name: 'Why' });
  assert.match(await why.textContent(), /\[conflict\] \.data\.color "team-a" \(operation Apply\) since step 1/);
  assert.deepEqual(errors, []);
  await context.close();
});
