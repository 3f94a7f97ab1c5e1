/**
 * The analytics session (engine spec §4): whether this page view is the first landing (it starts a
 * visit: no live session cookie) and whether that visit is the visitor's first session, read from
 * the visitor cookies before the page view's hit renews them (the same rules the server applies,
 * src/beacon/cookies.ts), and the session's id the events carry. A cookie that does not parse is logged and treated
 * as absent (spec §8).
 */
import {
  parseSessionTimestamp,
  parseVisitorRecord,
  SESSION_COOKIE,
  visitAt,
  VISITOR_COOKIE,
} from '../../beacon/cookies';
import { readCookie } from '../cookies';

export interface AnalyticsSession {
  firstLanding: boolean;
  firstSession: boolean;
}

function parsed<T>(name: string, raw: string | null, parse: (raw: string) => T | null): T | null {
  if (raw === null) return null;
  const value = parse(raw);
  if (value === null) console.warn(`Analytics: the ${name} cookie does not parse; treated as empty`);
  return value;
}

export function analyticsSession(
  visitorCookie: string | null,
  sessionCookie: string | null,
  now: number,
): AnalyticsSession {
  const { record, newVisit } = visitAt(
    parsed(VISITOR_COOKIE, visitorCookie, parseVisitorRecord),
    parsed(SESSION_COOKIE, sessionCookie, parseSessionTimestamp),
    now,
    () => 'new',
  );
  return { firstLanding: newVisit, firstSession: record.visitCount === 1 };
}

export function currentAnalyticsSession(now = Date.now()): AnalyticsSession {
  return analyticsSession(readCookie(VISITOR_COOKIE), readCookie(SESSION_COOKIE), now);
}

/**
 * The analytics session's id, the events' `end_user_session_id` (engine spec §3): the census visitor and the start of
 * its current visit, both in the visitor cookie the server keeps, so every event of one visit carries the same id and a
 * new visit a new one; null before the census counted the visitor.
 */
export function analyticsSessionId(visitorCookie = readCookie(VISITOR_COOKIE)): string | null {
  const record = visitorCookie === null ? null : parseVisitorRecord(visitorCookie);
  const id = record === null ? '' : `${record.id}-${record.currentVisit}`;
  return id === '' || id.length > 64 ? null : id;
}
