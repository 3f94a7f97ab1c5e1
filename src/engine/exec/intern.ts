/**
 * Path names as the VM's own internalized strings. A name sliced from a template is a fresh string,
 * and every property read with it makes the VM look it up in its string table first; programs use
 * the internalized copy instead, which is found by identity. The table is bounded: past the cap,
 * names are used as they are.
 */
import type { Path, PathSegment } from '../plugins/types';

const MAX_NAMES = 20_000;
const names = new Map<string, string>();

function internName(name: string): string {
  let interned = names.get(name);
  if (interned === undefined) {
    if (names.size >= MAX_NAMES) return name;
    // Property keys are internalized, so the key read back is the VM's copy.
    interned = Object.keys({ [name]: 0 })[0] as string;
    names.set(name, interned);
  }
  return interned;
}

export function internPath(path: Path): Path {
  return path.map((segment: PathSegment) => (typeof segment === 'string' ? internName(segment) : segment));
}

export function internPaths(paths: readonly Path[]): readonly Path[] {
  return paths.map(internPath);
}
