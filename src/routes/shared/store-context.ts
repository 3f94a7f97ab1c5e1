/**
 * One request's store (`c.var.store`, docs/architecture.md "One request context"): the site of the
 * request's host with its version, the signed-in visitor and merchant, and the website's Durable
 * Objects. `storeContext` (routes/shared/http.ts), the worker's first middleware after the security
 * headers, builds it once per request; each part is read or made only when first asked for, and at most once.
 */
import { cookieName, type StoreCookie } from '../../cookies';
import type { MerchantSession } from '../../durable/merchants';
import type { VisitorSession } from '../../durable/site-users';
import { websiteObjects, type WebsiteObjects } from '../../durable/stubs';
import { StorageUnavailable } from '../../http/unavailable';
import type { Site } from '../../site/model/schema';
import { loadSiteForHost, type LoadedSite } from '../../site/published/store';

export interface StoreContext {
  /** The published site of the host (without its items) with its version; null when no store lives at this address. */
  loaded(): Promise<LoadedSite | null>;
  /** The site's content version (0 without a store). */
  version(): Promise<number>;
  /** The visitor signed in by the request's session cookie, or null. */
  visitorSession(): Promise<VisitorSession | null>;
  /** The merchant signed in by the request's session cookie, or null. */
  merchantSession(): Promise<MerchantSession | null>;
  /** The website's objects, its content object among them: once the site is loaded (after `withSite`), each stub made once. */
  readonly objects: WebsiteObjects;
}

const SESSION_TOKEN = /^[0-9a-f]{64}$/;

/** The store of a request to `url` whose cookie of a name is `cookie(name)`. */
export function requestStore(env: Env, url: string, cookie: (name: string) => string | undefined): StoreContext {
  const development = env.ENVIRONMENT === 'development';
  let load: Promise<LoadedSite | null> | undefined;
  let site: Site | undefined;
  /** By website id: the content object the site was loaded from is the one `objects.content` gives. */
  const objectsById = new Map<string, WebsiteObjects>();
  const objectsOf = (websiteId: string) => {
    let objects = objectsById.get(websiteId);
    if (objects === undefined) {
      objects = websiteObjects(env, websiteId);
      objectsById.set(websiteId, objects);
    }
    return objects;
  };
  let visitor: Promise<VisitorSession | null> | undefined;
  let merchant: Promise<MerchantSession | null> | undefined;
  const loaded = () => {
    load ??= loadSiteForHost(env, (websiteId) => objectsOf(websiteId).content, new URL(url).hostname, development).then(
      (found) => {
        site = found?.site;
        return found;
      },
      (cause: unknown) => {
        throw new StorageUnavailable('The site could not be read', { cause });
      },
    );
    return load;
  };
  /** A session named by a well-formed cookie, asked of the site's `object`; none without one. */
  const session = async <T>(name: StoreCookie, ask: (objects: WebsiteObjects, token: string) => Promise<T>) => {
    const token = cookie(cookieName(name, !development));
    if (token === undefined || !SESSION_TOKEN.test(token)) return null;
    const found = await loaded();
    return found === null ? null : ask(objectsOf(found.site.website.id), token);
  };
  return {
    loaded,
    version: async () => (await loaded())?.version ?? 0,
    visitorSession: () => {
      visitor ??= session('siteUserSession', (objects, token) => objects.siteUsers.session(token));
      return visitor;
    },
    merchantSession: () => {
      merchant ??= session('merchantSession', (objects, token) => objects.merchants.session(token));
      return merchant;
    },
    get objects() {
      if (site === undefined) throw new Error("The website's objects are asked for before its site was loaded");
      return objectsOf(site.website.id);
    },
  };
}
