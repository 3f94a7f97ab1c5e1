/**
 * The console's posts and pages calls in workerd: each call by role, validation, sanitizing, the
 * code-block right, and the storefront honouring each status (page, listing, search, sitemap),
 * including a scheduled post appearing at its publish date past the page cache.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_MESSAGES } from '../../src/routes/console/console-content';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { CHART_MESSAGES } from '../../src/site/editor/chart';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { IMAGE_ADDRESS_MESSAGE } from '../../src/site/image-url';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

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

async function shopperSees(path: string): Promise<{ status: number; text: string }> {
  const res = await new Visitor().fetch(path);
  return { status: res.status, text: await res.text() };
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
    // A post's picture takes the addresses every item's does (src/site/image-url.ts): a file, a site path or https.
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
