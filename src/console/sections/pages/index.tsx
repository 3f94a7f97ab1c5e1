/** The pages section: the site's pages, and each page's title and text in the rich-text editor. */
import { useEffect, useState } from 'react';
import type { SectionProps } from '../../section-types';
import { Breadcrumbs, consoleApi, DataTable, describedBy, errorMessage, FieldError, Link, SaveStatus, useFetch, useSave } from '../../ui';
import { RichTextEditor } from '../posts/RichTextEditor';

interface PageSummary {
  id: string;
  title: string;
  typeName: string;
  fullUrl: string;
}

interface PageText {
  id: string;
  title: string;
  body: string;
  fullUrl: string;
}

function PageEditor({ id, session }: { id: string; session: SectionProps['session'] }) {
  const [page, setPage] = useState<PageText | null>(null);
  const [loadError, setLoadError] = useState<string | undefined>();
  const save = useSave();
  useEffect(() => {
    consoleApi<PageText>('GET', `/api/console/pages/${encodeURIComponent(id)}`).then(setPage, (error) => setLoadError(errorMessage(error)));
  }, [id]);
  if (loadError !== undefined) {
    return (
      <p className="FieldError" role="alert">
        {loadError}
      </p>
    );
  }
  if (page === null) return <p className="Console-loading">Loading…</p>;
  const titleError = save.state.status === 'error' && /title/i.test(save.state.message) ? save.state.message : undefined;
  return (
    <div className="Page Page--narrow">
      <Breadcrumbs items={[{ label: 'Pages', to: '/config/pages' }, { label: page.title }]} />
      <div className="PageHeader">
        <h1>{page.title}</h1>
        <a className="Button Button--plain" href={page.fullUrl} target="_blank" rel="noreferrer">
          View on site
        </a>
      </div>
      <form
        className="Card"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(() => consoleApi('PUT', `/api/console/pages/${encodeURIComponent(id)}`, { title: page.title, body: page.body }));
        }}
      >
        <div className="Field">
          <label htmlFor="page-title">Title</label>
          <input id="page-title" value={page.title} onChange={(event) => setPage({ ...page, title: event.target.value })} maxLength={100} {...describedBy('page-title-error', titleError)} />
          <FieldError id="page-title-error" message={titleError} />
        </div>
        <RichTextEditor id="page-body" label="Text" value={page.body} onChange={(body) => setPage((before) => (before === null ? before : { ...before, body }))} session={session} />
        <div className="PostActions">
          <SaveStatus state={save.state} />
          <button type="submit" className="Button Button--primary" disabled={!session.can.content || save.state.status === 'saving'}>
            Save
          </button>
        </div>
      </form>
    </div>
  );
}

export default function PagesSection({ session, path }: SectionProps) {
  const listed = useFetch<{ pages: PageSummary[] }>('/api/console/pages');
  const [first] = path;
  if (first !== undefined) return <PageEditor key={first} id={first} session={session} />;
  const pages = (listed.data?.pages ?? []).filter((page) => page.typeName === 'page');
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Pages' }]} />
      <div className="PageHeader">
        <h1>Pages</h1>
      </div>
      {listed.state === 'failed' && (
        <p className="FieldError" role="alert">
          {errorMessage(listed.error)}
        </p>
      )}
      <DataTable
        caption="Pages"
        rows={pages}
        rowKey={(page) => page.id}
        columns={[
          { key: 'title', label: 'Title', primary: true, render: (page) => <Link to={`/config/pages/${page.id}`}>{page.title}</Link> },
          { key: 'url', label: 'Address', render: (page) => page.fullUrl },
        ]}
        empty={listed.state === 'pending' ? 'Loading…' : 'No pages yet.'}
      />
    </div>
  );
}
