/**
 * The arrows between the rooms of `src/`: each module's relative imports are read with TypeScript's
 * own pre-processor and checked against the table of rooms (test/architecture/rooms.ts, which
 * docs/architecture.md's "Rooms" table is written from); no import cycle may exist between modules
 * or between rooms. A new wrong arrow fails here, naming the file and what it imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { beaconRoutes } from '../src/api/beacon-routes';
import { consoleRoutes } from '../src/api/console';
import { customerRoutes } from '../src/api/customers';
import { merchantRoutes } from '../src/api/merchant';
import { storefrontRoutes } from '../src/api/storefront';
import { DOC, END, BEGIN, roomsMarkdown } from './architecture/doc';
import { BROWSER_SAFE_SITE, GROUND, KNOWN_EXCEPTIONS, ROOMS, roomOf, type Room } from './architecture/rooms';

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
/** The packages each module imports (specifiers that are not relative). */
const packages = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
  packages.set(
    relative(ROOT, file),
    specifiers.filter((specifier) => !specifier.startsWith('.')),
  );
  const imports = specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveImport(file, specifier))
    .filter((target): target is string => target !== null)
    .map((target) => relative(ROOT, target));
  graph.set(relative(ROOT, file), imports);
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const production = [...graph].filter(([file]) => !isTest(file));

const EXCEPTION_ARROWS = new Set(KNOWN_EXCEPTIONS.map(({ arrow }) => arrow));
const EXCEPTION_TARGETS = new Set(KNOWN_EXCEPTIONS.map(({ arrow }) => arrow.split(' -> ')[1] as string));
const isGround = (file: string) => (GROUND as readonly string[]).includes(roomOf(file));
const byName = new Map(ROOMS.map((row) => [row.room, row]));

/** Site modules that hold a pure rule the browser code shares with the server: they import nothing (asserted below). */
const PURE_SITE_RULES = new Set([
  'src/site/editor/content-status.ts',
  'src/site/model/main-image.ts',
  'src/site/model/image-url.ts',
]);

/** Rooms whose code runs on the server only: the browser's bundles must never reach them, even through another module. */
const SERVER_ONLY = ['worker', 'routes', 'storefront', 'durable', 'integrations', 'engine'];

const listed = (files: readonly string[], target: string) =>
  files.some((file) => (file.endsWith('/') ? target.startsWith(file) : target === file));

/** Whether a production module of `row` may import `target` by the table. */
function allowed(row: Room, target: string): boolean {
  const to = roomOf(target);
  if (to === row.room) return true;
  if (!row.mayImport.includes(to)) return false;
  const only = row.only?.[to];
  return only === undefined || listed(only, target);
}

/** Production arrows out of `from` modules that `allow` refuses and no known exception covers. */
function wrongArrows(from: (file: string) => boolean, allow: (file: string, target: string) => boolean): string[] {
  return production.flatMap(([file, imports]) =>
    from(file)
      ? imports
          .filter((target) => !allow(file, target))
          .map((target) => `${file} -> ${target}`)
          .filter((arrow) => !EXCEPTION_ARROWS.has(arrow))
      : [],
  );
}

/** Strongly connected components of more than one node (Tarjan): the import cycles of `edges`. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
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
    for (const w of edges.get(v) ?? []) {
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
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The rooms' own graph: an edge wherever a production module of one imports a module of another. */
function roomGraph(): Map<string, string[]> {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of production) {
    for (const target of imports) {
      if (EXCEPTION_ARROWS.has(`${file} -> ${target}`) || roomOf(file) === roomOf(target)) continue;
      const out = edges.get(roomOf(file)) ?? new Set<string>();
      edges.set(roomOf(file), out.add(roomOf(target)));
    }
  }
  return new Map([...edges].map(([room, targets]) => [room, [...targets]]));
}

/** Every module `start` reaches through imports, itself included. */
function reach(start: readonly string[]): Set<string> {
  const seen = new Set(start);
  const queue = [...start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const target of graph.get(file) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

describe('architecture: the table of rooms (test/architecture/rooms.ts)', () => {
  it('reads the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/engine/index.ts')).toContain('src/engine/exec/render.ts');
  });

  it('has a row for every folder and top-level module under src/, and names no room or module that is not there', () => {
    const present = new Set([...graph.keys()].map(roomOf));
    expect([...present].filter((room) => !byName.has(room)).sort()).toEqual([]);
    expect(ROOMS.map((row) => row.room).filter((room) => !present.has(room))).toEqual([]);
    const named = ROOMS.flatMap((row) => Object.values(row.only ?? {}).flat());
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('runs downward: each room may import only rooms below its own row (the ground only the ground)', () => {
    const order = ROOMS.map((row) => row.room);
    const upward = ROOMS.flatMap((row, at) =>
      row.mayImport
        .filter((name) => !(isGround(`src/${row.room}`) && isGround(`src/${name}`)) && order.indexOf(name) <= at)
        .map((name) => `${row.room} -> ${name}`),
    );
    expect(upward).toEqual([]);
  });

  it('docs/architecture.md holds the table as rooms.ts writes it (edit a row in test/architecture/rooms.ts, then `npm run docs:architecture`)', () => {
    const doc = readFileSync(DOC, 'utf8');
    const begin = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(begin, 'the rooms markers').toBeGreaterThanOrEqual(0);
    expect(doc.slice(begin + BEGIN.length, end).trim()).toBe(roomsMarkdown());
  });
});

describe('architecture: arrows point one way', () => {
  it.each(ROOMS.map((row) => [row.room, row] as const))('%s imports only what its row allows', (_, row) => {
    expect(
      wrongArrows(
        (file) => roomOf(file) === row.room,
        (_file, target) => allowed(row, target),
      ),
    ).toEqual([]);
  });

  it('has no import cycle between modules anywhere under src/ (type-only imports count too)', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no import cycle between rooms', () => {
    expect(cycles(roomGraph())).toEqual([]);
  });

  it('the known exceptions close no loop: what they point at reaches only the ground and each other', () => {
    const reached = [...reach([...EXCEPTION_TARGETS])];
    expect(reached.filter((file) => !isGround(file) && !EXCEPTION_TARGETS.has(file))).toEqual([]);
  });

  it('the browser code (storefront islands and the console) never reaches a server-only room, even through another module', () => {
    const browser = [...graph.keys()].filter((file) => !isTest(file) && ['client', 'console'].includes(roomOf(file)));
    expect([...reach(browser)].filter((file) => SERVER_ONLY.includes(roomOf(file)))).toEqual([]);
  });

  it('the engine is pure TypeScript: it imports no package (no Workers, Node or DOM library)', () => {
    const engine = [...packages].filter(
      ([file, used]) => roomOf(file) === 'engine' && !isTest(file) && used.length > 0,
    );
    expect(engine).toEqual([]);
  });

  it('the pure site rules that commerce and the console share import nothing', () => {
    expect(
      wrongArrows(
        (file) => PURE_SITE_RULES.has(file),
        () => false,
      ),
    ).toEqual([]);
    expect(BROWSER_SAFE_SITE.filter((file) => !file.endsWith('/') && !graph.has(file))).toEqual([]);
  });

  it('the product rules the engine uses import only ground modules', () => {
    expect(
      wrongArrows(
        (file) => file === 'src/commerce/product.ts',
        (_file, target) => isGround(target),
      ),
    ).toEqual([]);
  });

  it('no production module switches the fault-injection layer on (only tests and benchmarks do)', () => {
    const switchers = production
      .map(([file]) => file)
      .filter(
        (file) => roomOf(file) !== 'faults' && /\binjectFaults\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')),
      );
    expect(switchers).toEqual([]);
  });

  it('makes Durable Object stubs only in durable/stubs.ts (the site modules below durable/ are given the content object)', () => {
    // Every way a namespace names an object: by name, by a stored id, a new id, or straight to the stub.
    const maker = /\.(?:idFromName|idFromString|newUniqueId|getByName)\s*\(/g;
    const makers = production.flatMap(([file]) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(maker)].map((found) => `${file} ${found[0]}`),
    );
    expect(makers.filter((found) => !found.startsWith('src/durable/stubs.ts '))).toEqual([]);
  });

  it('every known exception is still an import (remove it from the list when it goes)', () => {
    const arrows = new Set([...graph].flatMap(([file, imports]) => imports.map((target) => `${file} -> ${target}`)));
    expect([...EXCEPTION_ARROWS].filter((arrow) => !arrows.has(arrow))).toEqual([]);
  });
});

describe('architecture: the map of the docs', () => {
  const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

  it('lists every docs page in the docs index and in the README', () => {
    const index = read('docs/README.md');
    const readme = read('README.md');
    expect(pages.filter((page) => !index.includes(`](${page})`))).toEqual([]);
    expect(pages.filter((page) => !readme.includes(`](docs/${page})`))).toEqual([]);
  });

  it('names only npm scripts that package.json has, in the README and the docs', () => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts);
    const named = ['README.md', ...pages.map((page) => `docs/${page}`)].flatMap((path) =>
      [...read(path).matchAll(/npm run ([a-z][\w:-]*)/g)].map((run) => `${path}: ${run[1]}`),
    );
    expect(named.filter((entry) => !scripts.includes(entry.split(': ')[1] as string))).toEqual([]);
  });

  it('has no relative link in the README or the docs to a file that is not there', () => {
    const broken = ['README.md', 'docs/README.md', ...pages.map((page) => `docs/${page}`)].flatMap((path) =>
      [...read(path).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((link) => link[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(resolve(ROOT, dirname(path), target)))
        .map((target) => `${path} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('architecture: one contract for the browser (src/api)', () => {
  /** Each string or template text in a module that holds an API path, with its line. */
  function apiPathLiterals(file: string): string[] {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) &&
        !ts.isImportDeclaration(node.parent) &&
        !ts.isExportDeclaration(node.parent) &&
        node.text.includes('/api/')
      ) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1} ${node.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  /** The worker's route modules, as one text. */
  function routesSource(): string {
    const routes = [...graph.keys()].filter((file) => roomOf(file) === 'routes' && !file.endsWith('.test.ts'));
    return routes.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  }

  it('the browser code (client, console) writes no /api/ path: every path comes from src/api', () => {
    const browser = [...graph.keys()].filter((file) => !isTest(file) && ['client', 'console'].includes(roomOf(file)));
    expect(browser.length).toBeGreaterThan(50);
    expect(browser.flatMap(apiPathLiterals)).toEqual([]);
  });

  it('the worker registers every console and merchant API route from the contract (src/routes names api.<route>), so a path is written once', () => {
    const source = routesSource();
    const names = Object.keys({ ...consoleRoutes, ...customerRoutes, ...merchantRoutes });
    expect(names.length).toBeGreaterThan(120);
    expect(names.filter((name) => !new RegExp(`\\bapi\\.${name}\\b`).test(source))).toEqual([]);
  });

  it('no module outside src/api writes an /api/ path but the API prefix itself, the crumb and the callers that are not browsers', () => {
    const outside = [...graph.keys()].filter((file) => !isTest(file) && roomOf(file) !== 'api');
    const literals = outside
      .flatMap(apiPathLiterals)
      .map((found) => found.replace(/:\d+ /, ' '))
      .filter((found) => /^\S+ \/api\//.test(found));
    expect(literals.length).toBeGreaterThan(0);
    // The worker's prefix for the API's 404 and read limit, and the rate limit's: not a route. The
    // crumb's path sits beside its cookie (src/cookies.ts), the one module the collectors' bundle takes
    // it from. The payment providers' webhooks and the site admin are called by services and tools,
    // each behind its own check, never by a browser. A new route goes in src/api, not on this list.
    expect([...new Set(literals)].sort()).toEqual([
      'src/cookies.ts /api/crumb',
      'src/routes/integrations/payment-webhooks.ts /api/commerce/payments/webhook',
      'src/routes/integrations/site-admin.ts /api/site-admin',
      'src/routes/shared/rate-limit.ts /api/',
      'src/worker.ts /api/',
      'src/worker.ts /api/*',
    ]);
  });

  it('a route area registers a literal path only for a page, a file or a service (every API call a browser or a merchant makes is from src/api)', () => {
    const routes = [...graph.keys()].filter((file) => roomOf(file) === 'routes' && !isTest(file));
    // A path starts with '/' or is '*' (a header's name, as in `headers.delete('x-page-cache')`, is not a route).
    const registration = /^\s*\w+\.(?:get|post|put|patch|delete|all)\(\s*(['`][/*][^'`]*['`])/gm;
    const literal = routes.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(registration)].map((match) => `${file} ${match[1]}`),
    );
    expect(literal.length).toBeGreaterThan(0);
    expect(
      literal.filter(
        (found) =>
          !/ ['`]\/(?:files|downloads|assets|scripts|config|robots|sitemap|images|integrations)\b|^src\/routes\/(?:integrations\/site-admin|pages\/pages)\.ts |\$\{(?:PAYMENT_WEBHOOK_PATH|DEV_MAILBOX_PATH)\}|^src\/routes\/shop\/cart\.ts '\/'/.test(
            found,
          ),
      ),
    ).toEqual([]);
  });

  it("the console's route areas answer only through the contract (answer(c, api.<route>, body), a CSV export's answerCsv, a 204's answerNothing), so the answer's type is the one the console reads", () => {
    const consoleAreas = [...graph.keys()].filter((file) => file.startsWith('src/routes/console/') && !isTest(file));
    expect(consoleAreas.length).toBeGreaterThan(20);
    const bare = consoleAreas.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => /\bc\.(?:json|body)\(/.test(line))
        .map(() => file),
    );
    expect(bare).toEqual([]);
  });

  it("the worker registers every route of the store's pages and collectors from the contract (src/routes names api.<route>)", () => {
    const source = routesSource();
    const names = Object.keys({ ...storefrontRoutes, ...beaconRoutes });
    expect(names.length).toBeGreaterThan(45);
    expect(names.filter((name) => !new RegExp(`\\bapi\\.${name}\\b`).test(source))).toEqual([]);
  });
});
