/** Where a shipment can be followed: the carrier's own tracking page for the carriers merchants name most, else none. */

const CARRIERS: readonly [RegExp, (number: string) => string][] = [
  [/^ups$/i, (n) => `https://www.ups.com/track?tracknum=${n}`],
  [/^usps$/i, (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`],
  [/^fedex$/i, (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`],
  [/^dhl/i, (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`],
  [/^royal ?mail$/i, (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`],
  [/^canada ?post$/i, (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`],
];

/** The tracking page for `trackingNumber` with `carrier`, or null when the carrier is not one we know. */
export function trackingUrl(carrier: string | null, trackingNumber: string): string | null {
  if (carrier === null) return null;
  const found = CARRIERS.find(([name]) => name.test(carrier.trim()));
  return found === undefined ? null : found[1](encodeURIComponent(trackingNumber.trim()));
}
