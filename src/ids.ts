/** Each byte's two hex digits: a placed order's tokens were 3 % of the orders object's time as an array mapped and joined. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Random identifiers and tokens as lowercase hex (WebCrypto randomness). */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += HEX_BYTES[byte];
  return hex;
}

/** `byteCount` random bytes as 2 × `byteCount` hex digits. */
export function randomHex(byteCount: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** Whether two tokens or digests are equal, in time that depends only on their length. */
export function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
