/**
 * The `{.eval}` instruction: runs an expression in a scratch frame over the current value; its
 * `@` assignments reach the current frame only when the expression ran without errors.
 */
import { messages } from '../errors';
import { evaluate, formatResult, parseExpression, type Expr } from '../expr/index';
import type { EvalInst } from '../parse/instructions';
import { Frame, resolvePath } from './frame';
import type { Render } from './render';

interface Compiled {
  expr: Expr | null;
  errors: string[];
}

/** Expressions are parsed once per instruction, at first use. */
const compiled = new WeakMap<EvalInst, Compiled>();

function compile(inst: EvalInst): Compiled {
  let entry = compiled.get(inst);
  if (entry === undefined) {
    entry = parseExpression(inst.source);
    compiled.set(inst, entry);
  }
  return entry;
}

export function runEval(render: Render, inst: EvalInst): void {
  const { expr, errors } = compile(inst);
  if (expr === null) {
    for (const detail of errors) render.error(messages.expressionParse(inst.source, detail));
    return;
  }
  const outer = render.frame;
  const scratch = new Frame(outer.value, outer);
  const result = evaluate(expr, {
    resolve: (path) => resolvePath(scratch, path),
    setVar: (name, value) => scratch.setVar(name, value),
  });
  if (result.errors.length > 0) {
    for (const detail of result.errors) render.error(messages.expressionReduce(inst.source, detail));
    return;
  }
  if (scratch.vars !== null) for (const [name, value] of scratch.vars) outer.setVar(name, value);
  if (result.value !== undefined) render.out += formatResult(result.value);
}
