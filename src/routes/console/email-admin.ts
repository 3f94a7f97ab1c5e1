/**
 * Emails that could not be sent after every retry (src/durable/email-outbox.ts), for the merchant:
 * listed with their last error from the website's order and restock outboxes, and put back in line
 * once the cause is fixed. Listing them (customers' addresses) needs customerData, retrying commerce.
 */
import { Hono, type Context } from 'hono';
import { api } from '../../api';
import { PARKED_EMAIL_SOURCES, type ParkedEmailSource as Source } from '../../api/merchant';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { apiError, type AppEnv, storeOf } from '../shared/http';
import { requirePermission } from './merchant-session';

function outboxOf(c: Context<AppEnv>, source: Source) {
  return source === 'orders' ? storeOf(c).objects.orders : storeOf(c).objects.restock;
}

export const emailAdmin = new Hono<AppEnv>();
const commerce = requirePermission('commerce');

emailAdmin.get(pathIn(areas.parkedEmails, api.parkedEmails), requirePermission('customerData'), async (c) => {
  const [orders, restock] = await Promise.all([
    outboxOf(c, 'orders').parkedEmails(),
    outboxOf(c, 'restock').parkedEmails(),
  ]);
  const parked = [
    ...orders.map((email) => ({ source: 'orders' as const, ...email })),
    ...restock.map((email) => ({ source: 'restock' as const, ...email })),
  ];
  return answer(c, api.parkedEmails, { parked: parked.sort((a, b) => b.parkedAt - a.parkedAt) });
});

emailAdmin.post(pathIn(areas.parkedEmails, api.retryParkedEmail), commerce, async (c) => {
  const source = c.req.param('source');
  const id = Number(c.req.param('id'));
  if (!PARKED_EMAIL_SOURCES.includes(source as Source) || !Number.isSafeInteger(id) || id < 1)
    return apiError(404, 'Unknown parked email');
  const retried = await outboxOf(c, source as Source).retryParkedEmail(id);
  return retried ? answer(c, api.retryParkedEmail, { retried: true }) : apiError(404, 'Unknown parked email');
});
