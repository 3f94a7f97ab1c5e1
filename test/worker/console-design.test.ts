/**
 * The console's Design, Navigation and Mailing list calls in workerd: each role's access, the
 * spec's colour and link messages, the draft shown only in a merchant's uncached preview (which
 * opens no promo popup), publish reaching the store's theme variables, nested navigation rendered
 * as disclosure folders, and the mailing-list connection states.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { DEFAULT_DESIGN, type Design } from '../../src/site/editor/design';
import { type MetaShown, withMetaShown } from '../../src/site/editor/gallery-options';
import { colourCss, COLOUR_MESSAGES } from '../../src/site/editor/colour';
import { LINK_MESSAGES } from '../../src/site/editor/link-target';
import { MAILING_LIST_MESSAGES, type MailingList } from '../../src/site/editor/mailing-list';
import { signedIn } from './fixtures';
import { Visitor } from './visitor';

const [OWNER, STORE, EDITOR, VIEWER] = DEMO_MERCHANTS;
const DESIGN = '/api/console/design';
const NAVIGATION = '/api/console/navigation';
const MAILING = '/api/console/mailing-list';

const GREEN = { hue: 150, saturation: 0.4, lightness: 0.3 };
const withAccent = (accent: Record<string, unknown>): unknown => ({
  ...DEFAULT_DESIGN,
  colours: { ...DEFAULT_DESIGN.colours, accent },
});

async function page(visitor: Visitor, path: string): Promise<{ res: Response; html: string }> {
  const res = await visitor.fetch(path);
  return { res, html: await res.text() };
}

describe('console design calls by role', () => {
  it('opens design and navigation to content roles and the mailing list to integration roles; 401 signed out', async () => {
    const [anonymous, owner, store, editor, viewer] = await Promise.all([
      signedIn(undefined),
      signedIn(OWNER),
      signedIn(STORE),
      signedIn(EDITOR),
      signedIn(VIEWER),
    ]);
    const expected: [string, Visitor[]][] = [
      [DESIGN, [owner, editor]],
      [NAVIGATION, [owner, editor]],
      [MAILING, [owner, store, editor]],
    ];
    for (const [path, allowed] of expected) {
      expect((await anonymous.json('GET', path)).status, path).toBe(401);
      for (const who of [owner, store, editor, viewer])
        expect((await who.json('GET', path)).status, path).toBe(allowed.includes(who) ? 200 : 403);
    }
    expect((await viewer.json('PUT', `${DESIGN}/draft`, { design: DEFAULT_DESIGN })).status).toBe(403);
    expect((await store.json('POST', `${DESIGN}/publish`, { design: DEFAULT_DESIGN })).status).toBe(403);
    expect((await viewer.json('POST', MAILING, { action: 'disconnect' })).status).toBe(403);
  });

  it('needs the crumb and caps the body', async () => {
    const owner = await signedIn(OWNER);
    const noCrumb = await owner.fetch(`${DESIGN}/draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ design: DEFAULT_DESIGN }),
    });
    expect(noCrumb.status).toBe(403);
    expect(
      (await owner.json('PUT', `${DESIGN}/draft`, { design: DEFAULT_DESIGN, padding: 'x'.repeat(9000) })).status,
    ).toBe(413);
  });
});

describe('design drafts, preview and publish', () => {
  it('refuses colours out of bounds with the spec messages, by field', async () => {
    const owner = await signedIn(OWNER);
    const cases: [Record<string, unknown>, string][] = [
      [{ hue: 400, saturation: 0.5, lightness: 0.5 }, COLOUR_MESSAGES.hue],
      [{ hue: 10, saturation: 1.5, lightness: 0.5 }, COLOUR_MESSAGES.saturation],
      [{ hue: 10, saturation: 0.5, lightness: -0.1 }, COLOUR_MESSAGES.lightness],
      [{ hue: 10, saturation: 0.5, lightness: 0.5, alpha: 2 }, COLOUR_MESSAGES.alpha],
      [{ hue: 10, saturation: 0.5 }, COLOUR_MESSAGES.missing],
      [{ hue: -1, saturation: 2, lightness: 0.5 }, 'Hue out of bounds. Saturation out of bounds. '],
    ];
    for (const [accent, message] of cases) {
      const res = await owner.json<{ error: string; fields: Record<string, string> }>('PUT', `${DESIGN}/draft`, {
        design: withAccent(accent),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.fields['colours.accent']).toBe(message);
    }
  });

  it('refuses gallery options out of bounds and unknown fonts', async () => {
    const owner = await signedIn(OWNER);
    const tooWide = await owner.json<{ error: string; fields: Record<string, string> }>('PUT', `${DESIGN}/draft`, {
      design: { ...DEFAULT_DESIGN, gallery: { ...DEFAULT_DESIGN.gallery, padding: 60 } },
    });
    expect(tooWide).toMatchObject({
      status: 400,
      body: { fields: { 'gallery.padding': 'padding must be between 0 and 50' } },
    });
    const font = await owner.json('PUT', `${DESIGN}/draft`, {
      design: { ...DEFAULT_DESIGN, fonts: { heading: 'comic-sans', body: 'system-ui' } },
    });
    expect(font).toMatchObject({ status: 400, body: { fields: { 'fonts.heading': 'Unknown font' } } });
  });

  it('shows a draft only in a merchant’s uncached preview, and publishes it to every visitor', async () => {
    const owner = await signedIn(OWNER);
    const visitor = new Visitor();
    const accent = `--accent: ${colourCss(GREEN)}`;
    expect((await owner.json('PUT', `${DESIGN}/draft`, { design: withAccent(GREEN) })).status).toBe(200);
    expect((await owner.json<{ draft: Design | null }>('GET', DESIGN)).body.draft?.colours.accent).toEqual(GREEN);

    const preview = await page(owner, '/?design-preview=1');
    expect(preview.html).toContain(accent);
    expect(preview.res.headers.get('cache-control')).toBe('no-store');
    expect(preview.res.headers.get('etag')).toBeNull();
    // Anyone else asking for a preview gets the published design, also uncached.
    const stranger = await page(visitor, '/?design-preview=1');
    expect(stranger.html).not.toContain(accent);
    expect(stranger.res.headers.get('cache-control')).toBe('no-store');
    expect((await page(visitor, '/')).html).not.toContain(accent);

    const published = await owner.json<{ published: boolean; changed: boolean }>('POST', `${DESIGN}/publish`, {
      design: withAccent(GREEN),
    });
    expect(published).toEqual({ status: 200, body: { published: true, changed: true } });
    const store = await page(visitor, '/');
    expect(store.html).toContain(accent);
    expect(store.html).toContain('--grid-columns: repeat(4, minmax(0, 1fr))');
    expect((await owner.json<{ draft: Design | null; published: Design }>('GET', DESIGN)).body).toMatchObject({
      draft: null,
      published: { colours: { accent: GREEN } },
    });
    expect((await owner.json('POST', `${DESIGN}/publish`, { design: withAccent(GREEN) })).body).toEqual({
      published: true,
      changed: false,
    });

    expect((await owner.json('DELETE', DESIGN, {})).body).toEqual({ reset: true, changed: true });
    expect((await page(visitor, '/')).html).not.toContain('--grid-columns: repeat');
  });

  it('opens no promo popup in the preview, with or without a draft (it would take the focus from the console)', async () => {
    const owner = await signedIn(OWNER);
    const popup = 'data-island="PromoPopup"';
    expect((await page(owner, '/')).html).toContain(popup);
    expect((await page(owner, '/?design-preview=1')).html).not.toContain(popup);
    expect((await owner.json('PUT', `${DESIGN}/draft`, { design: withAccent(GREEN) })).status).toBe(200);
    const preview = await page(owner, '/?design-preview=2');
    expect(preview.html).toContain(`--accent: ${colourCss(GREEN)}`);
    expect(preview.html).not.toContain(popup);
    expect((await owner.json('DELETE', DESIGN, {})).status).toBe(200);
  });

  it("marks the store's pages with the gallery meta variant published (E28: basic, title-only, hidden)", async () => {
    const owner = await signedIn(OWNER);
    const visitor = new Visitor();
    const bodyClass = async (path: string, who = visitor) =>
      /<body class="([^"]*)"/.exec((await page(who, path)).html)?.[1];
    const withMeta = (shown: MetaShown) => ({
      ...DEFAULT_DESIGN,
      gallery: withMetaShown(DEFAULT_DESIGN.gallery, shown),
    });
    expect(await bodyClass('/shop')).toBe('page-products');
    // The draft shows in the merchant's preview only.
    expect((await owner.json('PUT', `${DESIGN}/draft`, { design: withMeta('basic') })).status).toBe(200);
    expect(await bodyClass('/shop?design-preview=1', owner)).toBe('page-products gallery-meta-basic');
    expect(await bodyClass('/shop')).toBe('page-products');
    for (const [shown, marked] of [
      ['title-only', ' gallery-meta-title-only'],
      ['basic', ' gallery-meta-basic'],
      ['hidden', ' gallery-meta-hidden'],
      ['full', ''],
    ] as const) {
      expect((await owner.json('POST', `${DESIGN}/publish`, { design: withMeta(shown) })).status).toBe(200);
      expect(await bodyClass('/shop'), shown).toBe(`page-products${marked}`);
    }
    expect((await owner.json('DELETE', DESIGN, {})).status).toBe(200);
    expect(await bodyClass('/shop')).toBe('page-products');
  });
});

interface Item {
  title: string;
  link: { type: string; value: string } | null;
  children: Item[];
}
/** A file manager address (`fileUrl`): id, revision, name; the parentheses are encoded in the saved link. */
const PRICE_LIST = '/files/k3x9ab2c4d7e1f2a3b/2/price-list-(1).pdf';
const link = (title: string, type: string, value: string, children: Item[] = []): Item => ({
  title,
  link: { type, value },
  children,
});

describe('navigation', () => {
  it('saves nested links of every target and renders folders as disclosure buttons', async () => {
    const editor = await signedIn(EDITOR);
    const items: Item[] = [
      link('Shop', 'page', '/shop', [link('Gifts', 'page', '/gifts')]),
      {
        title: 'About',
        link: null,
        children: [
          link('Journal', 'page', '/blog'),
          link('Write to us', 'email', 'hello@example.com'),
          link('Call', 'phone', '+1 555 0100'),
          link('Price list', 'file', PRICE_LIST),
        ],
      },
      link('Partner', 'web', 'example.org/studio'),
    ];
    const saved = await editor.json<{ items: Item[] }>('PUT', NAVIGATION, { items });
    expect(saved.status).toBe(200);
    expect(saved.body.items[1]).toEqual({
      title: 'About',
      link: null,
      children: [
        link('Journal', 'page', '/blog'),
        link('Write to us', 'email', 'hello@example.com'),
        link('Call', 'phone', '+15550100'),
        link('Price list', 'file', '/files/k3x9ab2c4d7e1f2a3b/2/price-list-%281%29.pdf'),
      ],
    });
    expect(saved.body.items[2]).toEqual(link('Partner', 'web', 'https://example.org/studio'));

    const html = await (await new Visitor().fetch('/shop')).text();
    expect(html).toMatch(
      /<button type="button" class="site-nav-folder is-active" aria-expanded="false" aria-controls="site-nav-1" data-nav-folder>Shop/,
    );
    expect(html).toContain(
      '<ul class="site-nav-sub" id="site-nav-1"><li class="site-nav-item"><a href="/shop" aria-current="page">Shop</a></li><li class="site-nav-item"><a href="/gifts">Gifts</a></li>',
    );
    expect(html).toContain('aria-controls="site-nav-2" data-nav-folder>About');
    expect(html).toContain('<a href="mailto:hello@example.com">Write to us</a>');
    expect(html).toContain('<a href="tel:+15550100">Call</a>');
    expect(html).toContain('<a href="/files/k3x9ab2c4d7e1f2a3b/2/price-list-%281%29.pdf">Price list</a>');
    expect(html).toContain('<a href="https://example.org/studio">Partner</a>');
  });

  it('gives the link editor’s messages for each bad link, by item', async () => {
    const owner = await signedIn(OWNER);
    const cases: [Item, string][] = [
      [link('Mail', 'email', ''), LINK_MESSAGES.validEmail],
      [link('Mail', 'email', 'hello@'), LINK_MESSAGES.emailFormat],
      [link('Site', 'web', 'not a site'), LINK_MESSAGES.linkFormat],
      [link('Page', 'page', 'shop'), LINK_MESSAGES.pageUrl('shop')],
      [link('File', 'file', ''), LINK_MESSAGES.file],
      [link('File', 'file', 'price-list.pdf'), LINK_MESSAGES.file],
      [link('Odd', 'fax', '123'), LINK_MESSAGES.option('fax')],
      [{ title: 'Empty folder', link: null, children: [] }, 'A folder needs at least one link under it'],
    ];
    for (const [bad, message] of cases) {
      const res = await owner.json<{ error: string; fields: Record<string, string> }>('PUT', NAVIGATION, {
        items: [link('Shop', 'page', '/shop', [bad])],
      });
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.fields).toEqual({ 'items.0.children.0.link': message });
    }
    const untitled = await owner.json<{ fields: Record<string, string> }>('PUT', NAVIGATION, {
      items: [link(' ', 'page', '/shop')],
    });
    expect(untitled).toMatchObject({ status: 400, body: { fields: { 'items.0.title': 'Please enter a title' } } });
    expect((await owner.json('PUT', NAVIGATION, { items: [] })).status).toBe(400);
  });
});

describe('mailing list', () => {
  it('connects, awaits the automation service, confirms and disconnects, with the spec messages', async () => {
    const store = await signedIn(STORE);
    const start = await store.json<MailingList>('GET', MAILING);
    expect(start.body.connection).toEqual({ state: 'disconnected' });
    const [plain, automated] = start.body.lists;
    expect(await store.json('POST', MAILING, { action: 'connect', listId: null, doubleOptIn: true })).toEqual({
      status: 400,
      body: { error: MAILING_LIST_MESSAGES.listRequired, fields: { listId: MAILING_LIST_MESSAGES.listRequired } },
    });
    expect(
      (await store.json('POST', MAILING, { action: 'connect', listId: 'list-nope', doubleOptIn: true })).status,
    ).toBe(404);
    const connected = await store.json<MailingList>('POST', MAILING, {
      action: 'connect',
      listId: plain?.id,
      doubleOptIn: false,
    });
    expect(connected.body.connection).toMatchObject({ state: 'connected', listId: plain?.id, doubleOptIn: false });
    const awaiting = await store.json<MailingList>('POST', MAILING, {
      action: 'connect',
      listId: automated?.id,
      doubleOptIn: true,
    });
    expect(awaiting.body.connection).toMatchObject({ state: 'awaiting', listId: automated?.id, doubleOptIn: true });
    expect((await store.json<MailingList>('POST', MAILING, { action: 'confirm' })).body.connection).toMatchObject({
      state: 'connected',
      listId: automated?.id,
    });
    expect((await store.json('POST', MAILING, { action: 'confirm' })).body).toEqual({
      error: MAILING_LIST_MESSAGES.notAwaiting,
    });
    expect((await store.json<MailingList>('POST', MAILING, { action: 'disconnect' })).body.connection).toEqual({
      state: 'disconnected',
    });
    const added = await store.json<MailingList>('POST', MAILING, { action: 'addList', name: 'Wholesale' });
    expect(added.body.lists.map((list) => list.name)).toContain('Wholesale');
    expect((await store.json('POST', MAILING, { action: 'addList', name: 'wholesale' })).body).toEqual({
      error: MAILING_LIST_MESSAGES.listExists,
    });
    expect((await store.json('POST', MAILING, { action: 'addList', name: '  ' })).body).toEqual({
      error: MAILING_LIST_MESSAGES.listNameRequired,
    });
  });

  it('copies newsletter sign-ups into the list while it is connected (pending with double opt-in), never while awaiting or disconnected', async () => {
    const store = await signedIn(STORE);
    const { lists } = (await store.json<MailingList>('GET', MAILING)).body;
    const [plain, automated] = lists;
    const signUp = async (email: string) => {
      const visitor = await new Visitor().open('/');
      const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
      const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
        key,
        formId: 'block-newsletter',
        form: JSON.stringify({ email }),
        captchaKey: 'local:newsletter_block:0123456789abcdef',
        pagePath: '/',
      });
      expect(res.status).toBe(200);
    };
    type Members = {
      list: { name: string } | null;
      members: { email: string; status: string }[];
      total: number;
      nextCursor: number | null;
    };
    const members = async (query = '') => (await store.json<Members>('GET', `${MAILING}/members${query}`)).body;

    expect(await members()).toEqual({ list: null, members: [], total: 0, nextCursor: null });
    await signUp('before@example.com');
    await store.json('POST', MAILING, { action: 'connect', listId: plain?.id, doubleOptIn: false });
    await signUp(' Reader@Example.com ');
    await signUp('reader@example.com');
    expect(await members()).toMatchObject({
      list: { name: plain?.name },
      members: [{ email: 'reader@example.com', status: 'subscribed' }],
      total: 1,
    });

    await store.json('POST', MAILING, { action: 'connect', listId: plain?.id, doubleOptIn: true });
    await signUp('<b>careful</b>@example.com');
    await signUp('careful@example.com');
    // The storefront's email rule lets markup through; it is kept as text (the console shows it escaped).
    expect((await members()).members).toEqual([
      expect.objectContaining({ email: 'careful@example.com', status: 'pending' }),
      expect.objectContaining({ email: '<b>careful</b>@example.com', status: 'pending' }),
      expect.objectContaining({ email: 'reader@example.com', status: 'subscribed' }),
    ]);

    await store.json('POST', MAILING, { action: 'connect', listId: automated?.id, doubleOptIn: false });
    await signUp('waiting@example.com');
    expect(await members()).toMatchObject({ members: [], total: 0 });
    expect((await members(`?listId=${plain?.id}`)).total).toBe(3);
    expect((await store.json('GET', `${MAILING}/members?listId=list-nope`)).status).toBe(404);
    expect((await store.json('GET', `${MAILING}/members?cursor=-1`)).status).toBe(400);
    expect((await (await signedIn(VIEWER)).json('GET', `${MAILING}/members`)).status).toBe(403);
    await store.json('POST', MAILING, { action: 'disconnect' });
  });
});
