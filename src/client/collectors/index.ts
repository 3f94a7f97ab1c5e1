/**
 * The collectors' entry (public/build/collectors.js, loaded by the layout only where the site
 * tracks): the page view, then the widget calls and tracker events, the performance collector and
 * the error reporter.
 */
import { recordPageView, recordsViews } from './census';
import { startErrorReporter } from './errors';
import { pageInfo } from './page';
import { startPerformanceCollector } from './performance';
import { startWidgetCensus } from './widgets';

const page = pageInfo();
if (page !== null) {
  startErrorReporter(page);
  startPerformanceCollector(page);
  if (recordsViews(page)) void recordPageView(page).then(() => startWidgetCensus(page));
}
