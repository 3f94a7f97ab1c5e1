/** A test's API call survives the store resetting the connection it went out on, and is sent at most twice. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryResets } from './browser';

let server: Server;
let url: string;
let received = 0;
let resetsLeft = 0;

beforeAll(async () => {
  // Resets the connection of the next `resetsLeft` calls before answering, as a server closing an idle socket does.
  server = createServer((req, res) => {
    received++;
    if (resetsLeft > 0) {
      resetsLeft--;
      req.socket.destroy();
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/console/products/bulk`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API calls on a reset connection', () => {
  it('fails a plain call and sends a retried one once more', async () => {
    const plain = await request.newContext();
    received = 0;
    resetsLeft = 1;
    await expect(plain.post(url, { data: { price: 1 } })).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(received).toBe(1);

    const retried = retryResets(await request.newContext());
    received = 0;
    resetsLeft = 1;
    const res = await retried.post(url, { data: { price: 1 } });
    expect(await res.text()).toBe('ok');
    expect(received).toBe(2);

    received = 0;
    resetsLeft = 2;
    await expect(retried.post(url, { data: { price: 1 } })).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(received).toBe(2);
    await plain.dispose();
    await retried.dispose();
  });
});
