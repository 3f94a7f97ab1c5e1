/** What every field control shares: its props, the required mark, the counter, the error line, the labelled single control. */
import type { ReactNode } from 'react';
import type { FieldValue, FormField } from '../../../forms/validate';

export interface FieldProps {
  field: FormField;
  /** The control's element id: the form's id and the field's. */
  id: string;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}

export const errorIdOf = (id: string) => `${id}-error`;
export const textOf = (value: FieldValue | undefined) => (typeof value === 'string' ? value : '');
export const listOf = (value: FieldValue | undefined) => (Array.isArray(value) ? value : []);

/** The attributes a single control takes from its field's state. */
export function controlAttributes({ id, error, field }: FieldProps) {
  const invalid = error !== undefined;
  return {
    'aria-invalid': invalid,
    'aria-describedby': invalid ? errorIdOf(id) : undefined,
    required: field.required === true,
  };
}

export function RequiredMark({ field }: { field: FormField }) {
  return field.required === true ? <span aria-hidden="true"> *</span> : null;
}

/** The live 'count / max' counter, flagged when over (only when max is above 0). */
export function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return max > 0 ? (
    <p id={id} className={`FormField-count${length > max ? ' error' : ''}`}>
      {`${length} / ${max}`}
    </p>
  ) : null;
}

export function Problem({ id, message }: { id: string; message: string | undefined }) {
  return message === undefined ? null : (
    <p id={id} className="FormField-error" role="alert">
      {message}
    </p>
  );
}

/** One control with its label above and its counter and error below. */
export function LabelledControl({ field, id, value, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="FormField">
      <label htmlFor={id}>
        {field.title}
        <RequiredMark field={field} />
      </label>
      {children}
      <Counter id={`${id}-count`} length={textOf(value).length} max={field.maxLength ?? 0} />
      <Problem id={errorIdOf(id)} message={error} />
    </div>
  );
}

/** A group of controls under the field's title (choices, likert statements, the parts of a name or an address). */
export function FieldGroup({
  field,
  id,
  error,
  className,
  children,
}: FieldProps & { className: string; children: ReactNode }) {
  return (
    <fieldset className={className} aria-describedby={error !== undefined ? errorIdOf(id) : undefined}>
      <legend>
        {field.title}
        <RequiredMark field={field} />
      </legend>
      {children}
      <Problem id={errorIdOf(id)} message={error} />
    </fieldset>
  );
}
