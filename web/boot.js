// Loads the app's wasm. A file of its own (not an inline script) so the
// page's Content-Security-Policy can forbid inline code.
//
// The built-in kinds' catalogue (catalogue.json), the sentences of a
// step's "Why?" (why.txt) and the presets (presets.txt) are data, not
// code: they are fetched beside the wasm, in parallel, and handed to the
// app before it starts (main.rs reads globalThis.ssaCatalogue, ssaWhy and
// ssaPresets), with a shared link's scenario (globalThis.ssaShared).
import init from './ssa-web.js';

const here = (file) => new URL(file, import.meta.url);
const banner = (text) => {
  const div = document.createElement('div');
  div.className = 'panic-banner';
  div.setAttribute('role', 'alert');
  div.textContent = text;
  document.body.prepend(div);
};
// What went wrong while the data loaded, said once the app has started:
// Yew empties the body it mounts in, so a banner shown before would go.
const notices = [];
const notice = (text) => notices.push(text);

const wasm = fetch(here('./ssa-web_bg.wasm'));
const text = (file) => fetch(here(file))
  .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))));
// Data, fetched in parallel with the wasm and handed to the app before it
// starts (main.rs): a missing file is said in a banner, and the app still
// starts without it.
const catalogue = text('./catalogue.json')
  .then((data) => { globalThis.ssaCatalogue = data; })
  .catch((error) => notice(`The built-in Kubernetes schemas (catalogue.json) could not be loaded: ${error}. Built-in kinds are merged without their schema until the page is reloaded.`));
const why = text('./why.txt')
  .then((data) => { globalThis.ssaWhy = data; })
  .catch((error) => notice(`The explanations (why.txt) could not be loaded: ${error}. Each step's "Why?" lists its facts without their sentences until the page is reloaded.`));
const presets = text('./presets.txt')
  .then((data) => { globalThis.ssaPresets = data; })
  .catch((error) => notice(`The presets (presets.txt) could not be loaded: ${error}. The page starts with a blank scenario.`));

// A shared link's scenario (`#s=`: raw DEFLATE in base64url, the
// engine's share format, crates/ssa-engine/src/share.rs) is inflated by
// the browser's DecompressionStream, as the page compresses with
// CompressionStream: an inflater in the wasm cost 2 KB gzipped. Like the
// engine's reader, it refuses more than 4 MiB (a decompression bomb); a
// damaged link is ignored and the app starts with what was autosaved.
const MAX_SCENARIO_BYTES = 4 * 1024 * 1024;
const shared = (async () => {
  const data = /^#s=([A-Za-z0-9_-]*)=*$/.exec(location.hash)?.[1];
  if (data === undefined) return;
  const binary = atob(data.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.length;
    if (size > MAX_SCENARIO_BYTES) return reader.cancel();
    chunks.push(part.value);
  }
  globalThis.ssaShared = new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
})().catch(() => {});

// A share link's fragment for a text: raw DEFLATE by the browser's
// CompressionStream, in base64url without padding (the engine's format,
// crates/ssa-engine/src/share.rs, which `ssa apply --share` writes too).
globalThis.ssaShareFragment = async (text) => {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `s=${btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`;
};

// The JavaScript API package (pkg/: the engine with its catalogue
// compiled in) is a second wasm module, fetched the first time the app
// calls it (the review page's review, the scenario form's schema
// templates): a page that never uses them does not load their code. The
// app calls globalThis.ssaApi with a function's name and its arguments as
// a JSON array, and reads the answer as JSON (web/src/api.rs).
let api;
let loaded;
const loadApi = () => {
  api ??= import('./pkg/ssa_wasm.js').then(async (module) => {
    await module.default({ module_or_path: here('./pkg/ssa_wasm_bg.wasm') });
    loaded = module;
    return module;
  });
  return api.catch((error) => {
    api = undefined;
    throw error;
  });
};
globalThis.ssaApi = async (name, args) => {
  const module = await loadApi();
  return JSON.stringify(module[name](...JSON.parse(args)));
};

// The same package, called synchronously while the app runs a scenario:
// the app's engine leaves a custom resource's validation out (its size
// budget), the rules of the built-in kinds no lesson or preset writes and
// those of a pod spec's Windows options, sysctls and restart rules,
// and asks the package's validateCustomResource and validateBuiltin instead
// (crates/ssa-engine/src/delegated.rs). Before the package is loaded
// there is no answer: the first call starts loading it, and the app runs
// its scenario again on the `ssa-api-ready` event.
let asked = false;
globalThis.ssaApiSync = (name, arg) => {
  if (loaded) return loaded[name](arg);
  if (!asked) {
    asked = true;
    loadApi().then(() => dispatchEvent(new Event('ssa-api-ready')), () => { asked = false; });
  }
  return undefined;
};

Promise.all([catalogue, why, presets, shared])
  .then(() => init({ module_or_path: wasm }))
  .catch((error) => notice(`The playground could not start: ${error}`))
  .finally(() => notices.forEach(banner));
