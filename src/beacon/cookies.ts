/**
 * The visitor cookies (spec: storefront §3, §5, §9; engine-analytics-editor §9): `ss_cvr` is a
 * visitor id and four positive integers (first, previous and current visit, visit count) kept
 * 2 years; `ss_cvt` the session timestamp, 30 minutes; `ss_cid` the analytics identifier, 390 days.
 * Under a restrictive cookie policy the tracking cookies are cleared unless `ss_cookieAllowed`
 * gives consent. A malformed cookie counts as absent, never as an error.
 */

export const VISITOR_COOKIE = 'ss_cvr';
export const SESSION_COOKIE = 'ss_cvt';
export const ANALYTICS_ID_COOKIE = 'ss_cid';
export const CONSENT_COOKIE = 'ss_cookieAllowed';
export const TRACKING_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;

const DAY_SECONDS = 24 * 60 * 60;
export const COOKIE_MAX_AGE = {
  [VISITOR_COOKIE]: 2 * 365 * DAY_SECONDS,
  [SESSION_COOKIE]: 30 * 60,
  [ANALYTICS_ID_COOKIE]: 390 * DAY_SECONDS,
} as const;
const SESSION_MS = COOKIE_MAX_AGE[SESSION_COOKIE] * 1000;

export interface VisitorRecord {
  id: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const POSITIVE = /^[1-9][0-9]{0,15}$/;

export function parseVisitorRecord(raw: string | undefined | null): VisitorRecord | null {
  if (raw === undefined || raw === null) return null;
  const parts = raw.split('|');
  if (parts.length !== 5) return null;
  const [id = '', ...numbers] = parts;
  if (!ID.test(id) || !numbers.every((n) => POSITIVE.test(n))) return null;
  const [firstVisit = 0, previousVisit = 0, currentVisit = 0, visitCount = 0] = numbers.map(Number);
  return { id, firstVisit, previousVisit, currentVisit, visitCount };
}

export function formatVisitorRecord(record: VisitorRecord): string {
  return [record.id, record.firstVisit, record.previousVisit, record.currentVisit, record.visitCount].join('|');
}

/** The session timestamp, or null when absent or malformed. */
export function parseSessionTimestamp(raw: string | undefined | null): number | null {
  return raw !== undefined && raw !== null && POSITIVE.test(raw) ? Number(raw) : null;
}

/**
 * The visitor after a page view at `now`: a new visit starts when there is no live session
 * (the session cookie lapses 30 minutes after the last view).
 */
export function visitAt(
  record: VisitorRecord | null,
  session: number | null,
  now: number,
  newId: () => string,
): { record: VisitorRecord; newVisit: boolean } {
  if (record === null)
    return {
      record: { id: newId(), firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 },
      newVisit: true,
    };
  if (session !== null && now - session < SESSION_MS) return { record, newVisit: false };
  return {
    record: { ...record, previousVisit: record.currentVisit, currentVisit: now, visitCount: record.visitCount + 1 },
    newVisit: true,
  };
}

/** Whether tracking cookies may be kept: a restrictive policy needs consent ('true' or '1'), and a refusal always wins. */
export function trackingCookiesAllowed(restrictivePolicy: boolean, consent: string | undefined): boolean {
  if (consent === 'false' || consent === '0') return false;
  return !restrictivePolicy || consent === 'true' || consent === '1';
}

/**
 * A `Set-Cookie` value for a tracking cookie, readable by the page script. Written here rather
 * than by Hono's `setCookie`, which refuses lifetimes over 400 days: the spec's 2 years is sent
 * as is, and browsers that cap lifetimes cap it themselves.
 */
export function trackingCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
