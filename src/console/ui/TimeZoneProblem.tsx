/**
 * The spec's 'Failed to load timezone {timeZone}, retry or verify site availability' (engine spec §8, E112) where
 * the merchant's browser cannot load the store's time zone (its Intl has older time-zone data than the worker's),
 * so times in that zone cannot be shown or entered; nothing while the zone loads.
 */
import { knownTimeZone, timeZoneFailure } from '../../site/editor/zoned-time';

export function TimeZoneProblem({ timeZone }: { timeZone: string }) {
  if (knownTimeZone(timeZone)) return null;
  return (
    <p className="FieldError TimeZoneProblem" role="alert">
      {timeZoneFailure(timeZone)}
    </p>
  );
}
