/**
 * Assembler: builds the instruction tree from the parser's flat stream and checks block structure.
 *
 * It follows the reference engine's block rules exactly, including its quirks: an instruction
 * after an `.alternates with` goes to the alternates list, but a nested block there goes to the
 * consequent, and after that block closes the repeated section is back in its consequent.
 * A misplaced instruction is reported and dropped; assembly always completes.
 */
import { messages } from '../errors';
import {
  Op,
  OP_NAMES,
  type BlockInst,
  type Inst,
  type OrPredicateInst,
  type ParsedInst,
  type TextInst,
} from './instructions';

type ErrorSink = (message: string, at: number) => void;

interface Root {
  readonly op: 'root';
  consequent: Inst[];
}

type Container = Root | BlockInst;

function nameOf(inst: Container | ParsedInst): string {
  return inst.op === 'root' ? 'ROOT' : OP_NAMES[inst.op];
}

function atOf(inst: ParsedInst): number {
  return 'at' in inst ? inst.at : 0;
}

export class Assembler {
  private readonly root: Root = { op: 'root', consequent: [] };
  /** Open blocks; `current` is the one receiving instructions (a `.or` branch replaces its block here). */
  private readonly stack: Container[] = [];
  private current: Container = this.root;
  private inAlternates = false;
  /** Where the current block's next instruction goes: its consequent, or its alternates after an `.alternates with`. */
  private target: Inst[] = this.root.consequent;
  private done = false;
  /**
   * Whether anything came after an `{.eof}` at root. Like the reference, the first instruction after it is
   * reported (the parser's own end of input counts) and the rest is dropped silently.
   */
  private afterEofReported = false;
  /**
   * The text instruction appended last, while nothing else has been appended since: the next text
   * joins it, so the tree has no two adjacent texts (a faster render). Comments are dropped and do
   * not separate texts.
   */
  private lastText: TextInst | null = null;

  constructor(private readonly error: ErrorSink) {}

  accept(inst: ParsedInst): void {
    if (this.done) {
      this.afterEof(nameOf(inst), atOf(inst));
      return;
    }
    // Instructions come in many shapes, so their kind is read once.
    const op = inst.op;
    switch (op) {
      case Op.Comment:
        return;
      case Op.Text:
        this.text((inst as TextInst).text);
        return;
      case Op.Section:
      case Op.Repeated:
      case Op.Predicate:
      case Op.If:
      case Op.Macro:
        this.lastText = null;
        this.current.consequent.push(inst as BlockInst);
        this.stack.push(this.current);
        this.enter(inst as BlockInst);
        return;
    }
    this.lastText = null;
    const current = this.current;
    if (current === this.root) this.acceptAtRoot(inst, op);
    else this.acceptInBlock(inst, op, current as BlockInst);
  }

  /** Literal text between tags: the commonest input, so it skips the instruction dispatch. */
  text(content: string): void {
    if (this.done) {
      this.afterEof('TEXT', 0);
      return;
    }
    if (this.lastText !== null) {
      this.lastText.text += content;
      return;
    }
    const text: TextInst = { op: Op.Text, text: content };
    this.target.push(text);
    this.lastText = text;
  }

  private afterEof(kind: string, at: number): void {
    if (this.afterEofReported) return;
    this.afterEofReported = true;
    this.error(messages.afterEof(kind), at);
  }

  /** Makes `block` the one receiving instructions, in its consequent. */
  private enter(block: Container): void {
    this.current = block;
    this.inAlternates = false;
    this.target = block.consequent;
  }

  /** The assembled tree; blocks still open around the innermost one are reported as unclosed. */
  finish(): Inst[] {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const outer = this.stack[i] as BlockInst;
      this.error(messages.unclosed(nameOf(outer)), outer.at);
    }
    return this.root.consequent;
  }

  private acceptAtRoot(inst: ParsedInst, op: Op): void {
    switch (op) {
      case Op.Eof:
        this.done = true;
        return;
      case Op.End:
      case Op.AlternatesWith:
      case Op.OrPredicate:
        this.error(messages.notAllowedAtRoot(nameOf(inst)), atOf(inst));
        return;
      default:
        this.root.consequent.push(inst as Inst);
    }
  }

  private acceptInBlock(inst: ParsedInst, op: Op, block: BlockInst): void {
    switch (op) {
      case Op.Eof:
        // Like the reference, an `{.eof}` inside a block is reported and assembly goes on.
        this.error(messages.eofInBlock(nameOf(block)), atOf(block));
        return;
      case Op.AlternatesWith:
        if (block.op === Op.Repeated && !this.inAlternates) {
          this.inAlternates = true;
          this.target = block.alternatesWith;
        } else this.error(messages.notAllowedInBlock(nameOf(inst), nameOf(block)), atOf(inst));
        return;
      case Op.OrPredicate:
        this.acceptOr(inst as OrPredicateInst, block);
        return;
      case Op.End:
        this.enter(this.stack.pop() as Container);
        return;
      default:
        this.target.push(inst as Inst);
    }
  }

  private acceptOr(inst: OrPredicateInst, block: BlockInst): void {
    if (block.op === Op.Macro) {
      this.error(messages.notAllowedInBlock(nameOf(inst), nameOf(block)), inst.at);
      return;
    }
    if (block.op === Op.OrPredicate && block.name === null) {
      this.error(messages.deadCode(nameOf(inst)), inst.at);
      return;
    }
    block.alternate = inst;
    this.enter(inst);
  }
}
