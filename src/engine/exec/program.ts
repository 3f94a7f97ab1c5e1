/**
 * Programs: an instruction tree turned into one closure per instruction. Everything that does not
 * depend on the data is decided once, when the program is built: which formatter and predicate
 * functions run, the form of each variable lookup, the parsed `{.eval}` expression, the nested
 * blocks. A render then runs closures instead of dispatching on instruction kinds.
 *
 * A program is built the first time a template renders with a given set of formatter and
 * predicate tables, and kept with the template for every later render.
 */
import {
  Op,
  type BindvarInst,
  type FormatterCall,
  type IfInst,
  type Inst,
  type OrPredicateInst,
  type PredicateInst,
  type RepeatedInst,
  type SectionInst,
  type VariableInst,
} from '../parse/instructions';
import {
  UNCHANGED,
  UNSET,
  type Formatter,
  type FormatterTable,
  type Path,
  type PredicateTable,
} from '../plugins/types';
import { childOf, isTruthy } from '../../values/index';
import { evalStep } from './eval';
import { escapedOutput, type EscapeMode } from './escape';
import { Frame, resolvePath, resolveSection } from './frame';
import { internPath, internPaths } from './intern';
import type { Block, Executor, Step } from './types';

interface Call {
  readonly formatter: Formatter;
  readonly args: readonly string[];
  /** `raw`, which leaves an unset value unset. */
  readonly keepsUnset: boolean;
  /** In the escaping mode, whether its output is printed as it is when it ends the chain. */
  readonly raw: boolean;
}

/**
 * Leaves the frame on top of the stack. Blocks pop the top frame rather than restore the one they
 * entered in, and an instruction that throws skips its pop, as in the reference: a formatter that
 * fails inside a variable tag leaves the tag's frame pushed, so the instructions after it resolve
 * from that frame until the enclosing block's pop removes it (in place of the block's own frame,
 * which then stays until the next pop).
 */
function popFrame(r: Executor): void {
  r.frame = r.frame.parent as Frame<Block>;
}

/**
 * Runs a formatter chain; each formatter's result becomes the first value for the next, unless it
 * is `UNCHANGED`. Formatters see an unset value as missing (undefined).
 */
function applyCalls(calls: readonly Call[], values: unknown[], render: Executor): unknown {
  let value = values[0];
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i] as Call;
    if (value === UNSET && call.keepsUnset) continue;
    values[0] = value === UNSET ? undefined : value;
    const next = call.formatter(values[0], call.args, render, values);
    if (next !== UNCHANGED) value = next;
  }
  values[0] = value === UNSET ? undefined : value;
  return values[0];
}

/** The values of every variable of a tag; the first is already resolved. */
function valuesOf(render: Executor, paths: readonly Path[], first: unknown): unknown[] {
  const values = [first];
  for (let i = 1; i < paths.length; i++) values.push(resolvePath(render.frame, paths[i] as Path));
  return values;
}

/** A nested block, built the first time it runs, so that building never recurses into deep nesting. */
class Nested {
  private built: Block | null = null;

  constructor(
    private readonly builder: ProgramBuilder,
    private readonly insts: readonly Inst[],
  ) {}

  get block(): Block {
    return (this.built ??= this.builder.block(this.insts));
  }
}

/** A block's `.or` branch, built the first time it runs (a long `.or` chain is built step by step). */
class Alternate {
  private built: Step | null = null;

  constructor(
    private readonly builder: ProgramBuilder,
    private readonly inst: OrPredicateInst,
  ) {}

  run(render: Executor): void {
    (this.built ??= this.builder.predicate(this.inst))(render);
  }
}

/**
 * A compiled template as far as programs are concerned: its tree, and the programs built for it so
 * far, one per builder. They live on the template rather than in a weak map, because weak-map
 * entries for short-lived templates make garbage collection much slower.
 */
export interface Compiled {
  readonly root: readonly Inst[];
  readonly programs: Map<ProgramBuilder, Block>;
}

const MAX_PROGRAMS_PER_TEMPLATE = 4;

export class ProgramBuilder {
  constructor(
    private readonly formatters: FormatterTable,
    private readonly predicates: PredicateTable,
    /** The opt-in escaping mode (escape.ts); null prints values as the reference does. */
    private readonly escape: EscapeMode | null = null,
  ) {}

  /** The program of a compiled template, built on first use. */
  program(template: Compiled): Block {
    const programs = template.programs;
    let block = programs.get(this);
    if (block === undefined) {
      block = this.block(template.root);
      // A caller that passes new tables to every render gets a program built each time instead of
      // a template holding on to every table set it has seen.
      if (programs.size >= MAX_PROGRAMS_PER_TEMPLATE) programs.clear();
      programs.set(this, block);
    }
    return block;
  }

  block(insts: readonly Inst[]): Block {
    const steps: Step[] = [];
    const ops: Op[] = [];
    for (const inst of insts) {
      steps.push(this.step(inst));
      ops.push(inst.op);
    }
    return { steps, ops };
  }

  private step(inst: Inst): Step {
    switch (inst.op) {
      case Op.Text: {
        const text = inst.text;
        return (r) => {
          r.out += text;
        };
      }
      case Op.Variable:
        return this.variable(inst);
      case Op.Section:
        return this.section(inst);
      case Op.Repeated:
        return this.repeated(inst);
      case Op.Predicate:
      case Op.OrPredicate:
        return this.predicate(inst);
      case Op.If:
        return this.ifBlock(inst);
      case Op.Bindvar:
        return this.bindvar(inst);
      case Op.Ctxvar: {
        const { name } = inst;
        const bindings = inst.bindings.map(([key, path]) => [key, internPath(path)] as const);
        return (r) => {
          const bound: Record<string, unknown> = {};
          for (const [key, path] of bindings) bound[key] = resolvePath(r.frame, path) ?? null;
          r.frame.setVar(name, bound);
        };
      }
      case Op.Eval:
        return evalStep(inst, this.escape);
      case Op.Include: {
        const { name } = inst;
        const output = inst.args.includes('output');
        return (r) => r.include(name, output);
      }
      case Op.Inject: {
        const { name, path } = inst;
        return (r) => {
          // As in the reference, a falsy injected value (0, '', false, null) counts as missing.
          const value = r.injects[path];
          r.frame.setVar(name, value ? value : undefined);
        };
      }
      case Op.Macro: {
        const { name } = inst;
        const body = new Nested(this, inst.consequent);
        return (r) => r.frame.setMacro(name, body.block);
      }
    }
  }

  /** The formatter calls of a tag; a name the tables do not hold is skipped. */
  private calls(calls: readonly FormatterCall[]): readonly Call[] {
    const resolved: Call[] = [];
    for (const { name, args } of calls) {
      const formatter = this.formatters[name];
      if (formatter !== undefined)
        resolved.push({
          formatter,
          args,
          keepsUnset: name === 'raw',
          raw: this.escape?.rawFormatters.has(name) === true,
        });
    }
    return resolved;
  }

  private variable(inst: VariableInst): Step {
    const paths = internPaths(inst.vars);
    const path = paths[0] as Path;
    const calls = this.calls(inst.formatters);
    const escape = this.escape;
    if (escape !== null) {
      if (calls.length === 0) return (r) => (r.out += escapedOutput(resolvePath(r.frame, path), escape));
      const raw = calls[calls.length - 1]?.raw === true;
      return (r) => {
        const first = resolvePath(r.frame, path);
        const values = paths.length === 1 ? [first] : valuesOf(r, paths, first);
        r.frame = new Frame(first, r.frame);
        const value = applyCalls(calls, values, r);
        // A raw formatter that hands the tag's own text back unchanged (a pass-through) made no markup.
        if (raw && (value !== first || typeof value !== 'string')) r.emit(value);
        else r.out += escapedOutput(value, escape);
        popFrame(r);
      };
    }
    if (calls.length === 0) return (r) => r.emit(resolvePath(r.frame, path));
    return (r) => {
      const first = resolvePath(r.frame, path);
      const values = paths.length === 1 ? [first] : valuesOf(r, paths, first);
      r.frame = new Frame(first, r.frame);
      r.emit(applyCalls(calls, values, r));
      popFrame(r);
    };
  }

  private bindvar(inst: BindvarInst): Step {
    const { name } = inst;
    const vars = internPaths(inst.vars);
    const path = vars[0] as Path;
    const calls = this.calls(inst.formatters);
    return (r) => {
      const first = resolvePath(r.frame, path);
      r.frame.setVar(name, calls.length === 0 ? first : applyCalls(calls, valuesOf(r, vars, first), r));
    };
  }

  /** What runs when a block's condition fails: its `.or` branch, if any. */
  private alternate(inst: OrPredicateInst | null): Alternate | null {
    return inst === null ? null : new Alternate(this, inst);
  }

  private section(inst: SectionInst): Step {
    const path = internPath(inst.path);
    const body = new Nested(this, inst.consequent);
    const otherwise = this.alternate(inst.alternate);
    return (r) => {
      const value = resolveSection(r.frame, path);
      r.frame = new Frame(value, r.frame);
      if (isTruthy(value)) r.run(body.block);
      else if (otherwise !== null) otherwise.run(r);
      popFrame(r);
    };
  }

  private repeated(inst: RepeatedInst): Step {
    const path = internPath(inst.path);
    const body = new Nested(this, inst.consequent);
    const between = inst.alternatesWith.length > 0 ? new Nested(this, inst.alternatesWith) : null;
    const otherwise = this.alternate(inst.alternate);
    return (r) => {
      const list = resolveSection(r.frame, path);
      if (!Array.isArray(list) || list.length === 0) {
        if (otherwise !== null) otherwise.run(r);
        return;
      }
      const listFrame = new Frame(list, r.frame);
      r.frame = listFrame;
      const last = list.length - 1;
      for (listFrame.index = 0; listFrame.index <= last; listFrame.index++) {
        // Each item's frame goes on top of the stack; only a frame left behind by a failed
        // instruction makes that top differ from the list's frame.
        const top = r.frame;
        r.frame = new Frame(top === listFrame ? list[listFrame.index] : childOf(top.value, top.index), top);
        r.run(body.block);
        if (between !== null && listFrame.index < last) r.run(between.block);
        popFrame(r);
      }
      popFrame(r);
    };
  }

  /** A predicate block or an `.or` branch (a plain `.or` always runs). */
  predicate(inst: PredicateInst | OrPredicateInst): Step {
    const body = new Nested(this, inst.consequent);
    if (inst.name === null) return (r) => r.run(body.block);
    const otherwise = this.alternate(inst.alternate);
    const test = this.predicates[inst.name];
    if (test === undefined) return otherwise === null ? () => {} : (r) => otherwise.run(r);
    const { args } = inst;
    return (r) => {
      if (test(args, r)) r.run(body.block);
      else if (otherwise !== null) otherwise.run(r);
    };
  }

  private ifBlock(inst: IfInst): Step {
    const { operators } = inst;
    const vars = internPaths(inst.vars);
    const body = new Nested(this, inst.consequent);
    const otherwise = this.alternate(inst.alternate);
    return (r) => {
      // `{.if }` with no condition assembles as a block but cannot run, as in the reference engine.
      if (vars.length === 0) throw new TypeError('IF has no condition');
      let result = isTruthy(resolvePath(r.frame, vars[0] as Path));
      for (let i = 1; i < vars.length; i++) {
        const and = operators[i - 1] as boolean;
        const value = isTruthy(resolvePath(r.frame, vars[i] as Path));
        result = and ? result && value : result || value;
        if (and ? !result : result) break;
      }
      if (result) r.run(body.block);
      else if (otherwise !== null) otherwise.run(r);
    };
  }
}
