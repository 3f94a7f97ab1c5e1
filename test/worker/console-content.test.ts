/**
 * The console's content calls in workerd (one file, one workerd, for what used to be five files; issue 30). Posts and
 * pages: each call by role, validation, sanitizing, the code-block right, and the storefront honouring each status
 * (page, listing, search, sitemap), including a scheduled post appearing at its publish date past the page cache. Then
 * the file manager, the index pages, the pages' own calls and a form's success URL, each under a describe of its old
 * file's name.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_MESSAGES } from '../../src/routes/console/console-content';
import { DEMO_MERCHANTS, DEMO_SITE_ID, demoSite } from '../../src/site/seed/demo';
import { CHART_MESSAGES } from '../../src/site/editor/chart';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { EDIT_MESSAGES } from '../../src/site/edits/edits';
import { IMAGE_ADDRESS_MESSAGE } from '../../src/site/model/image-url';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';
import { MAX_FILE_BYTES, type StoredFile } from '../../src/site/editor/files';
import { stockLedger } from '../../src/durable/stubs';
import { INDEX_MESSAGES } from '../../src/site/model/index-collections';
import { CODE_INJECTION_MESSAGES } from '../../src/site/model/code-injection';
import { PAGE_BLOCK_MESSAGES } from '../../src/site/editor/page-blocks';

const [OWNER, STORE, EDITOR, VIEWER] = DEMO_MERCHANTS;
const BLOG = 'c-blog';

function post(overrides: Record<string, unknown> = {}) {
  return {
    collectionId: BLOG,
    title: 'Studio notes',
    body: '<p>Some <strong>bold</strong> words.</p><h2>A heading</h2>',
    excerpt: '<p>Notes from the studio.</p>',
    tags: ['news'],
    categories: [],
    status: 'draft',
    publishOn: Date.now() - 60_000,
    assetUrl: null,
    ...overrides,
  };
}

/** A page edit as the console sends it. */
function pageText(overrides: Record<string, unknown> = {}) {
  return { title: 'Contact', body: '<p>Write to us.</p>', status: 'published', publishOn: 0, ...overrides };
}

interface SavedPost {
  id: string;
  urlId: string;
  fullUrl: string;
  body: string;
  status: string;
}

async function shopperSees(path: string): Promise<{ status: number; text: string; csp: string }> {
  const res = await new Visitor().fetch(path);
  return { status: res.status, text: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
}

async function version(): Promise<number> {
  return Number(await env.SITE_CONTENT.get('site:demo:version'));
}

/**
 * How far ahead a test schedules a publish date. The content object publishes on its own clock, so what a shopper saw
 * before the date counts only when every read of it ended before the date: on a machine too loaded for the first lead,
 * that attempt is let publish and the next schedules further ahead (a fixed lead made the reads race the alarm).
 */
const PUBLISH_LEADS = [2_500, 10_000, 40_000];

/** Waits out `publishOn` on the clock the content object reads. */
const publishDatePassed = (publishOn: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, publishOn - Date.now() + 200)));

/** A given-up attempt's publication, run now if its alarm has not yet, so that it never lands in the next attempt. */
async function publicationRun(publishOn: number): Promise<void> {
  await publishDatePassed(publishOn);
  await runDurableObjectAlarm(env.CONTENT.get(env.CONTENT.idFromName('demo')));
}

/** Waits for the version to move past `from`, as the publishing alarm moves it. */
const versionMovesPast = (from: number) =>
  vi.waitFor(async () => expect(await version()).toBeGreaterThan(from), { timeout: 30_000, interval: 100 });

describe('console posts and pages', () => {
  it('answers each call by role: read for lists, content for changes, 401 without a session', async () => {
    const [anonymous, owner, store, editor, viewer] = await Promise.all([
      signedIn(undefined),
      signedIn(OWNER),
      signedIn(STORE),
      signedIn(EDITOR),
      signedIn(VIEWER),
    ]);
    const created = await owner.json<SavedPost>('POST', '/api/console/posts', post({ title: 'Role check' }));
    expect(created.status).toBe(201);
    const calls: [string, string, unknown, 'read' | 'content', number][] = [
      ['GET', `/api/console/posts?collectionId=${BLOG}`, undefined, 'read', 200],
      ['GET', `/api/console/posts/${created.body.id}`, undefined, 'read', 200],
      ['POST', '/api/console/posts', post({ title: 'By role' }), 'content', 201],
      ['PUT', `/api/console/posts/${created.body.id}`, post({ title: 'Role check' }), 'content', 200],
      ['GET', '/api/console/pages', undefined, 'read', 200],
      ['GET', '/api/console/pages/c-contact', undefined, 'read', 200],
      [
        'PUT',
        '/api/console/pages/c-contact',
        pageText({ title: 'Contact', body: '<p>Write to us.</p>' }),
        'content',
        200,
      ],
    ];
    const allowed = { read: [owner, store, editor, viewer], content: [owner, editor] };
    for (const [method, path, body, permission, ok] of calls) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      for (const who of [owner, store, editor, viewer]) {
        expect((await who.json(method, path, body)).status, `${method} ${path}`).toBe(
          allowed[permission].includes(who) ? ok : 403,
        );
      }
    }
    expect((await viewer.json('DELETE', `/api/console/posts/${created.body.id}`)).status).toBe(403);
    expect((await editor.json('DELETE', `/api/console/posts/${created.body.id}`)).status).toBe(200);
    expect((await owner.json('GET', `/api/console/posts/${created.body.id}`)).status).toBe(404);
  });

  it('refuses a state change without the crumb, and validates the body', async () => {
    const owner = await signedIn(OWNER);
    const noCrumb = await owner.fetch('/api/console/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(post()),
    });
    expect(noCrumb.status).toBe(403);
    expect(await owner.json('POST', '/api/console/posts', post({ title: ' ' }))).toEqual({
      status: 400,
      body: { error: `title: ${EDIT_MESSAGES.titleRequired}` },
    });
    expect((await owner.json('POST', '/api/console/posts', post({ status: 'hidden' }))).status).toBe(400);
    expect((await owner.json('POST', '/api/console/posts', post({ tags: ['x'.repeat(51)] }))).body).toEqual({
      error: `tags.0: ${CONTENT_MESSAGES.tagTooLong}`,
    });
    // Counted in characters as the console counts them: 50 emoji are 50 characters.
    expect((await owner.json('POST', '/api/console/posts', post({ tags: ['🎁'.repeat(51)] }))).body).toEqual({
      error: `tags.0: ${CONTENT_MESSAGES.tagTooLong}`,
    });
    expect(
      (await owner.json('POST', '/api/console/posts', post({ title: 'Gift wrapping', tags: ['🎁'.repeat(50)] })))
        .status,
    ).toBe(201);
    // A post's picture takes the addresses every item's does (src/site/model/image-url.ts): a file, a site path or https.
    expect(await owner.json('POST', '/api/console/posts', post({ assetUrl: 'javascript:alert(1)' }))).toEqual({
      status: 400,
      body: { error: IMAGE_ADDRESS_MESSAGE },
    });
    expect((await owner.json('POST', '/api/console/posts', post({ collectionId: 'c-shop' }))).status).toBe(404);
    expect(
      (await owner.send('POST', '/api/console/posts', JSON.stringify(post({ body: 'x'.repeat(300_000) })))).status,
    ).toBe(413);
  });

  it('sanitizes the saved text and keeps code blocks to the code-injection roles', async () => {
    const [owner, editor] = await Promise.all([signedIn(OWNER), signedIn(EDITOR)]);
    const saved = await editor.json<SavedPost>(
      'POST',
      '/api/console/posts',
      post({ body: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' }),
    );
    expect(saved.status).toBe(201);
    expect(saved.body.body).toBe('<p>Hi</p><a>x</a>');
    const code = post({ body: '<p>Try</p><pre><code>npm start</code></pre>' });
    expect(await editor.json('POST', '/api/console/posts', code)).toEqual({
      status: 403,
      body: { error: CONTENT_MESSAGES.codeBlocks },
    });
    const withCode = await owner.json<SavedPost>('POST', '/api/console/posts', code);
    expect(withCode.status).toBe(201);
    // The editor may change the rest of a post with a code block, not the block.
    expect(
      (
        await editor.json(
          'PUT',
          `/api/console/posts/${withCode.body.id}`,
          post({ title: 'Retitled', body: '<p>Now</p><pre><code>npm start</code></pre>' }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await editor.json(
          'PUT',
          `/api/console/posts/${withCode.body.id}`,
          post({ body: '<p>Now</p><pre><code>rm -rf</code></pre>' }),
        )
      ).status,
    ).toBe(403);
    expect((await editor.json('DELETE', `/api/console/posts/${withCode.body.id}`)).status).toBe(403);
  });

  it('shows shoppers a post only once it is published: page, listing, search and sitemap', async () => {
    const owner = await signedIn(OWNER);
    const draft = await owner.json<SavedPost>(
      'POST',
      '/api/console/posts',
      post({ title: 'Quinceharvest diary', status: 'draft' }),
    );
    expect(draft.body.urlId).toBe('quinceharvest-diary');
    for (const status of ['draft', 'needsReview', 'private', 'scheduled']) {
      const publishOn = Date.now() + 3_600_000;
      expect(
        (
          await owner.json(
            'PUT',
            `/api/console/posts/${draft.body.id}`,
            post({ title: 'Quinceharvest diary', status, publishOn }),
          )
        ).status,
      ).toBe(200);
      expect((await shopperSees(draft.body.fullUrl)).status, status).toBe(404);
      expect((await shopperSees('/blog')).text).not.toContain('Quinceharvest');
      expect((await shopperSees('/search?q=quinceharvest')).text).not.toContain(draft.body.fullUrl);
      expect((await shopperSees('/sitemap.xml')).text).not.toContain(draft.body.fullUrl);
    }
    const listed = await owner.json<{ posts: { id: string; status: string }[] }>(
      'GET',
      `/api/console/posts?collectionId=${BLOG}`,
    );
    expect(listed.body.posts.find((p) => p.id === draft.body.id)?.status).toBe('scheduled');
    expect(
      (
        await owner.json(
          'PUT',
          `/api/console/posts/${draft.body.id}`,
          post({ title: 'Quinceharvest diary', status: 'published' }),
        )
      ).status,
    ).toBe(200);
    const page = await shopperSees(draft.body.fullUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>bold</strong>');
    expect(page.text).toContain('<h2>A heading</h2>');
    expect((await shopperSees('/blog')).text).toContain('Quinceharvest');
    expect((await shopperSees('/search?q=quinceharvest')).text).toContain(draft.body.fullUrl);
    expect((await shopperSees('/sitemap.xml')).text).toContain(draft.body.fullUrl);
  });

  it('shows a scheduled post at its publish date: the alarm moves the version, so cached pages are passed over', async () => {
    const owner = await signedIn(OWNER);
    for (const lead of PUBLISH_LEADS) {
      const title = `Marmalade morning ${lead}`;
      const publishOn = Date.now() + lead;
      const scheduled = await owner.json<SavedPost>(
        'POST',
        '/api/console/posts',
        post({ title, status: 'scheduled', publishOn }),
      );
      expect(scheduled.status).toBe(201);
      const before = await version();
      const listing = await (await new Visitor().fetch('/blog')).text();
      const listingAgain = (await new Visitor().fetch('/blog')).headers.get('x-page-cache');
      const postPage = (await shopperSees(scheduled.body.fullUrl)).status;
      if (Date.now() >= publishOn) {
        await publicationRun(publishOn);
        continue;
      }
      expect(listing).not.toContain(title);
      expect(listingAgain).toBe('hit');
      expect(postPage).toBe(404);
      await publishDatePassed(publishOn);
      await versionMovesPast(before);
      expect((await shopperSees('/blog')).text).toContain(title);
      expect((await shopperSees(scheduled.body.fullUrl)).status).toBe(200);
      return;
    }
    throw new Error(`no attempt read the store before its publish date (leads ${PUBLISH_LEADS.join(', ')} ms)`);
  });

  it('edits a page’s title and text, shown on the next request', async () => {
    const [owner, editor] = await Promise.all([signedIn(OWNER), signedIn(EDITOR)]);
    const saved = await editor.json(
      'PUT',
      '/api/console/pages/c-contact',
      pageText({ title: 'Say hello', body: '<p>We answer <em>within a day</em>.</p><script>x</script>' }),
    );
    expect(saved).toMatchObject({ status: 200, body: { saved: true } });
    expect((await owner.json('GET', '/api/console/pages/c-contact')).body).toMatchObject({
      title: 'Say hello',
      body: '<p>We answer <em>within a day</em>.</p>',
    });
    expect((await shopperSees('/contact')).text).toContain('We answer <em>within a day</em>.');
    expect(await editor.json('PUT', '/api/console/pages/c-contact', pageText({ title: '' }))).toEqual({
      status: 400,
      body: { error: PRODUCT_MESSAGES.invalid, fields: { title: EDIT_MESSAGES.titleRequired } },
    });
    expect((await editor.json('PUT', '/api/console/pages/c-blog', pageText({ title: 'Blog' }))).status).toBe(404);
    expect((await editor.json('PUT', '/api/console/pages/c-contact', pageText({ status: 'hidden' }))).status).toBe(400);
  });

  it('honours a page’s status on the store: Draft, Private and Needs Review 404 and leave the navigation and sitemap; Scheduled appears at its publish date', async () => {
    const [owner, editor] = await Promise.all([signedIn(OWNER), signedIn(EDITOR)]);
    const navLink = '<a href="/contact"';
    for (const status of ['draft', 'private', 'needsReview']) {
      expect((await editor.json('PUT', '/api/console/pages/c-contact', pageText({ status }))).status).toBe(200);
      expect((await shopperSees('/contact')).status, status).toBe(404);
      expect((await shopperSees('/shop')).text).not.toContain(navLink);
      expect((await shopperSees('/sitemap.xml')).text).not.toContain('/contact<');
      expect((await owner.json<{ status: string }>('GET', '/api/console/pages/c-contact')).body.status).toBe(status);
      const listed = await owner.json<{ pages: { id: string; status: string }[] }>('GET', '/api/console/pages');
      expect(listed.body.pages.find((page) => page.id === 'c-contact')?.status).toBe(status);
    }

    let scheduledShown = false;
    for (const lead of PUBLISH_LEADS) {
      const publishOn = Date.now() + lead;
      expect(
        (await editor.json('PUT', '/api/console/pages/c-contact', pageText({ status: 'scheduled', publishOn }))).status,
      ).toBe(200);
      const saved = await version();
      const contact = (await shopperSees('/contact')).status;
      if (Date.now() >= publishOn) {
        await publicationRun(publishOn);
        continue;
      }
      expect(contact).toBe(404);
      await publishDatePassed(publishOn);
      await versionMovesPast(saved);
      scheduledShown = true;
      break;
    }
    expect(scheduledShown, `no attempt read /contact before its publish date (leads ${PUBLISH_LEADS})`).toBe(true);
    expect((await shopperSees('/contact')).status).toBe(200);
    expect((await shopperSees('/shop')).text).toContain(navLink);
    expect((await shopperSees('/sitemap.xml')).text).toContain('/contact<');

    expect((await editor.json('PUT', '/api/console/pages/c-contact', pageText({ status: 'published' }))).status).toBe(
      200,
    );
    expect((await shopperSees('/contact')).status).toBe(200);
  });

  it('saves a page’s chart blocks with the dataset messages, and the store shows each as a table', async () => {
    const [owner, editor, viewer] = await Promise.all([signedIn(OWNER), signedIn(EDITOR), signedIn(VIEWER)]);
    const CHARTS = '/api/console/pages/c-contact/charts';
    const chart = (overrides: Record<string, unknown> = {}) => ({
      id: null,
      title: 'Kiln firings',
      columns: ['Mugs', 'Bowls'],
      rows: [
        { label: 'March', values: ['12', '4'] },
        { label: 'April', values: ['9', '1,200'] },
      ],
      ...overrides,
    });
    const refused = async (body: Record<string, unknown>) =>
      (await editor.json<{ error: string }>('PUT', CHARTS, { charts: [chart(body)] })).body.error;
    expect(await refused({ columns: [], rows: [] })).toBe(CHART_MESSAGES.empty);
    expect(await refused({ columns: [], rows: [{ label: 'March', values: [] }] })).toBe(
      'Your dataset must have at least one column',
    );
    expect(await refused({ rows: [] })).toBe('Your dataset must have at least one row');
    expect(await refused({ rows: [{ label: 'March', values: ['12', ''] }] })).toBe('One or more rows was missing data');
    expect(await refused({ title: ' ' })).toBe(CHART_MESSAGES.titleRequired);
    expect((await viewer.json('PUT', CHARTS, { charts: [chart()] })).status).toBe(403);
    expect((await editor.json('PUT', CHARTS, { charts: Array.from({ length: 11 }, () => chart()) })).status).toBe(400);

    const saved = await editor.json<{ charts: { id: string; title: string; rows: { values: number[] }[] }[] }>(
      'PUT',
      CHARTS,
      { charts: [chart({ title: '<script>alert(1)</script> firings' })] },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.charts).toHaveLength(1);
    expect(saved.body.charts[0]?.rows[1]?.values).toEqual([9, 1200]);
    const page = await shopperSees('/contact');
    expect(page.text).toContain('<figcaption id="chart-');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; firings</figcaption>');
    expect(page.text).toMatch(/<th scope="col">Mugs<\/th><th scope="col">Bowls<\/th>/);
    expect(page.text).toContain('<tr><th scope="row">April</th><td>9</td><td>1200</td></tr>');
    const blocks = (await owner.json<{ blocks: { type: string }[] }>('GET', '/api/console/pages/c-contact')).body
      .blocks;
    expect(blocks.filter((block) => block.type === 'chart')).toHaveLength(1);

    expect((await editor.json('PUT', CHARTS, { charts: [] })).status).toBe(200);
    expect((await shopperSees('/contact')).text).not.toContain('<figure class="ChartBlock"');
  });
});

describe("a post's main image", () => {
  it('shows on the post page once set in the console, and goes with it', async () => {
    const owner = await signedIn(OWNER);
    const created = await owner.json<SavedPost>(
      'POST',
      '/api/console/posts',
      post({ title: 'Pictured notes', status: 'published', assetUrl: '/files/f-notes/photo.jpg' }),
    );
    expect(created.status).toBe(201);
    expect((await shopperSees(created.body.fullUrl)).text).toMatch(
      /<img class="BlogItem-image" src="\/files\/f-notes\/photo\.jpg"/,
    );
    expect(
      (
        await owner.json(
          'PUT',
          `/api/console/posts/${created.body.id}`,
          post({ title: 'Pictured notes', status: 'published', assetUrl: null }),
        )
      ).status,
    ).toBe(200);
    expect((await shopperSees(created.body.fullUrl)).text).not.toContain('<img class="BlogItem-image"');
  });
});

/**
 * The file manager's calls in workerd against Miniflare's R2: each call by role, the spec's
 * messages for unsupported and too-large files and empty names, paging, rename, replace and delete,
 * and `/files/...` served immutable with width variants and redirects from old addresses.
 */
describe('console-files', () => {
  /** A minimal PNG signature and some bytes: what the worker checks a .png starts with. */
  function png(size = 64, fill = 1): Uint8Array {
    const bytes = new Uint8Array(size).fill(fill);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return bytes;
  }

  function webp(size = 32): Uint8Array {
    const bytes = new Uint8Array(size);
    bytes.set(new TextEncoder().encode('RIFF'), 0);
    bytes.set(new TextEncoder().encode('WEBP'), 8);
    return bytes;
  }

  async function upload(
    who: Visitor,
    name: string,
    body: BodyInit,
    method = 'POST',
    path = '/api/console/files',
  ): Promise<{ status: number; body: StoredFile & { error?: string } }> {
    const res = await who.fetch(`${path}?name=${encodeURIComponent(name)}`, {
      method,
      headers: { 'x-csrf-token': who.crumb, 'content-type': 'application/octet-stream' },
      body,
    });
    return { status: res.status, body: (await res.json()) as StoredFile & { error?: string } };
  }

  describe('console files', () => {
    it("answers each call by role: listing with read, uploads with content or commerce (a product's pictures), other changes with content, 401 without a session", async () => {
      const [anonymous, owner, store, editor, viewer] = await Promise.all([
        signedIn(undefined),
        signedIn(OWNER),
        signedIn(STORE),
        signedIn(EDITOR),
        signedIn(VIEWER),
      ]);
      expect((await anonymous.json('GET', '/api/console/files')).status).toBe(401);
      for (const who of [owner, store, editor, viewer])
        expect((await who.json('GET', '/api/console/files')).status).toBe(200);
      expect((await upload(anonymous, 'a.png', png())).status).toBe(401);
      expect((await upload(viewer, 'a.png', png())).status).toBe(403);
      // A store manager edits products, so adds their pictures from the product editor (and its narrower copies).
      const picture = await upload(store, 'picture.png', png());
      expect(picture.status).toBe(201);
      expect(
        (
          await store.fetch(`/api/console/files/${picture.body.id}/${picture.body.rev}/w300`, {
            method: 'PUT',
            headers: { 'X-CSRF-Token': store.crumb, 'content-type': 'image/webp' },
            body: webp(),
          })
        ).status,
      ).toBe(200);
      const mine = await upload(editor, 'a.png', png());
      expect(mine.status).toBe(201);
      for (const who of [store, viewer]) {
        expect((await who.json('PATCH', `/api/console/files/${mine.body.id}`, { name: 'b.png' })).status).toBe(403);
        expect((await upload(who, 'c.png', png(), 'PUT', `/api/console/files/${mine.body.id}`)).status).toBe(403);
        expect((await who.json('DELETE', `/api/console/files/${mine.body.id}`)).status).toBe(403);
      }
      const noCrumb = await owner.fetch('/api/console/files?name=a.png', { method: 'POST', body: png() });
      expect(noCrumb.status).toBe(403);
      expect((await owner.json('DELETE', `/api/console/files/${mine.body.id}`)).status).toBe(200);
    });

    it('refuses unsupported, disguised, empty and too-large files and blank names with the spec’s messages', async () => {
      const owner = await signedIn(OWNER);
      expect(await upload(owner, 'page.html', '<script>alert(1)</script>')).toEqual({
        status: 415,
        body: { error: 'The file page.html does not appear to be a supported file' },
      });
      expect(await upload(owner, 'logo.svg', '<svg/>')).toEqual({
        status: 415,
        body: { error: 'The file logo.svg does not appear to be a supported file' },
      });
      expect(await upload(owner, 'photo.png', 'not a picture')).toEqual({
        status: 415,
        body: { error: 'The file photo.png does not appear to be a supported file' },
      });
      expect(await upload(owner, 'empty.txt', '')).toEqual({
        status: 415,
        body: { error: 'The file empty.txt does not appear to be a supported file' },
      });
      expect(await upload(owner, 'huge.png', png(MAX_FILE_BYTES + 1))).toEqual({
        status: 413,
        body: { error: 'The file huge.png is too large. The maximum size is 20 MB.' },
      });
      expect(await upload(owner, '   ', png())).toEqual({ status: 400, body: { error: 'Please enter a file name' } });
      const kept = await upload(owner, 'kept.png', png());
      expect(await owner.json('PATCH', `/api/console/files/${kept.body.id}`, { name: ' ' })).toEqual({
        status: 400,
        body: { error: 'Please enter a file name' },
      });
      expect(await owner.json('PATCH', `/api/console/files/${kept.body.id}`, { name: 'kept.html' })).toEqual({
        status: 400,
        body: { error: 'The file kept.html does not appear to be a supported file' },
      });
      expect((await owner.json('PATCH', '/api/console/files/zzzzzzzzzzz00000000', { name: 'x.png' })).status).toBe(404);
    });

    it('pages newest first with a cursor, and renames, replaces and deletes', async () => {
      const owner = await signedIn(OWNER);
      const made: StoredFile[] = [];
      for (let i = 0; i < 32; i++) made.push((await upload(owner, `note-${i}.txt`, `note ${i}`)).body);
      const first = await owner.json<{ files: StoredFile[]; cursor: string | null }>('GET', '/api/console/files');
      expect(first.body.files).toHaveLength(30);
      expect(first.body.files[0]).toMatchObject({ name: 'note-31.txt', type: 'text/plain', size: 7, rev: 1 });
      expect(first.body.cursor).not.toBeNull();
      const second = await owner.json<{ files: StoredFile[]; cursor: string | null }>(
        'GET',
        `/api/console/files?cursor=${encodeURIComponent(first.body.cursor ?? '')}`,
      );
      const seen = new Set([...first.body.files, ...second.body.files].map((file) => file.id));
      for (const file of made) expect(seen.has(file.id)).toBe(true);

      const note = made[0] as StoredFile;
      const renamed = await owner.json<StoredFile>('PATCH', `/api/console/files/${note.id}`, {
        name: 'Shop hours.txt',
      });
      expect(renamed.body).toMatchObject({
        id: note.id,
        name: 'Shop hours.txt',
        rev: 1,
        url: `/files/${note.id}/1/Shop-hours.txt`,
      });
      expect(await (await new Visitor().fetch(renamed.body.url)).text()).toBe('note 0');
      const old = await new Visitor().fetch(note.url, { redirect: 'manual' });
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe(renamed.body.url);

      const replaced = await upload(owner, 'hours.txt', 'open daily', 'PUT', `/api/console/files/${note.id}`);
      expect(replaced.body).toMatchObject({ id: note.id, name: 'hours.txt', rev: 2, size: 10 });
      expect(await (await new Visitor().fetch(replaced.body.url)).text()).toBe('open daily');
      expect((await new Visitor().fetch(renamed.body.url, { redirect: 'manual' })).headers.get('location')).toBe(
        replaced.body.url,
      );

      expect(await owner.json('DELETE', `/api/console/files/${note.id}`)).toEqual({
        status: 200,
        body: { deleted: true },
      });
      expect((await new Visitor().fetch(replaced.body.url)).status).toBe(404);
      expect((await owner.json('DELETE', `/api/console/files/${note.id}`)).status).toBe(404);
    });

    it('serves files immutable, with the width variants the browser made and the original otherwise', async () => {
      const owner = await signedIn(OWNER);
      const image = (await upload(owner, 'Studio shelf.png', png(2000, 7))).body;
      const served = await new Visitor().fetch(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      expect((await served.arrayBuffer()).byteLength).toBe(2000);
      const etag = served.headers.get('etag') ?? '';
      expect((await new Visitor().fetch(image.url, { headers: { 'if-none-match': etag } })).status).toBe(304);

      // No variant yet: ?w= serves the original.
      expect((await (await new Visitor().fetch(`${image.url}?w=300`)).arrayBuffer()).byteLength).toBe(2000);
      const put = (width: string, body: Uint8Array, rev = image.rev, type = 'image/webp') =>
        owner.fetch(`/api/console/files/${image.id}/${rev}/${width}`, {
          method: 'PUT',
          headers: { 'x-csrf-token': owner.crumb, 'content-type': type },
          body,
        });
      expect((await put('w300', webp())).status).toBe(200);
      expect((await put('w301', webp())).status).toBe(400);
      expect((await put('w750', png(), image.rev, 'image/webp')).status).toBe(415);
      expect((await put('w750', webp(), image.rev + 1)).status).toBe(409);
      const small = await new Visitor().fetch(`${image.url}?w=300`);
      expect(small.headers.get('content-type')).toBe('image/webp');
      expect((await small.arrayBuffer()).byteLength).toBe(32);
      expect((await (await new Visitor().fetch(`${image.url}?w=123`)).arrayBuffer()).byteLength).toBe(2000);

      // A replace drops the old widths: the new image is served until its own are made.
      const replaced = (await upload(owner, 'shelf.png', png(1000, 9), 'PUT', `/api/console/files/${image.id}`)).body;
      expect((await (await new Visitor().fetch(`${replaced.url}?w=300`)).arrayBuffer()).byteLength).toBe(1000);
      const moved = await new Visitor().fetch(`${image.url}?w=300`, { redirect: 'manual' });
      expect(moved.headers.get('location')).toBe(`${replaced.url}?w=300`);
      expect((await new Visitor().fetch('/files/zzzzzzzzzzz00000000/1/x.png')).status).toBe(404);
    });
  });
});

/**
 * The console's index pages in workerd (src/routes/console/indexes.ts): an owner or editor creates an index, chooses
 * and orders its sections and saves them, and the storefront's index page carries them in that order
 * (`collection.collections`, what a developer-platform template's index `.list` repeats); the import's rules refuse a
 * section at its row with the import's messages; a viewer and a call without the crumb are refused. The store's own
 * theme draws an index too: each section's title and link, a shop's product cards at the stock ledger's levels, a
 * blog's post cards, a page's text.
 */
describe('console-indexes', () => {
  interface IndexAnswer {
    id: string;
    title: string;
    fullUrl: string;
    collectionIds: string[];
    inNavigation: boolean;
    choices: { id: string; title: string; typeName: string }[];
  }

  describe('console indexes', () => {
    it('lets an editor make an index of chosen sections in order, which its page carries, and refuses a viewer and a call without the crumb', async () => {
      const [anonymous, editor, viewer] = await Promise.all([signedIn(undefined), signedIn(EDITOR), signedIn(VIEWER)]);
      expect((await anonymous.json('POST', '/api/console/indexes', { title: 'Work', urlId: '' })).status).toBe(401);
      expect((await viewer.json('POST', '/api/console/indexes', { title: 'Work', urlId: '' })).status).toBe(403);
      const noCrumb = await editor.fetch('/api/console/indexes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Work', urlId: '' }),
      });
      expect(noCrumb.status).toBe(403);

      const created = await editor.json<{ id: string; fullUrl: string }>('POST', '/api/console/indexes', {
        title: 'Our Work',
        urlId: '',
      });
      expect(created.status).toBe(201);
      expect(created.body.fullUrl).toBe('/our-work');
      const { id } = created.body;
      const read = await viewer.json<IndexAnswer>('GET', `/api/console/indexes/${id}`);
      expect(read.body).toMatchObject({ title: 'Our Work', collectionIds: [], inNavigation: false });
      // Every page and collection but an index may be a section.
      expect(read.body.choices.map((choice) => choice.id)).toEqual(
        expect.arrayContaining(['c-shop', 'c-blog', 'c-contact']),
      );
      expect(read.body.choices.some((choice) => choice.typeName === 'index')).toBe(false);
      // The pages list names it as an index.
      const pages = await editor.json<{ pages: { id: string; typeName: string }[] }>('GET', '/api/console/pages');
      expect(pages.body.pages.find((page) => page.id === id)?.typeName).toBe('index');

      expect(
        (await viewer.json('PUT', `/api/console/indexes/${id}`, { title: 'Work', collectionIds: [] })).status,
      ).toBe(403);
      const saved = await editor.json<IndexAnswer>('PUT', `/api/console/indexes/${id}`, {
        title: 'Work',
        collectionIds: ['c-contact', 'c-shop', 'c-blog'],
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ title: 'Work', collectionIds: ['c-contact', 'c-shop', 'c-blog'] });

      // The shopper's page: the sections in the merchant's order, as a template's index .list repeats them.
      const page = await new Visitor().fetch('/our-work?format=json');
      expect(page.status).toBe(200);
      const context = (await page.json()) as { collection: { title: string; collections: { id: string }[] } };
      expect(context.collection.title).toBe('Work');
      expect(context.collection.collections.map((section) => section.id)).toEqual(['c-contact', 'c-shop', 'c-blog']);

      // Made the home page: `/` is the index; another index made it takes it over, and unticked, / is the shop again.
      const home = async () =>
        ((await (await new Visitor().fetch('/?format=json')).json()) as { collection: { id: string } }).collection.id;
      const homeIndex = await editor.json<IndexAnswer & { homepage: boolean }>('PUT', `/api/console/indexes/${id}`, {
        title: 'Work',
        collectionIds: ['c-shop'],
        homepage: true,
      });
      expect(homeIndex.body.homepage).toBe(true);
      expect(await home()).toBe(id);
      const other = (await editor.json<{ id: string }>('POST', '/api/console/indexes', { title: 'Other', urlId: '' }))
        .body.id;
      await editor.json('PUT', `/api/console/indexes/${other}`, { title: 'Other', collectionIds: [], homepage: true });
      expect(await home()).toBe(other);
      expect((await editor.json<{ homepage: boolean }>('GET', `/api/console/indexes/${id}`)).body.homepage).toBe(false);
      await editor.json('PUT', `/api/console/indexes/${other}`, { title: 'Other', collectionIds: [], homepage: false });
      expect(await home()).toBe('c-shop');
    });

    it("refuses sections by the import's rules, each at its row, and keeps the index as it was", async () => {
      const owner = await signedIn(OWNER);
      const made = async (title: string) =>
        (await owner.json<{ id: string }>('POST', '/api/console/indexes', { title, urlId: '' })).body.id;
      const [id, other] = [await made('Studio index'), await made('Other index')];
      await owner.json('PUT', `/api/console/indexes/${id}`, { title: 'Studio index', collectionIds: ['c-shop'] });
      const refused = async (collectionIds: string[]) =>
        (
          await owner.json<{ error: string; fields?: Record<string, string> }>('PUT', `/api/console/indexes/${id}`, {
            title: 'Studio index',
            collectionIds,
          })
        ).body;
      expect(await refused(['c-shop', 'c-nowhere'])).toEqual({
        error: INDEX_MESSAGES.unknownSection,
        fields: { 'collectionIds.1': INDEX_MESSAGES.unknownSection },
      });
      expect((await refused(['c-blog', 'c-shop', 'c-blog'])).fields).toEqual({
        'collectionIds.2': INDEX_MESSAGES.repeatedSection,
      });
      expect((await refused([id])).fields).toEqual({ 'collectionIds.0': INDEX_MESSAGES.ownSection });
      expect((await refused([other])).fields).toEqual({ 'collectionIds.0': INDEX_MESSAGES.nestedIndex });
      expect((await refused(Array.from({ length: 51 }, (_, i) => `c-${i}`))).fields).toEqual({
        collectionIds: INDEX_MESSAGES.tooManySections,
      });
      const blank = await owner.json<{ error: string; fields: Record<string, string> }>(
        'PUT',
        `/api/console/indexes/${id}`,
        { title: ' ', collectionIds: [] },
      );
      expect(blank.body).toEqual({ error: PRODUCT_MESSAGES.invalid, fields: { title: EDIT_MESSAGES.titleRequired } });
      expect((await owner.json<IndexAnswer>('GET', `/api/console/indexes/${id}`)).body.collectionIds).toEqual([
        'c-shop',
      ]);
      // A page it holds, deleted, leaves the index with the rest of its sections.
      const page = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Kiln notes', urlId: '' }))
        .body.id;
      await owner.json('PUT', `/api/console/indexes/${id}`, { title: 'Studio index', collectionIds: [page, 'c-shop'] });
      expect((await owner.json('DELETE', `/api/console/pages/${page}`)).status).toBe(200);
      expect((await owner.json<IndexAnswer>('GET', `/api/console/indexes/${id}`)).body.collectionIds).toEqual([
        'c-shop',
      ]);
      // A page is not an index: its id answers 404 here.
      expect((await owner.json('GET', '/api/console/indexes/c-contact')).status).toBe(404);
    });

    it("draws an index in the store's own theme: each section's heading, the shop's cards at the ledger's stock, the posts", async () => {
      const owner = await signedIn(OWNER);
      const id = (await owner.json<{ id: string }>('POST', '/api/console/indexes', { title: 'Studio', urlId: '' })).body
        .id;
      await owner.json('PUT', `/api/console/indexes/${id}`, {
        title: 'Studio',
        collectionIds: ['c-shop', 'c-blog', 'c-contact'],
      });
      // Sold out at the ledger before any page read it (a sale the published content does not know).
      const counted = demoSite().items.find(({ collectionId, structuredContent }) => {
        const variants = structuredContent?.variants ?? [];
        return (
          collectionId === 'c-shop' &&
          variants.length > 0 &&
          variants.every((v) => v.unlimited !== true && (v.qtyInStock ?? 0) > 0)
        );
      });
      expect(counted, 'a product of the shop that counts stock, in stock').toBeDefined();
      await stockLedger(env, DEMO_SITE_ID).adjust(
        counted!.structuredContent!.variants.map((v) => ({
          sku: v.sku,
          stock: v.qtyInStock ?? 0,
          mode: 'set' as const,
          amount: 0,
        })),
      );
      type Section = {
        title: string;
        items: { title: string; structuredContent: { variants: { qtyInStock: number }[] } }[];
      };
      const sections = async () =>
        (
          (await (await new Visitor().fetch('/studio?format=json')).json()) as {
            collection: { collections: Section[] };
          }
        ).collection.collections;
      // A page shows the ledger's answer kept at the edge up to SHOWN_STOCK_SECONDS (another test's page may have read it).
      const shown = async () =>
        (await sections())[0]!.items.find((item) => item.title === counted!.title)?.structuredContent.variants[0]
          ?.qtyInStock;
      await expect.poll(shown, { timeout: 10_000 }).toBe(0);
      const [shop, blog] = await sections();

      const html = await (await new Visitor().fetch('/studio')).text();
      expect(html).toContain('<article class="Page Page--index">');
      const headings = [...html.matchAll(/<h2 class="IndexSection-title"[^>]*><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)];
      expect(headings.map(([, href, title]) => [href, title])).toEqual([
        ['/shop', 'Shop'],
        ['/blog', blog!.title],
        ['/contact', 'Contact'],
      ]);
      expect((html.match(/<article class="ProductCard/g) ?? []).length).toBe(shop!.items.length);
      expect((html.match(/<article class="PostCard"/g) ?? []).length).toBe(blog!.items.length);
      const card = html
        .split('<article class="ProductCard')
        .find((part) => part.includes(`ProductCard-title">${counted!.title}<`));
      expect(card?.slice(0, 40)).toContain('sold-out');
    });
  });
});

/**
 * The console's pages in workerd: create (slug made from the title, unique, not reserved), save
 * with blocks in order and SEO fields as the storefront shows them, a new slug moving the page's
 * navigation links, code blocks kept to the code-injection roles (403, nothing written), delete
 * taking the page's links (nested ones too) with it, and the roles, crumb and caps of every call.
 */
describe('console-pages', () => {
  interface StoredPage {
    id: string;
    title: string;
    urlId: string;
    fullUrl: string;
    body: string;
    status: string;
    publishOn: number;
    seoTitle: string;
    seoDescription: string;
    blocks: { id: string; type: string }[];
    inNavigation: boolean;
  }

  /** The page form as the console's editor sends it. */
  function form(page: StoredPage, change: Partial<StoredPage> = {}) {
    const { id: _id, fullUrl: _url, inNavigation: _nav, ...fields } = { ...page, ...change };
    return fields;
  }

  const IMAGE = {
    id: 'b-image',
    type: 'image',
    assetUrl: '/images/demo/linen-shirt.webp',
    altText: 'The studio bench',
  };
  const TEXT = {
    id: 'b-text',
    type: 'html',
    html: '<p>We throw <strong>every</strong> pot here.</p><script>x</script>',
  };
  const NEWSLETTER = { id: 'b-news', type: 'newsletter', title: 'Studio letters', description: 'Once a month.' };
  const GALLERY = {
    id: 'b-gallery',
    type: 'gallery',
    title: 'The kiln',
    images: [
      { assetUrl: '/images/demo/ceramic-mug.webp', altText: 'A mug' },
      { assetUrl: '/images/demo/wool-sweater.webp', altText: 'A sweater' },
    ],
  };

  describe('console pages', () => {
    it('creates a page with a slug from its title, refuses a taken or reserved slug by field, and a viewer or a call without the crumb', async () => {
      const [anonymous, owner, viewer] = await Promise.all([signedIn(undefined), signedIn(OWNER), signedIn(VIEWER)]);
      expect((await anonymous.json('POST', '/api/console/pages', { title: 'Ours', urlId: '' })).status).toBe(401);
      expect((await viewer.json('POST', '/api/console/pages', { title: 'Ours', urlId: '' })).status).toBe(403);
      const noCrumb = await owner.fetch('/api/console/pages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Ours', urlId: '' }),
      });
      expect(noCrumb.status).toBe(403);

      const created = await owner.json<{ id: string; urlId: string; fullUrl: string }>('POST', '/api/console/pages', {
        title: 'Our Studio!',
        urlId: '',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ urlId: 'our-studio', fullUrl: '/our-studio' });
      const listed = await owner.json<{ pages: { id: string; title: string; inNavigation: boolean }[] }>(
        'GET',
        '/api/console/pages',
      );
      expect(listed.body.pages.find((page) => page.id === created.body.id)).toMatchObject({
        title: 'Our Studio!',
        inNavigation: false,
      });
      expect((await shopperSees('/our-studio')).status).toBe(200);

      const refusal = (title: string, urlId: string) =>
        owner.json<{ error: string; fields?: Record<string, string> }>('POST', '/api/console/pages', { title, urlId });
      expect((await refusal('Again', 'our-studio')).body).toEqual({
        error: EDIT_MESSAGES.urlIdTaken,
        fields: { urlId: EDIT_MESSAGES.urlIdTaken },
      });
      expect((await refusal('Cart', 'cart')).body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdReserved });
      expect((await refusal('Shop', '')).body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
      expect((await refusal('', 'Bad Slug')).body).toEqual({
        error: PRODUCT_MESSAGES.invalid,
        fields: { title: EDIT_MESSAGES.titleRequired, urlId: EDIT_MESSAGES.urlIdInvalid },
      });
      const big = await owner.fetch('/api/console/pages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': owner.crumb },
        body: JSON.stringify({ title: 'x'.repeat(5000), urlId: '' }),
      });
      expect(big.status).toBe(413);
    });

    it('saves blocks in order with the SEO fields, which the storefront shows, and a new slug moves its navigation link', async () => {
      const owner = await signedIn(OWNER);
      const { id } = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Workshop', urlId: '' }))
        .body;
      const page = (await owner.json<StoredPage>('GET', `/api/console/pages/${id}`)).body;
      expect(page).toMatchObject({ urlId: 'workshop', blocks: [], seoTitle: '', inNavigation: false });

      const saved = await owner.json<{ page: StoredPage }>(
        'PUT',
        `/api/console/pages/${id}`,
        form(page, {
          blocks: [TEXT, NEWSLETTER, IMAGE, GALLERY] as StoredPage['blocks'],
          seoTitle: 'Pottery workshop in Lisbon',
          seoDescription: 'Wheel-throwing classes & open studio days.',
        }),
      );
      expect(saved.status).toBe(200);
      expect(saved.body.page.blocks.map((block) => block.id)).toEqual(['b-text', 'b-news', 'b-image', 'b-gallery']);
      expect(saved.body.page.blocks[0]).toEqual({ ...TEXT, html: '<p>We throw <strong>every</strong> pot here.</p>' });

      const shown = await shopperSees('/workshop');
      expect(shown.text).toContain('<title>Pottery workshop in Lisbon · ');
      expect(shown.text).toContain(
        '<meta name="description" content="Wheel-throwing classes &amp; open studio days.">',
      );
      const order = [
        'We throw <strong>every</strong>',
        'Studio letters',
        'alt="The studio bench"',
        'alt="A sweater"',
      ].map((text) => shown.text.indexOf(text));
      expect(order.every((at) => at > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(shown.text).not.toContain('<script>x</script>');

      // Into the navigation (once), then a new slug: the link follows, the old address redirects to it.
      expect((await owner.json('POST', `/api/console/pages/${id}/navigation`)).status).toBe(200);
      expect((await owner.json('POST', `/api/console/pages/${id}/navigation`)).status).toBe(200);
      const linked = await owner.json<{ items: { link: { value: string } | null }[] }>(
        'GET',
        '/api/console/navigation',
      );
      expect(linked.body.items.filter((item) => item.link?.value === '/workshop')).toHaveLength(1);
      expect((await shopperSees('/shop')).text).toContain('href="/workshop"');
      const moved = saved.body.page;
      expect(
        (await owner.json('PUT', `/api/console/pages/${id}`, form(moved, { urlId: 'classes', title: 'Classes' })))
          .status,
      ).toBe(200);
      const old = await new Visitor().fetch('/workshop', { redirect: 'manual' });
      expect([old.status, old.headers.get('location')]).toEqual([301, '/classes']);
      const shop = (await shopperSees('/shop')).text;
      expect(shop).toContain('href="/classes"');
      expect(shop).not.toContain('href="/workshop"');

      // Problems by field: a block without its image, a taken slug; nothing is written.
      const before = await version();
      const bad = await owner.json<{ error: string; fields: Record<string, string> }>(
        'PUT',
        `/api/console/pages/${id}`,
        form(moved, {
          urlId: 'classes',
          blocks: [{ id: 'b-empty', type: 'image', assetUrl: '' }] as unknown as StoredPage['blocks'],
        }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ 'blocks.0.assetUrl': PAGE_BLOCK_MESSAGES.imageRequired });
      const taken = await owner.json<{ fields: Record<string, string> }>(
        'PUT',
        `/api/console/pages/${id}`,
        form(moved, { urlId: 'shop' }),
      );
      expect(taken.body.fields).toEqual({ urlId: EDIT_MESSAGES.urlIdTaken });
      expect(await version()).toBe(before);
    });

    it('keeps code blocks to the code-injection roles: an editor is refused (403, nothing written), an administrator’s runs under the CSP', async () => {
      const [owner, editor] = await Promise.all([signedIn(OWNER), signedIn(EDITOR)]);
      const { id } = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Embed', urlId: '' }))
        .body;
      const page = (await owner.json<StoredPage>('GET', `/api/console/pages/${id}`)).body;
      const code = { id: 'b-code', type: 'code', code: '<div id="widget"></div><script>window.widget = 1;</script>' };
      const before = await version();
      const refused = await editor.json('PUT', `/api/console/pages/${id}`, form(page, { blocks: [code] }));
      expect(refused).toEqual({ status: 403, body: { error: CODE_INJECTION_MESSAGES.codeBlocks } });
      expect(await version()).toBe(before);

      expect((await owner.json('PUT', `/api/console/pages/${id}`, form(page, { blocks: [code] }))).status).toBe(200);
      const shown = await shopperSees('/embed');
      expect(shown.text).toContain(
        '<div class="CodeBlock"><div id="widget"></div><script>window.widget = 1;</script></div>',
      );
      expect(shown.text).not.toContain('data-trust');
      const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('window.widget = 1;'));
      expect(shown.csp).toContain(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(hash)))}'`);

      // The editor may still save the page's other fields, and move the code block, but not remove it.
      const stored = (await editor.json<StoredPage>('GET', `/api/console/pages/${id}`)).body;
      const withText = form(stored, { title: 'Embedded', blocks: [TEXT, ...stored.blocks] });
      expect((await editor.json('PUT', `/api/console/pages/${id}`, withText)).status).toBe(200);
      expect((await editor.json('PUT', `/api/console/pages/${id}`, form(stored, { blocks: [] }))).status).toBe(403);
    });

    it('deletes a page with its navigation links, a folder left empty too; the store answers 404', async () => {
      const owner = await signedIn(OWNER);
      const { id } = (await owner.json<{ id: string }>('POST', '/api/console/pages', { title: 'Press', urlId: '' }))
        .body;
      const nav = await owner.json<{ items: unknown[] }>('GET', '/api/console/navigation');
      const items = [
        ...nav.body.items,
        {
          title: 'More',
          link: null,
          children: [{ title: 'Press', link: { type: 'page', value: '/press' }, children: [] }],
        },
      ];
      expect((await owner.json('PUT', '/api/console/navigation', { items })).status).toBe(200);
      expect((await owner.json<StoredPage>('GET', `/api/console/pages/${id}`)).body.inNavigation).toBe(true);
      expect((await shopperSees('/shop')).text).toContain('href="/press"');

      expect((await (await signedIn(VIEWER)).json('DELETE', `/api/console/pages/${id}`)).status).toBe(403);
      expect((await owner.json('DELETE', `/api/console/pages/${id}`)).body).toEqual({ deleted: true });
      expect((await shopperSees('/press')).status).toBe(404);
      const shop = (await shopperSees('/shop')).text;
      expect(shop).not.toContain('href="/press"');
      expect(shop).not.toContain('>More<');
      expect((await owner.json<{ items: unknown[] }>('GET', '/api/console/navigation')).body.items).toEqual(
        nav.body.items,
      );
      expect((await owner.json('GET', `/api/console/pages/${id}`)).status).toBe(404);
      expect((await owner.json('DELETE', '/api/console/pages/c-blog')).status).toBe(404);
    });
  });
});

/**
 * A form's success URL set in the console (spec S47, issue 33): checked by the site schema's own piece, so
 * `//evil.example` and `javascript:` are refused with its message by field and nothing is written; `/thanks` is
 * saved, listed and given to the storefront's form; empty takes it away; one past 2,083 characters is refused by
 * name; only roles that edit content may set it, an editor among them, who still reads no submissions.
 */
describe('form-settings', () => {
  const REFUSED = 'The success URL must be a site path or an http(s) URL.';

  const setUrl = (visitor: Visitor, formId: string, successRedirectUrl: unknown) =>
    visitor.json<{ error?: string; fields?: Record<string, string>; successRedirectUrl?: string }>(
      'PUT',
      `/api/console/forms/${formId}/settings`,
      { successRedirectUrl },
    );

  async function listed(visitor: Visitor): Promise<string | undefined> {
    const forms = await visitor.json<{ forms: { id: string; successRedirectUrl: string }[] }>(
      'GET',
      '/api/console/forms',
    );
    return forms.body.forms.find((form) => form.id === 'f-contact')?.successRedirectUrl;
  }

  /** The success URL the contact page's form island is given (null: it shows its message). */
  async function storefrontRedirect(): Promise<unknown> {
    const html = await (await new Visitor().fetch('/contact')).text();
    const props = [...html.matchAll(/data-island="SiteForm" data-props='([^']*)'/g)].map(
      (match) =>
        JSON.parse((match[1] ?? '').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&amp;', '&')) as {
          formId: string;
          successRedirectUrl: string | null;
        },
    );
    return props.find((form) => form.formId === 'f-contact')?.successRedirectUrl;
  }

  describe('a form’s success URL', () => {
    it('refuses another host or script with the schema’s message, writing nothing; saves /thanks for the storefront', async () => {
      const owner = await signedIn(OWNER);
      const before = await version();
      for (const url of ['//evil.example', 'javascript:alert(1)', '/\\evil.example', 'evil.example']) {
        const refused = await setUrl(owner, 'f-contact', url);
        expect(refused.status, url).toBe(400);
        expect(refused.body, url).toEqual({ error: PRODUCT_MESSAGES.invalid, fields: { successRedirectUrl: REFUSED } });
      }
      expect(await version()).toBe(before);
      expect(await storefrontRedirect()).toBeNull();

      const saved = await setUrl(owner, 'f-contact', ' /thanks ');
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ successRedirectUrl: '/thanks' });
      expect(await listed(owner)).toBe('/thanks');
      expect(await storefrontRedirect()).toBe('/thanks');
      expect((await setUrl(owner, 'f-contact', 'https://example.com/thanks')).status).toBe(200);
      expect(await storefrontRedirect()).toBe('https://example.com/thanks');

      expect((await setUrl(owner, 'f-contact', '')).body).toEqual({ successRedirectUrl: '' });
      expect(await listed(owner)).toBe('');
      expect(await storefrontRedirect()).toBeNull();
    });

    it('refuses a URL past 2,083 characters by its length, in words, writing nothing', async () => {
      const owner = await signedIn(OWNER);
      const before = await version();
      const longest = `/${'x'.repeat(2082)}`;
      const refused = await setUrl(owner, 'f-contact', `${longest}x`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: PRODUCT_MESSAGES.invalid,
        fields: { successRedirectUrl: 'The success URL can be at most 2,083 characters.' },
      });
      expect(await version()).toBe(before);
      expect((await setUrl(owner, 'f-contact', longest)).body).toEqual({ successRedirectUrl: longest });
      expect((await setUrl(owner, 'f-contact', '')).status).toBe(200);
    });

    it('lets an editor read the forms and set the success URL, but not read or export the submissions', async () => {
      const editor = await signedIn(EDITOR);
      const forms = await editor.json<{ forms: { id: string; submissions: number }[] }>('GET', '/api/console/forms');
      expect(forms.status).toBe(200);
      expect(forms.body.forms.map((form) => form.id)).toContain('f-contact');
      expect((await editor.fetch('/api/console/forms/f-contact/submissions')).status).toBe(403);
      expect((await editor.fetch('/api/console/forms/f-contact/submissions/export')).status).toBe(403);
      expect((await editor.fetch('/api/form/submissions')).status).toBe(403);

      expect((await setUrl(editor, 'f-contact', '//evil.example')).body.fields).toEqual({
        successRedirectUrl: REFUSED,
      });
      expect((await setUrl(editor, 'f-contact', '/thanks')).body).toEqual({ successRedirectUrl: '/thanks' });
      expect(await storefrontRedirect()).toBe('/thanks');
      expect((await setUrl(editor, 'f-contact', '')).status).toBe(200);
      expect(await storefrontRedirect()).toBeNull();
    });

    it('is refused to roles that may not edit content, without the crumb, for a form the site lacks and past its cap', async () => {
      const [anonymous, storeManager, viewer, owner] = await Promise.all([
        signedIn(undefined),
        signedIn(STORE),
        signedIn(VIEWER),
        signedIn(OWNER),
      ]);
      const before = await version();
      expect((await setUrl(anonymous, 'f-contact', '/thanks')).status).toBe(401);
      expect((await setUrl(storeManager, 'f-contact', '/thanks')).status).toBe(403);
      expect((await setUrl(viewer, 'f-contact', '/thanks')).status).toBe(403);
      const noCrumb = await owner.fetch('/api/console/forms/f-contact/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ successRedirectUrl: '/thanks' }),
      });
      expect(noCrumb.status).toBe(403);
      const unknown = await setUrl(owner, 'f-nothing', '/thanks');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe(EDIT_MESSAGES.unknownForm);
      // A newsletter sign-up shows its own thanks: it has no success URL.
      expect((await setUrl(owner, 'block-newsletter', '/thanks')).status).toBe(404);
      expect((await setUrl(owner, 'f-contact', `/${'x'.repeat(5000)}`)).status).toBe(413);
      expect((await setUrl(owner, 'f-contact', 42)).status).toBe(400);
      expect(await version()).toBe(before);
      expect(await listed(owner)).toBe('');
    });
  });
});
