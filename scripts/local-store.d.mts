export function startLocalStore(options?: {
  state?: string;
}): Promise<{ url: string; stop: () => void; kill: () => Promise<void> }>;
