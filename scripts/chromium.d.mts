import type { Browser, BrowserServer, LaunchOptions } from 'playwright-core';

export const PLAYWRIGHT_DISABLED_FEATURES: string[];
export const OUR_DISABLED_FEATURES: string[];
export const CHROMIUM: LaunchOptions & { executablePath: string; args: string[] };
export function launchChromium(): Promise<Browser>;
export function launchChromiumServer(): Promise<BrowserServer>;
