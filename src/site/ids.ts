/** Random identifiers and tokens as lowercase hex (WebCrypto randomness). */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `byteCount` random bytes as 2 × `byteCount` hex digits. */
export function randomHex(byteCount: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(byteCount)));
}
