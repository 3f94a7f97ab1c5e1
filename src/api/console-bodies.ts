/**
 * What the console's store and session calls accept: the merchant's sign-in, a form's notification
 * settings, the store's currency. The worker validates with these; the console sends their input types.
 */
import { z } from 'zod';

export const merchantSignInSchema = z.object({ email: z.string().max(256), password: z.string().max(1024) });
export const notificationSchema = z.object({ enabled: z.boolean(), recipient: z.string().trim().max(256) });
export const currencySchema = z.object({ currency: z.string().trim().toUpperCase().max(3) });
