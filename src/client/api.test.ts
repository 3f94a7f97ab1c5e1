/** A call lost on the way or answered "unavailable for now" is sent once more when sending it twice does no harm. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, RESEND_AFTER_MS } from './api';

vi.mock('./crumb', () => ({ crumb: async () => 'c'.repeat(32) }));

const json = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(status === 200 ? { ok: true } : { error: 'x' }), { status, headers });

/** Stubs fetch with `answers` in turn (a function throws, as a lost connection does) and returns the stub. */
function answering(...answers: (Response | (() => never))[]) {
  const fetch = vi.fn(async () => {
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    return typeof next === 'function' ? next() : next;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const lost = () => {
  throw new TypeError('Failed to fetch');
};

/** The call's status once every timer it waits for has run. */
async function statusOf(call: Promise<Response>): Promise<number> {
  await vi.runAllTimersAsync();
  return (await call).status;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('sends a read, a PUT and a POST with an Idempotency-Key once more after a 503, 502, 504 or a lost connection', async () => {
    for (const [method, headers] of [
      ['GET', {}],
      ['PUT', {}],
      ['POST', { 'Idempotency-Key': 'k' }],
    ] as const) {
      for (const failure of [json(503), json(502), json(504), lost]) {
        const fetch = answering(failure, json(200));
        expect(await statusOf(apiCall(method, '/api/x', method === 'GET' ? undefined : {}, headers))).toBe(200);
        expect(fetch).toHaveBeenCalledTimes(2);
      }
    }
  });

  it('sends once more only once, and the second answer is the one given', async () => {
    const fetch = answering(json(503), json(503), json(200));
    expect(await statusOf(apiCall('GET', '/api/x'))).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never sends twice what could take effect twice, nor an answer that is not a blip', async () => {
    for (const method of ['POST', 'DELETE']) {
      const fetch = answering(json(503), json(200));
      expect(await statusOf(apiCall(method, '/api/x', {}))).toBe(503);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    for (const status of [400, 404, 409, 429, 500]) {
      const fetch = answering(json(status), json(200));
      expect(await statusOf(apiCall('GET', '/api/x'))).toBe(status);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    answering(lost);
    const failed = apiCall('POST', '/api/x', {});
    await expect(failed).rejects.toThrow('Failed to fetch');
  });

  it('waits a second before the resend', async () => {
    const fetch = answering(json(503, { 'retry-after': '5' }), json(200));
    const call = apiCall('GET', '/api/x');
    await vi.advanceTimersByTimeAsync(RESEND_AFTER_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await call).status).toBe(200);
  });
});
