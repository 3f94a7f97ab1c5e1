/**
 * The social-ads pixel's events (engine spec §7: add to cart, search, lead for the newsletter, view
 * content, purchase, complete registration), named as the pixel's standard events, and what each
 * carries. Shared by the browser, which reports them, and the worker, which validates them and hands
 * them to the configured pixel (src/integrations/pixel.ts). Money is in minor units; the sender
 * writes the pixel's decimal value.
 */

export const PIXEL_EVENT_NAMES = [
  'ViewContent',
  'AddToCart',
  'Search',
  'Lead',
  'Purchase',
  'CompleteRegistration',
] as const;
export type PixelEventName = (typeof PIXEL_EVENT_NAMES)[number];

export interface PixelContent {
  id: string;
  quantity: number;
}

export interface PixelData {
  content_ids?: string[];
  content_type?: 'product';
  content_name?: string;
  contents?: PixelContent[];
  /** Minor units of `currency`. */
  value_cents?: number;
  currency?: string;
  num_items?: number;
  search_string?: string;
}

/** An event as the browser reports it; `event_id` lets the pixel drop a repeat (a purchase's is its order's). */
export interface PixelEvent {
  event_name: PixelEventName;
  event_id: string;
  event_source_url: string;
  custom_data: PixelData;
}

/** What a newsletter sign-up and an account sign-up are called in their events. */
export const LEAD_NEWSLETTER = 'newsletter';
export const REGISTRATION_ACCOUNT = 'account';
