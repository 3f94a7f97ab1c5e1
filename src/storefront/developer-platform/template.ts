/**
 * What a developer-platform template declares (docs/templates.md): its layouts and their regions
 * from `template.conf`, its collection types from `collections/*.conf`, its static pages'
 * settings from `pages/*.page.conf`, its block overrides from `blocks/*.block.conf`. Read once per theme object.
 */
import type { ThemeFiles } from '../../site/theme/theme';

/** The key that marks a developer-platform theme. */
export const TEMPLATE_CONF = 'template.conf';

export function isDeveloperPlatform(files: ThemeFiles): boolean {
  return files[TEMPLATE_CONF] !== undefined;
}

/** A problem with a JSON settings file, reported like a template error. */
export interface ConfProblem {
  file: string;
  message: string;
  line?: number;
  column?: number;
}

export interface TemplateDeclaration {
  name: string;
  /** The name as an id (letters, digits, `_` and `-`, at most 64): what the analytics beacon accepts as `templateId`. */
  id: string;
  /** Region names by layout id; `default` is always there (the first layout when `template.conf` names none `default`). */
  layouts: Readonly<Record<string, readonly string[]>>;
  /** The navigations' names in `template.conf` order. */
  navigations: readonly string[];
  /** The collection type name (the `.conf` file's name) for our `products`, `blog` and `index`, when the template has one. */
  collectionTypes: Readonly<Partial<Record<'products' | 'blog' | 'index', string>>>;
  /** `layout` of each collection type's and static page's `.conf`, by that file's path without `.conf`. */
  layoutOf: Readonly<Record<string, string>>;
  /** The template's own block file for a platform block type (`blocks/{name}.block` beside a `.block.conf` naming its `type`), by type. */
  blockOverrides: Readonly<Record<string, string>>;
  problems: readonly ConfProblem[];
}

type Json = Record<string, unknown>;

/** The line and column of a JSON.parse error's position, when its message gives one. */
function jsonProblem(file: string, source: string, error: unknown): ConfProblem {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (position === null) return { file, message };
  const before = source.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return { file, message, line, column: before.length - before.lastIndexOf('\n') };
}

function readJson(files: ThemeFiles, file: string, problems: ConfProblem[]): Json {
  const source = files[file];
  if (source === undefined) return {};
  try {
    const value: unknown = JSON.parse(source);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json;
    problems.push({ file, message: 'must be a JSON object' });
  } catch (error) {
    problems.push(jsonProblem(file, source, error));
  }
  return {};
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function layoutsOf(conf: Json, problems: ConfProblem[]): Record<string, readonly string[]> {
  const layouts: Record<string, readonly string[]> = {};
  const declared = conf.layouts;
  if (typeof declared === 'object' && declared !== null) {
    for (const [id, layout] of Object.entries(declared as Json)) {
      if (typeof layout === 'object' && layout !== null) layouts[id] = strings((layout as Json).regions);
    }
  }
  // As on Squarespace, a template without a `default` layout uses its first one (the importer warns).
  const first = Object.values(layouts)[0];
  if (layouts.default === undefined && first !== undefined) layouts.default = first;
  if (layouts.default === undefined) {
    problems.push({ file: TEMPLATE_CONF, message: 'layouts is missing: the default layout is the site region alone' });
    layouts.default = ['site'];
  }
  return layouts;
}

/** A template's name as an id: runs of other characters become one `-`. */
export function templateId(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 64) || 'template'
  );
}

/** Our collection types by what a `.conf`'s `acceptTypes` holds. */
const PRODUCT_TYPES = ['commerce-product', 'store_item', 'store-item', 'product'];
const ACCEPTS: readonly [ours: 'products' | 'blog', accepted: readonly string[]][] = [
  ['products', PRODUCT_TYPES],
  ['blog', ['text']],
];

function declare(files: ThemeFiles): TemplateDeclaration {
  const problems: ConfProblem[] = [];
  const conf = readJson(files, TEMPLATE_CONF, problems);
  const layoutOf: Record<string, string> = {};
  const confs = new Map<string, Json>();
  for (const path of Object.keys(files).sort()) {
    const match = /^(collections\/[\w-]+|pages\/[\w-]+\.page)\.conf$/.exec(path);
    if (match === null) continue;
    const settings = readJson(files, path, problems);
    confs.set(match[1] as string, settings);
    if (typeof settings.layout === 'string') layoutOf[match[1] as string] = settings.layout;
  }
  const blockOverrides: Record<string, string> = {};
  for (const path of Object.keys(files).sort()) {
    const match = /^(blocks\/[\w.-]+\.block)\.conf$/.exec(path);
    if (match === null || files[match[1] as string] === undefined) continue;
    const type = readJson(files, path, problems).type;
    if (typeof type === 'string' && blockOverrides[type] === undefined) blockOverrides[type] = match[1] as string;
  }
  const collectionTypes: Partial<Record<'products' | 'blog' | 'index', string>> = {};
  for (const [ours, accepted] of ACCEPTS) {
    const own = confs.has(`collections/${ours}`) ? ours : undefined;
    // The products type's files are never a blog's, even when its .conf also accepts "text".
    const productsType = (type: string, settings: Json) =>
      type === collectionTypes.products || strings(settings.acceptTypes).some((t) => PRODUCT_TYPES.includes(t));
    const byType = [...confs].find(([path, settings]) => {
      if (!path.startsWith('collections/')) return false;
      if (ours === 'blog' && productsType(path.slice('collections/'.length), settings)) return false;
      return strings(settings.acceptTypes).some((type) => accepted.includes(type));
    })?.[0];
    const type = own ?? byType?.slice('collections/'.length);
    if (type !== undefined) collectionTypes[ours] = type;
  }
  // An index type is the folder `.conf` that says `"index": true` (Squarespace's index pages), else one named `index`.
  const index =
    [...confs].find(([path, settings]) => path.startsWith('collections/') && settings.index === true)?.[0] ??
    (confs.has('collections/index') ? 'collections/index' : undefined);
  if (index !== undefined) collectionTypes.index = index.slice('collections/'.length);
  const navigations = Array.isArray(conf.navigations)
    ? conf.navigations.flatMap((n: unknown) =>
        typeof n === 'object' && n !== null && typeof (n as Json).name === 'string' ? [(n as Json).name as string] : [],
      )
    : [];
  const name = typeof conf.name === 'string' ? conf.name : 'template';
  const layouts = layoutsOf(conf, problems);
  return { name, id: templateId(name), layouts, navigations, collectionTypes, layoutOf, blockOverrides, problems };
}

const declarations = new WeakMap<ThemeFiles, TemplateDeclaration>();

export function templateDeclaration(files: ThemeFiles): TemplateDeclaration {
  let found = declarations.get(files);
  if (found === undefined) {
    found = declare(files);
    declarations.set(files, found);
  }
  return found;
}

/**
 * The regions of the layout a `.conf` (by path without `.conf`) names, else of `default`. Given the
 * theme's files, a named layout with a region the template lacks is the default too (the importer warns).
 */
export function regionsFor(
  declaration: TemplateDeclaration,
  confPath: string | null,
  files?: ThemeFiles,
): readonly string[] {
  const named = confPath === null ? undefined : declaration.layoutOf[confPath];
  const regions = named === undefined ? undefined : declaration.layouts[named];
  const complete =
    regions !== undefined &&
    (files === undefined || regions.every((region) => files[`${region}.region`] !== undefined));
  return complete ? regions : (declaration.layouts.default as readonly string[]);
}

/** Blocks by the name templates apply them with (`name.block`), worked out once per theme. */
const blocksByTheme = new WeakMap<ThemeFiles, Record<string, string>>();

export function blockFiles(files: ThemeFiles): Readonly<Record<string, string>> {
  let blocks = blocksByTheme.get(files);
  if (blocks === undefined) {
    blocks = {};
    for (const path of Object.keys(files)) {
      const match = /^blocks\/([\w.-]+\.block)$/.exec(path);
      if (match !== null) blocks[match[1] as string] = path;
    }
    blocksByTheme.set(files, blocks);
  }
  return blocks;
}
