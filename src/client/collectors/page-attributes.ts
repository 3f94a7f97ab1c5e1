/**
 * The collector script's data attributes (themes/default/layout.html), read by the collectors and
 * by islands for the add-to-cart event's page fields; typed for the worker build too.
 */
import { pageDocument } from '../dom';

/** Empty where the page has no collector script (the site does not track). */
export function pageAttributes(): Record<string, string | undefined> {
  const script = pageDocument()?.documentElement.querySelector('script[data-census]') as unknown as {
    dataset: Record<string, string | undefined>;
  } | null;
  return script?.dataset ?? {};
}
