/**
 * The instruction tree a template compiles to. Immutable once assembled.
 */
import type { Path } from '../plugins/types';

export enum Op {
  Text,
  Variable,
  Section,
  Repeated,
  Predicate,
  OrPredicate,
  If,
  Bindvar,
  Ctxvar,
  Eval,
  Include,
  Inject,
  Macro,
  Comment,
  End,
  AlternatesWith,
  Eof,
}

/** Names used in error messages, as the reference engine spells them. */
export const OP_NAMES: Record<Op, string> = {
  [Op.Text]: 'TEXT',
  [Op.Variable]: 'VARIABLE',
  [Op.Section]: 'SECTION',
  [Op.Repeated]: 'REPEATED',
  [Op.Predicate]: 'PREDICATE',
  [Op.OrPredicate]: 'OR_PREDICATE',
  [Op.If]: 'IF',
  [Op.Bindvar]: 'BINDVAR',
  [Op.Ctxvar]: 'CTXVAR',
  [Op.Eval]: 'EVAL',
  [Op.Include]: 'INCLUDE',
  [Op.Inject]: 'INJECT',
  [Op.Macro]: 'MACRO',
  [Op.Comment]: 'COMMENT',
  [Op.End]: 'END',
  [Op.AlternatesWith]: 'ALTERNATES_WITH',
  [Op.Eof]: 'EOF',
};

export interface FormatterCall {
  readonly name: string;
  readonly args: readonly string[];
}

interface At {
  /** Offset of the tag in the template source. */
  readonly at: number;
}

export interface TextInst {
  readonly op: Op.Text;
  text: string;
}
export interface VariableInst extends At {
  readonly op: Op.Variable;
  readonly vars: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface BindvarInst extends At {
  readonly op: Op.Bindvar;
  readonly name: string;
  readonly vars: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface CtxvarInst extends At {
  readonly op: Op.Ctxvar;
  readonly name: string;
  readonly bindings: readonly (readonly [string, Path])[];
}
export interface EvalInst extends At {
  readonly op: Op.Eval;
  readonly source: string;
}
export interface IncludeInst extends At {
  readonly op: Op.Include;
  readonly name: string;
  readonly args: readonly string[];
}
export interface InjectInst extends At {
  readonly op: Op.Inject;
  readonly name: string;
  readonly path: string;
}
/** Comments are parsed, then dropped by the assembler: they never appear in the tree. */
export interface CommentInst {
  readonly op: Op.Comment;
  readonly text: string;
  readonly multiLine: boolean;
}

/** Instructions that open a block. `alternate` is the `.or` that follows, or null when `.end` closes it. */
export interface SectionInst extends At {
  readonly op: Op.Section;
  readonly path: Path;
  consequent: Inst[];
  alternate: OrPredicateInst | null;
}
export interface RepeatedInst extends At {
  readonly op: Op.Repeated;
  readonly path: Path;
  consequent: Inst[];
  alternatesWith: Inst[];
  alternate: OrPredicateInst | null;
}
export interface PredicateInst extends At {
  readonly op: Op.Predicate;
  readonly name: string;
  readonly args: readonly string[];
  consequent: Inst[];
  alternate: OrPredicateInst | null;
}
export interface OrPredicateInst extends At {
  readonly op: Op.OrPredicate;
  /** null for a plain `{.or}`. */
  readonly name: string | null;
  readonly args: readonly string[];
  consequent: Inst[];
  alternate: OrPredicateInst | null;
}
export interface IfInst extends At {
  readonly op: Op.If;
  /** operators[i] joins vars[i] and vars[i+1]: true for `&&`, false for `||`. */
  readonly operators: readonly boolean[];
  readonly vars: readonly Path[];
  consequent: Inst[];
  alternate: OrPredicateInst | null;
}
export interface MacroInst extends At {
  readonly op: Op.Macro;
  readonly name: string;
  consequent: Inst[];
}

/** Structural markers: they shape the tree and never appear in it. */
export interface MarkerInst extends At {
  readonly op: Op.End | Op.AlternatesWith | Op.Eof;
}

export type BlockInst = SectionInst | RepeatedInst | PredicateInst | OrPredicateInst | IfInst | MacroInst;
export type Inst = TextInst | VariableInst | BindvarInst | CtxvarInst | EvalInst | IncludeInst | InjectInst | BlockInst;
export type ParsedInst = Inst | CommentInst | MarkerInst;
