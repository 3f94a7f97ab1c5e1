/**
 * Work derived from a tag's arguments, done once per argument list. A compiled template keeps its
 * argument arrays for its lifetime, so a WeakMap keyed by the array caches the split paths and
 * parsed literals across renders without holding on to templates that are gone.
 */
export function perArgs<T>(derive: (args: readonly string[]) => T): (args: readonly string[]) => T {
  const cache = new WeakMap<readonly string[], T>();
  return (args) => {
    let derived = cache.get(args);
    if (derived === undefined) {
      derived = derive(args);
      cache.set(args, derived);
    }
    return derived;
  };
}

/** A tag's arguments joined by single spaces (a date pattern, the text of `output`). */
export const joinedArgs = perArgs((args) => args.join(' '));
