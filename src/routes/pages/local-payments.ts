/**
 * The local payment provider's authentication page (development only), the stand-in for a bank's
 * 3-D Secure page: `GET /integrations/payments/local/authenticate/{paymentId}` shows the payment,
 * and completing or failing it there settles the payment in the local ledger and reports the
 * outcome through the payment webhook, signed with the local secret, exactly as Stripe reports
 * its own (so the order flow is the same for both). The shopper then goes back to the store's
 * return address. Answering again re-sends the same event, which changes nothing.
 */
import { Hono, type Context } from 'hono';
import { formatMoney } from '../../commerce/money';
import type { LocalPayment } from '../../durable/local-payments';
import { localPaymentLedger } from '../../durable/stubs';
import { readText } from '../../http/body';
import { NOT_FOUND } from '../../http/messages';
import { localWebhookEvent } from '../../integrations/payment-events';
import { localPaymentsEnabled } from '../../integrations/payments';
import { signatureHeader } from '../../integrations/webhook-signature';
import { sameToken } from '../../ids';
import { currentCrumb, ensureCrumb } from '../shared/csrf';
import { htmlDocument, markup, messagePage } from './html-document';
import type { AppEnv } from '../shared/http';
import { PAYMENT_WEBHOOK_PATH, SIGNATURE_HEADER } from '../integrations/payment-webhooks';

const PATH = '/integrations/payments/local/authenticate/:paymentId';
export const AUTHENTICATION_TITLE = 'Confirm your payment';
export const AUTHENTICATION_FAILED = 'Authentication failed';
export const AUTHENTICATION_DONE = 'Authentication complete. You can close this page.';
export const REPORT_FAILED = 'The store did not take the payment result. Try again.';
export const LEAVE_AUTHENTICATION = 'Cancel and return to the store';
export const BACK_TO_CHECKOUT = 'Return to the checkout';
export const AUTHENTICATION_EXPIRED =
  'The time to confirm this payment has run out. Nothing was charged and no order was placed; return to the store to order again.';
export const AUTHENTICATION_CANCELLED =
  'This payment was cancelled because you left it. Nothing was charged and no order was placed; return to the checkout to pay again.';

/** What a payment that can no longer be confirmed tells the shopper (null: it still can be, or was answered). */
function closedText(payment: LocalPayment, now: number): string | null {
  if (payment.status === 'expired') return AUTHENTICATION_EXPIRED;
  if (payment.status !== 'canceled') return null;
  // The store cancels it when its window ends, or when the shopper came back to the checkout without answering.
  return now >= Number(payment.metadata.authenticateBefore ?? Number.POSITIVE_INFINITY)
    ? AUTHENTICATION_EXPIRED
    : AUTHENTICATION_CANCELLED;
}

/** Where the shopper goes afterwards: the charge's return address when it is on this site. */
function sameOriginReturn(c: Context<AppEnv>, returnUrl: string | null): string | null {
  if (returnUrl === null) return null;
  try {
    const target = new URL(returnUrl, c.req.url);
    return target.origin === new URL(c.req.url).origin ? target.toString() : null;
  } catch {
    return null;
  }
}

export function localPaymentPages(webhooks: Hono<AppEnv>): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();

  pages.use(PATH, async (c, next) => {
    if (!localPaymentsEnabled(c.env)) return messagePage(c, 404, NOT_FOUND);
    return next();
  });

  pages.get(PATH, async (c) => {
    const payment = await localPaymentLedger(c.env).payment(c.req.param('paymentId'));
    if (payment === null || !payment.authenticated) return messagePage(c, 404, NOT_FOUND);
    ensureCrumb(c);
    c.header('cache-control', 'no-store');
    const crumb = currentCrumb(c) ?? '';
    const amount = formatMoney(payment.amountCents, payment.currency);
    // Back to the store without answering, as a bank page's cancel does: the checkout gives that attempt up.
    const store = new URL(sameOriginReturn(c, payment.returnUrl) ?? '/', c.req.url);
    const checkout = `${store.origin}/checkout`;
    const closed = closedText(payment, Date.now());
    const body =
      payment.status === 'requires_action'
        ? markup`<main><h1>${AUTHENTICATION_TITLE}</h1><p>Test bank: confirm the payment of <strong>${amount}</strong> for ${payment.description}.</p>
<form method="post"><input type="hidden" name="crumb" value="${crumb}"><button name="answer" value="complete">Complete authentication</button> <button name="answer" value="fail">Fail authentication</button></form>
<p><a href="${checkout}">${LEAVE_AUTHENTICATION}</a></p></main>`
        : closed !== null
          ? markup`<main><h1>${AUTHENTICATION_TITLE}</h1><p>${closed}</p><p><a href="${checkout}">${BACK_TO_CHECKOUT}</a></p></main>`
          : markup`<main><h1>${AUTHENTICATION_TITLE}</h1><p>This payment of ${amount} is already ${payment.status === 'succeeded' ? 'confirmed' : 'refused'}.</p>
<form method="post"><input type="hidden" name="crumb" value="${crumb}"><button name="answer" value="complete">Continue</button></form></main>`;
    return htmlDocument(c, { title: AUTHENTICATION_TITLE, body });
  });

  pages.post(PATH, async (c) => {
    const form = new URLSearchParams(await readText(c, 1024));
    const crumb = currentCrumb(c);
    if (crumb === null || !sameToken(crumb, form.get('crumb') ?? ''))
      return messagePage(c, 400, 'Missing or invalid CSRF token');
    const answer = form.get('answer');
    if (answer !== 'complete' && answer !== 'fail')
      return messagePage(c, 400, 'Choose to complete or fail the authentication');
    const ledger = localPaymentLedger(c.env);
    const payment = await ledger.authenticate(c.req.param('paymentId'), answer === 'complete');
    if (payment === null || !payment.authenticated || payment.settledAt === null) return messagePage(c, 404, NOT_FOUND);
    const payload = JSON.stringify(
      localWebhookEvent({
        id: payment.id,
        succeeded: payment.status === 'succeeded',
        settledAt: payment.settledAt,
        metadata: payment.metadata,
      }),
    );
    const signature = await signatureHeader(await ledger.webhookSecret(), payload, Math.floor(Date.now() / 1000));
    const delivered = await webhooks.request(
      `${PAYMENT_WEBHOOK_PATH}/local`,
      { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body: payload },
      c.env,
    );
    if (!delivered.ok) {
      console.error(`Local payment webhook for ${payment.id} answered ${delivered.status}`);
      return htmlDocument(c, { title: REPORT_FAILED, body: markup`<main><h1>${REPORT_FAILED}</h1></main>` }, 502);
    }
    const next = sameOriginReturn(c, payment.returnUrl);
    const closed = closedText(payment, Date.now());
    if (closed !== null) {
      const checkout = `${new URL(next ?? '/', c.req.url).origin}/checkout`;
      return htmlDocument(
        c,
        {
          title: closed,
          body: markup`<main><h1>${closed}</h1><p><a href="${checkout}">${BACK_TO_CHECKOUT}</a></p></main>`,
        },
        400,
      );
    }
    if (next !== null) return c.redirect(next, 303);
    const heading = payment.status === 'succeeded' ? AUTHENTICATION_DONE : AUTHENTICATION_FAILED;
    return htmlDocument(c, { title: heading, body: markup`<main><h1>${heading}</h1></main>` });
  });

  return pages;
}
