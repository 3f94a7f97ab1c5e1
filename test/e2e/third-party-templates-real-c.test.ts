/**
 * Real templates of test/fixtures/third-party/ in Chromium, imported unchanged, each a website of its own in the test
 * worker's store (the tests: test/e2e/third-party-templates-support.ts). The eleven are in three files of about the
 * same time, so they run beside the other browser files rather than as one long file at the end of a run.
 */
import { describeThirdPartyTemplates } from './third-party-templates-support';

describeThirdPartyTemplates([], ['pms', 'baldface', 'boxen', 'thecircuitgym']);
