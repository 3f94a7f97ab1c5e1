/**
 * Where a product page miss spends its CPU outside workerd (`NODE_ENV=production node
 * scripts/run-bundled.mjs bench/profile-miss.mjs`): the page context, the head and the body timed
 * over many renders of the demo's product page from an in-memory catalogue (no storage reads),
 * and a CPU profile of the same renders split by where the time goes (the engine, React's
 * `renderToString` of the islands, the island props, the page context, the rest). HTMLRewriter
 * and the runtime's streaming exist only in workerd: `npm run bench` measures the whole miss there,
 * and the difference is theirs and storage's.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { demoSite } from '../src/site/seed/demo';
import { resolvePage } from '../src/storefront/page-context';
import { pageData, renderBody, renderHead } from '../src/storefront/render';

const RENDERS = Number(process.env.RENDERS ?? 300);
const PATH = '/shop/p/linen-shirt';

const { items, ...site } = demoSite();

const unused = () => Promise.reject(new Error('not read by a product page'));
/** The product page's reads, from the demo's items in memory. */
const catalog = {
  async itemPage(collectionId, urlId, relatedLimit) {
    const item = items.find((i) => i.collectionId === collectionId && i.urlId === urlId);
    if (item === undefined) return null;
    const related = items.filter((i) => i.collectionId === collectionId && i.id !== item.id).slice(0, relatedLimit);
    return { item: structuredClone(item), related: structuredClone(related), previous: null, next: null };
  },
  async itemsById(ids) {
    return structuredClone(items.filter((i) => ids.includes(i.id)));
  },
  listing: unused,
  search: unused,
  itemsWithForms: async () => [],
  firstProducts: async () => [],
  itemUrls: unused,
};

const code = { header: null, footer: null, sources: { scripts: [], styles: [] } };

async function once() {
  const t0 = performance.now();
  const page = await resolvePage(site, catalog, PATH, {});
  const t1 = performance.now();
  const data = pageData(site, page, '/build/entry.js', code);
  renderHead(site, data, false);
  const t2 = performance.now();
  renderBody(site, data, page, false);
  const t3 = performance.now();
  return { context: t1 - t0, head: t2 - t1, body: t3 - t2 };
}

/** This bundle's modules by first line (esbuild writes `// path` before each module's code). */
function bundleModules() {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  return lines.flatMap((text, line) => (/^\/\/ (src|bench)\//.test(text) ? [{ line, path: text.slice(3) }] : []));
}

function areaOf(node, modules) {
  const { url, lineNumber, functionName } = node.callFrame;
  if (/react-dom|\/react\//.test(url)) return 'React renderToString';
  if (url !== import.meta.url)
    return functionName.startsWith('(') ? `runtime ${functionName}` : 'runtime (Node built-ins)';
  const module = modules.findLast((m) => m.line <= lineNumber)?.path ?? '';
  if (module.startsWith('src/engine/')) return 'engine (templates, formatters)';
  if (module === 'src/storefront/islands.tsx' || module.startsWith('src/client/') || module.startsWith('src/commerce/'))
    return 'island props and commerce rules';
  if (module.startsWith('src/storefront/page-context') || module.startsWith('src/site/')) return 'page context';
  return `other (${module})`;
}

for (let i = 0; i < 50; i++) await once();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const total = { context: 0, head: 0, body: 0 };
for (let i = 0; i < RENDERS; i++) {
  const t = await once();
  total.context += t.context;
  total.head += t.head;
  total.body += t.body;
}
const { profile } = await session.post('Profiler.stop');
const per = (ms) => (ms / RENDERS).toFixed(3);
console.log(
  `product page ${PATH}, ${RENDERS} renders after 50 warm-up, Node with the profiler on (no HTMLRewriter, no storage):`,
);
console.log(
  `  page context ${per(total.context)} ms, head template ${per(total.head)} ms, body templates with islands ${per(total.body)} ms per render`,
);
const modules = bundleModules();
const samples = new Map();
let all = 0;
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
  const area = areaOf(node, modules);
  samples.set(area, (samples.get(area) ?? 0) + hits);
  all += hits;
}
const perRenderMs = (total.context + total.head + total.body) / RENDERS;
for (const [area, hits] of [...samples].sort((a, b) => b[1] - a[1])) {
  console.log(
    `  ${area.padEnd(36)} ${((100 * hits) / all).toFixed(1).padStart(5)} %  ~${((perRenderMs * hits) / all).toFixed(3)} ms`,
  );
}
