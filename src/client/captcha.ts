/**
 * The captcha in the browser (storefront spec §4, §8): rendered only with a site key, once per
 * container, compact when the container is narrower than 320 px; a token per action on submit.
 * The local provider (dev and tests) never touches the network; `recaptcha-enterprise` loads
 * Google's script.
 */
import { CAPTCHA_SITE_KEY_MISSING, type CaptchaAction, type CaptchaProvider } from '../forms/captcha';
import { asContainer, loadScript } from './dom';

export interface CaptchaConfig {
  siteKey: string | null;
  provider: CaptchaProvider;
}

export interface Captcha {
  /** A token for `action`; null when the captcha is unavailable. */
  token(action: CaptchaAction): Promise<string | null>;
  reset(): void;
  compact: boolean;
}

export const COMPACT_BELOW_PX = 320;

interface Enterprise {
  ready(callback: () => void): void;
  render(container: unknown, options: { sitekey: string; size: 'compact' | 'normal'; badge: 'inline' }): number;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  reset(widget?: number): void;
}

const rendered = new WeakMap<object, Promise<Captcha>>();

function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function localCaptcha(compact: boolean): Captcha {
  return { compact, token: async (action) => `local:${action}:${randomHex()}`, reset: () => undefined };
}

/** The rejection of a captcha that did not load, or whose form left the page while it loaded (spec §8, S97). */
export const CAPTCHA_NOT_SET_UP = 'The captcha has not been set up.';

/** Whether `container` has left its document (the form closed, a lightbox among them): nothing to render into. */
function destroyed(container: unknown): boolean {
  return (container as { isConnected?: boolean }).isConnected === false;
}

async function enterpriseCaptcha(container: unknown, siteKey: string, compact: boolean): Promise<Captcha> {
  await loadScript(`https://www.google.com/recaptcha/enterprise.js?render=explicit`);
  const enterprise = (globalThis as unknown as { grecaptcha?: { enterprise?: Enterprise } }).grecaptcha?.enterprise;
  if (enterprise === undefined) throw new Error(CAPTCHA_NOT_SET_UP);
  await new Promise<void>((resolve) => enterprise.ready(resolve));
  if (destroyed(container)) throw new Error(CAPTCHA_NOT_SET_UP);
  const widget = enterprise.render(container, {
    sitekey: siteKey,
    size: compact ? 'compact' : 'normal',
    badge: 'inline',
  });
  return {
    compact,
    token: (action) => enterprise.execute(siteKey, { action }).catch(() => null),
    reset: () => enterprise.reset(widget),
  };
}

/** Renders the captcha into `container` (once: a second call gets the first one's captcha). */
export function renderCaptcha(container: unknown, config: CaptchaConfig): Promise<Captcha> {
  const element = asContainer(container);
  if (element === null) return Promise.reject(new Error('No captcha container'));
  const existing = rendered.get(element);
  if (existing !== undefined) return existing;
  const siteKey = config.siteKey;
  const compact = element.clientWidth < COMPACT_BELOW_PX;
  const captcha =
    siteKey === null || siteKey === ''
      ? Promise.reject(new Error(CAPTCHA_SITE_KEY_MISSING))
      : config.provider === 'local'
        ? Promise.resolve(localCaptcha(compact))
        : enterpriseCaptcha(element, siteKey, compact);
  rendered.set(element, captcha);
  return captcha;
}
