/**
 * A product's additional-fields form in a lightbox (engraving text and the like): asked before
 * the add, and on the cart page prefilled with the entry's answers; checked with the site forms'
 * field rules; 'Saving…' while the cart is updated (spec §4). A field's message follows its value
 * as it is typed once shown, and going over a limit shows the limit's message at once.
 */
import { useState, type FormEvent } from 'react';
import { FORM_MESSAGES, fieldProblem, validateForm, type FieldValue, type FormField } from '../../forms/validate';
import { parseAnswers } from '../entry-answers';
import Dialog from './Dialog';
import FormFields from './FormFields';

export interface AdditionalFieldsFormDefinition {
  id: string;
  name: string;
  fields: FormField[];
  submitButtonText: string;
}

type Values = Record<string, FieldValue>;

export default function AdditionalFieldsForm({
  form,
  initial,
  submitLabel,
  onCancel,
  onSave,
}: {
  form: AdditionalFieldsFormDefinition;
  initial: string | null;
  /** The submit button's text when not the form's own (the add-to-cart button's label). */
  submitLabel?: string;
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

  const change = (field: FormField, value: FieldValue) => {
    setValues((current) => ({ ...current, [field.id]: value }));
    const problem = fieldProblem(field, value);
    setProblems(({ [field.id]: shown, ...rest }) =>
      problem !== null && (shown !== undefined || problem === FORM_MESSAGES.tooLong)
        ? { ...rest, [field.id]: problem }
        : rest,
    );
  };

  return (
    <Dialog title={form.name} className="Lightbox" onClose={onCancel}>
      <form className="AdditionalFieldsForm" noValidate onSubmit={(event) => void submit(event)}>
        <FormFields
          formId={`additional-${form.id}`}
          fields={form.fields}
          values={values}
          errors={problems}
          onChange={(id, value) => {
            const field = form.fields.find((f) => f.id === id);
            if (field !== undefined) change(field, value);
          }}
        />
        <div className="Dialog-actions">
          <button type="button" className="Dialog-secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" disabled={saving}>
            {saving ? 'Saving…' : (submitLabel ?? (form.submitButtonText || 'Save'))}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
