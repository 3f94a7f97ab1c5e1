/**
 * Digital downloads (issue 32): the rules of a download grant, written once for the commerce object,
 * the download route, the emails and the shopper's pages. A paid order's digital line gets one grant:
 * an unguessable token, at most DOWNLOAD_LIMIT downloads (Shopify Digital Downloads' default) until
 * DOWNLOAD_DAYS after payment; a refund or cancellation of the line revokes it.
 */
import type { TextKey } from './storefront-text/en';

export const DOWNLOAD_LIMIT = 5;
export const DOWNLOAD_DAYS = 30;
export const DOWNLOAD_TTL_MS = DOWNLOAD_DAYS * 24 * 60 * 60 * 1000;

/** A token: 32 random bytes as hex. Anything else is unknown without a lookup. */
export const DOWNLOAD_TOKEN = /^[0-9a-f]{64}$/;

export const downloadPath = (token: string) => `/downloads/${token}`;

/** Why a token gives no file; `ok` when it does. */
export type GrantState = 'ok' | 'expired' | 'used-up' | 'revoked';

export interface GrantRow {
  used: number;
  allowed: number;
  expiresAt: number;
  revokedAt: number | null;
}

export function grantState(grant: GrantRow, now: number): GrantState {
  if (grant.revokedAt !== null) return 'revoked';
  if (now >= grant.expiresAt) return 'expired';
  if (grant.used >= grant.allowed) return 'used-up';
  return 'ok';
}

/** A grant as the shopper's pages and emails show it. */
export interface OrderDownload {
  /** The order line it delivers. */
  line: number;
  title: string;
  url: string;
  downloadsLeft: number;
  expiresOn: number;
  state: GrantState;
}

export function orderDownload(
  grant: GrantRow & { line: number; title: string; token: string },
  now: number,
): OrderDownload {
  return {
    line: grant.line,
    title: grant.title,
    url: downloadPath(grant.token),
    downloadsLeft: Math.max(0, grant.allowed - grant.used),
    expiresOn: grant.expiresAt,
    state: grantState(grant, now),
  };
}

/**
 * The catalogue's texts (src/commerce/storefront-text/en-system-pages.ts) of the pages the download route answers
 * instead of a file: what happened and what to do.
 */
export const DOWNLOAD_MESSAGE_KEYS = {
  unknown: 'download.unknown',
  expired: 'download.expired',
  'used-up': 'download.usedUp',
  revoked: 'download.revoked',
  missing: 'download.missing',
} as const satisfies Record<Exclude<GrantState, 'ok'> | 'unknown' | 'missing', TextKey>;

/**
 * A Content-Disposition that saves the file under its name: an ASCII fallback (no quotes, backslashes,
 * slashes or control characters) and the exact name RFC 5987-encoded for browsers that read it.
 */
export function attachmentDisposition(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f]/g, '') || 'download';
  const fallback = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
