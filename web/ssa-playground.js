// <ssa-playground>: a live SSA Playground scenario in any page, with one
// script tag:
//
//   <script type="module" src="https://your.site/docs/ssa/ssa-playground.js"></script>
//   <ssa-playground src="scenario.yaml" step="2" view="object" theme="light"></ssa-playground>
//   <ssa-playground><script type="application/yaml">scenario: v1 …</script></ssa-playground>
//   <ssa-playground scenario="scenario: v1&#10;…"></ssa-playground>
//
// It renders an auto-sized iframe of the playground's embed mode. The frame's
// URL is resolved against this script's own URL, so the playground works
// wherever it is hosted (at a domain's root or under /docs/tools/ssa/); `src`
// is resolved against the page, so a scenario file can sit next to it.
//
// The frame is built only when the element comes near the viewport (a page
// with many embeds loads the ones the reader sees), and the element keeps
// its height (attribute `height`, in CSS pixels, default 320) until then,
// so the page does not jump.
//
// It talks to the frame by postMessage with a versioned envelope
// {ssa: 1, type, …}: from the frame `ready`, `resize`, `step`, `error`; to
// the frame `load`, `goto`. Both sides check origins. Element events:
// `ssa-ready`, `ssa-step` (detail.step), `ssa-error` (detail.message).

const APP = new URL('./index.html', import.meta.url);
const DEFAULT_HEIGHT = 320;
/** How far outside the viewport a frame starts loading. */
const NEAR = '300px';
const OPTIONS = ['step', 'view', 'theme', 'readonly'];

/** The text as the playground's `#s=` fragment carries it (raw DEFLATE, base64url). */
export async function deflateRawBase64Url(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The scenario text of the element: given by load(), else from `src`, else the
 * `scenario` attribute (what generators that write one line use), else inline. */
async function scenarioOf(element) {
  if (element.loaded !== undefined) return element.loaded;
  const src = element.getAttribute('src');
  if (src) {
    const url = new URL(src, document.baseURI);
    let response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new Error(`the scenario ${url.href} could not be loaded: ${error.message}`);
    }
    if (!response.ok) throw new Error(`the scenario ${url.href} could not be loaded: HTTP ${response.status}`);
    return response.text();
  }
  if (element.hasAttribute('scenario')) return element.getAttribute('scenario');
  const inline = element.querySelector('script[type="application/yaml"]');
  if (!inline) throw new Error('no scenario: give the element a src="…" or scenario="…" attribute or a <script type="application/yaml"> child');
  return inline.textContent.replace(/^\n/, '');
}

/** One observer for every element of the page. */
const nearViewport = 'IntersectionObserver' in globalThis
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        nearViewport.unobserve(entry.target);
        entry.target.build();
      }
    }
  }, { rootMargin: NEAR })
  : null;

class SsaPlayground extends HTMLElement {
  static get observedAttributes() { return ['step']; }

  connectedCallback() {
    if (this.started) return;
    this.started = true;
    const reserved = Number(this.getAttribute('height')) || DEFAULT_HEIGHT;
    this.style.display = 'block';
    this.style.minHeight = `${reserved}px`;
    this.onMessage = (event) => this.receive(event);
    window.addEventListener('message', this.onMessage);
    if (nearViewport && !this.hasAttribute('eager')) nearViewport.observe(this);
    else this.build();
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.onMessage);
    nearViewport?.unobserve(this);
    this.started = false;
  }

  attributeChangedCallback(name, _old, value) {
    if (name === 'step' && this.frame) this.goto(Number(value));
  }

  /** Creates the frame (once the element is near the viewport). */
  async build() {
    if (this.frame) return;
    const reserved = Number(this.getAttribute('height')) || DEFAULT_HEIGHT;
    const params = new URLSearchParams({ embed: '1', origin: location.origin });
    for (const name of OPTIONS) {
      if (this.hasAttribute(name)) params.set(name, this.getAttribute(name) || '1');
    }
    let fragment;
    try {
      fragment = `s=${await deflateRawBase64Url(await scenarioOf(this))}`;
    } catch (error) {
      // The frame shows the reason, so a reader sees it where the embed
      // should be, and reports it back as an `error` message.
      fragment = `error=${encodeURIComponent(error.message)}`;
    }
    const frame = document.createElement('iframe');
    frame.title = this.getAttribute('title') || 'SSA Playground scenario';
    frame.loading = 'lazy';
    frame.style.cssText = `display:block;box-sizing:border-box;width:100%;border:1px solid #d6dbe3;border-radius:6px;height:${reserved}px`;
    frame.src = `${APP.href}?${params}#${fragment}`;
    this.frame = frame;
    // Inline scenarios stay in the page (readable without scripts); the
    // frame goes after them.
    this.appendChild(frame);
  }

  receive(event) {
    const frame = this.frame;
    if (!frame || event.origin !== APP.origin || event.source !== frame.contentWindow) return;
    const m = event.data;
    if (!m || m.ssa !== 1) return;
    if (m.type === 'resize' && m.height > 0) {
      frame.style.height = `${Math.ceil(m.height) + 2}px`;
      this.style.minHeight = '';
    }
    if (m.type === 'ready') this.dispatchEvent(new CustomEvent('ssa-ready'));
    if (m.type === 'step') {
      this.step = m.step;
      this.dispatchEvent(new CustomEvent('ssa-step', { detail: { step: m.step } }));
    }
    if (m.type === 'error') this.dispatchEvent(new CustomEvent('ssa-error', { detail: { message: m.message } }));
  }

  /** Shows step `step` (counted from 1); before the frame exists, it opens there. */
  goto(step) {
    if (!this.frame) {
      this.setAttribute('step', String(step));
      return;
    }
    this.frame.contentWindow?.postMessage({ ssa: 1, type: 'goto', step }, APP.origin);
  }

  /** Replaces the scenario (YAML text); before the frame exists, it opens with it. */
  load(scenario) {
    if (!this.frame) {
      this.loaded = scenario;
      return;
    }
    this.frame.contentWindow?.postMessage({ ssa: 1, type: 'load', scenario }, APP.origin);
  }
}

if (!customElements.get('ssa-playground')) customElements.define('ssa-playground', SsaPlayground);
