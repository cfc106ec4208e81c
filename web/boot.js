// Loads the app's wasm. A file of its own (not an inline script) so the
// page's Content-Security-Policy can forbid inline code.
import init from './ssa-web.js';

init({ module_or_path: new URL('./ssa-web_bg.wasm', import.meta.url) }).catch((error) => {
  const banner = document.createElement('div');
  banner.className = 'panic-banner';
  banner.setAttribute('role', 'alert');
  banner.textContent = `The playground could not start: ${error}`;
  document.body.prepend(banner);
});
