/**
 * What the shopper has chosen for each product on the page (variant sku and quantity), shared by
 * the variant selects, the quantity input and the add-to-cart button of that product.
 */
export interface Selection {
  /** The chosen variant's sku, to buy; null while an option is unselected or the variant is sold out. */
  sku: string | null;
  /** The chosen variant's sku, sold out or not; null while an option is unselected. */
  variant: string | null;
  quantity: number;
  /** Why the typed quantity cannot be bought (the spec's quantity message); null when it can. */
  quantityProblem: string | null;
  /** Names of the options not chosen yet. */
  missing: readonly string[];
  /** The chosen combination is sold out. */
  soldOut: boolean;
}

type Listener = (selection: Selection) => void;

const selections = new Map<string, Selection>();
const listeners = new Map<string, Set<Listener>>();
/** Products whose selection the shopper has changed on this page (not only set to its starting value). */
const chosenByShopper = new Set<string>();

export function selectionOf(itemId: string, initial: Selection): Selection {
  let selection = selections.get(itemId);
  if (selection === undefined) {
    selection = initial;
    selections.set(itemId, selection);
  }
  return selection;
}

export function updateSelection(itemId: string, change: Partial<Selection>): void {
  const next = {
    ...(selections.get(itemId) ?? {
      sku: null,
      variant: null,
      quantity: 1,
      quantityProblem: null,
      missing: [],
      soldOut: false,
    }),
    ...change,
  };
  selections.set(itemId, next);
  chosenByShopper.add(itemId);
  for (const listener of listeners.get(itemId) ?? []) listener(next);
}

export function subscribeSelection(itemId: string, listener: Listener): () => void {
  let set = listeners.get(itemId);
  if (set === undefined) {
    set = new Set();
    listeners.set(itemId, set);
  }
  set.add(listener);
  // Islands hydrate one by one: one that starts listening after the shopper already chose (its code
  // came later) is given that choice at once. A starting value is not replayed: it would swap a
  // single-variant product's picture on load.
  const current = selections.get(itemId);
  if (current !== undefined && chosenByShopper.has(itemId)) listener(current);
  return () => set.delete(listener);
}
