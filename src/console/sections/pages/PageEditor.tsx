/**
 * One page: title, text, blocks (BlocksEditor), status and publish date, its search engine listing
 * (the products' SeoPanel: SEO title and description, URL slug), its place in the navigation (added
 * here, ordered in the Navigation section's tree), its version history (History: view and restore
 * one), and Delete after a confirm that says its navigation links go too. Checked with the page form's schema (src/site/editor/page-form.ts) before
 * it is sent; leaving with unsaved changes asks first.
 */
import { useState } from 'react';
import { api, type StoredPage } from '../../../api';
import type { PageBlock } from '../../../site/editor/page-blocks';
import { PAGE_TITLE_LIMIT, pageFormSchema } from '../../../site/editor/page-form';
import { guardLeaving } from '../../router';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, Field, Link, SaveStatus, StatusLabel, useSave } from '../../ui';
import { EditorFrame, useEditor } from '../../ui/EditorFrame';
import { RichTextEditor } from '../posts/RichTextEditor';
import { PublishingCards } from '../posts/PublishingCards';
import { localDateTime, statusLabel } from '../posts/status';
import { BlocksEditor } from './BlocksEditor';
import { PageHistoryDialog } from './PageHistoryDialog';

type Draft = Omit<StoredPage, 'id' | 'fullUrl' | 'inNavigation' | 'publishOn'> & { publishOn: string };

function draftOf(page: StoredPage): Draft {
  const { id: _id, fullUrl: _url, inNavigation: _nav, publishOn, ...fields } = page;
  return { ...fields, publishOn: localDateTime(publishOn || Date.now()) };
}

/** The page form the draft makes (src/site/editor/page-form.ts). */
function formOf(draft: Draft) {
  const publishOn = new Date(draft.publishOn).getTime();
  return { ...draft, publishOn: Number.isFinite(publishOn) ? publishOn : Date.now() };
}

export function PageEditor({
  stored,
  session,
  navigate,
}: {
  stored: StoredPage;
  session: ConsoleSession;
  navigate: (to: string) => void;
}) {
  const [page, setPage] = useState(stored);
  const editor = useEditor(() => draftOf(stored));
  const { draft, setDraft, set, start, field, save, confirm } = editor;
  const linking = useSave();
  const [history, setHistory] = useState(false);
  const canEdit = session.can.content;

  const submit = async () => {
    const checked = editor.passes(pageFormSchema.safeParse(formOf(draft)));
    if (checked === undefined) return;
    const answer = await save.run(() => consoleApi(api.savePage.at(page.id), checked));
    if (answer?.page === undefined) return;
    setPage(answer.page);
    start(draftOf(answer.page));
  };

  /** What is stored now (after a restore) becomes the editor's new starting point. */
  const reload = async () => {
    const stored = await save.run(() => consoleApi(api.page.at(page.id)));
    if (stored === undefined) return;
    setPage(stored);
    start(draftOf(stored));
  };

  const remove = async () => {
    const message = page.inNavigation
      ? `Delete “${page.title}”? Its address ${page.fullUrl} will answer “not found”, and its link in the navigation will be removed.`
      : `Delete “${page.title}”? Its address ${page.fullUrl} will answer “not found”.`;
    if (!(await confirm({ title: 'Delete page', message, confirmLabel: 'Delete page', danger: true }))) return;
    const done = await save.run(() => consoleApi(api.removePage.at(page.id)));
    if (done === undefined) return;
    guardLeaving(null);
    navigate('/config/pages');
  };

  const addToNavigation = async () => {
    const done = await linking.run(() => consoleApi(api.addPageToNavigation.at(page.id)));
    if (done !== undefined) setPage((before) => ({ ...before, inNavigation: true }));
  };

  const label = statusLabel(page.status, page.publishOn);
  return (
    <EditorFrame
      editor={editor}
      crumbs={[{ label: 'Pages', to: '/config/pages' }, { label: page.title }]}
      title={page.title}
      actions={
        <>
          <StatusLabel tone={label.tone}>{label.text}</StatusLabel>
          <a className="Button Button--plain" href={page.fullUrl} target="_blank" rel="noreferrer">
            View on site
          </a>
          <button type="button" className="Button" onClick={() => setHistory(true)}>
            History
          </button>
        </>
      }
      formClass="Columns PageForm"
      canEdit={canEdit}
      onSubmit={() => void submit()}
      main={
        <>
          <div className="Card">
            <Field id="page-title" label="Title" error={field('title')}>
              {(control) => (
                <input
                  {...control}
                  value={draft.title}
                  onChange={(event) => set('title', event.target.value)}
                  maxLength={PAGE_TITLE_LIMIT}
                />
              )}
            </Field>
            <RichTextEditor
              id="page-body"
              label="Text"
              value={draft.body}
              onChange={(body) => setDraft((before) => ({ ...before, body }))}
              session={session}
            />
          </div>
          <BlocksEditor
            blocks={draft.blocks}
            onChange={(change) => setDraft((before) => ({ ...before, blocks: change(before.blocks as PageBlock[]) }))}
            session={session}
            problem={field}
          />
        </>
      }
      side={
        <>
          <PublishingCards
            id="page"
            what="pages"
            draft={draft}
            seo={{ ...draft, excerpt: '' }}
            path="/"
            slugHint="Its navigation links follow a new slug."
            problem={field}
            onChange={(change) => setDraft((before) => ({ ...before, ...change }))}
          />
          <section className="Card" aria-labelledby="page-navigation-title">
            <h2 id="page-navigation-title">Navigation</h2>
            {page.inNavigation ? (
              <p>
                In the main navigation. <Link to="/config/navigation">Reorder it in Navigation</Link>
              </p>
            ) : (
              <>
                <p className="Muted">Not in the navigation: shoppers reach it only by its address.</p>
                <button
                  type="button"
                  className="Button"
                  disabled={!canEdit || linking.state.status === 'saving'}
                  onClick={() => void addToNavigation()}
                >
                  Add to navigation
                </button>
              </>
            )}
            <SaveStatus state={linking.state} />
          </section>
        </>
      }
      buttons={
        <button type="button" className="Button Button--plain" onClick={() => void remove()} disabled={!canEdit}>
          Delete page
        </button>
      }
    >
      {history && (
        <PageHistoryDialog
          pageId={page.id}
          unsaved={editor.unsaved}
          onClose={(restored) => {
            setHistory(false);
            if (restored) void reload();
          }}
        />
      )}
    </EditorFrame>
  );
}
