/**
 * One labelled form field: the label, an optional description, the control and its error, with the
 * control pointed at the description and the error (`aria-describedby`) and marked invalid while the
 * error shows. The control comes from `children`, given the attributes to spread on it.
 */
import type { ReactNode } from 'react';
import { FieldError } from './FieldError';
import type { SaveState } from './SaveStatus';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  id,
  label,
  description,
  error,
  className,
  announce = false,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  /** Read the error out when it appears (an error after an action; see `FieldError`). */
  announce?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hasError = error !== undefined && error !== '';
  const describedBy = [description === undefined ? null : `${id}-description`, hasError ? `${id}-error` : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={className === undefined ? 'Field' : `Field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(describedBy === '' ? {} : { 'aria-describedby': describedBy }),
        ...(hasError ? { 'aria-invalid': true } : {}),
      })}
      {description !== undefined && (
        <p id={`${id}-description`} className="Field-hint">
          {description}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} announce={announce} />
    </div>
  );
}

/** A save's message for the field at `path` ('address.countryCode'): its `fields` entry, or the API's 'path: message'. */
export function savedFieldError(state: SaveState, path: string): string | undefined {
  if (state.status !== 'error') return undefined;
  if (state.fields?.[path] !== undefined) return state.fields[path];
  const match = /^([\w.]+): (.+)$/.exec(state.message);
  return match?.[1] === path ? match[2] : undefined;
}
