/**
 * Password hashing with PBKDF2-SHA-256 through WebCrypto (100,000 iterations: the Workers runtime's
 * maximum). It runs in the stateless worker, never in the accounts objects, so sign-ins to one
 * website are not hashed one after another (src/routes/shared/sign-in.ts).
 */
import { sameToken, toHex } from '../ids';

export const PBKDF2_ITERATIONS = 100_000;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

function fromHex(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toHex(new Uint8Array(bits));
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { hash: await derive(password, salt, PBKDF2_ITERATIONS), salt: toHex(salt), iterations: PBKDF2_ITERATIONS };
}

/** Compares in constant time over the hash's length. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  return sameToken(await derive(password, fromHex(stored.salt), stored.iterations), stored.hash);
}

/** SHA-256 of a session token: the store keeps only this, never the token itself. */
export async function tokenDigest(token: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))));
}
