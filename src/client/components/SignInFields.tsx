/** The email and password fields of a sign-in form and its submit logic (visitor account and merchant console). */
import { useState, type FormEvent } from 'react';
import { SESSION_MESSAGES } from '../../accounts/messages';
import { responseFailure } from '../api';
import { fieldValue } from '../field-value';

/**
 * A sign-in form's state: `send` posts the credentials; on success the password is cleared and
 * `onSignedIn` runs with the answer, on failure `error` holds what to show.
 */
export function useSignIn<R extends Response>(
  send: (email: string, password: string) => Promise<R>,
  onSignedIn: (signedIn: R) => Promise<void>,
) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const res = await send(email, password).catch(() => null);
    setBusy(false);
    if (res?.ok !== true)
      return setError(
        res === null ? SESSION_MESSAGES.signInFailed : await responseFailure(res, SESSION_MESSAGES.signInFailed),
      );
    setPassword('');
    await onSignedIn(res);
  };
  return { email, password, setEmail, setPassword, busy, error, submit };
}

export interface SignInFieldsProps {
  idPrefix: string;
  email: string;
  password: string;
  onEmail: (email: string) => void;
  onPassword: (password: string) => void;
  /** The labels in the page's language (the storefront's account page); the console's are English. */
  labels?: { email: string; password: string };
}

export default function SignInFields({
  idPrefix,
  email,
  password,
  onEmail,
  onPassword,
  labels = { email: 'Email', password: 'Password' },
}: SignInFieldsProps) {
  return (
    <>
      <div className="FormField">
        <label htmlFor={`${idPrefix}-email`}>{labels.email}</label>
        <input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => onEmail(fieldValue(e))}
        />
      </div>
      <div className="FormField">
        <label htmlFor={`${idPrefix}-password`}>{labels.password}</label>
        <input
          id={`${idPrefix}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(fieldValue(e))}
        />
      </div>
    </>
  );
}
