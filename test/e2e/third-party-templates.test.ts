/**
 * The three real third-party templates of templates/third-party/ in Chromium, each a website of its own in the test
 * worker's store (the tests: test/e2e/third-party-templates-support.ts; the eleven of test/fixtures/third-party/ run
 * beside this file in third-party-templates-real-{a,b,c}.test.ts).
 */
import { BUNDLED_TEMPLATES, describeThirdPartyTemplates } from './third-party-templates-support';

describeThirdPartyTemplates(BUNDLED_TEMPLATES, []);
