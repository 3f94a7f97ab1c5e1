import { describe, expect, it } from 'vitest';
import {
  localeCountry,
  MOCK_SESSION_RECORDING_ID,
  recordingEligible,
  sampleBucket,
  type RecordingVisitor,
  type SessionRecordingAnswer,
} from './session-recording';

const ON: SessionRecordingAnswer = { id: 'o-1', enabled: true, samplePercent: 100, scriptUrl: '/s.js' };
const NEW_YORK: RecordingVisitor = { locale: 'en-US', timeZone: 'America/New_York', cpuCores: 4, visitorId: 'v-1' };

describe('session-recording eligibility (engine spec §9)', () => {
  it('records a US visitor in a US time zone, and a Japanese one in Tokyo, with more than 2 cores', () => {
    expect(recordingEligible(ON, NEW_YORK)).toBe(true);
    expect(recordingEligible(ON, { ...NEW_YORK, timeZone: 'Pacific/Honolulu' })).toBe(true);
    expect(recordingEligible(ON, { ...NEW_YORK, locale: 'ja-JP', timeZone: 'Asia/Tokyo' })).toBe(true);
    expect(recordingEligible(ON, { ...NEW_YORK, locale: 'ja', timeZone: 'Asia/Tokyo' })).toBe(true);
  });

  it('only the US or Japan', () => {
    expect(recordingEligible(ON, { ...NEW_YORK, locale: 'en-GB', timeZone: 'Europe/London' })).toBe(false);
    expect(recordingEligible(ON, { ...NEW_YORK, locale: 'fr-CA', timeZone: 'America/Toronto' })).toBe(false);
    expect(recordingEligible(ON, { ...NEW_YORK, locale: 'not a locale' })).toBe(false);
  });

  it('only with a time zone of the same country', () => {
    expect(recordingEligible(ON, { ...NEW_YORK, timeZone: 'Asia/Tokyo' })).toBe(false);
    expect(recordingEligible(ON, { ...NEW_YORK, timeZone: 'America/Toronto' })).toBe(false);
    expect(recordingEligible(ON, { ...NEW_YORK, locale: 'ja-JP', timeZone: 'America/Chicago' })).toBe(false);
  });

  it('only with the toggle on, a real id and a script: a mock id skips the script', () => {
    expect(recordingEligible({ ...ON, enabled: false }, NEW_YORK)).toBe(false);
    expect(recordingEligible({ ...ON, id: MOCK_SESSION_RECORDING_ID }, NEW_YORK)).toBe(false);
    expect(recordingEligible({ id: MOCK_SESSION_RECORDING_ID }, NEW_YORK)).toBe(false);
  });

  it('only with more than 2 CPU cores', () => {
    expect(recordingEligible(ON, { ...NEW_YORK, cpuCores: 2 })).toBe(false);
    expect(recordingEligible(ON, { ...NEW_YORK, cpuCores: 3 })).toBe(true);
  });

  it('only for visitors in the sampled experiment, who stay in or out', () => {
    expect(recordingEligible(ON, { ...NEW_YORK, visitorId: null })).toBe(false);
    expect(recordingEligible({ ...ON, samplePercent: 0 }, NEW_YORK)).toBe(false);
    const ids = Array.from({ length: 2000 }, (_, i) => `visitor-${i}`);
    const inTenPercent = ids.filter((visitorId) =>
      recordingEligible({ ...ON, samplePercent: 10 }, { ...NEW_YORK, visitorId }),
    );
    expect(inTenPercent.length).toBeGreaterThan(150);
    expect(inTenPercent.length).toBeLessThan(250);
    for (const visitorId of inTenPercent) expect(sampleBucket(visitorId)).toBeLessThan(10);
    expect(sampleBucket('visitor-7')).toBe(sampleBucket('visitor-7'));
  });

  it('reads a language tag’s country, its likely one where it names none', () => {
    expect(localeCountry('en-US')).toBe('US');
    expect(localeCountry('ja')).toBe('JP');
    expect(localeCountry('de-DE')).toBe('DE');
    expect(localeCountry('')).toBeNull();
  });
});
