/** Captcha action names per use (spec §7), shared by the browser widget and the server's verification. */
export const CAPTCHA_ACTIONS = {
  formBlock: 'form_block',
  newsletterBlock: 'newsletter_block',
  productWaitlist: 'product_waitlist',
  promoPopup: 'promo_popup',
} as const;

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

/** Which captcha service a deployment uses: a local one (dev and tests, no network) or reCAPTCHA Enterprise. */
export type CaptchaProvider = 'local' | 'recaptcha-enterprise';

export const CAPTCHA_SITE_KEY_MISSING = 'Enterprise V3 ReCaptcha site key not found';

/** Tokens of the local captcha: `local:{action}:{nonce}`. */
export const LOCAL_TOKEN = /^local:([a-z_]+):[0-9a-f]{16,64}$/;
