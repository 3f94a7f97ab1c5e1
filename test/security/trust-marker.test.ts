/**
 * The trust marker is a per-isolate secret: no page may ever carry it. Trusted code (a theme, the
 * merchant's code injection) can hold `<script`/`<style` where they open no element: inside a
 * script's string, in `<noscript>` or `<textarea>` text, in an attribute value. Such a page must
 * still come out byte for byte as written, and the CSP must hash the inline text a browser sees.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { demoSite } from '../../src/site/demo';
import { keepTrustedText, markTrusted } from '../../src/storefront/trusted-markup';
import { mapHost, publishSite } from '../../src/site/store';
import { Visitor } from '../worker/visitor';

const WRITER = `document.write('<script src="https://cdn.example.com/a.js"><\\/script>');`;
const HEADER_HTML =
  `<script>${WRITER}</script>` +
  '<noscript><style>.no-js{display:block}</style></noscript>' +
  '<textarea><script>shown as text</script></textarea>' +
  '<div title="<script>"></div>';
const HEAD_SCRIPT = `window.loader = "<style>";`;

async function hash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

describe('the trust marker never leaves the isolate', () => {
  it('serves trusted code holding <script or <style outside an element unchanged, marker-free, with the hash of what is served', async () => {
    const site = demoSite();
    site.website.id = 'marker-leak';
    site.header = { html: HEADER_HTML };
    const head = site.theme['head.html'] as string;
    site.theme = { ...site.theme, 'head.html': head.replace('</head>', `<script>${HEAD_SCRIPT}</script></head>`) };
    const published = await publishSite(env, site);
    if ('error' in published) throw new Error(published.error);
    await mapHost(env.SITE_CONTENT, 'marker-leak.test', 'marker-leak');

    for (const path of ['/', '/shop', '/?again']) {
      const res = await new Visitor('http://marker-leak.test').fetch(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const html = await res.text();
      expect(html, path).not.toContain('data-trust');
      expect(html, path).toContain(HEADER_HTML);
      expect(html, path).toContain(`<script>${HEAD_SCRIPT}</script>`);
      expect(csp, path).toContain(await hash(WRITER));
      expect(csp, path).toContain(await hash(HEAD_SCRIPT));
    }
  }, 60_000);

  it('takes the marker out of text and attribute values, and keeps only marked elements', async () => {
    const source = '<textarea><script>as text</script></textarea><p title="<style>">x</p><script>run()</script>';
    const { html, found } = await keepTrustedText(
      `${markTrusted(source)}<script>injected()</script><style>p{}</style>`,
    );
    expect(html).toBe(source);
    expect(found.scripts).toEqual(['run()']);
    expect(found.styles).toEqual([]);
  });
});
