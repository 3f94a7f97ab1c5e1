/**
 * A Squarespace developer-platform template folder read into the store's theme (docs/templates.md):
 * its JSON-T files (.conf .region .list .item .block .page) by their own relative paths, its
 * stylesheets compiled with LESS into `styles/compiled.css`, and its static files (assets/,
 * scripts/) listed for upload to R2. Everything is checked before anything is sent: template.conf
 * (valid JSON, layouts whose regions exist), every .conf's JSON, every stylesheet's LESS; each
 * problem names its file, and its line and column where there is one.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import less from 'less';
import { z } from 'zod';
import {
  TEMPLATE_ASSET_LIMITS,
  TEMPLATE_ASSET_PATH,
  THEME_LIMITS,
  THEME_PATH,
} from '../../src/site/theme/theme-schema.ts';
import { positionAt, syntaxErrorOffset } from './json-position.ts';
import { lessFilesOf, SYSTEM_LESS } from './less-files.ts';
import { lessCompatible, lessFeature, tweaksOf, tweakVariables } from './less-platform.ts';
import { ownFiles } from './own-files.ts';

export const COMPILED_STYLESHEET = 'styles/compiled.css';

/** Where the JSON-T files of each kind live in a template folder. */
const JSONT_FILES =
  /^(?:[\w.-]+\.region|collections\/[\w.-]+\.(?:conf|list|item)|blocks\/(?:[\w.-]+\/)*[\w.-]+\.block(?:\.conf)?|pages\/[\w.-]+\.page(?:\.conf)?|template\.conf)$/;
const STATIC_FILES = /^(?:assets|scripts)\//;
/** Folders a template repository keeps beside the template, never part of it. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

export interface TemplateProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export function formatTemplateProblem(problem: TemplateProblem): string {
  const where =
    problem.line === undefined ? '' : `:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`;
  return `${problem.file}${where}: ${problem.message}`;
}

/**
 * A stylesheet that shows import problems at the top of every page (development: the template's
 * own regions still render, and the page says what is wrong with its styles or its template.conf).
 */
export function problemsStylesheet(problems: readonly TemplateProblem[]): string {
  const text = ['Template import error', ...problems.map(formatTemplateProblem)].join('\n');
  const content = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\A ');
  return `body::before{content:"${content}";display:block;white-space:pre-wrap;position:relative;z-index:2147483647;margin:1rem;padding:1rem;border:3px solid #b3261e;background:#fff4f2;color:#1b1b1b;font:14px/1.4 monospace}\n`;
}

export class TemplateFolderError extends Error {
  constructor(
    readonly folder: string,
    readonly problems: readonly TemplateProblem[],
  ) {
    super(
      `${folder} is not a template the store can use:\n${problems.map((p) => `  ${formatTemplateProblem(p)}`).join('\n')}`,
    );
  }
}

export interface TemplateAssetFile {
  /** The path in the template folder, e.g. `assets/logo.png`. */
  path: string;
  /** Where it is on disk. */
  file: string;
  size: number;
}

export interface ReadTemplate {
  name: string;
  theme: Record<string, string>;
  assets: TemplateAssetFile[];
  /** Things that do not stop the import (a stylesheet template.conf lists that is not there). */
  warnings: string[];
  /** Files that are neither JSON-T, a stylesheet, nor a static file (README.md, package.json, …). */
  ignored: string[];
}

const layoutSchema = z.object({
  name: z.string(),
  regions: z.array(z.string().regex(/^[\w.-]+$/, 'a region is a file name without .region')).min(1),
});
const templateConfSchema = z.looseObject({
  name: z.string().optional(),
  author: z.string().optional(),
  layouts: z.record(z.string(), layoutSchema).refine((layouts) => Object.keys(layouts).length > 0, 'needs a layout'),
  navigations: z.array(z.looseObject({ title: z.string(), name: z.string() })).default([]),
  stylesheets: z.array(z.string().regex(THEME_PATH, 'a stylesheet is a path under styles/')).default([]),
});

/**
 * Every file under `dir`, dot files and dependency folders left out; a symbolic link (dot files
 * included) or anything but a file or a folder is a problem (own-files.ts): a link could publish
 * any file of the machine as a static file or a stylesheet.
 */
function filesUnder(dir: string, problems: TemplateProblem[]): string[] {
  const own = ownFiles(dir, "a template's", { skipped: SKIPPED_FOLDERS, dotFiles: false });
  problems.push(...own.problems);
  return own.files;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** JSON text parsed; a syntax error as a problem at its line and column. */
function parseJson(file: string, text: string, problems: TemplateProblem[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = positionAt(text, syntaxErrorOffset(text) ?? text.length);
    const reason = (error as Error).message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, ".*" is not valid JSON$/s, '');
    problems.push({ file, line: at.line, column: at.column, message: `invalid JSON: ${reason}` });
    return undefined;
  }
}

interface LessFailure {
  filename?: string;
  line?: number | null;
  column?: number | null;
  message: string;
}

/** An `@import` of a stylesheet on another host, which the browser loads as on Squarespace: kept as a CSS import (LESS may not read URLs). */
const REMOTE_IMPORT = /@import\s+((?:url\(\s*)?["']?(?:https?:)?\/\/)/g;
const keepRemoteImports = {
  install(_less: unknown, pluginManager: { addPreProcessor(processor: { process(source: string): string }): void }) {
    pluginManager.addPreProcessor({
      process: (source: string) => lessCompatible(source).replace(REMOTE_IMPORT, '@import (css) $1'),
    });
  },
};

/** A LESS failure as a problem, in its stylesheet's own file, line and column, naming the platform feature it concerns (less-platform.ts). */
function lessProblem(dir: string, error: unknown): TemplateProblem {
  const failure = error as LessFailure;
  const inSheet = failure.filename !== undefined && !failure.filename.endsWith(ROOT_NAME);
  const line = inSheet && typeof failure.line === 'number' ? failure.line : undefined;
  let source: string | undefined;
  try {
    source = inSheet ? readFileSync(failure.filename as string, 'utf-8') : undefined;
  } catch {
    source = undefined;
  }
  return {
    file: inSheet
      ? relative(dir, failure.filename as string)
          .split(sep)
          .join('/')
      : 'template.conf',
    ...(line === undefined ? {} : { line }),
    ...(inSheet && typeof failure.column === 'number' ? { column: failure.column + 1 } : {}),
    message: [failure.message.trim(), lessFeature(failure.message, source, line)]
      .filter((part) => part !== null)
      .join(': '),
  };
}

const ROOT_NAME = 'template.conf stylesheets';

/** URLs to the template's static files are URL-encoded (a name may hold spaces). */
const encodeAssetUrls = (css: string) =>
  css.replace(
    /url\((["']?)(\/assets\/[^"')]*)\1\)/g,
    (_m, quote: string, url: string) => `url(${quote}${url.replaceAll(' ', '%20')}${quote})`,
  );

/**
 * The template's stylesheets compiled as Squarespace does: all of them as one LESS source, in
 * `template.conf` order (a variable one sheet defines is seen by the sheets after it), each by an
 * import, so an error keeps its own file, line and column. Squarespace's compiler is LESS 1.x,
 * which did arithmetic everywhere (`@gutter / 2`), so math is `always`, and the platform's LESS
 * environment is there (less-platform.ts): the tweak variables first, the LESS 1.x syntax it
 * accepted, its system libraries. Imports resolve beside the file, then in styles/, then among the
 * system libraries, and LESS reads nothing else (less-files.ts). The stylesheet is inlined in every
 * page, so relative `url()`s become absolute (`../assets/x.png` is `/assets/x.png` on any page).
 * When the whole fails, each stylesheet is compiled again after the ones that compiled, so every
 * stylesheet's first error is reported, not only the first of all.
 */
async function compileStylesheets(
  folder: string,
  files: readonly string[],
  sheets: readonly string[],
  tweaks: string,
): Promise<{ css: string } | { problems: TemplateProblem[] }> {
  // By its real path: the file manager compares real paths.
  const dir = realpathSync(folder);
  const importOf = (sheet: string, reference = false) =>
    `@import (multiple${reference ? ', reference' : ''}${sheet.endsWith('.less') ? '' : ', less'}) ${JSON.stringify(sheet)};`;
  const compile = (imports: string) =>
    less.render(`${tweaks}\n${imports}`, {
      filename: join(dir, 'styles', ROOT_NAME),
      paths: [join(dir, 'styles'), SYSTEM_LESS],
      math: 'always',
      javascriptEnabled: false,
      rewriteUrls: 'all',
      rootpath: '/styles/',
      plugins: [keepRemoteImports, lessFilesOf(dir, files)],
    });
  try {
    return { css: encodeAssetUrls((await compile(sheets.map((sheet) => importOf(sheet)).join('\n'))).css) };
  } catch (error) {
    const problems: TemplateProblem[] = [];
    const good: string[] = [];
    for (const sheet of sheets) {
      try {
        await compile([...good.map((g) => importOf(g, true)), importOf(sheet)].join('\n'));
        good.push(sheet);
      } catch (sheetError) {
        const problem = lessProblem(dir, sheetError);
        if (!problems.some((p) => formatTemplateProblem(p) === formatTemplateProblem(problem))) problems.push(problem);
      }
    }
    return { problems: problems.length > 0 ? problems : [lessProblem(dir, error)] };
  }
}

/**
 * Squarespace loads a page's scripts whether or not the template writes `{squarespace-footers}`;
 * our add to cart and other islands start from what that tag writes. A template that never writes
 * it gets it just before `</body>` of each region that closes the body (on the same line, so every
 * error position in the file stays where it was).
 */
function addMissingFooters(theme: Record<string, string>, warnings: string[]): void {
  const regions = Object.keys(theme).filter((path) => path.endsWith('.region'));
  if (regions.some((path) => /\{squarespace-footers\}/.test(theme[path] ?? ''))) return;
  for (const path of regions) {
    const text = theme[path] ?? '';
    const at = text.lastIndexOf('</body>');
    if (at === -1) continue;
    theme[path] = `${text.slice(0, at)}{squarespace-footers}${text.slice(at)}`;
    warnings.push(
      `${path}: no region writes {squarespace-footers}; added before </body>, where Squarespace loads its scripts`,
    );
  }
}

/**
 * Reads and checks a template folder. Problems are collected and thrown together as a
 * TemplateFolderError; the result is a theme that passes the store's theme schema.
 */
export async function readTemplateFolder(
  dir: string,
  options: { development?: boolean } = {},
): Promise<ReadTemplate & { styleProblems: TemplateProblem[] }> {
  if (!existsSync(dir)) throw new TemplateFolderError(dir, [{ file: dir, message: 'no such folder' }]);
  if (!statSync(dir).isDirectory()) throw new TemplateFolderError(dir, [{ file: dir, message: 'is not a folder' }]);
  const problems: TemplateProblem[] = [];
  const styleProblems: TemplateProblem[] = [];
  const warnings: string[] = [];
  const ignored: string[] = [];
  const theme: Record<string, string> = {};
  const assets: TemplateAssetFile[] = [];
  const files = filesUnder(dir, problems);
  const read = (file: string): string | null => {
    try {
      return utf8.decode(readFileSync(join(dir, ...file.split('/'))));
    } catch (error) {
      problems.push({
        file,
        message: error instanceof TypeError ? 'is not UTF-8 text' : `cannot be read (${(error as Error).message})`,
      });
      return null;
    }
  };

  for (const file of files) {
    if (JSONT_FILES.test(file)) {
      const text = read(file);
      if (text === null) continue;
      if (text.length > THEME_LIMITS.fileChars)
        problems.push({
          file,
          message: `holds ${text.length} characters; a template file may hold at most ${THEME_LIMITS.fileChars}`,
        });
      if (file.endsWith('.conf') && file !== 'template.conf') parseJson(file, text, problems);
      theme[file] = text;
    } else if (STATIC_FILES.test(file)) {
      const size = statSync(join(dir, ...file.split('/'))).size;
      // A name the store cannot serve (`assets/svgs/<.svg`) leaves out that file, not the whole template.
      if (!TEMPLATE_ASSET_PATH.test(file))
        warnings.push(
          `${file}: has a name the store cannot serve (letters, digits, spaces and . _ - @ + only): left out`,
        );
      else if (size > TEMPLATE_ASSET_LIMITS.fileBytes)
        problems.push({
          file,
          message: `is ${size} bytes; a static file may be at most ${TEMPLATE_ASSET_LIMITS.fileBytes}`,
        });
      else assets.push({ path: file, file: join(dir, ...file.split('/')), size });
    } else if (!file.startsWith('styles/')) ignored.push(file);
  }
  if (assets.length > TEMPLATE_ASSET_LIMITS.files)
    problems.push({
      file: 'assets/',
      message: `${assets.length} static files; a template may have at most ${TEMPLATE_ASSET_LIMITS.files}`,
    });

  addMissingFooters(theme, warnings);

  const confText = theme['template.conf'];
  if (confText === undefined) {
    if (!files.includes('template.conf'))
      problems.push({
        file: 'template.conf',
        message: 'missing: every developer-platform template has one at its root',
      });
    throw new TemplateFolderError(dir, problems);
  }
  const confJson = parseJson('template.conf', confText, problems);
  const conf = confJson === undefined ? null : templateConfSchema.safeParse(confJson);
  if (conf !== null && !conf.success) {
    for (const issue of conf.error.issues)
      problems.push({
        file: 'template.conf',
        message: `${issue.path.length === 0 ? '' : `${issue.path.join('.')}: `}${issue.message}`,
      });
  }
  const config = conf?.success === true ? conf.data : null;
  if (config !== null) {
    // As on Squarespace: without a layout named default the first one is; only its regions must exist.
    const defaultId = 'default' in config.layouts ? 'default' : (Object.keys(config.layouts)[0] as string);
    if (defaultId !== 'default')
      warnings.push(`template.conf has no layout named "default": ${defaultId}, the first, is the default`);
    for (const [id, layout] of Object.entries(config.layouts)) {
      for (const region of layout.regions) {
        if (theme[`${region}.region`] !== undefined) continue;
        const message = `layouts.${id} uses the region ${region}, but there is no ${region}.region`;
        if (id === defaultId) problems.push({ file: 'template.conf', message });
        else warnings.push(`template.conf: ${message}; pages in that layout render in the default layout`);
      }
    }
    const sheets: string[] = [];
    for (const stylesheet of config.stylesheets) {
      if (files.includes(`styles/${stylesheet}`)) sheets.push(stylesheet);
      else
        warnings.push(
          `template.conf lists the stylesheet ${stylesheet}, but there is no styles/${stylesheet}: left out`,
        );
    }
    const sources = files
      .filter((file) => file.startsWith('styles/') && /\.(?:less|css)$/.test(file))
      .map((file) => read(file) ?? '');
    const tweaks = tweakVariables(tweaksOf(confJson as Record<string, unknown>, sources));
    const compiled = await compileStylesheets(dir, files, sheets, tweaks);
    if (!('problems' in compiled)) theme[COMPILED_STYLESHEET] = compiled.css;
    else if (options.development === true) {
      // In development a stylesheet error does not stop the import: the page shows it.
      styleProblems.push(...compiled.problems);
      theme[COMPILED_STYLESHEET] = problemsStylesheet(compiled.problems);
    } else problems.push(...compiled.problems);
  }

  const count = Object.keys(theme).length;
  if (count > THEME_LIMITS.files)
    problems.push({ file: dir, message: `${count} template files; a template may have at most ${THEME_LIMITS.files}` });
  const total = Object.values(theme).reduce((sum, text) => sum + text.length, 0);
  if (total > THEME_LIMITS.totalChars)
    problems.push({
      file: dir,
      message: `${total} characters of templates and styles; at most ${THEME_LIMITS.totalChars}`,
    });
  if (problems.length > 0) throw new TemplateFolderError(dir, problems);
  return { name: config?.name ?? dir, theme, assets, warnings, ignored, styleProblems };
}
