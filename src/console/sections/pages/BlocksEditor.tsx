/**
 * A page's blocks as a list, the Squarespace editor's way: add one of a type (code only for the
 * code-injection roles, as the server checks on every save), move it by dragging it or with its up and
 * down buttons (the focus stays on the moved block and the move is announced), remove it, and edit its
 * settings in place. Pure list state: the page editor saves the blocks with the page.
 */
import { useRef, useState } from 'react';
import {
  PAGE_BLOCK_LABELS,
  PAGE_BLOCK_TYPES,
  type PageBlock,
  type PageBlockType,
} from '../../../site/editor/page-blocks';
import type { ConsoleSession } from '../../section-types';
import { BlockSettings } from './BlockSettings';

let made = 0;
/** A block id no other block of the page has (the page form refuses two alike). */
function newBlockId(): string {
  made += 1;
  return `block-${Date.now().toString(36)}-${made}`;
}

/** A new block of `type` with the fields its form starts from. */
function newBlock(type: PageBlockType): PageBlock {
  const id = newBlockId();
  switch (type) {
    case 'html':
      return { id, type, html: '' };
    case 'image':
      return { id, type, assetUrl: '' };
    case 'gallery':
      return { id, type, images: [] };
    case 'product':
      return { id, type, productId: '' };
    case 'products':
      return { id, type, title: '', collectionId: '', count: 8, columns: 4 };
    case 'form':
      return { id, type, formId: '' };
    case 'newsletter':
      return { id, type, title: 'Newsletter', description: '' };
    case 'chart':
      return { id, type, title: '' };
    case 'code':
      return { id, type, code: '' };
  }
}

/** A block's line in the list: its type and what it shows. */
function summary(block: PageBlock): string {
  const label = PAGE_BLOCK_LABELS[block.type];
  switch (block.type) {
    case 'html': {
      const text = (block.html ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return text === '' ? label : `${label}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
    }
    case 'image':
      return block.altText ? `${label}: ${block.altText}` : label;
    case 'gallery':
      return `${label}: ${block.images.length} ${block.images.length === 1 ? 'picture' : 'pictures'}`;
    case 'newsletter':
    case 'chart':
    case 'form':
    case 'product':
    case 'products':
      return block.title ? `${label}: ${block.title}` : label;
    case 'code':
      return label;
  }
}

export function BlocksEditor({
  blocks,
  onChange,
  session,
  problem,
}: {
  blocks: PageBlock[];
  onChange: (change: (blocks: PageBlock[]) => PageBlock[]) => void;
  session: ConsoleSession;
  /** The save's message for a block's field ('blocks.2.assetUrl'). */
  problem: (field: string) => string | undefined;
}) {
  const [adding, setAdding] = useState<PageBlockType>('html');
  const [open, setOpen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const types = PAGE_BLOCK_TYPES.filter((type) => type !== 'code' || session.can.codeInjection);
  const canEdit = session.can.content;

  const dragged = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  /** Moves the block at `from` to `to`, announced; the focus goes to the button `focus` names (after render). */
  const moveTo = (from: number, to: number, focus: (block: PageBlock) => string) => {
    const block = blocks[from];
    if (block === undefined || to < 0 || to >= blocks.length || to === from) return;
    onChange((before) => {
      const next = [...before];
      const [moved] = next.splice(from, 1);
      if (moved !== undefined) next.splice(to, 0, moved);
      return next;
    });
    setAnnouncement(`${summary(block)} moved to position ${to + 1} of ${blocks.length}.`);
    requestAnimationFrame(() => buttons.current.get(focus(block))?.focus());
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    // The same button if the block can still move that way, else the other one.
    const edge = to === 0 || to === blocks.length - 1;
    const direction = edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
    moveTo(index, to, (block) => `${block.id}-${direction}`);
  };
  const endDrag = () => {
    dragged.current = null;
    setDropAt(null);
  };
  const remove = (index: number) => {
    const block = blocks[index];
    if (block === undefined) return;
    onChange((before) => before.filter((_, i) => i !== index));
    setAnnouncement(`${summary(block)} removed.`);
    const next = blocks[index + 1] ?? blocks[index - 1];
    requestAnimationFrame(() =>
      (next === undefined
        ? document.getElementById('add-block-type')
        : buttons.current.get(`${next.id}-edit`)
      )?.focus(),
    );
  };
  const add = () => {
    const block = newBlock(adding);
    onChange((before) => [...before, block]);
    setOpen(block.id);
    setAnnouncement(`${PAGE_BLOCK_LABELS[adding]} block added at position ${blocks.length + 1}.`);
    requestAnimationFrame(() => buttons.current.get(`${block.id}-edit`)?.focus());
  };

  return (
    <section className="Card" aria-labelledby="blocks-title">
      <h2 id="blocks-title">Blocks</h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {blocks.length === 0 ? (
        <p className="Muted">No blocks yet: the page shows its text only.</p>
      ) : (
        <ol className="BlockList" aria-label="Blocks, in the order the page shows them">
          {blocks.map((block, index) => {
            const name = summary(block);
            const locked = block.type === 'code' && !session.can.codeInjection;
            const problems = (field: string) => problem(`blocks.${index}.${field}`);
            const anyProblem = problem(`blocks.${index}`) ?? PROBLEM_FIELDS.map(problems).find((m) => m !== undefined);
            return (
              <li
                key={block.id}
                className={`BlockList-item${dropAt === index ? ' BlockList-item--drop' : ''}`}
                data-block-type={block.type}
                onDragOver={(event) => {
                  if (dragged.current === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setDropAt(index);
                }}
                onDrop={(event) => {
                  if (dragged.current === null) return;
                  event.preventDefault();
                  moveTo(dragged.current, index, (moved) => `${moved.id}-edit`);
                  endDrag();
                }}
                onDragEnd={endDrag}
              >
                <div
                  className="BlockList-row"
                  draggable={canEdit && blocks.length > 1}
                  onDragStart={(event) => {
                    dragged.current = index;
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', block.id);
                  }}
                >
                  {canEdit && blocks.length > 1 && (
                    <span className="BlockList-handle" aria-hidden="true" title="Drag to move">
                      ⠿
                    </span>
                  )}
                  <button
                    type="button"
                    className="BlockList-name"
                    aria-expanded={open === block.id}
                    aria-controls={`${block.id}-settings`}
                    ref={(element) => {
                      buttons.current.set(`${block.id}-edit`, element);
                    }}
                    onClick={() => setOpen(open === block.id ? null : block.id)}
                  >
                    <span className="BlockList-type">{PAGE_BLOCK_LABELS[block.type]}</span>
                    <span>{name === PAGE_BLOCK_LABELS[block.type] ? '' : name.slice(name.indexOf(':') + 2)}</span>
                    {anyProblem !== undefined && <span className="FieldError"> · needs attention</span>}
                  </button>
                  <div className="BlockList-actions">
                    <button
                      type="button"
                      className="Button Button--small"
                      aria-label={`Move ${name} up`}
                      disabled={!canEdit || index === 0}
                      ref={(element) => {
                        buttons.current.set(`${block.id}-up`, element);
                      }}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="Button Button--small"
                      aria-label={`Move ${name} down`}
                      disabled={!canEdit || index === blocks.length - 1}
                      ref={(element) => {
                        buttons.current.set(`${block.id}-down`, element);
                      }}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="Button Button--small Button--plain"
                      aria-label={`Remove ${name}`}
                      disabled={!canEdit || locked}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </button>
                  </div>
                </div>
                {open === block.id && (
                  <fieldset id={`${block.id}-settings`} className="BlockList-settings" disabled={!canEdit}>
                    <legend className="visually-hidden">{PAGE_BLOCK_LABELS[block.type]} block settings</legend>
                    <BlockSettings
                      block={block}
                      session={session}
                      problem={problems}
                      onChange={(changed) => onChange((before) => before.map((b) => (b.id === block.id ? changed : b)))}
                    />
                  </fieldset>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="BlockList-add">
        <label htmlFor="add-block-type">Add a block</label>
        <select
          id="add-block-type"
          value={adding}
          onChange={(event) => setAdding(event.target.value as PageBlockType)}
          disabled={!canEdit}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {PAGE_BLOCK_LABELS[type]}
            </option>
          ))}
        </select>
        <button type="button" className="Button" onClick={add} disabled={!canEdit}>
          Add block
        </button>
      </div>
    </section>
  );
}

/** A block's fields that the page form may name with a problem. */
const PROBLEM_FIELDS = ['assetUrl', 'images', 'productId', 'formId', 'code', 'columns', 'html', 'title'] as const;
