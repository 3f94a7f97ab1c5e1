import { afterEach, describe, expect, it, vi } from 'vitest';
import { captchaVerifier } from './captcha';

const TOKEN = 'local:form_block:0123456789abcdef';

describe('captcha verifier', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts local tokens for the expected action in development only', async () => {
    const local = captchaVerifier({ ENVIRONMENT: 'development', CAPTCHA_PROVIDER: 'local' });
    expect(await local.verify(TOKEN, 'form_block', 'site-key')).toBe(true);
    expect(await local.verify(TOKEN, 'newsletter_block', 'site-key')).toBe(false);
  });

  it('fails closed: local in production, unknown or missing providers and missing secrets refuse every token', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetches = vi.spyOn(globalThis, 'fetch');
    const misconfigured = [
      { ENVIRONMENT: 'production', CAPTCHA_PROVIDER: 'local' },
      { CAPTCHA_PROVIDER: 'local' },
      { ENVIRONMENT: 'production', CAPTCHA_PROVIDER: 'Recaptcha-Enterprise' },
      { ENVIRONMENT: 'production', CAPTCHA_PROVIDER: '' },
      { ENVIRONMENT: 'production' },
      { ENVIRONMENT: 'development', CAPTCHA_PROVIDER: 'none' },
      { ENVIRONMENT: 'production', CAPTCHA_PROVIDER: 'recaptcha-enterprise', RECAPTCHA_API_KEY: 'key' },
    ];
    for (const env of misconfigured)
      expect(await captchaVerifier(env).verify(TOKEN, 'form_block', 'site-key'), JSON.stringify(env)).toBe(false);
    expect(fetches).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith('Captcha refused: CAPTCHA_PROVIDER "local" is for development only');
    expect(errors).toHaveBeenCalledWith('Captcha refused: unknown CAPTCHA_PROVIDER "Recaptcha-Enterprise"');
  });

  it('asks reCAPTCHA Enterprise when configured, and refuses when it is unreachable', async () => {
    const enterprise = captchaVerifier({
      ENVIRONMENT: 'production',
      CAPTCHA_PROVIDER: 'recaptcha-enterprise',
      RECAPTCHA_API_KEY: 'key',
      RECAPTCHA_PROJECT_ID: 'project',
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ tokenProperties: { valid: true, action: 'form_block' }, riskAnalysis: { score: 0.9 } }),
    );
    expect(await enterprise.verify('real-token', 'form_block', 'site-key')).toBe(true);
    expect(await enterprise.verify(TOKEN, 'newsletter_block', 'site-key')).toBe(false);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    expect(await enterprise.verify('real-token', 'form_block', 'site-key')).toBe(false);
  });
});
