/**
 * Signed webhooks in Stripe's scheme (https://docs.stripe.com/webhooks#verify-manually): the
 * `Stripe-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (more
 * than one v1 while a secret is being rolled). A delivery is genuine when one v1 matches and `t` is
 * within the tolerance of now, so a captured delivery cannot be replayed later. The comparison is
 * WebCrypto's HMAC verify, which takes the same time however many bytes match. The local provider
 * signs its webhooks the same way with its own secret.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** More v1 signatures than a secret roll needs are ignored, so a header cannot make us verify many. */
const MAX_SIGNATURES = 4;

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function hexBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The header value that signs `payload` at `timestamp` (unix seconds). */
export async function signatureHeader(secret: string, payload: string, timestamp: number): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    encoder.encode(`${timestamp}.${payload}`),
  );
  const hex = Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
  return `t=${timestamp},v1=${hex}`;
}

/** Whether `header` signs `payload` with `secret` within the tolerance of `now` (unix seconds). */
export async function verifySignature(
  secret: string,
  payload: string,
  header: string,
  now: number,
  tolerance = SIGNATURE_TOLERANCE_SECONDS,
): Promise<boolean> {
  let timestamp: number | null = null;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    const bytes = name === 'v1' ? hexBytes(value) : null;
    if (bytes !== null && bytes.length === 32 && signatures.length < MAX_SIGNATURES) signatures.push(bytes);
  }
  if (timestamp === null || signatures.length === 0 || Math.abs(now - timestamp) > tolerance) return false;
  const key = await hmacKey(secret, 'verify');
  const signed = encoder.encode(`${timestamp}.${payload}`);
  for (const signature of signatures) if (await crypto.subtle.verify('HMAC', key, signature, signed)) return true;
  return false;
}
