/**
 * Relative time and duration text for the editor (engine spec §9): years, months of 30 days, weeks,
 * days, hours, minutes, 'less than a minute ago'; durations as minutes:seconds. The same rules the
 * engine's `timesince` and `humanizeDuration` formatters use.
 */
import { humanizeAge } from '../../engine/index';

export function relativeTimeText(thenMs: number, nowMs: number = Date.now()): string {
  return humanizeAge(Math.max(0, nowMs - thenMs));
}

export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.trunc(ms / 1000));
  return `${Math.trunc(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
