/** A labelled password field with its rule as a hint and its error tied to it (sign-up and new password). */
import { MIN_PASSWORD_LENGTH } from '../../accounts/password-rules';
import { fieldValue } from '../field-value';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export default function PasswordField({ id, label, value, error, onChange }: PasswordFieldProps) {
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
        At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} className="FormField-error">
          {error}
        </p>
      )}
    </div>
  );
}
