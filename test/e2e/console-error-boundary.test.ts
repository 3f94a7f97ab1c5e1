/**
 * A console section that fails to render (engine spec §8, "Errors and logging", E104): the shell's boundary shows
 * 'Something went wrong' with 'Try again' in the section's place, the sidebar still there, and reports the error to
 * the worker (POST /api/console/errors, answered 204 once it is in the worker's log; the console-errors tests of
 * test/worker/console-operations.test.ts check the log line). The team section is made to throw by a malformed answer:
 * a member without roles.
 * So a whole run's wrangler log shows two `✘ [ERROR] {"event":"console_error",…,"path":"/config/team",…
 * "Uncaught TypeError: Cannot read properties of undefined (reading '0')"…}` lines (the Role column's
 * `member.roles[0]`, at 1366 and 375 px): this test's reports, not a defect of the team section.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { ACCOUNTS, signIn, SLOW } from '../journeys/support';
import { reviewShot, useChromium } from './browser';
import { storeUrl } from './store';

const browser = useChromium();

const REPORTS = api.consoleErrorReport.path();

/** The team list with one member the section cannot show (its roles missing). */
async function breakTeamList(page: Page): Promise<void> {
  await page.route(
    `${storeUrl}${api.team.path()}`,
    (route) =>
      route.fulfill({
        json: {
          members: [{ id: 'broken', email: 'broken@example.com', you: false, invited: false }],
          roles: [{ code: 1, name: 'Administrator' }],
        },
      }),
    { times: 1 },
  );
}

/** The next error report the console sends, with the status the worker answered it. */
async function nextReport(page: Page): Promise<{ body: Record<string, unknown>; status: number }> {
  const request: Request = await page.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === REPORTS,
    SLOW,
  );
  const response = await request.response();
  return { body: request.postDataJSON() as Record<string, unknown>, status: response?.status() ?? 0 };
}

async function seeFallbackThenRecover(page: Page, width: number): Promise<void> {
  const fallback = page.locator('#console-main [role="alert"]');
  await fallback.waitFor(SLOW);
  expect(await fallback.locator('h1').textContent()).toBe('Something went wrong');
  expect(await fallback.locator('p').textContent()).toBe('This screen could not be shown.');
  // The rest of the console is still there: the merchant can go elsewhere or try again.
  expect(await page.locator('nav[aria-label="Console"] a', { hasText: 'Team' }).count()).toBe(1);
  await reviewShot(page, `test-artifacts/console-section-failed-${width}.png`);
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('combobox', { name: `Role of ${ACCOUNTS.owner.email}` }).waitFor(SLOW);
  expect(await fallback.count()).toBe(0);
}

describe("the console's error boundary (E104)", () => {
  it('shows a section that fails to render as a way back, and reports the error to the worker, at 1366 and 375 px', {
    timeout: 180_000,
  }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, storeUrl, ACCOUNTS.owner);
    const session = (await (await page.request.get(`${storeUrl}${api.merchantSession.path()}`)).json()) as {
      websiteId: string;
    };

    await breakTeamList(page);
    const reported = nextReport(page);
    await page.locator('nav[aria-label="Console"] a', { hasText: 'Team' }).first().click();
    const first = await reported;
    expect(first.status).toBe(204);
    expect(first.body).toMatchObject({
      context_website_id: session.websiteId,
      page_path: '/config/team',
      error_kind: 'error',
      error_message: expect.stringMatching(/\S/),
      error_stack: expect.stringMatching(/\S/),
    });
    await seeFallbackThenRecover(page, 1366);

    // At 375 px, the section's address loaded afresh: the console's first render of it fails the same way.
    await page.setViewportSize({ width: 375, height: 800 });
    await breakTeamList(page);
    const again = nextReport(page);
    await page.goto(`${storeUrl}/config/team`);
    expect((await again).status).toBe(204);
    await seeFallbackThenRecover(page, 375);
    await context.close();
  });
});
