import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startErrorReporter } from './errors';
import { sendBeacon } from './send';

vi.mock('./send', () => ({ sendBeacon: vi.fn() }));

const page = { websiteId: 'demo', path: '/shop' } as Parameters<typeof startErrorReporter>[0];

function raise(target: EventTarget, error: Error): void {
  target.dispatchEvent(
    Object.assign(new Event('error'), { error, message: error.message, filename: 'https://shop.test/build/entry.js' }),
  );
}

function sentContents(): Array<Record<string, unknown>> {
  return vi
    .mocked(sendBeacon)
    .mock.calls.map(([, body]) => (JSON.parse(String(body)) as { eventContent: Record<string, unknown> }).eventContent);
}

describe('error reporter', () => {
  let target: EventTarget;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(sendBeacon).mockClear();
    target = new EventTarget();
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends 1 s after the last error, at most 10 waiting and 20 per page, with stacks cut at 5000 characters', () => {
    startErrorReporter(page);
    const long = new Error('long');
    long.stack = 'x'.repeat(6000);
    raise(target, long);
    vi.advanceTimersByTime(900);
    raise(target, new Error('second'));
    vi.advanceTimersByTime(900);
    expect(sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(sentContents().map((c) => c.error_message)).toEqual(['long', 'second']);
    expect(String(sentContents()[0]?.error_stack).length).toBe(5000);

    for (let i = 0; i < 15; i++) raise(target, new Error(`burst ${i}`));
    vi.advanceTimersByTime(1000);
    expect(sentContents()).toHaveLength(12);
    for (let i = 0; i < 15; i++) raise(target, new Error(`later ${i}`));
    vi.advanceTimersByTime(1000);
    expect(sentContents()).toHaveLength(20);
    expect(sentContents()[0]).toMatchObject({ context_website_id: 'demo', page_path: '/shop', error_kind: 'error' });
  });

  it('reports unhandled rejections with their reason', () => {
    startErrorReporter(page);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'gone' }));
    vi.advanceTimersByTime(1000);
    expect(sentContents()).toEqual([
      expect.objectContaining({ error_kind: 'unhandledrejection', error_message: 'gone' }),
    ]);
  });
});
