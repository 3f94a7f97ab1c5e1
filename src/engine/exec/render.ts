/**
 * Executor: walks an instruction tree against data and writes the output.
 *
 * One Render exists per `render()` call. An error inside one instruction is recorded and the next
 * instruction runs; only the resource limits (steps, output size, stack depth) stop a render.
 */
import { messages, type TemplateError } from '../errors';
import { OP_NAMES, type Op } from '../parse/instructions';
import type { Path } from '../plugins/types';
import { toOutput } from '../../values/index';
import { TrustedHtml } from './escape';
import { Frame, resolvePath } from './frame';
import type { Compiled, ProgramBuilder } from './program';
import type { Block, Executor, Step } from './types';

export const MAX_PARTIAL_DEPTH = 16;

export interface Limits {
  maxSteps: number;
  maxOutputBytes: number;
}

/** How partial sources become instruction trees (the engine's compile cache). */
export type PartialCompiler = (source: string) => Compiled & { readonly errors: readonly TemplateError[] };

export interface RenderSetup {
  /** Turns instruction trees into programs with the render's formatter and predicate tables. */
  programs: ProgramBuilder;
  /**
   * The same for the engine's own snippets (a widget formatter's markup, as the reference writes it):
   * never in the escaping mode, which would escape the markup a formatter prepared for them.
   */
  snippetPrograms: ProgramBuilder;
  partials: Readonly<Record<string, string>>;
  injects: Readonly<Record<string, unknown>>;
  locale: string | null;
  now: number;
  limits: Limits;
  compilePartial: PartialCompiler;
}

/** Thrown to stop a render at a limit; never caught by the per-instruction recovery. */
class RenderStopped {
  constructor(readonly message: string) {}
}

const EMPTY: Block = { steps: [], ops: [] };

export class Render implements Executor {
  readonly errors: TemplateError[] = [];
  readonly now: number;
  readonly locale: string | null;
  readonly injects: Readonly<Record<string, unknown>>;
  private readonly maxSteps: number;
  private readonly maxOutputBytes: number;
  out = '';
  frame: Frame<Block>;
  private outsideLength = 0;
  private steps = 0;
  private partialDepth = 0;
  private readonly partialPrograms = new Map<string, Block>();
  private reported: Set<object> | null = null;

  constructor(
    data: unknown,
    private readonly setup: RenderSetup,
  ) {
    this.frame = new Frame(data, null);
    this.now = setup.now;
    this.locale = setup.locale;
    this.injects = setup.injects;
    this.maxSteps = setup.limits.maxSteps;
    this.maxOutputBytes = setup.limits.maxOutputBytes;
  }

  /**
   * Renders the whole tree, returning the output: what was written before a limit stopped it, cut
   * to the output limit (it is checked once per block, so the last block may have passed it).
   */
  render(template: Compiled): string {
    try {
      this.run(this.setup.programs.program(template));
    } catch (e) {
      if (!(e instanceof RenderStopped)) throw e;
      this.error(e.message);
      return this.out.slice(0, Math.max(0, this.maxOutputBytes - this.outsideLength));
    }
    return this.out;
  }

  // RenderContext, for formatters and predicates

  current(): unknown {
    return this.frame.value;
  }

  resolve(path: Path): unknown {
    return resolvePath(this.frame, path);
  }

  resolveOuter(path: Path): unknown {
    return resolvePath(this.frame.parent ?? this.frame, path);
  }

  error(message: string): void {
    this.errors.push({ type: 'engine', message });
  }

  /** Records the errors of `source` (an instruction) the first time only in this render. */
  errorOnce(source: object, messages: readonly string[]): void {
    this.reported ??= new Set();
    if (this.reported.has(source)) return;
    this.reported.add(source);
    for (const message of messages) this.error(message);
  }

  applyPartial(
    name: string,
    value: unknown,
    args: Record<string, string> | null,
    isolated: boolean,
  ): string | undefined {
    const program = this.partial(name);
    if (program === null) {
      this.error(messages.partialMissing(name));
      return undefined;
    }
    if (!this.enterPartial(name)) return undefined;
    try {
      return this.renderProgram(program, value, args, isolated);
    } finally {
      this.partialDepth--;
    }
  }

  renderSnippet(source: string, value: unknown, isolated = false): string {
    return this.renderProgram(
      this.setup.snippetPrograms.program(this.setup.compilePartial(source)),
      value,
      null,
      isolated,
    );
  }

  /** Renders a program into a string of its own, in a new frame holding `value`. */
  private renderProgram(
    program: Block,
    value: unknown,
    args: Record<string, string> | null,
    isolated: boolean,
  ): string {
    const saved = this.swapOut();
    this.frame = new Frame(value, this.frame);
    this.frame.isolated = isolated;
    if (args !== null) this.frame.setVar('@args', args);
    try {
      this.run(program);
      return this.out;
    } finally {
      this.frame = this.frame.parent as Frame<Block>;
      this.restoreOut(saved);
    }
  }

  // Running programs, for their steps

  run(block: Block): void {
    const steps = block.steps;
    const n = steps.length;
    this.steps += n;
    if (this.steps > this.maxSteps) throw new RenderStopped(messages.maxSteps(this.maxSteps));
    let i = 0;
    while (i < n) {
      try {
        for (; i < n; i++) (steps[i] as Step)(this);
      } catch (e) {
        this.recover(e, block.ops[i] as Op);
        i++;
      }
    }
    if (this.outsideLength + this.out.length > this.maxOutputBytes)
      throw new RenderStopped(messages.maxOutput(this.maxOutputBytes));
  }

  private recover(e: unknown, op: Op): void {
    if (e instanceof RenderStopped) throw e;
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new RenderStopped(messages.unexpected('RangeError', OP_NAMES[op], e.message));
    }
    const err = e instanceof Error ? e : new Error(String(e));
    this.error(messages.unexpected(err.name, OP_NAMES[op], err.message));
  }

  emit(value: unknown): void {
    if (typeof value === 'string') this.out += value;
    else this.out += value instanceof TrustedHtml ? value.html : toOutput(value);
  }

  include(name: string, output: boolean): void {
    const program = this.partial(name);
    if (program === null) {
      this.error(messages.partialMissing(name));
      return;
    }
    const saved = output ? null : this.swapOut();
    if (this.enterPartial(name)) {
      try {
        this.run(program);
      } finally {
        this.partialDepth--;
      }
    }
    if (saved !== null) this.restoreOut(saved);
  }

  private enterPartial(name: string): boolean {
    if (this.partialDepth >= MAX_PARTIAL_DEPTH) {
      this.error(messages.partialRecursion(name, MAX_PARTIAL_DEPTH));
      return false;
    }
    this.partialDepth++;
    return true;
  }

  /** A macro in scope (innermost first), else a partial; null when neither exists. */
  private partial(name: string): Block | null {
    for (let f: Frame<Block> | null = this.frame; f !== null; f = f.parent) {
      const macro = f.macros?.get(name);
      if (macro !== undefined) return macro;
    }
    const cached = this.partialPrograms.get(name);
    if (cached !== undefined) return cached;
    const source = this.setup.partials[name];
    if (typeof source !== 'string') return null;
    const template = this.setup.compilePartial(source);
    for (const err of template.errors) this.error(messages.partialParseFail(name, err.message));
    const program = template.errors.length > 0 ? EMPTY : this.setup.programs.program(template);
    this.partialPrograms.set(name, program);
    return program;
  }

  private swapOut(): string {
    const saved = this.out;
    this.outsideLength += saved.length;
    this.out = '';
    return saved;
  }

  private restoreOut(saved: string): void {
    this.outsideLength -= saved.length;
    this.out = saved;
  }
}
