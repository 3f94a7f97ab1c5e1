/** A labelled password field with its rule as a hint and its error tied to it (sign-up and new password). */
import { MIN_PASSWORD_LENGTH } from '../../accounts/password-rules';
import { fill } from '../../commerce/storefront-text';
import { fieldValue } from '../field-value';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** The rule as the page's language says it ('At least {count} characters. …'). */
  hint: string;
}

export default function PasswordField({ id, label, value, error, onChange, hint }: PasswordFieldProps) {
  return (
    <div className="FormField">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        minLength={MIN_PASSWORD_LENGTH}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-hint${error === undefined ? '' : ` ${id}-error`}`}
        onChange={(e) => onChange(fieldValue(e))}
      />
      <p id={`${id}-hint`} className="FormField-hint">
        {fill(hint, { count: MIN_PASSWORD_LENGTH })}
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} className="FormField-error">
          {error}
        </p>
      )}
    </div>
  );
}
