/**
 * Variants generated from options, as Shopify's editor makes them: the merchant lists each option's
 * values (Size: S, M, L; Colour: Red, Blue) and gets one variant per combination, in option order. A
 * combination that already had a variant keeps it (its price, stock, SKU, weight and picture), so
 * adding a value only adds rows, and adding an option gives the existing variants its first value; a
 * new combination starts from the first variant's price.
 */
import { MAX_VARIANTS } from '../../../site/editor/product-form';

export interface OptionValues {
  name: string;
  values: string[];
}

/** A comma-separated list of values, trimmed, without blanks or repeats (case-insensitive). */
export function valuesOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((value) => value.trim().slice(0, 100))
    .filter((value) => value !== '' && !seen.has(value.toLowerCase()) && seen.add(value.toLowerCase()));
}

/** Each option's values in the order the variants first use them. */
export function optionValuesOf(
  options: readonly string[],
  variants: readonly { values: Record<string, string> }[],
): OptionValues[] {
  return options.map((name) => ({
    name,
    values: [
      ...new Set(variants.map((variant) => (variant.values[name] ?? '').trim()).filter((value) => value !== '')),
    ],
  }));
}

/** How many variants the options make (1 with no option). */
export function combinationCount(options: readonly OptionValues[]): number {
  return options.reduce((count, option) => count * Math.max(1, option.values.length), 1);
}

const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The variants of every combination of the options' values, keeping each existing variant whose
 * values match one (exactly; else, for a variant without a value for an option just added, the first
 * combination that agrees on the values it has); null when they would be more than MAX_VARIANTS.
 * Options without values are left out of the combinations.
 */
export function generateVariants<V extends { values: Record<string, string> }>(
  options: readonly OptionValues[],
  existing: readonly V[],
  make: (values: Record<string, string>, template: V | undefined) => V,
): V[] | null {
  const used = options.filter((option) => option.values.length > 0);
  if (combinationCount(used) > MAX_VARIANTS) return null;
  let combinations: Record<string, string>[] = [{}];
  for (const option of used)
    combinations = combinations.flatMap((values) =>
      option.values.map((value) => ({ ...values, [option.name]: value })),
    );
  const names = used.map((option) => option.name);
  const claimed = new Set<V>();
  const claim = (values: Record<string, string>, matches: (variant: V, name: string) => boolean) => {
    const found = existing.find(
      (variant) =>
        !claimed.has(variant) &&
        names.every((name) => matches(variant, name) || same(variant.values[name], values[name] ?? '')),
    );
    if (found !== undefined) claimed.add(found);
    return found;
  };
  const exact = combinations.map((values) => claim(values, () => false));
  const rows = combinations.map(
    (values, i) => exact[i] ?? claim(values, (variant, name) => (variant.values[name] ?? '').trim() === ''),
  );
  return combinations.map((values, i) => {
    const kept = rows[i];
    return kept === undefined ? make(values, existing[0]) : { ...kept, values };
  });
}
