/**
 * `npm run site -- COMMAND`: whole stores in and out of a folder (docs/content.md, "Moving stores").
 *
 *   export DIR     the store's content and theme into a new folder DIR
 *   import DIR     DIR becomes the store: the development store, or with --host a store of its own
 *                  (--owner EMAIL invites its owner, as `new` does)
 *   publish DIR    DIR, checked here first (schema and templates), becomes the next version of the
 *                  store it was exported from
 *   import-template DIR   a Squarespace developer-platform template folder becomes the store's theme
 *   watch-template DIR    import-template, then again after every change to DIR (what `npm start -- --template DIR` runs)
 *   generate --products N --posts M --out DIR [--seed S] [--collections C]   a large store folder
 *   new --host NAME --name STORE --owner EMAIL   a new, empty store at NAME, its owner invited by email
 *
 * Where: the local store by default (`npm start`'s, started for the command if it is not
 * running), `--url URL` another worker in development, `--remote` the deployed worker at
 * $SITE_ADMIN_URL with the admin token $SITE_ADMIN_TOKEN; `--host NAME` a store by host name.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import {
  AdminCallError,
  createStore,
  inviteOwner,
  ItemRefused,
  receiveSite,
  sendSite,
  sendTemplate,
  type AdminTarget,
  type CreatedStore,
} from './admin-client.ts';
import { checkSite } from './check.ts';
import { assertNewFolder, readSiteFolder, SiteFolderError, writeSiteFolder, type SiteSources } from './folder.ts';
import { generateSite } from './generate.ts';
import { localStore, localUrl } from './local-store.ts';
import { readTemplateFolder, TemplateFolderError } from './template.ts';
import { watchTemplate } from './template-dev.ts';

const USAGE = `usage: npm run site -- export DIR [--host NAME] [--url URL | --remote]
       npm run site -- import DIR [--host NAME [--owner EMAIL]] [--url URL | --remote]
       npm run site -- publish DIR [--host NAME] [--url URL | --remote]
       npm run site -- import-template DIR [--host NAME] [--url URL | --remote]
       npm run site -- watch-template DIR [--host NAME] [--url URL]
       npm run site -- generate --out DIR [--products 50000] [--posts 2000] [--seed 1]
       npm run site -- new --host NAME --name STORE --owner EMAIL [--url URL | --remote]`;

const THEME_DIR = fileURLToPath(new URL('../../themes/default', import.meta.url));

class UsageError extends Error {}

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number, not ${value}`);
  return n;
}

/** Where the command goes, and what to stop afterwards. */
async function targetOf(options: {
  host?: string;
  url?: string;
  remote?: boolean;
}): Promise<{ target: AdminTarget; where: string; stop: () => Promise<void> }> {
  const host = options.host === undefined ? {} : { host: options.host };
  const where = options.host === undefined ? 'the development store' : `the store at ${options.host}`;
  if (options.remote === true) {
    const url = options.url ?? process.env.SITE_ADMIN_URL;
    const token = process.env.SITE_ADMIN_TOKEN;
    if (url === undefined || token === undefined)
      throw new UsageError(
        '--remote needs the worker address in SITE_ADMIN_URL (or --url) and its admin token in SITE_ADMIN_TOKEN',
      );
    if (options.host === undefined)
      throw new UsageError('--remote needs --host NAME: production has no development store');
    return { target: { url, token, ...host }, where: `${where} (${url})`, stop: async () => {} };
  }
  if (options.url !== undefined) return { target: { url: options.url, ...host }, where, stop: async () => {} };
  const local = await localStore(log);
  return { target: { url: local.url, ...host }, where, stop: local.stop };
}

/** An item the worker refused, named by its file and line. */
function refusal(error: ItemRefused, sources: SiteSources): string {
  const source = sources.items[error.index];
  return source === undefined ? error.detail : `the worker refused ${source.file}:${source.line}: ${error.detail}`;
}

/** An owner's invitation links to the store where it is served: a wrangler started for this command alone would be gone. */
function requireServedStore(options: { url?: string; remote?: boolean }, target: AdminTarget, command: string): void {
  if (options.remote !== true && options.url === undefined && target.url !== localUrl())
    throw new UsageError(
      `${command} needs the local store running (npm start) at ${localUrl()}: the invitation links to it`,
    );
}

function invitedText(invited: CreatedStore, remote: boolean | undefined): string {
  return (
    `Invited ${invited.owner} as its owner: the email's link sets the password` +
    `${remote === true ? '' : ` (development: ${invited.url}/dev/mailbox)`}; then sign in at ${invited.url}/config`
  );
}

async function sendFolder(
  mode: 'import' | 'publish',
  dir: string,
  options: { host?: string; url?: string; remote?: boolean; owner?: string },
): Promise<void> {
  const { host, owner } = options;
  if (owner !== undefined && (mode !== 'import' || host === undefined))
    throw new UsageError('--owner goes with import DIR --host NAME: it invites the owner of the store at NAME');
  const began = performance.now();
  const { site, sources } = readSiteFolder(dir);
  const problems = checkSite(site, sources, { templates: mode === 'publish' });
  if (problems.length > 0) throw new SiteFolderError(dir, problems);
  log(`${dir}: ${site.items.length} items in ${site.collections.length} collections checked (${seconds(began)})`);
  const { target, where, stop } = await targetOf(options);
  try {
    if (owner !== undefined) requireServedStore(options, target, 'import --owner');
    const sending = performance.now();
    let shown = 0;
    const sent = await sendSite(target, mode, site, (n) => {
      if (n - shown >= 10_000) log(`  sent ${(shown = n)} of ${site.items.length} items`);
    }).catch((error: unknown) => {
      throw error instanceof ItemRefused ? new Error(refusal(error, sources)) : error;
    });
    console.log(
      `${mode === 'import' ? 'Imported' : 'Published'} ${dir} into ${where}: website ${sent.websiteId}, version ${sent.version}, ${site.items.length} items in ${sent.parts} parts, ${seconds(sending)}`,
    );
    if (host !== undefined && owner !== undefined)
      console.log(invitedText(await inviteOwner(target, host, owner), options.remote));
    else if (mode === 'import' && host !== undefined)
      log(`Its team is as it was (a new store has none): --owner EMAIL invites its owner.`);
  } finally {
    await stop();
  }
}

/** Reads, checks and compiles a template folder, then makes it the store's theme with its static files. */
export async function importTemplate(
  dir: string,
  options: { host?: string; url?: string; remote?: boolean },
  target?: { target: AdminTarget; where: string },
): Promise<void> {
  const began = performance.now();
  const template = await readTemplateFolder(dir);
  for (const warning of template.warnings) log(`warning: ${warning}`);
  log(
    `${dir}: ${template.name}, ${Object.keys(template.theme).length} template files, ${template.assets.length} static files checked and compiled (${seconds(began)}; ${template.ignored.length} other files not used)`,
  );
  const {
    target: to,
    where,
    stop,
  } = target === undefined ? await targetOf(options) : { ...target, stop: async () => {} };
  try {
    const sending = performance.now();
    const files = template.assets.map((asset) => ({
      path: asset.path,
      read: async () => new Uint8Array(await readFile(asset.file)),
    }));
    const sent = await sendTemplate(to, template.theme, files);
    console.log(
      `Imported the template ${dir} into ${where}: website ${sent.websiteId}, version ${sent.version ?? 'unchanged'}, ${files.length} static files, ${seconds(sending)}`,
    );
  } finally {
    await stop();
  }
}

async function exportStore(dir: string, options: { host?: string; url?: string; remote?: boolean }): Promise<void> {
  assertNewFolder(dir);
  const { target, where, stop } = await targetOf(options);
  try {
    const began = performance.now();
    const received = await receiveSite(target);
    writeSiteFolder(dir, received.site);
    console.log(
      `Exported ${where} (website ${received.websiteId}, version ${received.version}) to ${dir}: ${received.site.items.length} items, ${seconds(began)}`,
    );
  } finally {
    await stop();
  }
}

function generate(options: {
  out?: string;
  products?: string;
  posts?: string;
  seed?: string;
  collections?: string;
}): void {
  if (options.out === undefined) throw new UsageError('generate needs --out DIR');
  const began = performance.now();
  const products = count(options.products, 'products', 50_000);
  const posts = count(options.posts, 'posts', 2000);
  const seed = count(options.seed, 'seed', 1);
  const collections = options.collections === undefined ? undefined : count(options.collections, 'collections', 0);
  assertNewFolder(options.out);
  try {
    writeSiteFolder(options.out, generateSite({ products, posts, seed, collections, themeDir: THEME_DIR }));
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--collections: ${error.message}`);
    throw error;
  }
  console.log(`Generated ${options.out}: ${products} products, ${posts} posts, seed ${seed}, ${seconds(began)}`);
}

/** A new, empty store at --host, its owner invited by email to choose a password (docs/merchant.md, "A new store"). */
async function newStore(options: { host?: string; name?: string; owner?: string; url?: string; remote?: boolean }) {
  const { host, name, owner } = options;
  if (host === undefined || name === undefined || owner === undefined)
    throw new UsageError('new needs --host NAME --name STORE --owner EMAIL');
  const { target, stop } = await targetOf(options);
  try {
    requireServedStore(options, target, 'new');
    const created = await createStore(target, host, name, owner);
    console.log(
      `Created ${name} at ${created.url} (website ${created.websiteId}): no products, pages or orders yet.\n` +
        invitedText(created, options.remote),
    );
  } finally {
    await stop();
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        host: { type: 'string' },
        url: { type: 'string' },
        remote: { type: 'boolean' },
        out: { type: 'string' },
        products: { type: 'string' },
        posts: { type: 'string' },
        seed: { type: 'string' },
        collections: { type: 'string' },
        name: { type: 'string' },
        owner: { type: 'string' },
      },
    });
    const [command, dir, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    if (command === 'generate') {
      if (dir !== undefined) throw new UsageError('generate writes to --out DIR');
      generate(values);
      return 0;
    }
    if (command === 'new') {
      if (dir !== undefined) throw new UsageError('new takes --host, --name and --owner, no folder');
      await newStore(values);
      return 0;
    }
    if (command === 'watch-template') {
      if (dir === undefined) throw new UsageError('watch-template needs a template folder');
      if (values.remote === true)
        throw new UsageError('watch-template is for development: a deployed store takes import-template');
      const { target, where, stop } = await targetOf(values);
      const stopped = new AbortController();
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopped.abort());
      log(`Watching ${dir} for ${where}`);
      await watchTemplate(dir, target, log, stopped.signal).finally(stop);
      return 0;
    }
    if (command === 'import-template') {
      if (dir === undefined) throw new UsageError('import-template needs a template folder');
      await importTemplate(dir, values);
      return 0;
    }
    if (command !== 'export' && command !== 'import' && command !== 'publish')
      throw new UsageError(command === undefined ? 'which command?' : `unknown command ${command}`);
    if (dir === undefined) throw new UsageError(`${command} needs a folder`);
    if (command === 'export') await exportStore(dir, values);
    else await sendFolder(command, dir, values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      log(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof SiteFolderError || error instanceof TemplateFolderError) log(error.message);
    else if (error instanceof AdminCallError)
      log(`The worker refused: ${error.message}${error.status === 0 ? '' : ` (HTTP ${error.status})`}`);
    else log((error as Error).message ?? String(error));
    return 1;
  }
}
