/**
 * What a shopper typed into an island's server-rendered field before the island hydrated (its code still loading on a
 * slow network or a loaded machine). React hydrates a controlled field without reading it, so the island's next render
 * would put its own (empty) state back: an island reads this once as it starts and makes it its state. Typed by hand,
 * as src/client/dom.ts does: islands are also compiled into the worker, where this is never reached (effects only).
 */
import { pageDocument } from './dom';

/** The value now in the field with this id; null where there is none (the worker, a field not rendered). */
export function typedBeforeHydration(id: string): string | null {
  const field = pageDocument()?.documentElement.querySelector(`#${id}`) as { value?: unknown } | null | undefined;
  return typeof field?.value === 'string' ? field.value : null;
}
