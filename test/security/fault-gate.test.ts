/**
 * Fault injection never reaches production: the deployed worker (src/worker.ts, wrangler.toml's
 * `main`) has no control call, so a request that the soak benchmark's worker would take as "inject
 * these faults" is an ordinary unknown path, and nothing is injected.
 */
import { describe, expect, it } from 'vitest';
import { faultsActive } from '../../src/faults';
import { PRODUCTION_VARS, Visitor } from '../worker/visitor';

const FAULTS = JSON.stringify([
  { target: 'kv', mode: 'fail' },
  { target: 'durable-object', mode: 'fail' },
]);

describe('fault injection in production', () => {
  it('has no control call: the soak worker’s /__soak/faults is not found and injects nothing', async () => {
    for (const visitor of [new Visitor(), new Visitor('http://localhost', { vars: PRODUCTION_VARS })]) {
      const put = await visitor.fetch('/__soak/faults', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: FAULTS,
      });
      expect(put.status).toBe(404);
      expect((await visitor.fetch('/__soak/faults')).status).toBe(404);
      expect(faultsActive()).toBe(false);
    }
  });
});
