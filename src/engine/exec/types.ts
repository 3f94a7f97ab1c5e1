/**
 * What the executor's modules share: a program is blocks of steps, and a step runs against the
 * render in progress. Declared apart so that programs, `{.eval}` and the executor depend on these
 * declarations instead of on one another.
 */
import type { Op } from '../parse/instructions';
import type { RenderContext } from '../plugins/types';
import type { Frame } from './frame';

export interface Block {
  readonly steps: readonly Step[];
  /** The instruction kind behind each step, for error messages. */
  readonly ops: readonly Op[];
}

export type Step = (render: Executor) => void;

/** What a step may use of the render in progress (the executor's `Render`), besides what formatters see. */
export interface Executor extends RenderContext {
  frame: Frame<Block>;
  out: string;
  readonly injects: Readonly<Record<string, unknown>>;
  /** Writes a value as a variable prints it. */
  emit(value: unknown): void;
  /** Runs a macro or partial in the current frame (`{.include}`); without `output` what it writes is dropped. */
  include(name: string, output: boolean): void;
  run(block: Block): void;
  errorOnce(source: object, messages: readonly string[]): void;
}
