import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './webhook-signature';

const SECRET = 'whsec_test_secret';
const BODY = '{"id":"evt_1","type":"payment_intent.succeeded"}';
const NOW = 1_800_000_000;

describe('webhook signatures (Stripe-Signature)', () => {
  it('accepts a delivery signed with the secret, and a second v1 while the secret rolls', async () => {
    const header = await signatureHeader(SECRET, BODY, NOW);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(await verifySignature(SECRET, BODY, header, NOW)).toBe(true);
    const rolled = await signatureHeader('whsec_old', BODY, NOW);
    expect(await verifySignature(SECRET, BODY, `${rolled},v1=${header.split('v1=')[1]},v0=ignored`, NOW + 30)).toBe(
      true,
    );
  });

  it('matches a signature computed independently with node:crypto', async () => {
    const { createHmac } = await import('node:crypto');
    const v1 = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(await verifySignature(SECRET, BODY, `t=${NOW},v1=${v1}`, NOW)).toBe(true);
  });

  it('refuses a tampered body, another secret, a changed timestamp and malformed headers', async () => {
    const header = await signatureHeader(SECRET, BODY, NOW);
    expect(await verifySignature(SECRET, BODY.replace('succeeded', 'payment_failed'), header, NOW)).toBe(false);
    expect(await verifySignature('whsec_other', BODY, header, NOW)).toBe(false);
    expect(await verifySignature(SECRET, BODY, header.replace(`t=${NOW}`, `t=${NOW + 1}`), NOW)).toBe(false);
    for (const bad of [
      '',
      'garbage',
      `t=${NOW}`,
      header.split(',')[1] as string,
      `t=${NOW},v1=zz`,
      `t=${NOW},v1=${'0'.repeat(64)}`,
    ]) {
      expect(await verifySignature(SECRET, BODY, bad, NOW), bad).toBe(false);
    }
  });

  it('refuses deliveries older (or newer) than five minutes, so a captured one cannot be replayed', async () => {
    const header = await signatureHeader(SECRET, BODY, NOW);
    expect(await verifySignature(SECRET, BODY, header, NOW + 300)).toBe(true);
    expect(await verifySignature(SECRET, BODY, header, NOW + 301)).toBe(false);
    expect(await verifySignature(SECRET, BODY, header, NOW - 301)).toBe(false);
  });
});
