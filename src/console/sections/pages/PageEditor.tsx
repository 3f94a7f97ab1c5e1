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
import { PAGE_TITLE_LIMIT, pageFormProblems, pageFormSchema } from '../../../site/editor/page-form';
import { guardLeaving } from '../../router';
import type { ConsoleSession } from '../../section-types';
import {
  Breadcrumbs,
  consoleApi,
  describedBy,
  FieldError,
  Link,
  SaveStatus,
  StatusLabel,
  useConfirm,
  useSave,
} from '../../ui';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { RichTextEditor } from '../posts/RichTextEditor';
import { localDateTime, statusLabel } from '../posts/status';
import { StatusFields } from '../posts/StatusFields';
import { SeoPanel } from '../products/SeoPanel';
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
  const [draft, setDraft] = useState(() => draftOf(stored));
  const [baseline, setBaseline] = useState(draft);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const linking = useSave();
  const { confirm, modal } = useConfirm();
  const [history, setHistory] = useState(false);
  const unsaved = JSON.stringify(draft) !== JSON.stringify(baseline);
  useUnsavedChanges(unsaved, confirm);
  const canEdit = session.can.content;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((before) => ({ ...before, [key]: value }));
  const field = (name: string) => problems[name] ?? save.fieldError(name);

  const submit = async () => {
    const checked = pageFormSchema.safeParse(formOf(draft));
    if (!checked.success) {
      setProblems(pageFormProblems(checked.error));
      save.reset();
      return;
    }
    setProblems({});
    const answer = await save.run(() => consoleApi(api.savePage.at(page.id), checked.data));
    if (answer?.page === undefined) return;
    setPage(answer.page);
    setDraft(draftOf(answer.page));
    setBaseline(draftOf(answer.page));
  };

  /** What is stored now (after a restore) becomes the editor's new starting point. */
  const reload = async () => {
    const stored = await save.run(() => consoleApi(api.page.at(page.id)));
    if (stored === undefined) return;
    setPage(stored);
    setDraft(draftOf(stored));
    setBaseline(draftOf(stored));
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
  const formProblem = Object.keys(problems).length > 0 ? 'Update the missing or invalid information above' : undefined;
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Pages', to: '/config/pages' }, { label: page.title }]} />
      <div className="PageHeader">
        <h1>{page.title}</h1>
        <div className="PageHeader-actions">
          <StatusLabel tone={label.tone}>{label.text}</StatusLabel>
          <a className="Button Button--plain" href={page.fullUrl} target="_blank" rel="noreferrer">
            View on site
          </a>
          <button type="button" className="Button" onClick={() => setHistory(true)}>
            History
          </button>
        </div>
      </div>
      <form
        className="Columns PageForm"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <div className="Card">
            <div className="Field">
              <label htmlFor="page-title">Title</label>
              <input
                id="page-title"
                value={draft.title}
                onChange={(event) => set('title', event.target.value)}
                maxLength={PAGE_TITLE_LIMIT}
                {...describedBy('page-title-error', field('title'))}
              />
              <FieldError id="page-title-error" message={field('title')} />
            </div>
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
        </div>
        <div>
          <div className="Card">
            <StatusFields
              id="page"
              status={draft.status}
              publishOn={draft.publishOn}
              onStatus={(status) => set('status', status)}
              onPublishOn={(publishOn) => set('publishOn', publishOn)}
              what="pages"
            />
          </div>
          <section className="Card" aria-labelledby="page-seo-heading">
            <h2 id="page-seo-heading">Search engine listing</h2>
            <SeoPanel
              id="page"
              fields={{ ...draft, excerpt: '' }}
              path="/"
              slugHint="Its navigation links follow a new slug."
              problem={field}
              onChange={(change) => setDraft((before) => ({ ...before, ...change }))}
            />
          </section>
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
          <div className="Card PostActions">
            {formProblem !== undefined && (
              <p className="FieldError" role="alert">
                {formProblem}
              </p>
            )}
            <SaveStatus state={save.state} />
            <button
              type="submit"
              className="Button Button--primary"
              disabled={!canEdit || save.state.status === 'saving'}
            >
              Save
            </button>
            <button type="button" className="Button Button--plain" onClick={() => void remove()} disabled={!canEdit}>
              Delete page
            </button>
          </div>
        </div>
      </form>
      {modal}
      {history && (
        <PageHistoryDialog
          pageId={page.id}
          unsaved={unsaved}
          onClose={(restored) => {
            setHistory(false);
            if (restored) void reload();
          }}
        />
      )}
    </div>
  );
}
