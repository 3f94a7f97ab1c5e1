/**
 * A site form's fields as controls, for every field type of the spec: single inputs, multi-part
 * fieldsets (name, address, date, time, phone), radio, checkbox, select, likert, hidden; with the
 * textarea's live 'count / max' counter and each field's error.
 */
import type { ReactNode } from 'react';
import { FIELD_PARTS, type FieldValue, type FormField } from '../../forms/validate';
import { fieldValue } from '../field-value';

const PART_LABELS: Record<string, string> = {
  First: 'First Name', Last: 'Last Name', Line1: 'Address 1', Line2: 'Address 2', City: 'City', State: 'State', Zip: 'ZIP Code',
  Country: 'Country', Month: 'Month', Day: 'Day', Year: 'Year', Hour: 'Hour', Minute: 'Minute', Second: 'Second', Ampm: 'AM/PM',
  Areacode: 'Area code', Prefix: 'Prefix', Line: 'Line',
};
const LIKERT_ANSWERS = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
const INPUT_TYPES: Record<string, string> = { email: 'email', number: 'number', currency: 'number', website: 'url', password: 'password', twitter: 'text' };
const AUTOCOMPLETE: Record<string, string> = { email: 'email', First: 'given-name', Last: 'family-name', Line1: 'address-line1', Line2: 'address-line2', City: 'address-level2', State: 'address-level1', Zip: 'postal-code' };

export interface FormFieldsProps {
  formId: string;
  fields: readonly FormField[];
  values: Record<string, FieldValue>;
  errors: Record<string, string>;
  onChange: (fieldId: string, value: FieldValue) => void;
}

/** The live 'count / max' counter, flagged when over (only when max is above 0). */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return max > 0 ? (
    <p id={id} className={`FormField-count${length > max ? ' error' : ''}`}>
      {`${length} / ${max}`}
    </p>
  ) : null;
}

function Problem({ id, message }: { id: string; message: string | undefined }) {
  return message === undefined ? null : (
    <p id={id} className="FormField-error" role="alert">
      {message}
    </p>
  );
}

export default function FormFields({ formId, fields, values, errors, onChange }: FormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const id = `${formId}-${field.id}`;
        const error = errors[field.id];
        const errorId = `${id}-error`;
        const invalid = error !== undefined;
        const required = field.required === true;
        const mark = required ? <span aria-hidden="true"> *</span> : null;
        const value = values[field.id];
        const text = typeof value === 'string' ? value : '';
        const list = Array.isArray(value) ? value : [];
        const common = { 'aria-invalid': invalid, 'aria-describedby': invalid ? errorId : undefined, required };
        let control: ReactNode;

        switch (field.type) {
          case 'section':
            return (
              <h3 className="FormField-section" key={field.id}>
                {field.title}
              </h3>
            );
          case 'hidden':
            return <input type="hidden" name={field.id} value={text} key={field.id} />;
          case 'textarea': {
            const max = field.maxLength ?? 0;
            return (
              <div className="FormField" key={field.id}>
                <label htmlFor={id}>
                  {field.title}
                  {mark}
                </label>
                <textarea id={id} name={field.id} value={text} {...common} aria-describedby={[invalid ? errorId : '', max > 0 ? `${id}-count` : ''].join(' ').trim() || undefined} onChange={(e) => onChange(field.id, fieldValue(e))} />
                <Counter id={`${id}-count`} length={text.length} max={max} />
                <Problem id={errorId} message={error} />
              </div>
            );
          }
          case 'select':
            control = (
              <select id={id} name={field.id} value={text} {...common} onChange={(e) => onChange(field.id, fieldValue(e))}>
                <option value="">Select</option>
                {(field.options ?? []).map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            );
            break;
          case 'radio':
          case 'checkbox':
          case 'likert':
            return (
              <fieldset className="FormField" key={field.id} aria-describedby={invalid ? errorId : undefined}>
                <legend>
                  {field.title}
                  {mark}
                </legend>
                {(field.options ?? []).map((option, i) =>
                  field.type === 'likert' ? (
                    <div className="FormField-likert" key={option}>
                      <label htmlFor={`${id}-${i}`}>{option}</label>
                      <select
                        id={`${id}-${i}`}
                        value={(value as Record<string, string> | undefined)?.[option] ?? ''}
                        onChange={(e) => onChange(field.id, { ...((value as Record<string, string> | undefined) ?? {}), [option]: fieldValue(e) })}
                      >
                        <option value="">Select</option>
                        {LIKERT_ANSWERS.map((answer) => (
                          <option key={answer}>{answer}</option>
                        ))}
                      </select>
                    </div>
                  ) : (
                    <label key={option} className="FormField-choice">
                      <input
                        type={field.type}
                        name={field.id}
                        value={option}
                        checked={field.type === 'radio' ? text === option : list.includes(option)}
                        onChange={() => onChange(field.id, field.type === 'radio' ? option : list.includes(option) ? list.filter((v) => v !== option) : [...list, option])}
                      />{' '}
                      {option}
                    </label>
                  ),
                )}
                <Problem id={errorId} message={error} />
              </fieldset>
            );
          default: {
            const parts = FIELD_PARTS[field.type];
            if (parts !== undefined) {
              const current = parts.map((_, i) => list[i] ?? '');
              return (
                <fieldset className={`FormField FormField--${field.type}`} key={field.id} aria-describedby={invalid ? errorId : undefined}>
                  <legend>
                    {field.title}
                    {mark}
                  </legend>
                  <div className="FormField-parts">
                    {parts.map((part, i) => (
                      <label key={part} className="FormField-part">
                        <span>{PART_LABELS[part] ?? part}</span>
                        <input
                          name={`${field.id}-${part}`}
                          value={current[i]}
                          autoComplete={AUTOCOMPLETE[part]}
                          inputMode={field.type === 'phone' || field.type === 'date' ? 'numeric' : undefined}
                          aria-invalid={invalid}
                          onChange={(e) => onChange(field.id, current.map((v, k) => (k === i ? fieldValue(e) : v)))}
                        />
                      </label>
                    ))}
                  </div>
                  <Problem id={errorId} message={error} />
                </fieldset>
              );
            }
            control = (
              <input
                id={id}
                name={field.id}
                type={INPUT_TYPES[field.type] ?? 'text'}
                value={text}
                autoComplete={AUTOCOMPLETE[field.type]}
                {...common}
                onChange={(e) => onChange(field.id, fieldValue(e))}
              />
            );
          }
        }
        return (
          <div className="FormField" key={field.id}>
            <label htmlFor={id}>
              {field.title}
              {mark}
            </label>
            {control}
            <Counter id={`${id}-count`} length={text.length} max={field.maxLength ?? 0} />
            <Problem id={errorId} message={error} />
          </div>
        );
      })}
    </>
  );
}
