/**
 * Purging a website's store pages from a CDN in front of the worker when its content changes.
 * Every cacheable store page carries its website's tag and one per thing it shows in `Cache-Tag`
 * (src/site/published/page-tags.ts), so a purge by tag drops what an edit changed, or every page of the
 * website. `CDN_PURGE` chooses: `none` (no CDN in front, the default: pages leave it within their
 * `s-maxage` anyway), `local` (development only: each purge is
 * logged and kept in this isolate's list, nothing leaves the machine) or `cloudflare` (a purge by
 * tag through the Cloudflare API for zone `CLOUDFLARE_ZONE_ID`, with the `CLOUDFLARE_API_TOKEN`
 * secret, which needs the zone's Cache Purge permission; 10 s timeout). A purge that fails is
 * logged and not retried: the CDN's own `s-maxage` still bounds how long the old page stays.
 */
export interface CdnPurger {
  purge(tags: readonly string[]): Promise<void>;
}

interface CdnPurgeEnv {
  ENVIRONMENT?: string;
  CDN_PURGE?: string;
  CLOUDFLARE_ZONE_ID?: string;
  CLOUDFLARE_API_TOKEN?: string;
}

const LOCAL_PURGES_KEPT = 100;
const localPurges: string[][] = [];

/** The tags the local purger was asked to purge in this isolate, oldest first (the last 100). */
export function localPurgeLog(): readonly (readonly string[])[] {
  return localPurges;
}

const localPurger: CdnPurger = {
  async purge(tags) {
    localPurges.push([...tags]);
    if (localPurges.length > LOCAL_PURGES_KEPT) localPurges.shift();
    console.log(`CDN purge (local): ${tags.join(', ')}`);
  },
};

const noPurger: CdnPurger = { purge: async () => undefined };

function cloudflarePurger(zoneId: string, token: string): CdnPurger {
  return {
    async purge(tags) {
      const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`the Cloudflare API answered the purge with ${res.status}`);
    },
  };
}

function configuredPurger(env: CdnPurgeEnv): CdnPurger {
  const provider = env.CDN_PURGE ?? 'none';
  if (provider === 'none' || provider === '') return noPurger;
  if (provider === 'local' && env.ENVIRONMENT === 'development') return localPurger;
  if (provider === 'cloudflare' && env.CLOUDFLARE_ZONE_ID && env.CLOUDFLARE_API_TOKEN)
    return cloudflarePurger(env.CLOUDFLARE_ZONE_ID, env.CLOUDFLARE_API_TOKEN);
  const why =
    provider === 'cloudflare'
      ? 'CDN_PURGE is cloudflare but CLOUDFLARE_ZONE_ID or the CLOUDFLARE_API_TOKEN secret is missing'
      : `CDN_PURGE '${provider}' cannot purge in ${env.ENVIRONMENT ?? 'production'}`;
  return {
    purge: async () => {
      throw new Error(why);
    },
  };
}

/** Purges `tags` from the configured CDN; a failure is logged, never thrown (see above). */
export async function purgeCdn(env: CdnPurgeEnv, tags: readonly string[]): Promise<void> {
  try {
    await configuredPurger(env).purge(tags);
  } catch (error) {
    console.error('CDN purge failed', tags, error);
  }
}
