/**
 * What the theme shows of the merchant's store settings (src/site/editor/store-settings.ts): the
 * logo, the announcement bar, the social links, the footer's text (sanitized rich text) and links, the
 * links to the published policies (footer and checkout), and a policy's own page at /policies/{slug}.
 */
import { POLICIES, policyPath, SOCIAL_NETWORK_NAMES } from '../site/editor/store-settings';
import type { Site } from '../site/model/schema';

/** The `storeDetails` of the page context. */
export function storeDetailsContext(site: Site) {
  const details = site.storeDetails;
  return {
    logo: details?.logo ?? null,
    contactEmail: details?.contactEmail ?? '',
    announcement: site.header?.announcement ?? '',
    social: (site.header?.social ?? []).map(({ network, url }) => ({ name: SOCIAL_NETWORK_NAMES[network], url })),
    footerText: site.footer?.text ?? '',
    footerLinks: site.footer?.links ?? [],
    policies: POLICIES.filter(({ kind }) => (details?.policies[kind] ?? '') !== '').map(({ title, slug }) => ({
      title,
      url: policyPath(slug),
    })),
  };
}

/** The published policy at `/policies/{slug}` (its title and sanitized rich text), or null. */
export function policyAt(site: Site, slug: string): { title: string; body: string } | null {
  const policy = POLICIES.find((p) => p.slug === slug);
  const body = policy === undefined ? '' : (site.storeDetails?.policies[policy.kind] ?? '');
  return policy === undefined || body === '' ? null : { title: policy.title, body };
}
