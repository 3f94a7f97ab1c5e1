/**
 * Chromium for a browser test file: its test worker's, launched once by global setup; the file connects
 * before its tests and disconnects after them, and each test's contexts are closed after it. When a test fails,
 * every page it still has open is saved (a screenshot and its HTML under test-artifacts/failures/,
 * named by file and test) before its context closes, and the failure's message gains what the page
 * showed the user: its address, title, main heading and any alert or status text. Pictures for people to
 * review (not read by any assertion) are taken by reviewShot only when E2E_SCREENSHOTS=1.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';
import { chromiumEndpoint } from './store';

/**
 * How long a navigation may take in any context of these tests. A page's load event waits for its
 * pictures, and on a loaded 2-core CI machine a product page passed Playwright's 30 s default once.
 */
const NAVIGATION_TIMEOUT_MS = 60_000;
export const FAILURES = 'test-artifacts/failures';

type Task = TestContext['task'];

/**
 * Whether this run leaves the review screenshots (E2E_SCREENSHOTS=1): a full-page one costs about 0.7 s at
 * 1366 px on the loaded machine, some 500 a run, and no assertion reads them. Failure screenshots are always saved.
 */
export const REVIEW_SHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A picture of the page (or of one element) for people to look at, taken only when the run asks for them. */
export async function reviewShot(
  target: Page | Locator,
  path: string,
  options: { fullPage?: boolean; timeout?: number } = {},
): Promise<void> {
  if (REVIEW_SHOTS) await target.screenshot({ path, ...options });
  // An element's screenshot waits for it to be visible: without the picture the test still does.
  else if ('waitFor' in target) await target.waitFor({ timeout: options.timeout });
}

const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** What a person looking at the page would have read: its title and heading, and what it announced (run in the page). */
const WHAT_THE_PAGE_SHOWED = `(() => {
  const visible = (element) => element.offsetParent !== null || getComputedStyle(element).position === 'fixed';
  const text = (element) => (element?.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 160);
  const announced = [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live], dialog[open], [role="dialog"]')]
    .filter(visible).map(text).filter(Boolean);
  const parts = ['title "' + document.title + '"', 'heading "' + text(document.querySelector('h1')) + '"'];
  if (document.readyState !== 'complete') parts.push('document ' + document.readyState);
  if (announced.length > 0) parts.push('announced ' + announced.map((line) => '"' + line + '"').join(', '));
  return parts.join(', ');
})()`;

/** Requests sent and not yet answered in full, with when each was sent: named when a test fails. */
type Unfinished = Map<Request, number>;

function trackUnfinished(context: BrowserContext): Unfinished {
  const unfinished: Unfinished = new Map();
  context.on('request', (request) => unfinished.set(request, Date.now()));
  context.on('requestfinished', (request) => unfinished.delete(request));
  context.on('requestfailed', (request) => unfinished.delete(request));
  return unfinished;
}

/** The page a request is for (none for a service worker's). */
function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    return null;
  }
}

/** ', requests unfinished: GET /build/entry.js (61.2 s), …' for the page's requests still without their whole answer. */
function unfinishedOf(page: Page, unfinished: Unfinished): string {
  const now = Date.now();
  const lines = [...unfinished]
    .filter(([request]) => pageOf(request) === page)
    .map(
      ([request, sent]) =>
        `${request.method()} ${new URL(request.url()).pathname} (${((now - sent) / 1000).toFixed(1)} s)`,
    );
  return lines.length === 0 ? '' : `, requests unfinished: ${lines.slice(0, 12).join(', ')}`;
}

async function savePage(page: Page, task: Task, index: number, unfinished: Unfinished): Promise<string> {
  const folder = `${FAILURES}/${slug(task.file.name)}`;
  const base = `${folder}/${slug(task.name)}-${index}`;
  mkdirSync(folder, { recursive: true });
  // Read before the screenshot and the evaluation, which can take seconds on a loaded machine.
  const waiting = unfinishedOf(page, unfinished);
  try {
    await page.screenshot({ path: `${base}.png`, timeout: 15_000 });
    writeFileSync(`${base}.html`, await page.content());
    return `${page.url()} showed ${await page.evaluate(WHAT_THE_PAGE_SHOWED)}${waiting} (saved ${base}.png and .html)`;
  } catch (error) {
    return `${page.url()} could not be saved: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** Saves the open pages of a failed test's context and adds what they showed to the failure's message. */
async function recordFailure(
  context: BrowserContext,
  task: Task | undefined,
  saved: { count: number },
  unfinished: Unfinished,
): Promise<void> {
  if (task?.result?.state !== 'fail') return;
  const notes: string[] = [];
  for (const page of context.pages())
    if (!page.isClosed()) notes.push(await savePage(page, task, saved.count++, unfinished));
  const error = task.result.errors?.[0];
  if (error !== undefined && notes.length > 0) error.message += `\n\nWhen it failed, ${notes.join('\n')}`;
}

const CALLS = ['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head'] as const;

/**
 * A test's API calls sent once more when the socket they went out on was reset (Playwright's maxRetries,
 * which retries ECONNRESET only). The context keeps idle connections to the store, and a call sent as the
 * store closes an idle one is reset before any handler reads it: one CI run failed a bulk price change
 * with "socket hang up" that way. A call the store answered, with any status, is never sent again.
 */
export function retryResets(api: APIRequestContext): APIRequestContext {
  for (const name of CALLS) {
    const call = (api[name] as (url: string, options?: object) => unknown).bind(api);
    (api as unknown as Record<string, unknown>)[name] = (url: string, options?: object) =>
      call(url, { maxRetries: 1, ...options });
  }
  return api;
}

/** The browser with every new context given the navigation timeout, and saved first if it closes after a failure. */
function instrument(browser: Browser, currentTask: () => Task | undefined): Browser {
  const newContext = browser.newContext.bind(browser);
  const saved = { count: 0 };
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    retryResets(context.request);
    const unfinished = trackUnfinished(context);
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await recordFailure(context, currentTask(), saved, unfinished);
      await close(closeOptions);
    };
    return context;
  };
  return browser;
}

/** The worker's Chromium (about 0.6 s to connect and disconnect, against 2.5 s to launch and close one); a new one if it has gone. */
async function connectChromium(): Promise<Browser> {
  try {
    return await chromium.connect(chromiumEndpoint, { timeout: 30_000 });
  } catch (error) {
    console.warn(
      `The test worker's Chromium could not be reached (${(error as Error).message.split('\n')[0]}); launching one`,
    );
    return launchChromium();
  }
}

export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  let task: Task | undefined;
  beforeAll(async () => {
    browser = instrument(await connectChromium(), () => task);
  });
  beforeEach((context) => {
    task = context.task;
  });
  // Registered first, so it runs after the file's own afterEach hooks: it saves what they left open.
  afterEach(async () => {
    for (const context of browser?.contexts() ?? []) await context.close();
    task = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('Chromium is not running');
    return browser;
  };
}
