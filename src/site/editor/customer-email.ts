/**
 * The merchant's email to a customer (console → Customers → a customer → Email customer; docs/merchant.md): the
 * composer's fields as the spec names them (To, CC, BCC, Subject, Body), one zod schema for the form and the route.
 * To is the customer's own address, taken from the page's address, never from the body, so the store cannot be used
 * to write to strangers; CC and BCC take a few addresses each. Sent as plain text through the orders object's outbox.
 */
import { z } from 'zod';
import { isValidEmail } from '../../forms/validate';

export const COMPOSER_LABELS = { to: 'To', cc: 'CC', bcc: 'BCC', subject: 'Subject', body: 'Body' } as const;

export const MAX_COPIES = 5;
export const MAX_SUBJECT = 200;
export const MAX_BODY = 10_000;
/** Emails to customers a store may send in an hour, every merchant together: a stolen session cannot spam. */
export const CUSTOMER_EMAILS_PER_HOUR = 50;

export const CUSTOMER_EMAIL_MESSAGES = {
  subject: 'Give the email a subject.',
  body: 'Write the email.',
  rateLimited: `Your store has sent ${CUSTOMER_EMAILS_PER_HOUR} emails to customers in the last hour. Try again later.`,
} as const;

/** A comma- or space-separated list of at most MAX_COPIES addresses, each checked, in lower case, without repeats. */
const copies = (label: string) =>
  z
    .string()
    .max(MAX_COPIES * 260)
    .transform((text, ctx) => {
      const addresses = [...new Set(text.split(/[\s,;]+/).filter((part) => part !== ''))].map((part) =>
        part.toLowerCase(),
      );
      const wrong = addresses.find((address) => !isValidEmail(address));
      // Issues of a kind that keeps the field's path ('cc: …'): a custom one is shown without it (http/body.ts).
      if (wrong !== undefined)
        ctx.addIssue({
          code: 'invalid_format',
          format: 'email',
          input: wrong,
          message: `'${wrong}' is not an email address.`,
        });
      if (addresses.length > MAX_COPIES)
        ctx.addIssue({
          code: 'too_big',
          origin: 'array',
          maximum: MAX_COPIES,
          input: addresses,
          message: `${label} takes at most ${MAX_COPIES} addresses.`,
        });
      return addresses;
    });

export const customerEmailSchema = z.object({
  cc: copies(COMPOSER_LABELS.cc).default([]),
  bcc: copies(COMPOSER_LABELS.bcc).default([]),
  subject: z
    .string()
    .trim()
    .min(1, CUSTOMER_EMAIL_MESSAGES.subject)
    .max(MAX_SUBJECT, `A subject can be at most ${MAX_SUBJECT} characters.`),
  body: z
    .string()
    .trim()
    .min(1, CUSTOMER_EMAIL_MESSAGES.body)
    .max(MAX_BODY, `An email can be at most ${MAX_BODY.toLocaleString('en-US')} characters.`),
  /** The composer's own id for this email: sending it again (a lost answer, a second click) sends nothing more. */
  sendId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});
export type CustomerEmail = z.output<typeof customerEmailSchema>;

/** An email the store sent a customer, as their page lists it. */
export interface SentCustomerEmail {
  subject: string;
  queuedAt: number;
  sentAt: number | null;
}
