/**
 * A cart entry's additional-fields form in a lightbox: the product's own form (engraving text and
 * the like), prefilled with the entry's answers, checked with the site forms' field rules;
 * 'Saving…' while the cart is updated (spec §4).
 */
import { useState, type FormEvent } from 'react';
import { validateForm, type FieldValue, type FormField } from '../../forms/validate';
import Dialog from './Dialog';
import FormFields from './FormFields';

export interface AdditionalFieldsFormDefinition {
  id: string;
  name: string;
  fields: FormField[];
  submitButtonText: string;
}

type Values = Record<string, FieldValue>;

function parseAnswers(json: string | null): Values {
  if (json === null) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Values) : {};
  } catch {
    return {};
  }
}

export default function AdditionalFieldsForm({
  form,
  initial,
  onCancel,
  onSave,
}: {
  form: AdditionalFieldsFormDefinition;
  initial: string | null;
  onCancel: () => void;
  onSave: (values: string) => Promise<void>;
}) {
  const [values, setValues] = useState<Values>(() => parseAnswers(initial));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm(form.fields, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    await onSave(JSON.stringify(values));
    setSaving(false);
  };

  return (
    <Dialog title={form.name} className="Lightbox" onClose={onCancel}>
      <form className="AdditionalFieldsForm" noValidate onSubmit={(event) => void submit(event)}>
        <FormFields formId={`additional-${form.id}`} fields={form.fields} values={values} errors={problems} onChange={(id, value) => setValues((current) => ({ ...current, [id]: value }))} />
        <div className="Dialog-actions">
          <button type="button" className="Dialog-secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" disabled={saving}>
            {saving ? 'Saving…' : form.submitButtonText || 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
