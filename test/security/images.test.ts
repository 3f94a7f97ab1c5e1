/**
 * Images a store may name must also be what the page's CSP lets the browser load: a product image
 * on another https host (an imported store's images live on a CDN; the sanitizer keeps https images
 * in rich text for the same reason) is shown, not blocked by `img-src`.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/durable/passwords';
import { demoSite } from '../../src/site/demo';
import { IMAGE_URL_MESSAGE } from '../../src/site/image-url';
import { ROLES } from '../../src/site/roles';
import { exportSite, mapHost, publishSite } from '../../src/site/store';
import { demoStoreOnHost } from '../worker/demo-on-host';
import { Visitor } from '../worker/visitor';

const CDN_IMAGE = 'https://images.cdn.example.com/mug.jpg';

function directive(csp: string, name: string): string[] {
  return (
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([first]) => first === name) ?? []
  ).slice(1);
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

describe("an image's address is checked where it is stored", () => {
  it('refuses a hostile assetUrl on PUT /api/merchant/items/{id} with a 400 naming the field, and saves nothing; the demo publishes', async () => {
    const store = await demoStoreOnHost('security', 'image-urls');
    const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(store.websiteId));
    const account = { email: 'images-admin@example.com', password: 'images-admin-password' };
    await team.ensureMember(account.email, await hashPassword(account.password), [ROLES.admin]);
    const admin = await new Visitor(store.origin).open('/contact');
    expect((await admin.json('POST', '/api/merchant/session', account)).status).toBe(200);
    const items = (await exportSite(env, store.websiteId))?.items ?? [];
    const shirt = items.find((item) => item.urlId === 'linen-shirt')!;
    const post = items.find((item) => item.collectionId === 'c-blog')!;
    const variant = shirt.structuredContent!.variants[0]!;
    const hostile = [
      'x" style="position:fixed;inset:0" onmouseover="alert(1)',
      'javascript:alert(1)',
      '//evil.example/a.jpg',
    ];
    for (const url of hostile) {
      for (const [item, change, path] of [
        [post, { assetUrl: url }, 'assetUrl'],
        [shirt, { assetUrl: url }, 'assetUrl'],
        [shirt, { mainImage: { assetUrl: url } }, 'mainImage.assetUrl'],
        [
          shirt,
          { structuredContent: { ...shirt.structuredContent, variants: [{ ...variant, image: { assetUrl: url } }] } },
          'structuredContent.variants.0.image.assetUrl',
        ],
      ] as const) {
        const res = await admin.json('PUT', `/api/merchant/items/${item.id}`, { ...item, ...change });
        expect(res, `${path} ${url}`).toEqual({
          status: 400,
          body: { error: `Invalid site content: items.${item.id}.${path}: ${IMAGE_URL_MESSAGE}` },
        });
      }
    }
    const after = (await exportSite(env, store.websiteId))?.items ?? [];
    expect(after.find((item) => item.id === shirt.id)?.assetUrl).toBe(shirt.assetUrl);
    expect(after.find((item) => item.id === post.id)?.assetUrl).toBe(post.assetUrl);
    // A file from the file manager and an https image still save.
    expect(
      (
        await admin.json('PUT', `/api/merchant/items/${post.id}`, {
          ...post,
          assetUrl: "/files/0abc/1/Bob's-photo.jpg",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.json('PUT', `/api/merchant/items/${shirt.id}`, {
          ...shirt,
          assetUrl: 'https://images.cdn.example.com/shirt.jpg?format=750w',
        })
      ).status,
    ).toBe(200);
  }, 60_000);
});
