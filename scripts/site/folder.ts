/**
 * A whole store as a folder, the format `npm run site` reads and writes:
 *
 *   site.json                    everything but collections, items and theme (website, settings,
 *                                navigation, header, footer, forms, …), and `collections`: the
 *                                collections' urlIds in their order
 *   collections/{urlId}.json     one collection each (the order is site.json's)
 *   items/{urlId}.ndjson         that collection's items, one JSON object a line, in order
 *   theme/…                      the theme's files, laid out as themes/default
 *
 * Items are NDJSON shards per collection rather than a file per item: a 50,000-product store is
 * 250 product files instead of 50,000, an error still names the file and line of its item, and a
 * line-based diff shows which item changed. Writing is deterministic (same site → same bytes) and
 * all or nothing: the files go to a new folder beside DIR, which is renamed into place. Reading
 * takes only the folder's own files: a symbolic link or a special file anywhere in it is a problem
 * and is never read (own-files.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { positionAt, syntaxErrorOffset } from './json-position.ts';
import { ownFiles } from './own-files.ts';
import type { Json, SiteJson } from './site-json.ts';

export const SITE_FILE = 'site.json';
export const COLLECTIONS_DIR = 'collections';
export const ITEMS_DIR = 'items';
export const THEME_DIR = 'theme';

export type { SiteJson };

/** One thing wrong with a folder: the file, where in it (a line, or a path in the value), and what. */
export interface FolderProblem {
  file: string;
  where?: string;
  message: string;
}

const SHOWN_PROBLEMS = 20;

export function formatProblems(problems: readonly FolderProblem[]): string {
  const lines = problems
    .slice(0, SHOWN_PROBLEMS)
    .map((p) => `  ${p.file}${p.where === undefined ? '' : `:${p.where}`}: ${p.message}`);
  if (problems.length > SHOWN_PROBLEMS) lines.push(`  … and ${problems.length - SHOWN_PROBLEMS} more`);
  return lines.join('\n');
}

export class SiteFolderError extends Error {
  constructor(
    readonly folder: string,
    readonly problems: readonly FolderProblem[],
  ) {
    super(`${folder} is not a valid site folder:\n${formatProblems(problems)}`);
  }
}

/** Where each part of a read site came from, so a schema problem can name its file and line. */
export interface SiteSources {
  collections: string[];
  items: { file: string; line: number }[];
}

const URL_ID = /^[a-z0-9-]+$/;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function _stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The site's files by path inside the folder ('/' separated), in a fixed order. */
export function siteFiles(site: SiteJson): Map<string, string> {
  const files = new Map<string, string>();
  const { collections, items, theme, ...rest } = site;
  const urlIds = collections.map((collection) => String(collection.urlId));
  files.set(SITE_FILE, `${JSON.stringify({ ...rest, collections: urlIds }, null, 2)}\n`);
  const urlIdOf = new Map(collections.map((collection) => [collection.id, String(collection.urlId)]));
  const lines = new Map<string, string[]>();
  for (const item of items) {
    const urlId = urlIdOf.get(item.collectionId);
    if (urlId === undefined)
      throw new Error(`item ${String(item.id)} belongs to no collection of the site (${String(item.collectionId)})`);
    let shard = lines.get(urlId);
    if (shard === undefined) lines.set(urlId, (shard = []));
    shard.push(JSON.stringify(item));
  }
  for (const [i, collection] of collections.entries()) {
    const urlId = urlIds[i] as string;
    files.set(`${COLLECTIONS_DIR}/${urlId}.json`, `${JSON.stringify(collection, null, 2)}\n`);
    const shard = lines.get(urlId);
    if (shard !== undefined) files.set(`${ITEMS_DIR}/${urlId}.ndjson`, `${shard.join('\n')}\n`);
  }
  for (const path of Object.keys(theme).sort()) files.set(`${THEME_DIR}/${path}`, theme[path] as string);
  return files;
}

function isEmptyFolder(dir: string): boolean {
  return statSync(dir).isDirectory() && readdirSync(dir).length === 0;
}

/** Refuses a folder to write into that already holds files (checked before the work that fills it). */
export function assertNewFolder(dir: string): void {
  if (existsSync(dir) && !isEmptyFolder(dir))
    throw new Error(`${dir} already exists and is not empty; choose a new folder`);
}

/**
 * Writes `files` as the folder `dir`, which must not exist or be empty. Everything is written to a
 * new folder beside it first and renamed into place, so a failure leaves no half-written store.
 */
export function writeFolder(dir: string, files: ReadonlyMap<string, string>): void {
  assertNewFolder(dir);
  const staging = join(dirname(dir), `.${basename(dir)}.writing-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const [path, text] of files) {
      const target = join(staging, ...path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    if (existsSync(dir)) rmSync(dir, { recursive: true });
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

export function writeSiteFolder(dir: string, site: SiteJson): void {
  writeFolder(dir, siteFiles(site));
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

class FolderReader {
  readonly problems: FolderProblem[];
  /** The folder's own files ('/'-separated paths); a link or a special file is a problem instead, and never read. */
  readonly files: string[];
  private readonly own: Set<string>;
  private readonly refused: string[];

  constructor(readonly dir: string) {
    const own = ownFiles(dir, "a store folder's");
    this.files = own.files;
    this.own = new Set(own.files);
    this.problems = [...own.problems];
    this.refused = own.problems.map((problem) => problem.file);
  }

  /** Whether `file` is there: one of the folder's own files, or refused as a link (or under one), already reported. */
  has(file: string): boolean {
    return this.own.has(file) || this.refused.some((refused) => file === refused || file.startsWith(`${refused}/`));
  }

  /** The folder's own files under `folder`, by their paths inside it. */
  filesUnder(folder: string): string[] {
    return this.files.filter((file) => file.startsWith(`${folder}/`)).map((file) => file.slice(folder.length + 1));
  }

  problem(file: string, message: string, where?: string): void {
    this.problems.push(where === undefined ? { file, message } : { file, where, message });
  }

  /** The text of one of the folder's own files; null (a problem) when it cannot be, and for a refused file (already a problem). */
  text(file: string): string | null {
    if (!this.own.has(file)) return null;
    try {
      return utf8.decode(readFileSync(join(this.dir, ...file.split('/'))));
    } catch (error) {
      this.problem(
        file,
        error instanceof TypeError ? 'is not UTF-8 text' : `cannot be read (${(error as Error).message})`,
      );
      return null;
    }
  }

  /** `text` parsed as JSON; a syntax error is reported at its line and column (offset by `line` for a shard's line). */
  json(file: string, text: string, line = 1): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      const offset = syntaxErrorOffset(text) ?? text.length;
      const at = positionAt(text, offset);
      // V8's own position (and, in some versions, the text) would repeat what the line and column say.
      const reason = (error as Error).message
        .replace(/ in JSON at position \d+.*$/s, '')
        .replace(/, ".*" is not valid JSON$/s, '');
      this.problem(file, `invalid JSON: ${reason}`, `${at.line + line - 1}:${at.column}`);
      return undefined;
    }
  }
}

/**
 * Reads a site folder into the site's JSON and where each part came from. Missing files, invalid
 * JSON (file, line and column), items in the wrong shard and files that belong to nothing are
 * reported together as a SiteFolderError; the schema's checks come after (`checkSite`).
 */
export function readSiteFolder(dir: string): { site: SiteJson; sources: SiteSources } {
  if (!existsSync(dir)) throw new SiteFolderError(dir, [{ file: dir, message: 'no such folder' }]);
  if (!statSync(dir).isDirectory()) throw new SiteFolderError(dir, [{ file: dir, message: 'is not a folder' }]);
  const reader = new FolderReader(dir);
  const siteText = reader.has(SITE_FILE)
    ? reader.text(SITE_FILE)
    : (reader.problem(SITE_FILE, 'missing: every site folder has one'), null);
  const head = siteText === null ? undefined : reader.json(SITE_FILE, siteText);
  if (siteText !== null && head !== undefined && !isObject(head)) reader.problem(SITE_FILE, 'must hold a JSON object');
  const settings = isObject(head) ? head : {};
  const listed = settings.collections;
  const urlIds: string[] = [];
  if (isObject(head)) {
    if (!Array.isArray(listed))
      reader.problem(SITE_FILE, 'must be the list of collection urlIds, in order', 'collections');
    else {
      for (const [i, urlId] of listed.entries()) {
        if (typeof urlId !== 'string' || !URL_ID.test(urlId))
          reader.problem(
            SITE_FILE,
            'must be a collection urlId (lowercase letters, digits and dashes)',
            `collections.${i}`,
          );
        else if (urlIds.includes(urlId)) reader.problem(SITE_FILE, `lists ${urlId} twice`, `collections.${i}`);
        else urlIds.push(urlId);
      }
    }
  }

  const collections: Json[] = [];
  const sources: SiteSources = { collections: [], items: [] };
  const collectionIdOf = new Map<string, unknown>();
  for (const urlId of urlIds) {
    const file = `${COLLECTIONS_DIR}/${urlId}.json`;
    if (!reader.has(file)) {
      reader.problem(file, `missing: site.json lists the collection ${urlId}`);
      continue;
    }
    const text = reader.text(file);
    const collection = text === null ? undefined : reader.json(file, text);
    if (text !== null && collection !== undefined && !isObject(collection))
      reader.problem(file, 'must hold a JSON object');
    if (!isObject(collection)) continue;
    if (collection.urlId !== urlId)
      reader.problem(file, `urlId must be ${JSON.stringify(urlId)}, the file's name`, 'urlId');
    collectionIdOf.set(urlId, collection.id);
    collections.push(collection);
    sources.collections.push(file);
  }
  const listedOk = Array.isArray(listed);
  for (const file of listedOk ? reader.filesUnder(COLLECTIONS_DIR) : []) {
    if (!urlIds.includes(file.replace(/\.json$/, '')))
      reader.problem(`${COLLECTIONS_DIR}/${file}`, 'not listed in site.json collections');
  }

  const items: Json[] = [];
  const shards = new Set(reader.filesUnder(ITEMS_DIR));
  for (const urlId of urlIds) {
    const name = `${urlId}.ndjson`;
    if (!shards.delete(name)) continue;
    const file = `${ITEMS_DIR}/${name}`;
    const text = reader.text(file);
    if (text === null) continue;
    const lines = text.split('\n');
    for (const [i, lineText] of lines.entries()) {
      if (lineText.trim() === '') continue;
      const item = reader.json(file, lineText, i + 1);
      if (item === undefined) continue;
      if (!isObject(item)) {
        reader.problem(file, 'must be a JSON object (one item a line)', String(i + 1));
        continue;
      }
      if (collectionIdOf.has(urlId) && item.collectionId !== collectionIdOf.get(urlId)) {
        reader.problem(
          file,
          `collectionId must be ${JSON.stringify(collectionIdOf.get(urlId))}, the id of collections/${urlId}.json`,
          String(i + 1),
        );
      }
      items.push(item);
      sources.items.push({ file, line: i + 1 });
    }
  }
  for (const name of listedOk ? shards : [])
    reader.problem(`${ITEMS_DIR}/${name}`, 'belongs to no collection listed in site.json');

  const theme: Record<string, string> = {};
  for (const path of reader.filesUnder(THEME_DIR)) {
    const text = reader.text(`${THEME_DIR}/${path}`);
    if (text !== null) theme[path] = text;
  }
  for (const file of reader.files) {
    const top = file.split('/')[0] as string;
    if (file !== SITE_FILE && ![COLLECTIONS_DIR, ITEMS_DIR, THEME_DIR].includes(top))
      reader.problem(file, 'is not part of a site folder (site.json, collections/, items/, theme/)');
  }

  if (reader.problems.length > 0) throw new SiteFolderError(dir, reader.problems);
  const { collections: _listed, ...rest } = settings;
  return { site: { ...rest, collections, items, theme }, sources };
}

/** Where a problem the site schema found at `path` (`['items', 12, 'urlId']`) is in the folder. */
export function locate(path: readonly PropertyKey[], sources: SiteSources): { file: string; where?: string } {
  const [top, index, ...rest] = path.map((key) => (typeof key === 'symbol' ? String(key) : key));
  const tail = rest.join('.');
  if (top === 'items' && typeof index === 'number' && sources.items[index] !== undefined) {
    const source = sources.items[index];
    return { file: source.file, where: tail === '' ? String(source.line) : `${source.line}: ${tail}` };
  }
  if (top === 'collections' && typeof index === 'number' && sources.collections[index] !== undefined) {
    return tail === '' ? { file: sources.collections[index] } : { file: sources.collections[index], where: tail };
  }
  if (top === 'theme' && index !== undefined) return { file: `${THEME_DIR}/${String(index)}` };
  const where = [top, index, ...rest].filter((key) => key !== undefined).join('.');
  return where === '' ? { file: SITE_FILE } : { file: SITE_FILE, where };
}
