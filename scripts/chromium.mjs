/** Debian Chromium through playwright-core, with the flags this machine needs (never a downloaded browser). */
import { chromium } from 'playwright-core';

const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchChromium() {
  return chromium.launch(CHROMIUM);
}

/** A Chromium that several test files connect to in turn (`chromium.connect(server.wsEndpoint())`). */
export function launchChromiumServer() {
  return chromium.launchServer(CHROMIUM);
}
