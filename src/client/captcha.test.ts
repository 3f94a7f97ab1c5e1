/**
 * The captcha in the browser (storefront spec §5 and §8, S67 and S96): rendered only with a site key,
 * compact in a container narrower than 320 px, and a null token when the captcha service fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_BELOW_PX, renderCaptcha } from './captcha';

afterEach(() => vi.unstubAllGlobals());

const container = (clientWidth: number) => ({ clientWidth });
const LOCAL = { siteKey: 'site-key', provider: 'local' as const };

describe('the captcha', () => {
  it('is compact below 320 px and normal from 320 px (S67)', async () => {
    expect(COMPACT_BELOW_PX).toBe(320);
    expect((await renderCaptcha(container(319), LOCAL)).compact).toBe(true);
    expect((await renderCaptcha(container(320), LOCAL)).compact).toBe(false);
  });

  it("renders only with a site key: without one it rejects with 'Enterprise V3 ReCaptcha site key not found' (S96)", async () => {
    for (const siteKey of [null, ''])
      await expect(renderCaptcha(container(400), { siteKey, provider: 'recaptcha-enterprise' })).rejects.toThrow(
        new Error('Enterprise V3 ReCaptcha site key not found'),
      );
  });

  it('gives a null token when the captcha service cannot answer (S96)', async () => {
    const render = vi.fn(() => 7);
    const enterprise = {
      ready: (callback: () => void) => callback(),
      render,
      execute: () => Promise.reject(new Error('recaptcha unavailable')),
      reset: () => undefined,
    };
    // Google's script "loads" at once and leaves its enterprise object, as the real one does.
    vi.stubGlobal('document', {
      createElement: () => ({ setAttribute: () => undefined }),
      head: { appendChild: (script: { onload: () => void }) => queueMicrotask(() => script.onload()) },
    });
    vi.stubGlobal('grecaptcha', { enterprise });
    const captcha = await renderCaptcha(container(300), { siteKey: 'site-key', provider: 'recaptcha-enterprise' });
    expect(render).toHaveBeenCalledWith(container(300), { sitekey: 'site-key', size: 'compact', badge: 'inline' });
    expect(await captcha.token('form_block')).toBeNull();
  });
});
