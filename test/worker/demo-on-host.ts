/** The demo store, published under a website id of a test's own, on a host of its own. */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { hashPassword } from '../../src/durable/passwords';
import { contentObjects } from '../../src/durable/stubs';
import { DEMO_MERCHANTS, demoSite } from '../../src/site/seed/demo';
import { putDemoFiles } from '../../src/site/seed/demo-files';
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

/**
 * `demoStoreOnHost` with the demo store's team (DEMO_MERCHANTS, who sign in with `signedIn(account, origin)`) and its
 * files (DEMO_FILES), which development gives the demo store at localhost alone: for a file that works on the demo
 * store as the console would.
 */
export async function demoStoreWithTeam(
  area: string,
  name: string,
  change?: (site: DemoSite) => void,
): Promise<{ origin: string; websiteId: string }> {
  const store = await demoStoreOnHost(area, name, change);
  await putDemoFiles(env.FILES, store.websiteId);
  const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(store.websiteId));
  for (const member of DEMO_MERCHANTS)
    await team.ensureMember(member.email, await hashPassword(member.password), [...member.roles]);
  return store;
}
