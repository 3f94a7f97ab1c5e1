/**
 * The local rate limiter (Miniflare's simulation of the Rate Limiting binding) counts in windows
 * aligned to the clock's minute, so calls that pass a limit only meet its 429 when they fall in one
 * window. This runs the calls and, when a window boundary fell while they ran, runs them once more
 * (now from early in a window) rather than sleeping until a new window starts.
 */
export async function inOneRateWindow<T>(calls: (attempt: number) => Promise<T>): Promise<T> {
  const minute = () => Math.floor(Date.now() / 60_000);
  const started = minute();
  const result = await calls(0);
  return minute() === started ? result : calls(1);
}
