// Loads the app's wasm. A file of its own (not an inline script) so the
// page's Content-Security-Policy can forbid inline code.
//
// The built-in kinds' catalogue (catalogue.json) and the presets
// (presets.txt) are data, not code: they are fetched beside the wasm, in
// parallel, and handed to the app before it starts (main.rs reads
// globalThis.ssaCatalogue and globalThis.ssaPresets).
import init from './ssa-web.js';

const here = (file) => new URL(file, import.meta.url);
const banner = (text) => {
  const div = document.createElement('div');
  div.className = 'panic-banner';
  div.setAttribute('role', 'alert');
  div.textContent = text;
  document.body.prepend(div);
};

const wasm = fetch(here('./ssa-web_bg.wasm'));
const text = (file) => fetch(here(file))
  .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))));
// Data, fetched in parallel with the wasm and handed to the app before it
// starts (main.rs): a missing file is said in a banner, and the app still
// starts without it.
const catalogue = text('./catalogue.json')
  .then((data) => { globalThis.ssaCatalogue = data; })
  .catch((error) => banner(`The built-in Kubernetes schemas (catalogue.json) could not be loaded: ${error}. Built-in kinds are merged without their schema until the page is reloaded.`));
const presets = text('./presets.txt')
  .then((data) => { globalThis.ssaPresets = data; })
  .catch((error) => banner(`The presets (presets.txt) could not be loaded: ${error}. The page starts with a blank scenario.`));

Promise.all([catalogue, presets])
  .then(() => init({ module_or_path: wasm }))
  .catch((error) => banner(`The playground could not start: ${error}`));
