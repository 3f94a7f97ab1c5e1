/**
 * A store's payment secrets sealed at rest (docs/security.md, "Payment secrets at rest"): AES-256-GCM through WebCrypto
 * with the deployment's `PAYMENT_SETTINGS_KEY` secret (32 bytes, base64), a fresh 12-byte IV per seal; a sealed
 * value names its key by id, so `PAYMENT_SETTINGS_KEY_PREVIOUS` still opens what the key before a rotation sealed.
 * A development deployment without the secret uses a fixed development key; production without it has none, and
 * a secret is refused rather than kept in plain text.
 */
export interface PaymentSecretsEnv {
  ENVIRONMENT?: string;
  PAYMENT_SETTINGS_KEY?: string;
  PAYMENT_SETTINGS_KEY_PREVIOUS?: string;
}

export const PAYMENT_SECRETS_MESSAGES = {
  noKey:
    'Payment secrets cannot be saved on this deployment yet: its PAYMENT_SETTINGS_KEY secret is not set (docs/security.md, "Payment secrets at rest").',
} as const;

/** A sealed value: the id of the key that sealed it, its IV and its ciphertext (base64). */
export interface Sealed {
  kid: string;
  iv: string;
  data: string;
}

/** 'development-only-payment-setting', base64: never a secret, and never used outside development. */
const DEVELOPMENT_KEY = 'ZGV2ZWxvcG1lbnQtb25seS1wYXltZW50LXNldHRpbmc=';
// Binds a sealed value to what it is: a sealed payment setting cannot be passed off as anything else.
const ADDITIONAL_DATA = new TextEncoder().encode('payment-settings');

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const base64 = (data: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(data)));

/** The key that seals: the secret, else the development key in development; null in production without it. */
function currentKey(env: PaymentSecretsEnv): string | null {
  if ((env.PAYMENT_SETTINGS_KEY ?? '') !== '') return env.PAYMENT_SETTINGS_KEY ?? null;
  return env.ENVIRONMENT === 'development' ? DEVELOPMENT_KEY : null;
}

/** Whether this deployment can seal a secret. */
export function canSealSecrets(env: PaymentSecretsEnv): boolean {
  return currentKey(env) !== null;
}

async function keyOf(encoded: string): Promise<{ kid: string; key: CryptoKey }> {
  const raw = bytes(encoded);
  if (raw.length !== 32)
    throw new Error('PAYMENT_SETTINGS_KEY must be 32 random bytes, base64 (openssl rand -base64 32)');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  const kid = [...digest.slice(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { kid, key: await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']) };
}

/** Seals `plain` with the current key; throws when this deployment has none (ask `canSealSecrets` first). */
export async function sealSecret(env: PaymentSecretsEnv, plain: string): Promise<Sealed> {
  const encoded = currentKey(env);
  if (encoded === null) throw new Error(PAYMENT_SECRETS_MESSAGES.noKey);
  const { kid, key } = await keyOf(encoded);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: ADDITIONAL_DATA },
    key,
    new TextEncoder().encode(plain),
  );
  return { kid, iv: base64(iv), data: base64(data) };
}

/** Opens a sealed value with the key that sealed it (current or previous); null when neither is that key. */
export async function openSecret(env: PaymentSecretsEnv, sealed: Sealed): Promise<string | null> {
  for (const encoded of [currentKey(env), env.PAYMENT_SETTINGS_KEY_PREVIOUS ?? null]) {
    if (encoded === null || encoded === '') continue;
    const { kid, key } = await keyOf(encoded);
    if (kid !== sealed.kid) continue;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes(sealed.iv), additionalData: ADDITIONAL_DATA },
      key,
      bytes(sealed.data),
    );
    return new TextDecoder().decode(plain);
  }
  return null;
}

/** Whether `sealed` was sealed with the current key (else a rotation left it under the previous one). */
export async function sealedWithCurrentKey(env: PaymentSecretsEnv, sealed: Sealed): Promise<boolean> {
  const encoded = currentKey(env);
  return encoded !== null && (await keyOf(encoded)).kid === sealed.kid;
}
