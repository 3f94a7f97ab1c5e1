/**
 * A form's success URL set in the console (spec S47, issue 33): checked by the site schema's own piece, so
 * `//evil.example` and `javascript:` are refused with its message by field and nothing is written; `/thanks` is
 * saved, listed and given to the storefront's form; empty takes it away; one past 2,083 characters is refused by
 * name; only roles that edit content may set it, an editor among them, who still reads no submissions.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import { PRODUCT_MESSAGES } from '../../src/site/editor/product-form';
import { EDIT_MESSAGES } from '../../src/site/edits';
import { Visitor } from './visitor';

const [OWNER, STORE_MANAGER, EDITOR, VIEWER] = DEMO_MERCHANTS;
const REFUSED = 'The success URL must be a site path or an http(s) URL.';

async function merchant(account: (typeof DEMO_MERCHANTS)[number] | undefined): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  if (account === undefined) return visitor;
  const signIn = await visitor.json('POST', '/api/merchant/session', {
    email: account.email,
    password: account.password,
  });
  expect(signIn.status).toBe(200);
  return visitor;
}

const version = async () => Number(await env.SITE_CONTENT.get('site:demo:version'));

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
    const owner = await merchant(OWNER);
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
    const owner = await merchant(OWNER);
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
    const editor = await merchant(EDITOR);
    const forms = await editor.json<{ forms: { id: string; submissions: number }[] }>('GET', '/api/console/forms');
    expect(forms.status).toBe(200);
    expect(forms.body.forms.map((form) => form.id)).toContain('f-contact');
    expect((await editor.fetch('/api/console/forms/f-contact/submissions')).status).toBe(403);
    expect((await editor.fetch('/api/console/forms/f-contact/submissions/export')).status).toBe(403);
    expect((await editor.fetch('/api/form/submissions')).status).toBe(403);

    expect((await setUrl(editor, 'f-contact', '//evil.example')).body.fields).toEqual({ successRedirectUrl: REFUSED });
    expect((await setUrl(editor, 'f-contact', '/thanks')).body).toEqual({ successRedirectUrl: '/thanks' });
    expect(await storefrontRedirect()).toBe('/thanks');
    expect((await setUrl(editor, 'f-contact', '')).status).toBe(200);
    expect(await storefrontRedirect()).toBeNull();
  });

  it('is refused to roles that may not edit content, without the crumb, for a form the site lacks and past its cap', async () => {
    const [anonymous, storeManager, viewer, owner] = await Promise.all([
      merchant(undefined),
      merchant(STORE_MANAGER),
      merchant(VIEWER),
      merchant(OWNER),
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
