import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordCommerceEvent } from './commerce';

vi.mock('../cookies', () => ({ readCookie: () => 'visitor-record' }));
vi.mock('../crumb', () => ({ crumb: async () => 'c'.repeat(32) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function track(answer: () => Promise<Response>): Promise<ReturnType<typeof vi.spyOn>> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  recordCommerceEvent('view_cart', { website_id: 'demo' });
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return warn;
}

describe('a commerce event', () => {
  it('logs a warning with the HTTP status when the track is refused', async () => {
    const warn = await track(async () => new Response('{}', { status: 429 }));
    expect(warn).toHaveBeenCalledWith('Unable to track view_cart: HTTP 429');
  });

  it('says nothing when it is stored, or when the connection fails', async () => {
    expect(await track(async () => new Response(null, { status: 200 }))).not.toHaveBeenCalled();
    expect(await track(async () => Promise.reject(new TypeError('Failed to fetch')))).not.toHaveBeenCalled();
  });
});
