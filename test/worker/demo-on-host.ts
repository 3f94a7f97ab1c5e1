/** The demo store, published under a website id of a test's own, on a host of its own. */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { contentObjects } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';

type DemoSite = ReturnType<typeof demoSite>;

/** The demo store as website `{area}-{name}` (after `change`), mapped to the host `{name}.{area}.test`. */
export async function demoStoreOnHost(
  area: string,
  name: string,
  change: (site: DemoSite) => void = () => {},
): Promise<{ origin: string; websiteId: string }> {
  const site = demoSite();
  const host = `${name}.${area}.test`;
  site.website.id = `${area}-${name}`;
  change(site);
  expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
  await mapHost(env.SITE_CONTENT, host, site.website.id);
  return { origin: `http://${host}`, websiteId: site.website.id };
}
