/**
 * One index page (src/site/model/index-collections.ts): its title and its sections, the site's pages and collections it
 * holds, in the order a developer-platform template's index `.list` draws them (docs/templates.md, Index
 * collections). A section is added from a list of what may be one (no index), moved with its up and down buttons
 * (the focus stays on the moved section's button, the move announced) and removed; Save sends the title and the
 * sections' ids, each refusal shown at its section with the import's message. Leaving with unsaved changes asks first.
 */
import { useRef, useState } from 'react';
import { api, type IndexAnswer } from '../../../api';
import { indexFormSchema, PAGE_TITLE_LIMIT } from '../../../site/editor/page-form';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, Field, FieldError } from '../../ui';
import { EditorFrame, useEditor } from '../../ui/EditorFrame';

interface Draft {
  title: string;
  collectionIds: string[];
  homepage: boolean;
}

const draftOf = ({ title, collectionIds, homepage }: IndexAnswer): Draft => ({ title, collectionIds, homepage });

const TYPE_LABELS: Record<string, string> = { products: 'Shop', blog: 'Blog', page: 'Page' };

export function IndexEditor({ stored, session }: { stored: IndexAnswer; session: ConsoleSession }) {
  const [index, setIndex] = useState(stored);
  const editor = useEditor<Draft>(() => draftOf(stored));
  const { draft, setDraft, field, save } = editor;
  const [announcement, setAnnouncement] = useState('');
  const canEdit = session.can.content;
  const buttons = useRef(new Map<string, HTMLElement | null>());
  const choice = (id: string) => index.choices.find((c) => c.id === id);
  const nameOf = (id: string) => choice(id)?.title ?? id;
  const addable = index.choices.filter((c) => !draft.collectionIds.includes(c.id));
  const [adding, setAdding] = useState('');
  const toAdd = addable.some((c) => c.id === adding) ? adding : (addable[0]?.id ?? '');
  const focusLater = (key: string) => requestAnimationFrame(() => buttons.current.get(key)?.focus());

  const move = (at: number, by: -1 | 1) => {
    const id = draft.collectionIds[at];
    const to = at + by;
    if (id === undefined || to < 0 || to >= draft.collectionIds.length) return;
    const next = [...draft.collectionIds];
    next.splice(at, 1);
    next.splice(to, 0, id);
    setDraft((before) => ({ ...before, collectionIds: next }));
    setAnnouncement(`${nameOf(id)} moved to position ${to + 1} of ${next.length}.`);
    // The same button while the section can still move that way, else the other one.
    const edge = to === 0 || to === next.length - 1;
    focusLater(`${id}-${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`);
  };
  const remove = (at: number) => {
    const id = draft.collectionIds[at];
    if (id === undefined) return;
    const next = draft.collectionIds.filter((_, i) => i !== at);
    setDraft((before) => ({ ...before, collectionIds: next }));
    setAnnouncement(`${nameOf(id)} removed.`);
    const neighbour = next[at] ?? next[at - 1];
    focusLater(neighbour === undefined ? 'add' : `${neighbour}-remove`);
  };
  const add = () => {
    if (toAdd === '') return;
    setDraft((before) => ({ ...before, collectionIds: [...before.collectionIds, toAdd] }));
    setAnnouncement(`${nameOf(toAdd)} added at position ${draft.collectionIds.length + 1}.`);
    focusLater(`${toAdd}-remove`);
  };

  const submit = async () => {
    const checked = editor.passes(indexFormSchema.safeParse(draft));
    if (checked === undefined) return;
    const answer = await save.run(() => consoleApi(api.saveIndex.at(index.id), checked));
    if (answer === undefined) return;
    setIndex(answer);
    editor.start(draftOf(answer));
  };

  return (
    <EditorFrame
      editor={editor}
      crumbs={[{ label: 'Pages', to: '/config/pages' }, { label: index.title }]}
      title={index.title}
      actions={
        <a className="Button Button--plain" href={index.fullUrl} target="_blank" rel="noreferrer">
          View on site
        </a>
      }
      formClass="Columns PageForm"
      canEdit={canEdit}
      onSubmit={() => void submit()}
      main={
        <>
          <div className="Card">
            <Field id="index-title" label="Title" error={field('title')}>
              {(control) => (
                <input
                  {...control}
                  value={draft.title}
                  maxLength={PAGE_TITLE_LIMIT}
                  disabled={!canEdit}
                  onChange={(event) => editor.set('title', event.target.value)}
                />
              )}
            </Field>
            <label className="Field-inline">
              <input
                type="checkbox"
                checked={draft.homepage}
                disabled={!canEdit}
                onChange={(event) => setDraft((before) => ({ ...before, homepage: event.target.checked }))}
                aria-describedby="index-homepage-hint"
              />
              Home page
            </label>
            <p className="Field-hint" id="index-homepage-hint">
              Shoppers opening the store’s address (/) see this index; the home page before it stops being one.
            </p>
          </div>
          <section className="Card" aria-labelledby="index-sections-title">
            <h2 id="index-sections-title">Sections</h2>
            <p className="Muted">
              The pages and collections this index shows, in order. A template with an index design draws each as a tile
              with its thumbnail; each keeps its own page.
            </p>
            <p className="visually-hidden" aria-live="polite">
              {announcement}
            </p>
            {draft.collectionIds.length === 0 ? (
              <p className="Muted">No sections yet.</p>
            ) : (
              <ol className="BlockList IndexSections" aria-label="Sections, in the order the index shows them">
                {draft.collectionIds.map((id, at) => {
                  const name = nameOf(id);
                  const problem = field(`collectionIds.${at}`);
                  return (
                    <li key={id} className="BlockList-item">
                      <div className="BlockList-row">
                        <span className="BlockList-name">
                          <span className="BlockList-type">{TYPE_LABELS[choice(id)?.typeName ?? ''] ?? 'Section'}</span>
                          <span>{name}</span>
                        </span>
                        <div className="BlockList-actions">
                          <button
                            type="button"
                            className="Button Button--small"
                            aria-label={`Move ${name} up`}
                            disabled={!canEdit || at === 0}
                            ref={(element) => {
                              buttons.current.set(`${id}-up`, element);
                            }}
                            onClick={() => move(at, -1)}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="Button Button--small"
                            aria-label={`Move ${name} down`}
                            disabled={!canEdit || at === draft.collectionIds.length - 1}
                            ref={(element) => {
                              buttons.current.set(`${id}-down`, element);
                            }}
                            onClick={() => move(at, 1)}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="Button Button--small Button--plain"
                            aria-label={`Remove ${name}`}
                            disabled={!canEdit}
                            ref={(element) => {
                              buttons.current.set(`${id}-remove`, element);
                            }}
                            onClick={() => remove(at)}
                          >
                            Remove
                          </button>
                        </div>
                      </div>
                      {problem !== undefined && (
                        <p className="FieldError" role="alert">
                          {name}: {problem}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
            <FieldError id="index-sections-error" message={field('collectionIds')} />
            {addable.length > 0 && (
              <div className="BlockList-add">
                <label htmlFor="add-index-section">Add a section</label>
                <select
                  id="add-index-section"
                  value={toAdd}
                  disabled={!canEdit}
                  onChange={(event) => setAdding(event.target.value)}
                >
                  {addable.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title} ({c.fullUrl})
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="Button"
                  disabled={!canEdit}
                  ref={(element) => {
                    buttons.current.set('add', element);
                  }}
                  onClick={add}
                >
                  Add section
                </button>
              </div>
            )}
          </section>
        </>
      }
    />
  );
}
