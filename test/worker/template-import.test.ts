/**
 * Importing a developer-platform template through the site admin calls with the CLI's own client
 * (scripts/site/admin-client.ts): the theme swaps in with its static files, which the store then
 * serves at /assets/ and /scripts/ with their types; files that did not arrive, a theme over its
 * caps or a path outside the template refuse the import and leave the store as it was.
 */
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AdminCallError, receiveSite, sendSite, sendTemplate, type AdminTarget } from '../../scripts/site/admin-client';
import { THEME_LIMITS } from '../../src/site/theme-schema';

const HOST = 'template-shop.example';
const target: AdminTarget = {
  url: 'http://localhost',
  host: HOST,
  fetch: (url, init) => exports.default.fetch(url, init),
};
const fromStore = (path: string, init: RequestInit = {}) => exports.default.fetch(`http://${HOST}${path}`, init);

const THEME = {
  'template.conf': JSON.stringify({
    name: 'Tiny',
    layouts: { default: { name: 'Default', regions: ['site'] } },
    navigations: [{ title: 'Main', name: 'mainNav' }],
    stylesheets: ['site.css'],
  }),
  'site.region':
    '<!doctype html><html><head>{squarespace-headers}</head><body class="tiny">{squarespace.main-content}{squarespace-footers}</body></html>',
  'styles/compiled.css': 'body { color: #123; }',
};
const text = (value: string) => ({ read: async () => new TextEncoder().encode(value) });

async function storeAtHost(): Promise<void> {
  const { site } = await receiveSite({ ...target, host: undefined } as AdminTarget);
  await sendSite(target, 'import', { ...site, website: { ...(site.website as object), id: 'template-shop' } });
}

async function refused(promise: Promise<unknown>): Promise<AdminCallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdminCallError);
  return error as AdminCallError;
}

describe('importing a developer-platform template', () => {
  it('swaps the theme in with its static files, served on the store host with their types', async () => {
    await storeAtHost();
    const sent = await sendTemplate(target, THEME, [
      { path: 'assets/logo.svg', ...text('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { path: 'scripts/site.js', ...text('console.log(1)') },
    ]);
    expect(sent.version).toBeGreaterThan(0);
    const logo = await fromStore('/assets/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await logo.text()).toContain('<svg');
    for (const path of ['/scripts/site.js', '/assets/scripts/site.js']) {
      const script = await fromStore(path);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await script.text()).toBe('console.log(1)');
    }
    const again = await fromStore('/assets/logo.svg', { headers: { 'if-none-match': logo.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect((await fromStore('/assets/missing.png')).status).toBe(404);
    const { site } = await receiveSite(target);
    expect(site.theme).toEqual(THEME);
  });

  it('refuses the import when a listed file did not arrive, and the store keeps its theme', async () => {
    await storeAtHost();
    const before = (await receiveSite(target)).site.theme;
    const call = (method: string, path: string, body: unknown) =>
      exports.default.fetch(`http://localhost/api/site-admin${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const { uploadId } = (await (await call('POST', '/template-uploads', { host: HOST })).json()) as {
      uploadId: string;
    };
    await call('PUT', `/template-uploads/${uploadId}/files`, {
      host: HOST,
      path: 'assets/here.txt',
      data: btoa('here'),
    });
    const commit = await call('PUT', '/template', {
      host: HOST,
      uploadId,
      theme: { ...THEME, 'site.region': 'changed' },
      assets: ['assets/here.txt', 'assets/never.png'],
    });
    expect(commit.status).toBe(409);
    expect(((await commit.json()) as { error: string }).error).toContain('assets/never.png');
    expect((await receiveSite(target)).site.theme).toEqual(before);
  });

  it('refuses a theme over its caps or with paths outside the template', async () => {
    await storeAtHost();
    const tooBig = await refused(
      sendTemplate(target, { ...THEME, 'styles/compiled.css': 'x'.repeat(THEME_LIMITS.fileChars + 1) }, []),
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.message).toContain(`at most ${THEME_LIMITS.fileChars} characters`);
    const escaping = await refused(sendTemplate(target, { ...THEME, '../site.region': 'x' }, []));
    expect(escaping.status).toBe(400);
    const outside = await refused(sendTemplate(target, THEME, [{ path: 'secrets/key.txt', ...text('x') }]));
    expect(outside.status).toBe(400);
    expect(outside.message).toContain('assets/ or scripts/');
    const noConf = await refused(sendTemplate(target, { 'site.region': 'x' }, []));
    expect(noConf.message).toContain('template.conf');
  });
});
