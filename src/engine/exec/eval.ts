/**
 * The `{.eval}` instruction: runs an expression in a scratch frame over the current value; its
 * `@` assignments reach the current frame only when the expression ran without errors.
 * A leading `#` is the reference's debug mode: the compiled listing is printed before the result.
 */
import { evaluate, formatResult, parseExpression, type Expr, type ExprLimits } from '../expr/index';
import type { EvalInst } from '../parse/instructions';
import { Frame, resolvePath } from './frame';
import type { Render } from './render';

interface Compiled {
  expr: Expr | null;
  listing: string | null;
}

/**
 * Bounds on every expression: its length in tokens, and the longest string it may build (so a
 * loop of `@s = @s + @s` cannot exhaust memory before the step limit stops it).
 */
export const EXPRESSION_LIMITS: Readonly<Required<ExprLimits>> = { maxTokens: 2_000, maxStringLength: 1_000_000 };

/** Expressions are parsed once per instruction, at first use, and kept with the compiled template. */
const compiled = new WeakMap<EvalInst, Compiled & { errors: readonly string[] }>();

function compile(inst: EvalInst) {
  let entry = compiled.get(inst);
  if (entry === undefined) {
    const parsed = parseExpression(inst.source, EXPRESSION_LIMITS);
    entry = { expr: parsed.expr, listing: parsed.listing, errors: parsed.errors };
    compiled.set(inst, entry);
  }
  return entry;
}

export function runEval(render: Render, inst: EvalInst): void {
  const { expr, listing, errors } = compile(inst);
  // Like the reference, a parse error is reported once (per render here), not at every execution.
  if (errors.length > 0) render.errorOnce(inst, errors);
  if (listing !== null) render.out += listing;
  if (expr === null) return;
  const outer = render.frame;
  const scratch = new Frame(outer.value, outer);
  const result = evaluate(expr, {
    resolve: (path) => resolvePath(scratch, path),
    setVar: (name, value) => scratch.setVar(name, value),
  });
  if (result.errors.length > 0) {
    for (const message of result.errors) render.error(message);
    return;
  }
  if (scratch.vars !== null) for (const [name, value] of scratch.vars) outer.setVar(name, value);
  if (result.value !== undefined) render.out += (listing !== null ? ' -> ' : '') + formatResult(result.value);
}
