/**
 * The collectors' entry (public/build/collectors.js, loaded by the layout only where the site
 * tracks): the page view, then the widget calls and tracker events, the performance collector and
 * the error reporter, a product page's discovery events, the search page's pixel event and, for an eligible visitor, session recording.
 */
import { recordPageView, recordsViews, reportSearch } from './census';
import { startDiscoveryEvents } from './discovery';
import { startErrorReporter } from './errors';
import { pageInfo } from './page';
import { startPerformanceCollector } from './performance';
import { startSessionRecording } from './session-recording';
import { startWidgetCensus } from './widgets';

const page = pageInfo();
if (page !== null) {
  startErrorReporter(page);
  startPerformanceCollector(page);
  reportSearch(page);
  if (recordsViews(page))
    void recordPageView(page).then(() => {
      startWidgetCensus(page);
      startDiscoveryEvents(page);
      void startSessionRecording();
    });
}
