// The page's speed with real-sized objects (issue 17), in headless
// Chromium against the release build (dist/): prints figures, asserts
// nothing. Run after `trunk build --release`:
//
//   node tests/e2e/perf.bench.mjs            # N = 500, 5,000, 50,000
//   node tests/e2e/perf.bench.mjs 500 5000   # chosen sizes
//
// The scenario: a ConfigMap of N keys applied by one manager, then one key
// added by a second manager. Figures (milliseconds, medians unless said):
// - keystroke: from the key's event (its timeStamp, so time spent waiting
//   for a busy page counts) to the next painted frame, typing in the
//   scenario editor in the middle of the manifest; `max` is the worst one;
// - a keystroke just after a pause: a key pressed as a long text's run
//   starts (the run waits for a pause in typing), the worst of three;
// - result: from the last keystroke to the result of the typed text
//   painted (a long text runs once typing pauses: the result panel says
//   it is busy until then);
// - paste: the whole N-key scenario pasted over a small one, to the
//   result painted, a second after the page's first result (as a person
//   pastes), and right after it (while V8 still compiles the wasm's
//   optimised code on the other threads);
// - cold load: navigation start to the first result painted;
// - presets: a keystroke in each preset's scenario to the next frame;
// - review: the review page (#review) with a 200-object release against a
//   200-object export (`cargo bench -p ssa-cli --bench review`'s inputs,
//   written by `cargo run -p ssa-cli --example release`), from the click
//   on Review to the table of 200 objects painted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
const STORAGE_KEY = 'ssa-playground/scenario';
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [500, 5000, 50000];
const KEYSTROKES = 9;
/** How long the page settles after its first result before a paste. */
const PASTE_SETTLE_MS = 1000;

/** The pause after which a long text runs (web/src/state.rs RUN_AFTER_MS). */
const RUN_AFTER_MS = 300;

/** The scenario: N keys by `writer`, one more by `helper`. */
export function bigScenario(n) {
  const write = (manager) => [
    `- manager: ${manager}`,
    '  op: apply',
    '  object:',
    '    apiVersion: v1',
    '    kind: ConfigMap',
    '    metadata: {name: big, namespace: default}',
    '    data:',
  ];
  const lines = ['scenario: v1', `name: configmap-${n}`, `description: A ConfigMap of ${n} keys.`, 'steps:', ...write('writer')];
  for (let i = 0; i < n; i++) lines.push(`      key-${i}: value-${i}`);
  lines.push(...write('helper'), '      extra: added-by-helper', '');
  return lines.join('\n');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const f = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** Records, in the page, each keydown's time to the next painted frame. */
function recordFrames() {
  globalThis.perfKeys = [];
  addEventListener('keydown', (e) => {
    const start = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => globalThis.perfKeys.push(performance.now() - start), 0));
  }, true);
}

/** Resolves once the page has painted a frame where `test()` holds. */
async function paintedWhen(page, test, arg) {
  return page.evaluate(([source, a]) => new Promise((resolve) => {
    const check = new Function('a', `return (${source})(a)`);
    const tick = () => (check(a) ? setTimeout(() => resolve(performance.now()), 0) : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), [test.toString(), arg]);
}

async function openWith(browser, url, text, ready = '.timeline-badge') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(([key, value]) => {
    if (value !== null) localStorage.setItem(key, value);
  }, [STORAGE_KEY, text]);
  await context.addInitScript(recordFrames);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 120_000 });
  return { context, page, errors };
}

/** Types KEYSTROKES letters at the end of line `line`, holding `needle`:
 * scrolls the editor there first, as a person would (a long text is
 * windowed: the textarea holds only the lines around the view). */
async function typeInEditor(page, line, needle, gap) {
  await page.evaluate((l) => {
    const box = document.querySelector('.editor-text').closest('.code-area');
    box.scrollTop = Math.max(0, l * 19 - box.clientHeight / 2);
  }, line);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.evaluate((n) => {
    const area = document.querySelector('.editor-text');
    const found = area.value.indexOf(n);
    if (found < 0) throw new Error(`the editor does not hold "${n}" where it was scrolled to`);
    const at = area.value.indexOf('\n', found);
    area.focus({ preventScroll: true });
    area.setSelectionRange(at, at);
    globalThis.perfKeys.length = 0;
  }, needle);
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press('x');
    await page.waitForTimeout(gap);
  }
  const sent = await page.evaluate(() => performance.now());
  // The result is the run of the text typed: the result panel is not
  // waiting for a run (aria-busy), and the object is drawn.
  const done = await paintedWhen(page, () => !document.querySelector('.app-result[aria-busy="true"]')
    && document.querySelector('.blame-line'));
  const keys = await page.evaluate(() => globalThis.perfKeys.slice());
  return { keys, result: done - sent };
}

async function measureSize(browser, url, n) {
  const text = bigScenario(n);
  const { context, page, errors } = await openWith(browser, url, text);
  const middle = `key-${Math.floor(n / 2)}: value-${Math.floor(n / 2)}`;
  const line = text.split('\n').findIndex((l) => l.includes(middle));
  const { keys, result } = await typeInEditor(page, line, middle, 120);
  // A key pressed once typing has paused: a long text's run starts after
  // the pause, and the key waits for whatever the page is doing then.
  const resumed = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('x');
    await page.waitForTimeout(RUN_AFTER_MS + 30);
    await page.evaluate(() => { globalThis.perfKeys.length = 0; });
    await page.keyboard.press('x');
    await page.waitForTimeout(1000 + n / 20);
    resumed.push(...(await page.evaluate(() => globalThis.perfKeys.slice())));
  }
  await context.close();
  if (errors.length) console.log(`  page errors: ${errors.join('; ')}`);
  return { keys, result, resumed };
}

async function measurePaste(browser, url, n, settle) {
  const { context, page } = await openWith(browser, url, null);
  // A person pastes into a page that has settled; right after its first
  // result, V8 is still compiling the wasm's optimised code on the other
  // threads (about 300 ms of work here, on both cores).
  await page.waitForTimeout(settle);
  const text = bigScenario(n);
  const start = await page.evaluate((t) => {
    const area = document.querySelector('.editor-text');
    const t0 = performance.now();
    area.value = t;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    return t0;
  }, text);
  const done = await paintedWhen(page, (d) => document.querySelector('.app-description')?.textContent.includes(d)
    && document.querySelectorAll('.timeline-badge').length === 2, `${n} keys`);
  await context.close();
  return done - start;
}

async function measureColdLoad(browser, url) {
  const figures = [];
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const seen = () => {
        if (document.querySelector('.timeline-badge')) {
          requestAnimationFrame(() => setTimeout(() => { globalThis.perfLoaded = performance.now(); }, 0));
          return true;
        }
        return false;
      };
      const observer = new MutationObserver(() => seen() && observer.disconnect());
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => globalThis.perfLoaded !== undefined);
    figures.push(await page.evaluate(() => globalThis.perfLoaded));
    await context.close();
  }
  return figures;
}

async function measurePresets(browser, url) {
  const { context, page } = await openWith(browser, url, null);
  // By value: once a preset is edited the menu adds "Your scenario".
  const count = await page.locator('header select option:not([value=""])').count();
  const all = [];
  for (let i = 0; i < count; i++) {
    await page.selectOption('header select', String(i));
    await page.waitForTimeout(100);
    const first = await page.evaluate(() => document.querySelector('.editor-text').value.split('\n').find((l) => /^\s+\w+: \w+$/.test(l)));
    await page.evaluate((n) => {
      const area = document.querySelector('.editor-text');
      const at = area.value.indexOf(n) + n.length;
      area.focus();
      area.setSelectionRange(at, at);
      globalThis.perfKeys.length = 0;
    }, first);
    for (let k = 0; k < 5; k++) {
      await page.keyboard.press('x');
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(100);
    all.push(...(await page.evaluate(() => globalThis.perfKeys.slice())));
  }
  await context.close();
  return { count, keys: all };
}

/** The CLI benchmark's generated review inputs, written by its example. */
function reviewInputs(copies) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssa-review-'));
  try {
    const objects = Number(execFileSync('cargo', ['run', '-q', '--locked', '-p', 'ssa-cli', '--example', 'release', '--', String(copies), dir],
      { cwd: path.resolve(here, '../..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim());
    const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
    return { objects, export: read('export.yaml'), manifests: read('release.yaml') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measureReview(browser, url, inputs) {
  const figures = [];
  for (let run = 0; run < 3; run++) {
    const { context, page } = await openWith(browser, `${url}#review`, null, '.review-run');
    // Pasted (the value set and one input event, as a paste sends):
    // Playwright's fill() of the 400 KB export outlasts its timeout.
    for (const [label, text] of [['Cluster export YAML', inputs.export], ['Manifests YAML', inputs.manifests]]) {
      await page.evaluate(([label, text]) => {
        const area = document.querySelector(`textarea[aria-label="${label}"]`);
        area.value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      }, [label, text]);
    }
    // As the CLI benchmark: server-side, forced, one manager, -n shop.
    const manager = page.locator('.review-flags input[type=text]').first();
    await manager.fill('argocd-controller');
    await manager.press('Tab');
    await page.locator('.review-flags input[type=checkbox]').nth(1).check();
    const namespace = page.locator('.review-flags input[type=text]').nth(1);
    await namespace.fill('shop');
    await namespace.press('Tab');
    const start = await page.evaluate(() => {
      const t0 = performance.now();
      document.querySelector('.review-run').click();
      return t0;
    });
    const done = await paintedWhen(page, (n) => document.querySelectorAll('.review-table tbody tr').length === n, inputs.objects);
    figures.push(done - start);
    await context.close();
  }
  return figures;
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('build the app first: trunk build --release');
    process.exit(1);
  }
  const wasm = fs.readdirSync(dist).find((n) => n.endsWith('.wasm'));
  const started = Date.now();
  const server = await serve(dist);
  const browser = await launch();
  try {
    console.log('SSA Playground performance (headless Chromium, ms; medians unless said)');
    if (wasm) {
      const { gzipSync } = await import('node:zlib');
      const bytes = fs.readFileSync(path.join(dist, wasm));
      console.log(`wasm: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped by zlib at level 9 (the budget is measured by gzip -9: scripts/test.sh)`);
    }
    const load = await measureColdLoad(browser, server.url);
    console.log(`cold load to first result painted: median ${f(median(load))} (${load.map(f).join(', ')})`);
    const presets = await measurePresets(browser, server.url);
    console.log(`presets (${presets.count}): keystroke to next frame median ${f(median(presets.keys))}, max ${f(Math.max(...presets.keys))}`);
    for (const n of SIZES) {
      const { keys, result, resumed } = await measureSize(browser, server.url, n);
      console.log(`N=${n}: keystroke to next frame median ${f(median(keys))}, max ${f(Math.max(...keys))} (${keys.length} keys); last keystroke to result painted ${f(result)}; a keystroke just after a pause: max ${f(Math.max(...resumed))}`);
    }
    const pasteN = SIZES.includes(5000) ? 5000 : SIZES[0];
    const paste = [];
    const early = [];
    for (let run = 0; run < 3; run++) {
      paste.push(await measurePaste(browser, server.url, pasteN, PASTE_SETTLE_MS));
      early.push(await measurePaste(browser, server.url, pasteN, 0));
    }
    console.log(`paste of the ${pasteN}-key scenario to result painted: median ${f(median(paste))} (${paste.map(f).join(', ')}); right after the page's first result: median ${f(median(early))} (${early.map(f).join(', ')})`);
    const inputs = reviewInputs(25);
    const review = await measureReview(browser, server.url, inputs);
    console.log(`review of ${inputs.objects} objects against a ${inputs.objects}-object export, Review to table painted: median ${f(median(review))} (${review.map(f).join(', ')})`);
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
