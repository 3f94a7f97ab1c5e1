/**
 * Commerce → Emails (docs/merchant.md, "Order emails"): the store's own message in the order confirmation, the
 * shipping confirmation and the refund emails. Kept in the website's orders object, which writes and sends those
 * emails (durable/orders/emails.ts), so an order's email reads no other object. Commerce roles only: the messages go
 * to every shopper; reading them shows no customer's data.
 */
import { Hono } from 'hono';
import { api } from '../../api';
import { areas } from '../../api/areas';
import { emailMessagesSchema } from '../../site/editor/email-messages';
import { answer, pathIn } from '../shared/contract';
import { readJson, type AppEnv, storeOf } from '../shared/http';
import { requirePermission } from './merchant-session';

/** Three messages of 2,000 characters, even if every character came as a 6-byte `\uXXXX` escape. */
const MAX_BODY_BYTES = 40 * 1024;

export const consoleEmails = new Hono<AppEnv>();
const commerce = requirePermission('commerce');

consoleEmails.get(pathIn(areas.console, api.emailMessages), commerce, async (c) =>
  answer(c, api.emailMessages, await storeOf(c).objects.orders.emailMessages()),
);

consoleEmails.put(pathIn(areas.console, api.saveEmailMessages), commerce, async (c) => {
  const messages = await readJson(c, emailMessagesSchema, MAX_BODY_BYTES);
  return answer(c, api.saveEmailMessages, await storeOf(c).objects.orders.setEmailMessages(messages));
});
