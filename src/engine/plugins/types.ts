/**
 * The contract between the executor and the formatter and predicate libraries.
 *
 * Values are plain JSON values as they come from the data: `undefined` stands for
 * a missing value (a path that does not resolve), `null` for JSON null.
 */

import type { Path } from '../../values/index';

export type { Path, PathSegment } from '../../values/index';

/** What a formatter or predicate may ask of the render in progress. */
export interface RenderContext {
  /** Current time in epoch milliseconds (RenderOptions.now, or Date.now() at render start). */
  readonly now: number;
  /** Locale for i18n formatters; null means "no locale data" (i18n formatters print nothing). */
  readonly locale: string | null;
  /** The value of the current frame (what `@` resolves to). */
  current(): unknown;
  /** Resolves a variable path as `{a.b.c}` would, walking up the frames; undefined when missing. */
  resolve(path: Path): unknown;
  /**
   * Resolves a path from the frame around the current one (for a variable tag: the frame around the
   * tag's own value). `format` and `message` read their arguments this way, as the reference does.
   */
  resolveOuter(path: Path): unknown;
  /** Records an engine error; rendering goes on. */
  error(message: string): void;
  /**
   * Renders the named macro or partial against `value` (the `apply` formatter).
   * `args` become `@args` inside it; `isolated` stops variable lookup at the partial's frame.
   * Returns undefined (after recording an error) when it cannot be applied.
   */
  applyPartial(
    name: string,
    value: unknown,
    args: Record<string, string> | null,
    isolated: boolean,
  ): string | undefined;
  /**
   * Renders a template source of the plugin's own (compiled once and cached) against `value`, in a
   * frame over the current one, and returns the output. Plugins use it for their markup snippets.
   * `isolated` stops variable lookup at the snippet's frame.
   */
  renderSnippet(source: string, value: unknown, isolated?: boolean): string;
}

/**
 * A formatter's result that is JavaScript's undefined rather than a missing value (`cycle` past
 * its arguments): missing to the output and to every later formatter, except that `raw` of it
 * stays unset (rendering '') where `raw` of a missing value gives 'null'.
 */
export const UNSET: unique symbol = Symbol('unset');

/**
 * A formatter's result that leaves the value as the formatter found it, as the reference's
 * formatters leave their variable alone rather than set it. It differs from returning the value
 * itself only for an unset value, which stays unset (and a later `raw` prints ''); a formatter
 * that returns undefined makes a new missing value instead (`raw` prints 'null').
 */
export const UNCHANGED: unique symbol = Symbol('unchanged');

/**
 * A formatter turns the first variable of a tag into a new value.
 * `vars` holds every variable of the tag (`{a,b|fmt}`), vars[0] === value; formatters that
 * combine several values read the others from it. The return value replaces vars[0].
 */
export type Formatter = (
  value: unknown,
  args: readonly string[],
  ctx: RenderContext,
  vars: readonly unknown[],
) => unknown;

/** A predicate tests the current frame's value (`ctx.current()`), with the tag's arguments. */
export type Predicate = (args: readonly string[], ctx: RenderContext) => boolean;

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;
