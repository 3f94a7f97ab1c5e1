/** Deeply nested input: request bodies and site content nested past their limits get a 400 naming the limit, never a 500 from a recursion that ran out of stack. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS, demoSite } from '../../src/site/demo';
import { MAX_NAVIGATION_DEPTH, type NavigationEntry } from '../../src/site/schema';
import { publishSite } from '../../src/site/store';
import { MAX_JSON_DEPTH } from '../../src/routes/shared/http';
import { Visitor } from './visitor';

const [OWNER] = DEMO_MERCHANTS;
const NAVIGATE = '/api/widget/UpdateNavigation';

/** A navigation item with `depth` levels: the item itself and depth - 1 levels of children under it. */
function nestedItem(depth: number): Record<string, unknown> {
  let item: Record<string, unknown> = { url: '/contact', title: 'Deepest' };
  for (let level = 1; level < depth; level++)
    item = { url: '/contact', title: `Level ${depth - level}`, children: [item] };
  return item;
}

function nestedEntry(depth: number): NavigationEntry {
  let entry: NavigationEntry = { title: 'Deepest', url: '/contact' };
  for (let level = 1; level < depth; level++)
    entry = { title: `Level ${depth - level}`, url: '/contact', children: [entry] };
  return entry;
}

async function owner(host: string): Promise<Visitor> {
  const visitor = await new Visitor(host).open('/contact');
  await visitor.json('POST', '/api/merchant/session', { email: OWNER?.email, password: OWNER?.password });
  return visitor;
}

describe('nesting limits', () => {
  it(`keeps a navigation ${MAX_NAVIGATION_DEPTH} levels deep and refuses one level more with a 400 naming the limit`, async () => {
    const merchant = await owner('http://nest-edit.test');
    const edit = (depth: number) =>
      merchant.json('POST', NAVIGATE, {
        fieldName: 'main-navigation',
        templateId: 'default',
        navigation: { items: [nestedItem(depth)] },
      });
    expect(await edit(MAX_NAVIGATION_DEPTH)).toEqual({ status: 200, body: { updated: true } });
    expect(await (await merchant.fetch('/blog')).text()).toContain('Level 1');
    expect(JSON.stringify((await merchant.json('GET', '/api/commondata/GetSiteLayout')).body)).toContain('Deepest');
    const tooDeep = await edit(MAX_NAVIGATION_DEPTH + 1);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toContain(`navigation links nest at most ${MAX_NAVIGATION_DEPTH} levels deep`);
  }, 30_000);

  it('answers a navigation edit nested 1,200 deep with a 400 naming the body limit, not a 500', async () => {
    const merchant = await owner('http://nest-1200.test');
    const res = await merchant.json('POST', NAVIGATE, {
      fieldName: 'main-navigation',
      templateId: 'default',
      navigation: { items: [nestedItem(1200)] },
    });
    expect(res).toEqual({ status: 400, body: { error: `Request body nests deeper than ${MAX_JSON_DEPTH} levels` } });
  }, 30_000);

  it('refuses to publish site content whose navigation nests 1,200 deep, naming the limit', async () => {
    const site = { ...demoSite(), navigation: [nestedEntry(1200)] };
    const published = await publishSite(env, site);
    const children = Array.from({ length: MAX_NAVIGATION_DEPTH }, () => 'children').join('.0.');
    expect(published).toEqual({
      error: `Invalid site content: navigation.0.${children}: navigation links nest at most ${MAX_NAVIGATION_DEPTH} levels deep`,
    });
    const deepest = { ...demoSite(), navigation: [nestedEntry(MAX_NAVIGATION_DEPTH)] };
    expect(await publishSite(env, { ...deepest, website: { ...deepest.website, id: 'nest-publish' } })).toEqual({
      version: 1,
    });
  }, 30_000);

  it('answers JSON nested thousands deep on every kind of body with a 400, never a 500', async () => {
    const visitor = await owner('http://nest-json.test');
    const arrays = '['.repeat(4_000) + ']'.repeat(4_000);
    const objects = '{"a":'.repeat(1_500) + '1' + '}'.repeat(1_500);
    const inString = JSON.stringify({ x: '['.repeat(60_000) });
    for (const body of [arrays, objects]) {
      for (const path of [
        NAVIGATE,
        '/api/commerce/shopping-cart/entries',
        '/api/v1/commerce-preferences/checkout',
        '/api/form/SaveFormSubmission',
      ]) {
        const res = await visitor.json(path.includes('preferences') ? 'PUT' : 'POST', path, body);
        expect(res, path).toEqual({
          status: 400,
          body: { error: `Request body nests deeper than ${MAX_JSON_DEPTH} levels` },
        });
      }
    }
    // Brackets inside a string are text, not nesting.
    expect((await visitor.json('POST', NAVIGATE, inString)).body.error).not.toContain('nests deeper');
  }, 30_000);

  it('refuses form fields nested past the limit inside the form string with the spec message', async () => {
    const visitor = await new Visitor('http://nest-form.test').open('/contact');
    const { body: keyBody } = await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', {});
    for (const form of [
      `{"address":${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}}`,
      `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ]) {
      const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
        key: keyBody.key,
        formId: 'f-contact',
        form,
      });
      expect(res).toEqual({
        status: 400,
        body: { error: 'Could not parse the form fields, please check your entries.' },
      });
    }
  }, 30_000);
});
