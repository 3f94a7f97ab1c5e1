/**
 * The five walks of docs/architecture.md ("Walks"), counted from the static import graph: from the
 * module whose handler answers a request, every module its value imports reach (type-only imports
 * are left out: they do not run), then the folders those modules sit in and the route modules the
 * walk comes back to. `node scripts/walks.mjs` counts the working tree; `--rev <commit>` a commit.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

/** Each walk: its name and the module whose handler answers it. */
export const WALKS = [
  ['page', 'src/routes/pages/pages.ts'],
  ['add to cart', 'src/routes/shop/cart.ts'],
  ['place order', 'src/routes/shop/checkout.ts'],
  ['save a product', 'src/routes/console/console-catalog.ts'],
  ['beacon', 'src/routes/shop/beacons.ts'],
];

const ROOT = join(import.meta.dirname, '..');

/** The TypeScript modules under src/ and a reader of their text: the working tree's, or a commit's. */
function sources(rev) {
  if (rev === undefined) {
    const walk = (dir) =>
      readdirSync(join(ROOT, dir)).flatMap((name) => {
        const path = posix.join(dir, name);
        return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
      });
    return { files: walk('src'), read: (file) => readFileSync(join(ROOT, file), 'utf8') };
  }
  const listing = execFileSync('git', ['ls-tree', '-r', '--name-only', rev, 'src'], { cwd: ROOT, encoding: 'utf8' });
  return {
    files: listing.split('\n').filter(Boolean),
    read: (file) =>
      execFileSync('git', ['show', `${rev}:${file}`], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 }),
  };
}

/** Whether an import or export declaration brings in only types (erased: nothing of it runs). */
function typeOnly(node) {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly);
  }
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/** The relative specifiers a module's code imports at run time (static and dynamic). */
function valueImports(text, file) {
  const found = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined) {
      if (!typeOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument !== undefined && ts.isStringLiteral(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** The module graph of `rev` (or the working tree): each module with the modules it imports at run time. */
export function importGraph(rev) {
  const { files, read } = sources(rev);
  const modules = new Set(files.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file)));
  const resolved = (from, specifier) => {
    const base = posix.join(posix.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => modules.has(c));
  };
  const graph = new Map();
  for (const file of modules)
    graph.set(
      file,
      valueImports(read(file), file)
        .map((specifier) => resolved(file, specifier))
        .filter((target) => target !== undefined),
    );
  return graph;
}

/** The room of a module: its folder under src/ (`worker` for src/worker.ts), as test/architecture/rooms.ts names them. */
const roomOf = (file) => file.split('/')[1].replace(/\.tsx?$/, '');

/**
 * One walk's counts. `rooms` and `folders`: the rooms and the folders (src/site and src/site/editor
 * are two) of the modules it reaches, the start's own not counted. `reentries`: the modules of
 * routes/ it reaches besides the start, each a return to the HTTP layer; `otherAreas`: those of
 * them in another route folder than the start's, routes/shared/ aside (one area reaching into another).
 */
export function walk(graph, start) {
  const reached = new Set([start]);
  const queue = [start];
  while (queue.length > 0)
    for (const next of graph.get(queue.shift()) ?? [])
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
  const others = [...reached].filter((file) => file !== start);
  const rooms = new Set(others.map(roomOf));
  rooms.delete(roomOf(start));
  const folders = new Set(others.map((file) => posix.dirname(file)));
  folders.delete(posix.dirname(start));
  const routes = others.filter((file) => file.startsWith('src/routes/'));
  const otherAreas = routes.filter(
    (file) => posix.dirname(file) !== posix.dirname(start) && !file.startsWith('src/routes/shared/'),
  );
  return {
    modules: reached.size,
    rooms: rooms.size,
    folders: folders.size,
    reentries: routes.length,
    otherAreas,
    routes,
  };
}

if (process.argv[1] !== undefined && relative(process.argv[1], join(ROOT, 'scripts', 'walks.mjs')) === '') {
  const at = process.argv.indexOf('--rev');
  const rev = at === -1 ? undefined : process.argv[at + 1];
  const graph = importGraph(rev);
  console.log(`walks at ${rev ?? 'the working tree'} (run-time imports from the handler's module)\n`);
  console.log(
    '| walk | handler | modules | rooms | folders crossed | re-entries into routes/ | of them another area |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, start] of WALKS) {
    if (!graph.has(start)) {
      console.log(`| ${name} | \`${start}\` (missing) | | | | | |`);
      continue;
    }
    const counts = walk(graph, start);
    const { modules, rooms, folders, reentries, otherAreas } = counts;
    console.log(
      `| ${name} | \`${start.slice(4)}\` | ${modules} | ${rooms} | ${folders} | ${reentries} | ${otherAreas.length} |`,
    );
    if (process.argv.includes('--verbose')) console.log(counts.routes.map((file) => `  ${file}`).join('\n'));
  }
}
