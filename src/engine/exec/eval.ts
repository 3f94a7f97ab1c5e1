/**
 * The `{.eval}` instruction: runs an expression in a scratch frame over the current value; its
 * `@` assignments reach the current frame only when the expression ran without errors.
 * A leading `#` is the reference's debug mode: the compiled listing is printed before the result.
 */
import { evaluate, formatResult, parseExpression, type Expr, type ExprLimits } from '../expr/index';
import type { EvalInst } from '../parse/instructions';
import { escapedOutput, type EscapeMode } from './escape';
import { Frame, resolvePath } from './frame';
import type { Executor, Step } from './types';

/**
 * Bounds on every expression: its length in tokens, and the longest string it may build (so a
 * loop of `@s = @s + @s` cannot exhaust memory before the step limit stops it).
 */
export const EXPRESSION_LIMITS: Readonly<Required<ExprLimits>> = { maxTokens: 2_000, maxStringLength: 1_000_000 };

/** The step of an `{.eval}`: its expression is parsed once, when the program is built; in the escaping mode its result prints escaped. */
export function evalStep(inst: EvalInst, escape: EscapeMode | null): Step {
  const { expr, listing, errors } = parseExpression(inst.source, EXPRESSION_LIMITS);
  return (render) => {
    // Like the reference, a parse error is reported once (per render here), not at every execution.
    if (errors.length > 0) render.errorOnce(inst, errors);
    if (listing !== null) render.out += listing;
    if (expr !== null) run(render, expr, listing !== null, escape);
  };
}

function run(render: Executor, expr: Expr, listed: boolean, escape: EscapeMode | null): void {
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
  if (result.value === undefined) return;
  const text = formatResult(result.value);
  render.out += (listed ? ' -> ' : '') + (escape === null ? text : escapedOutput(text, escape));
}
