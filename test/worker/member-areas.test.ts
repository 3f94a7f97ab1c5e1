/**
 * A member area's page (issue 36; engine spec §6 labels, storefront spec page type 106): a
 * navigation link with a `memberAreaId` goes to `/members/{id}`, which answers the member area
 * access denied page (403, not cached, not counted by analytics) with the page-lock labels word for word.
 */
import { describe, expect, it } from 'vitest';
import { PageType } from '../../src/commerce/page-types';
import { MEMBERS_ONLY, PAGE_LOCKED } from '../../src/storefront/member-area';
import { demoStoreOnHost } from './demo-on-host';
import { Visitor } from './visitor';

describe('member areas', () => {
  it('a memberAreaId link’s page is the locked member area page, with both labels', async () => {
    const { origin } = await demoStoreOnHost('members', 'locked', (site) => {
      site.navigation.push({ title: 'Members', url: '/members/vip' } as (typeof site.navigation)[number]);
    });
    const visitor = new Visitor(origin);
    const home = await (await visitor.fetch('/')).text();
    // The link is labelled for screen readers and marked with a lock; other links are not.
    expect(home).toMatch(
      new RegExp(
        `<a href="/members/vip">Members<svg class="site-nav-lock"[^]*?<span class="visually-hidden"> \\(${MEMBERS_ONLY}\\)</span></a>`,
      ),
    );
    expect(home.match(/<svg class="site-nav-lock"/g)).toHaveLength(1);
    const res = await visitor.fetch('/members/vip');
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`<h1>${PAGE_LOCKED}</h1>`);
    expect(html).toContain(`<span>${MEMBERS_ONLY}</span>`);
    expect(PAGE_LOCKED).toBe('This page is locked');
    expect(MEMBERS_ONLY).toBe('This page available only site members');
    expect(html).toContain(`data-page-type="${PageType.MemberAreaAccessDenied}"`);
    expect(html).toContain('<a class="Button" href="/account">Sign in</a>');
  });

  it('an id that cannot be a member area’s is not found', async () => {
    const { origin } = await demoStoreOnHost('members', 'bad-id');
    expect((await new Visitor(origin).fetch(`/members/${'x'.repeat(65)}`)).status).toBe(404);
    expect((await new Visitor(origin).fetch('/members/a/b')).status).toBe(404);
  });
});
