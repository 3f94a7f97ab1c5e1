/**
 * The home page's popup (console → Navigation, header and footer → Home popup, for the content roles): on or off, its title and text. Its
 * newsletter sign-up stays as it is; the welcome code it promises is the store's setting (Store).
 */
import { useEffect, useState } from 'react';
import { popupSettingsSchema, type StoreSettingsAnswer } from '../../../site/editor/store-settings';
import { api } from '../../../api';
import { consoleApi, FetchStatus, Field, Link, SaveForm, savedFieldError, useFetch, useSave } from '../../ui';
import type { ConsoleSession } from '../../section-types';
import { COMMERCE_ROOT } from '../commerce/paths';
import { problemsOf } from '../commerce/StoreDetails';

type Popup = StoreSettingsAnswer['popup'];

export function PopupSettingsForm({ session }: { session: ConsoleSession }) {
  const fetched = useFetch(api.storeSettings.at());
  const [popup, setPopup] = useState<Popup | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSave();
  useEffect(() => {
    if (fetched.data !== undefined) setPopup(fetched.data.popup);
  }, [fetched.data]);
  if (popup === null) return <FetchStatus fetched={fetched} loading="Loading the popup…" />;
  const error = (path: string) => problems[path] ?? savedFieldError(save.state, path);
  const submit = async () => {
    const checked = popupSettingsSchema.safeParse(popup);
    setProblems(problemsOf(checked));
    if (!checked.success) return;
    if ((await save.run(() => consoleApi(api.savePopup.at(), checked.data))) !== undefined) fetched.reload();
  };
  return (
    <SaveForm id="popup" title="Home popup" state={save.state} onSubmit={() => void submit()} submit="Save popup">
      <label className="Field-inline">
        <input
          type="checkbox"
          checked={popup.enabled}
          onChange={(e) => setPopup({ ...popup, enabled: e.target.checked })}
        />{' '}
        Show the popup on the home page
      </label>
      <p className="Field-hint">
        A newsletter sign-up shown shortly after a shopper arrives; closed, it stays away for 7 days. The welcome code
        it sends is set in{' '}
        {session.can.commerce ? <Link to={COMMERCE_ROOT}>Commerce → Store</Link> : 'Commerce → Store'}.
      </p>
      <Field id="popup-title-field" label="Title" error={error('title')}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={200}
            value={popup.title}
            onChange={(e) => setPopup({ ...popup, title: e.target.value })}
          />
        )}
      </Field>
      <Field id="popup-body" label="Text" description="One or two sentences under the title." error={error('body')}>
        {(control) => (
          <textarea
            {...control}
            maxLength={1000}
            rows={3}
            value={popup.body}
            onChange={(e) => setPopup({ ...popup, body: e.target.value })}
          />
        )}
      </Field>
    </SaveForm>
  );
}
