export function startLocalStore(): Promise<{ url: string; stop: () => void }>;
