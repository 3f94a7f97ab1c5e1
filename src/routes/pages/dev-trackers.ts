/**
 * What the trackers' local stand-ins would have sent (development only): `GET /dev/trackers` lists
 * the host's recorded pixel events as JSON, oldest first (`?visitor=` one census visitor's), so a
 * person or a browser test can check a journey's events; `/dev/session-recording.js` is the
 * session-recording service's stand-in script, which records nothing and marks the page
 * (`data-session-recording` on <html>) so a test sees it ran. Outside development every path here is a 404.
 */
import { Hono } from 'hono';
import { NOT_FOUND } from '../../http/messages';
import { LOCAL_RECORDING_SCRIPT } from '../../integrations/session-recording';
import { recordedTrackerEvents } from '../../integrations/tracker-recorder';
import { messagePage } from './html-document';
import { isDevelopment, type AppEnv, withSite } from '../shared/http';

export const DEV_TRACKERS_PATH = '/dev/trackers';

const STAND_IN_SCRIPT = `(() => {
  const script = document.currentScript;
  document.documentElement.dataset.sessionRecording = (script && script.dataset.org) || 'local';
})();
`;

export const devTrackers = new Hono<AppEnv>();

for (const path of [DEV_TRACKERS_PATH, LOCAL_RECORDING_SCRIPT])
  devTrackers.use(path, async (c, next) => (isDevelopment(c.env) ? next() : messagePage(c, 404, NOT_FOUND)));

devTrackers.get(DEV_TRACKERS_PATH, withSite, (c) => {
  const visitor = c.req.query('visitor');
  const events = recordedTrackerEvents(c.var.site.website.id).filter(
    (event) =>
      visitor === undefined ||
      (event.sent as { user_data?: { external_id?: string } }).user_data?.external_id === visitor,
  );
  return c.json({ events }, 200, { 'cache-control': 'no-store' });
});

devTrackers.get(LOCAL_RECORDING_SCRIPT, (c) =>
  c.body(STAND_IN_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }),
);
