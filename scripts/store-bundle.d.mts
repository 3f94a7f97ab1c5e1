/**
 * The folder a browser-test store of `root`'s worker runs from (`worker/`, `assets/`, `options.json`), built by
 * `wrangler deploy --dry-run` unless a store of the same sources and client build was built before.
 */
export function storeBundle(options?: { root?: string; entry?: string }): Promise<string>;
