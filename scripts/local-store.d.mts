export function startLocalStore(options?: {
  state?: string;
  root?: string;
}): Promise<{ url: string; stop: () => void; kill: () => Promise<void> }>;
