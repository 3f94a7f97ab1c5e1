/** Test or live payments, and the words that say a store is in test mode (the console's Payments screen and the checkout page). */
export type PaymentMode = 'test' | 'live';

export const TEST_MODE_BANNER = 'Test mode: no real charges.';
