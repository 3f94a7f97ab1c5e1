/**
 * A shop's or blog's settings (Squarespace's page settings for a collection): its title, the title its navigation
 * links show, its description (rich text above its products or posts) and its search engine listing with its URL
 * slug, checked with the API's own schema before they are sent. The worker moves its products' or posts' addresses
 * with a new slug and leaves the old ones answering 301, so links already shared keep working.
 */
import { useId, useState } from 'react';
import { api, type CollectionSettingsAnswer } from '../../../api';
import { collectionSettingsSchema, pageFormProblems } from '../../../site/editor/page-form';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, FetchStatus, Field, FieldError, FormDialog, SaveStatus, useFetch, useSave } from '../../ui';
import { RichTextEditor } from '../posts/RichTextEditor';
import { SeoPanel } from '../products/SeoPanel';

export interface ListedCollection {
  id: string;
  title: string;
  /** 'Shop' or 'Blog': what the list and the hint call it. */
  kind: string;
  fullUrl: string;
}

type Draft = Pick<
  CollectionSettingsAnswer,
  'title' | 'navigationTitle' | 'urlId' | 'description' | 'seoTitle' | 'seoDescription'
>;

/** Rich text's words, for the search result preview. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

function SettingsForm({
  collection,
  stored,
  session,
  onCancel,
  onSaved,
}: {
  collection: ListedCollection;
  stored: CollectionSettingsAnswer;
  session: ConsoleSession;
  onCancel: () => void;
  onSaved: (saved: CollectionSettingsAnswer) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(stored);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  const set = (change: Partial<Draft>) => setDraft((before) => ({ ...before, ...change }));
  const problem = (field: string) => problems[field] ?? save.fieldError(field);
  const items = collection.kind === 'Blog' ? 'posts' : 'products';
  const submit = async () => {
    const checked = collectionSettingsSchema.safeParse(draft);
    if (!checked.success) {
      setProblems(pageFormProblems(checked.error));
      return;
    }
    setProblems({});
    const saved = await save.run(() => consoleApi(api.saveCollectionSettings.at(collection.id), checked.data));
    if (saved !== undefined) onSaved(saved);
  };
  return (
    <FormDialog
      title={`${collection.title} settings`}
      className="CollectionSettingsDialog"
      onSubmit={() => void submit()}
      onCancel={onCancel}
      submit="Save"
      busy={save.state.status === 'saving'}
      busyLabel="Saving…"
    >
      <Field id={`${id}-title`} label="Title" error={problem('title')}>
        {(control) => (
          <input
            {...control}
            value={draft.title}
            maxLength={100}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={`${id}-navigation-title`}
        label="Navigation title"
        error={problem('navigationTitle')}
        description="What the store’s navigation links show. Empty: the title."
      >
        {(control) => (
          <input
            {...control}
            value={draft.navigationTitle}
            maxLength={100}
            placeholder={draft.title}
            onChange={(event) => set({ navigationTitle: event.target.value })}
          />
        )}
      </Field>
      <RichTextEditor
        id={`${id}-description`}
        label="Description"
        value={draft.description}
        session={session}
        onChange={(description) => set({ description })}
      />
      <FieldError id={`${id}-description-error`} message={problem('description')} />
      <h3>Search engine listing</h3>
      <SeoPanel
        id={`${id}-seo`}
        fields={{ ...draft, excerpt: plainText(draft.description) }}
        path="/"
        slugHint={`The ${collection.kind.toLowerCase()}’s ${items} move with it, and their old addresses redirect to the new ones.`}
        problem={problem}
        onChange={set}
      />
      <SaveStatus state={save.state} />
    </FormDialog>
  );
}

export function CollectionSettingsDialog({
  collection,
  session,
  onCancel,
  onSaved,
}: {
  collection: ListedCollection;
  session: ConsoleSession;
  onCancel: () => void;
  onSaved: (saved: CollectionSettingsAnswer) => void;
}) {
  const fetched = useFetch(api.collectionSettings.at(collection.id));
  if (fetched.data === undefined)
    return (
      <FormDialog
        title={`${collection.title} settings`}
        className="CollectionSettingsDialog"
        onSubmit={() => {}}
        onCancel={onCancel}
        busy
      >
        <FetchStatus fetched={fetched} loading="Loading the settings…" />
      </FormDialog>
    );
  return (
    <SettingsForm
      collection={collection}
      stored={fetched.data}
      session={session}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}
