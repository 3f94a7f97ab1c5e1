/**
 * Assembler: builds the instruction tree from the parser's flat stream and checks block structure.
 *
 * It follows the reference engine's block rules exactly, including its quirks: an instruction
 * after an `.alternates with` goes to the alternates list, but a nested block there goes to the
 * consequent, and after that block closes the repeated section is back in its consequent.
 * A misplaced instruction is reported and dropped; assembly always completes.
 */
import { messages } from '../errors';
import { Op, OP_NAMES, type BlockInst, type Inst, type OrPredicateInst, type ParsedInst, type RepeatedInst } from './instructions';

type ErrorSink = (message: string, at: number) => void;

interface Root {
  readonly op: 'root';
  consequent: Inst[];
}

type Container = Root | BlockInst;

function isBlockOpener(inst: ParsedInst): inst is BlockInst {
  switch (inst.op) {
    case Op.Section:
    case Op.Repeated:
    case Op.Predicate:
    case Op.If:
    case Op.Macro:
      return true;
    default:
      return false;
  }
}

/** Adds an instruction to a block; comments are dropped and adjacent texts merged, for a faster render. */
function append(block: Inst[], inst: Inst): void {
  if (inst.op === Op.Comment) return;
  const n = block.length;
  // Reading block[-1] would leave the array fast path, so an empty block is tested first.
  const last = n === 0 ? undefined : block[n - 1];
  if (inst.op === Op.Text && last !== undefined && last.op === Op.Text) last.text += inst.text;
  else block.push(inst);
}

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
  private done = false;

  constructor(private readonly error: ErrorSink) {}

  accept(inst: ParsedInst): void {
    if (this.done) return;
    if (isBlockOpener(inst)) {
      this.current.consequent.push(inst);
      this.stack.push(this.current);
      this.current = inst;
      this.inAlternates = false;
      return;
    }
    const current = this.current;
    if (current.op === 'root') this.acceptAtRoot(inst);
    else this.acceptInBlock(inst, current);
  }

  /** Literal text between tags: the commonest input, so it skips the instruction dispatch. */
  text(content: string): void {
    if (this.done) return;
    const current = this.current;
    append(current.op !== 'root' && this.inAlternates ? (current as RepeatedInst).alternatesWith : current.consequent, {
      op: Op.Text,
      text: content,
    });
  }

  /** The assembled tree; blocks still open around the innermost one are reported as unclosed. */
  finish(): Inst[] {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const outer = this.stack[i] as BlockInst;
      this.error(messages.unclosed(nameOf(outer)), outer.at);
    }
    return this.root.consequent;
  }

  private acceptAtRoot(inst: ParsedInst): void {
    switch (inst.op) {
      case Op.Eof:
        this.done = true;
        return;
      case Op.End:
      case Op.AlternatesWith:
      case Op.OrPredicate:
        this.error(messages.notAllowedAtRoot(nameOf(inst)), atOf(inst));
        return;
      default:
        append(this.root.consequent, inst);
    }
  }

  private acceptInBlock(inst: ParsedInst, block: BlockInst): void {
    switch (inst.op) {
      case Op.Eof:
        // Like the reference, an `{.eof}` inside a block is reported and assembly goes on.
        this.error(messages.eofInBlock(nameOf(block)), atOf(block));
        return;
      case Op.AlternatesWith:
        if (block.op === Op.Repeated && !this.inAlternates) this.inAlternates = true;
        else this.error(messages.notAllowedInBlock(nameOf(inst), nameOf(block)), atOf(inst));
        return;
      case Op.OrPredicate:
        this.acceptOr(inst, block);
        return;
      case Op.End:
        this.current = this.stack.pop() as Container;
        this.inAlternates = false;
        return;
      default:
        append(this.inAlternates ? (block as RepeatedInst).alternatesWith : block.consequent, inst);
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
    this.current = inst;
    this.inAlternates = false;
  }
}
