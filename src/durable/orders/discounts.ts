import { normalCode, type Discount } from '../../commerce/discounts';
import { emailText, FORMER_EMAIL_LOCALE, type EmailLocale } from '../../commerce/email-text';
import { randomHex } from '../../ids';
import { scheduleAlarm, type OrdersContext } from './context';
import { currentSettings } from './settings';

export function discounts(self: OrdersContext): Discount[] {
  return self.sql
    .exec<{ data: string; uses: number }>('SELECT data, uses FROM discounts WHERE single_use_for IS NULL ORDER BY code')
    .toArray()
    .map((r) => ({ ...(JSON.parse(r.data) as Discount), uses: r.uses }));
}

export function discountOf(self: OrdersContext, code: string): Discount | null {
  const row = self.sql
    .exec<{ data: string; uses: number }>('SELECT data, uses FROM discounts WHERE code = ?', normalCode(code))
    .toArray()[0];
  return row === undefined ? null : { ...(JSON.parse(row.data) as Discount), uses: row.uses };
}

/** Creates or replaces a code (its use count stays); `create` refuses an existing code, a replace a missing one. */
export function saveDiscount(
  self: OrdersContext,
  discount: Omit<Discount, 'uses' | 'singleUseFor'>,
  create: boolean,
): Discount | { conflict: true } | null {
  const code = normalCode(discount.code);
  const existing = discountOf(self, code);
  if (create && existing !== null) return { conflict: true };
  if (!create && existing === null) return null;
  const stored = { ...discount, code, singleUseFor: null };
  self.sql.exec(
    'INSERT INTO discounts (code, data) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET data = excluded.data',
    code,
    JSON.stringify(stored),
  );
  return { ...stored, uses: existing?.uses ?? 0 };
}

export function deleteDiscount(self: OrdersContext, code: string): boolean {
  return self.sql.exec('DELETE FROM discounts WHERE code = ? RETURNING code', normalCode(code)).toArray().length > 0;
}

/**
 * The newsletter's welcome code for `email` when the merchant enabled it: a single-use percentage
 * code, emailed in `locale`'s language (the sign-up page's); one per address (signing up again issues nothing new).
 */
export async function issueWelcomeCode(
  self: OrdersContext,
  email: string,
  siteTitle: string,
  locale: EmailLocale = FORMER_EMAIL_LOCALE,
): Promise<{ issued: boolean }> {
  const { welcomeDiscount } = currentSettings(self);
  if (!welcomeDiscount.enabled) return { issued: false };
  const address = email.trim().toLowerCase();
  if (self.sql.exec('SELECT 1 FROM discounts WHERE single_use_for = ?', address).toArray().length > 0)
    return { issued: false };
  const code = `WELCOME-${randomHex(4).toUpperCase()}`;
  const discount: Discount = {
    code,
    kind: 'percentage',
    percent: welcomeDiscount.percent,
    amountCents: null,
    minimumSubtotalCents: 0,
    startsOn: null,
    endsOn: null,
    usageLimit: 1,
    uses: 0,
    singleUseFor: address,
  };
  self.sql.exec(
    'INSERT INTO discounts (code, data, single_use_for) VALUES (?, ?, ?)',
    code,
    JSON.stringify(discount),
    address,
  );
  const text = emailText(locale);
  self.outbox.queue(
    {
      to: email,
      subject: text.say('welcome.subject', { site: siteTitle }),
      lang: text.lang,
      text: `${text.say('welcome.text', { code, percent: welcomeDiscount.percent })}\n`,
    },
    `welcome:${address}`,
  );
  await scheduleAlarm(self);
  return { issued: true };
}

export function claimed(self: OrdersContext, code: string): number {
  const pending = self.sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE status = 'pending' AND discount_code = ?", code)
    .one().n;
  return (
    pending + self.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM placing WHERE discount_code = ?', code).one().n
  );
}
