/** Debian Chromium through playwright-core, with the flags this machine needs (never a downloaded browser). */
import { chromium } from 'playwright-core';

/**
 * The features playwright-core 1.65 turns off itself (its chromiumSwitches): Chromium takes the last
 * `--disable-features` it is given, not the union, so ours must repeat them. test/deploy/chromium-flags.test.ts fails when
 * Playwright's list and this one differ (after an upgrade).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 loads the address bar's suggestion popup (chrome://omnibox-popup.top-chrome/, two WebUI documents) in
 * a renderer of its own for every window, headless too, and Playwright opens a window for each context: a renderer
 * process and its WebUI script for every test's context, no page of ours in it (issue 30, docs/testing.md "Where the
 * browser project's CPU goes": about a quarter of Chromium's CPU for a context's four page visits).
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
  ],
};

export function launchChromium() {
  return chromium.launch(CHROMIUM);
}

/** A Chromium that several test files connect to in turn (`chromium.connect(server.wsEndpoint())`). */
export function launchChromiumServer() {
  return chromium.launchServer(CHROMIUM);
}
