/**
 * The pages section: the site's pages with their status and navigation labels, "Add page" (a
 * title and a URL slug made from it, editable), and each page's editor (PageEditor.tsx). Shoppers
 * see a page only while its status shows it (src/site/editor/content-status.ts). Below them, the
 * shop and blog pages, each with its settings (title, navigation title, description, SEO and URL slug,
 * CollectionSettingsDialog.tsx). "Add index" makes an index page, whose sections (the site's pages and collections,
 * in order) its own editor chooses (IndexEditor.tsx, at /config/pages/indexes/{id}).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../api';
import { newPageSchema, PAGE_TITLE_LIMIT, pageFormProblems, pageSlugOf } from '../../../site/editor/page-form';
import type { SectionProps } from '../../section-types';
import {
  Breadcrumbs,
  consoleApi,
  DataTable,
  describedBy,
  FormDialog,
  FetchStatus,
  FieldError,
  Link,
  Loaded,
  SaveStatus,
  StatusLabel,
  useFetch,
  useSave,
} from '../../ui';
import { statusLabel } from '../posts/status';
import { CollectionSettingsDialog, type ListedCollection } from './CollectionSettingsDialog';
import { IndexEditor } from './IndexEditor';
import { PageEditor } from './PageEditor';

/** A new page, or a new index page (`index`): a title and a URL slug. */
function NewPageDialog({
  onCancel,
  onMade,
  index = false,
}: {
  onCancel: () => void;
  onMade: (id: string) => void;
  index?: boolean;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [urlId, setUrlId] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const field = (name: string) => problems[name] ?? save.fieldError(name);
  const submit = async () => {
    const checked = newPageSchema.safeParse({ title, urlId });
    if (!checked.success) {
      setProblems(pageFormProblems(checked.error));
      return;
    }
    setProblems({});
    const made = await save.run(() => consoleApi((index ? api.addIndex : api.addPage).at(), checked.data));
    if (made !== undefined) onMade(made.id);
  };
  return (
    <FormDialog
      title={index ? 'Add index' : 'Add page'}
      className="NewPageDialog"
      onSubmit={() => void submit()}
      onCancel={onCancel}
      submit={index ? 'Add index' : 'Add page'}
      busy={save.state.status === 'saving'}
      busyLabel="Adding…"
    >
      <div className="Field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={PAGE_TITLE_LIMIT}
          onChange={(event) => setTitle(event.target.value)}
          {...describedBy(`${id}-title-error`, field('title'))}
        />
        <FieldError id={`${id}-title-error`} message={field('title')} />
      </div>
      <div className="Field">
        <label htmlFor={`${id}-url`}>URL slug</label>
        <input
          id={`${id}-url`}
          value={urlId}
          placeholder={pageSlugOf({ title, urlId: '' })}
          maxLength={100}
          onChange={(event) => setUrlId(event.target.value)}
          aria-describedby={`${id}-url-hint${field('urlId') === undefined ? '' : ` ${id}-url-error`}`}
          {...(field('urlId') === undefined ? {} : { 'aria-invalid': true })}
        />
        <p id={`${id}-url-hint`} className="Field-hint">
          The page’s address: /{pageSlugOf({ title, urlId: urlId.trim() })}. Leave it empty to use the title.
        </p>
        <FieldError id={`${id}-url-error`} message={field('urlId')} />
      </div>
      <SaveStatus state={save.state} />
    </FormDialog>
  );
}

function IndexScreen({ id, session }: { id: string } & Pick<SectionProps, 'session'>) {
  const fetched = useFetch(api.index.at(id));
  return (
    <Loaded fetched={fetched} loading="Loading the index…">
      {(stored) => <IndexEditor stored={stored} session={session} />}
    </Loaded>
  );
}

function PageScreen({ id, session, navigate }: { id: string } & Pick<SectionProps, 'session' | 'navigate'>) {
  const fetched = useFetch(api.page.at(id));
  return (
    <Loaded fetched={fetched} loading="Loading the page…">
      {(stored) => <PageEditor stored={stored} session={session} navigate={navigate} />}
    </Loaded>
  );
}

export default function PagesSection({ session, path, navigate }: SectionProps) {
  const listed = useFetch(api.pages.at());
  const [adding, setAdding] = useState<'page' | 'index' | null>(null);
  const [editing, setEditing] = useState<ListedCollection | null>(null);
  const [settingsNote, setSettingsNote] = useState('');
  // The dialog leaves the page before it closes, so the browser cannot give the focus back: its opener gets it here.
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (editing === null) opener.current?.focus();
  }, [editing]);
  const closeSettings = () => setEditing(null);
  const [first, second] = path;
  // The section stays mounted while a page is open: back on the list, it shows what that page's editor made, saved or deleted.
  const shownPage = useRef(first);
  const { reload } = listed;
  useEffect(() => {
    if (first === undefined && shownPage.current !== undefined) reload();
    shownPage.current = first;
  }, [first, reload]);
  if (first === 'indexes' && second !== undefined) return <IndexScreen key={second} id={second} session={session} />;
  if (first !== undefined) return <PageScreen key={first} id={first} session={session} navigate={navigate} />;
  const pages = (listed.data?.pages ?? []).filter((page) => page.typeName === 'page');
  const indexes = (listed.data?.pages ?? []).filter((page) => page.typeName === 'index');
  const collections: ListedCollection[] = [
    ...(listed.data?.productCollections ?? []).map((shop) => ({ ...shop, kind: 'Shop' })),
    ...(listed.data?.pages ?? [])
      .filter((page) => page.typeName === 'blog')
      .map(({ id, title, fullUrl }) => ({ id, title, fullUrl, kind: 'Blog' })),
  ];
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Pages' }]} />
      <div className="PageHeader">
        <h1>Pages</h1>
        <div className="PageHeader-actions">
          <button
            type="button"
            className="Button Button--primary"
            disabled={!session.can.content}
            onClick={() => setAdding('page')}
          >
            Add page
          </button>
          <button type="button" className="Button" disabled={!session.can.content} onClick={() => setAdding('index')}>
            Add index
          </button>
        </div>
      </div>
      {listed.data === undefined ? (
        <FetchStatus fetched={listed} loading="Loading the pages…" />
      ) : (
        <DataTable
          caption="Pages"
          rows={pages}
          rowKey={(page) => page.id}
          columns={[
            {
              key: 'title',
              label: 'Title',
              primary: true,
              render: (page) => <Link to={`/config/pages/${page.id}`}>{page.title}</Link>,
            },
            {
              key: 'status',
              label: 'Status',
              render: (page) => {
                const label = statusLabel(page.status, page.publishOn);
                return <StatusLabel tone={label.tone}>{label.text}</StatusLabel>;
              },
            },
            { key: 'url', label: 'Address', render: (page) => page.fullUrl },
            {
              key: 'navigation',
              label: 'Navigation',
              render: (page) => (page.inNavigation ? 'In navigation' : <span className="Muted">Not linked</span>),
            },
          ]}
          empty="No pages yet."
        />
      )}
      {indexes.length > 0 && (
        <section className="Card" aria-labelledby="index-pages-heading">
          <h2 id="index-pages-heading">Index pages</h2>
          <DataTable
            caption="Index pages"
            rows={indexes}
            rowKey={(page) => page.id}
            columns={[
              {
                key: 'title',
                label: 'Title',
                primary: true,
                render: (page) => <Link to={`/config/pages/indexes/${page.id}`}>{page.title}</Link>,
              },
              { key: 'url', label: 'Address', render: (page) => page.fullUrl },
              {
                key: 'navigation',
                label: 'Navigation',
                render: (page) => (page.inNavigation ? 'In navigation' : <span className="Muted">Not linked</span>),
              },
            ]}
          />
        </section>
      )}
      {collections.length > 0 && (
        <section className="Card" aria-labelledby="collection-pages-heading">
          <h2 id="collection-pages-heading">Shop and blog pages</h2>
          <DataTable
            caption="Shop and blog pages"
            rows={collections}
            rowKey={(collection) => collection.id}
            columns={[
              { key: 'title', label: 'Title', primary: true, render: (collection) => collection.title },
              { key: 'kind', label: 'Type', render: (collection) => collection.kind },
              { key: 'url', label: 'Address', render: (collection) => collection.fullUrl },
              {
                key: 'settings',
                label: 'Settings',
                render: (collection) => (
                  <button
                    type="button"
                    className="Button"
                    disabled={!session.can.content}
                    aria-label={`Settings of ${collection.title}`}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setEditing(collection);
                    }}
                  >
                    Settings
                  </button>
                ),
              },
            ]}
          />
          <p className="Muted" role="status" aria-live="polite">
            {settingsNote}
          </p>
        </section>
      )}
      {adding !== null && (
        <NewPageDialog
          key={adding}
          index={adding === 'index'}
          onCancel={() => setAdding(null)}
          onMade={(id) => {
            setAdding(null);
            navigate(adding === 'index' ? `/config/pages/indexes/${id}` : `/config/pages/${id}`);
          }}
        />
      )}
      {editing !== null && (
        <CollectionSettingsDialog
          collection={editing}
          session={session}
          onCancel={closeSettings}
          onSaved={(saved) => {
            setSettingsNote(
              saved.fullUrl === editing.fullUrl
                ? `${saved.title} settings saved.`
                : `${saved.title} is now at ${saved.fullUrl}. Its old address redirects there.`,
            );
            closeSettings();
            listed.reload();
          }}
        />
      )}
    </div>
  );
}
