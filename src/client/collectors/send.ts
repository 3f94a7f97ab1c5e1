/** Sends a beacon with `sendBeacon`, falling back to an XHR; failures are ignored (spec §8: tracking failures are silent). */
export function sendBeacon(url: string, body: string | URLSearchParams): void {
  const payload = typeof body === 'string' ? new Blob([body], { type: 'text/plain;charset=UTF-8' }) : body;
  try {
    if (navigator.sendBeacon?.(url, payload) === true) return;
  } catch {
    // fall through to the XHR
  }
  const xhr = new XMLHttpRequest();
  xhr.open('POST', url, true);
  xhr.onerror = () => undefined;
  xhr.send(payload);
}
