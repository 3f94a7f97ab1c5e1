/**
 * workerd's inspector for the benches: a session on one of its isolates (`send` a DevTools Protocol method, get its
 * answer), V8's sampling profiler around a piece of load, and the bundle's source module at a profile frame's line
 * (esbuild writes `// path` before each module of dist/worker.js).
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

/** A session on the inspector's first target that `isTarget` accepts (else its first), with the socket's `options`. */
export async function openInspector(port, isTarget = () => true, options = {}) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find(isTarget) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl, options);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let nextId = 1;
  const pending = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id === undefined) return;
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** V8's CPU profile (a sample every `intervalUs` µs) of the isolate while `run` runs, with what `run` answered. */
export async function profiled(send, run, intervalUs = 200) {
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: intervalUs });
  await send('Profiler.start');
  const result = await run();
  const {
    result: { profile },
  } = await send('Profiler.stop');
  return { profile, result };
}

/** The source module (`src/…` or `node_modules/…`) of a frame in the production bundle; null for another script. */
export function bundleModuleOf(bundle = 'dist/worker.js') {
  const starts = readFileSync(bundle, 'utf8')
    .split('\n')
    .flatMap((text, line) => (/^\/\/ (src|node_modules)\//.test(text) ? [{ line, path: text.slice(3) }] : []));
  return ({ url, lineNumber }) =>
    url.includes('worker.js') ? (starts.findLast((m) => m.line <= lineNumber)?.path ?? '(bundle)') : null;
}
