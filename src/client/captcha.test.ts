/**
 * The captcha in the browser (storefront spec §5 and §8, S67, S96 and S97): rendered only with a site key,
 * compact in a container narrower than 320 px, a null token when the captcha service fails, and a rejection when
 * Google's script did not set it up or the form left the page while it loaded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_NOT_SET_UP, COMPACT_BELOW_PX, renderCaptcha } from './captcha';

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

  it("rejects with 'The captcha has not been set up.' when the script set nothing up, or the form's document is gone (S97)", async () => {
    vi.stubGlobal('document', {
      createElement: () => ({ setAttribute: () => undefined }),
      head: { appendChild: (script: { onload: () => void }) => queueMicrotask(() => script.onload()) },
    });
    expect(CAPTCHA_NOT_SET_UP).toBe('The captcha has not been set up.');
    await expect(
      renderCaptcha(container(400), { siteKey: 'site-key', provider: 'recaptcha-enterprise' }),
    ).rejects.toThrow(new Error(CAPTCHA_NOT_SET_UP));
    const render = vi.fn(() => 7);
    const enterprise = { ready: (callback: () => void) => callback(), render, execute: vi.fn(), reset: vi.fn() };
    vi.stubGlobal('grecaptcha', { enterprise });
    // The form was closed (its container left the page) while Google's script loaded.
    const gone = { clientWidth: 400, isConnected: false };
    await expect(renderCaptcha(gone, { siteKey: 'site-key', provider: 'recaptcha-enterprise' })).rejects.toThrow(
      new Error(CAPTCHA_NOT_SET_UP),
    );
    expect(render).not.toHaveBeenCalled();
  });
});
