/**
 * The local rate limiter (Miniflare's simulation of the Rate Limiting binding) counts in windows
 * aligned to the clock's minute. A test that makes a few more calls than a limit allows only sees a
 * 429 if the calls do not straddle a window boundary, so it waits for a window with room first.
 */
export async function startEarlyInMinute(roomMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < roomMs) await new Promise((resolve) => setTimeout(resolve, left + 500));
}
