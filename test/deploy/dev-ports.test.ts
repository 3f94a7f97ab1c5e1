/**
 * `npm start`'s ports (scripts/dev-ports.mjs, issue 35): wrangler's inspector port moves with PORT
 * or is set by INSPECTOR_PORT, so two checkouts on one machine do not collide, and a taken port is
 * reported with advice that works for `npm start`.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { devPorts, portProblem } from '../../scripts/dev-ports.mjs';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** A port something listens on. */
async function takenPort(): Promise<number> {
  server = createServer();
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('npm start ports', () => {
  it('moves the inspector port with PORT, or takes INSPECTOR_PORT', () => {
    expect(devPorts({})).toEqual({ port: 8787, inspectorPort: 9229 });
    expect(devPorts({ PORT: '8790' })).toEqual({ port: 8790, inspectorPort: 9232 });
    expect(devPorts({ PORT: '8790', INSPECTOR_PORT: '9400' })).toEqual({ port: 8790, inspectorPort: 9400 });
    expect(devPorts({ INSPECTOR_PORT: 'x' })).toHaveProperty('error');
    expect(devPorts({ PORT: '70000' })).toHaveProperty('error');
  });

  it('names the taken inspector port with advice npm start can follow', async () => {
    const inspectorPort = await takenPort();
    const problem = await portProblem({ port: 1 + ((inspectorPort + 7) % 60000) + 1024, inspectorPort }, '127.0.0.1');
    expect(problem).toBe(
      `port ${inspectorPort} (wrangler's inspector) is in use: start with INSPECTOR_PORT=<another port> npm start, or PORT=<another port>, which moves both`,
    );
  });

  it('names the taken store port', async () => {
    const port = await takenPort();
    expect(await portProblem({ port, inspectorPort: 1024 + ((port + 11) % 60000) }, '127.0.0.1')).toMatch(
      new RegExp(`^port ${port} \\(the store\\) is in use: start with PORT=`),
    );
  });
});
