/**
 * The soak benchmark's worker (bench/soak.mjs): the production worker and its Durable Objects, with
 * a control call that switches injected faults on and off (src/faults) and reads the local payment
 * ledger. Built by the benchmark, and run as a test store (scripts/local-store.mjs) by
 * test/journeys/system-pages-language.test.ts to make a page fail in a browser; never deployed.
 */
import worker from '../src/worker';
import { localPaymentLedger } from '../src/durable/stubs';
import { clearFaults, injectedFaults, injectFaults, type Fault } from '../src/faults';

export * from '../src/worker';

const CONTROL = '/__soak';

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(CONTROL)) return worker.fetch(request, env, ctx);
    if (url.pathname === `${CONTROL}/faults` && request.method === 'PUT') {
      clearFaults();
      injectFaults((await request.json()) as Fault[]);
      return Response.json({ ok: true });
    }
    if (url.pathname === `${CONTROL}/faults`) return Response.json(injectedFaults());
    if (url.pathname === `${CONTROL}/ledger`) return Response.json(await localPaymentLedger(env).captured());
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
