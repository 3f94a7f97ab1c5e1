/**
 * A form's "After submitting" setting (spec S47): the success URL the visitor is sent to, or, left empty, the form's
 * own submission message. The worker checks it with the site schema's piece (src/site/editor/form-settings.ts), so
 * the console shows its message beside the field rather than a copy of the rule.
 */
import { useState } from 'react';
import { api, type FormSummary } from '../../../api';
import { consoleApi, Field, SaveForm, useSave } from '../../ui';

export function SuccessUrlForm({
  form,
  canEdit,
  onSaved,
}: {
  form: FormSummary;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [url, setUrl] = useState(form.successRedirectUrl);
  const save = useSave();
  const submit = async () => {
    const saved = await save.run(() => consoleApi(api.formSettings.at(form.id), { successRedirectUrl: url }));
    if (saved === undefined) return;
    setUrl(saved.successRedirectUrl);
    onSaved();
  };
  return (
    <SaveForm
      id="success-url"
      title="After submitting"
      state={save.state}
      onSubmit={() => void submit()}
      readOnly={
        canEdit ? undefined : (
          <p className="Muted">Only an administrator, a website manager or an editor can change where visitors go.</p>
        )
      }
    >
      <Field
        id="form-success-url"
        label="Success URL"
        error={save.fieldError('successRedirectUrl')}
        announce
        description="Send visitors to this page after they submit, such as /thanks or https://example.com/thanks. Leave it empty to show the form’s thank-you message instead."
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="url"
            value={url}
            maxLength={2083}
            disabled={!canEdit}
            placeholder="/thanks"
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
    </SaveForm>
  );
}
