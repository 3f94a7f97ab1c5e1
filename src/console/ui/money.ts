/** Money in the console: minor units in, the store currency's text out, and a price field's text back to minor units. */
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../commerce/money';

export function moneyText(units: number, currency: string): string {
  return formatMoney(units, currency);
}

/** What a price field shows for an amount: '12.50'. */
export function moneyInput(units: number, currency: string): string {
  return fromMinorUnits(units, currency);
}

/** A price field's text as minor units; null unless it is a plain amount of at least 0 ('12', '12.5', '12.50'). */
export function parseMoneyInput(text: string, currency: string): number | null {
  const units = toMinorUnits(text.replace(/[\s,]/g, ''), currency);
  return units === null || units < 0 ? null : units;
}
