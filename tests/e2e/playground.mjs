// The built playground (dist/) served on localhost and headless Chromium,
// for one test file: usePlayground() registers the hooks that start and
// stop them, and returns `open()`, which opens the page at 1280x800 and
// records requests that leave the page's origin and page errors.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../dist');
/** Where the tests save their screenshots. */
export const shots = path.join(here, 'screenshots');

export function usePlayground() {
  const env = { server: undefined, browser: undefined };
  before(async () => {
    assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'build the app first: trunk build --release');
    fs.mkdirSync(shots, { recursive: true });
    env.server = await serve(dist);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  env.open = async (options = {}) => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    const foreign = [];
    const errors = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(env.server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(env.server.url);
    await page.locator('.timeline-badge').first().waitFor();
    return { page, context, foreign, errors };
  };
  return env;
}

/**
 * A full-page screenshot as a person scrolling would see each part. The
 * page skips rendering step cards and the step view while they are off
 * screen (`content-visibility: auto`, web/style.css), and Chromium's
 * capture beyond the viewport does not count as bringing them into view,
 * so they are shown for the capture (through the CSSOM, which the page's
 * Content-Security-Policy allows) and skipped again after.
 */
export async function fullPageShot(page, file) {
  await page.evaluate(() => {
    for (const e of document.querySelectorAll('.step-card, .step')) e.style.contentVisibility = 'visible';
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: file, fullPage: true });
  await page.evaluate(() => {
    for (const e of document.querySelectorAll('.step-card, .step')) e.style.contentVisibility = '';
  });
}
