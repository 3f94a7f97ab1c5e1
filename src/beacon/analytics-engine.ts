/**
 * Workers Analytics Engine, where configured (an `analytics_engine_datasets` binding named
 * BEACON_ANALYTICS in production): one data point per counted event, indexed by website. Locally
 * there is no such binding and the Durable Object store is the only copy.
 */
import type { BeaconUpdate } from './aggregate';

export function writeToAnalyticsEngine(env: object, websiteId: string, updates: readonly BeaconUpdate[]): void {
  const dataset = (env as { BEACON_ANALYTICS?: AnalyticsEngineDataset }).BEACON_ANALYTICS;
  if (dataset === undefined) return;
  for (const u of updates) {
    dataset.writeDataPoint({
      indexes: [websiteId],
      blobs: [u.event, u.path, u.visitorId ?? '', u.product?.id ?? ''],
      doubles: [u.pageView ? 1 : 0],
    });
  }
}
