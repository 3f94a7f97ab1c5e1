/**
 * Where the static assets (Workers Static Assets: the favicon, _headers and the client build) are
 * served from. `npm start` serves public/; the tests, the benchmarks and the bundle-size check build
 * and serve a copy of their own, so running them never rebuilds what a running `npm start` serves.
 */
export const STORE_ASSETS = 'public';
export const TEST_ASSETS = '.test-assets';
