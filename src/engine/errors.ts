/**
 * Every error text the engine reports, in one place (the spec's error catalogue, §8).
 */

export interface TemplateError {
  type: 'parser' | 'assembler' | 'engine';
  message: string;
  line?: number;
  column?: number;
}

export const messages = {
  formatterUnknown: (name: string) => `Formatter '${name}' is unknown`,
  predicateUnknown: (name: string) => `Predicate '${name}' is unknown`,
  deadCode: (kind: string) => `This ${kind} block will never execute.`,
  eofInBlock: (kind: string) => `Reached EOF in the middle of ${kind}`,
  notAllowedInBlock: (kind: string, parent: string) => `${kind} instruction is not allowed inside ${parent} block.`,
  notAllowedAtRoot: (kind: string) => `Instruction ${kind} not allowed at root`,
  unclosed: (kind: string) => `Unclosed ${kind}`,
  afterEof: (kind: string) => `${kind} instruction after EOF: the template ended at {.eof}`,
  expressionParse: (source: string, detail: string) => `Error parsing expression: ${JSON.stringify(source)}: ${detail}`,
  expressionReduce: (source: string, detail: string) => `Error reducing expression: ${source}: ${detail}`,
  partialMissing: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParseFail: (name: string, detail: string) => `Parse of partial "${name}" failed: ${detail}`,
  partialRecursion: (name: string, limit: number) =>
    `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${limit}`,
  unexpected: (type: string, instruction: string, detail: string) =>
    `Unexpected ${type} error when executing ${instruction}: ${detail}`,
  maxSteps: (limit: number) => `Render stopped: exceeded the limit of ${limit} instruction steps`,
  maxOutput: (limit: number) => `Render stopped: output exceeded the limit of ${limit} bytes`,
} as const;

/** Line and column (both 1-based) of a character offset in a source text. */
export function positionOf(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
