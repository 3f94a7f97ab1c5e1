/**
 * Shipping rates a merchant defines (flat or by weight, free over an amount, per country or
 * region) and the options they give one order.
 */
import { coversLocation, type ShippingLocation } from './address';

export interface ShippingRate {
  id: string;
  name: string;
  /** Places the rate ships to: 'US', 'US-CA'; empty means everywhere. */
  regions: string[];
  method: 'flat' | 'weight';
  /** The flat price, or the base price of a weight rate. */
  amountCents: number;
  /** Added per started kilogram (weight rates). */
  perKgCents: number;
  /** Orders whose discounted subtotal reaches this ship free; null: never. */
  freeOverCents: number | null;
}

export interface ShippingOption {
  id: string;
  name: string;
  costCents: number;
  free: boolean;
}

export const SHIPPING_MESSAGES = {
  unavailable: 'That shipping option is not available for this address.',
  noneForAddress: 'We do not ship to this address.',
  noOptions: 'No shipping options for this address.',
} as const;

/** Why an address gets no options, for the shopper at the address ('United Kingdom', 'IL, United States'). */
export function notShippedReason(place: string): string {
  return `This store has no shipping to ${place}. Choose another address, or buy only items that need no shipping.`;
}

function costOf(rate: ShippingRate, subtotalCents: number, weightGrams: number): number {
  if (rate.freeOverCents !== null && subtotalCents >= rate.freeOverCents) return 0;
  if (rate.method === 'flat') return rate.amountCents;
  return rate.amountCents + Math.ceil(weightGrams / 1000) * rate.perKgCents;
}

/** The options for an order shipped to `location`, cheapest first. */
export function shippingOptions(
  rates: readonly ShippingRate[],
  location: ShippingLocation,
  subtotalCents: number,
  weightGrams: number,
): ShippingOption[] {
  return rates
    .filter((rate) => coversLocation(rate.regions, location))
    .map((rate) => {
      const costCents = costOf(rate, subtotalCents, weightGrams);
      return { id: rate.id, name: rate.name, costCents, free: costCents === 0 };
    })
    .sort((a, b) => a.costCents - b.costCents || a.name.localeCompare(b.name));
}

/** The option an order ships with: the one the shopper chose while it is offered, else the cheapest (chosen for them, as Shopify does). */
export function chosenOption(options: readonly ShippingOption[], chosenId: string | null): ShippingOption | null {
  return options.find((option) => option.id === chosenId) ?? options[0] ?? null;
}

/**
 * Of `countries` (ISO codes), those no rate ships to anywhere: shoppers there cannot buy physical
 * products. A country with a rate for only some of its regions counts as shipped to.
 */
export function unshippedCountries(rates: readonly ShippingRate[], countries: readonly string[]): string[] {
  if (rates.some((rate) => rate.regions.length === 0)) return [];
  const shipped = new Set(rates.flatMap((rate) => rate.regions.map((place) => place.toUpperCase().split('-')[0])));
  return countries.filter((country) => !shipped.has(country));
}
