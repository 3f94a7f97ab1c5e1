/**
 * A pure function of a text, remembered per text: the same tags, names and paths recur on every
 * item and every render. Past `capacity` entries the memory is dropped and refilled.
 */
export function memoizeText<T>(compute: (text: string) => T, capacity: number): (text: string) => T {
  const remembered = new Map<string, T>();
  return (text) => {
    let result = remembered.get(text);
    if (result === undefined) {
      result = compute(text);
      if (remembered.size >= capacity) remembered.clear();
      remembered.set(text, result);
    }
    return result;
  };
}
