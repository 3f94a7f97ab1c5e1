/**
 * The collectors' entry (public/build/collectors.js, loaded by the layout only where the site
 * tracks): the page view, the performance collector and the error reporter.
 */
import { recordPageView } from './census';
import { startErrorReporter } from './errors';
import { pageInfo } from './page';
import { startPerformanceCollector } from './performance';

const page = pageInfo();
if (page !== null) {
  startErrorReporter(page);
  startPerformanceCollector(page);
  void recordPageView(page);
}
