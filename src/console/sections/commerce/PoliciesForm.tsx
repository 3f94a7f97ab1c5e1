/**
 * The store's policies (console → Commerce → Policies): refund, privacy and terms of service as rich
 * text. A policy with text is published at /policies/{slug} and linked in the store's footer and at
 * checkout; an empty one is neither.
 */
import { useEffect, useState } from 'react';
import { POLICIES, policiesSchema, policyPath, type Policies } from '../../../site/editor/store-settings';
import { api } from '../../../api';
import type { ConsoleSession } from '../../section-types';
import { consoleApi, FetchStatus, FieldError, SaveForm, savedFieldError, useFetch, useSave } from '../../ui';
import { RichTextEditor } from '../posts/RichTextEditor';
import { problemsOf } from './StoreDetails';

export function PoliciesForm({ session }: { session: ConsoleSession }) {
  const fetched = useFetch(api.storeSettings.at());
  const [policies, setPolicies] = useState<Policies | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data !== undefined) setPolicies(fetched.data.policies);
  }, [fetched.data]);
  if (policies === null) return <FetchStatus fetched={fetched} loading="Loading the policies…" />;
  const submit = async () => {
    // The editor's empty document is '<p></p>': no policy.
    const sent = Object.fromEntries(
      POLICIES.map(({ kind }) => [kind, policies[kind].replace(/^<p><\/p>$/, '')]),
    ) as Policies;
    const checked = policiesSchema.safeParse(sent);
    setProblems(problemsOf(checked));
    if (!checked.success) return;
    if ((await save.run(() => consoleApi(api.savePolicies.at(), checked.data))) !== undefined) fetched.reload();
  };
  return (
    <SaveForm id="policies" title="Policies" state={save.state} onSubmit={() => void submit()} submit="Save policies">
      <p className="Muted">
        A policy with text gets its own page and a link in the store's footer and at checkout. Leave one empty to not
        publish it.
      </p>
      {POLICIES.map(({ kind, title, slug }) => (
        <div key={kind} className="PolicyField">
          <RichTextEditor
            id={`policy-${kind}`}
            label={title}
            value={policies[kind]}
            session={session}
            onChange={(html) => setPolicies((before) => (before === null ? before : { ...before, [kind]: html }))}
          />
          <p className="Field-hint">
            {(fetched.data?.policies[kind] ?? '') === '' ? (
              'Not published.'
            ) : (
              <>
                Published at{' '}
                <a href={policyPath(slug)} target="_blank" rel="noreferrer">
                  {policyPath(slug)}
                </a>
              </>
            )}
          </p>
          <FieldError id={`policy-${kind}-error`} message={problems[kind] ?? savedFieldError(save.state, kind)} />
        </div>
      ))}
    </SaveForm>
  );
}
