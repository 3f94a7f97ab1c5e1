import type { Browser, BrowserServer } from 'playwright-core';

export function launchChromium(): Promise<Browser>;
export function launchChromiumServer(): Promise<BrowserServer>;
