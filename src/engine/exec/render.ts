/**
 * Executor: walks an instruction tree against data and writes the output.
 *
 * One Render exists per `render()` call. An error inside one instruction is recorded and the next
 * instruction runs; only the resource limits (steps, output size, stack depth) stop a render.
 */
import { messages, type TemplateError } from '../errors';
import {
  Op,
  OP_NAMES,
  type BindvarInst,
  type FormatterCall,
  type IfInst,
  type IncludeInst,
  type Inst,
  type MacroInst,
  type OrPredicateInst,
  type PredicateInst,
  type RepeatedInst,
  type SectionInst,
  type VariableInst,
} from '../parse/instructions';
import type { FormatterTable, Path, PredicateTable, RenderContext } from '../plugins/types';
import { isTruthy, toOutput } from '../plugins/util/values';
import { runEval } from './eval';
import { Frame, resolvePath, resolveSection } from './frame';

export const MAX_PARTIAL_DEPTH = 16;

export interface Limits {
  maxSteps: number;
  maxOutputBytes: number;
}

/** How partial sources become instruction trees (the engine's compile cache). */
export type PartialCompiler = (source: string) => { root: Inst[]; errors: readonly TemplateError[] };

export interface RenderSetup {
  formatters: FormatterTable;
  predicates: PredicateTable;
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

const EMPTY: Inst[] = [];

export class Render implements RenderContext {
  readonly errors: TemplateError[] = [];
  readonly now: number;
  readonly locale: string | null;
  out = '';
  frame: Frame;
  private outsideLength = 0;
  private steps = 0;
  private partialDepth = 0;
  private readonly partialTrees = new Map<string, Inst[]>();
  private reported: Set<object> | null = null;

  constructor(
    data: unknown,
    private readonly setup: RenderSetup,
  ) {
    this.frame = new Frame(data, null);
    this.now = setup.now;
    this.locale = setup.locale;
  }

  /**
   * Renders the whole tree, returning the output: what was written before a limit stopped it, cut
   * to the output limit (it is checked once per block, so the last block may have passed it).
   */
  run(root: Inst[]): string {
    try {
      this.block(root);
    } catch (e) {
      if (!(e instanceof RenderStopped)) throw e;
      this.error(e.message);
      return this.out.slice(0, Math.max(0, this.setup.limits.maxOutputBytes - this.outsideLength));
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

  applyPartial(name: string, value: unknown, args: Record<string, string> | null, isolated: boolean): string | undefined {
    const tree = this.partial(name);
    if (tree === null) {
      this.error(messages.partialMissing(name));
      return undefined;
    }
    if (!this.enterPartial(name)) return undefined;
    try {
      return this.renderTree(tree, value, args, isolated);
    } finally {
      this.partialDepth--;
    }
  }

  renderSnippet(source: string, value: unknown, isolated = false): string {
    return this.renderTree(this.setup.compilePartial(source).root, value, null, isolated);
  }

  /** Renders a tree into a string of its own, in a new frame holding `value`. */
  private renderTree(tree: readonly Inst[], value: unknown, args: Record<string, string> | null, isolated: boolean): string {
    const saved = this.swapOut();
    this.frame = new Frame(value, this.frame);
    this.frame.isolated = isolated;
    if (args !== null) this.frame.setVar('@args', args);
    try {
      this.block(tree);
      return this.out;
    } finally {
      this.frame = this.frame.parent as Frame;
      this.restoreOut(saved);
    }
  }

  // Blocks and instructions

  block(block: readonly Inst[]): void {
    const n = block.length;
    this.steps += n;
    if (this.steps > this.setup.limits.maxSteps) throw new RenderStopped(messages.maxSteps(this.setup.limits.maxSteps));
    let i = 0;
    while (i < n) {
      try {
        for (; i < n; i++) this.instruction(block[i] as Inst);
      } catch (e) {
        this.recover(e, block[i] as Inst);
        i++;
      }
    }
    if (this.outsideLength + this.out.length > this.setup.limits.maxOutputBytes) {
      throw new RenderStopped(messages.maxOutput(this.setup.limits.maxOutputBytes));
    }
  }

  private recover(e: unknown, inst: Inst): void {
    if (e instanceof RenderStopped) throw e;
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new RenderStopped(messages.unexpected('RangeError', OP_NAMES[inst.op], e.message));
    }
    const err = e instanceof Error ? e : new Error(String(e));
    this.error(messages.unexpected(err.name, OP_NAMES[inst.op], err.message));
  }

  private instruction(inst: Inst): void {
    switch (inst.op) {
      case Op.Text:
        this.out += inst.text;
        return;
      case Op.Variable:
        this.variable(inst);
        return;
      case Op.Section:
        this.section(inst);
        return;
      case Op.Repeated:
        this.repeated(inst);
        return;
      case Op.Predicate:
      case Op.OrPredicate:
        this.predicate(inst);
        return;
      case Op.If:
        this.ifBlock(inst);
        return;
      case Op.Bindvar:
        this.bindvar(inst);
        return;
      case Op.Ctxvar: {
        const bound: Record<string, unknown> = {};
        for (const [key, path] of inst.bindings) bound[key] = resolvePath(this.frame, path) ?? null;
        this.frame.setVar(inst.name, bound);
        return;
      }
      case Op.Eval:
        runEval(this, inst);
        return;
      case Op.Include:
        this.include(inst);
        return;
      case Op.Inject: {
        // As in the reference, a falsy injected value (0, '', false, null) counts as missing.
        const value = this.setup.injects[inst.path];
        this.frame.setVar(inst.name, value ? value : undefined);
        return;
      }
      case Op.Macro:
        this.frame.setMacro(inst.name, inst);
        return;
      case Op.Comment:
        return;
    }
  }

  private variable(inst: VariableInst): void {
    const paths = inst.vars;
    const first = resolvePath(this.frame, paths[0] as Path);
    if (inst.formatters.length === 0) {
      this.emit(first);
      return;
    }
    const values = this.values(paths, first);
    this.frame = new Frame(first, this.frame);
    try {
      this.emit(this.format(inst.formatters, values));
    } finally {
      this.frame = this.frame.parent as Frame;
    }
  }

  private emit(value: unknown): void {
    if (typeof value === 'string') this.out += value;
    else this.out += toOutput(value);
  }

  private values(paths: readonly Path[], first: unknown): unknown[] {
    const values = [first];
    for (let i = 1; i < paths.length; i++) values.push(resolvePath(this.frame, paths[i] as Path));
    return values;
  }

  /** Runs a formatter chain; each formatter's result becomes the first value for the next. */
  private format(calls: readonly FormatterCall[], values: unknown[]): unknown {
    const table = this.setup.formatters;
    for (const call of calls) {
      const formatter = table[call.name];
      if (formatter !== undefined) values[0] = formatter(values[0], call.args, this, values);
    }
    return values[0];
  }

  private bindvar(inst: BindvarInst): void {
    const first = resolvePath(this.frame, inst.vars[0] as Path);
    const value = inst.formatters.length === 0 ? first : this.format(inst.formatters, this.values(inst.vars, first));
    this.frame.setVar(inst.name, value);
  }

  private section(inst: SectionInst): void {
    const value = resolveSection(this.frame, inst.path);
    this.frame = new Frame(value, this.frame);
    try {
      if (isTruthy(value)) this.block(inst.consequent);
      else if (inst.alternate !== null) this.predicate(inst.alternate);
    } finally {
      this.frame = this.frame.parent as Frame;
    }
  }

  private repeated(inst: RepeatedInst): void {
    const list = resolveSection(this.frame, inst.path);
    if (!Array.isArray(list) || list.length === 0) {
      if (inst.alternate !== null) this.predicate(inst.alternate);
      return;
    }
    const listFrame = new Frame(list, this.frame);
    const last = list.length - 1;
    const alternates = inst.alternatesWith.length > 0 ? inst.alternatesWith : null;
    try {
      for (let i = 0; i <= last; i++) {
        listFrame.index = i;
        this.frame = new Frame(list[i], listFrame);
        this.block(inst.consequent);
        if (alternates !== null && i < last) this.block(alternates);
      }
    } finally {
      this.frame = listFrame.parent as Frame;
    }
  }

  /** A predicate block or an `.or` branch (a plain `.or` always runs). */
  private predicate(inst: PredicateInst | OrPredicateInst): void {
    if (inst.name === null) {
      this.block(inst.consequent);
      return;
    }
    const test = this.setup.predicates[inst.name];
    if (test !== undefined && test(inst.args, this)) this.block(inst.consequent);
    else if (inst.alternate !== null) this.predicate(inst.alternate);
  }

  private ifBlock(inst: IfInst): void {
    const { vars, operators } = inst;
    // `{.if }` with no condition assembles as a block but cannot run, as in the reference engine.
    if (vars.length === 0) throw new TypeError('IF has no condition');
    let result = isTruthy(resolvePath(this.frame, vars[0] as Path));
    for (let i = 1; i < vars.length; i++) {
      const and = operators[i - 1] as boolean;
      const value = isTruthy(resolvePath(this.frame, vars[i] as Path));
      result = and ? result && value : result || value;
      if (and ? !result : result) break;
    }
    if (result) this.block(inst.consequent);
    else if (inst.alternate !== null) this.predicate(inst.alternate);
  }

  private include(inst: IncludeInst): void {
    const tree = this.partial(inst.name);
    if (tree === null) {
      this.error(messages.partialMissing(inst.name));
      return;
    }
    const output = inst.args.includes('output');
    const saved = output ? null : this.swapOut();
    if (this.enterPartial(inst.name)) {
      try {
        this.block(tree);
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
  private partial(name: string): Inst[] | null {
    for (let f: Frame | null = this.frame; f !== null; f = f.parent) {
      const macro: MacroInst | undefined = f.macros?.get(name);
      if (macro !== undefined) return macro.consequent;
    }
    const cached = this.partialTrees.get(name);
    if (cached !== undefined) return cached;
    const source = this.setup.partials[name];
    if (typeof source !== 'string') return null;
    const { root, errors } = this.setup.compilePartial(source);
    for (const err of errors) this.error(messages.partialParseFail(name, err.message));
    const tree = errors.length > 0 ? EMPTY : root;
    this.partialTrees.set(name, tree);
    return tree;
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
