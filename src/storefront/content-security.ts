/**
 * The Content-Security-Policy of HTML and API answers. Pages are cached whole and must be the same
 * bytes for every visitor, so the policy trusts no nonce: scripts and styles come from the store's
 * own origin, and inline ones are allowed by the sha256 hash of their text (docs/security.md, "No injected markup can run").
 */

/** API answers are data: nothing in them may run, and nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What an HTML document may run beyond its own origin's files. */
export interface TrustedSources {
  /** `'sha256-…'` of inline scripts. */
  readonly scriptHashes: readonly string[];
  /** Absolute https script URLs (host and path) the merchant's code injection loads. */
  readonly scriptUrls: readonly string[];
  /** `'sha256-…'` of inline `<style>` elements. */
  readonly styleHashes: readonly string[];
}

export const NO_SOURCES: TrustedSources = { scriptHashes: [], scriptUrls: [], styleHashes: [] };

/**
 * What reCAPTCHA Enterprise needs, by path, never whole hosts (www.google.com and www.gstatic.com
 * serve other scripts that would run whatever an attacker asks): the script src/client/captcha.ts
 * loads, the versioned scripts it loads in turn (`/recaptcha/releases/{version}/recaptcha__{lang}.js`,
 * so a path prefix), and its widget frames (`/recaptcha/enterprise/anchor`, `…/bframe`).
 */
export const RECAPTCHA_SOURCES = {
  scripts: ['https://www.google.com/recaptcha/enterprise.js', 'https://www.gstatic.com/recaptcha/releases/'],
  frames: ['https://www.google.com/recaptcha/enterprise/', 'https://recaptcha.google.com/recaptcha/enterprise/'],
} as const;

/**
 * Origins a page loads from beyond its own, by directive: its configured integrations', and on a
 * developer-platform page the stylesheets its template names and their fonts (external-styles.ts).
 */
export interface IntegrationOrigins {
  readonly scripts: readonly string[];
  readonly connect: readonly string[];
  readonly styles?: readonly string[];
  readonly fonts?: readonly string[];
}

export const NO_INTEGRATION_ORIGINS: IntegrationOrigins = { scripts: [], connect: [] };

function sourceList(...lists: readonly (readonly string[])[]): string {
  return [...new Set(lists.flat())].join(' ');
}

/**
 * The policy for an HTML document. `pageCaptchaProvider` is the configured captcha provider of a page
 * that shows a form with a captcha (undefined on every other page): only then, and only for
 * reCAPTCHA Enterprise, are its paths allowed. `integrations` adds the origins of the store's configured
 * integrations (session recording: `sessionRecordingOrigins`).
 */
export function htmlCsp(
  sources: TrustedSources,
  pageCaptchaProvider?: string,
  integrations: IntegrationOrigins = NO_INTEGRATION_ORIGINS,
): string {
  const captcha = pageCaptchaProvider === 'recaptcha-enterprise';
  const captchaScripts = captcha ? RECAPTCHA_SOURCES.scripts : [];
  const captchaFrames = captcha ? RECAPTCHA_SOURCES.frames : [];
  return [
    "default-src 'self'",
    `script-src ${sourceList(["'self'"], sources.scriptHashes, sources.scriptUrls, captchaScripts, integrations.scripts)}`,
    `style-src ${sourceList(["'self'"], sources.styleHashes, integrations.styles ?? [])}`,
    "style-src-attr 'unsafe-inline'",
    // Product images may live on a CDN (imported stores); an image cannot run script.
    "img-src 'self' data: https:",
    `connect-src ${sourceList(["'self'"], integrations.connect)}`,
    ...(integrations.fonts?.length ? [`font-src ${sourceList(["'self'"], integrations.fonts)}`] : []),
    `frame-src ${sourceList(["'self'"], captchaFrames)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Several source sets as one, each list without repeats and in a stable order. */
export function mergeSources(...all: readonly TrustedSources[]): TrustedSources {
  const merged = (pick: (s: TrustedSources) => readonly string[]) => [...new Set(all.flatMap(pick))].sort();
  return {
    scriptHashes: merged((s) => s.scriptHashes),
    scriptUrls: merged((s) => s.scriptUrls),
    styleHashes: merged((s) => s.styleHashes),
  };
}

/** The CSP hash source of an inline element's text, as a browser computes it (sha256 of its UTF-8). */
export async function cspHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * An external script URL as a CSP host source with its path, or null unless it is absolute https.
 * `;` and `,` would end the directive or the policy, so they stay percent-encoded.
 */
export function scriptUrlSource(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  return `${url.origin}${url.pathname.replaceAll(';', '%3B').replaceAll(',', '%2C')}`;
}
