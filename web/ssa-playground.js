// <ssa-playground>: a live SSA Playground scenario in any page, with one
// script tag:
//
//   <script type="module" src="https://your.site/ssa-playground.js"></script>
//   <ssa-playground src="scenario.yaml" step="2" view="object" theme="light"></ssa-playground>
//   <ssa-playground><script type="application/yaml">scenario: v1 …</script></ssa-playground>
//
// It renders an auto-sized iframe of the playground's embed mode (served
// from the same place as this script) and talks to it by postMessage with
// a versioned envelope {ssa: 1, type, …}: from the frame `ready`, `resize`,
// `step`, `error`; to the frame `load`, `goto`. Both sides check origins.
// Element events: `ssa-ready`, `ssa-step` (detail.step), `ssa-error`.

const APP = new URL('./index.html', import.meta.url);

async function deflateRawBase64Url(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

class SsaPlayground extends HTMLElement {
  static get observedAttributes() { return ['step']; }

  async connectedCallback() {
    if (this.frame) return;
    const inline = this.querySelector('script[type="application/yaml"]');
    let text = inline ? inline.textContent.replace(/^\n/, '') : '';
    const src = this.getAttribute('src');
    if (src) {
      const response = await fetch(new URL(src, document.baseURI));
      text = await response.text();
    }
    const params = new URLSearchParams({ embed: '1', origin: location.origin });
    for (const name of ['step', 'view', 'theme', 'readonly']) {
      if (this.hasAttribute(name)) params.set(name, this.getAttribute(name) || '1');
    }
    const frame = document.createElement('iframe');
    frame.title = this.getAttribute('title') || 'SSA Playground scenario';
    frame.style.cssText = 'width:100%;border:1px solid #d6dbe3;border-radius:6px;height:240px';
    frame.src = `${APP.href}?${params}#s=${await deflateRawBase64Url(text)}`;
    this.frame = frame;
    this.appendChild(frame);
    this.onMessage = (event) => {
      if (event.origin !== APP.origin || event.source !== frame.contentWindow) return;
      const m = event.data;
      if (!m || m.ssa !== 1) return;
      if (m.type === 'resize' && m.height > 0) frame.style.height = `${Math.ceil(m.height) + 2}px`;
      if (m.type === 'ready') this.dispatchEvent(new CustomEvent('ssa-ready'));
      if (m.type === 'step') { this.step = m.step; this.dispatchEvent(new CustomEvent('ssa-step', { detail: { step: m.step } })); }
      if (m.type === 'error') this.dispatchEvent(new CustomEvent('ssa-error', { detail: { message: m.message } }));
    };
    window.addEventListener('message', this.onMessage);
  }

  disconnectedCallback() {
    if (this.onMessage) window.removeEventListener('message', this.onMessage);
  }

  attributeChangedCallback(name, _old, value) {
    if (name === 'step' && this.frame) this.goto(Number(value));
  }

  /** Shows step `step` (counted from 1). */
  goto(step) {
    this.frame?.contentWindow?.postMessage({ ssa: 1, type: 'goto', step }, APP.origin);
  }

  /** Replaces the scenario (YAML text). */
  load(scenario) {
    this.frame?.contentWindow?.postMessage({ ssa: 1, type: 'load', scenario }, APP.origin);
  }
}

customElements.define('ssa-playground', SsaPlayground);
