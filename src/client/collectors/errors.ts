/**
 * The error reporter (storefront spec §9): uncaught errors and rejections go to the event
 * collector as `frontend_error`; at most 20 reports per page, at most 10 waiting, stacks cut at
 * 5000 characters, sent 1 s after the last error. The console (src/console/error-reports.ts) starts
 * the same reporter with its own delivery: a merchant's errors go to the worker's log, not to analytics.
 */
import { beaconRoutes as api } from '../../api/beacon-routes';
import { ERROR_REPORT_LIMITS } from '../../beacon/collector-limits';
import type { PageInfo } from './page';
import { sendBeacon } from './send';

/** One report: a `frontend_error` event's content (src/beacon/schemas.ts). */
export type ErrorReport = Record<string, unknown>;

/** Where the reports are: the website, and the path of the page at the moment of each report. */
export type ReportedPage = Pick<PageInfo, 'websiteId' | 'path'>;

function toCollector(content: ErrorReport): void {
  sendBeacon(api.clankerEvents.path(), JSON.stringify({ eventSchemaName: 'frontend_error', eventContent: content }));
}

export function startErrorReporter(page: ReportedPage, deliver: (content: ErrorReport) => void = toCollector): void {
  const waiting: ErrorReport[] = [];
  let reported = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    for (const content of waiting.splice(0)) deliver(content);
  };
  const report = (kind: 'error' | 'unhandledrejection', error: unknown, message: string, source?: string) => {
    if (reported >= ERROR_REPORT_LIMITS.perPage || waiting.length >= ERROR_REPORT_LIMITS.queued) return;
    reported++;
    const stack =
      error instanceof Error && error.stack !== undefined
        ? error.stack.slice(0, ERROR_REPORT_LIMITS.stackChars)
        : undefined;
    waiting.push({
      context_website_id: page.websiteId,
      page_path: page.path,
      event_occurrence_timestamp: Date.now(),
      error_kind: kind,
      error_message: message.slice(0, 1000),
      ...(stack === undefined ? {} : { error_stack: stack }),
      ...(source === undefined || source === '' ? {} : { error_source: source.slice(0, 2083) }),
    });
    clearTimeout(timer);
    timer = setTimeout(send, ERROR_REPORT_LIMITS.debounceMs);
  };

  addEventListener('error', (event) => report('error', event.error, event.message || 'Error', event.filename));
  addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    report('unhandledrejection', reason, reason instanceof Error ? reason.message : String(reason));
  });
}
