/** A browser-like visitor for worker tests: keeps the cookies the worker sets and sends the CSRF header. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import app from '../../src/worker';

export interface VisitorOptions {
  /** Variables over the test pool's (development) ones, e.g. `{ ENVIRONMENT: 'production' }`. */
  vars?: Partial<Env>;
  /** Sent with every request (e.g. `cf-connecting-ip`, else the test file's own: `fileAddress`). */
  headers?: Record<string, string>;
}

/**
 * The connecting address of the visitors of the test file running now, a loopback one (as every browser is in
 * development; 127.0.0.1 left to the tests that name it) chosen by the file's path: limits keyed by address (sign-in's,
 * a write's without a crumb, production's) then count only that file's visitors, also in the worker-shared project,
 * where the files of one workerd share every limiter's window.
 */
function fileAddress(): string {
  let hash = 2166136261;
  for (const char of expect.getState().testPath ?? '') hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `127.${1 + ((hash >>> 16) % 255)}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** The deployed configuration's variables (wrangler.toml, checked by test/deploy/wrangler-config.test.ts). */
export const PRODUCTION_VARS = {
  ENVIRONMENT: 'production',
  CAPTCHA_PROVIDER: 'recaptcha-enterprise',
  PAYMENT_PROVIDER: 'stripe',
} as const;

export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly origin = 'http://localhost',
    private readonly options: VisitorOptions = {},
  ) {}

  /** The crumb the page script would read: the `__Host-` one first, as src/client/cookies.ts does. */
  get crumb(): string {
    return this.cookies.get('__Host-crumb') ?? this.cookies.get('crumb') ?? '';
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.options.headers ?? {}))
      if (!headers.has(name)) headers.set(name, value);
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', fileAddress());
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.deliver(`${this.origin}${path}`, { ...init, headers });
    for (const line of res.headers.getAll('set-cookie')) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  /** Through the deployed worker, or straight to the app with other variables (its body read whole). */
  private async deliver(url: string, init: RequestInit): Promise<Response> {
    if (this.options.vars === undefined) return exports.default.fetch(url, init);
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(url, init), { ...env, ...this.options.vars }, ctx);
    const body = res.body === null ? null : await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return new Response(body, res);
  }

  /** Loads a page, then asks for a crumb as the page script does before its first state change (pages set no cookie). */
  async open(path = '/'): Promise<this> {
    await (await this.fetch(path)).arrayBuffer();
    await (await this.fetch('/api/crumb')).arrayBuffer();
    return this;
  }

  /** A state-changing JSON call with the crumb echoed in X-CSRF-Token. */
  send(method: string, path: string, body: unknown): Promise<Response> {
    return this.fetch(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': this.crumb },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async json<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = method === 'GET' ? await this.fetch(path) : await this.send(method, path, body);
    return { status: res.status, body: (await res.json()) as T };
  }
}
