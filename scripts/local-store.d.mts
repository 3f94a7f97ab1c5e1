export function startLocalStore(options?: {
  state?: string;
  root?: string;
  /** A worker entry under `root` to run instead of wrangler.toml's (bench/soak-worker.ts). */
  entry?: string;
  /** The port to try first; one taken by another process is refused and the store starts on new ports. */
  port?: number;
}): Promise<{ url: string; stop: () => void; kill: () => Promise<void> }>;

/** The start's port (or its inspector's) was bound by another process before wrangler could bind it. */
export class PortTaken extends Error {}

/** Whether what listens on `port` belongs to process group `group`: 'unknown' without /proc. */
export function listenerOf(port: number, group: number): 'ours' | 'theirs' | 'unknown';
