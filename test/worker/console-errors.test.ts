/**
 * The console's error reports (engine spec §8, "Errors and logging"; src/routes/console/console-errors.ts): any
 * signed-in merchant's report, with the crumb, is written to the worker's log as one JSON line naming the merchant
 * by account id; no session, no crumb, a body that is not a `frontend_error`, another website's, one over the cap
 * or one past the visitor limit is refused and nothing is logged.
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../src/api';
import { CONSOLE_ERROR_EVENT, MAX_ERROR_REPORT_BYTES } from '../../src/routes/console/console-errors';
import { CRUMB_FAIL_MESSAGE } from '../../src/routes/shared/csrf';
import { DEMO_MERCHANTS, DEMO_SITE_ID } from '../../src/site/demo';
import { Visitor, type VisitorOptions } from './visitor';

const VIEWER = DEMO_MERCHANTS.find((account) => account.roles.length === 1 && account.roles[0] === 10);
const PATH = api.consoleErrorReport.path();

const report = {
  context_website_id: DEMO_SITE_ID,
  page_path: '/config/team',
  event_occurrence_timestamp: 1_764_000_000_000,
  error_kind: 'error',
  error_message: "Cannot read properties of undefined (reading '0')",
  error_stack: "TypeError: Cannot read properties of undefined (reading '0')\n    at render (console.js:1:2)",
};

async function signedIn(options: VisitorOptions = {}): Promise<Visitor> {
  if (VIEWER === undefined) throw new Error('the demo team has no viewer');
  const visitor = await new Visitor('http://localhost', options).open('/config');
  const answer = await visitor.json('POST', '/api/merchant/session', {
    email: VIEWER.email,
    password: VIEWER.password,
  });
  expect(answer.status).toBe(200);
  return visitor;
}

/** The console_error lines the worker wrote. */
function logged(spy: MockInstance): Array<Record<string, unknown>> {
  return spy.mock.calls
    .map(([line]) => line)
    .filter((line): line is string => typeof line === 'string' && line.includes(CONSOLE_ERROR_EVENT))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('console error reports', () => {
  let spy: MockInstance;
  beforeEach(() => {
    spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => spy.mockRestore());

  it("a viewer's report is written to the worker's log as one JSON line, the merchant by id and not by email", async () => {
    const viewer = await signedIn();
    const res = await viewer.send('POST', PATH, report);
    expect(res.status).toBe(204);
    const lines = logged(spy);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      event: 'console_error',
      websiteId: DEMO_SITE_ID,
      merchantId: expect.any(String),
      path: '/config/team',
      kind: 'error',
      message: report.error_message,
      source: null,
      stack: report.error_stack,
      reportedAt: report.event_occurrence_timestamp,
    });
    expect(String(spy.mock.calls.find(([line]) => String(line).includes(CONSOLE_ERROR_EVENT))?.[0])).not.toMatch(
      VIEWER?.email ?? '@',
    );
  });

  it('refuses a visitor without a merchant session, a call without the crumb, and logs nothing', async () => {
    const shopper = await new Visitor().open('/contact');
    expect((await shopper.send('POST', PATH, report)).status).toBe(401);
    const viewer = await signedIn();
    const noCrumb = await viewer.fetch(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(noCrumb.status).toBe(403);
    expect(await noCrumb.json()).toMatchObject({ error: CRUMB_FAIL_MESSAGE });
    expect(logged(spy)).toEqual([]);
  });

  it("refuses what is not a frontend_error, another website's report and a body over the cap, and logs nothing", async () => {
    const viewer = await signedIn();
    const { error_kind: _kind, ...noKind } = report;
    expect((await viewer.send('POST', PATH, noKind)).status).toBe(400);
    expect((await viewer.send('POST', PATH, { ...report, extra: 'field' })).status).toBe(400);
    const other = await viewer.json('POST', PATH, { ...report, context_website_id: 'another-site' });
    expect(other).toEqual({ status: 400, body: { error: 'context_website_id: not this website' } });
    const large = JSON.stringify(report).padEnd(MAX_ERROR_REPORT_BYTES + 1, ' ');
    expect((await viewer.send('POST', PATH, large)).status).toBe(413);
    expect(logged(spy)).toEqual([]);
  });

  it('answers 429 past the visitor limit of beacons, and logs nothing', async () => {
    const limited = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const viewer = await signedIn({ vars: { BEACON_VISITOR_LIMITER: limited } });
    const res = await viewer.send('POST', PATH, report);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(logged(spy)).toEqual([]);
  });
});
