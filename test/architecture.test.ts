/**
 * The arrows between the rooms of `src/` (docs/architecture.md): each module's relative imports are
 * read with TypeScript's own pre-processor and checked against the allowed directions, and no
 * import cycle may exist. A new wrong arrow fails here, naming the file and what it imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A relative specifier as the bundler resolves it, or null when it names no TypeScript file (an .html or .css asset). */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** Every module under src/ (paths relative to the repository) with the modules it imports. */
const graph = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const imports = ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveImport(file, specifier))
    .filter((target): target is string => target !== null)
    .map((target) => relative(ROOT, target));
  graph.set(relative(ROOT, file), imports);
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The room of a module: the folder under src/ (`engine`, `commerce`, …), or the file for src/worker.ts. */
function room(file: string): string {
  const [top, name] = file.split('/');
  if (top !== 'src') return top as string;
  return name?.endsWith('.ts') ? name.replace(/\.ts$/, '') : (name as string);
}

/** Modules of ours that import nothing of ours but each other: anything may depend on them. */
const GROUND = new Set(['values', 'html']);

/** Arrows that are allowed although the rule would refuse them, each with its reason. Keep this short. */
const KNOWN_EXCEPTIONS = new Set([
  // The engine's commerce and content formatters apply the product rules the cart and the browser
  // use, so a template can never disagree with them about "sold out" or "on sale". product.ts
  // imports only ground modules (asserted below), so this edge adds no loop and nothing else.
  'src/engine/plugins/commerce.ts -> src/commerce/product.ts',
  'src/engine/plugins/content.ts -> src/commerce/product.ts',
  // A product's status is the content status every item has (posts and pages too): one rule, in a
  // module that imports nothing (asserted below), so the product rules still reach only leaves.
  'src/commerce/product.ts -> src/site/editor/content-status.ts',
]);

/** Site modules that hold a pure rule the browser code shares with the server: they import nothing (asserted below). */
const PURE_SITE_RULES = new Set([
  'src/site/editor/content-status.ts',
  'src/site/main-image.ts',
  'src/site/image-url.ts',
]);

/** The arrows out of production modules (tests may reach wherever they test) that break `allowed`. */
function wrongArrows(from: (file: string) => boolean, allowed: (target: string) => boolean): string[] {
  const wrong: string[] = [];
  for (const [file, imports] of graph) {
    if (!from(file) || isTest(file)) continue;
    for (const target of imports) {
      const arrow = `${file} -> ${target}`;
      if (!allowed(target) && !KNOWN_EXCEPTIONS.has(arrow)) wrong.push(arrow);
    }
  }
  return wrong;
}

const inRooms =
  (...rooms: string[]) =>
  (file: string) =>
    rooms.includes(room(file));
const notIn =
  (...rooms: string[]) =>
  (file: string) =>
    !rooms.includes(room(file));

/** Import cycles as strongly connected components of more than one module (Tarjan). */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('architecture: arrows point one way', () => {
  it('reads the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/engine/index.ts')).toContain('src/engine/exec/render.ts');
  });

  it('has no import cycle anywhere under src/ (type-only imports count too)', () => {
    expect(cycles()).toEqual([]);
  });

  it('the pure site rules that commerce and the console share import nothing', () => {
    expect(
      wrongArrows(
        (file) => PURE_SITE_RULES.has(file),
        () => false,
      ),
    ).toEqual([]);
  });

  it('ground modules import only ground modules', () => {
    expect(wrongArrows(inRooms(...GROUND), inRooms(...GROUND))).toEqual([]);
  });

  it('the engine imports only the engine and the ground modules', () => {
    expect(wrongArrows(inRooms('engine'), inRooms('engine', ...GROUND))).toEqual([]);
  });

  it('the product rules the engine uses import only ground modules', () => {
    expect(wrongArrows((file) => file === 'src/commerce/product.ts', inRooms(...GROUND))).toEqual([]);
  });

  it('commerce imports only commerce and the ground modules', () => {
    expect(wrongArrows(inRooms('commerce'), inRooms('commerce', ...GROUND))).toEqual([]);
  });

  it('forms and http import nothing above them', () => {
    expect(wrongArrows(inRooms('forms'), inRooms('forms', ...GROUND))).toEqual([]);
    expect(wrongArrows(inRooms('http'), inRooms('http', ...GROUND))).toEqual([]);
  });

  it('the shared messages of accounts import only commerce and the ground modules', () => {
    expect(wrongArrows(inRooms('accounts'), inRooms('accounts', 'commerce', ...GROUND))).toEqual([]);
  });

  it('the browser code imports neither the server nor the engine (its bundle would carry it)', () => {
    expect(
      wrongArrows(
        inRooms('client'),
        notIn('routes', 'storefront', 'durable', 'engine', 'site', 'integrations', 'worker'),
      ),
    ).toEqual([]);
  });

  it('the console (browser code too) imports neither the server nor the engine; of the site only the roles table, store creation, the editor helpers and the pure picture rules', () => {
    const server = notIn('routes', 'storefront', 'durable', 'engine', 'site', 'integrations', 'worker');
    const browserSafe = (target: string) =>
      target === 'src/site/roles.ts' ||
      target === 'src/site/store-creation.ts' ||
      target.startsWith('src/site/editor/') ||
      PURE_SITE_RULES.has(target);
    expect(wrongArrows(inRooms('console'), (target) => server(target) || browserSafe(target))).toEqual([]);
  });

  it('store pages never reach the console', () => {
    expect(wrongArrows(notIn('console'), notIn('console'))).toEqual([]);
  });

  it('the storefront renders pages from site, commerce, engine, forms, integrations and browser islands, never routes or Durable Objects', () => {
    expect(
      wrongArrows(
        inRooms('storefront'),
        inRooms('storefront', 'site', 'commerce', 'engine', 'forms', 'integrations', 'client', ...GROUND),
      ),
    ).toEqual([]);
  });

  it('site, beacon, integrations and Durable Objects do not import the routes or the storefront', () => {
    expect(
      wrongArrows(inRooms('site', 'beacon', 'integrations', 'durable'), notIn('routes', 'storefront', 'worker')),
    ).toEqual([]);
  });

  it('only the worker imports the route areas', () => {
    expect(wrongArrows(notIn('worker', 'routes'), notIn('routes'))).toEqual([]);
  });

  it('the fault-injection layer imports nothing of ours, and no production module switches it on (only tests and benchmarks do)', () => {
    expect(wrongArrows(inRooms('faults'), () => false)).toEqual([]);
    const switchers = [...graph.keys()].filter(
      (file) =>
        !isTest(file) && room(file) !== 'faults' && /\binjectFaults\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(switchers).toEqual([]);
  });

  it('every known exception is still an import (remove it from the list when it goes)', () => {
    const arrows = new Set([...graph].flatMap(([file, imports]) => imports.map((target) => `${file} -> ${target}`)));
    expect([...KNOWN_EXCEPTIONS].filter((arrow) => !arrows.has(arrow))).toEqual([]);
  });
});
