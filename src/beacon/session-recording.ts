/**
 * Session recording's rules (engine spec §7 and §9), shared by the worker, which answers
 * `GET /api/commerce/fullstory/getId`, and the browser, which loads the recording script only for
 * an eligible visitor: a real id (a mock id skips the script), the feature toggle on, a visitor whose
 * locale is of the US or Japan with a time zone of that same country, in the sampled experiment, on
 * a device with more than 2 CPU cores.
 */

/** The id that tells the page to skip the recording script (no service configured). */
export const MOCK_SESSION_RECORDING_ID = 'mock-fullstory-id';

/** The getId answer: the id, and for a configured service the toggle, the sample and its script. */
export interface SessionRecordingAnswer {
  id: string;
  enabled?: boolean;
  /** The share of visitors in the experiment, 0–100. */
  samplePercent?: number;
  scriptUrl?: string;
}

export const RECORDING_COUNTRIES = ['US', 'JP'] as const;
type RecordingCountry = (typeof RECORDING_COUNTRIES)[number];
/** Recording needs more than this many logical cores. */
export const RECORDING_MIN_CORES = 2;

/** The time zones of the United States (the tz database's zones for US, and its old `US/` names). */
const US_TIME_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Chicago',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
]);
const JP_TIME_ZONES = new Set(['Asia/Tokyo', 'Japan']);

export interface RecordingVisitor {
  /** The browser's language tag (`navigator.language`). */
  locale: string;
  /** The browser's IANA time zone. */
  timeZone: string;
  /** `navigator.hardwareConcurrency`. */
  cpuCores: number;
  /** The census visitor id; none means the visitor is not counted, so not sampled. */
  visitorId: string | null;
}

/** The country of a language tag, its likely one where it names none ('ja' is Japan's); null if unreadable. */
export function localeCountry(locale: string): string | null {
  try {
    return new Intl.Locale(locale).maximize().region ?? null;
  } catch {
    return null;
  }
}

function timeZoneCountry(timeZone: string): RecordingCountry | null {
  if (US_TIME_ZONES.has(timeZone) || timeZone.startsWith('US/')) return 'US';
  return JP_TIME_ZONES.has(timeZone) ? 'JP' : null;
}

/** The visitor's bucket of the experiment, 0–99: FNV-1a of the visitor id, so a visitor stays in or out. */
export function sampleBucket(visitorId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i++) {
    hash ^= visitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

export function recordingEligible(answer: SessionRecordingAnswer, visitor: RecordingVisitor): boolean {
  if (answer.id === MOCK_SESSION_RECORDING_ID || answer.scriptUrl === undefined || answer.enabled !== true)
    return false;
  const country = localeCountry(visitor.locale);
  if (country === null || !(RECORDING_COUNTRIES as readonly string[]).includes(country)) return false;
  if (timeZoneCountry(visitor.timeZone) !== country) return false;
  if (!(visitor.cpuCores > RECORDING_MIN_CORES)) return false;
  return visitor.visitorId !== null && sampleBucket(visitor.visitorId) < (answer.samplePercent ?? 0);
}
