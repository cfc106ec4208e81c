// The playground as documentation sites host it: the built app copied under
// nested paths (never at the root), a Hugo site and an mdBook built with the
// real tools and the integrations in integrations/, and a page with ten
// embeds, measured. Every page is checked for styles, for requests that
// fail, and for requests that leave the server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const dist = path.join(repo, 'dist');
const shots = path.join(here, 'screenshots');
const env = {};

before(async () => {
  assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'build the app first: trunk build --release');
  fs.mkdirSync(shots, { recursive: true });
  env.root = fs.mkdtempSync(path.join(os.tmpdir(), 'ssa-docs-'));
  env.server = await serve(env.root);
  env.browser = await launch();
  // The playground as a docs site hosts it, under a nested path.
  fs.cpSync(dist, path.join(env.root, 'docs/tools/ssa'), { recursive: true });
});

after(async () => {
  await env.browser?.close();
  await env.server?.close();
  if (env.root) fs.rmSync(env.root, { recursive: true, force: true });
});

/** A page that records failed and foreign requests and page errors. */
async function open(url, options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const problems = { failed: [], foreign: [], errors: [] };
  page.on('response', (r) => {
    if (r.status() >= 400) problems.failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(env.server.url) && !r.url().startsWith('data:')) problems.foreign.push(r.url());
  });
  page.on('pageerror', (e) => problems.errors.push(String(e)));
  // ssa-* events do not bubble: listen in the capture phase.
  await page.addInitScript(() => {
    window.ssaEvents = [];
    for (const type of ['ssa-ready', 'ssa-error', 'ssa-step']) {
      document.addEventListener(type, (e) => window.ssaEvents.push({
        type, title: e.target.getAttribute('title'), detail: e.detail, at: performance.now(),
      }), true);
    }
  });
  await page.goto(url);
  return { page, context, problems };
}

/** The frame of the embed with this title. */
function embed(page, title) {
  return page.frameLocator(`ssa-playground[title="${title}"] iframe`);
}

async function selectedOutcome(frame) {
  await frame.locator('.timeline-badge').first().waitFor();
  return frame.locator('.timeline-step-selected .timeline-badge').getAttribute('data-outcome');
}

/** The embed's stylesheet applied (not an unstyled page). */
async function styled(frame) {
  return frame.locator('.embed-header').evaluate((e) => getComputedStyle(e).display === 'flex');
}

test('the app served under a nested path loads its styles, catalogue and engine', async () => {
  const { page, context, problems } = await open(`${env.server.url}docs/tools/ssa/`);
  await page.locator('.timeline-badge').first().waitFor();
  assert.equal(await page.locator('.app-header').evaluate((e) => getComputedStyle(e).display), 'flex');
  // A built-in kind's defaults come from catalogue.json beside the wasm.
  await page.locator('.panic-banner').waitFor({ state: 'detached', timeout: 1000 }).catch(() => {});
  assert.equal(await page.locator('.panic-banner').count(), 0);
  // The Embed action offers snippets that point under the same path.
  await page.getByRole('button', { name: 'Embed' }).click();
  // The iframe snippet carries the scenario compressed, which the
  // browser does asynchronously: `…` until then.
  const snippetsReady = (needle) => page.waitForFunction(
    (n) => document.querySelector('.toolbar-snippet-iframe textarea')?.value.includes(n),
    needle,
  );
  await snippetsReady('#s=');
  const iframe = await page.locator('.toolbar-snippet-iframe textarea').inputValue();
  const element = await page.locator('.toolbar-snippet-element textarea').inputValue();
  const step = await page.locator('.timeline-step-selected .timeline-index').textContent();
  assert.match(iframe, new RegExp(`^<iframe src="${env.server.url}docs/tools/ssa/index.html\\?embed=1&amp;step=${step}#s=`));
  assert.match(element, new RegExp(`<script type="module" src="${env.server.url}docs/tools/ssa/ssa-playground.js"></script>\\n<ssa-playground step="${step}">`));
  await page.getByRole('combobox', { name: 'Embed theme' }).selectOption('dark');
  await snippetsReady('dark');
  assert.match(await page.locator('.toolbar-snippet-iframe textarea').inputValue(), /&amp;theme=dark#s=/);
  await page.screenshot({ path: path.join(shots, 'nested-path-embed-action.png') });
  // The lessons, fetched beside the app, and a deep link into one.
  await page.goto(`${env.server.url}docs/tools/ssa/index.html#lessons`);
  const first = page.locator('.lessons-list a').first();
  await first.waitFor();
  await first.click();
  await page.locator('form.predict, .lesson-step-title').first().waitFor();
  assert.deepEqual(problems, { failed: [], foreign: [], errors: [] });
  await context.close();
});

test('the embed example under a nested path: iframe, element and JavaScript API', async () => {
  const { page, context, problems } = await open(`${env.server.url}docs/tools/ssa/embed-example.html`);
  await page.waitForFunction(() => document.getElementById('api-output').textContent.includes('step 2: conflict'));
  const plain = page.frameLocator('#plain-iframe');
  assert.equal(await selectedOutcome(plain), 'conflict');
  assert.ok(await styled(plain), 'the iframe has its styles');
  const element = page.frameLocator('ssa-playground iframe');
  assert.equal(await selectedOutcome(element), 'conflict');
  assert.ok(await styled(element), 'the element\'s frame has its styles');
  assert.deepEqual(problems, { failed: [], foreign: [], errors: [] });
  await context.close();
});

test('a Hugo site under a nested path: the shortcode with a page-bundle file, inline, and a missing file', async () => {
  const site = path.join(env.root, 'docs/site');
  execFileSync('hugo', ['--quiet', '--source', path.join(repo, 'integrations/hugo/example'), '--destination', site,
    '--baseURL', `${env.server.url}docs/site/`], { stdio: 'inherit' });
  fs.cpSync(dist, path.join(site, 'ssa'), { recursive: true });
  const { page, context, problems } = await open(`${env.server.url}docs/site/guide/`);
  const fromFile = embed(page, 'Conflict from a file');
  assert.equal(await selectedOutcome(fromFile), 'conflict');
  assert.ok(await styled(fromFile));
  const inline = embed(page, 'Inline scenario');
  assert.equal(await selectedOutcome(inline), 'applied');
  assert.equal(await inline.locator('.timeline-step-selected .timeline-index').textContent(), '3');
  await page.locator('ssa-playground[title="Missing file"]').scrollIntoViewIfNeeded();
  const missing = embed(page, 'Missing file');
  const error = await missing.locator('.app-error').textContent();
  assert.match(error, /docs\/site\/guide\/missing\.yaml could not be loaded: HTTP 404/);
  await page.waitForFunction(() => window.ssaEvents.some((e) => e.type === 'ssa-error' && e.title === 'Missing file'));
  await page.screenshot({ path: path.join(shots, 'hugo-site.png'), fullPage: true });
  // The one failed request is the missing file the page asks for.
  assert.deepEqual(problems.failed, [`404 ${env.server.url}docs/site/guide/missing.yaml`]);
  assert.deepEqual(problems.foreign, []);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('an mdBook under a nested path: the preprocessor\'s fenced blocks, from a file and inline', async () => {
  const book = path.join(env.root, 'docs/book');
  // The preprocessor is this workspace's crate; mdBook finds it on PATH.
  execFileSync('cargo', ['build', '--quiet', '-p', 'mdbook-ssa-playground'], { cwd: repo, stdio: 'inherit' });
  const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(repo, process.env.CARGO_TARGET_DIR) : path.join(repo, 'target');
  execFileSync('mdbook', ['build', path.join(repo, 'integrations/mdbook/example'), '--dest-dir', book], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.join(targetDir, 'debug')}${path.delimiter}${process.env.PATH}` },
  });
  fs.cpSync(dist, path.join(book, 'ssa'), { recursive: true });
  const { page, context, problems } = await open(`${env.server.url}docs/book/guide/conflicts.html`);
  const fromFile = embed(page, 'Conflict from a file');
  assert.equal(await selectedOutcome(fromFile), 'conflict');
  assert.ok(await styled(fromFile));
  await page.locator('ssa-playground[title="Inline scenario"]').scrollIntoViewIfNeeded();
  const inline = embed(page, 'Inline scenario');
  assert.equal(await selectedOutcome(inline), 'applied', 'the scenario\'s blank line survived the markdown');
  await page.screenshot({ path: path.join(shots, 'mdbook-site.png'), fullPage: true });
  assert.deepEqual(problems, { failed: [], foreign: [], errors: [] });
  await context.close();
});

test('a page with ten embeds loads the ones in view first and does not jump', async () => {
  const scenario = (i) => `scenario: v1\nname: embed-${i}\nsteps:\n- manager: a\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {k: "${i}"}}\n- manager: b\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {k: "b"}}\n`;
  const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
  const sections = Array.from({ length: 10 }, (_, i) => `<h2>Embed ${i + 1}</h2>\n<p class="filler">Some prose between the embeds.</p>\n<ssa-playground title="embed ${i + 1}" step="2" height="300" scenario="${attr(scenario(i + 1))}"></ssa-playground>`);
  fs.mkdirSync(path.join(env.root, 'docs/many'), { recursive: true });
  fs.writeFileSync(path.join(env.root, 'docs/many/index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ten embeds</title>
<style>.filler { height: 400px; }</style>
<script type="module" src="../tools/ssa/ssa-playground.js"></script></head>
<body>${sections.join('\n')}</body></html>`);
  const before = { bytes: env.server.stats.bytes, requests: env.server.stats.requests };
  const { page, context, problems } = await open(`${env.server.url}docs/many/`);
  // Heights are reserved before any frame exists.
  const reserved = await page.evaluate(() => [...document.querySelectorAll('ssa-playground')].map((e) => e.getBoundingClientRect().height));
  assert.deepEqual(reserved, Array(10).fill(300));
  await page.waitForFunction(() => window.ssaEvents.some((e) => e.type === 'ssa-ready'));
  const firstReady = await page.evaluate(() => Math.round(window.ssaEvents.find((e) => e.type === 'ssa-ready').at));
  await page.waitForTimeout(500); // nothing else is scrolled to: let any eager load show itself
  const framesBefore = await page.locator('ssa-playground iframe').count();
  const bytesBefore = env.server.stats.bytes - before.bytes;
  assert.ok(framesBefore < 10, `only the embeds near the viewport load (${framesBefore} of 10 did)`);
  const top = await page.evaluate(() => document.querySelectorAll('ssa-playground')[9].getBoundingClientRect().top);
  for (let i = 1; i <= 10; i += 1) {
    await page.locator(`ssa-playground[title="embed ${i}"]`).scrollIntoViewIfNeeded();
    assert.equal(await selectedOutcome(embed(page, `embed ${i}`)), 'conflict');
  }
  const bytesAll = env.server.stats.bytes - before.bytes;
  const requests = env.server.stats.requests - before.requests;
  console.log(`docs page with 10 embeds: first embed ready ${firstReady} ms after navigation; ${framesBefore} of 10 frames loaded before scrolling, ${(bytesBefore / 1024).toFixed(0)} KB; all 10 after scrolling: ${(bytesAll / 1024).toFixed(0)} KB in ${requests} requests (uncompressed; the wasm is fetched once and revalidated)`);
  assert.ok(bytesAll < 2 * bytesBefore + 200 * 1024, 'later embeds reuse the cached playground');
  await page.evaluate(() => window.scrollTo(0, 0));
  const topAfter = await page.evaluate(() => document.querySelectorAll('ssa-playground')[9].getBoundingClientRect().top);
  assert.ok(Math.abs(topAfter - top) < 10 * 120, `the page moved ${topAfter - top}px in all as frames sized to their content`);
  assert.deepEqual(problems, { failed: [], foreign: [], errors: [] });
  await context.close();
});

test('an embed with an invalid scenario shows the located error in its frame; the page keeps working', async () => {
  fs.mkdirSync(path.join(env.root, 'docs/bad'), { recursive: true });
  fs.writeFileSync(path.join(env.root, 'docs/bad/index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A bad embed</title>
<script type="module" src="../tools/ssa/ssa-playground.js"></script></head>
<body>
<ssa-playground title="bad" eager><script type="application/yaml">
scenario: v1
steps:
- manager: a
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}
</script></ssa-playground>
<ssa-playground title="good" eager scenario="scenario: v1&#10;steps:&#10;- manager: a&#10;  op: apply&#10;  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}"></ssa-playground>
<button id="still-here" type="button" onclick="this.textContent = 'clicked'">a control of the page</button>
</body></html>`);
  const { page, context, problems } = await open(`${env.server.url}docs/bad/`);
  const error = await embed(page, 'bad').locator('.app-error').textContent();
  assert.match(error, /line \d+, column \d+/);
  await page.waitForFunction(() => window.ssaEvents.some((e) => e.type === 'ssa-error' && e.title === 'bad'));
  assert.equal(await selectedOutcome(embed(page, 'good')), 'applied');
  await page.click('#still-here');
  assert.equal(await page.locator('#still-here').textContent(), 'clicked');
  assert.deepEqual(problems, { failed: [], foreign: [], errors: [] });
  await context.close();
});
