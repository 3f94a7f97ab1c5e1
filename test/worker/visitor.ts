/** A browser-like visitor for worker tests: keeps the cookies the worker sets and sends the CSRF header. */
import { exports } from 'cloudflare:workers';

export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly origin = 'http://localhost') {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await exports.default.fetch(`${this.origin}${path}`, { ...init, headers });
    for (const line of res.headers.getAll('set-cookie')) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  /** Loads a page first so the visitor has a crumb, as a browser would. */
  async open(path = '/'): Promise<this> {
    await (await this.fetch(path)).arrayBuffer();
    return this;
  }

  /** A state-changing JSON call with the crumb echoed in X-CSRF-Token. */
  send(method: string, path: string, body: unknown): Promise<Response> {
    return this.fetch(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': this.cookies.get('crumb') ?? '' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = method === 'GET' ? await this.fetch(path) : await this.send(method, path, body);
    return { status: res.status, body: (await res.json()) as T };
  }
}
