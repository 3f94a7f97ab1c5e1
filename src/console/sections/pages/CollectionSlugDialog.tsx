/**
 * A shop's or blog's settings (Squarespace's page settings for a collection): its URL slug, checked with the
 * API's own schema before it is sent. The worker moves its products' or posts' addresses with it and leaves the
 * old ones answering 301, so links already shared keep working.
 */
import { useId, useState } from 'react';
import { api } from '../../../api';
import { collectionSlugSchema, pageFormProblems } from '../../../site/editor/page-form';
import { consoleApi, Field, FormDialog, SaveStatus, useSave } from '../../ui';

export interface SluggedCollection {
  id: string;
  title: string;
  /** 'Shop' or 'Blog': what the list and the hint call it. */
  kind: string;
  fullUrl: string;
}

export function CollectionSlugDialog({
  collection,
  onCancel,
  onSaved,
}: {
  collection: SluggedCollection;
  onCancel: () => void;
  onSaved: (fullUrl: string) => void;
}) {
  const id = useId();
  const [urlId, setUrlId] = useState(collection.fullUrl.slice(1));
  const [problem, setProblem] = useState<string | undefined>();
  const save = useSave();
  const items = collection.kind === 'Blog' ? 'posts' : 'products';
  const submit = async () => {
    const checked = collectionSlugSchema.safeParse({ urlId });
    if (!checked.success) {
      setProblem(pageFormProblems(checked.error).urlId);
      return;
    }
    setProblem(undefined);
    const saved = await save.run(() => consoleApi(api.renameCollection.at(collection.id), checked.data));
    if (saved !== undefined) onSaved(saved.fullUrl);
  };
  return (
    <FormDialog
      title={`${collection.title} settings`}
      className="CollectionSlugDialog"
      onSubmit={() => void submit()}
      onCancel={onCancel}
      submit="Save"
      busy={save.state.status === 'saving'}
      busyLabel="Saving…"
    >
      <Field
        id={`${id}-url`}
        label="URL slug"
        error={problem ?? save.fieldError('urlId')}
        description={`The ${collection.kind.toLowerCase()}’s address: /${urlId.trim() || '…'}. Its ${items} move with it, and their old addresses redirect to the new ones.`}
      >
        {(control) => (
          <input {...control} value={urlId} maxLength={100} onChange={(event) => setUrlId(event.target.value)} />
        )}
      </Field>
      <SaveStatus state={save.state} />
    </FormDialog>
  );
}
