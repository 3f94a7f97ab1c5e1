/**
 * Navigation, header and footer: the main navigation as a tree the merchant reorders by dragging
 * or with the move buttons (up, down, in under the link above, out of its folder), each link made
 * with the link editor; the header's announcement and social links (HeaderSettings.tsx); the footer's text and links
 * (FooterSettings.tsx); the home popup (PopupSettings.tsx); then the header and footer code (code-injection roles only).
 */
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { ROLE_MESSAGES } from '../../../site/roles';
import { fileNameOf, LINK_TARGET_LABELS, type LinkTarget } from '../../../site/editor/link-target';
import { api, type NavigationAnswer } from '../../../api';
import type { SectionProps } from '../../sections';
import { consoleApi } from '../../ui/api';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { FieldError } from '../../ui/FieldError';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { Loaded } from '../../ui/Loaded';
import { useFetch } from '../../ui/useFetch';
import { HeaderSettingsForm } from './HeaderSettings';
import { LinkEditor, type LinkEdit } from './LinkEditor';
import { PopupSettingsForm } from './PopupSettings';
import {
  canMove,
  dropNode,
  fromStored,
  insertAt,
  moveNode,
  newKey,
  nodeAt,
  pathOf,
  removeAt,
  toStored,
  updateAt,
  type DropPlace,
  type Move,
  type NavNode,
} from './tree';

const MOVE_LABELS: Record<Move, { symbol: string; text: string; done: string }> = {
  up: { symbol: '↑', text: 'Move up', done: 'moved up' },
  down: { symbol: '↓', text: 'Move down', done: 'moved down' },
  in: { symbol: '→', text: 'Move into the link above', done: 'moved into the link above' },
  out: { symbol: '←', text: 'Move out of its folder', done: 'moved out of its folder' },
};

function targetText(link: LinkTarget | null): string {
  return link === null
    ? 'Folder'
    : `${LINK_TARGET_LABELS[link.type]}: ${link.type === 'file' ? fileNameOf(link.value) : link.value}`;
}

/** Server field errors ('items.0.children.1.link') by node key. */
function errorsByKey(nodes: NavNode[], fields: Record<string, string> | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const indexes = [...path.matchAll(/(?:items|children)\.(\d+)/g)].map((m) => Number(m[1]));
    const node = nodeAt(nodes, indexes);
    if (node !== undefined) found[node.key] ??= message;
  }
  return found;
}

/** The footer's text is rich text: the editor's chunk (the posts') loads after the navigation. */
const FooterSettingsForm = lazy(() =>
  import('./FooterSettings').then((module) => ({ default: module.FooterSettingsForm })),
);

export default function NavigationSection({ session }: SectionProps) {
  const fetched = useFetch(api.navigation.at());
  return (
    <div className="Page Page--narrow">
      <Breadcrumbs items={[{ label: 'Home', to: '/config' }, { label: 'Navigation' }]} />
      <header className="PageHeader">
        <h1>Navigation, header and footer</h1>
      </header>
      <Loaded fetched={fetched} loading="Loading the navigation…">
        {(answer) => <NavigationEditor answer={answer} canUpload={session.can.content} />}
      </Loaded>
      <HeaderSettingsForm session={session} />
      <Suspense fallback={<p role="status">Loading the footer…</p>}>
        <FooterSettingsForm session={session} />
      </Suspense>
      <PopupSettingsForm session={session} />
      <HeaderFooter canEdit={session.can.codeInjection} />
    </div>
  );
}

type Editing = { mode: 'edit'; key: string } | { mode: 'add'; folder: boolean } | null;

function NavigationEditor({ answer, canUpload }: { answer: NavigationAnswer; canUpload: boolean }) {
  const [nodes, setNodes] = useState<NavNode[]>(() => fromStored(answer.items));
  const [editing, setEditing] = useState<Editing>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ key: string; place: DropPlace } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfter, setFocusAfter] = useState<{ key: string; move: Move } | null>(null);
  const [changed, setChanged] = useState(false);
  const save = useSave();
  const rowErrors = save.state.status === 'error' ? errorsByKey(nodes, save.state.fields) : {};

  useEffect(() => {
    if (focusAfter === null) return;
    const row = document.querySelector<HTMLElement>(`[data-nav-key="${focusAfter.key}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfter.move}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const update = (next: NavNode[]) => {
    setNodes(next);
    setChanged(true);
    save.reset();
  };
  const move = (node: NavNode, how: Move) => {
    const path = pathOf(nodes, node.key);
    if (path === null) return;
    update(moveNode(nodes, path, how).nodes);
    setAnnouncement(`${node.title} ${MOVE_LABELS[how].done}`);
    setFocusAfter({ key: node.key, move: how });
  };
  const placeOf = (event: DragEvent<HTMLElement>): DropPlace => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'inside';
  };

  const saveNavigation = async () => {
    const saved = await save.run(() => consoleApi(api.saveNavigation.at(), { items: toStored(nodes) }));
    if (saved !== undefined) {
      setNodes(fromStored(saved.items));
      setChanged(false);
    }
  };

  const editedNode = editing?.mode === 'edit' ? nodeAt(nodes, pathOf(nodes, editing.key) ?? []) : undefined;
  const finishEdit = (edit: LinkEdit) => {
    if (editing?.mode === 'edit') {
      const path = pathOf(nodes, editing.key);
      if (path !== null) update(updateAt(nodes, path, (node) => ({ ...node, title: edit.title, link: edit.link })));
    } else if (editing?.mode === 'add') {
      update(insertAt(nodes, [], nodes.length, { key: newKey(), title: edit.title, link: edit.link, children: [] }));
      setAnnouncement(`${edit.title} added at the end`);
    }
    setEditing(null);
  };

  const renderRows = (level: NavNode[], parentPath: number[]) =>
    level.map((node, index) => {
      const path = [...parentPath, index];
      const dropClass = drop?.key === node.key ? ` is-drop-${drop.place}` : '';
      return (
        <li key={node.key}>
          <div
            className={`NavRow${dragging === node.key ? ' is-dragging' : ''}${dropClass}`}
            data-nav-key={node.key}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData('text/plain', node.key);
              event.dataTransfer.effectAllowed = 'move';
              setDragging(node.key);
            }}
            onDragEnd={() => {
              setDragging(null);
              setDrop(null);
            }}
            onDragOver={(event) => {
              if (dragging === null || dragging === node.key) return;
              event.preventDefault();
              const place = placeOf(event);
              if (drop?.key !== node.key || drop.place !== place) setDrop({ key: node.key, place });
            }}
            onDragLeave={() => setDrop((current) => (current?.key === node.key ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              const key = event.dataTransfer.getData('text/plain') || dragging;
              if (key !== null && key !== '') {
                const place = placeOf(event);
                const moved = nodeAt(nodes, pathOf(nodes, key) ?? []);
                update(dropNode(nodes, key, node.key, place));
                if (moved !== undefined)
                  setAnnouncement(`${moved.title} moved ${place === 'inside' ? 'into' : place} ${node.title}`);
              }
              setDragging(null);
              setDrop(null);
            }}
          >
            <span className="NavRow-handle" aria-hidden="true" title="Drag to reorder">
              ⠿
            </span>
            <span className="NavRow-title">{node.title}</span>
            <span className="NavRow-target">{targetText(node.link)}</span>
            <span className="NavRow-actions">
              {(Object.keys(MOVE_LABELS) as Move[]).map((how) => (
                <button
                  key={how}
                  type="button"
                  className="Button Button--small"
                  data-move={how}
                  disabled={!canMove(nodes, path, how)}
                  aria-label={`${MOVE_LABELS[how].text}: ${node.title}`}
                  title={MOVE_LABELS[how].text}
                  onClick={() => move(node, how)}
                >
                  <span aria-hidden="true">{MOVE_LABELS[how].symbol}</span>
                </button>
              ))}
              <button
                type="button"
                className="Button Button--small"
                aria-label={`Edit ${node.title}`}
                onClick={() => setEditing({ mode: 'edit', key: node.key })}
              >
                Edit
              </button>
              <button
                type="button"
                className="Button Button--small"
                aria-label={`Remove ${node.title}`}
                disabled={nodes.length === 1 && parentPath.length === 0}
                onClick={() => {
                  update(removeAt(nodes, path));
                  setAnnouncement(`${node.title} removed`);
                }}
              >
                Remove
              </button>
            </span>
            <FieldError id={`nav-error-${node.key}`} message={rowErrors[node.key]} />
          </div>
          {node.children.length > 0 && (
            <ul aria-label={`Links under ${node.title}`}>{renderRows(node.children, path)}</ul>
          )}
        </li>
      );
    });

  return (
    <section className="Card" aria-labelledby="navigation-title">
      <h2 id="navigation-title">Main navigation</h2>
      <p className="Field-hint">
        Drag a link by its row to reorder it: drop on the top or bottom edge of another link to place it before or
        after, on its middle to put it under that link. Or use the arrow buttons.
      </p>
      <ul className="NavTree" aria-label="Main navigation links">
        {renderRows(nodes, [])}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="PageHeader-actions" style={{ marginTop: '.75rem' }}>
        <button type="button" className="Button" onClick={() => setEditing({ mode: 'add', folder: false })}>
          Add link
        </button>
        <button type="button" className="Button" onClick={() => setEditing({ mode: 'add', folder: true })}>
          Add folder
        </button>
        <button
          type="button"
          className="Button Button--primary"
          onClick={() => void saveNavigation()}
          disabled={!changed || save.state.status === 'saving'}
        >
          Save navigation
        </button>
        <SaveStatus state={save.state} />
      </div>
      {editing !== null && (
        <LinkEditor
          heading={
            editing.mode === 'edit' ? `Edit ${editedNode?.title ?? 'link'}` : editing.folder ? 'Add folder' : 'Add link'
          }
          initial={
            editing.mode === 'edit'
              ? { title: editedNode?.title ?? '', link: editedNode?.link ?? null }
              : { title: '', link: editing.folder ? null : { type: 'page', value: '' } }
          }
          pages={answer.pages}
          canUpload={canUpload}
          allowFolder={
            editing.mode === 'edit'
              ? (editedNode?.children.length ?? 0) > 0 || editedNode?.link === null
              : editing.folder
          }
          onSave={finishEdit}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function HeaderFooter({ canEdit }: { canEdit: boolean }) {
  const fetched = useFetch(api.headerFooter.at());
  const [header, setHeader] = useState<string | null>(null);
  const [footer, setFooter] = useState<string | null>(null);
  const save = useSave();
  const loaded = useRef(false);
  useEffect(() => {
    if (fetched.data !== undefined && !loaded.current) {
      loaded.current = true;
      setHeader(fetched.data.header);
      setFooter(fetched.data.footer);
    }
  }, [fetched.data]);
  if (header === null || footer === null) return null;
  return (
    <section className="Card" aria-labelledby="header-footer-title">
      <h2 id="header-footer-title">Header and footer</h2>
      {!canEdit && <p className="Field-hint">{ROLE_MESSAGES.codeInjection}</p>}
      <div className="Field">
        <label htmlFor="site-header-html">Header HTML (above the navigation)</label>
        <textarea
          id="site-header-html"
          value={header}
          maxLength={20_000}
          readOnly={!canEdit}
          onChange={(event) => setHeader(event.target.value)}
          spellCheck={false}
        />
      </div>
      <div className="Field">
        <label htmlFor="site-footer-html">Footer HTML</label>
        <textarea
          id="site-footer-html"
          value={footer}
          maxLength={20_000}
          readOnly={!canEdit}
          onChange={(event) => setFooter(event.target.value)}
          spellCheck={false}
        />
      </div>
      {canEdit && (
        <div className="PageHeader-actions">
          <button
            type="button"
            className="Button Button--primary"
            disabled={save.state.status === 'saving'}
            onClick={() => void save.run(() => consoleApi(api.saveHeaderFooter.at(), { header, footer }))}
          >
            Save header and footer
          </button>
          <SaveStatus state={save.state} />
        </div>
      )}
    </section>
  );
}
