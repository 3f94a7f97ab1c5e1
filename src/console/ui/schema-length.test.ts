import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paymentSettingsSchema } from '../../site/editor/payment-settings';
import { maxLengthOf } from './schema-length';

describe('maxLengthOf', () => {
  it('reads the cap of a string schema, with or without a default', () => {
    expect(maxLengthOf(paymentSettingsSchema.shape.stripeSecretKey)).toBe(255);
    expect(maxLengthOf(paymentSettingsSchema.shape.stripeWebhookSecret)).toBe(255);
    expect(maxLengthOf(z.string().max(12))).toBe(12);
    expect(maxLengthOf(z.string())).toBeUndefined();
  });
});
