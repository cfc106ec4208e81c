// Loads the app's wasm. A file of its own (not an inline script) so the
// page's Content-Security-Policy can forbid inline code.
//
// The built-in kinds' catalogue (catalogue.json) is data, not code: it is
// fetched beside the wasm, in parallel, and handed to the app before it
// starts (main.rs reads globalThis.ssaCatalogue).
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
const catalogue = fetch(here('./catalogue.json'))
  .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))));

catalogue
  .then((text) => { globalThis.ssaCatalogue = text; })
  .catch((error) => banner(`The built-in Kubernetes schemas (catalogue.json) could not be loaded: ${error}. Built-in kinds are merged without their schema until the page is reloaded.`))
  .then(() => init({ module_or_path: wasm }))
  .catch((error) => banner(`The playground could not start: ${error}`));
