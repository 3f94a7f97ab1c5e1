/**
 * The deploy configuration is production: wrangler.toml read the way `wrangler deploy` reads it,
 * and development only ever opted into on the command line (scripts/development.mjs).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig, unstable_readConfig } from 'wrangler';
import { DEVELOPMENT_VARS, developmentVarArgs } from '../../scripts/development.mjs';

const CONFIG = 'wrangler.toml';

describe('wrangler.toml as deployed', () => {
  const config = unstable_readConfig({ config: CONFIG });

  it('is production, with a captcha that checks tokens for real and payments taken by Stripe', () => {
    expect(config.vars.ENVIRONMENT).toBe('production');
    expect(config.vars.CAPTCHA_PROVIDER).toBe('recaptcha-enterprise');
    expect(config.vars.EMAIL_PROVIDER).toBe('http');
    expect(config.vars.PAYMENT_PROVIDER).toBe('stripe');
    expect(config.vars.CDN_PURGE).toBe('none');
  });

  it('names every integration variable the worker reads, each off until configured', () => {
    expect(config.vars.TRACKER_PROVIDER).toBe('none');
    expect(config.vars.META_PIXEL_ID).toBe('');
    expect(config.vars.FULLSTORY_ORG_ID).toBe('');
    expect(config.vars.SESSION_RECORDING).toBe('off');
    expect(config.vars.SESSION_RECORDING_SAMPLE_PERCENT).toBe('100');
  });

  it('holds no secrets: the reCAPTCHA, email, maps, Stripe and Cloudflare keys are `wrangler secret put`', () => {
    for (const name of [
      'RECAPTCHA_API_KEY',
      'RECAPTCHA_PROJECT_ID',
      'EMAIL_API_KEY',
      'GOOGLE_MAPS_API_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'CLOUDFLARE_API_TOKEN',
      'META_ACCESS_TOKEN',
    ])
      expect(config.vars, name).not.toHaveProperty(name);
  });

  it('has no environment sections that a deploy could pick up in place of the top level', () => {
    const { rawConfig } = experimental_readRawConfig({ config: CONFIG });
    expect(rawConfig.env).toBeUndefined();
  });
});

describe('development is opted into explicitly', () => {
  it('by the variables npm start, the browser tests, the benchmarks and the worker tests pass', () => {
    expect(DEVELOPMENT_VARS).toEqual({
      ENVIRONMENT: 'development',
      CAPTCHA_PROVIDER: 'local',
      EMAIL_PROVIDER: 'local',
      PAYMENT_PROVIDER: 'local',
      CDN_PURGE: 'local',
      TRACKER_PROVIDER: 'local',
      SESSION_RECORDING_PROVIDER: 'local',
      SESSION_RECORDING: 'on',
    });
    expect(developmentVarArgs().slice(0, 4)).toEqual([
      '--var',
      'ENVIRONMENT:development',
      '--var',
      'CAPTCHA_PROVIDER:local',
    ]);
    expect(developmentVarArgs()).toEqual(
      Object.entries(DEVELOPMENT_VARS).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    );
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain('...developmentVarArgs()');
    // The browser tests' stores run in Miniflare, given the variables as bindings.
    expect(readFileSync('scripts/store-runtime.mjs', 'utf8')).toContain('...DEVELOPMENT_VARS }');
    expect(readFileSync('vitest.config.mts', 'utf8')).toContain('miniflare: { bindings: DEVELOPMENT_VARS,');
  });
});
