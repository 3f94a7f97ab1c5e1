/**
 * Where JSON text stops being JSON: the offset of the first syntax error, as line and column.
 * `JSON.parse` names a position for some errors and not for others (Node 20: "Unexpected token
 * '}', ... is not valid JSON"), so a folder's error messages find it themselves.
 */

export interface TextPosition {
  line: number;
  column: number;
}

/** 1-based line and column of `offset` in `text`. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class SyntaxAt extends Error {
  constructor(readonly offset: number) {
    super('JSON syntax error');
  }
}

/** The offset of the first JSON syntax error in `text`, or null when it is valid JSON. */
export function syntaxErrorOffset(text: string): number | null {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxAt(at);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at++;
  };
  const expect = (word: string) => {
    for (const ch of word) {
      if (text[at] !== ch) fail();
      at++;
    }
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (at >= text.length) fail();
      const ch = text[at] as string;
      if (ch === '"') {
        at++;
        return;
      }
      if (ch.charCodeAt(0) < 0x20) fail();
      if (ch === '\\') {
        at++;
        const escaped = text[at];
        if (escaped === 'u') {
          at++;
          for (let i = 0; i < 4; i++) {
            if (!/[0-9a-fA-F]/.test(text[at] ?? '')) fail();
            at++;
          }
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) at++;
        else fail();
      } else at++;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (match === null || match[0] === '' || match[0] === '-') fail();
    at += (match as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    space();
    const ch = text[at];
    if (ch === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        string();
        space();
        expect(':');
        value();
        space();
        if (text[at] === ',') at++;
        else {
          expect('}');
          return;
        }
      }
    }
    if (ch === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value();
        space();
        if (text[at] === ',') at++;
        else {
          expect(']');
          return;
        }
      }
    }
    if (ch === '"') string();
    else if (ch === 't') expect('true');
    else if (ch === 'f') expect('false');
    else if (ch === 'n') expect('null');
    else number();
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return null;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    throw error;
  }
}
