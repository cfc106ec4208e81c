// End-to-end tests of a long text in an editor (issue 17): a scenario of
// thousands of lines is windowed (the textarea holds the lines around the
// view, web/src/text_window.rs), and editing it still edits the whole
// text: typing where the view is, after scrolling away, at the ends
// (Ctrl+Home), a page down, and Select All.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePlayground } from './playground.mjs';
import { bigScenario } from './perf.bench.mjs';

const playground = usePlayground();
const STORAGE_KEY = 'ssa-playground/scenario';
const KEYS = 5000;

/** Waits until the stored scenario passes `test` and returns its lines. */
async function stored(page, test, arg) {
  for (let tries = 0; tries < 200; tries++) {
    const text = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEY);
    if (test(text, arg)) return text.split('\n');
    await page.waitForTimeout(100);
  }
  const text = await page.evaluate((key) => localStorage.getItem(key) ?? "", STORAGE_KEY);
  throw new Error(`the stored scenario never passed ${test}: ${JSON.stringify(text.slice(0, 60))}`);
}

test('a scenario of thousands of lines is edited through a window of it', async () => {
  const { page, context, errors } = await playground.open();
  const text = bigScenario(KEYS);
  const lines = text.split('\n');
  const editor = page.getByLabel('Scenario YAML');
  // Pasted (Playwright's fill types a text this long too slowly).
  await editor.evaluate((a, t) => {
    a.focus();
    a.value = t;
    a.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
  await stored(page, (t, n) => t.split('\n').length === n, lines.length);
  const held = () => editor.evaluate((a) => ({ lines: a.value.split('\n').length, top: a.closest('.code-area').scrollTop }));
  assert.ok((await held()).lines < 1000, 'the textarea holds a window of the text');
  assert.equal(await editor.evaluate((a) => a.closest('.code-area').scrollHeight > 5000 * 19), true, 'the box scrolls the whole text');

  // Scroll to the middle and type at the end of a line in view.
  const middle = lines.findIndex((l) => l.endsWith('key-2500: value-2500'));
  await editor.evaluate((a, line) => { a.closest('.code-area').scrollTop = line * 19 - 100; }, middle);
  const row = page.locator('.editor .code-row, .code-tall .code-row', { hasText: 'key-2500: value-2500' }).first();
  await row.waitFor();
  const box = await row.boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.keyboard.type('-x');
  let now = await stored(page, (t) => t.includes('key-2500: value-2500-x'));
  assert.equal(now.length, lines.length);
  assert.equal(now.findIndex((l) => l.endsWith('value-2500-x')), middle, 'the edit is at its line of the whole text');

  // Scrolled away, a key types where the caret is, as in any textarea.
  await editor.evaluate((a) => { a.closest('.code-area').scrollTop = 100 * 19; });
  await page.waitForTimeout(100);
  await page.keyboard.type('y');
  now = await stored(page, (t) => t.includes('value-2500-xy'));
  assert.ok((await held()).top > 1000 * 19, 'the view came back to the caret');

  // Ctrl+Home goes to the text's start, a page down moves the caret by a page.
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('# top\n');
  now = await stored(page, (t) => t.startsWith('# top\nscenario: v1\n'));
  await page.keyboard.press('PageDown');
  await page.keyboard.type('Q');
  now = await stored(page, (t) => t.includes('Q'));
  const paged = now.findIndex((l) => l.includes('Q'));
  assert.ok(paged > 10 && paged < 100, `a page down moved the caret by a page (line ${paged})`);

  // Select All selects the whole text, not only the window.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('scenario: v1');
  now = await stored(page, (t) => t === 'scenario: v1');
  assert.equal(await editor.inputValue(), 'scenario: v1');
  assert.deepEqual(errors, []);
  await context.close();
});
