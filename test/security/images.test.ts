/**
 * Images a store may name must also be what the page's CSP lets the browser load: a product image
 * on another https host (an imported store's images live on a CDN; the sanitizer keeps https images
 * in rich text for the same reason) is shown, not blocked by `img-src`.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { Visitor } from '../worker/visitor';

const CDN_IMAGE = 'https://images.cdn.example.com/mug.jpg';

function directive(csp: string, name: string): string[] {
  return (csp.split(';').map((part) => part.trim().split(/\s+/)).find(([first]) => first === name) ?? []).slice(1);
}

/** Whether a CSP source list allows an absolute URL by scheme or by exact origin (the forms our policies use). */
function allowsUrl(sources: readonly string[], url: string): boolean {
  const { protocol, origin } = new URL(url);
  return sources.some((source) => source === protocol || source === origin || source === '*');
}

describe('images on another host', () => {
  it('are allowed by the page CSP over https: a product image on a CDN', async () => {
    const site = demoSite();
    site.website.id = 'cdn-images';
    const mug = site.items.find((item) => item.urlId === 'ceramic-mug');
    if (mug === undefined) throw new Error('the demo has no ceramic mug');
    mug.assetUrl = CDN_IMAGE;
    const published = await publishSite(env, site);
    if ('error' in published) throw new Error(published.error);
    await mapHost(env.SITE_CONTENT, 'cdn-images.test', 'cdn-images');

    const res = await new Visitor('http://cdn-images.test').fetch('/shop');
    const html = await res.text();
    expect(html).toContain(`src="${CDN_IMAGE}"`);
    const imgSrc = directive(res.headers.get('content-security-policy') ?? '', 'img-src');
    expect(imgSrc, imgSrc.join(' ')).toContain("'self'");
    expect(allowsUrl(imgSrc, CDN_IMAGE), imgSrc.join(' ')).toBe(true);
    expect(allowsUrl(imgSrc, 'http://images.cdn.example.com/mug.jpg'), 'plain http stays blocked').toBe(false);
  }, 60_000);
});
