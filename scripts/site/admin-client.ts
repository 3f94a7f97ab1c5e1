/**
 * The CLI's side of the site admin calls (src/routes/integrations/site-admin.ts): where the store is (the local
 * store `npm start` serves, a given URL, or a deployed worker with its admin token), a whole site
 * sent in parts of at most 1000 items and about 3 MB, and read back page by page.
 */
import type { Json, SiteJson } from './site-json.ts';

export const ADMIN_PATH = '/api/site-admin';
const PART_ITEMS = 1000;
const PART_BYTES = 3 * 1024 * 1024;
const PARALLEL_PARTS = 4;

export interface AdminTarget {
  /** The worker's origin, e.g. http://localhost:8787. */
  url: string;
  /** The admin token (production); none for the local store. */
  token?: string;
  /** The store's host name; none for the development store. */
  host?: string;
  /** How requests are sent (the worker tests pass the worker's own fetch). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** A refusal from the worker: its status and `{error}` message. */
export class AdminCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(target: AdminTarget, method: string, path: string, body?: unknown): Promise<T> {
  const url = new URL(`${ADMIN_PATH}${path}`, target.url);
  if (target.host !== undefined && method === 'GET') url.searchParams.set('host', target.host);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (target.token !== undefined) headers.authorization = `Bearer ${target.token}`;
  let response: Response;
  try {
    response = await (target.fetch ?? fetch)(url.href, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new AdminCallError(0, `cannot reach ${target.url} (${(error as Error).cause ?? (error as Error).message})`);
  }
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new AdminCallError(
      response.status,
      `${method} ${url.pathname} answered ${response.status} with no JSON: is ${target.url} this project's worker?`,
    );
  }
  if (!response.ok)
    throw new AdminCallError(
      response.status,
      String((answer as { error?: unknown }).error ?? `status ${response.status}`),
    );
  return answer as T;
}

const ATTEMPTS = 3;

/**
 * A call that may be sent again (a read, or a part: sending a part again replaces it) retried when
 * the connection failed, as a reused keep-alive connection the server just closed does, or the
 * worker answered 503 (unavailable for now: `wrangler dev` answers so while it restarts its runtime).
 */
async function retried<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof AdminCallError && (error.status === 0 || error.status === 503)) || attempt === ATTEMPTS)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** The items cut into parts: each at most PART_ITEMS items and about PART_BYTES of JSON. */
export function itemParts(items: readonly unknown[]): { start: number; items: unknown[] }[] {
  const parts: { start: number; items: unknown[] }[] = [];
  let current: unknown[] = [];
  let start = 0;
  let bytes = 0;
  for (const [i, item] of items.entries()) {
    const size = JSON.stringify(item).length;
    if (current.length > 0 && (current.length === PART_ITEMS || bytes + size > PART_BYTES)) {
      parts.push({ start, items: current });
      current = [];
      start = i;
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) parts.push({ start, items: current });
  return parts;
}

export interface SentSite {
  websiteId: string;
  host: string | null;
  version: number;
  parts: number;
}

/** A refusal of one item in a part: the item's index in the whole site, and the message without the part's index. */
export class ItemRefused extends AdminCallError {
  constructor(
    status: number,
    readonly index: number,
    readonly detail: string,
  ) {
    super(status, detail);
  }
}

/**
 * Sends a site as an import or a publish: its head, its items in parts (a few at once), then the
 * commit that makes it the store's content. Nothing is visible until the commit.
 */
export async function sendSite(
  target: AdminTarget,
  mode: 'import' | 'publish',
  site: SiteJson,
  progress: (sent: number) => void = () => {},
): Promise<SentSite> {
  const { items, ...head } = site;
  const begun = await call<{ importId: string; websiteId: string }>(target, 'POST', '/imports', {
    mode,
    ...(target.host === undefined ? {} : { host: target.host }),
    site: head,
  });
  const parts = itemParts(items);
  let next = 0;
  let sent = 0;
  const sender = async () => {
    while (next < parts.length) {
      const n = next++;
      const part = parts[n] as { start: number; items: unknown[] };
      try {
        await retried(() =>
          call(target, 'PUT', `/imports/${begun.importId}/parts/${n}`, { first: part.start, items: part.items }),
        );
      } catch (error) {
        const match =
          error instanceof AdminCallError
            ? /^items\.(\d+)(?:\.(.*))?$/s.exec(error.message.split(': ')[0] ?? '')
            : null;
        if (match !== null && error instanceof AdminCallError) {
          throw new ItemRefused(
            error.status,
            part.start + Number(match[1]),
            `${match[2] === undefined ? '' : `${match[2]}: `}${error.message.split(': ').slice(1).join(': ')}`,
          );
        }
        throw error;
      }
      sent += part.items.length;
      progress(sent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, parts.length) }, sender));
  const committed = await call<{ websiteId: string; host: string | null; version: number }>(
    target,
    'POST',
    `/imports/${begun.importId}/commit`,
    { parts: parts.length, itemCount: items.length },
  );
  return { ...committed, parts: parts.length };
}

/** The store's whole site, read as one version (its head, then its items page by page). */
export async function receiveSite(
  target: AdminTarget,
  progress: (received: number, total: number) => void = () => {},
): Promise<{ websiteId: string; version: number; site: SiteJson }> {
  const head = await call<{
    websiteId: string;
    version: number;
    itemCount: number;
    site: Json & Pick<SiteJson, 'collections' | 'theme'>;
  }>(target, 'GET', '/site');
  const items: Record<string, unknown>[] = [];
  for (let after: number | null = 0; after !== null; ) {
    const page: { items: Record<string, unknown>[]; next: number | null } = await retried(() =>
      call(target, 'GET', `/site/items?version=${head.version}&after=${after}&limit=1000`),
    );
    items.push(...page.items);
    progress(items.length, head.itemCount);
    after = page.next;
  }
  const { collections, theme, ...rest } = head.site;
  return { websiteId: head.websiteId, version: head.version, site: { ...rest, collections, items, theme } };
}

/** Bytes as base64 (no Buffer: the worker tests run this module in workerd). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A template's static file to upload: its path in the template and how to read its bytes. */
export interface TemplateFileSource {
  path: string;
  read: () => Promise<Uint8Array>;
}

/**
 * Imports a developer-platform template (src/routes/integrations/site-admin.ts): its static files under a new
 * upload, then the theme with the list of those files, which the worker checks and swaps in at once.
 */
export async function sendTemplate(
  target: AdminTarget,
  theme: Record<string, string>,
  files: readonly TemplateFileSource[],
): Promise<{ websiteId: string; version: number | null }> {
  const host = target.host === undefined ? {} : { host: target.host };
  const begun = await call<{ uploadId: string }>(target, 'POST', '/template-uploads', host);
  let next = 0;
  const sender = async () => {
    while (next < files.length) {
      const file = files[next++] as TemplateFileSource;
      const data = base64(await file.read());
      await retried(() =>
        call(target, 'PUT', `/template-uploads/${begun.uploadId}/files`, { ...host, path: file.path, data }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, files.length) }, sender));
  return call(target, 'PUT', '/template', {
    ...host,
    uploadId: begun.uploadId,
    theme,
    assets: files.map((file) => file.path),
  });
}

/** A new, empty store at a host (`npm run site -- new`): where it is served and whom its owner invitation went to. */
export interface CreatedStore {
  websiteId: string;
  host: string;
  url: string;
  owner: string;
}

export function createStore(target: AdminTarget, host: string, name: string, owner: string): Promise<CreatedStore> {
  return call(target, 'POST', '/stores', { host, name, owner });
}

/** Invites the owner of the store at `host` (an imported one has no team): `npm run site -- import DIR --host --owner`. */
export function inviteOwner(target: AdminTarget, host: string, owner: string): Promise<CreatedStore> {
  return call(target, 'POST', '/owners', { host, owner });
}
