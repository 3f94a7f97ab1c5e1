/**
 * ICU-style message patterns for the `message` and `plural` formatters:
 *
 *   "Hi {name}, you have {count plural one {# item} other {# items}}."
 *   "The {0 selectordinal one{#st} two{#nd} few{#rd} other{#th}} item"
 *   "{0;1 datetime-interval yMMMd}", "{0 decimal style:short}", "{gender select female {…} other {…}}"
 *
 * A tag names one or more arguments (positional numbers or keyword names, several joined by ';'),
 * then optionally a format: `plural` / `selectordinal` (with `offset:N`, exact `=N` and category
 * branches), `select`, or one of the host's simple formats with space-separated options. Inside a
 * plural or select branch '#' stands for the argument. Apostrophes quote text ('' is a literal
 * apostrophe), and `{-…}` is emitted as literal text. A tag that cannot be read prints nothing.
 *
 * Parsed patterns are kept in a small least-recently-used cache, since templates reuse the same
 * few messages on every render.
 */

export type MessageNode =
  | { kind: 'text'; text: string }
  | { kind: 'arg'; key: ArgKey }
  | { kind: 'argsub' }
  | { kind: 'plural'; keys: ArgKey[]; offset: number; ordinal: boolean; choices: PluralChoice[] }
  | { kind: 'select'; keys: ArgKey[]; choices: SelectChoice[] }
  | { kind: 'simple'; name: string; keys: ArgKey[]; options: string[] }
  | { kind: 'block'; nodes: MessageNode[] }
  | { kind: 'noop' };

/** An argument reference: a position (0, 1, …) or a keyword name. */
export type ArgKey = number | string;

export interface PluralChoice {
  /** '=N' exact value, or a plural category name. */
  match: string;
  body: MessageNode;
}

export interface SelectChoice {
  match: string;
  body: MessageNode;
}

const NOOP: MessageNode = { kind: 'noop' };

/** Characters that end an identifier: controls, spaces and ASCII/Unicode pattern syntax. */
const IDENTIFIER =
  '[^\\u0009-\\u000d \\u0085\\u200e\\u200f\\u2028\\u2029\\u0021-\\u002f\\u003a-\\u0040\\u005b-\\u005e\\u0060\\u007b-\\u007e\\u00a1-\\u00a7\\u00a9\\u00ab\\u00ac\\u00ae\\u00b0\\u00b1\\u00b6\\u00bb\\u00bf\\u00d7\\u00f7\\u2010-\\u2027\\u2030-\\u203e\\u2041-\\u2053\\u2055-\\u205e\\u2190-\\u245f\\u2500-\\u2775\\u2794-\\u2bff\\u2e00-\\u2e7f\\u3001-\\u3003\\u3008-\\u3020\\u3030\\ufd3e\\ufd3f\\ufe45\\ufe46]+';

const SPACES = /[,\s]+/y;
const ARGUMENT = new RegExp(`(?:\\d+|${IDENTIFIER})`, 'y');
const IDENT = new RegExp(IDENTIFIER, 'y');
const OPTION = /[^\s,{}]+/y;
const PLURAL_CHOICE = /=\d+(?:\.\d+)?|zero|one|two|few|many|other/y;
const OFFSET = /offset:-?\d+/y;

/** A window [pos, end) of the pattern being read. */
interface Cursor {
  pos: number;
  end: number;
}

/** Reads message patterns; `formats` are the names of the host's simple formats. */
export class MessageParser {
  private readonly formatName: RegExp;

  constructor(formats: readonly string[]) {
    // Longest names first so that "datetime-interval" wins over "datetime".
    const names = ['plural', 'select', 'selectordinal', ...formats].sort((a, b) => b.length - a.length);
    this.formatName = new RegExp(`(?:${names.map(escapeRegExp).join('|')})`, 'y');
  }

  parse(pattern: string): MessageNode {
    return new PatternReader(pattern, this.formatName).outer({ pos: 0, end: pattern.length }, false);
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

class PatternReader {
  constructor(
    private readonly text: string,
    private readonly formatName: RegExp,
  ) {}

  private match(re: RegExp, c: Cursor): string | undefined {
    re.lastIndex = c.pos;
    const m = re.exec(this.text);
    if (m === null || re.lastIndex > c.end) return undefined;
    c.pos = re.lastIndex;
    return m[0];
  }

  private spaces(c: Cursor): boolean {
    return this.match(SPACES, c) !== undefined;
  }

  /** Reads text and tags up to the end of the window; `sub` enables '#' substitution. */
  outer(c: Cursor, sub: boolean): MessageNode {
    const t = this.text;
    const nodes: MessageNode[] = [];
    let buf = '';
    const flush = (): void => {
      if (buf !== '') nodes.push(textNode(buf, sub));
      buf = '';
    };
    while (c.pos < c.end) {
      const ch = t.charAt(c.pos);
      if (ch === '{') {
        flush();
        const close = this.seek(c.pos, c.end);
        if (close === -1) {
          nodes.push(textNode(t.slice(c.pos, c.end), sub));
          c.pos = c.end;
        } else if (t.charAt(c.pos + 1) === '-') {
          nodes.push({ kind: 'text', text: '{' + t.slice(c.pos + 2, close + 1) });
          c.pos = close;
        } else {
          const child = this.inner({ pos: c.pos + 1, end: close });
          if (child !== undefined) nodes.push(child);
          else if (sub && c.pos + 1 !== close) nodes.push(textNode(t.slice(c.pos + 1, close), sub));
          c.pos = close;
        }
      } else if (ch === "'") {
        if (t.charAt(c.pos + 1) === "'") {
          buf += "'";
          c.pos++;
        } else {
          c.pos++;
          let close = t.indexOf("'", c.pos);
          if (close === -1) close = c.end;
          buf += t.slice(c.pos, close);
          c.pos = close;
        }
      } else {
        buf += ch;
      }
      c.pos++;
    }
    flush();
    return nodes.length === 0 ? NOOP : nodes.length === 1 ? (nodes[0] as MessageNode) : { kind: 'block', nodes };
  }

  /** The inside of a tag; undefined when it names no argument or an unknown format. */
  private inner(c: Cursor): MessageNode | undefined {
    this.spaces(c);
    const keys = this.arguments(c);
    if (keys === undefined) return undefined;
    if (!this.spaces(c) || c.pos === c.end) return { kind: 'arg', key: keys[0] as ArgKey };
    const name = this.match(this.formatName, c);
    if (name === undefined) return undefined;
    this.spaces(c);
    switch (name) {
      case 'plural':
      case 'selectordinal':
        return this.plural(keys, name === 'selectordinal', c);
      case 'select':
        return this.select(keys, c);
      default: {
        const options: string[] = [];
        do {
          this.spaces(c);
          const option = this.match(OPTION, c);
          if (option === undefined) break;
          options.push(option);
        } while (c.pos < c.end);
        return { kind: 'simple', name, keys, options };
      }
    }
  }

  private arguments(c: Cursor): ArgKey[] | undefined {
    let keys: ArgKey[] | undefined;
    do {
      const arg = this.match(ARGUMENT, c);
      if (arg === undefined) break;
      (keys ??= []).push(/^\d+$/.test(arg) ? parseInt(arg, 10) : arg);
      if (this.text.charAt(c.pos) !== ';') break;
      c.pos++;
    } while (c.pos < c.end);
    return keys;
  }

  /** A nested `{…}` branch body. */
  private branch(c: Cursor): MessageNode | undefined {
    this.spaces(c);
    if (this.text.charAt(c.pos) !== '{') return undefined;
    const close = this.seek(c.pos, c.end);
    const node =
      this.text.charAt(c.pos + 1) === '-'
        ? ({ kind: 'text', text: '{' + this.text.slice(c.pos + 2, close + 1) } as MessageNode)
        : this.outer({ pos: c.pos + 1, end: close }, true);
    c.pos = close + 1;
    return node;
  }

  private plural(keys: ArgKey[], ordinal: boolean, c: Cursor): MessageNode {
    const offsetText = this.match(OFFSET, c);
    const offset = offsetText === undefined ? 0 : parseInt(offsetText.slice(7), 10);
    this.spaces(c);
    const choices = this.choices(PLURAL_CHOICE, c);
    return choices === null ? NOOP : { kind: 'plural', keys, offset, ordinal, choices };
  }

  private select(keys: ArgKey[], c: Cursor): MessageNode {
    const choices = this.choices(IDENT, c);
    return choices === null ? NOOP : { kind: 'select', keys, choices };
  }

  /** The `match {body}` choices of a plural or select; null when there are none or a body is broken. */
  private choices(matcher: RegExp, c: Cursor): PluralChoice[] | null {
    const choices: PluralChoice[] = [];
    do {
      const match = this.match(matcher, c);
      if (match === undefined) break;
      const body = this.branch(c);
      if (body === undefined) return null;
      choices.push({ match, body });
      this.spaces(c);
    } while (c.pos < c.end);
    return choices.length === 0 ? null : choices;
  }

  /** Index of the '}' closing the '{' at `start` (quoted text skipped), or -1. */
  private seek(start: number, end: number): number {
    const t = this.text;
    let depth = 0;
    for (let i = start; i < end; i++) {
      const ch = t.charAt(i);
      if (ch === '{') depth++;
      else if (ch === '}') {
        depth--;
        if (depth === 0) return i;
      } else if (ch === "'") {
        if (t.charAt(i + 1) === "'") i++;
        else {
          const close = t.indexOf("'", i + 1);
          if (close === -1) return -1;
          i = close;
        }
      }
    }
    return -1;
  }
}

/** Text with each '#' turned into the branch argument when substitution is on. */
function textNode(text: string, sub: boolean): MessageNode {
  if (!sub || !text.includes('#')) return { kind: 'text', text };
  const nodes: MessageNode[] = [];
  const pieces = text.split('#');
  pieces.forEach((piece, i) => {
    if (i > 0) nodes.push({ kind: 'argsub' });
    if (piece !== '') nodes.push({ kind: 'text', text: piece });
  });
  return nodes.length === 1 ? (nodes[0] as MessageNode) : { kind: 'block', nodes };
}

/** A least-recently-used cache of parsed patterns. */
export class PatternCache {
  private readonly entries = new Map<string, MessageNode>();

  constructor(
    private readonly parser: MessageParser,
    private readonly capacity: number,
  ) {}

  get(pattern: string): MessageNode {
    let node = this.entries.get(pattern);
    if (node !== undefined) {
      this.entries.delete(pattern);
    } else {
      node = this.parser.parse(pattern);
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(pattern, node);
    return node;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** What evaluation needs from the host: argument conversions, plural rules and simple formats. */
export interface MessageHost<A> {
  asString(arg: A | undefined): string;
  /** The argument as a plural operand; its `text` keeps the visible fraction digits. */
  plural(
    arg: A | undefined,
    offset: number,
    ordinal: boolean,
  ): { category: string; exact: (match: string) => boolean; sub: A | undefined };
  format(name: string, args: (A | undefined)[], options: string[]): string;
}

export interface MessageArgs<A> {
  positional: readonly A[];
  named: Readonly<Record<string, A>>;
}

function lookup<A>(key: ArgKey, args: MessageArgs<A>): A | undefined {
  const named = Object.hasOwn(args.named, key) ? args.named[key] : undefined;
  if (named !== undefined) return named;
  return typeof key === 'number' ? args.positional[key] : undefined;
}

/** Evaluates a parsed pattern against the arguments. */
export function evaluate<A>(node: MessageNode, args: MessageArgs<A>, host: MessageHost<A>, sub?: A): string {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'block': {
      let out = '';
      for (const n of node.nodes) out += evaluate(n, args, host, sub);
      return out;
    }
    case 'arg':
      return host.asString(lookup(node.key, args));
    case 'argsub':
      return host.asString(sub);
    case 'plural': {
      const arg = lookup(node.keys[0] as ArgKey, args);
      const p = host.plural(arg, node.offset, node.ordinal);
      let other: MessageNode | undefined;
      for (const choice of node.choices) {
        if (choice.match.startsWith('=')) {
          if (p.exact(choice.match.slice(1)))
            return evaluate(choice.body, args, host, host.plural(arg, 0, node.ordinal).sub);
        } else if (choice.match === p.category) {
          return evaluate(choice.body, args, host, p.sub);
        } else if (choice.match === 'other') {
          other ??= choice.body;
        }
      }
      return other === undefined ? '' : evaluate(other, args, host, p.sub);
    }
    case 'select': {
      const arg = lookup(node.keys[0] as ArgKey, args);
      const value = host.asString(arg);
      let other: MessageNode | undefined;
      for (const choice of node.choices) {
        if (choice.match === value) return evaluate(choice.body, args, host, arg);
        if (choice.match === 'other') other ??= choice.body;
      }
      return other === undefined ? '' : evaluate(other, args, host, arg);
    }
    case 'simple':
      return host.format(
        node.name,
        node.keys.map((k) => lookup(k, args)),
        node.options,
      );
    case 'noop':
      return '';
  }
}
