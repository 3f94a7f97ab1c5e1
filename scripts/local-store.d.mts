export function startLocalStore(options?: {
  state?: string;
  root?: string;
  /** A worker entry under `root` to run instead of wrangler.toml's (bench/soak-worker.ts). */
  entry?: string;
}): Promise<{ url: string; stop: () => void; kill: () => Promise<void> }>;
