/**
 * The pages section: the site's pages with their status labels, and each page's title, text (the
 * rich-text editor), status and publish date. Shoppers see a page only while its status shows it
 * (src/site/editor/content-status.ts): a draft page 404s and leaves the navigation and sitemap.
 */
import { useState } from 'react';
import { api, type StoredChart, type StoredPage } from '../../../api';
import type { SectionProps } from '../../section-types';
import {
  Breadcrumbs,
  consoleApi,
  DataTable,
  describedBy,
  FetchStatus,
  FieldError,
  Link,
  Loaded,
  SaveStatus,
  StatusLabel,
  useFetch,
  useSave,
} from '../../ui';
import { RichTextEditor } from '../posts/RichTextEditor';
import { localDateTime, statusLabel } from '../posts/status';
import { StatusFields } from '../posts/StatusFields';
import { ChartsEditor } from './ChartsEditor';

type PageDraft = Pick<StoredPage, 'id' | 'title' | 'body' | 'fullUrl' | 'status'> & { publishOn: string };

function PageEditor({ stored, session }: { stored: StoredPage; session: SectionProps['session'] }) {
  const [page, setPage] = useState<PageDraft>({
    id: stored.id,
    title: stored.title,
    body: stored.body,
    fullUrl: stored.fullUrl,
    status: stored.status,
    publishOn: localDateTime(stored.publishOn || Date.now()),
  });
  const [saved, setSaved] = useState({ status: stored.status, publishOn: stored.publishOn });
  const save = useSave();
  const titleError =
    save.fieldError('title') ??
    (save.state.status === 'error' && /title/i.test(save.state.message) ? save.state.message : undefined);
  const label = statusLabel(saved.status, saved.publishOn);
  return (
    <div className="Page Page--narrow">
      <Breadcrumbs items={[{ label: 'Pages', to: '/config/pages' }, { label: stored.title }]} />
      <div className="PageHeader">
        <h1>{stored.title}</h1>
        <StatusLabel tone={label.tone}>{label.text}</StatusLabel>
        <a className="Button Button--plain" href={stored.fullUrl} target="_blank" rel="noreferrer">
          View on site
        </a>
      </div>
      <form
        className="Card"
        onSubmit={(event) => {
          event.preventDefault();
          const publishOn = new Date(page.publishOn).getTime();
          const body = {
            title: page.title,
            body: page.body,
            status: page.status,
            publishOn: Number.isFinite(publishOn) ? publishOn : Date.now(),
          };
          void save
            .run(() => consoleApi(api.savePage.at(stored.id), body))
            .then((done) => {
              if (done !== undefined) setSaved({ status: body.status, publishOn: body.publishOn });
            });
        }}
      >
        <div className="Field">
          <label htmlFor="page-title">Title</label>
          <input
            id="page-title"
            value={page.title}
            onChange={(event) => setPage({ ...page, title: event.target.value })}
            maxLength={100}
            {...describedBy('page-title-error', titleError)}
          />
          <FieldError id="page-title-error" message={titleError} />
        </div>
        <RichTextEditor
          id="page-body"
          label="Text"
          value={page.body}
          onChange={(body) => setPage((before) => ({ ...before, body }))}
          session={session}
        />
        <StatusFields
          id="page"
          status={page.status}
          publishOn={page.publishOn}
          onStatus={(status) => setPage((before) => ({ ...before, status }))}
          onPublishOn={(publishOn) => setPage((before) => ({ ...before, publishOn }))}
          what="pages"
        />
        <div className="PostActions">
          <SaveStatus state={save.state} />
          <button
            type="submit"
            className="Button Button--primary"
            disabled={!session.can.content || save.state.status === 'saving'}
          >
            Save
          </button>
        </div>
      </form>
      <ChartsEditor
        pageId={stored.id}
        initial={stored.blocks.flatMap((block) =>
          block.type === 'chart'
            ? [
                {
                  id: block.id,
                  title: block.title ?? '',
                  columns: block.columns ?? [],
                  rows: block.rows ?? [],
                } satisfies StoredChart,
              ]
            : [],
        )}
        canEdit={session.can.content}
      />
    </div>
  );
}

function PageScreen({ id, session }: { id: string; session: SectionProps['session'] }) {
  const fetched = useFetch(api.page.at(id));
  return (
    <Loaded fetched={fetched} loading="Loading the page…">
      {(stored) => <PageEditor stored={stored} session={session} />}
    </Loaded>
  );
}

export default function PagesSection({ session, path }: SectionProps) {
  const listed = useFetch(api.pages.at());
  const [first] = path;
  if (first !== undefined) return <PageScreen key={first} id={first} session={session} />;
  const pages = (listed.data?.pages ?? []).filter((page) => page.typeName === 'page');
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Pages' }]} />
      <div className="PageHeader">
        <h1>Pages</h1>
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
          ]}
          empty="No pages yet."
        />
      )}
    </div>
  );
}
