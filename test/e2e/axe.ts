/** axe-core in a Chromium page: its serious and critical violations, each named with where it was found. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe in every later document of a context: given to the context once, at its first check, as DevTools' script for
 * new documents, which the store's CSP (rightly refusing inline script it did not put there) does not apply to.
 * Sent into each document anew, axe's 650 kB source cost about 175 ms a page (docs/testing.md, "axe once per
 * context"). The top document only, as before: a frame (the console's preview) has no axe, so axe does not look inside.
 */
const AXE_IN_TOP_DOCUMENTS = `if (globalThis.top === globalThis) {\n${AXE_SOURCE}\n}`;
const contextsWithAxe = new WeakSet<BrowserContext>();

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Runs in the page: axe's violations once finite animations have ended, or null when this document has no axe yet. */
async function runAxe(): Promise<{ id: string; impact: string | null; targets: string[][] }[] | null> {
  const axe = (globalThis as unknown as { axe?: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
  if (axe === undefined) return null;
  // A dialog fading in is half transparent: let finite animations end first, so contrast is judged as the shopper sees it.
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5000))]);
  return (await axe.run()).violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 3).map((n) => n.target),
  }));
}

export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const context = page.context();
  if (!contextsWithAxe.has(context)) {
    contextsWithAxe.add(context);
    await context.addInitScript(AXE_IN_TOP_DOCUMENTS);
  }
  let violations = await page.evaluate(runAxe);
  if (violations === null) {
    // A document opened before its context had the script: axe goes into it this once.
    await page.evaluate(AXE_SOURCE);
    violations = await page.evaluate(runAxe);
    if (violations === null) throw new Error(`${where}: axe did not load into ${page.url()}`);
  }
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) at ${v.targets.map((target) => target.join(' ')).join(', ')}`);
}
