/**
 * The console's errors reported to the worker (engine spec §8, "Errors and logging"): the store pages' error reporter
 * (src/client/collectors/errors.ts: uncaught errors and rejections, the limits per page, the 1 s wait), started once a
 * merchant is signed in, delivering each report to `POST /api/console/errors` (src/routes/console/console-errors.ts),
 * which writes it to the worker's log. A section that fails to render reaches it through the shell's boundary, which
 * calls `reportError` as the store's islands do.
 */
import { api } from '../api';
import { startErrorReporter } from '../client/collectors/errors';
import { consoleApi } from './ui/api';

let started = false;

type ConsoleErrorReport = NonNullable<ReturnType<typeof api.consoleErrorReport.at>['types']>['body'];

/** Starts reporting the console's errors for `websiteId`; later calls (a merchant signing in again) do nothing. */
export function reportConsoleErrors(websiteId: string): void {
  if (started) return;
  started = true;
  const page = {
    websiteId,
    // The console moves between screens without loading a page: each report names the screen it came from.
    get path() {
      return location.pathname;
    },
  };
  startErrorReporter(page, (content) => {
    consoleApi(api.consoleErrorReport.at(), content as ConsoleErrorReport).catch(() => undefined);
  });
}
