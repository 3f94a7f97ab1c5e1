/**
 * `npm run site -- import DIR --host NAME --owner EMAIL` (issue 33, console gaps point 3): after the import's
 * commit the command invites the store's owner with the site admin `owners` call and says where the invitation is;
 * --owner without --host, or with publish, is a usage error that sends nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../scripts/site/cli';
import { writeSiteFolder } from '../../scripts/site/folder';
import { generateSite } from '../../scripts/site/generate';

const work = mkdtempSync(join(tmpdir(), 'site-import-owner-'));
const dir = join(work, 'store');
const HOST = 'fern.localhost';
let server: Server;
let url = '';
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  writeSiteFolder(dir, generateSite({ products: 20, posts: 2, seed: 7, themeDir: 'themes/default' }));
  // Answers the site admin calls as the worker would.
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, body });
      response.setHeader('content-type', 'application/json');
      const answer = path.endsWith('/imports')
        ? { importId: 'i1', websiteId: 'w1' }
        : path.endsWith('/commit')
          ? { websiteId: 'w1', host: HOST, version: 2 }
          : path.endsWith('/owners')
            ? { websiteId: 'w1', host: HOST, url: `http://${HOST}:8787`, owner: 'you@example.com' }
            : {};
      response.statusCode = path.endsWith('/owners') || path.endsWith('/imports') ? 201 : 200;
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

/** The command's exit code and what it printed on stdout and stderr. */
async function run(args: string[]): Promise<{ code: number; printed: string }> {
  received.length = 0;
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => (printed.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    return { code: await main(args), printed: printed.join('\n') };
  } finally {
    process.stderr.write = write;
    log.mockRestore();
  }
}

describe('import --host --owner', () => {
  it('invites the owner after the commit, the way new does, and says where the invitation is', async () => {
    const { code, printed } = await run(['import', dir, '--host', HOST, '--owner', 'you@example.com', '--url', url]);
    expect(code).toBe(0);
    const paths = received.map((call) => call.path);
    expect(paths.at(-1)).toBe('/api/site-admin/owners');
    expect(paths.indexOf('/api/site-admin/imports/i1/commit')).toBe(paths.length - 2);
    expect(JSON.parse(received.at(-1)?.body ?? '{}')).toEqual({ host: HOST, owner: 'you@example.com' });
    expect(printed).toContain(
      `Invited you@example.com as its owner: the email's link sets the password (development: http://${HOST}:8787/dev/mailbox); then sign in at http://${HOST}:8787/config`,
    );
  });

  it('without --owner imports as before and says how to invite one', async () => {
    const { code, printed } = await run(['import', dir, '--host', HOST, '--url', url]);
    expect(code).toBe(0);
    expect(received.map((call) => call.path)).not.toContain('/api/site-admin/owners');
    expect(printed).toContain('--owner EMAIL invites its owner');
  });

  it('refuses --owner without --host or with publish, sending nothing', async () => {
    for (const args of [
      ['import', dir, '--owner', 'you@example.com', '--url', url],
      ['publish', dir, '--host', HOST, '--owner', 'you@example.com', '--url', url],
    ]) {
      const { code, printed } = await run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(printed).toContain('--owner goes with import DIR --host NAME');
      expect(received).toEqual([]);
    }
  });
});
