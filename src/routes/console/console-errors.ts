/**
 * The console's error reports (engine spec §8, "Errors and logging"): an error in the console's browser code, a
 * section that failed to render among them, reported by the same reporter as the store's pages
 * (src/client/collectors/errors.ts, started by src/console/error-reports.ts) and written to the worker's log as one
 * JSON line. A merchant's errors are not analytics, so they go here and not to the event collector, which records
 * no merchant and no `/config` path.
 *
 *   POST /api/console/errors   a `frontend_error` event's content   → 204
 *
 * Any signed-in merchant (the `read` permission: everyone who can open the console) with the crumb; the body is the
 * collector's own schema, capped; each merchant's reports count against the visitor limit of beacons, and the
 * reporter itself sends at most 20 a page.
 */
import { Hono } from 'hono';
import { api } from '../../api';
import { areas } from '../../api/areas';
import { EVENT_SCHEMAS } from '../../beacon/schemas';
import { NOT_THIS_WEBSITE } from '../shop/beacons';
import { answerNothing, pathIn } from '../shared/contract';
import { apiError, readJson, type AppEnv } from '../shared/http';
import { rateLimit } from '../shared/rate-limit';
import { merchantSessionOf, requirePermission } from './merchant-session';

/** A report at its largest (a 5,000-character stack, a 1,000-character message, a few URLs) fits. */
export const MAX_ERROR_REPORT_BYTES = 16 * 1024;

/** The `event` of the log line, to find the console's errors among the worker's. */
export const CONSOLE_ERROR_EVENT = 'console_error';

export const consoleErrors = new Hono<AppEnv>();

consoleErrors.post(
  pathIn(areas.console, api.consoleErrorReport),
  requirePermission('read'),
  rateLimit((env) => env.BEACON_VISITOR_LIMITER, 'console-errors'),
  async (c) => {
    const report = await readJson(c, EVENT_SCHEMAS.frontend_error, MAX_ERROR_REPORT_BYTES);
    const websiteId = c.var.site.website.id;
    if (report.context_website_id !== websiteId) return apiError(400, `context_website_id: ${NOT_THIS_WEBSITE}`);
    const session = await merchantSessionOf(c);
    // The merchant by account id, not by email: the log keeps no personal data.
    console.error(
      JSON.stringify({
        event: CONSOLE_ERROR_EVENT,
        websiteId,
        merchantId: session?.userId ?? null,
        path: report.page_path,
        kind: report.error_kind,
        message: report.error_message,
        source: report.error_source ?? null,
        stack: report.error_stack ?? null,
        reportedAt: report.event_occurrence_timestamp,
      }),
    );
    return answerNothing(c, api.consoleErrorReport);
  },
);
