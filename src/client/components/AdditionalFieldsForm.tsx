/**
 * A cart entry's additional-fields form in a lightbox: the product's own form (engraving text and
 * the like), prefilled with the entry's answers; 'Saving…' while the cart is updated (spec §4).
 */
import { useState, type FormEvent } from 'react';
import { fieldValue } from '../field-value';
import Dialog from './Dialog';

export interface AdditionalField {
  id: string;
  type: string;
  title: string;
  required: boolean;
  options?: string[];
  maxLength?: number;
}

export interface AdditionalFieldsFormDefinition {
  id: string;
  name: string;
  fields: AdditionalField[];
  submitButtonText: string;
}

type Values = Record<string, string | string[]>;

export const FIELD_MESSAGES = { required: 'Required', tooLong: 'You have exceeded the character limit.' } as const;

function parseAnswers(json: string | null): Values {
  if (json === null) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Values) : {};
  } catch {
    return {};
  }
}

/** The message for a field's value, or null when it passes (spec §5: required; max length). */
export function fieldProblem(field: AdditionalField, value: string | string[] | undefined): string | null {
  const empty = value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
  if (empty) return field.required && field.type !== 'section' ? FIELD_MESSAGES.required : null;
  if (field.maxLength !== undefined && field.maxLength > 0 && typeof value === 'string' && value.length > field.maxLength) return FIELD_MESSAGES.tooLong;
  return null;
}

const INPUT_TYPES: Record<string, string> = { email: 'email', number: 'number', website: 'url', date: 'date', time: 'time', phone: 'tel' };

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
  const set = (id: string, value: string | string[]) => setValues((current) => ({ ...current, [id]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const field of form.fields) {
      const problem = fieldProblem(field, values[field.id]);
      if (problem !== null) found[field.id] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    await onSave(JSON.stringify(values));
    setSaving(false);
  };

  return (
    <Dialog title={form.name} className="Lightbox" onClose={onCancel}>
      <form className="AdditionalFieldsForm" noValidate onSubmit={(event) => void submit(event)}>
        {form.fields.map((field) => {
          const id = `additional-${form.id}-${field.id}`;
          const problem = problems[field.id];
          const value = values[field.id];
          const text = typeof value === 'string' ? value : '';
          const describedBy = [problem === undefined ? '' : `${id}-error`, field.maxLength === undefined ? '' : `${id}-count`].filter(Boolean).join(' ') || undefined;
          const label = (
            <label htmlFor={id}>
              {field.title}
              {field.required && <span aria-hidden="true"> *</span>}
            </label>
          );
          let control;
          if (field.type === 'textarea') {
            control = <textarea id={id} value={text} aria-invalid={problem !== undefined} aria-describedby={describedBy} required={field.required} onChange={(e) => set(field.id, fieldValue(e))} />;
          } else if (field.type === 'select') {
            control = (
              <select id={id} value={text} aria-invalid={problem !== undefined} aria-describedby={describedBy} required={field.required} onChange={(e) => set(field.id, fieldValue(e))}>
                <option value="">Select</option>
                {(field.options ?? []).map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            );
          } else {
            control = (
              <input id={id} type={INPUT_TYPES[field.type] ?? 'text'} value={text} aria-invalid={problem !== undefined} aria-describedby={describedBy} required={field.required} onChange={(e) => set(field.id, fieldValue(e))} />
            );
          }
          const over = field.maxLength !== undefined && text.length > field.maxLength;
          return (
            <div className="FormField" key={field.id}>
              {label}
              {control}
              {field.maxLength !== undefined && field.maxLength > 0 && (
                <p id={`${id}-count`} className={`FormField-count${over ? ' error' : ''}`}>
                  {`${text.length} / ${field.maxLength}`}
                </p>
              )}
              {problem !== undefined && (
                <p id={`${id}-error`} className="FormField-error" role="alert">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
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
