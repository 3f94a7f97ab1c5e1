/**
 * Frames and variable resolution. A frame holds the value a block is rendering, the `@` variables
 * and macros defined in it, and the loop index of a repeated section. Lookup walks up the frames
 * until a value resolves or a frame marked `isolated` (a private partial) is reached.
 */
import type { Path, PathSegment } from '../plugins/types';
import { childOf } from '../../values/index';

/** A frame; `Macro` is what `{.macro}` defines (the executor's blocks), a parameter so frames need not know about programs. */
export class Frame<Macro> {
  index = -1;
  isolated = false;
  vars: Map<string, unknown> | null = null;
  macros: Map<string, Macro> | null = null;

  constructor(
    public value: unknown,
    public readonly parent: Frame<Macro> | null,
  ) {}

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  setMacro(name: string, macro: Macro): void {
    (this.macros ??= new Map()).set(name, macro);
  }
}

/**
 * The value of `key` directly in `value` (the first segment of a path). Like the reference, this is a
 * plain property read, so an array's `length` resolves; inherited methods count as missing.
 */
function member(value: unknown, key: PathSegment): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<PathSegment, unknown>)[key];
  return typeof found === 'function' ? undefined : found;
}

/** Resolves one name in one frame: `@`, `@index`, `@index0`, an `@variable`, or a member of the frame's value. */
export function nameInFrame(frame: Frame<unknown>, name: PathSegment): unknown {
  if (typeof name === 'string' && name.charCodeAt(0) === 64 /* @ */) {
    if (name.length === 1) return frame.value;
    if (name === '@index') return frame.index === -1 ? undefined : frame.index + 1;
    if (name === '@index0') return frame.index === -1 ? undefined : frame.index;
    return frame.vars === null ? undefined : frame.vars.get(name);
  }
  return member(frame.value, name);
}

/** Follows the segments after the first; a null or missing value on the way makes the result missing. */
function followRest(value: unknown, path: Path): unknown {
  for (let i = 1; i < path.length; i++) {
    if (value === undefined || value === null) return undefined;
    value = childOf(value, path[i]);
  }
  return value;
}

/** Resolves a variable path as `{a.b}` does: the first name is looked up the frames, the rest followed down. */
export function resolvePath(frame: Frame<unknown>, path: Path): unknown {
  const first = path[0] as PathSegment;
  let value: unknown;
  if (first === '@') value = frame.value;
  else if (isMemberName(first)) value = resolveMember(frame, first);
  else {
    for (let f: Frame<unknown> | null = frame; f !== null; f = f.parent) {
      value = nameInFrame(f, first);
      if (value !== undefined || f.isolated) break;
    }
  }
  return path.length === 1 ? value : followRest(value, path);
}

/** Whether a path's first segment names a member of a frame's value (rather than `@`, `@index` or an `@variable`). */
function isMemberName(segment: PathSegment): boolean {
  return typeof segment === 'number' || segment.charCodeAt(0) !== 64; /* @ */
}

/** The value of a member name looked up the frames: the commonest lookup, `{title}`. */
function resolveMember(frame: Frame<unknown>, name: PathSegment): unknown {
  for (let f: Frame<unknown> | null = frame; f !== null; f = f.parent) {
    const value = member(f.value, name);
    if (value !== undefined || f.isolated) return value;
  }
  return undefined;
}

/** Resolves a section's path: unlike a variable, its first name is looked up in the current frame only. */
export function resolveSection(frame: Frame<unknown>, path: Path): unknown {
  const value = nameInFrame(frame, path[0] as PathSegment);
  return path.length === 1 ? value : followRest(value, path);
}
